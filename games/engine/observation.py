"""What one seat (or a spectator) may see: observe() and redact_events().

The only way state leaves the engine toward a client. Before the hand ends it never contains the
wall order or another seat's concealed tiles; other seats' draws are redacted to ``null``, and so
are pre-hand choices until the variant reveals them (a secret choice, Shaanxi 炮子, is dropped:
nobody learns even whether another seat has chosen). tests/games/engine/test_seat_knowledge.py
holds every seat's events and views against what it may know.
"""

from __future__ import annotations

from typing import Any

from games.engine.core import legal_actions, live_count, rules_of, to_act
from games.engine.state import N_SEATS, PHASE_CHOICE, PHASE_CLAIM, PHASE_OVER, HandState
from games.engine.tiles import format_tiles, meld_to_json, tile_str


def observe(state: HandState, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (0-3), or of a spectator (``None``)."""
    rules = rules_of(state)
    over = state.phase == PHASE_OVER
    hands = []
    for s in range(N_SEATS):
        h: dict[str, Any] = {
            "seat": s,
            "concealed_count": len(state.hands[s]),
            "melds": [meld_to_json(m) for m in state.melds[s]],
            "discards": [tile_str(t) for t in state.discards[s]],
            "flowers": format_tiles(state.flowers[s]),
            "won": state.won[s],
            "escaped": state.escaped[s],
        }
        if over or s == seat or state.won[s]:  # a 血战 winner's hand is shown to everyone (§9.1)
            h["concealed"] = format_tiles(state.hands[s])
        if s == seat and state.turn == s and state.drawn is not None and not over:
            h["drawn"] = tile_str(state.drawn)
        h.update(rules.public_seat_info(state, s, seat))
        hands.append(h)
    view: dict[str, Any] = {
        "variant": state.variant,
        "options": dict(state.options),
        "dealer": state.dealer,
        "seat": seat,
        "phase": state.phase,
        "turn": state.turn,
        "to_act": _to_act_seen_by(state, seat),
        "wall_remaining": max(0, live_count(state)),
        "hands": hands,
        "wild": None,
        "last_discard": (
            {"seat": state.last_discard[0], "tile": tile_str(state.last_discard[1])}
            if state.last_discard
            else None
        ),
        "claim": (
            {
                "tile": tile_str(state.claim.tile),
                "from": state.claim.from_seat,
                "kind": state.claim.kind,
            }
            if state.claim is not None
            else None
        ),
        "scores": list(state.scores),
        "wins": [dict(w) for w in state.wins],
        "legal": [a.to_json() for a in legal_actions(state, seat)] if seat is not None else [],
        "result": state.result if over else None,
    }
    view.update(rules.public_info(state, seat))
    if "props" in state.ext:  # 道具: golden fingers; the seat's own holdings and answers
        from games.engine.props import view as props_view

        view.update(props_view(state, seat))
    return view


def _to_act_seen_by(state: HandState, seat: int | None) -> list[int]:
    """Who acts, as ``seat`` may know it. In a claim window only the seats with an option are
    asked, so naming them would tell everyone who holds a pair or a pung of the tile: the viewer
    sees only itself (when asked); the open window itself is public (``claim``)."""
    acting = to_act(state)
    if state.phase == PHASE_CLAIM or (
        state.phase == PHASE_CHOICE and rules_of(state).choice_secret
    ):
        return [seat] if seat in acting else []  # (secret choices: who has chosen is secret too)
    return acting


_PRIVATE_CHOICE_EVENTS = {"choice"}
#: An event marked ``"private": True`` is its seat's alone, like these: a secret choice
#: (Rules.choice_secret, Shaanxi 炮子), a seat's own 漏胡 / 同圈 lock (it tells that the seat was
#: waiting on the tile or held a pair of it), a 道具's answer (prop_reveal).
#: Answers inside a claim window: only the seat that answered sees its own (who was asked, and
#: what they wanted, would reveal their tiles); the window's outcome is public as usual.
_PRIVATE_SEAT_EVENTS = {"response"}


def redact_events(events: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """The same events as ``seat`` may see them (``None``: a spectator)."""
    out = []
    for e in events:
        t = e.get("type")
        if (t in _PRIVATE_SEAT_EVENTS or e.get("private")) and e.get("seat") != seat:
            continue
        if t == "draw" and e.get("seat") != seat:
            e = {**e, "tile": None}
        elif t == "deal":
            e = {**e, "hands": [h if s == seat else None for s, h in enumerate(e["hands"])]}
        elif t in _PRIVATE_CHOICE_EVENTS and e.get("seat") != seat:
            e = {**e, "choice": None}
        elif e.get("face_down") and e.get("seat") != seat:
            e = {
                **e,
                "tile": None,
            }  # a variant marked the tile secret (Fuzhou 暗杠, fuzhou.md §8.3)
        out.append(e)
    return out
