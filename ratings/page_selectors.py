"""Small reads for pages of the ratings app that ratings/selectors.py does not cover."""

from __future__ import annotations

from typing import Any

from ratings.models import PlayerHand


def my_hand_rating(user, hand_id: int) -> dict[str, Any]:
    """The signed-in player's rating change for one hand ({"rated": False} until it is rated,
    or if they did not play it)."""
    row = (
        PlayerHand.objects.filter(hand_id=hand_id, user=user)
        .values("points", "coins", "rating_before", "rating_after", "variant")
        .first()
    )
    if row is None:
        return {"rated": False}
    return {
        "rated": True,
        **row,
        "rose_after_loss": row["rating_after"] > row["rating_before"] and row["points"] < 0,
    }


_HAND_KEYS = {
    "seat",
    "concealed",
    "concealed_count",
    "melds",
    "discards",
    "flowers",
    "won",
    "drawn",
    "escaped",
}
_TOP_KEYS = (
    "indicator",
    "baiban_as",
    "dice",
    "mode",
    "contractor",
    "dealer_streak",
    "mai",
    "xiazi",
)


def _public(view: dict[str, Any]) -> dict[str, Any]:
    wild = view.get("wild")
    if isinstance(wild, dict):
        wild = wild.get("tile")
    facts = [
        {k: v for k, v in h.items() if k not in _HAND_KEYS and v not in (None, False, "", [], 0)}
        for h in view.get("hands", [])
    ]
    return {
        "dealer": view.get("dealer"),
        "wild": wild,
        "facts": facts,
        "top": {k: view[k] for k in _TOP_KEYS if view.get(k) not in (None, False, "", [])},
    }


def replay_public(hand) -> list[dict[str, Any]]:
    """Per replay step (the same steps as ratings.selectors.hand_replay), what the table showed
    everybody: the dealer, the wildcard, each seat's public choices (定缺, 炮子, 买子, 飘 …).
    Empty if the rebuild fails (hand_replay reports the error)."""
    import games.engine as engine

    out: list[dict[str, Any]] = []
    try:
        state, _ = engine.new_hand(
            hand.variant, hand.options, dealer=hand.dealer, seed=hand.seed, carry=hand.carry
        )
        out.append(_public(engine.observe(state, None)))
        for raw in hand.actions:
            if isinstance(raw, dict) and raw.get("type") == "escape":
                state, _ = engine.escape(state, raw.get("seat"))
            else:
                state, _ = engine.apply(state, engine.Action.from_json(raw))
            out.append(_public(engine.observe(state, None)))
    except engine.EngineError:
        return []
    return out


def hand_money(hand, detail: dict[str, Any]) -> dict[str, Any]:
    """N, A and each seat's coin arithmetic for an ended hand: coins = points × N − A."""
    import games.engine as engine

    variant = engine.VARIANTS.get(hand.variant)
    n = hand.coefficient
    a = hand.room_rake if (variant is None or variant.has_rake) else 0
    rows = []
    for p in detail.get("players", []):
        pts = p.get("points", 0)
        rows.append(
            {**p, "calc": f"({pts}) × {n}" + (f" − {a}" if a else ""), "expected": pts * n - a}
        )
    return {"N": n, "A": a, "rows": rows}


def _same_action(a: dict[str, Any], b: dict[str, Any]) -> bool:
    keys = ("type", "tile", "tiles", "choice")
    return all(a.get(k) == b.get(k) for k in keys)


def review_for_page(review: dict[str, Any]) -> dict[str, Any]:
    """A stored review (games.engine.expert.review_hand) laid out for the hand's page: per
    decision its option rows (best first, the player's choice marked, appended when it is not
    among the top ones) and the summary's costliest decisions themselves."""
    decisions = []
    for d in review.get("decisions", []):
        options = d.get("options") or []
        chosen = d.get("chosen") or {}
        rows = [
            {**o, "best": i == 0, "chosen": _same_action(o.get("action") or {}, chosen)}
            for i, o in enumerate(options)
        ]
        if not any(r["chosen"] for r in rows):  # outside the top options the expert listed
            rows.append(
                {"action": chosen, "value": d.get("chosen_value"), "reason": "",
                 "best": False, "chosen": True, "outside": True}
            )  # fmt: skip
        best = options[0]["action"] if options else None
        decisions.append({**d, "rows": rows, "best": best})
    by_index = {d["index"]: d for d in decisions}
    summary = review.get("summary") or {}
    costliest = [by_index[i] for i in summary.get("costliest", []) if i in by_index]
    return {"decisions": decisions, "summary": summary, "costliest": costliest}
