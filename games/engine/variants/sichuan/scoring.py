"""Sichuan (四川麻将 / 血战到底) scoring and settlement: pure functions on parsed tiles.

Every rule cites shared/rules/sichuan.md. Tiles are kind ints and melds are ``Meld`` values from
``games.engine.tiles``; ``calc.py`` holds the thin JSON adapters for the hand calculator
(shared/rules/CASES.md §3). The live play engine calls the same functions.

>>> from games.engine.tiles import parse_tiles
>>> s = score(parse_tiles("234567m33456789p"), [], parse_tiles("3p")[0], "discard",
...           winner=2, discarder=0, dealer=0, ctx=ScoreContext(missing_suit="s"))
>>> (s.fan, s.points, s.basic, s.deltas)
(1, 6, 'pinghu', (-6, 0, 6, 0))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from games.engine.encoding import tile_keys
from games.engine.errors import InvalidCaseError
from games.engine.hand import win0_from_keys
from games.engine.tiles import Meld
from games.engine.variants.sichuan.shape import N_SUITED as N_SUITED
from games.engine.variants.sichuan.shape import SUITS as SUITS
from games.engine.variants.sichuan.shape import _counts as _counts
from games.engine.variants.sichuan.shape import all_tiles as all_tiles
from games.engine.variants.sichuan.shape import breaks_suit_rule as breaks_suit_rule
from games.engine.variants.sichuan.shape import is_flower_pig as is_flower_pig
from games.engine.variants.sichuan.shape import is_win as is_win
from games.engine.variants.sichuan.shape import standard_wait_mask as standard_wait_mask
from games.engine.variants.sichuan.shape import suits_held as suits_held
from games.engine.variants.sichuan.shape import waits as waits
from games.engine.variants.sichuan.shape import waits_by_trial as waits_by_trial

BASE = 6
"""基本分: one 倍 unit is 6 points (§5.3)."""
PIG_PENALTY = 16 * BASE
"""查花猪 and the escape penalty: 16× = 96 points (§8 step 1, §10.3)."""
KONG_UNITS = {"kong_exposed": 1, "kong_added": 1, "kong_concealed": 2}
"""刮风下雨 amounts in 倍 units (§6.2)."""

MODE_NORMAL = "normal"
"""普通场: the hand ends at the first win event."""
MODE_XUEZHAN = "xuezhan"
"""血战到底: play goes on until three players have won (§9)."""
MODES = (MODE_NORMAL, MODE_XUEZHAN)
SELF_DRAW = "self_draw"
DISCARD = "discard"

BASIC_FAN = {
    "pinghu": 1,
    "duiduihu": 2,
    "qingyise": 3,
    "daiyaojiu": 3,
    "qidui": 3,
    "qingdui": 4,
    "jiangdui": 4,
    "longqidui": 5,
    "qingqidui": 5,
    "qingyaojiu": 5,
    "tianhu": 6,
    "dihu": 6,
    "qinglongqidui": 6,
}
"""§5.1 basic patterns and their fan."""
TIE_ORDER = (
    "tianhu",
    "dihu",
    "qinglongqidui",
    "longqidui",
    "qingqidui",
    "qingyaojiu",
    "qingdui",
    "jiangdui",
    "qidui",
    "qingyise",
    "daiyaojiu",
    "duiduihu",
    "pinghu",
)
"""§5.3 item 4: the fixed order that breaks a tie of total and basic fan."""
DRAGON_PATTERNS = frozenset({"longqidui", "qinglongqidui"})
"""Patterns that use up one root (§5.2)."""
_TIE_RANK: Final = {pid: i for i, pid in enumerate(TIE_ORDER)}


# ---------------------------------------------------------------------------------------------
# Hand shape


# ---------------------------------------------------------------------------------------------
# Fan (§5)


def count_roots(concealed: Sequence[int], melds: Sequence[Meld]) -> int:
    """§5.2 根: kinds held four times in the final hand, kongs included.

    >>> from games.engine.tiles import parse_tiles, parse_meld
    >>> count_roots(parse_tiles("12345678999p"), [parse_meld({"type": "pung", "tiles": "555p", "from": 2})])
    1
    """
    counts = [0] * 42
    for t in concealed:
        counts[t] = counts[t] + 1
    for m in melds:
        for t in m.tiles:
            counts[t] = counts[t] + 1
    return counts.count(4)


def basic_candidates(concealed: Sequence[int], melds: Sequence[Meld]) -> set[str]:
    """§5.3 step 1: every basic id some reading of this (legal, complete) hand qualifies for.

    >>> from games.engine.tiles import parse_tiles
    >>> sorted(basic_candidates(parse_tiles("112233m11778899p"), []))
    ['daiyaojiu', 'pinghu', 'qidui']
    """
    return set(_cached_candidates(tuple(sorted(concealed)), tuple(melds)))


@lru_cache(maxsize=4096)
def _cached_candidates(concealed: tuple[int, ...], melds: tuple[Meld, ...]) -> frozenset[str]:
    # Cached because the live engine re-scores the same hands (大叫 at every draw, claims).
    found = _candidates(concealed, melds)
    if found is None:
        raise ValueError(f"not a Sichuan hand (an honour, a chow or a fifth copy): {concealed}")
    return found


_PUNGS_ONLY_BAD = frozenset({1, 4})
_YAOJIU_REST = (0, 2, 3)


def _candidates(concealed: Sequence[int], melds: Sequence[Meld]) -> frozenset[str] | None:
    """``basic_candidates``, without enumerating readings; None for what no Sichuan hand holds (a
    chow meld, a non-suited tile, five copies: ``is_win`` refuses them all).

    §5.1 asks which basic patterns *some* reading of the hand qualifies for. With no jokers the
    readings that matter are forced. All pungs: every concealed kind is held 0,
    2 or 3 times, exactly one of them twice (the pair). 带幺九: in each suit the 2s and 3s can only
    sit in 123 runs and the 7s and 8s in 789 runs (no 4, 5 or 6 at all), so those counts match and
    what is left of the 1s and of the 9s is a pung (3), the pair (2) or nothing, one pair in all.
    """
    counts = [0] * N_SUITED
    all258 = True  # every tile a 2, 5 or 8: kind % 9 in (1, 4, 7), i.e. kind % 3 == 1
    for t in concealed:
        if t >= N_SUITED or t < 0:
            return None
        counts[t] = counts[t] + 1
        if t % 3 != 1:
            all258 = False
    if max(counts) > 4:
        return None
    k0, k1, k2, _ = tile_keys(concealed)  # the suits' group keys, for the standard test
    held = (k0 > 0) | (k1 > 0) << 1 | (k2 > 0) << 2  # the suits held, as bits
    terminal_melds = True  # every meld's kind a 1 or a 9
    for m in melds:
        if m.type == "chow":
            return None
        kind = m.tiles[0]
        if kind % 9 != 0 and kind % 9 != 8:
            terminal_melds = False
        for t in m.tiles:
            if t >= N_SUITED or t < 0:
                return None
            held |= 1 << (t // 9)
            if t % 3 != 1:
                all258 = False
    found: set[str] = set()
    qing = held == 1 or held == 2 or held == 4
    # is_standard_win on the counts: 3n + 2 tiles and the suits' codes summing to 11
    if len(concealed) % 3 == 2 and win0_from_keys(k0, k1, k2, 0):
        found.add("pinghu")
        if counts.count(2) == 1 and not _PUNGS_ONLY_BAD.intersection(counts):
            found.add("qingdui" if qing else "duiduihu")
            found.add("duiduihu")
            if all258:
                found.add("jiangdui")
        if terminal_melds:
            pairs = 0
            for b in (0, 9, 18):
                c = counts[b : b + 9]
                if c[3] or c[4] or c[5] or c[1] != c[2] or c[6] != c[7]:
                    break
                r1 = c[0] - c[1]
                r9 = c[8] - c[7]
                if r1 not in _YAOJIU_REST or r9 not in _YAOJIU_REST:
                    break
                pairs += (r1 == 2) + (r9 == 2)
            else:
                if pairs == 1:
                    found.add("daiyaojiu")
                    if qing:
                        found.add("qingyaojiu")
    if not melds and len(concealed) == 14:
        for n in counts:
            if n & 1:
                break
        else:
            if 4 in counts:
                found |= {"qinglongqidui", "longqidui"} if qing else {"longqidui"}
            else:
                found |= {"qingqidui", "qidui"} if qing else {"qidui"}
    if found and qing:
        found.add("qingyise")
    return frozenset(found)


@dataclass(frozen=True)
class FanResult:
    """The chosen candidate of §5.3: its basic id, the counted roots and the total fan."""

    basic: str
    gen: int
    fan: int


def best_fan(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    *,
    add_ons: int = 0,
    special: str | None = None,
) -> FanResult:
    """§5.3: the best total over all candidates; ``special`` adds ``tianhu``/``dihu``.

    The hand must be a legal complete win (see ``is_win``).

    >>> from games.engine.tiles import parse_tiles
    >>> best_fan(parse_tiles("11112255m333344p"), [])
    FanResult(basic='longqidui', gen=1, fan=6)
    """
    roots = count_roots(concealed, melds)
    candidates = basic_candidates(concealed, melds)
    if special is not None:
        candidates.add(special)
    # max by (total, basic fan, tie order): one pass, no key tuples (the tie order is unique)
    best = ""
    best_total = best_fan_ = best_rank = 0
    for pid in candidates:
        basic = BASIC_FAN[pid]
        total = basic + add_ons + (roots - 1 if pid in DRAGON_PATTERNS else roots)
        rank = _TIE_RANK[pid]
        if (
            not best
            or total > best_total
            or (
                total == best_total
                and (basic > best_fan_ or (basic == best_fan_ and rank < best_rank))
            )
        ):
            best, best_total, best_fan_, best_rank = pid, total, basic, rank
    if not best:
        raise ValueError("max() arg is an empty sequence")
    gen = roots - 1 if best in DRAGON_PATTERNS else roots
    return FanResult(best, gen, BASIC_FAN[best] + add_ons + gen)


def hand_points(fan: int) -> int:
    """§5.3: 6 × 2^(fan−1).

    >>> hand_points(1), hand_points(4)
    (6, 48)
    """
    return BASE * (1 << (fan - 1))


# ---------------------------------------------------------------------------------------------
# One win (§5, §6.1)


@dataclass(frozen=True)
class ScoreContext:
    """The §16 / CASES.md §3.2 context of one win."""

    missing_suit: str | None = None
    mode: str = MODE_NORMAL
    won: frozenset[int] = frozenset()
    gangshanghua: bool = False
    gangshangpao: bool = False
    kong_transfer: int = 0
    qianggang: bool = False
    first_draw: bool = False


@dataclass(frozen=True)
class Score:
    """The value and payments of one win. ``deltas`` is this win alone (§16)."""

    fan: int
    multiplier: int
    points: int
    basic: str
    add_ons: tuple[str, ...]
    gen: int
    deltas: tuple[int, int, int, int]

    @property
    def patterns(self) -> list[str]:
        return [self.basic, *self.add_ons]


def _check_seat(seat: object, what: str) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise InvalidCaseError(f"{what} must be a seat 0-3, got {seat!r}")
    return seat


def check_won(won: Iterable[int], mode: str) -> frozenset[int]:
    """Validate the seats already out: distinct seats, none in normal mode, at most two."""
    seats = list(won)
    for s in seats:
        _check_seat(s, "a won seat")
    if len(set(seats)) != len(seats):
        raise InvalidCaseError(f"won lists a seat twice: {seats}")
    if mode == MODE_NORMAL and seats:
        raise InvalidCaseError(
            "no seat can be already out in normal mode (the hand ends at the first win)"
        )
    if len(seats) >= 3:
        raise InvalidCaseError("three seats have won: the 血战 game is over")
    return frozenset(seats)


def score(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    win_tile: int | None,
    win_type: str,
    winner: int,
    discarder: int | None,
    dealer: int,
    ctx: ScoreContext,
) -> Score:
    """Score one legal win (§5, §6.1). Raises InvalidCaseError for a hand that cannot win here.

    ``win_tile`` is only checked (one copy must be in ``concealed``); ``None`` skips the check.

    >>> from games.engine.tiles import parse_tiles, parse_meld
    >>> s = score(parse_tiles("12345678999p"), [parse_meld({"type": "pung", "tiles": "555p", "from": 2})],
    ...           parse_tiles("9p")[0], "self_draw", 1, None, 0, ScoreContext(missing_suit="m"))
    >>> (s.fan, s.multiplier, s.points, s.patterns, s.gen, s.deltas)
    (4, 8, 48, ['qingyise'], 1, (-48, 144, -48, -48))
    """
    _check_win_context(win_type, winner, discarder, dealer, ctx)
    if not is_win(concealed, melds, ctx.missing_suit):
        raise InvalidCaseError("the hand is not a legal Sichuan win (§4)")
    if win_tile is not None and win_tile not in concealed:
        raise InvalidCaseError("win_tile is not among the concealed tiles")
    return score_legal(concealed, melds, win_type, winner, discarder, dealer, ctx)


def score_legal(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    win_type: str,
    winner: int,
    discarder: int | None,
    dealer: int,
    ctx: ScoreContext,
) -> Score:
    """``score`` without its checks, for a win already known legal in a valid context (live
    play, where ``can_win`` decided it and the engine built the context)."""
    add_ons: list[str] = []
    if ctx.gangshanghua:
        add_ons.append("gangshanghua")
    if ctx.gangshangpao:
        add_ons.append("gangshangpao")
    special = None
    # §5.1: 天胡/地胡 are self-draws; a win on a kong replacement is 杠上花 instead (ambiguity 7).
    if ctx.first_draw and win_type == SELF_DRAW and not ctx.gangshanghua:
        special = "tianhu" if winner == dealer else "dihu"
    fan = best_fan(concealed, melds, add_ons=len(add_ons), special=special)
    points = hand_points(fan.fan)
    deltas = [0, 0, 0, 0]
    if win_type == SELF_DRAW:
        for seat in range(4):
            if seat != winner and seat not in ctx.won:
                deltas[seat] = deltas[seat] - points
                deltas[winner] = deltas[winner] + points
    else:
        assert discarder is not None
        paid = points + (ctx.kong_transfer if ctx.gangshangpao else 0)
        deltas[discarder] = deltas[discarder] - paid
        deltas[winner] = deltas[winner] + paid
    return Score(
        fan=fan.fan,
        multiplier=1 << (fan.fan - 1),
        points=points,
        basic=fan.basic,
        add_ons=tuple(add_ons),
        gen=fan.gen,
        deltas=(deltas[0], deltas[1], deltas[2], deltas[3]),
    )


def _check_win_context(
    win_type: str, winner: int, discarder: int | None, dealer: int, ctx: ScoreContext
) -> None:
    _check_seat(winner, "winner")
    _check_seat(dealer, "dealer")
    if ctx.mode not in MODES:
        raise InvalidCaseError(f"mode must be one of {MODES}, got {ctx.mode!r}")
    check_won(ctx.won, ctx.mode)
    if winner in ctx.won:
        raise InvalidCaseError(f"seat {winner} has already won and cannot win again")
    if (
        isinstance(ctx.kong_transfer, bool)
        or not isinstance(ctx.kong_transfer, int)
        or ctx.kong_transfer < 0
    ):
        raise InvalidCaseError("kong_transfer must be a non-negative integer")
    if win_type == SELF_DRAW:
        if discarder is not None:
            raise InvalidCaseError("a self_draw win has no discarder")
        if ctx.gangshangpao or ctx.qianggang:
            raise InvalidCaseError("gangshangpao and qianggang need win_type discard")
    elif win_type == DISCARD:
        _check_seat(discarder, "discarder")
        if discarder == winner:
            raise InvalidCaseError("the discarder cannot be the winner")
        if discarder in ctx.won:
            raise InvalidCaseError(f"seat {discarder} has already won and cannot discard")
        if ctx.gangshanghua:
            raise InvalidCaseError("gangshanghua needs win_type self_draw")
    else:
        raise InvalidCaseError(f"win_type must be 'self_draw' or 'discard', got {win_type!r}")


# ---------------------------------------------------------------------------------------------
# 大叫 and draws (§8)


# ---------------------------------------------------------------------------------------------
# Escape (§10)


# ---------------------------------------------------------------------------------------------
# 一炮多响 (§6.1, §6.3)


# ---------------------------------------------------------------------------------------------
# Coins (§12)


# ---------------------------------------------------------------------------------------------
# The hand ledger (§9.4-9.6, CASES.md §3.3 `game`)
