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
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from games.engine.encoding import POW5 as _POW5
from games.engine.encoding import tile_keys
from games.engine.errors import InvalidCaseError
from games.engine.fastwin import SUIT_W0, is_standard_win, win0_from_keys
from games.engine.hand import decompositions, seven_pairs
from games.engine.tiles import Meld, number_of, suit_of

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
SUITS = ("m", "p", "s")
N_SUITED = 27

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


def _counts(tiles: Iterable[int]) -> list[int]:
    counts = [0] * 42
    for t in tiles:
        counts[t] = counts[t] + 1
    return counts


def all_tiles(concealed: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """Every tile of a hand, concealed and melded (a kong gives four).

    >>> from games.engine.tiles import parse_meld
    >>> all_tiles([0, 1], [parse_meld({"type": "kong_concealed", "tiles": "5555p"})])
    [0, 1, 13, 13, 13, 13]
    """
    out = list(concealed)
    for m in melds:
        out.extend(m.tiles)
    return out


def suits_held(tiles: Iterable[int]) -> set[str]:
    """The suit letters present among ``tiles``."""
    return {suit_of(t) for t in tiles}


def breaks_suit_rule(tiles: Iterable[int], missing_suit: str | None) -> bool:
    """§4.3: a void-suit tile, or with no declaration three suits (or any non-suited tile).

    >>> breaks_suit_rule([0, 9], "s"), breaks_suit_rule([0, 9], "p"), breaks_suit_rule([0, 9, 18], None)
    (False, True, True)
    """
    suits = suits_held(tiles)
    if not suits <= set(SUITS):
        return True
    if missing_suit is None:
        return len(suits) > 2
    return missing_suit in suits


def is_flower_pig(
    concealed: Sequence[int], melds: Sequence[Meld], missing_suit: str | None
) -> bool:
    """§8 step 1: 花猪 holds a tile of the declared void suit (no declaration: all three suits).

    >>> from games.engine.tiles import parse_tiles
    >>> is_flower_pig(parse_tiles("3m1122556p23455s"), [], "m")
    True
    """
    suits = suits_held(all_tiles(concealed, melds))
    if missing_suit is None:
        return len(suits & set(SUITS)) == 3
    return missing_suit in suits


def is_win(concealed: Sequence[int], melds: Sequence[Meld], missing_suit: str | None) -> bool:
    """§4.1-4.3: is this complete hand (winning tile included) a legal Sichuan win?

    >>> from games.engine.tiles import parse_tiles
    >>> is_win(parse_tiles("234567m33456789p"), [], "s"), is_win(parse_tiles("234567m33456789p"), [], "p")
    (True, False)
    """
    if len(concealed) + 3 * len(melds) != 14:
        return False
    if any(m.type == "chow" for m in melds):
        return False
    tiles = all_tiles(concealed, melds)
    if breaks_suit_rule(tiles, missing_suit):
        return False
    if max(_counts(tiles)) > 4:
        return False
    counts = _counts(concealed)
    if is_standard_win(counts):
        return True
    return not melds and seven_pairs(counts)


def waits(concealed: Sequence[int], melds: Sequence[Meld], missing_suit: str | None) -> list[int]:
    """§4.4: the kinds that complete the hand, minus kinds already held four times.

    Exactly ``waits_by_trial`` (one ``is_win`` per kind), from one count and the cached per-suit
    wait masks of ``standard_wait_mask``: 大叫 checks every seat at a draw.

    >>> from games.engine.tiles import parse_tiles, format_tiles
    >>> format_tiles(waits(parse_tiles("34578m11123789p"), [], "s"))
    '69m'
    """
    if len(concealed) + 3 * len(melds) != 13:
        return []
    held = [0] * 42
    for t in concealed:
        held[t] = held[t] + 1
    counts = list(held)
    for m in melds:
        if m.type == "chow":
            return []
        for t in m.tiles:
            held[t] = held[t] + 1
    if max(held) > 4 or any(held[N_SUITED:]):
        return []  # a fifth copy or a non-suited tile: no added tile makes a legal win
    in_suit = [any(held[b : b + 9]) for b in (0, 9, 18)]
    if missing_suit is None:
        if all(in_suit):
            return []
        allowed = [g for g in range(3) if in_suit[g]] if sum(in_suit) == 2 else [0, 1, 2]
    elif missing_suit in SUITS:
        void = SUITS.index(missing_suit)
        if in_suit[void]:
            return []
        allowed = [g for g in range(3) if g != void]
    else:
        allowed = [0, 1, 2]  # not a suit letter: no suit restriction (as ``breaks_suit_rule``)
    k0, k1, k2, _ = tile_keys(concealed)
    mask = standard_wait_mask(k0, k1, k2)
    if not melds:
        odd = [t for t in range(N_SUITED) if counts[t] & 1]
        if len(odd) == 1:
            mask |= 1 << odd[0]  # the seventh pair
    return [t for t in range(N_SUITED) if mask >> t & 1 and t // 9 in allowed and held[t] < 4]


_W0: Final = SUIT_W0
_SUIT_WAITS: Final[dict[int, int]] = {}
_NEAR9: Final = tuple(sum(1 << q for q in range(max(p - 2, 0), min(p + 3, 9))) for p in range(9))
"""Per position, the positions at most two steps away (itself included)."""


def _suit_waits(key: int, code: int) -> int:
    """Bit p set when one more tile at position p (held fewer than four times) turns the suit
    with group key ``key`` into one of ``fastwin`` w0 code ``code`` (1: sets; 8: sets and the pair).

    Only positions near a held tile are tried: the added tile sits in a pung, a run or the pair
    with a held tile at most two steps away (an empty suit completes with no single tile)."""
    found = _SUIT_WAITS.get(key << 4 | code)
    if found is None:
        if len(_SUIT_WAITS) > 100_000:
            _SUIT_WAITS.clear()
        held = 0
        rest = key
        for p in range(9):
            if rest % 5:
                held |= 1 << p
            rest //= 5
        found = 0
        pow5 = _POW5
        near = _NEAR9
        codes = _W0
        for p in range(9):
            w = pow5[p]
            if near[p] & held and (key // w) % 5 < 4 and codes[key + w] == code:
                found |= 1 << p
        _SUIT_WAITS[key << 4 | code] = found
    return found


def standard_wait_mask(k0: int, k1: int, k2: int) -> int:
    """Bit t set when kind t completes a standard win of three suits with group keys k0, k1, k2
    (3n + 1 tiles, no honour), ignoring the suit rule.

    >>> from games.engine.tiles import parse_tiles, format_tiles
    >>> k = [0, 0, 0]
    >>> for t in parse_tiles("34578m11123789p"):
    ...     k[t // 9] += 5 ** (t % 9)
    >>> m = standard_wait_mask(*k)
    >>> format_tiles([t for t in range(27) if m >> t & 1])
    '69m'
    """
    codes = _W0
    a = codes[k0]
    b = codes[k1]
    c = codes[k2]
    mask = 0
    # The suit that takes the tile must end as sets (code 1) if the others hold the pair (1 + 8),
    # as sets and the pair (code 8) if the others are sets alone (1 + 1).
    if b + c == 2 or b + c == 9:
        mask |= _suit_waits(k0, 10 - b - c)
    if a + c == 2 or a + c == 9:
        mask |= _suit_waits(k1, 10 - a - c) << 9
    if a + b == 2 or a + b == 9:
        mask |= _suit_waits(k2, 10 - a - b) << 18
    return mask


def waits_by_trial(
    concealed: Sequence[int], melds: Sequence[Meld], missing_suit: str | None
) -> list[int]:
    """``waits`` by definition: every kind not held four times that makes ``is_win`` true.

    >>> from games.engine.tiles import parse_tiles, format_tiles
    >>> format_tiles(waits_by_trial(parse_tiles("34578m11123789p"), [], "s"))
    '69m'
    """
    if len(concealed) + 3 * len(melds) != 13:
        return []
    held = _counts(all_tiles(concealed, melds))
    out = []
    for t in range(N_SUITED):
        if held[t] >= 4:
            continue
        if is_win([*concealed, t], melds, missing_suit):
            out.append(t)
    return out


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


def _is_terminal_number(t: int) -> bool:
    return number_of(t) in (1, 9)


def _standard_patterns(concealed: Sequence[int], melds: Sequence[Meld], qing: bool) -> set[str]:
    """Basic ids reachable by some standard reading (§5.1)."""
    found = {"pinghu"}
    meld_kinds = [m.tiles[0] for m in melds]
    all_258 = all(number_of(t) in (2, 5, 8) for t in all_tiles(concealed, melds))
    for d in decompositions(_counts(concealed)):
        pungs_only = all(kind == "pung" for kind, _ in d.sets)
        if pungs_only:
            found.add("qingdui" if qing else "duiduihu")
            found.add("duiduihu")
            if all_258:
                found.add("jiangdui")
        yaojiu = _is_terminal_number(d.pair) and all(_is_terminal_number(k) for k in meld_kinds)
        yaojiu = yaojiu and all(
            _is_terminal_number(t) if kind == "pung" else number_of(t) in (1, 7)
            for kind, t in d.sets
        )
        if yaojiu:
            found.add("daiyaojiu")
            if qing:
                found.add("qingyaojiu")
    return found


def _seven_pair_patterns(concealed: Sequence[int], qing: bool) -> set[str]:
    has_four = 4 in _counts(concealed)
    if has_four:
        return {"qinglongqidui", "longqidui"} if qing else {"longqidui"}
    return {"qingqidui", "qidui"} if qing else {"qidui"}


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
    fast = _fast_candidates(concealed, melds)
    return reference_candidates(concealed, melds) if fast is None else fast


def reference_candidates(concealed: Sequence[int], melds: Sequence[Meld]) -> frozenset[str]:
    """``basic_candidates`` by definition, from every standard reading (``hand.decompositions``)."""
    qing = len(suits_held(all_tiles(concealed, melds))) == 1
    counts = _counts(concealed)
    found: set[str] = set()
    if is_standard_win(counts):
        found |= _standard_patterns(concealed, melds, qing)
    if not melds and seven_pairs(counts):
        found |= _seven_pair_patterns(concealed, qing)
    if found and qing:
        found.add("qingyise")
    return frozenset(found)


_PUNGS_ONLY_BAD = frozenset({1, 4})
_YAOJIU_REST = (0, 2, 3)


def _fast_candidates(concealed: Sequence[int], melds: Sequence[Meld]) -> frozenset[str] | None:
    """``reference_candidates`` without enumerating readings; None outside its domain (a chow
    meld, a non-suited tile, five copies), where the caller falls back to the reference.

    With no jokers the readings that matter are forced. All pungs: every concealed kind is held 0,
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


def dajiao_value(concealed: Sequence[int], melds: Sequence[Meld], missing_suit: str | None) -> int:
    """§8 step 2: 6 × 2^(F−1) for the best wait scored as a plain discard win; 0 if not ready.

    >>> from games.engine.tiles import parse_tiles
    >>> dajiao_value(parse_tiles("1133p224466779s"), [], "m"), dajiao_value(parse_tiles("13579m1234s"), [], "p")
    (24, 0)
    """
    key = (tuple(sorted(concealed)), tuple(melds), missing_suit)
    value = _DAJIAO.get(key)
    if value is None:
        if len(_DAJIAO) > 20_000:
            _DAJIAO.clear()
        best = 0
        for t in waits(concealed, melds, missing_suit):
            best = max(best, best_fan([*concealed, t], melds).fan)
        value = _DAJIAO[key] = hand_points(best) if best else 0
    return value


_DAJIAO: dict[tuple[tuple[int, ...], tuple[Meld, ...], str | None], int] = {}
"""dajiao_value by sorted hand, melds and void: a draw asks for each seat twice (settlement, event)."""


@dataclass(frozen=True)
class PlayerHand:
    """A seat at a draw or an escape: its 13-tile hand, or just ``won``."""

    won: bool = False
    concealed: tuple[int, ...] = ()
    melds: tuple[Meld, ...] = ()
    missing_suit: str | None = None


@dataclass
class KongRecord:
    """A kong's actual income (``payments`` = [(payer, amount)]), and whether 杠上炮 handed it over."""

    seat: int
    type: str
    tile: int
    payments: list[tuple[int, int]] = field(default_factory=list)
    transferred: bool = False


def _check_hand13(p: PlayerHand, seat: int) -> None:
    if len(p.concealed) + 3 * len(p.melds) != 13:
        raise InvalidCaseError(f"seat {seat}: a waiting hand has 13 − 3 per meld concealed tiles")


def draw_settlement(
    players: Sequence[PlayerHand],
    kongs: Sequence[KongRecord] = (),
    escaped: Iterable[int] = (),
    mode: str = MODE_NORMAL,
) -> list[int]:
    """§8: 查花猪, 查大叫 and kong refunds among the un-won players. Returns the draw's deltas.

    >>> from games.engine.tiles import parse_tiles
    >>> hands = [PlayerHand(False, tuple(parse_tiles(h)), (), s) for h, s in
    ...          [("3m1122556p23455s", "m"), ("234567m5566789p", "s"), ("13579m13456799s", "p"),
    ...           ("1133p224466779s", "m")]]
    >>> draw_settlement(hands)
    [-288, 102, 66, 120]
    """
    return draw_settlement_checks(players, kongs, escaped, mode)[0]


def draw_settlement_checks(
    players: Sequence[PlayerHand],
    kongs: Sequence[KongRecord] = (),
    escaped: Iterable[int] = (),
    mode: str = MODE_NORMAL,
) -> tuple[list[int], dict[int, bool], dict[int, int]]:
    """``draw_settlement`` with what it found per un-won seat: the deltas, 花猪 (seat -> bool) and
    大叫 values (seat -> points, 0 for a pig or a hand not ready); both dicts empty when fewer than
    two seats are left (no checks). Live play shows the checks without making them twice."""
    if len(players) != 4:
        raise InvalidCaseError("a draw needs the four players")
    won = check_won([s for s, p in enumerate(players) if p.won], mode)
    escaped = frozenset(escaped)
    for s in escaped:
        _check_seat(s, "an escaped seat")
        if s not in won:
            raise InvalidCaseError(f"escaped seat {s} has not won (only 血战 winners can leave)")
    deltas = [0, 0, 0, 0]
    live = [s for s in range(4) if s not in won]
    pig: dict[int, bool] = {}
    value: dict[int, int] = {}
    if len(live) < 2:
        return deltas, pig, value
    for s in live:
        _check_hand13(players[s], s)
    for s in live:
        ph = players[s]
        pig[s] = is_flower_pig(ph.concealed, ph.melds, ph.missing_suit)
    for s in live:
        ph = players[s]
        value[s] = 0 if pig[s] else dajiao_value(ph.concealed, ph.melds, ph.missing_suit)
    for p in live:  # 查花猪
        if pig[p]:
            for q in live:
                if not pig[q]:
                    _pay(deltas, p, q, PIG_PENALTY)
    for p in live:  # 查大叫
        if not pig[p] and value[p] == 0:
            for q in live:
                if value[q]:
                    _pay(deltas, p, q, value[q])
    for k in kongs:  # kong refunds by every un-won player who is not ready
        _check_seat(k.seat, "kong seat")
        if k.seat in won or value[k.seat] or k.transferred:
            continue
        for payer, amount in k.payments:
            _check_seat(payer, "kong payer")
            if payer not in escaped:
                _pay(deltas, k.seat, payer, amount)
    return deltas, pig, value


def _pay(deltas: list[int], payer: int, payee: int, amount: int) -> None:
    deltas[payer] = deltas[payer] - amount
    deltas[payee] = deltas[payee] + amount


# ---------------------------------------------------------------------------------------------
# Escape (§10)


def escape_settlement(
    escaper: int,
    won: Iterable[int] = (),
    last_four: bool = False,
    players: Sequence[PlayerHand] | None = None,
    mode: str = MODE_NORMAL,
) -> list[int]:
    """§10.3-10.4: the escaper's penalty; zeros when a 血战 winner leaves (§9.6).

    >>> escape_settlement(3)
    [96, 96, 96, -288]
    """
    _check_seat(escaper, "escaper")
    won = check_won(won, mode)
    deltas = [0, 0, 0, 0]
    if escaper in won:
        return deltas
    others = [s for s in range(4) if s != escaper and s not in won]
    penalty = [(s, PIG_PENALTY) for s in others]
    if last_four:
        if players is None or len(players) != 4:
            raise InvalidCaseError("a last-four escape needs the four players' hands")
        dajiao = []
        for s in others:
            _check_hand13(players[s], s)
            v = dajiao_value(players[s].concealed, players[s].melds, players[s].missing_suit)
            if v:
                dajiao.append((s, v))
        # §10.4: the higher total wins; a tie keeps the 96·k method.
        if sum(v for _, v in dajiao) > sum(v for _, v in penalty):
            penalty = dajiao
    for s, v in penalty:
        _pay(deltas, escaper, s, v)
    return deltas


# ---------------------------------------------------------------------------------------------
# 一炮多响 (§6.1, §6.3)


@dataclass(frozen=True)
class WinnerHand:
    """One winner of a win event: its final hand (winning tile included) and flags."""

    seat: int
    concealed: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    missing_suit: str | None = None
    gangshanghua: bool = False
    gangshangpao: bool = False
    first_draw: bool = False


def multi_win(
    discarder: int,
    winners: Sequence[WinnerHand],
    *,
    dealer: int,
    win_tile: int | None = None,
    mode: str = MODE_NORMAL,
    won: Iterable[int] = (),
    kong_transfer: int = 0,
    qianggang: bool = False,
) -> tuple[list[int], dict[int, Score]]:
    """§6.1 一炮多响: the discarder pays each winner its own points, plus the full 杠上炮 transfer each.

    >>> from games.engine.tiles import parse_tiles
    >>> w = [WinnerHand(1, tuple(parse_tiles("123456789m12399p")), (), "s", gangshangpao=True),
    ...      WinnerHand(3, tuple(parse_tiles("22444777p333888s")), (), "m", gangshangpao=True)]
    >>> deltas, scores = multi_win(0, w, dealer=0, kong_transfer=18)
    >>> deltas, {s: sc.fan for s, sc in scores.items()}
    ([-72, 30, 0, 42], {1: 2, 3: 3})
    """
    won = check_won(won, mode)
    if not winners:
        raise InvalidCaseError("a win needs at least one winner")
    seats = [w.seat for w in winners]
    if len(set(seats)) != len(seats):
        raise InvalidCaseError("a seat is listed twice among the winners")
    if len(won) + len(seats) > 3 or (mode == MODE_NORMAL and len(seats) > 3):
        raise InvalidCaseError("too many winners")
    deltas = [0, 0, 0, 0]
    scores: dict[int, Score] = {}
    for w in winners:
        ctx = ScoreContext(
            missing_suit=w.missing_suit,
            mode=mode,
            won=won,
            gangshangpao=w.gangshangpao,
            kong_transfer=kong_transfer,
            qianggang=qianggang,
            first_draw=w.first_draw,
        )
        sc = score(w.concealed, w.melds, win_tile, DISCARD, w.seat, discarder, dealer, ctx)
        scores[w.seat] = sc
        for i in range(4):
            deltas[i] = deltas[i] + sc.deltas[i]
    return deltas, scores


# ---------------------------------------------------------------------------------------------
# Coins (§12)


def coins(points: Sequence[int], n: int, a: int) -> tuple[list[int], int]:
    """§12.2: coin_i = N·P_i − A for every seat; the house takes 4A.

    >>> coins([54, -18, -18, -18], 200, 400)
    ([10400, -4000, -4000, -4000], 1600)
    """
    if len(points) != 4 or sum(points) != 0:
        raise InvalidCaseError("points must be four integers summing to 0")
    if n < 0 or a < 0:
        raise InvalidCaseError("N and A must not be negative")
    return [n * p - a for p in points], 4 * a


# ---------------------------------------------------------------------------------------------
# The hand ledger (§9.4-9.6, CASES.md §3.3 `game`)


@dataclass(frozen=True)
class KongEvent:
    seat: int
    kind: str
    tile: int
    from_seat: int | None = None


@dataclass(frozen=True)
class WinEvent:
    win_type: str
    winners: tuple[WinnerHand, ...]
    discarder: int | None = None
    win_tile: int | None = None
    qianggang: bool = False


@dataclass(frozen=True)
class EscapeEvent:
    seat: int
    last_four: bool = False
    players: tuple[PlayerHand, ...] | None = None


@dataclass(frozen=True)
class DrawEvent:
    players: tuple[PlayerHand, ...]


LedgerEvent = KongEvent | WinEvent | EscapeEvent | DrawEvent


@dataclass
class Ledger:
    """Replays the point events of one hand (or one 血战 game) in order.

    >>> led = Ledger(mode="normal", dealer=0)
    >>> led.kong(KongEvent(seat=0, kind="kong_concealed", tile=4))
    >>> led.points
    [36, -12, -12, -12]
    """

    mode: str
    dealer: int
    points: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    won: set[int] = field(default_factory=set)
    escaped: set[int] = field(default_factory=set)
    kongs: list[KongRecord] = field(default_factory=list)
    ended: bool = False
    _streak: list[KongRecord] = field(default_factory=list)  # kongs right before the next event

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise InvalidCaseError(f"mode must be one of {MODES}, got {self.mode!r}")
        _check_seat(self.dealer, "dealer")

    def apply(self, event: LedgerEvent) -> None:
        """Apply one event; raises InvalidCaseError after the hand has ended."""
        if self.ended:
            raise InvalidCaseError("an event came after the hand had ended")
        if isinstance(event, KongEvent):
            self.kong(event)
            return
        streak, self._streak = self._streak, []
        if isinstance(event, WinEvent):
            self.win(event, streak)
        elif isinstance(event, EscapeEvent):
            self.escape(event)
        else:
            self.draw(event)

    def _apply_deltas(self, deltas: Sequence[int]) -> None:
        for i in range(4):
            self.points[i] += deltas[i]

    def _check_live(self, seat: int, what: str) -> None:
        _check_seat(seat, what)
        if seat in self.won:
            raise InvalidCaseError(f"{what} {seat} has already won")

    def kong(self, ev: KongEvent) -> None:
        """§6.2: 直杠 1× from the discarder, 面下杠 1× and 暗杠 2× from each other un-won player."""
        self._check_live(ev.seat, "kong seat")
        if ev.kind not in KONG_UNITS:
            raise InvalidCaseError(f"unknown kong kind {ev.kind!r}")
        amount = KONG_UNITS[ev.kind] * BASE
        if ev.kind == "kong_exposed":
            if ev.from_seat is None:
                raise InvalidCaseError("a kong_exposed event needs from_seat")
            self._check_live(ev.from_seat, "from_seat")
            if ev.from_seat == ev.seat:
                raise InvalidCaseError("a player cannot kong their own discard")
            payers = [ev.from_seat]
        else:
            payers = [s for s in range(4) if s != ev.seat and s not in self.won]
        record = KongRecord(ev.seat, ev.kind, ev.tile, [(p, amount) for p in payers])
        for p in payers:
            self.points[p] -= amount
            self.points[ev.seat] += amount
        if self._streak and self._streak[-1].seat != ev.seat:
            self._streak = []
        self._streak.append(record)
        self.kongs.append(record)

    def win(self, ev: WinEvent, streak: Sequence[KongRecord] = ()) -> None:
        """§6.1 / §6.3: one win event; 杠上炮 hands over the discarder's kongs just before it."""
        if ev.win_type == SELF_DRAW:
            if len(ev.winners) != 1:
                raise InvalidCaseError("a self-draw has exactly one winner")
            w = ev.winners[0]
            ctx = ScoreContext(
                missing_suit=w.missing_suit,
                mode=self.mode,
                won=frozenset(self.won),
                gangshanghua=w.gangshanghua,
                gangshangpao=w.gangshangpao,
                first_draw=w.first_draw,
            )
            sc = score(
                w.concealed, w.melds, ev.win_tile, SELF_DRAW, w.seat, ev.discarder, self.dealer, ctx
            )
            self._apply_deltas(sc.deltas)
        elif ev.win_type == DISCARD:
            if ev.discarder is None:
                raise InvalidCaseError("a discard win needs a discarder")
            transfer_kongs = [k for k in streak if k.seat == ev.discarder]
            transfer = sum(a for k in transfer_kongs for _, a in k.payments)
            deltas, _ = multi_win(
                ev.discarder,
                ev.winners,
                dealer=self.dealer,
                win_tile=ev.win_tile,
                mode=self.mode,
                won=self.won,
                kong_transfer=transfer,
                qianggang=ev.qianggang,
            )
            if any(w.gangshangpao for w in ev.winners):
                for k in transfer_kongs:
                    k.transferred = True
            self._apply_deltas(deltas)
        else:
            raise InvalidCaseError(
                f"win_type must be 'self_draw' or 'discard', got {ev.win_type!r}"
            )
        self.won.update(w.seat for w in ev.winners)
        if self.mode == MODE_NORMAL or len(self.won) >= 3:
            self.ended = True

    def escape(self, ev: EscapeEvent) -> None:
        """§10 for an un-won escaper (ends the hand); §9.6 for a 血战 winner (no later refunds)."""
        _check_seat(ev.seat, "escape seat")
        if ev.seat in self.won:
            self.escaped.add(ev.seat)
            return
        self._apply_deltas(
            escape_settlement(ev.seat, self.won, ev.last_four, ev.players, self.mode)
        )
        self.ended = True

    def draw(self, ev: DrawEvent) -> None:
        """§8 using the kongs recorded so far."""
        if len(ev.players) != 4:
            raise InvalidCaseError("a draw needs the four players")
        players = [
            PlayerHand(s in self.won, p.concealed, p.melds, p.missing_suit)
            for s, p in enumerate(ev.players)
        ]
        self._apply_deltas(draw_settlement(players, self.kongs, self.escaped, self.mode))
        self.ended = True


def game(mode: str, dealer: int, events: Iterable[LedgerEvent]) -> list[int]:
    """Replay a hand's events and return each seat's net points (§9.4).

    >>> game("normal", 0, [KongEvent(0, "kong_added", 23)])
    [18, -6, -6, -6]
    """
    led = Ledger(mode=mode, dealer=dealer)
    for ev in events:
        led.apply(ev)
    return led.points
