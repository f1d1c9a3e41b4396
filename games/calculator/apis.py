"""POST /api/v1/calculator: the hand calculator of CASES.md over HTTP, exactly as
`python -m games.engine calc`: a 400 only when the body itself is unusable, otherwise one
`{"id", "result"}` or `{"id", "error"}` per case (CASES.md §1.2-1.3)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from drf_spectacular.utils import OpenApiExample, extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle

from config.api import ApiView
from config.throttles import UserThrottle
from games.calculator.messages import plain_message
from games.engine.calc import CALC_VARIANTS, calc_case

MAX_CASES = 100


class CalculatorThrottle(AnonRateThrottle):
    rate = "120/min"


@extend_schema_serializer(component_name="CalculatorInput")
class InputSerializer(serializers.Serializer):
    variant = serializers.ChoiceField(
        choices=CALC_VARIANTS,
        error_messages={
            "invalid_choice": 'Unknown variant "{input}"; use one of '
            + ", ".join(CALC_VARIANTS)
            + "."
        },
    )
    cases = serializers.ListField(
        child=serializers.JSONField(allow_null=True),  # a null case gets its own error
        max_length=MAX_CASES,
        allow_empty=True,
        help_text=(
            f"Up to {MAX_CASES} cases of CASES.md: objects with a string `id` (unique in the "
            "batch), a `kind` (win, waits, score, settle) and the fields of the kind and variant. "
            "A case that is not valid input gets its own `error`; the other cases still run."
        ),
    )


@extend_schema_serializer(component_name="CalculatorResult")
class ResultSerializer(serializers.Serializer):
    id = serializers.JSONField(
        allow_null=True, help_text="The case's `id`, copied unchanged (a string if it was valid)."
    )
    result = serializers.JSONField(
        required=False,
        help_text="win: boolean; waits: list of tiles; score, settle: object (CASES.md).",
    )
    error = serializers.CharField(
        required=False, help_text="Why the case is not valid input (instead of `result`)."
    )


@extend_schema_serializer(component_name="CalculatorOutput")
class OutputSerializer(serializers.Serializer):
    results = ResultSerializer(many=True, help_text="One entry per case, in input order.")


class CalculatorApi(ApiView):
    """Evaluate hand-calculator cases (win, waits, score, settle) exactly as
    `python -m games.engine calc` (CASES.md): each case gets exactly one of `result` and `error`.

    An impossible hand (a fifth copy, a wrong tile count) is not an error: `win` answers `false`.
    HTTP 400 only when the body itself is unusable: not a JSON object, no `cases` list, an unknown
    `variant` or more than 100 cases."""

    permission_classes = [AllowAny]
    throttle_classes = [CalculatorThrottle, UserThrottle]

    @extend_schema(
        request=InputSerializer,
        responses={200: OutputSerializer},
        examples=[
            OpenApiExample(
                "Sichuan win",
                value={
                    "variant": "sichuan",
                    "cases": [
                        {
                            "id": "1",
                            "kind": "win",
                            "concealed": "234567m33456789p",
                            "melds": [],
                            "context": {"missing_suit": "s"},
                        }
                    ],
                },
                request_only=True,
            ),
            OpenApiExample(
                "Results",
                value={"results": [{"id": "1", "result": True}]},
                response_only=True,
            ),
        ],
    )
    def post(self, request):
        data = InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        variant = data.validated_data["variant"]
        cases = data.validated_data["cases"]
        return Response({"results": calculator_run(variant, cases)})


def calculator_run(variant: str, cases: list[Any]) -> list[dict[str, Any]]:
    """One result or error entry per case, in order (the id checks first, then the engine)."""
    ids = Counter(
        c.get("id") for c in cases if isinstance(c, dict) and isinstance(c.get("id"), str)
    )
    out = []
    for case in cases:
        problem = _id_problem(case, ids)
        if problem:
            out.append({"id": case.get("id"), "error": problem})
            continue
        entry = calc_case(variant, case)
        if "error" in entry:
            entry["error"] = plain_message(entry["error"])
        out.append(entry)
    return out


def _id_problem(case: Any, ids: Counter) -> str | None:
    if not isinstance(case, dict):
        return None  # the engine's own error: "a case must be a JSON object"
    case_id = case.get("id")
    if not isinstance(case_id, str):
        return "id: a string is required (unique in the batch)"
    if ids[case_id] > 1:
        return f'id: "{case_id}" is used by {ids[case_id]} cases of the batch; ids must be unique'
    return None
