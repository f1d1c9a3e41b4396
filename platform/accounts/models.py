from __future__ import annotations

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _


class Language(models.TextChoices):
    EN = "en", "English"
    ZH_HANS = "zh-hans", "简体中文"


class User(AbstractUser):
    """The site's user. Custom from the first migration so fields can be added later."""

    display_name = models.CharField(_("display name"), max_length=40, blank=True)
    language = models.CharField(
        _("language"), max_length=10, choices=Language.choices, default=Language.EN
    )

    @property
    def shown_name(self) -> str:
        return self.display_name or self.username


class TokenExpiry(models.Model):
    """The optional expiry of an API token (DRF's Token has none). No row = no expiry.

    Rotating or revoking deletes the Token, and this row with it."""

    token = models.OneToOneField(
        "authtoken.Token", on_delete=models.CASCADE, primary_key=True, related_name="expiry"
    )
    expires_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"token of user {self.token.user_id} expires {self.expires_at:%Y-%m-%d %H:%M}"
