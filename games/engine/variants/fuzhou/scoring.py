"""Fuzhou hand analysis and scoring on parsed tiles (shared/rules/fuzhou.md §9-§12).

Everything here works on tile kinds (ints, games.engine.tiles) and Meld objects, so the live play
engine and the calculator share it. The gold face ``gold`` is the kind of the opened gold: every
copy of it in a concealed hand is a wildcard (§5.1) and no meld may contain it.

>>> from games.engine.tiles import parse_tiles, parse_tile
>>> ctx = WinContext(gold=parse_tile("9p"), win_type=DISCARD, win_tile=parse_tile("8s"))
>>> is_legal_win(parse_tiles("123m345m678m22p456p7s9p8s"), (), ctx)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from games.engine.hand import is_standard_win
from games.engine.tiles import Meld, counts_of

HAND_SIZE: Final = 17
"""A complete Fuzhou hand: 17 tiles, every meld counted as 3 (§10.1)."""
WAIT_SIZE: Final = 16

SELF_DRAW = "self_draw"
DISCARD = "discard"
WIN_TYPES = (SELF_DRAW, DISCARD)

TIANHU = "tianhu"
"""Special: the dealer's initial 17 tiles win (§11.2)."""
QIANGJIN = "qiangjin"
"""Special: a waiting player robs the opened gold (§11.3)."""
SPECIALS = (TIANHU, QIANGJIN)

PINGHU_WUHUA = "pinghu_wuhua"
PINGHU_YIHUA = "pinghu_yihua"
SANJINDAO = "sanjindao"
JINQUE = "jinque"
JINLONG = "jinlong"

SPECIAL_FAN = {
    TIANHU: 30,
    QIANGJIN: 30,
    PINGHU_WUHUA: 30,
    PINGHU_YIHUA: 15,
    SANJINDAO: 40,
    JINQUE: 60,
    JINLONG: 120,
}
"""§11.1: flat special values; only the largest one counts."""

BASE: Final = 5
"""The constant term of §12.3: X = (F + G + S + 5) × 2 + M."""

LIVE_GOLDS: Final = 3
"""§5 (F4): the indicator is out of play, so three golds are live; 抢金 adds the fourth."""

_FREE_PAIR_KIND: Final = 27
"""An honour kind never held in a Fuzhou hand (honours are flowers), used as a stand-in pair."""

SEASONS = range(34, 38)
PLANTS = range(38, 42)


def is_fuzhou_flower(kind: int) -> bool:
    """Every honour and every f tile is a flower in Fuzhou (§1).

    >>> is_fuzhou_flower(27), is_fuzhou_flower(26)
    (True, False)
    """
    return kind >= 27


@dataclass(frozen=True, slots=True)
class WinContext:
    """How a win came about: the gold face, the manner, the winning tile and special moments."""

    gold: int
    win_type: str = SELF_DRAW
    win_tile: int | None = None
    special: str | None = None
    discarded_gold: bool = False

    @property
    def self_drawn(self) -> bool:
        return self.win_type == SELF_DRAW or self.special is not None


def gold_count(concealed: Sequence[int], gold: int) -> int:
    """G of §12.2: the golds among the concealed tiles."""
    return sum(1 for t in concealed if t == gold)


def natural_counts(concealed: Sequence[int], gold: int) -> list[int]:
    """Counts of the concealed tiles with the golds taken out (they are the wildcards)."""
    counts = counts_of(concealed)
    counts[gold] = 0
    return counts


def hand_is_well_formed(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    gold: int,
    *,
    size: int = HAND_SIZE,
    max_golds: int = LIVE_GOLDS,
) -> bool:
    """The tiles could exist in a Fuzhou hand: the right size, no flower, no gold in a meld, chows
    only from the previous player, at most four copies of a face and at most ``max_golds`` golds
    (§1, §5, §8.1, §10.1)."""
    if len(concealed) + 3 * len(melds) != size:
        return False
    if any(is_fuzhou_flower(t) for t in concealed):
        return False
    held = counts_of(concealed)
    for meld in melds:
        if meld.type == "chow" and meld.from_ not in (None, 3):
            return False  # §8.1: a chow is made only on the previous player's discard
        for t in meld.tiles:
            if is_fuzhou_flower(t) or t == gold:
                return False
            held[t] = held[t] + 1
    if held[gold] > max_golds:
        return False
    return all(n <= 4 for n in held[:27])


def is_standard(concealed: Sequence[int], gold: int) -> bool:
    """Five sets and a pair, melds counting as sets, golds standing for any suited face (§10.2)."""
    return is_standard_win(natural_counts(concealed, gold), gold_count(concealed, gold))


def is_jinque(concealed: Sequence[int], gold: int) -> bool:
    """金雀 (§11.6, F18): some standard reading uses two golds as the pair.

    The other tiles (and the remaining golds) must then form sets only; that is tested as a
    standard win with a pair of a face no Fuzhou hand holds (if a reading makes that face a pung
    with a gold, its pair plus that gold is a set, so sets-only still holds).
    """
    golds = gold_count(concealed, gold)
    if golds < 2:
        return False
    counts = natural_counts(concealed, gold)
    counts[_FREE_PAIR_KIND] = counts[_FREE_PAIR_KIND] + 2
    return is_standard_win(counts, golds - 2)


def is_jinlong(concealed: Sequence[int], gold: int) -> bool:
    """金龙 (§11.7, F19): three golds are a pung by themselves and the rest is complete."""
    golds = gold_count(concealed, gold)
    if golds < 3:
        return False
    return is_standard_win(natural_counts(concealed, gold), golds - 3)


def _max_golds(ctx: WinContext) -> int:
    return LIVE_GOLDS + 1 if ctx.special == QIANGJIN else LIVE_GOLDS


def is_legal_win(concealed: Sequence[int], melds: Sequence[Meld], ctx: WinContext) -> bool:
    """§10.3 with §9, §11.2, §11.3 and §11.5: may these 17 tiles win in this manner?"""
    if not hand_is_well_formed(concealed, melds, ctx.gold, max_golds=_max_golds(ctx)):
        return False
    if ctx.win_tile is not None and ctx.win_tile not in concealed:
        return False
    if ctx.special == QIANGJIN:
        return ctx.gold in concealed and is_standard(concealed, ctx.gold)
    if ctx.self_drawn:
        return gold_count(concealed, ctx.gold) >= 3 or is_standard(concealed, ctx.gold)
    if ctx.discarded_gold or ctx.win_tile is None or ctx.win_tile == ctx.gold:
        return False
    return is_standard(concealed, ctx.gold)


def flower_quartets(flowers: Sequence[int]) -> int:
    """Complete sets of four: 4 × one honour, the four seasons, the four plants (§1, F1)."""
    if len(flowers) < 4:
        return 0
    counts = counts_of(flowers)
    quartets = sum(1 for k in range(27, 34) if counts[k] >= 4)
    quartets += all(counts[k] for k in SEASONS)
    quartets += all(counts[k] for k in PLANTS)
    return quartets


def flower_points(flowers: Sequence[int], melds: Sequence[Meld]) -> int:
    """花番 F (§12.1): flowers, +2 per quartet, exposed/added kong 1, concealed kong 2.

    >>> from games.engine.tiles import parse_tiles
    >>> flower_points(parse_tiles("1111z3f"), [Meld("kong_concealed", (24,) * 4)])
    9
    """
    kongs = sum(2 if m.type == "kong_concealed" else 1 for m in melds if m.is_kong)
    return len(flowers) + 2 * flower_quartets(flowers) + kongs


def win_patterns(
    concealed: Sequence[int], melds: Sequence[Meld], ctx: WinContext, flowers: Sequence[int]
) -> list[str]:
    """Every §11.1 id that holds for this (legal) win."""
    gold = ctx.gold
    golds = gold_count(concealed, gold)
    patterns: list[str] = []
    if ctx.special is not None:
        patterns.append(ctx.special)
    if not any(m.is_kong for m in melds):
        if not flowers:
            patterns.append(PINGHU_WUHUA)
        elif len(flowers) == 1:
            patterns.append(PINGHU_YIHUA)
    if golds >= 3 and ctx.self_drawn and ctx.special != QIANGJIN:
        patterns.append(SANJINDAO)
    if is_jinque(concealed, gold):
        patterns.append(JINQUE)
    if is_jinlong(concealed, gold):
        patterns.append(JINLONG)
    return patterns


def special_fan(patterns: Sequence[str]) -> int:
    """M: the largest special value, 0 if none (§11.1)."""
    return max((SPECIAL_FAN[p] for p in patterns), default=0)


def hand_value(huafan: int, jin: int, streak: int, special: int) -> int:
    """X = (F + G + S + 5) × 2 + M, what one payer pays (§12.3).

    >>> hand_value(3, 1, 0, 0)
    18
    """
    return (huafan + jin + streak + BASE) * 2 + special


def win_deltas(winner: int, value: int, self_drawn: bool, discarder: int | None) -> list[int]:
    """§12.3: a self-draw takes X from each other seat; a discard win X from the discarder."""
    deltas = [0, 0, 0, 0]
    if self_drawn:
        deltas = [-value] * 4
        deltas[winner] = 3 * value
        return deltas
    if discarder is None or discarder == winner:
        raise ValueError("a discard win needs a discarder other than the winner")
    deltas[winner] = value
    deltas[discarder] = -value
    return deltas


@dataclass(frozen=True, slots=True)
class WinScore:
    """The value of one win (§15) and its per-seat deltas."""

    huafan: int
    jin: int
    lianzhuang: int
    special_fan: int
    fan: int
    patterns: tuple[str, ...]
    deltas: tuple[int, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "huafan": self.huafan,
            "jin": self.jin,
            "lianzhuang": self.lianzhuang,
            "special_fan": self.special_fan,
            "fan": self.fan,
            "patterns": list(self.patterns),
            "deltas": list(self.deltas),
        }


def score_win(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    ctx: WinContext,
    *,
    flowers: Sequence[int],
    streak: int,
    winner: int,
    discarder: int | None,
) -> WinScore:
    """Score a win that ``is_legal_win`` accepted (§15)."""
    patterns = win_patterns(concealed, melds, ctx, flowers)
    huafan = flower_points(flowers, melds)
    jin = gold_count(concealed, ctx.gold)
    special = special_fan(patterns)
    value = hand_value(huafan, jin, streak, special)
    deltas = win_deltas(winner, value, ctx.self_drawn, discarder)
    return WinScore(huafan, jin, streak, special, value, tuple(patterns), tuple(deltas))


def waits(concealed: Sequence[int], melds: Sequence[Meld], gold: int) -> list[int]:
    """§10.4: the suited faces whose draw makes a legal self-draw win (F13: not a face whose
    every live copy the hand already holds: four, or three of the gold face)."""
    if not hand_is_well_formed(concealed, melds, gold, size=WAIT_SIZE):
        return []
    held = counts_of(concealed)
    for meld in melds:  # hand_is_well_formed has vetted the melds
        for t in meld.tiles:
            held[t] = held[t] + 1
    golds = held[gold]
    base = natural_counts(concealed, gold)
    out: list[int] = []
    for face in range(27):
        if held[face] >= (LIVE_GOLDS if face == gold else 4):
            continue
        if face == gold:
            wins = golds + 1 >= 3 or is_standard_win(base, golds + 1)
        else:
            base[face] = base[face] + 1
            wins = golds >= 3 or is_standard_win(base, golds)
            base[face] = base[face] - 1
        if wins:
            out.append(face)
    return out
