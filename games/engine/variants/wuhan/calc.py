"""Wuhan hand-calculator cases (shared/rules/CASES.md §5): thin JSON adapters over scoring/rules.

>>> calc_case({"id": "x", "kind": "settle", "context": {"event": "laizi", "indicator": "9m"}})
{'laizi': '1m'}
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, Final

from games.engine import calcutil
from games.engine.errors import InvalidCaseError
from games.engine.tiles import Meld, counts_of, format_tiles, parse_tiles, tile_str
from games.engine.variants.wuhan import rules
from games.engine.variants.wuhan.scoring import (
    DISCARD,
    SITUATIONS,
    WIN_TYPES,
    SeatFactors,
    WinContext,
    WinFacts,
    WinScore,
    basic_violation,
    best_reading,
    context_violation,
    has_reading,
    may_win_kinds,
    may_win_with,
    score_win,
)

_COUNT_KEYS: Final = ("openings", "an_gang", "ming_gang", "hongzhong_gang", "laizi_gang")
_HONOUR_FACES: Final = frozenset(range(27, rules.RED_DRAGON))  # 1z-6z: 乱风 faces (scoring's set)
_JIANG_FACES: Final = frozenset(k for k in range(27) if k % 9 in (1, 4, 7))  # suited 2, 5, 8: 乱将


def calc_case(case: Mapping[str, Any]) -> Any:
    """Evaluate one CASES.md case of variant ``wuhan``; raises InvalidCaseError on bad input."""
    if not isinstance(case, Mapping):
        raise InvalidCaseError("a case must be an object")
    kind = case.get("kind")
    handler = _KINDS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise InvalidCaseError(f"unknown kind {kind!r}; expected win, waits, score or settle")
    return handler(case)


# ---------------------------------------------------------------------------------------------
# Field readers
# ---------------------------------------------------------------------------------------------


def _concealed(case: Mapping[str, Any]) -> list[int]:
    if "concealed" not in case:
        raise InvalidCaseError("missing concealed")
    return parse_tiles(case["concealed"])


def _melds(case: Mapping[str, Any]) -> list[Meld]:
    return calcutil.melds(case.get("melds", []))


def _wild(case: Mapping[str, Any]) -> int | None:
    value = case.get("wild")
    if value is None:
        return None
    wild = calcutil.tile(value, "wild")
    if wild >= 34:
        raise InvalidCaseError("Wuhan has no flower tiles")
    if wild == rules.RED_DRAGON:
        raise InvalidCaseError("红中 (7z) is never the 癞子")
    return wild


def _koukou(ctx: Mapping[str, Any]) -> bool:
    mode = ctx.get("mode", rules.MODE_KAIKOU)
    if mode is None:
        mode = rules.MODE_KAIKOU
    if mode not in rules.MODES:
        raise InvalidCaseError(f"mode must be kaikou or koukou, got {mode!r}")
    return mode == rules.MODE_KOUKOU or ctx.get("koukou") is True


def _win_context(ctx: Mapping[str, Any], win_type: Any, win_tile: Any) -> WinContext:
    if win_type is None:
        win_type = "self_draw"
    if win_type not in WIN_TYPES:
        raise InvalidCaseError(f"win_type must be self_draw or discard, got {win_type!r}")
    situations = ctx.get("situations", [])
    if situations is None:
        situations = []
    if not isinstance(situations, list) or any(s not in SITUATIONS for s in situations):
        raise InvalidCaseError(f"situations must be a list of {', '.join(SITUATIONS)}")
    tile = None if win_tile is None else calcutil.tile(win_tile, "win_tile")
    return WinContext(win_type=win_type, win_tile=tile, situations=frozenset(situations))


# ---------------------------------------------------------------------------------------------
# Kinds
# ---------------------------------------------------------------------------------------------


def _win(case: Mapping[str, Any]) -> bool:
    ctx = calcutil.context(case)
    concealed, melds, wild = _concealed(case), _melds(case), _wild(case)
    win_ctx = _win_context(
        ctx, ctx.get("win_type", case.get("win_type")), ctx.get("win_tile", case.get("win_tile"))
    )
    if win_ctx.win_tile is not None and win_ctx.win_tile not in concealed:
        return False  # CASES.md §1.3: a self-contradicting win case cannot win
    return best_reading(concealed, melds, wild, win_ctx) is not None


def _waits(case: Mapping[str, Any]) -> list[str]:
    concealed, melds, wild = _concealed(case), _melds(case), _wild(case)
    return [tile_str(t) for t in waits(concealed, melds, wild)]


def waits(concealed: list[int], melds: list[Meld], wild: int | None) -> list[int]:
    """§6.2 waits: kinds (not 7z) whose self-draw completes a legal win, minus kinds held 4 times.

    >>> from games.engine.tiles import parse_meld, parse_tile
    >>> melds = [parse_meld({"type": "chow", "tiles": "345p", "from": 3}),
    ...          parse_meld({"type": "kong_added", "tiles": "7777m", "from": 2})]
    >>> [tile_str(t) for t in waits(parse_tiles("55m23467s"), melds, parse_tile("2z"))]
    ['5s', '8s', '2z']
    """
    return list(_iter_waits(concealed, melds, wild))


def is_ready(concealed: list[int], melds: list[Meld], wild: int | None) -> bool:
    """``bool(waits(concealed, melds, wild))``, stopping at the first wait."""
    return next(_iter_waits(concealed, melds, wild), None) is not None


def _iter_waits(concealed: list[int], melds: list[Meld], wild: int | None) -> Iterator[int]:
    # A kind is tried only when scoring.may_win_with (a necessary condition of a reading, exact
    # for the hands it may see here: a kind held 4 times is skipped first) lets it through.
    # Only the kinds may_win_with can let through are tried, in kind order: those of the cached
    # may_win_kinds of the hand, the 癞子, and the honour / 2-5-8 faces when 乱风 / 乱将 may apply.
    hand = tuple(sorted(concealed))
    standard, honours, jiang, _red = may_win_kinds(hand, wild)
    candidates = set(standard)
    if wild is not None:
        candidates.add(wild)
    if honours:
        candidates |= _HONOUR_FACES
    if jiang:
        candidates |= _JIANG_FACES
    if not candidates:
        return
    held = counts_of(concealed + [t for m in melds for t in m.tiles])
    ctx = WinContext()
    for kind in sorted(candidates):
        if kind == rules.RED_DRAGON or held[kind] >= 4:
            continue
        if not may_win_with(hand, kind, melds, wild):
            continue
        if has_reading(concealed + [kind], melds, wild, ctx):
            yield kind


def _score(case: Mapping[str, Any]) -> dict[str, Any]:
    ctx = calcutil.context(case)
    concealed, melds, wild = _concealed(case), _melds(case), _wild(case)
    for key in ("win_tile", "win_type", "winner", "dealer"):
        if key not in case:
            raise InvalidCaseError(f"missing {key}")
    win_ctx = _win_context(ctx, case["win_type"], case["win_tile"])
    winner, dealer = (
        calcutil.seat(case["winner"], "winner"),
        calcutil.seat(case["dealer"], "dealer"),
    )
    discarder = _discarder(case.get("discarder"), win_ctx.win_type, winner)
    if win_ctx.win_tile not in concealed:
        raise InvalidCaseError(f"win_tile {case['win_tile']} is not in concealed")
    reading = best_reading(concealed, melds, wild, win_ctx)
    if reading is None:
        why = basic_violation(concealed, melds, wild) or context_violation(win_ctx, wild)
        raise InvalidCaseError(f"not a legal Wuhan win: {why or 'no legal shape (§6)'}")
    ready = ctx.get("discarder_ready")
    if ready is not None and not isinstance(ready, bool):
        raise InvalidCaseError("discarder_ready must be a boolean")
    facts = WinFacts(winner, dealer, win_ctx.win_type, discarder, tuple(melds), _koukou(ctx), ready)
    return win_json(score_win(reading, facts, _players(ctx)))


def win_json(result: WinScore) -> dict[str, Any]:
    """A scored win as JSON: the calculator's answer, and the core of a live win record."""
    return {
        "patterns": result.patterns,
        "base": result.base,
        "multipliers": result.multipliers,
        "raw": result.raw,
        "deltas": result.deltas,
        "cheng_bao": result.cheng_bao,
    }


def _discarder(value: Any, win_type: str, winner: int) -> int | None:
    if win_type != DISCARD:
        if value is not None:
            raise InvalidCaseError("a self_draw win has no discarder")
        return None
    if value is None:
        raise InvalidCaseError("a discard win needs a discarder")
    seat = calcutil.seat(value, "discarder")
    if seat == winner:
        raise InvalidCaseError("the discarder cannot be the winner")
    return seat


def _players(ctx: Mapping[str, Any]) -> list[SeatFactors]:
    players = ctx.get("players", {})
    if players is None:
        players = {}
    if not isinstance(players, Mapping):
        raise InvalidCaseError("players must be an object keyed by seat")
    out = [SeatFactors()] * 4
    for key, counts in players.items():
        if str(key) not in ("0", "1", "2", "3"):
            raise InvalidCaseError(f"players key must be a seat '0'-'3', got {key!r}")
        if counts is None:
            continue
        if not isinstance(counts, Mapping):
            raise InvalidCaseError(f"players[{key!r}] must be an object")
        values = {}
        for name in _COUNT_KEYS:
            value = calcutil.integer(counts.get(name, 0), f"players[{key!r}].{name}")
            if value < 0:
                raise InvalidCaseError(f"players[{key!r}].{name} cannot be negative")
            values[name] = value
        out[int(key)] = SeatFactors(**values)
    return out


# ---------------------------------------------------------------------------------------------
# Settle events (CASES.md §5.3)
# ---------------------------------------------------------------------------------------------


def _settle(case: Mapping[str, Any]) -> dict[str, Any]:
    ctx = calcutil.context(case)
    event = ctx.get("event")
    handler = _EVENTS.get(event) if isinstance(event, str) else None
    if handler is None:
        raise InvalidCaseError(f"unknown settle event {event!r}")
    return handler(ctx)


def _rake_fields(ctx: Mapping[str, Any], deltas: list[int]) -> dict[str, Any]:
    if ctx.get("N") is None and ctx.get("A") is None:
        return {}
    n = calcutil.integer(ctx.get("N", 1), "N")
    a = calcutil.integer(ctx.get("A", 0), "A")
    coins, rake = rules.coin_settlement(deltas, n, a)
    return {"coins": coins, "rake": rake}


def _settle_coins(ctx: Mapping[str, Any]) -> dict[str, Any]:
    winner = calcutil.seat(ctx.get("winner"), "winner")
    xs = calcutil.seat_vector(ctx.get("losses"), "losses")
    points = [0 if s == winner else -xs[s] for s in range(4)]
    points[winner] = sum(xs[s] for s in range(4) if s != winner)
    coins, rake = rules.coin_settlement(
        points, calcutil.integer(ctx.get("N"), "N"), calcutil.integer(ctx.get("A"), "A")
    )
    return {"deltas": coins, "rake": rake}


def _settle_escape(ctx: Mapping[str, Any]) -> dict[str, Any]:
    escaper = calcutil.seat(ctx.get("escaper"), "escaper")
    deltas = rules.escape_deltas(escaper, _koukou(ctx))
    return {"deltas": deltas, **_rake_fields(ctx, deltas)}


def _settle_huang_zhuang(ctx: Mapping[str, Any]) -> dict[str, Any]:
    dealer = calcutil.seat(ctx.get("dealer"), "dealer")
    out: dict[str, Any] = {"deltas": [0, 0, 0, 0], "next_dealer": rules.next_dealer(dealer, None)}
    if ctx.get("A") is not None:
        a = calcutil.integer(ctx["A"], "A")
        out.update(coins=[-a] * 4, rake=4 * a)
    return out


def _settle_next_dealer(ctx: Mapping[str, Any]) -> dict[str, Any]:
    dealer = calcutil.seat(ctx.get("dealer"), "dealer")
    winner = ctx.get("winner")
    winner_seat = None if winner is None else calcutil.seat(winner, "winner")
    return {"next_dealer": rules.next_dealer(dealer, winner_seat)}


def _settle_claim_priority(ctx: Mapping[str, Any]) -> dict[str, Any]:
    dealer = calcutil.seat(ctx.get("dealer"), "dealer")
    discarder = calcutil.seat(ctx.get("discarder"), "discarder")
    claimants = ctx.get("claimants")
    if not isinstance(claimants, list) or not claimants:
        raise InvalidCaseError("claimants must be a non-empty list of seats")
    seats = [calcutil.seat(c, "claimants[i]") for c in claimants]
    if discarder in seats:
        raise InvalidCaseError("the discarder cannot claim its own discard")
    return {"winner": rules.claim_winner(dealer, discarder, seats)}


def _settle_laizi(ctx: Mapping[str, Any]) -> dict[str, Any]:
    indicator = calcutil.tile(ctx.get("indicator"), "indicator")
    if indicator >= 34:
        raise InvalidCaseError("Wuhan has no flower tiles")
    return {"laizi": tile_str(rules.laizi_for(indicator))}


def _settle_rank(ctx: Mapping[str, Any]) -> dict[str, Any]:
    return {"rank": rules.rank_for(calcutil.integer(ctx.get("points"), "points"))}


_EVENTS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "coins": _settle_coins,
    "escape": _settle_escape,
    "huang_zhuang": _settle_huang_zhuang,
    "next_dealer": _settle_next_dealer,
    "claim_priority": _settle_claim_priority,
    "laizi": _settle_laizi,
    "rank": _settle_rank,
}

_KINDS: dict[str, Callable[[Mapping[str, Any]], Any]] = {
    "win": _win,
    "waits": _waits,
    "score": _score,
    "settle": _settle,
}

__all__ = ["calc_case", "waits", "format_tiles"]
