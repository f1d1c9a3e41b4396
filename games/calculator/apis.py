"""POST /api/v1/calculator/: the hand calculator of CASES.md over HTTP."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle
from rest_framework.views import APIView

from games.calculator.validation import check_case_tiles
from games.engine.calc import CALC_VARIANTS, CASE_KINDS, calc_case
from games.engine.errors import InvalidCaseError

MAX_CASES = 100


class CalculatorThrottle(AnonRateThrottle):
    rate = "120/min"


class CalculatorApi(APIView):
    """Evaluate hand-calculator cases (win, waits, score, settle) exactly as `python -m games.engine calc`."""

    permission_classes = [AllowAny]
    throttle_classes = [CalculatorThrottle]

    class InputSerializer(serializers.Serializer):
        variant = serializers.ChoiceField(
            choices=CALC_VARIANTS,
            error_messages={
                "invalid_choice": "Unknown variant {input!r}; use one of "
                + ", ".join(CALC_VARIANTS)
                + "."
            },
        )
        case = serializers.DictField(required=False, help_text="One case (CASES.md).")
        cases = serializers.ListField(
            child=serializers.DictField(),
            required=False,
            max_length=MAX_CASES,
            help_text="Several cases.",
        )

        def validate(self, attrs):
            if ("case" in attrs) == ("cases" in attrs):
                raise ValidationError("Send exactly one of 'case' (an object) or 'cases' (a list).")
            return attrs

    class ResultSerializer(serializers.Serializer):
        id = serializers.JSONField(allow_null=True)
        result = serializers.JSONField()

    class OutputSerializer(serializers.Serializer):
        results = serializers.ListField(child=serializers.DictField())

    @extend_schema(
        request=InputSerializer,
        responses={200: OutputSerializer},
        examples=[
            OpenApiExample(
                "Sichuan win",
                value={
                    "variant": "sichuan",
                    "case": {
                        "id": "1",
                        "kind": "win",
                        "concealed": "234567m33456789p",
                        "melds": [],
                        "context": {"missing_suit": "s"},
                    },
                },
                request_only=True,
            )
        ],
    )
    def post(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        variant = data.validated_data["variant"]
        single = "case" in data.validated_data
        cases = [data.validated_data["case"]] if single else data.validated_data["cases"]
        results = []
        for index, case in enumerate(cases):
            where = "case" if single else f"cases[{index}]"
            if case.get("kind") not in CASE_KINDS:
                raise ValidationError({where: f"kind must be one of {', '.join(CASE_KINDS)}"})
            try:
                check_case_tiles(variant, case)
            except InvalidCaseError as exc:
                raise ValidationError({where: str(exc)}) from exc
            out = calc_case(variant, case)
            if "error" in out:
                raise ValidationError({where: out["error"]})
            results.append(out)
        return Response({"results": results})
