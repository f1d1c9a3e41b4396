"""Calculator adapter for Yiwu (shared/rules/CASES.md §6): JSON case in, result out.

Only parsing and validation live here; the rules are in ``shapes`` and ``scoring``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import calcutil
from games.engine.errors import InvalidCaseError
from games.engine.tiles import (
    KONG_TYPES,
    MELD_TYPES,
    Meld,
    format_tiles,
    parse_tile,
    tile_str,
)
from games.engine.variants.yiwu import scoring
from games.engine.variants.yiwu.shapes import (
    is_winning_shape,
    meld_allowed,
    meld_shape_ok,
    natural_face,
)

WIN_TYPES = ("self_draw", "discard")


# ---------------------------------------------------------------- field parsing


def _tile(value: Any, name: str) -> int:
    if not isinstance(value, str):
        raise InvalidCaseError(f"{name} must be a tile string, got {value!r}")
    tile = parse_tile(value)
    if tile >= 34:
        raise InvalidCaseError(f"{name}: Yiwu has no flower tiles ({value!r})")
    return tile


def _has_flower(concealed: list[int], melds: list[Meld]) -> bool:
    return any(t >= 34 for t in concealed) or any(t >= 34 for m in melds for t in m.tiles)


def _int(value: Any, name: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InvalidCaseError(f"{name} must be an integer {lo}-{hi}, got {value!r}")
    return value


def _seat(value: Any, name: str) -> int:
    return _int(value, name, 0, 3)


def _optional_seat(value: Any, name: str) -> int | None:
    return None if value is None else _seat(value, name)


def _vector(ctx: Mapping[str, Any], key: str, lo: int, hi: int) -> list[int]:
    value = ctx.get(key)
    if value is None:
        return [0, 0, 0, 0]
    if not isinstance(value, list) or len(value) != 4:
        raise InvalidCaseError(f"{key} must be a list of 4 integers, got {value!r}")
    return [_int(v, f"{key}[{i}]", lo, hi) for i, v in enumerate(value)]


def _caishen(case: Mapping[str, Any], ctx: Mapping[str, Any]) -> int:
    wild = case.get("wild")
    named = ctx.get("caishen")
    if wild is None and named is None:
        raise InvalidCaseError("the 财神 face is required: give 'wild' (or context.caishen)")
    if wild is not None and named is not None and _tile(wild, "wild") != _tile(named, "caishen"):
        raise InvalidCaseError(f"wild {wild!r} and context.caishen {named!r} disagree")
    return _tile(wild if wild is not None else named, "wild")


def _meld(data: Any, caishen: int) -> Meld:
    """A meld with its physical tiles; 白板 may stand for C, so tiles.parse_meld's shape test
    (which knows no stand-ins) is not used."""
    if not isinstance(data, Mapping):
        raise InvalidCaseError(f"a meld must be an object, got {data!r}")
    mtype = data.get("type")
    if mtype not in MELD_TYPES:
        raise InvalidCaseError(
            f"unknown meld type {mtype!r}; expected one of {', '.join(MELD_TYPES)}"
        )
    tiles = tuple(sorted(calcutil.tile_string(data.get("tiles"), "meld tiles")))
    size = 4 if mtype in KONG_TYPES else 3
    if len(tiles) != size:
        raise InvalidCaseError(f"a {mtype} has {size} tiles, got {data.get('tiles')!r}")
    source = data.get("from")
    if mtype == "kong_concealed":
        source = None
    elif source is not None:
        source = _int(source, "meld 'from'", 1, 3)
    meld = Meld(type=mtype, tiles=tiles, from_=source)
    if caishen not in tiles and max(tiles) < 34 and not meld_shape_ok(meld, caishen):
        raise InvalidCaseError(
            f"{data.get('tiles')!r} is not a {mtype} (白板 = {tile_str(caishen)})"
        )
    return meld


def _melds(case: Mapping[str, Any], caishen: int) -> list[Meld]:
    value = case.get("melds", [])
    if value is None:
        return []
    if not isinstance(value, list):
        raise InvalidCaseError("melds must be a list")
    return [_meld(m, caishen) for m in value]


def _locked(ctx: Mapping[str, Any], caishen: int) -> frozenset[int]:
    value = ctx.get("tongquan_passed", [])
    if value is None:
        return frozenset()
    if not isinstance(value, list):
        raise InvalidCaseError("tongquan_passed must be a list of tiles")
    return frozenset(natural_face(_tile(t, "tongquan_passed"), caishen) for t in value)


def _manner(win_type: Any, ctx: Mapping[str, Any]) -> str:
    if win_type not in WIN_TYPES:
        raise InvalidCaseError(f"win_type must be 'self_draw' or 'discard', got {win_type!r}")
    replacement, robbing = (
        calcutil.flag(ctx, "replacement_draw"),
        calcutil.flag(ctx, "robbing_kong"),
    )
    if win_type == "self_draw" and robbing:
        raise InvalidCaseError("robbing_kong needs win_type 'discard'")
    if win_type == "discard" and replacement:
        raise InvalidCaseError("replacement_draw needs win_type 'self_draw'")
    return scoring.win_manner(win_type == "self_draw", replacement, robbing)


def _win_tile(
    value: Any, concealed: list[int], needed: bool, why: str, held: bool = True
) -> int | None:
    """The parsed ``win_tile``; with ``held`` it must be in ``concealed`` (an error otherwise)."""
    if value is None:
        if needed:
            raise InvalidCaseError(f"win_tile is required {why}")
        return None
    tile = _tile(value, "win_tile")
    if held and tile not in concealed:
        raise InvalidCaseError(f"win_tile {value} is not in concealed")
    return tile


# ---------------------------------------------------------------- kinds


def _win(case: Mapping[str, Any]) -> bool:
    ctx = calcutil.context(case)
    caishen = _caishen(case, ctx)
    concealed = calcutil.tile_string(case.get("concealed"), "concealed")
    melds = _melds(case, caishen)
    win_type = ctx.get("win_type", "self_draw")
    if win_type not in WIN_TYPES:
        raise InvalidCaseError(f"win_type must be 'self_draw' or 'discard', got {win_type!r}")
    self_piao = _int(ctx.get("self_piao", 0), "self_piao", 0, 2)
    other_piao = _int(ctx.get("other_piao", 0), "other_piao", 0, 2)
    needed = win_type == "discard" or self_piao >= 1
    win_tile = _win_tile(
        ctx.get("win_tile"),
        concealed,
        needed,
        "for a discard win or when self_piao >= 1",
        held=False,
    )
    # CASES.md §1.3: a well-formed hand whose context contradicts itself cannot win (false);
    # only a `score` case, which must be a legal win, makes these errors
    replacement, robbing = (
        calcutil.flag(ctx, "replacement_draw"),
        calcutil.flag(ctx, "robbing_kong"),
    )
    if (win_tile is not None and win_tile not in concealed) or (
        robbing if win_type == "self_draw" else replacement
    ):
        return False
    manner = _manner(win_type, ctx)
    if _has_flower(concealed, melds):
        return False
    situation = scoring.WinSituation(manner, win_tile, self_piao, other_piao, _locked(ctx, caishen))
    return scoring.is_legal_win(concealed, melds, caishen, situation)


def _waits(case: Mapping[str, Any]) -> list[str]:
    ctx = calcutil.context(case)
    caishen = _caishen(case, ctx)
    concealed = calcutil.tile_string(case.get("concealed"), "concealed")
    melds = _melds(case, caishen)
    if _has_flower(concealed, melds) or len(concealed) + 3 * len(melds) != 13:
        return []
    if not all(meld_allowed(m, caishen) for m in melds):
        return []
    return [tile_str(x) for x in range(34) if is_winning_shape(concealed + [x], melds, caishen)]


def _score(case: Mapping[str, Any]) -> dict[str, Any]:
    ctx = calcutil.context(case)
    caishen = _caishen(case, ctx)
    concealed = calcutil.tile_string(case.get("concealed"), "concealed")
    melds = _melds(case, caishen)
    if "win_type" not in case:
        raise InvalidCaseError("win_type is required")
    manner = _manner(case["win_type"], ctx)
    win_tile = _win_tile(case.get("win_tile"), concealed, True, "for a score case")
    if _has_flower(concealed, melds):
        raise InvalidCaseError("Yiwu has no flower tiles")
    winner = _seat(case.get("winner"), "winner")
    dealer = _seat(case.get("dealer"), "dealer")
    discarder: int | None = None
    if case["win_type"] == "discard":
        discarder = _seat(case.get("discarder"), "discarder")
        if discarder == winner:
            raise InvalidCaseError("the discarder cannot be the winner")
    mai = _vector(ctx, "mai", 0, 1)
    xiazi = _vector(ctx, "xiazi", 0, 1 << 30)
    piao = _piao(ctx)
    feeder = _feeder(ctx, piao)
    situation = scoring.WinSituation(
        manner,
        win_tile,
        piao[winner],
        max(piao[s] for s in range(4) if s != winner),
        _locked(ctx, caishen),
    )
    if not scoring.is_legal_win(concealed, melds, caishen, situation):
        raise InvalidCaseError(
            f"not a legal win: {format_tiles(concealed)} ({manner}) in this context"
        )
    result = scoring.score_win(
        concealed, melds, caishen, winner=winner, dealer=dealer, manner=manner, win_tile=win_tile,
        discarder=discarder, piao=piao, mai=mai, xiazi=xiazi, feeder=feeder,
    )  # fmt: skip
    return {
        "multiplier": result.multiplier,
        "patterns": result.patterns,
        "deltas": result.deltas,
        "payer": result.payer,
    }


def _piao(ctx: Mapping[str, Any]) -> list[int]:
    piao = _vector(ctx, "piao", 0, 2)
    if sum(1 for p in piao if p) > 1:
        raise InvalidCaseError("at most one player can be in 飘 state (only three 财神 are live)")
    return piao


def _feeder(ctx: Mapping[str, Any], piao: list[int]) -> int | None:
    feeder = _optional_seat(ctx.get("feeder"), "feeder")
    if feeder is None:
        return None
    if not any(piao):
        raise InvalidCaseError("a feeder (承包者) needs a player in 飘 state")
    if piao[feeder]:
        raise InvalidCaseError("the feeder cannot be the 飘 player")
    return feeder


# ---------------------------------------------------------------- settle events


def _settle_draw(ctx: Mapping[str, Any]) -> dict[str, Any]:
    dealer = _seat(ctx.get("dealer"), "dealer")
    piao = _piao(ctx)
    _optional_seat(ctx.get("feeder"), "feeder")  # §13: the 双飘 penalty ignores any contractor
    deltas = scoring.draw_deltas(
        dealer, piao, _vector(ctx, "mai", 0, 1), _vector(ctx, "xiazi", 0, 1 << 30)
    )
    return {"deltas": deltas, "rake": 0, "next_dealer": dealer}


def _settle_coins(ctx: Mapping[str, Any]) -> dict[str, Any]:
    points = ctx.get("points")
    if not isinstance(points, list) or len(points) != 4:
        raise InvalidCaseError("points must be a list of 4 integers")
    pts = [_int(p, "points", -(1 << 62), 1 << 62) for p in points]
    n = _int(ctx.get("N"), "N", 0, 1 << 62)
    a = _int(ctx.get("A"), "A", 0, 1 << 62)
    return {"deltas": [n * p - a for p in pts], "rake": 4 * a}


def _settle_xiazi_then_win(ctx: Mapping[str, Any]) -> dict[str, Any]:
    dealer = _seat(ctx.get("dealer"), "dealer")
    hands = ctx.get("hands", [])
    if not isinstance(hands, list):
        raise InvalidCaseError("hands must be a list")
    opt_in = ctx.get("opt_in", {}) or {}
    if not isinstance(opt_in, Mapping):
        raise InvalidCaseError("opt_in must be an object {seat: hand index}")
    joins: dict[int, list[int]] = {}
    for key, index in opt_in.items():
        seat = _seat(int(key) if isinstance(key, str) and key.isdigit() else key, "opt_in seat")
        if seat == dealer:
            raise InvalidCaseError("the dealer never 下子s")
        k = _int(index, "opt_in hand index", 0, len(hands) - 1)
        joins.setdefault(k, []).append(seat)
    xiazi = [0, 0, 0, 0]
    for k, hand in enumerate(hands):
        result, m = _tenure_hand(hand)
        if result == scoring.DRAW and k in joins:
            raise InvalidCaseError(f"no 下子 opt-in after a 流局 (hands[{k}])")
        xiazi = scoring.next_xiazi(dealer, xiazi, result, m, joins.get(k, ()))
    win = ctx.get("win")
    if not isinstance(win, Mapping):
        raise InvalidCaseError("win must be a score case object")
    win_ctx = dict(calcutil.context(win))
    win_ctx["xiazi"] = xiazi
    scored = _score({**win, "dealer": dealer, "context": win_ctx})
    return {"xiazi": xiazi, "deltas": scored["deltas"], "rake": 0,
            "multiplier": scored["multiplier"], "patterns": scored["patterns"]}  # fmt: skip


def _tenure_hand(hand: Any) -> tuple[str, int]:
    if not isinstance(hand, Mapping) or hand.get("result") not in (
        scoring.DEALER_WIN,
        scoring.DRAW,
    ):
        raise InvalidCaseError(f"each hand is {{'result': 'dealer_win'|'draw', ...}}, got {hand!r}")
    if hand["result"] == scoring.DRAW:
        return scoring.DRAW, 0
    m = hand.get("multiplier")
    if m not in (1, 2, 4, 8, 16) or isinstance(m, bool):
        raise InvalidCaseError(f"a dealer win's multiplier is 1, 2, 4, 8 or 16, got {m!r}")
    return scoring.DEALER_WIN, m


SETTLE_EVENTS = {
    "draw": _settle_draw,
    "coins": _settle_coins,
    "xiazi_then_win": _settle_xiazi_then_win,
}


def _settle(case: Mapping[str, Any]) -> dict[str, Any]:
    ctx = calcutil.context(case)
    event = ctx.get("event")
    if not isinstance(event, str) or event not in SETTLE_EVENTS:
        raise InvalidCaseError(
            f"unknown settle event {event!r}; expected one of {', '.join(SETTLE_EVENTS)}"
        )
    return SETTLE_EVENTS[event](ctx)


KINDS = {"win": _win, "waits": _waits, "score": _score, "settle": _settle}


def calc_case(case: dict[str, Any]) -> Any:
    """Evaluate one Yiwu calculator case (CASES.md §6); InvalidCaseError for invalid input."""
    kind = case.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise InvalidCaseError(f"unknown kind {kind!r}")
    return KINDS[kind](case)
