from __future__ import annotations

from django.db import transaction

from accounts.models import User
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
