from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from accounts.views import home
from config.api import api_not_found

urlpatterns = [
    path("", home, name="home"),
    path("accounts/", include("accounts.urls")),
    path("wallet/", include("wallet.urls")),
    path("props/", include("props.urls")),  # the profile's buy buttons (platform/props)
    path("", include("games.urls")),  # lobby, tables, fairness (games app)
    path("ratings/", include("ratings.urls")),  # ladders, profiles, history, replays
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/v1/", include("config.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="swagger-ui"),
    # Last: anything else under /api/ is a JSON 404, never an HTML page.
    re_path(r"^api/", api_not_found),
]
