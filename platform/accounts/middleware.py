from __future__ import annotations

from django.utils import translation


class UserLanguageMiddleware:
    """Activate the signed-in user's profile language (after LocaleMiddleware and auth)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and user.language:
            translation.activate(user.language)
            request.LANGUAGE_CODE = translation.get_language()
        response = self.get_response(request)
        if user is not None and user.is_authenticated and user.language:
            response.headers.setdefault("Content-Language", user.language)
        return response
