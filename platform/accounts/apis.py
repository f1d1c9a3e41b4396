from __future__ import annotations

from django.contrib.auth import authenticate
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.exceptions import Throttled, ValidationError
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response

from accounts.models import Language
from accounts.services import (
    TOKEN_MAX_SECONDS,
    TOKEN_MIN_SECONDS,
    token_obtain,
    token_revoke,
    token_rotate,
)
from accounts.throttling import (
    client_ip,
    login_attempt_begin,
    login_failures_reset,
    throttle_message,
    throttle_wait_seconds,
)
from config.api import ApiView


def _expires_in_field():
    return serializers.IntegerField(
        required=False,
        min_value=TOKEN_MIN_SECONDS,
        max_value=TOKEN_MAX_SECONDS,
        help_text="Optional lifetime in seconds from now; without it the token keeps its expiry "
        "(a new token: none).",
    )


@extend_schema_serializer(component_name="Token")
class TokenOutputSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="Send as `Authorization: Token <token>`.")
    expires_at = serializers.DateTimeField(allow_null=True, help_text="null = never expires.")


def _token_data(token) -> dict:
    expiry = getattr(token, "expiry", None)
    return TokenOutputSerializer(
        {"token": token.key, "expires_at": expiry.expires_at if expiry else None}
    ).data


class TokenObtainApi(ApiView):
    """`POST`: exchange a username and password for the user's API token (header
    `Authorization: Token <key>`). `DELETE`: revoke it (log out every client using it)."""

    @extend_schema_serializer(component_name="TokenObtainInput")
    class InputSerializer(serializers.Serializer):
        username = serializers.CharField()
        password = serializers.CharField(style={"input_type": "password"}, trim_whitespace=False)
        expires_in = _expires_in_field()

    def initialize_request(self, request, *args, **kwargs):
        self._http_method = request.method
        return super().initialize_request(request, *args, **kwargs)

    def get_authenticators(self):
        # Log-in needs no credentials (and a stale token header must not make it a 401).
        method = getattr(self, "_http_method", None) or getattr(
            getattr(self, "request", None), "method", None
        )
        return [] if method == "POST" else super().get_authenticators()

    def get_permissions(self):
        method = getattr(getattr(self, "request", None), "method", None)
        return [AllowAny()] if method == "POST" else [IsAuthenticated()]

    @extend_schema(request=InputSerializer, responses={200: TokenOutputSerializer}, auth=[])
    def post(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        username = data.validated_data["username"]
        ip = client_ip(request)
        # Counted before the password is checked, atomically: at most LOGIN_FAILURE_LIMIT
        # guesses are checked even when they arrive at once.
        if not login_attempt_begin(username=username, ip=ip):
            raise Throttled(wait=throttle_wait_seconds(), detail=throttle_message())
        user = authenticate(request, username=username, password=data.validated_data["password"])
        if user is None:
            # 400 like DRF's own obtain_auth_token: this endpoint has no auth scheme to answer 401 with.
            raise ValidationError("Wrong username or password.")
        login_failures_reset(username=username, ip=ip)
        token = token_obtain(user=user, expires_in=data.validated_data.get("expires_in"))
        return Response(_token_data(token), status=status.HTTP_200_OK)

    @extend_schema(
        request=None,
        responses={204: OpenApiResponse(description="Revoked (also when there was no token).")},
    )
    def delete(self, request):
        token_revoke(user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TokenRotateApi(ApiView):
    """Replace the user's API token with a new key; the old key stops working at once."""

    @extend_schema_serializer(component_name="TokenRotateInput")
    class InputSerializer(serializers.Serializer):
        expires_in = _expires_in_field()

    @extend_schema(request=InputSerializer, responses={200: TokenOutputSerializer})
    def post(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        token = token_rotate(user=request.user, expires_in=data.validated_data.get("expires_in"))
        return Response(_token_data(token))


class MeApi(ApiView):
    @extend_schema_serializer(component_name="Me")
    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        username = serializers.CharField()
        display_name = serializers.CharField()
        language = serializers.ChoiceField(choices=Language.choices)

    @extend_schema(responses={200: OutputSerializer})
    def get(self, request):
        return Response(self.OutputSerializer(request.user).data)
