from django.urls import path

from accounts.apis import MeApi, TokenObtainApi

urlpatterns = [
    path("auth/token/", TokenObtainApi.as_view(), name="api-token"),
    path("me", MeApi.as_view(), name="api-me"),
]
