"""REST API v1: each app contributes its own api_urls."""

from django.urls import include, path

urlpatterns = [
    path("", include("accounts.api_urls")),
    path("", include("wallet.api_urls")),
    path("", include("rooms.api_urls")),
    path("", include("props.api_urls")),
    path("", include("games.calculator.urls")),
    path("", include("ratings.api_urls")),
]
