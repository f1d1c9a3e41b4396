"""Scenario / match-history files (docs/scenarios.md): load, play, check expectations.

``python -m games.engine replay FILE.json`` prints every event (one JSON line each), then the
result and the point deltas. An illegal action stops it with the error and exit status 1; an
unmet ``expect`` gives exit status 2.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from games.engine.actions import Action
from games.engine.errors import EngineError
from games.engine.state import HandState

SCENARIO_VERSION = 1


def load_scenario(path: str) -> dict[str, Any]:
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    if not isinstance(data, dict) or "variant" not in data or "actions" not in data:
        raise EngineError(f"{path}: a scenario needs at least 'variant' and 'actions'")
    return data


def run_scenario(data: dict[str, Any]) -> tuple[HandState, list[dict[str, Any]]]:
    """Replay a scenario; raises IllegalActionError (with the action's index) on an illegal step."""
    from games.engine import escape, new_hand
    from games.engine.core import apply

    state, events = new_hand(
        data["variant"],
        data.get("options") or {},
        dealer=data.get("dealer", 0),
        seed=data.get("seed"),
        wall=data.get("wall"),
        carry=data.get("carry"),
        props=data.get("props"),
        before_deal=data.get("before_deal"),
    )
    for i, a in enumerate(data["actions"]):
        try:
            if isinstance(a, dict) and a.get("type") == "escape":
                state, ev = escape(state, a.get("seat"))  # type: ignore[arg-type]
            else:
                state, ev = apply(state, Action.from_json(a))
        except EngineError as exc:
            raise type(exc)(f"action #{i} {json.dumps(a, ensure_ascii=False)}: {exc}") from exc
        events.extend(ev)
    return state, events


def check_expect(
    state: HandState, events: list[dict[str, Any]], expect: dict[str, Any]
) -> list[str]:
    """Mismatches between the outcome and a scenario's ``expect`` block ([] when all hold)."""
    problems = []
    result = state.result
    if "over" in expect and (result is not None) != expect["over"]:
        problems.append(f"over: expected {expect['over']}, got {result is not None}")
    if "phase" in expect and state.phase != expect["phase"]:
        problems.append(f"phase: expected {expect['phase']}, got {state.phase}")
    if "to_act" in expect:
        from games.engine.core import to_act

        if to_act(state) != expect["to_act"]:
            problems.append(f"to_act: expected {expect['to_act']}, got {to_act(state)}")
    if "scores" in expect and list(state.scores) != expect["scores"]:
        problems.append(f"scores: expected {expect['scores']}, got {list(state.scores)}")
    for key in ("reason", "points", "next_dealer"):
        if key in expect:
            got = result.get(key) if result else None
            if got != expect[key]:
                problems.append(f"{key}: expected {expect[key]!r}, got {got!r}")
    if "wins" in expect:
        got_wins = [
            {"seat": w["seat"], "patterns": sorted(w.get("patterns", [])), "from": w.get("from")}
            for w in state.wins
        ]
        want = [
            {"seat": w["seat"], "patterns": sorted(w.get("patterns", [])), "from": w.get("from")}
            for w in expect["wins"]
        ]
        if got_wins != want:
            problems.append(f"wins: expected {want}, got {got_wins}")
    types = [e["type"] for e in events]
    for t in expect.get("event_types", []):
        if t not in types:
            problems.append(f"no {t!r} event")
    for t in expect.get("no_event_types", []):
        if t in types:
            problems.append(f"unexpected {t!r} event")
    return problems


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m games.engine replay FILE.json", file=sys.stderr)
        return 2
    try:
        data = load_scenario(argv[0])
    except (OSError, ValueError, EngineError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        state, events = run_scenario(data)
    except EngineError as exc:
        print(f"illegal: {exc}", file=sys.stderr)
        return 1
    for e in events:
        print(json.dumps(e, ensure_ascii=False))
    if state.result is not None:
        print(
            json.dumps(
                {"result": {k: v for k, v in state.result.items() if k != "hands"}},
                ensure_ascii=False,
            )
        )
    else:
        from games.engine.core import to_act

        print(json.dumps({"unfinished": True, "phase": state.phase, "to_act": to_act(state)}))
    print(json.dumps({"points": list(state.scores)}))
    problems = check_expect(state, events, data.get("expect") or {})
    for p in problems:
        print(f"expect failed: {p}", file=sys.stderr)
    return 2 if problems else 0
