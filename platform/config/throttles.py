"""The API's default throttle (kept apart from config/api.py: DRF's settings import it while
rest_framework.views, which config/api.py imports, is still loading)."""

from __future__ import annotations

from django.conf import settings
from rest_framework.throttling import UserRateThrottle


class UserThrottle(UserRateThrottle):
    """Per-user rate for authenticated clients (per address for anonymous ones), from
    settings.API_USER_RATE / API_ANON_RATE, read at each request so tests and operators can change
    it. The 429 carries Retry-After."""

    def get_rate(self):
        user_rate = getattr(settings, "API_USER_RATE", "600/min")
        return user_rate if self.scope == "user" else getattr(settings, "API_ANON_RATE", "120/min")

    def allow_request(self, request, view):
        self.scope = "user" if request.user and request.user.is_authenticated else "anon"
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request, view)
