"""REST: the props shop. GET /api/v1/props, POST /api/v1/props/buy, POST /api/v1/props/qiankun."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response

from config.api import ApiView
from props.errors import PropError
from props.models import PropKey
from props.selectors import props_held, props_shop
from props.services import MAX_QUANTITY, prop_arm_qiankun, prop_buy
from wallet.errors import InsufficientFunds
from wallet.selectors import wallet_balance


class StrictCharField(serializers.CharField):
    """A string, and only a string: DRF's CharField would take 12 as "12", which the schema
    (type: string) does not allow."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    """true or false, and only those: DRF's BooleanField would take 0, 1, "yes" and "on"."""

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class PaymentRequired(exceptions.APIException):
    status_code = status.HTTP_402_PAYMENT_REQUIRED
    default_detail = "Not enough coins."
    default_code = "insufficient_funds"


@extend_schema_serializer(component_name="ShopProp")
class PropOutputSerializer(serializers.Serializer):
    key = serializers.ChoiceField(choices=PropKey.choices)
    name = serializers.CharField()
    price = serializers.IntegerField()
    available = serializers.BooleanField()
    held = serializers.IntegerField()
    armed = serializers.BooleanField(help_text="qiankun only: to be used at the next deal")


class PropListApi(ApiView):
    """Every prop with its price, and what the signed-in user holds."""

    @extend_schema_serializer(component_name="PropShop")
    class OutputSerializer(serializers.Serializer):
        balance = serializers.IntegerField()
        props = PropOutputSerializer(many=True)

    @extend_schema(responses={200: OutputSerializer})
    def get(self, request):
        data = {"balance": wallet_balance(request.user), "props": props_shop(user=request.user)}
        return Response(self.OutputSerializer(data).data)


class PropBuyApi(ApiView):
    """Buy props with coins. Send a fresh ``idempotency_key`` per purchase (or the
    ``Idempotency-Key`` header): a retry with the same key buys nothing more. 402 when the
    balance cannot pay."""

    error_statuses = (402,)

    @extend_schema_serializer(component_name="PropBuyRequest")
    class InputSerializer(serializers.Serializer):
        key = serializers.ChoiceField(choices=PropKey.choices)
        quantity = serializers.IntegerField(min_value=1, max_value=MAX_QUANTITY, default=1)
        idempotency_key = StrictCharField(min_length=1, max_length=100, required=False)

    @extend_schema_serializer(component_name="PropPurchase")
    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        key = serializers.CharField()
        quantity = serializers.IntegerField()
        total = serializers.IntegerField()
        held = serializers.IntegerField()
        balance = serializers.IntegerField()

    @extend_schema(request=InputSerializer, responses={201: OutputSerializer})
    def post(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        idem = data.validated_data.get("idempotency_key") or request.headers.get("Idempotency-Key")
        if not idem:
            raise exceptions.ValidationError({"idempotency_key": ["This field is required."]})
        try:
            purchase = prop_buy(
                user=request.user,
                key=data.validated_data["key"],
                quantity=data.validated_data["quantity"],
                idempotency_key=idem,
            )
        except InsufficientFunds as exc:
            raise PaymentRequired(str(exc)) from exc
        except PropError as exc:
            raise exceptions.ValidationError({"key": [str(exc)]}) from exc
        out = {
            "id": purchase.pk,
            "key": purchase.prop.key,
            "quantity": purchase.quantity,
            "total": purchase.total,
            "held": props_held(user=request.user).get(purchase.prop.key, 0),
            "balance": wallet_balance(request.user),
        }
        return Response(self.OutputSerializer(out).data, status=status.HTTP_201_CREATED)


class PropQiankunApi(ApiView):
    """Use (or stop using) 乾坤大挪移 at the next deal of a room with props."""

    @extend_schema_serializer(component_name="PropQiankun")
    class InputSerializer(serializers.Serializer):
        armed = StrictBooleanField()

    @extend_schema(request=InputSerializer, responses={200: InputSerializer})
    def post(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            stock = prop_arm_qiankun(user=request.user, armed=data.validated_data["armed"])
        except PropError as exc:
            raise exceptions.ValidationError({"armed": [str(exc)]}) from exc
        return Response({"armed": stock.armed})
