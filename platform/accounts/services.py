from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from rest_framework.authtoken.models import Token

from accounts.models import TokenExpiry, User
from config.locks import for_update
from wallet.services import wallet_grant_signup


@transaction.atomic
def user_create(
    *, username: str, password: str, display_name: str = "", language: str = "en", email: str = ""
) -> User:
    """A new player with their sign-up coins."""
    user = User.objects.create_user(
        username=username,
        password=password,
        email=email,
        display_name=display_name,
        language=language,
    )
    wallet_grant_signup(user=user)
    return user


def user_update_profile(*, user: User, display_name: str, language: str) -> User:
    user.display_name = display_name
    user.language = language
    user.full_clean(exclude=["password"])
    user.save(update_fields=["display_name", "language"])
    return user


# --- API tokens (one per user; docs/api.md) ---------------------------------------------------
TOKEN_MIN_SECONDS = 60
TOKEN_MAX_SECONDS = 365 * 24 * 3600


def _set_expiry(token, expires_in: int | None) -> None:
    if expires_in is None:
        return
    TokenExpiry.objects.update_or_create(
        token=token, defaults={"expires_at": timezone.now() + timedelta(seconds=expires_in)}
    )


def _expired(token) -> bool:
    expiry = getattr(token, "expiry", None)
    return expiry is not None and expiry.expires_at <= timezone.now()


@transaction.atomic
def token_obtain(*, user: User, expires_in: int | None = None):
    """The user's API token, created if missing or expired. With ``expires_in`` (seconds) its
    expiry becomes now + expires_in; without, it keeps the expiry it has (a new token: none)."""
    for_update(User.objects.filter(pk=user.pk)).first()  # one writer per user's token
    token = Token.objects.select_related("expiry").filter(user=user).first()
    if token is not None and _expired(token):
        token.delete()
        token = None
    if token is None:
        token = Token.objects.create(user=user)
    _set_expiry(token, expires_in)
    return Token.objects.select_related("expiry").get(pk=token.pk)


@transaction.atomic
def token_rotate(*, user: User, expires_in: int | None = None):
    """Replace the user's token by a new key (the old key stops working at once). The new token
    keeps the old one's expiry unless ``expires_in`` sets a new one."""
    for_update(User.objects.filter(pk=user.pk)).first()
    old = Token.objects.select_related("expiry").filter(user=user).first()
    old_expiry = getattr(old, "expiry", None) if old is not None else None
    expires_at = old_expiry.expires_at if old_expiry is not None else None
    if old is not None:
        old.delete()
    token = Token.objects.create(user=user)
    if expires_in is not None:
        _set_expiry(token, expires_in)
    elif expires_at is not None:
        TokenExpiry.objects.create(token=token, expires_at=expires_at)
    return Token.objects.select_related("expiry").get(pk=token.pk)


def token_revoke(*, user: User) -> bool:
    """Delete the user's API token; True if there was one."""
    deleted, _ = Token.objects.filter(user=user).delete()
    return bool(deleted)
