from __future__ import annotations

from django.contrib.auth import authenticate
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import Throttled, ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import Language
from accounts.throttling import (
    client_ip,
    login_failure_record,
    login_failures_reset,
    login_is_throttled,
    throttle_message,
)


class TokenObtainApi(APIView):
    """Exchange a username and password for an API token (header `Authorization: Token <key>`)."""

    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema_serializer(component_name="TokenObtainInput")
    class InputSerializer(serializers.Serializer):
        username = serializers.CharField()
        password = serializers.CharField(style={"input_type": "password"}, trim_whitespace=False)

    @extend_schema_serializer(component_name="Token")
    class OutputSerializer(serializers.Serializer):
        token = serializers.CharField()

    @extend_schema(request=InputSerializer, responses={200: OutputSerializer}, auth=[])
    def post(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        username = data.validated_data["username"]
        ip = client_ip(request)
        if login_is_throttled(username=username, ip=ip):
            raise Throttled(detail=throttle_message())
        user = authenticate(request, username=username, password=data.validated_data["password"])
        if user is None:
            login_failure_record(username=username, ip=ip)
            # 400 like DRF's own obtain_auth_token: this endpoint has no auth scheme to answer 401 with.
            raise ValidationError("Wrong username or password.")
        login_failures_reset(username=username, ip=ip)
        token, _ = Token.objects.get_or_create(user=user)
        return Response(self.OutputSerializer({"token": token.key}).data, status=status.HTTP_200_OK)


class MeApi(APIView):
    @extend_schema_serializer(component_name="Me")
    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        username = serializers.CharField()
        display_name = serializers.CharField()
        language = serializers.ChoiceField(choices=Language.choices)

    @extend_schema(responses={200: OutputSerializer})
    def get(self, request):
        return Response(self.OutputSerializer(request.user).data)
