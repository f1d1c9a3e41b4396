"""Tile efficiency: shanten and the unseen tiles that lower it (有效牌), wildcards as jokers.

A hand is read as 34 counts plus a joker count: the seat's wildcards (癞子, 金, 财神) are jokers,
the tiles of its void suit (Sichuan 定缺) are left out (they can only be thrown), and in Yiwu a
白板 plays the 财神's face (yiwu.md §3.2). Shanten is the standard one of
``games.engine.fast_shanten`` (the bots' own), with seven pairs where the variant has it.

>>> sh = Shape(wild=-1, face=-1, void_lo=-1, seven=False)
>>> counts, jokers = sh.split([0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 30, 31])
>>> shanten_of(counts, jokers, 4, False)
1
>>> ukeire(counts, jokers, 4, sh, [4] * 34)[:2]  # 1z, 4z or 5z: a pung or a second pair
(12, 3)
"""

from __future__ import annotations

from games.engine import fast_shanten as fs
from games.engine.encoding import GROUP, WEIGHT, group_keys

#: per kind its power of 5 in its group's base-5 key (fast_shanten.group_key)


class Shape:
    """How one seat's tiles are read: its wildcard, Yiwu's 白板 face, its void suit."""

    wild: int
    face: int  # the kind a 白板 stands for (Yiwu), -1 when a 白板 is itself
    void_lo: int  # first kind of the void suit (Sichuan), -1 without
    seven: bool  # seven pairs counts
    dead: int  # a kind that can never stay in a winning hand (Wuhan 红中), -1 without
    only_lo: int  # a flush reading: only this suit (its first kind) counts, -1 without

    def __init__(self, wild: int, face: int, void_lo: int, seven: bool, dead: int = -1) -> None:
        self.wild = wild
        self.face = face
        self.void_lo = void_lo
        self.seven = seven
        self.dead = dead
        self.only_lo = -1

    def kind_of(self, t: int) -> int:
        """What tile ``t`` counts as: -2 a joker, -1 useless (void suit, flower), else a kind."""
        if t == self.wild:
            return -2
        if t >= 34 or t == self.dead:
            return -1
        if self.face >= 0 and t == 31:
            t = self.face
        lo = self.void_lo
        if lo >= 0 and lo <= t < lo + 9:
            return -1
        only = self.only_lo
        if only >= 0 and not only <= t < only + 9:
            return -1
        return t

    def split(self, tiles: list[int]) -> tuple[list[int], int]:
        """(34 counts, jokers) of ``tiles``."""
        c = [0] * 34
        jokers = 0
        for t in tiles:
            k = self.kind_of(t)
            if k == -2:
                jokers += 1
            elif k >= 0:
                c[k] = c[k] + 1
        return c, jokers


def seven_shanten(counts: list[int], jokers: int) -> int:
    """Seven-pairs shanten: 6 - pairs, jokers pairing singles first, then each other (a four of a
    kind is two pairs: sichuan.md 龙七对, shaanxi.md §9.1)."""
    pairs = 0
    singles = 0
    for k in range(34):
        n = counts[k]
        if n:
            pairs += n // 2
            if n & 1:
                singles += 1
    used = jokers if jokers < singles else singles
    s = 6 - pairs - used - (jokers - used) // 2
    return s if s > -1 else -1


def _keys(counts: list[int]) -> tuple[int, int, int, int]:
    return group_keys(counts)


def shanten_of(counts: list[int], jokers: int, need: int, seven: bool) -> int:
    """Tiles from ready (0 = ready, -1 = complete) of a hand needing ``need`` sets and a pair."""
    k0, k1, k2, k3 = _keys(counts)
    s = fs.shanten4(k0, k1, k2, k3, need, jokers)
    if seven:
        s7 = seven_shanten(counts, jokers)
        if s7 < s:
            s = s7
    return s


def ukeire(
    counts: list[int], jokers: int, need: int, shape: Shape, unseen: list[int]
) -> tuple[int, int, int]:
    """(unseen tiles that lower the shanten, their kinds, the shanten) of a hand waiting to draw.
    A drawn wildcard always helps; a void-suit tile never does."""
    seven = shape.seven
    k0, k1, k2, k3 = _keys(counts)
    s = fs.shanten4(k0, k1, k2, k3, need, jokers)
    s7 = seven_shanten(counts, jokers) if seven else 99
    if s7 < s:
        s = s7
    tiles = 0
    kinds = 0
    faces = [0] * 34  # unseen copies per face (a 白板 adds to its face's)
    for t in range(34):
        u = unseen[t]
        if u:
            k = shape.kind_of(t)
            if k == -2:
                if s >= 0:
                    tiles += u
                    kinds += 1
            elif k >= 0:
                faces[k] = faces[k] + u
    for t in range(34):
        u = faces[t]
        if u == 0 or counts[t] >= 4:
            continue
        g = GROUP[t]
        p = WEIGHT[t]
        if g == 0:
            v = fs.shanten4(k0 + p, k1, k2, k3, need, jokers)
        elif g == 1:
            v = fs.shanten4(k0, k1 + p, k2, k3, need, jokers)
        elif g == 2:
            v = fs.shanten4(k0, k1, k2 + p, k3, need, jokers)
        else:
            v = fs.shanten4(k0, k1, k2, k3 + p, need, jokers)
        if seven and v >= s:
            counts[t] = counts[t] + 1
            v7 = seven_shanten(counts, jokers)
            counts[t] = counts[t] - 1
            if v7 < v:
                v = v7
        if v < s:
            tiles += u
            kinds += 1
    return tiles, kinds, s


def seven_ukeire(
    counts: list[int], jokers: int, shape: Shape, unseen: list[int]
) -> tuple[int, int]:
    """(unseen tiles that lower the seven-pairs shanten, that shanten): a single's copies, and
    a drawn wildcard."""
    s = seven_shanten(counts, jokers)
    if s < 0:
        return 0, s
    tiles = 0
    for t in range(34):
        u = unseen[t]
        if not u:
            continue
        k = shape.kind_of(t)
        if k == -2 or (k >= 0 and counts[k] & 1):
            tiles += u
    return tiles, s
