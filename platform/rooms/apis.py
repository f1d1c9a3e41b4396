from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.response import Response

from config.api import ApiView
from rooms.models import BotKind, Variant
from rooms.selectors import room_get, room_list


@extend_schema_serializer(component_name="Room")
class RoomOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    variant = serializers.ChoiceField(choices=Variant.choices)
    options = serializers.DictField(child=serializers.JSONField())
    base_points = serializers.IntegerField()
    coefficient = serializers.IntegerField(help_text="Room coefficient N: coins per point.")
    rake = serializers.IntegerField(help_text="House rake A per seated player per hand.")
    min_balance = serializers.IntegerField()
    props_enabled = serializers.BooleanField()
    bot_kind = serializers.ChoiceField(
        choices=BotKind.choices,
        help_text="How the room's bots play (they fill empty seats and stand in for away players).",
    )
    practice = serializers.BooleanField(
        help_text='A practice room: players may ask for live hints at the table ({"type": "hint"}).'
    )


class RoomListApi(ApiView):
    @extend_schema_serializer(component_name="RoomListFilter")
    class FilterSerializer(serializers.Serializer):
        variant = serializers.ChoiceField(
            choices=Variant.choices,
            required=False,
            error_messages={
                "invalid_choice": 'Unknown variant "{input}"; use one of '
                + ", ".join(Variant.values)
                + "."
            },
        )

    OutputSerializer = RoomOutputSerializer

    @extend_schema(
        parameters=[OpenApiParameter("variant", enum=Variant.values, required=False)],
        responses={200: RoomOutputSerializer(many=True)},
    )
    def get(self, request):
        filters = self.FilterSerializer(data=request.query_params.dict())
        filters.is_valid(raise_exception=True)
        rooms = room_list(variant=filters.validated_data.get("variant"))
        return Response(self.OutputSerializer(rooms, many=True).data)


class RoomDetailApi(ApiView):
    OutputSerializer = RoomOutputSerializer

    @extend_schema(responses={200: RoomOutputSerializer})
    def get(self, request, room_id: int):
        return Response(self.OutputSerializer(room_get(room_id)).data)
