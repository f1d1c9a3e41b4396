"""The hand calculator (shared/rules/CASES.md): one JSON file of cases in, one JSON object out.

Each variant package ``games.engine.variants.<key>`` has a ``calc`` module with
``calc_case(case) -> result``. This module only dispatches, turns per-case failures into error
entries (a bad case never stops the run, CASES.md §1.3) and implements the command line.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Callable
from typing import Any

from games.engine.errors import EngineError, InvalidCaseError, UnknownVariantError

CALC_VARIANTS = ("sichuan", "shaanxi", "wuhan", "yiwu", "fuzhou")
CASE_KINDS = ("win", "waits", "score", "settle")

CaseFn = Callable[[dict[str, Any]], Any]


def case_function(variant: str) -> CaseFn:
    """The ``calc_case`` of a variant; UnknownVariantError for anything else."""
    if variant not in CALC_VARIANTS:
        raise UnknownVariantError(
            f"unknown variant {variant!r}; expected one of {', '.join(CALC_VARIANTS)}"
        )
    module = importlib.import_module(f"games.engine.variants.{variant}.calc")
    fn: CaseFn = module.calc_case
    return fn


def calc_case(variant: str, case: Any) -> dict[str, Any]:
    """Evaluate one case into ``{"id", "result"}`` or ``{"id", "error"}``. ``case`` is whatever
    a file or a request held (typed Any: the compiled engine would refuse a non-dict with a
    TypeError before the check below could say so)."""
    fn = case_function(variant)
    case_id = case.get("id") if isinstance(case, dict) else None
    try:
        if not isinstance(case, dict):
            raise InvalidCaseError("a case must be a JSON object")
        if case.get("kind") not in CASE_KINDS:
            raise InvalidCaseError(
                f"unknown kind {case.get('kind')!r}; expected one of {', '.join(CASE_KINDS)}"
            )
        case = {k: v for k, v in case.items() if k not in ("expect", "why")}
        return {"id": case_id, "result": fn(case)}
    except (EngineError, KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        return {"id": case_id, "error": _message(exc)}


def _message(exc: Exception) -> str:
    if isinstance(exc, KeyError) and not isinstance(exc, EngineError):
        return f"missing or invalid field {exc.args[0]!r}" if exc.args else "missing field"
    return str(exc) or type(exc).__name__


def calc_file(data: Any) -> dict[str, Any]:
    """Evaluate a whole case file (already parsed). Raises InvalidCaseError if the file is unusable."""
    if not isinstance(data, dict) or not isinstance(data.get("cases"), list):
        raise InvalidCaseError("the file must be an object with a 'cases' list")
    variant = data.get("variant")
    if not isinstance(variant, str):
        raise UnknownVariantError(
            f"the file must name a variant, one of {', '.join(CALC_VARIANTS)}"
        )
    case_function(variant)  # an unknown variant makes the whole file unusable
    return {"results": [calc_case(variant, case) for case in data["cases"]]}


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m games.engine calc FILE.json", file=sys.stderr)
        return 2
    try:
        with open(args[0], encoding="utf-8") as fh:
            data = json.load(fh)
        out = calc_file(data)
    except (OSError, ValueError, EngineError) as exc:
        print(f"calc: {exc}", file=sys.stderr)
        return 1
    json.dump(out, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0
