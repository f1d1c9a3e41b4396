"""Calculator adapter for Shaanxi (shared/rules/CASES.md §4): JSON case in, JSON result out.

Only input checking and conversion live here; the rules are in shapes, scoring and rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.engine import calcutil
from games.engine.errors import InvalidCaseError
from games.engine.tiles import (
    KONG_TYPES,
    Meld,
    counts_of,
    parse_meld,
    parse_tile,
    parse_tiles,
    tile_str,
)
from games.engine.variants.shaanxi import rules, scoring, shapes
from games.engine.variants.shaanxi.ranks import rank_for

Case = Mapping[str, Any]
WIN_TYPES = ("discard", "self_draw")


# ---------------------------------------------------------------- input helpers


def _need(obj: Case, key: str, where: str = "case") -> Any:
    if not isinstance(obj, Mapping) or key not in obj:
        raise InvalidCaseError(f"{where} needs {key!r}")
    return obj[key]


def _paozi(ctx: Mapping[str, Any]) -> list[int]:
    return calcutil.seat_vector(ctx.get("paozi", [0, 0, 0, 0]), "paozi", 0, scoring.MAX_PAOZI)


def _hand(case: Case) -> tuple[list[int], list[Meld]]:
    """Concealed counts and parsed melds; malformed notation raises InvalidCaseError."""
    if case.get("wild") is not None:
        raise InvalidCaseError("shaanxi has no wildcard: 'wild' must be null or absent")
    concealed = _need(case, "concealed")
    if not isinstance(concealed, str):
        raise InvalidCaseError(f"concealed must be a tile string, got {concealed!r}")
    melds_json = case.get("melds", [])
    if melds_json is None:
        melds_json = []
    if not isinstance(melds_json, list):
        raise InvalidCaseError(f"melds must be a list, got {melds_json!r}")
    try:
        counts = counts_of(parse_tiles(concealed))
        melds = [parse_meld(m) for m in melds_json]
    except InvalidCaseError:
        raise
    except Exception as exc:  # InvalidNotationError and friends: one message per case
        raise InvalidCaseError(str(exc)) from exc
    return counts, melds


def _tile(value: Any, name: str) -> int:
    if not isinstance(value, str):
        raise InvalidCaseError(f"{name} must be a tile, got {value!r}")
    try:
        return parse_tile(value)
    except Exception as exc:
        raise InvalidCaseError(f"{name}: {exc}") from exc


def _kong_list(value: Any, name: str) -> list[scoring.KongPayment]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise InvalidCaseError(f"{name} must be a list of kongs, got {value!r}")
    out = []
    for i, item in enumerate(value):
        where = f"{name}[{i}]"
        seat = calcutil.seat(_need(item, "seat", where), f"{where}.seat")
        ktype = _need(item, "type", where)
        if ktype not in KONG_TYPES:
            raise InvalidCaseError(
                f"{where}.type must be one of {', '.join(KONG_TYPES)}, got {ktype!r}"
            )
        from_seat = None
        if ktype == "kong_exposed":
            from_seat = calcutil.seat(_need(item, "from_seat", where), f"{where}.from_seat")
            if from_seat == seat:
                raise InvalidCaseError(f"{where}: a seat cannot supply its own exposed kong")
        out.append(scoring.KongPayment(seat=seat, type=ktype, from_seat=from_seat))
    return out


# ---------------------------------------------------------------- kinds


def calc_win(case: Case) -> bool:
    """CASES.md §4.1 ``win``: any shape of §9.1, subject to the 漏胡 block of §6."""
    counts, melds = _hand(case)
    ctx = calcutil.context(case)
    win_type = ctx.get("win_type")
    if win_type is not None and win_type not in WIN_TYPES:
        raise InvalidCaseError(f"win_type must be 'discard' or 'self_draw', got {win_type!r}")
    lou_hu = ctx.get("lou_hu_tiles", [])
    if lou_hu is None:
        lou_hu = []
    if not isinstance(lou_hu, list):
        raise InvalidCaseError(f"lou_hu_tiles must be a list of tiles, got {lou_hu!r}")
    blocked = {_tile(t, "lou_hu_tiles") for t in lou_hu}
    win_tile = None
    if ctx.get("win_tile") is not None:
        win_tile = _tile(ctx["win_tile"], "win_tile")
        if not counts[win_tile]:
            return False  # CASES.md §1.3: a self-contradicting win case cannot win
    if win_type == "discard" and blocked:
        if win_tile is None:
            raise InvalidCaseError("a discard win with lou_hu_tiles needs win_tile")
        if win_tile in blocked:
            return False
    return shapes.is_win(counts, melds)


def calc_waits(case: Case) -> list[str]:
    """CASES.md §4.1 ``waits`` (§9.2)."""
    counts, melds = _hand(case)
    return [tile_str(k) for k in shapes.waits(counts, melds)]


def _own_kongs(winner: int, melds: list[Meld]) -> list[scoring.KongPayment]:
    out = []
    for meld in melds:
        if not meld.is_kong:
            continue
        from_seat = None
        if meld.type == "kong_exposed":
            if meld.from_ is None:
                raise InvalidCaseError("the winner's kong_exposed meld needs 'from'")
            from_seat = (winner + meld.from_) % 4
        out.append(scoring.KongPayment(seat=winner, type=meld.type, from_seat=from_seat))
    return out


def calc_score(case: Case) -> dict[str, Any]:
    """CASES.md §4.2 ``score``: patterns, hu, paozi, deltas, kong_deltas, hand_deltas."""
    counts, melds = _hand(case)
    ctx = calcutil.context(case)
    win_tile = _tile(_need(case, "win_tile"), "win_tile")
    win_type = _need(case, "win_type")
    if win_type not in WIN_TYPES:
        raise InvalidCaseError(f"win_type must be 'discard' or 'self_draw', got {win_type!r}")
    winner = calcutil.seat(_need(case, "winner"), "winner")
    dealer = calcutil.seat(_need(case, "dealer"), "dealer")
    discarder = calcutil.optional_seat(case.get("discarder"), "discarder")
    self_draw = win_type == "self_draw"
    if self_draw and discarder is not None:
        raise InvalidCaseError("a self_draw win has discarder null")
    if not self_draw and discarder is None:
        raise InvalidCaseError("a discard win needs the discarder's seat")
    if discarder == winner:
        raise InvalidCaseError("the winner cannot be the discarder")
    qiang_gang = calcutil.boolean(ctx.get("qiang_gang", False), "qiang_gang")
    if qiang_gang and self_draw:
        raise InvalidCaseError("qiang_gang is a discard win (the robbed player is the discarder)")
    paozi = _paozi(ctx)
    others = _kong_list(ctx.get("other_kongs", []), "other_kongs")
    if any(k.seat == winner for k in others):
        raise InvalidCaseError("other_kongs lists kongs of seats other than the winner")
    if not counts[win_tile]:
        raise InvalidCaseError(f"win_tile {tile_str(win_tile)} is not in the concealed tiles")
    found = shapes.win_shapes(counts, melds)
    if not found:
        raise InvalidCaseError("the hand is not a legal Shaanxi win")
    if qiang_gang:
        win_id = scoring.WIN_QIANG_GANG
    else:
        win_id = scoring.WIN_ZI_MO if self_draw else scoring.WIN_FANG_HU
    win = scoring.score_win(winner=winner, dealer=dealer, self_draw=self_draw, paozi=paozi)
    kongs = scoring.kong_deltas(_own_kongs(winner, melds) + others)
    deltas = win.deltas
    return {
        "patterns": [win_id, *found],
        "hu": win.hu,
        "paozi": win.paozi,
        "deltas": deltas,
        "kong_deltas": kongs,
        "hand_deltas": [d + k for d, k in zip(deltas, kongs, strict=True)],
    }


# ---------------------------------------------------------------- settle events


def _settle_escape(ctx: Mapping[str, Any]) -> dict[str, Any]:
    escaper = calcutil.seat(_need(ctx, "escaper", "context"), "escaper")
    return {"deltas": scoring.escape_deltas(escaper, _paozi(ctx)), "rake": 0}


def _settle_coins(ctx: Mapping[str, Any]) -> dict[str, Any]:
    points = calcutil.seat_vector(_need(ctx, "points", "context"), "points")
    n = calcutil.integer(_need(ctx, "N", "context"), "N", 0)
    coins = scoring.coin_deltas(points, n)
    return {"deltas": coins, "coins": coins, "rake": 0}


def _settle_kongs(ctx: Mapping[str, Any]) -> dict[str, Any]:
    kongs = _kong_list(_need(ctx, "kongs", "context"), "kongs")
    return {"deltas": scoring.kong_deltas(kongs)}


def _settle_huang_zhuang(ctx: Mapping[str, Any]) -> dict[str, Any]:
    dealer = calcutil.seat(_need(ctx, "dealer", "context"), "dealer")
    kongs = _kong_list(ctx.get("kongs", []), "kongs")
    paid = scoring.kong_deltas(kongs)
    # 荒庄荒杠 (§8): kong money already paid goes back, so the hand nets to zero for everyone.
    return {
        "deltas": [0, 0, 0, 0],
        "refunds": [-d for d in paid],
        "next_dealer": rules.next_dealer(dealer, None),
    }


def _settle_draw_check(ctx: Mapping[str, Any]) -> dict[str, Any]:
    k = calcutil.integer(_need(ctx, "kong_count", "context"), "kong_count", 0, 16)
    r = calcutil.integer(_need(ctx, "tiles_remaining", "context"), "tiles_remaining", 0)
    stacks = rules.reserve_stacks(k)
    return {
        "huang_zhuang": rules.is_huang_zhuang(k, r),
        "reserve_stacks": stacks,
        "reserve_tiles": 2 * stacks,
    }


def _settle_next_dealer(ctx: Mapping[str, Any]) -> dict[str, Any]:
    dealer = calcutil.seat(_need(ctx, "dealer", "context"), "dealer")
    winner = calcutil.optional_seat(_need(ctx, "winner", "context"), "winner")
    return {"next_dealer": rules.next_dealer(dealer, winner)}


def _settle_jie_hu(ctx: Mapping[str, Any]) -> dict[str, Any]:
    discarder = calcutil.seat(_need(ctx, "discarder", "context"), "discarder")
    claimants = _need(ctx, "claimants", "context")
    if not isinstance(claimants, list) or not claimants:
        raise InvalidCaseError(f"claimants must be a non-empty list of seats, got {claimants!r}")
    seats = [calcutil.seat(c, "claimants") for c in claimants]
    if discarder in seats:
        raise InvalidCaseError("the discarder cannot win on its own discard")
    return {"winner": rules.jie_hu_winner(discarder, seats)}


def _settle_rank(ctx: Mapping[str, Any]) -> dict[str, Any]:
    points = calcutil.integer(_need(ctx, "points", "context"), "points")
    return {"rank": rank_for(points)}


def _settle_dice(ctx: Mapping[str, Any]) -> dict[str, Any]:
    dealer = calcutil.seat(_need(ctx, "dealer", "context"), "dealer")
    rolls = []
    for key in ("dice1", "dice2"):
        pair = _need(ctx, key, "context")
        if not isinstance(pair, list) or len(pair) != 2:
            raise InvalidCaseError(f"{key} must be a list of two dice, got {pair!r}")
        rolls.append(sum(calcutil.integer(d, key, 1, 6) for d in pair))
    second = rules.second_roller(dealer, rolls[0])
    skipped = rules.skip_stacks(rolls[0], rolls[1])
    return {
        "second_roller": second,
        "skip_stacks": skipped,
        "start_stack": rules.start_stack(second, skipped),
    }


SETTLE_EVENTS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "escape": _settle_escape,
    "coins": _settle_coins,
    "kongs": _settle_kongs,
    "huang_zhuang": _settle_huang_zhuang,
    "draw_check": _settle_draw_check,
    "next_dealer": _settle_next_dealer,
    "jie_hu": _settle_jie_hu,
    "rank": _settle_rank,
    "dice": _settle_dice,
}


def calc_settle(case: Case) -> dict[str, Any]:
    """CASES.md §4.3 ``settle``: dispatch on ``context.event``."""
    ctx = calcutil.context(case)
    event = _need(ctx, "event", "context")
    handler = SETTLE_EVENTS.get(event) if isinstance(event, str) else None
    if handler is None:
        raise InvalidCaseError(
            f"unknown settle event {event!r}; expected one of {', '.join(SETTLE_EVENTS)}"
        )
    return handler(ctx)


KINDS: dict[str, Callable[[Case], Any]] = {
    "win": calc_win,
    "waits": calc_waits,
    "score": calc_score,
    "settle": calc_settle,
}


def calc_case(case: dict[str, Any]) -> Any:
    """Evaluate one CASES.md case of variant ``shaanxi``; invalid input raises InvalidCaseError.

    >>> calc_case({"id": "x", "kind": "waits", "concealed": "112233m445566p7s", "melds": []})
    ['7s']
    """
    if not isinstance(case, Mapping):
        raise InvalidCaseError("a case must be an object")
    kind = case.get("kind")
    handler = KINDS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise InvalidCaseError(f"unknown kind {kind!r}; expected win, waits, score or settle")
    return handler(case)
