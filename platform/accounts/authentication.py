"""Token authentication with the optional expiry of accounts.models.TokenExpiry."""

from __future__ import annotations

from django.utils import timezone
from rest_framework.authentication import TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed


class ExpiringTokenAuthentication(TokenAuthentication):
    """DRF's `Authorization: Token <key>`, refused (401) once the token's expiry has passed."""

    def authenticate_credentials(self, key):
        user, token = super().authenticate_credentials(key)
        expiry = getattr(token, "expiry", None)  # None when the token has no TokenExpiry row
        if expiry is not None and expiry.expires_at <= timezone.now():
            raise AuthenticationFailed("Token has expired; obtain a new one.")
        return user, token
