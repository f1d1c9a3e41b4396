"""Readings and shanten: every way a hand splits into sets and a pair, and how far it is from
ready.

``decompositions`` lists a winning hand's readings (with wildcards standing in), which scoring reads
its patterns from; ``shanten`` counts the tiles a hand is away from ready, which the bots use
(``fast_shanten`` is the same number from cached tables). ``games.engine.hand`` re-exports both.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

from games.engine.encoding import GROUP_BASE as _GROUP_BASE
from games.engine.encoding import GROUP_SIZE as _GROUP_SIZE

#: a joker cost above any real one: "cannot be done"
INF: Final = 99


def _lowest(counts: tuple[int, ...]) -> int:
    for i, c in enumerate(counts):
        if c:
            return i
    return -1


WildSet = tuple[
    str, int, int
]  # (type, kind, jokers in it); type "pung" / "chow"; kind -1 = all jokers


@dataclass(frozen=True)
class Decomposition:
    """One standard reading of a hand.

    ``sets`` are ("pung", kind) or ("chow", lowest kind); a set made only of jokers is
    ("wild", -1). ``pair`` is a kind, or -1 for a pair of two jokers. ``wild_sets[i]`` is the number
    of jokers in ``sets[i]`` and ``wild_pair`` the number in the pair.
    """

    pair: int
    sets: tuple[tuple[str, int], ...]
    wild_sets: tuple[int, ...]
    wild_pair: int

    def filled_counts(self) -> list[int]:
        """Counts with every joker replaced by the tile it stands for (all-joker sets left out)."""
        counts = [0] * 34
        if self.pair >= 0:
            counts[self.pair] = counts[self.pair] + 2
        for kind_type, kind in self.sets:
            if kind_type == "pung":
                counts[kind] = counts[kind] + 3
            elif kind_type == "chow":
                for k in range(kind, kind + 3):
                    counts[k] = counts[k] + 1
        return counts


GroupReading = tuple[tuple[WildSet, ...], tuple[int, int] | None, int]


def _group_readings(
    counts: tuple[int, ...], base: int, suited: bool, with_pair: bool, budget: int
) -> set[GroupReading]:
    """All ways to split one group's real tiles into sets (+ one pair), using at most budget jokers.

    Each reading is (sets, pair, jokers): sets is a sorted tuple of (type, kind, jokers_in_set) and
    pair is (kind, jokers_in_pair) or None.
    """
    results: set[GroupReading] = set()

    def rec(c: list[int], sets: list[WildSet], pair: tuple[int, int] | None, used: int) -> None:
        if used > budget:
            return
        i = _lowest(tuple(c))
        if i < 0:
            if with_pair == (pair is not None):
                results.add((tuple(sorted(sets)), pair, used))
            return
        for real in range(1, min(c[i], 3) + 1):
            c[i] = c[i] - real
            rec(c, [*sets, ("pung", base + i, 3 - real)], pair, used + 3 - real)
            c[i] = c[i] + real
        if suited:
            for start in range(max(0, i - 2), min(i, 6) + 1):
                above = [p for p in range(start, start + 3) if p > i]
                for mask in range(1 << len(above)):
                    take = [p for bit, p in enumerate(above) if mask >> bit & 1]
                    if any(c[p] == 0 for p in take):
                        continue
                    jokers = (i - start) + len(above) - len(take)
                    c[i] = c[i] - 1
                    for p in take:
                        c[p] = c[p] - 1
                    rec(c, [*sets, ("chow", base + start, jokers)], pair, used + jokers)
                    c[i] = c[i] + 1
                    for p in take:
                        c[p] = c[p] + 1
        if with_pair and pair is None:
            for real in range(1, min(c[i], 2) + 1):
                c[i] = c[i] - real
                rec(c, sets, (base + i, 2 - real), used + 2 - real)
                c[i] = c[i] + real

    rec(list(counts), [], None, 0)
    return results


def decompositions(counts: Sequence[int], wild: int = 0) -> list[Decomposition]:
    """Every distinct standard reading of ``counts`` plus ``wild`` jokers (empty if none)."""
    total = sum(counts[:34]) + wild
    if total % 3 != 2:
        return []
    groups = []
    for g in range(4):
        base = _GROUP_BASE[g]
        groups.append((tuple(counts[base : base + _GROUP_SIZE[g]]), base, g < 3))
    out: set[Decomposition] = set()
    # The pair sits in one group, or is made of two jokers (pair_group = -1).
    for pair_group in (-1, 0, 1, 2, 3):
        partials: list[tuple[tuple[WildSet, ...], tuple[int, int] | None, int]] = [((), None, 0)]
        for g, (gc, base, suited) in enumerate(groups):
            options = _group_readings(gc, base, suited, g == pair_group, wild)
            partials = [
                (sets + gsets, pair if gpair is None else gpair, used + gused)
                for sets, pair, used in partials
                for gsets, gpair, gused in options
                if used + gused <= wild
            ]
            if not partials:
                break
        for sets, pair, used in partials:
            left = wild - used
            if pair_group == -1:
                if left < 2:
                    continue
                left -= 2
                pair = (-1, 2)
            assert pair is not None
            if left % 3:
                continue
            all_sets = sorted(sets) + [("wild", -1, 3)] * (left // 3)
            out.add(
                Decomposition(
                    pair=pair[0],
                    sets=tuple((t, k) for t, k, _ in all_sets),
                    wild_sets=tuple(j for _, _, j in all_sets),
                    wild_pair=pair[1] if pair[0] >= 0 else 2,
                )
            )
    return sorted(out, key=lambda d: (d.pair, d.sets, d.wild_sets))


@cache
def _group_blocks(counts: tuple[int, ...], suited: bool) -> frozenset[tuple[int, int, int]]:
    """Pareto set of (sets, partial sets, pair 0/1) a group can show."""
    i = _lowest(counts)
    if i < 0:
        return frozenset({(0, 0, 0)})
    c = list(counts)
    found: set[tuple[int, int, int]] = set()

    def add(sub: frozenset[tuple[int, int, int]], dm: int, dt: int, dp: int) -> None:
        for m, t, p in sub:
            if p + dp <= 1:
                found.add((m + dm, t + dt, p + dp))

    def take(kinds: list[int], dm: int, dt: int, dp: int) -> None:
        for k in kinds:
            c[k] = c[k] - 1
        add(_group_blocks(tuple(c), suited), dm, dt, dp)
        for k in kinds:
            c[k] = c[k] + 1

    if c[i] >= 3:
        take([i, i, i], 1, 0, 0)
    if c[i] >= 2:
        take([i, i], 0, 1, 0)
        take([i, i], 0, 0, 1)
    if suited:
        n = len(c)
        if i + 2 < n and c[i + 1] and c[i + 2]:
            take([i, i + 1, i + 2], 1, 0, 0)
        if i + 1 < n and c[i + 1]:
            take([i, i + 1], 0, 1, 0)
        if i + 2 < n and c[i + 2]:
            take([i, i + 2], 0, 1, 0)
    take([i], 0, 0, 0)  # tile i left isolated
    return frozenset(found)


def shanten(counts: Sequence[int], wild: int = 0, sets_needed: int | None = None) -> int:
    """Standard-shape shanten: -1 complete, 0 ready, 1 one tile away from ready, ...

    Jokers are counted as tiles that can fill any hole (each lowers shanten by one, down to -1).
    ``sets_needed`` defaults to (tiles held) // 3.
    """
    n_tiles = sum(counts[:34]) + wild
    need = n_tiles // 3 if sets_needed is None else sets_needed
    combos = [(0, 0, 0)]
    for g in range(4):
        base = _GROUP_BASE[g]
        blocks = _group_blocks(tuple(counts[base : base + _GROUP_SIZE[g]]), g < 3)
        merged = {
            (m + m2, t + t2, p + p2) for m, t, p in combos for m2, t2, p2 in blocks if p + p2 <= 1
        }
        combos = _pareto(merged)
    best = INF
    for m, t, p in combos:
        m2 = min(m, need)
        t2 = min(t, need - m2)
        best = min(best, 2 * (need - m2) - t2 - p)
    return max(-1, best - wild)


def _pareto(items: set[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    return [
        a
        for a in items
        if not any(b != a and b[0] >= a[0] and b[1] >= a[1] and b[2] >= a[2] for b in items)
    ]


def isolation(counts: Sequence[int], kind: int, *, terminals: bool = True) -> int:
    """How firmly a tile of ``kind`` sits in a hand (``counts``: the hand's tiles by kind), the
    bots' tie-break between discards of equal shanten (lower: more useless, thrown first): 2 per
    other copy, 2 per neighbour held, 1 per tile two steps away in the suit, and with
    ``terminals`` -1 for a 1 or a 9 (fewer sets can use it; Wuhan's bot leaves that out).

    >>> isolation([1, 1] + [0] * 32, 0)  # 1m beside a 2m
    1
    >>> isolation([1, 1] + [0] * 32, 1)  # 2m beside a 1m
    2
    """
    score = 2 * (counts[kind] - 1)
    if kind < 27:
        pos = kind % 9
        if pos >= 2 and counts[kind - 2]:
            score += 1
        if pos >= 1 and counts[kind - 1]:
            score += 2
        if pos <= 7 and counts[kind + 1]:
            score += 2
        if pos <= 6 and counts[kind + 2]:
            score += 1
        if terminals and (pos == 0 or pos == 8):
            score -= 1
    return score
