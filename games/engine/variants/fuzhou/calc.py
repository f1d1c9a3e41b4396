"""The Fuzhou hand calculator: JSON cases of shared/rules/CASES.md §7 in, results out.

Thin adapters: parse and validate the case, then call scoring.py / settle.py.

>>> calc_case({"id": "x", "kind": "settle", "context": {"event": "wall", "wall": 24,
...            "flower_quartets": 1, "then": ["kong_exposed"]}})
{'reserve': 21, 'drawable': 2, 'phase': 'final_group', 'wall': 23}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.engine import calcutil
from games.engine.errors import InvalidCaseError
from games.engine.tiles import Meld, parse_tiles, tile_str
from games.engine.variants.fuzhou import scoring
from games.engine.variants.fuzhou.scoring import (
    DISCARD,
    SELF_DRAW,
    SPECIALS,
    TIANHU,
    WIN_TYPES,
    WinContext,
)
from games.engine.variants.fuzhou.settle import (
    Contender,
    SeatHolding,
    escape_penalty,
    next_dealership,
    reserve,
    resolve_discard_win,
    resolve_qiangjin_window,
    wall_phase,
)

Case = Mapping[str, Any]

# --- field readers ---------------------------------------------------------------------------


def _require(obj: Case, key: str, where: str = "case") -> Any:
    if key not in obj or obj[key] is None:
        raise InvalidCaseError(f"{where}: missing required field {key!r}")
    return obj[key]


def _mapping(value: Any, name: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise InvalidCaseError(f"{name} must be an object")
    return value


def _int(value: Any, name: str, *, low: int = 0, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidCaseError(f"{name} must be an integer, got {value!r}")
    if value < low or (high is not None and value > high):
        raise InvalidCaseError(f"{name} out of range: {value}")
    return value


def _seat(value: Any, name: str) -> int:
    return _int(value, name, low=0, high=3)


def _melds(value: Any) -> tuple[Meld, ...]:
    return tuple(calcutil.melds(value))


def _flowers(value: Any, name: str = "flowers") -> tuple[int, ...]:
    """A list of flower tiles (``["1z", "3f"]``; a compact string is accepted too)."""
    if value is None:
        return ()
    if isinstance(value, str):
        kinds = parse_tiles(value)
    elif isinstance(value, list):
        kinds = [calcutil.tile(t, name) for t in value]
    else:
        raise InvalidCaseError(f"{name} must be a list of flower tiles")
    for kind in kinds:
        if not scoring.is_fuzhou_flower(kind):
            raise InvalidCaseError(f"{name}: {tile_str(kind)} is not a flower")
        limit = 4 if kind < 34 else 1
        if kinds.count(kind) > limit:
            raise InvalidCaseError(f"{name}: too many copies of {tile_str(kind)}")
    return tuple(kinds)


def _gold_face(value: Any, name: str) -> int:
    gold = calcutil.tile(value, name)
    if gold >= 27:
        raise InvalidCaseError(f"{name}: the gold must be a suited face, got {tile_str(gold)}")
    return gold


def _case_gold(case: Case, context: Mapping[str, Any]) -> int:
    """`wild` is the gold face and `context.gold` repeats it (CASES.md §7)."""
    wild = case.get("wild")
    gold = context.get("gold")
    if wild is None and gold is None:
        raise InvalidCaseError("the gold face is missing (wild / context.gold)")
    faces = {_gold_face(v, k) for k, v in (("wild", wild), ("gold", gold)) if v is not None}
    if len(faces) > 1:
        raise InvalidCaseError("wild and context.gold disagree")
    return faces.pop()


def _special(value: Any) -> str | None:
    if value is None:
        return None
    if value not in SPECIALS:
        raise InvalidCaseError(f"special must be one of {SPECIALS}, got {value!r}")
    return str(value)


def _win_type(value: Any) -> str:
    if value not in WIN_TYPES:
        raise InvalidCaseError(f"win_type must be one of {WIN_TYPES}, got {value!r}")
    return str(value)


def _win_context(
    gold: int, win_type: str, win_tile: int | None, special: str | None, discarded_gold: bool
) -> WinContext:
    if special is not None and win_type != SELF_DRAW:
        raise InvalidCaseError(f"{special} is a self-draw; win_type {win_type!r} contradicts it")
    if win_type == DISCARD and win_tile is None:
        raise InvalidCaseError("a discard win needs win_tile")
    return WinContext(
        gold=gold,
        win_type=win_type,
        win_tile=win_tile,
        special=special,
        discarded_gold=discarded_gold,
    )


def _check_win_tile(concealed: list[int], win_tile: int | None) -> None:
    if win_tile is not None and win_tile not in concealed:
        raise InvalidCaseError(f"win_tile {tile_str(win_tile)} is not in concealed")


# --- kinds -----------------------------------------------------------------------------------


def _calc_win(case: Case) -> bool:
    context = calcutil.context(case)
    gold = _case_gold(case, context)
    concealed = calcutil.tile_string(_require(case, "concealed"), "concealed")
    melds = _melds(case.get("melds"))
    win_type = _win_type(context.get("win_type", SELF_DRAW))
    win_tile = context.get("win_tile")
    tile = None if win_tile is None else calcutil.tile(win_tile, "win_tile")
    special = _special(context.get("special"))
    discarded_gold = calcutil.boolean(context.get("discarded_gold", False), "discarded_gold")
    if win_type == DISCARD and tile is None:
        raise InvalidCaseError("a discard win needs win_tile")  # a missing field: malformed
    # CASES.md §1.3: a well-formed hand whose context contradicts itself cannot win (false);
    # only a `score` case, which must be a legal win, makes these errors
    if (tile is not None and tile not in concealed) or (
        special is not None and win_type != SELF_DRAW
    ):
        return False
    ctx = _win_context(gold, win_type, tile, special, discarded_gold)
    return scoring.is_legal_win(concealed, melds, ctx)


def _calc_waits(case: Case) -> list[str]:
    context = calcutil.context(case)
    gold = _case_gold(case, context)
    concealed = calcutil.tile_string(_require(case, "concealed"), "concealed")
    melds = _melds(case.get("melds"))
    return [tile_str(t) for t in scoring.waits(concealed, melds, gold)]


def _calc_score(case: Case) -> dict[str, Any]:
    context = calcutil.context(case)
    gold = _case_gold(case, context)
    concealed = calcutil.tile_string(_require(case, "concealed"), "concealed")
    melds = _melds(case.get("melds"))
    win_type = _win_type(_require(case, "win_type"))
    special = _special(context.get("special"))
    raw_tile = case.get("win_tile") if special is not None else _require(case, "win_tile")
    win_tile = None if raw_tile is None else calcutil.tile(raw_tile, "win_tile")
    _check_win_tile(concealed, win_tile)
    winner = _seat(_require(case, "winner"), "winner")
    discarder = None
    if win_type == DISCARD:
        discarder = _seat(_require(case, "discarder"), "discarder")
        if discarder == winner:
            raise InvalidCaseError("the discarder cannot be the winner")
    elif case.get("discarder") is not None:
        _seat(case["discarder"], "discarder")  # CASES.md §2: a seat or null; unused on a self-draw
    dealer = case.get("dealer")
    if dealer is not None:
        _seat(dealer, "dealer")
    if special == TIANHU and dealer is not None and dealer != winner:
        raise InvalidCaseError("only the dealer can win by tianhu")
    ctx = _win_context(
        gold,
        win_type,
        win_tile,
        special,
        calcutil.boolean(context.get("discarded_gold", False), "discarded_gold"),
    )
    if not scoring.is_legal_win(concealed, melds, ctx):
        raise InvalidCaseError("the hand is not a legal win in this context")
    streak = _int(context.get("dealer_streak", 0), "dealer_streak")
    score = scoring.score_win(
        concealed,
        melds,
        ctx,
        flowers=_flowers(context.get("flowers")),
        streak=streak,
        winner=winner,
        discarder=discarder,
    )
    return score.to_json()


# --- settle ----------------------------------------------------------------------------------


def _settle_escape(context: Mapping[str, Any]) -> dict[str, Any]:
    escaper = _seat(_require(context, "escaper", "escape"), "escaper")
    streak = _int(context.get("dealer_streak", 0), "dealer_streak")
    players = _require(context, "players", "escape")
    if not isinstance(players, list):
        raise InvalidCaseError("players must be a list")
    holdings: list[SeatHolding] = []
    seats: set[int] = set()
    for entry in players:
        entry = _mapping(entry, "players entry")
        seat = _seat(_require(entry, "seat", "players entry"), "seat")
        if seat == escaper or seat in seats:
            raise InvalidCaseError(f"players: seat {seat} is the escaper or repeated")
        seats.add(seat)
        holdings.append(
            SeatHolding(
                _flowers(entry.get("flowers")),
                _melds(entry.get("melds")),
                _int(entry.get("golds", 0), "golds", high=4),
            )
        )
    if len(seats) != 3:
        raise InvalidCaseError("players must list the three other seats")
    penalty = escape_penalty(holdings, streak)
    deltas = [0, 0, 0, 0]
    deltas[escaper] = -penalty
    return {"deltas": deltas, "forfeit": penalty, "rake": 0}


def _settle_hand_end(context: Mapping[str, Any]) -> dict[str, Any]:
    dealer = _seat(_require(context, "dealer", "hand_end"), "dealer")
    streak = _int(context.get("dealer_streak", 0), "dealer_streak")
    result = _require(context, "result", "hand_end")
    if result == "draw":
        winner = None
    elif result == "win":
        winner = _seat(_require(context, "winner", "hand_end"), "winner")
    else:
        raise InvalidCaseError(f"result must be 'win' or 'draw', got {result!r}")
    next_dealer, next_streak = next_dealership(dealer=dealer, streak=streak, winner=winner)
    out: dict[str, Any] = {"next_dealer": next_dealer, "next_streak": next_streak, "rake": 0}
    if winner is None:
        out["deltas"] = [0, 0, 0, 0]
    return out


def _contender(entry: Any, where: str, extra: list[int]) -> Contender:
    entry = _mapping(entry, where)
    seat = _seat(_require(entry, "seat", where), "seat")
    concealed = (
        calcutil.tile_string(_require(entry, "concealed", where), f"{where} concealed") + extra
    )
    return Contender(
        seat=seat,
        concealed=tuple(concealed),
        melds=_melds(entry.get("melds")),
        flowers=_flowers(entry.get("flowers")),
        discarded_gold=calcutil.boolean(entry.get("discarded_gold", False), "discarded_gold"),
    )


def _win_result(found: Any) -> dict[str, Any]:
    if found is None:
        return {"winner": None, "patterns": [], "deltas": [0, 0, 0, 0]}
    seat, score = found
    return {"winner": seat, **score.to_json()}


def _settle_multi_ron(context: Mapping[str, Any]) -> dict[str, Any]:
    gold = _gold_face(_require(context, "gold", "multi_ron"), "gold")
    _seat(_require(context, "dealer", "multi_ron"), "dealer")
    streak = _int(context.get("dealer_streak", 0), "dealer_streak")
    discarder = _seat(_require(context, "discarder", "multi_ron"), "discarder")
    win_tile = calcutil.tile(_require(context, "win_tile", "multi_ron"), "win_tile")
    if win_tile >= 27:
        raise InvalidCaseError("win_tile must be a suited tile")
    claimants = _require(context, "claimants", "multi_ron")
    if not isinstance(claimants, list):
        raise InvalidCaseError("claimants must be a list")
    contenders = [_contender(c, "claimant", [win_tile]) for c in claimants]
    seats = [c.seat for c in contenders]
    if discarder in seats or len(set(seats)) != len(seats):
        raise InvalidCaseError("claimants must be distinct seats other than the discarder")
    found = resolve_discard_win(
        contenders, gold=gold, discarder=discarder, win_tile=win_tile, streak=streak
    )
    return _win_result(found)


def _settle_qiangjin_window(context: Mapping[str, Any]) -> dict[str, Any]:
    gold = _gold_face(_require(context, "gold", "qiangjin_window"), "gold")
    dealer = _seat(_require(context, "dealer", "qiangjin_window"), "dealer")
    streak = _int(context.get("dealer_streak", 0), "dealer_streak")
    first = calcutil.tile(
        _require(context, "dealer_first_discard", "qiangjin_window"), "dealer_first_discard"
    )
    hands = _require(context, "hands", "qiangjin_window")
    if not isinstance(hands, list):
        raise InvalidCaseError("hands must be a list")
    contenders = [_contender(h, "hand", []) for h in hands]
    seats = {c.seat for c in contenders}
    if len(seats) != len(contenders):
        raise InvalidCaseError("hands: repeated seat")
    dealer_hand = next((c for c in contenders if c.seat == dealer), None)
    if dealer_hand is not None and first not in dealer_hand.concealed:
        raise InvalidCaseError("dealer_first_discard is not in the dealer's hand")
    found = resolve_qiangjin_window(
        contenders, gold=gold, dealer=dealer, dealer_first_discard=first, streak=streak
    )
    return _win_result(found)


_WALL_EVENTS = (
    "kong_exposed",
    "kong_added",
    "kong_concealed",
    "flower_replacement",
    "flower_quartet",
    "draw",
)


def _settle_wall(context: Mapping[str, Any]) -> dict[str, Any]:
    wall = _int(_require(context, "wall", "wall"), "wall")
    exposed = _int(context.get("kongs_exposed", 0), "kongs_exposed")
    concealed = _int(context.get("kongs_concealed", 0), "kongs_concealed")
    quartets = _int(context.get("flower_quartets", 0), "flower_quartets")
    events = context.get("then", [])
    if not isinstance(events, list):
        raise InvalidCaseError("then must be a list of events")
    in_final_group = False
    held_reserve = 0
    for event in events:
        if event not in _WALL_EVENTS:
            raise InvalidCaseError(f"unknown wall event {event!r}")
        current = (
            held_reserve
            if in_final_group
            else reserve(exposed=exposed, concealed=concealed, quartets=quartets)
        )
        drawable = wall - current
        if event == "draw":
            if drawable <= 0:
                raise InvalidCaseError("the wall is exhausted: the hand has ended in a draw")
            if wall_phase(drawable) != "normal" and not in_final_group:
                # §6.3 / F8: this draw opens the final group; the reserve is frozen from now on
                in_final_group, held_reserve = True, current
        elif in_final_group and event != "flower_quartet":
            raise InvalidCaseError(f"no {event} inside the final group (§6.3)")
        if event in ("kong_exposed", "kong_added"):
            exposed += 1
        elif event == "kong_concealed":
            concealed += 1
        elif event == "flower_quartet":
            quartets += 1
        if event != "flower_quartet":
            wall -= 1
            if wall < 0:
                raise InvalidCaseError("the wall has no tile left")
    current = (
        held_reserve
        if in_final_group
        else reserve(exposed=exposed, concealed=concealed, quartets=quartets)
    )
    drawable = wall - current
    return {
        "reserve": current,
        "drawable": max(drawable, 0),
        "phase": wall_phase(drawable),
        "wall": wall,
    }


_SETTLE: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "escape": _settle_escape,
    "hand_end": _settle_hand_end,
    "multi_ron": _settle_multi_ron,
    "qiangjin_window": _settle_qiangjin_window,
    "wall": _settle_wall,
}


def _calc_settle(case: Case) -> dict[str, Any]:
    context = _mapping(_require(case, "context"), "context")
    event = _require(context, "event", "context")
    handler = _SETTLE.get(event) if isinstance(event, str) else None
    if handler is None:
        raise InvalidCaseError(f"unknown settle event {event!r}")
    return handler(context)


_KINDS: dict[str, Callable[[Case], Any]] = {
    "win": _calc_win,
    "waits": _calc_waits,
    "score": _calc_score,
    "settle": _calc_settle,
}


def calc_case(case: Case) -> Any:
    """Evaluate one CASES.md case of variant ``fuzhou``; raises InvalidCaseError on bad input."""
    case = _mapping(case, "case")
    kind = case.get("kind")
    handler = _KINDS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise InvalidCaseError(f"unknown kind {kind!r}")
    return handler(case)
