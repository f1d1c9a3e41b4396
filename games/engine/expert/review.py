"""Hand review: replay a finished hand and rank the options of every decision of one seat.

``review_hand(record, seat)`` takes the hand record exactly as ``games.engine.replay`` does and,
at each of the seat's decisions with more than one legal option, lists the expert's ranked
options (games.engine.expert.rank), the seat's choice, whether it matched the expert's first
option and what it cost by the expert's estimate (docs/engine-expert.md).
"""

from __future__ import annotations

from typing import Any

from games.engine import escape, new_hand
from games.engine.actions import PROP, Action
from games.engine.core import apply, legal_actions
from games.engine.expert.rank import rank_options
from games.engine.state import HandState


def _round(x: float) -> float:
    return round(x, 2) + 0.0  # + 0.0: never a "-0.0" in the JSON


def _decision(state: HandState, seat: int, index: int, act: Action, top: int) -> dict[str, Any]:
    ranked = rank_options(state, seat)
    chosen_value = next((r.value for r in ranked if r.action == act), ranked[-1].value)
    best = ranked[0].value
    return {
        "index": index,
        "phase": state.phase,
        "options": [
            {"action": r.action.to_json(), "value": _round(r.value), "reason": r.reason}
            for r in ranked[:top]
        ],
        "chosen": act.to_json(),
        "chosen_value": _round(chosen_value),
        "matched": ranked[0].action == act,
        "loss": _round(max(0.0, best - chosen_value)),
    }


def review_hand(record: dict[str, Any], seat: int, *, top: int = 5) -> dict[str, Any]:
    """The expert's review of ``seat``'s decisions in a recorded hand (JSON-ready).

    Raises IllegalActionError / EngineError when the record does not replay.
    """
    state, _events = new_hand(
        record["variant"],
        record.get("options"),
        dealer=record.get("dealer"),
        seed=record.get("seed"),
        wall=record.get("wall"),
        carry=record.get("carry"),
        props=record.get("props"),
        before_deal=record.get("before_deal"),
    )
    decisions: list[dict[str, Any]] = []
    for index, raw in enumerate(record.get("actions") or []):
        if isinstance(raw, dict) and raw.get("type") == "escape":
            state, _ev = escape(state, raw.get("seat"))  # type: ignore[arg-type]
            continue
        act = raw if isinstance(raw, Action) else Action.from_json(raw)
        if act.seat == seat and act.type != PROP:
            options = [a for a in legal_actions(state, seat) if a.type != PROP]
            if len(options) > 1 and act in options:
                decisions.append(_decision(state, seat, index, act, max(1, top)))
        state, _ev = apply(state, act)
    costly = sorted((d for d in decisions if d["loss"] > 0), key=lambda d: (-d["loss"], d["index"]))
    return {
        "seat": seat,
        "variant": record["variant"],
        "decisions": decisions,
        "summary": {
            "decisions": len(decisions),
            "matched": sum(1 for d in decisions if d["matched"]),
            "costliest": [d["index"] for d in costly[:3]],
        },
    }
