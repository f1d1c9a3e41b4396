from django.urls import path

from accounts.apis import MeApi, TokenObtainApi, TokenRotateApi

urlpatterns = [
    path("auth/token", TokenObtainApi.as_view(), name="api-token"),
    path("auth/token/rotate", TokenRotateApi.as_view(), name="api-token-rotate"),
    path("me", MeApi.as_view(), name="api-me"),
]
