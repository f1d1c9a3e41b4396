"""Calculator adapter for Sichuan (shared/rules/CASES.md §3): JSON case in, JSON result out.

Only input checking and conversion live here; the rules are in ``scoring``.

>>> calc_case({"id": "x", "kind": "waits", "concealed": "34578m11123789p", "melds": [],
...            "context": {"missing_suit": "s"}})
['6m', '9m']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import calcutil
from games.engine.errors import InvalidCaseError
from games.engine.tiles import KONG_TYPES, Meld, tile_str
from games.engine.variants.sichuan import scoring, settle
from games.engine.variants.sichuan.scoring import (
    ScoreContext,
)
from games.engine.variants.sichuan.settle import (
    DrawEvent,
    EscapeEvent,
    KongEvent,
    KongRecord,
    LedgerEvent,
    PlayerHand,
    WinEvent,
    WinnerHand,
)

Obj = Mapping[str, Any]


# ---------------------------------------------------------------- input helpers


def _need(obj: Obj, key: str, where: str = "case") -> Any:
    if not isinstance(obj, Mapping) or key not in obj or obj[key] is None:
        raise InvalidCaseError(f"{where} needs {key!r}")
    return obj[key]


def _seats(value: Any, name: str) -> list[int]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise InvalidCaseError(f"{name} must be a list of seats, got {value!r}")
    return [calcutil.seat(v, f"{name}[{i}]") for i, v in enumerate(value)]


def _missing_suit(obj: Obj) -> str | None:
    value = obj.get("missing_suit")
    if value is not None and value not in scoring.SUITS:
        raise InvalidCaseError(f"missing_suit must be 'm', 'p', 's' or null, got {value!r}")
    return value


def _mode(obj: Obj) -> str:
    value = obj.get("mode", scoring.MODE_NORMAL)
    if value is None:
        return scoring.MODE_NORMAL
    if value not in scoring.MODES:
        raise InvalidCaseError(f"mode must be 'normal' or 'xuezhan', got {value!r}")
    return str(value)


def _hand(case: Obj) -> tuple[list[int], list[Meld]]:
    if case.get("wild") is not None:
        raise InvalidCaseError("Sichuan has no wildcard: wild must be null")
    return calcutil.tile_string(_need(case, "concealed"), "concealed"), calcutil.melds(
        case.get("melds", [])
    )


def _player(obj: Any, seat: int, need_hand: bool) -> PlayerHand:
    if not isinstance(obj, Mapping):
        raise InvalidCaseError(f"players[{seat}] must be an object")
    won = calcutil.flag(obj, "won")
    if won or not need_hand:
        if "concealed" not in obj:
            return PlayerHand(won=won)
    concealed = calcutil.tile_string(
        _need(obj, "concealed", f"players[{seat}]"), f"players[{seat}].concealed"
    )
    melds = calcutil.melds(obj.get("melds", []))
    return PlayerHand(won, tuple(concealed), tuple(melds), _missing_suit(obj))


def _players(value: Any, need_hand: set[int] | None = None) -> tuple[PlayerHand, ...]:
    """Four PLAYER objects; ``need_hand`` = seats whose hand is required (default: the un-won)."""
    if not isinstance(value, list) or len(value) != 4:
        raise InvalidCaseError("players must be a list of 4 objects")
    return tuple(
        _player(p, s, True if need_hand is None else s in need_hand) for s, p in enumerate(value)
    )


def _winner(obj: Any, event: Obj | None = None) -> WinnerHand:
    if not isinstance(obj, Mapping):
        raise InvalidCaseError("a winner must be an object")
    seat = calcutil.seat(_need(obj, "seat", "winner"), "winner seat")
    flags = {
        k: calcutil.flag(obj, k) or (event is not None and calcutil.flag(event, k))
        for k in _WIN_FLAGS
    }
    return WinnerHand(
        seat=seat,
        concealed=tuple(
            calcutil.tile_string(_need(obj, "concealed", "winner"), "winner concealed")
        ),
        melds=tuple(calcutil.melds(obj.get("melds", []))),
        missing_suit=_missing_suit(obj),
        **flags,
    )


_WIN_FLAGS = ("gangshanghua", "gangshangpao", "first_draw")


# ---------------------------------------------------------------- kinds


def _win(case: Obj) -> bool:
    concealed, melds = _hand(case)
    return scoring.is_win(concealed, melds, _missing_suit(calcutil.context(case)))


def _waits(case: Obj) -> list[str]:
    concealed, melds = _hand(case)
    return [
        tile_str(t) for t in scoring.waits(concealed, melds, _missing_suit(calcutil.context(case)))
    ]


def _score_json(sc: scoring.Score) -> dict[str, Any]:
    return {
        "fan": sc.fan,
        "multiplier": sc.multiplier,
        "points": sc.points,
        "patterns": sc.patterns,
        "gen": sc.gen,
        "deltas": list(sc.deltas),
    }


def _win_type(value: object) -> str:
    """The case's win_type, checked here: the compiled scorer takes only a str (anything else would
    be a bare TypeError there instead of this message)."""
    if value not in (scoring.SELF_DRAW, scoring.DISCARD):
        raise InvalidCaseError(f"win_type must be 'self_draw' or 'discard', got {value!r}")
    assert isinstance(value, str)
    return value


def _score(case: Obj) -> dict[str, Any]:
    concealed, melds = _hand(case)
    ctx = calcutil.context(case)
    win_type = _win_type(_need(case, "win_type"))
    discarder = case.get("discarder")
    sctx = ScoreContext(
        missing_suit=_missing_suit(ctx),
        mode=_mode(ctx),
        won=frozenset(_seats(ctx.get("won"), "won")),
        gangshanghua=calcutil.flag(ctx, "gangshanghua"),
        gangshangpao=calcutil.flag(ctx, "gangshangpao"),
        kong_transfer=calcutil.integer(ctx.get("kong_transfer", 0) or 0, "kong_transfer", 0),
        qianggang=calcutil.flag(ctx, "qianggang"),
        first_draw=calcutil.flag(ctx, "first_draw"),
    )
    if len(sctx.won) != len(_seats(ctx.get("won"), "won")):
        raise InvalidCaseError("won lists a seat twice")
    sc = scoring.score(
        concealed,
        melds,
        calcutil.tile(_need(case, "win_tile"), "win_tile"),
        win_type,
        calcutil.seat(_need(case, "winner"), "winner"),
        None if discarder is None else calcutil.seat(discarder, "discarder"),
        calcutil.seat(_need(case, "dealer"), "dealer"),
        sctx,
    )
    return _score_json(sc)


# ---------------------------------------------------------------- settle events


def _settle_coins(ctx: Obj) -> dict[str, Any]:
    pts = calcutil.seat_vector(ctx.get("points"), "points")
    deltas, rake = settle.coins(
        pts,
        calcutil.integer(_need(ctx, "N", "context"), "N", 0),
        calcutil.integer(_need(ctx, "A", "context"), "A", 0),
    )
    return {"deltas": deltas, "rake": rake}


def _kong_record(obj: Any) -> KongRecord:
    if not isinstance(obj, Mapping):
        raise InvalidCaseError("a kong must be an object")
    seat = calcutil.seat(_need(obj, "seat", "kong"), "kong seat")
    ktype = obj.get("type", obj.get("kind"))
    if ktype not in KONG_TYPES:
        raise InvalidCaseError(f"kong type must be one of {', '.join(KONG_TYPES)}, got {ktype!r}")
    payments = obj.get("payments", [])
    if not isinstance(payments, list):
        raise InvalidCaseError("kong payments must be a list of [payer_seat, amount]")
    pays = []
    for p in payments:
        if not isinstance(p, list) or len(p) != 2:
            raise InvalidCaseError(f"a kong payment must be [payer_seat, amount], got {p!r}")
        payer = calcutil.seat(p[0], "kong payer")
        if payer == seat:
            raise InvalidCaseError("a kong's declarer cannot pay for it")
        pays.append((payer, calcutil.integer(p[1], "kong payment", 0)))
    tile = obj.get("tile")
    return KongRecord(
        seat=seat,
        type=ktype,
        tile=-1 if tile is None else calcutil.tile(tile, "kong tile"),
        payments=pays,
        transferred=calcutil.flag(obj, "transferred"),
    )


def _settle_draw(ctx: Obj) -> dict[str, Any]:
    kongs = ctx.get("kongs", [])
    if kongs is None:
        kongs = []
    if not isinstance(kongs, list):
        raise InvalidCaseError("kongs must be a list")
    deltas = settle.draw_settlement(
        _players(_need(ctx, "players", "context")),
        [_kong_record(k) for k in kongs],
        _seats(ctx.get("escaped"), "escaped"),
        _mode(ctx),
    )
    return {"deltas": deltas, "rake": 0}


def _escape_args(obj: Obj, won: list[int]) -> tuple[int, bool, tuple[PlayerHand, ...] | None]:
    escaper = calcutil.seat(
        _need(obj, "escaper" if "escaper" in obj else "seat", "escape"), "escaper"
    )
    last_four = calcutil.flag(obj, "last_four")
    players = None
    if last_four and escaper not in won:
        others = {s for s in range(4) if s != escaper and s not in won}
        players = _players(_need(obj, "players", "a last-four escape"), need_hand=others)
    return escaper, last_four, players


def _settle_escape(ctx: Obj) -> dict[str, Any]:
    won = _seats(ctx.get("won"), "won")
    escaper, last_four, players = _escape_args(ctx, won)
    deltas = settle.escape_settlement(escaper, won, last_four, players, _mode(ctx))
    return {"deltas": deltas, "rake": 0}


def _settle_multi_win(ctx: Obj) -> dict[str, Any]:
    winners = _need(ctx, "winners", "context")
    if not isinstance(winners, list):
        raise InvalidCaseError("winners must be a list")
    deltas, scores = settle.multi_win(
        calcutil.seat(_need(ctx, "discarder", "context"), "discarder"),
        [_winner(w, ctx) for w in winners],
        dealer=calcutil.seat(_need(ctx, "dealer", "context"), "dealer"),
        win_tile=calcutil.tile(_need(ctx, "win_tile", "context"), "win_tile"),
        mode=_mode(ctx),
        won=_seats(ctx.get("won"), "won"),
        kong_transfer=calcutil.integer(ctx.get("kong_transfer", 0) or 0, "kong_transfer", 0),
        qianggang=calcutil.flag(ctx, "qianggang"),
    )
    return {
        "deltas": deltas,
        "fans": {str(s): sc.fan for s, sc in scores.items()},
        "points_by_seat": {str(s): sc.points for s, sc in scores.items()},
        "patterns_by_seat": {str(s): sc.patterns for s, sc in scores.items()},
        "rake": 0,
    }


def _event(obj: Any, led: settle.Ledger) -> LedgerEvent:
    if not isinstance(obj, Mapping):
        raise InvalidCaseError("an event must be an object")
    etype = obj.get("type")
    if etype == "kong":
        kind = obj.get("kind", obj.get("type_"))
        if kind not in KONG_TYPES:
            raise InvalidCaseError(
                f"kong kind must be one of {', '.join(KONG_TYPES)}, got {kind!r}"
            )
        from_seat = obj.get("from_seat")
        return KongEvent(
            seat=calcutil.seat(_need(obj, "seat", "kong event"), "kong seat"),
            kind=kind,
            tile=-1 if obj.get("tile") is None else calcutil.tile(obj["tile"], "kong tile"),
            from_seat=None
            if from_seat is None or kind != "kong_exposed"
            else calcutil.seat(from_seat, "from_seat"),
        )
    if etype == "win":
        winners = _need(obj, "winners", "win event")
        if not isinstance(winners, list):
            raise InvalidCaseError("winners must be a list")
        discarder = obj.get("discarder")
        win_tile = obj.get("win_tile")
        return WinEvent(
            win_type=_win_type(_need(obj, "win_type", "win event")),
            winners=tuple(_winner(w, obj) for w in winners),
            discarder=None if discarder is None else calcutil.seat(discarder, "discarder"),
            win_tile=None if win_tile is None else calcutil.tile(win_tile, "win_tile"),
            qianggang=calcutil.flag(obj, "qianggang"),
        )
    if etype == "escape":
        escaper, last_four, players = _escape_args(obj, sorted(led.won))
        return EscapeEvent(escaper, last_four, players)
    if etype == "draw":
        players = _players(_need(obj, "players", "draw event"), need_hand=set(range(4)) - led.won)
        for s, p in enumerate(players):
            if "won" in obj["players"][s] and p.won != (s in led.won):
                raise InvalidCaseError(f"players[{s}].won disagrees with the events so far")
        return DrawEvent(players)
    raise InvalidCaseError(f"unknown event type {etype!r}; expected kong, win, escape or draw")


def _settle_game(ctx: Obj) -> dict[str, Any]:
    events = _need(ctx, "events", "context")
    if not isinstance(events, list):
        raise InvalidCaseError("events must be a list")
    led = settle.Ledger(
        mode=_mode(ctx), dealer=calcutil.seat(_need(ctx, "dealer", "context"), "dealer")
    )
    for i, ev in enumerate(events):
        if led.ended:
            raise InvalidCaseError(f"event {i} comes after the hand has ended")
        led.apply(_event(ev, led))
    points = list(led.points)
    if ctx.get("N") is None:
        return {"points": points, "deltas": points, "rake": 0}
    n = calcutil.integer(ctx["N"], "N", 0)
    a = calcutil.integer(ctx.get("A", 0) or 0, "A", 0)
    deltas, rake = settle.coins(points, n, a)
    return {"points": points, "deltas": deltas, "rake": rake}


_SETTLE = {
    "coins": _settle_coins,
    "draw": _settle_draw,
    "escape": _settle_escape,
    "multi_win": _settle_multi_win,
    "game": _settle_game,
}


def _settle(case: Obj) -> dict[str, Any]:
    ctx = calcutil.context(case)
    event = ctx.get("event")
    if event not in _SETTLE:
        raise InvalidCaseError(
            f"unknown settle event {event!r}; expected one of {', '.join(_SETTLE)}"
        )
    return _SETTLE[event](ctx)


_KINDS = {"win": _win, "waits": _waits, "score": _score, "settle": _settle}


def calc_case(case: dict[str, Any]) -> Any:
    """One CASES.md §3 case (without ``expect``/``why``) to its result; InvalidCaseError if invalid."""
    if not isinstance(case, Mapping):
        raise InvalidCaseError("a case must be an object")
    kind = case.get("kind")
    if kind not in _KINDS:
        raise InvalidCaseError(f"unknown kind {kind!r}; expected win, waits, score or settle")
    return _KINDS[kind](case)
