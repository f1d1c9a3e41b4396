"""The five winning shapes of Shaanxi mahjong (shaanxi.md §9.1) and waits (§9.2).

Shapes work on a 34+ long count vector of the concealed tiles plus the list of melds. Each shape
is one small named check; ``win_shapes`` lists every shape that fits, in §13 order.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from games.engine.fastwin import is_standard_win
from games.engine.tiles import HONORS, Meld

PING_HU = "ping_hu"
"""Standard 4 sets + 1 pair (平胡)."""
QI_DUI = "qi_dui"
"""Seven pairs (七对); four of a kind counts as two pairs."""
SHI_SAN_YAO = "shi_san_yao"
"""Thirteen orphans (十三幺)."""
QUAN_BU_KAO = "quan_bu_kao"
"""14 distinct knitted tiles + honours (全不靠)."""
ZU_HE_LONG = "zu_he_long"
"""Knitted nine + one set + one pair (组合龙)."""

SHAPE_ORDER = (PING_HU, QI_DUI, SHI_SAN_YAO, QUAN_BU_KAO, ZU_HE_LONG)

HAND_SIZE = 14
N_PLAYABLE = 34
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _knitted_nines() -> tuple[tuple[int, ...], ...]:
    """The six knitted nines: 147 of suit X, 258 of Y, 369 of Z, (X, Y, Z) a permutation of mps."""
    out = []
    for x, y, z in permutations((0, 9, 18)):
        out.append((x, x + 3, x + 6, y + 1, y + 4, y + 7, z + 2, z + 5, z + 8))
    return tuple(out)


KNITTED_NINES = _knitted_nines()


def meld_tile_counts(melds: Sequence[Meld]) -> list[int]:
    """Counts of the tiles inside melds (a kong counts its 4 tiles)."""
    counts = [0] * N_PLAYABLE
    for meld in melds:
        for kind in meld.tiles:
            counts[kind] += 1
    return counts


def is_ping_hu(counts: Sequence[int], melds: Sequence[Meld]) -> bool:
    """Four sets + a pair; melds are sets, runs only in the concealed hand.

    >>> from games.engine.tiles import counts_of, parse_tiles
    >>> is_ping_hu(counts_of(parse_tiles("123456789m111p22s")), [])
    True
    """
    return is_standard_win(list(counts[:N_PLAYABLE]))


def is_qi_dui(counts: Sequence[int], melds: Sequence[Meld]) -> bool:
    """Seven pairs from 14 concealed tiles, no melds (§9.1.3)."""
    if melds or sum(counts[:N_PLAYABLE]) != HAND_SIZE:
        return False
    return all(n % 2 == 0 for n in counts[:N_PLAYABLE])


def is_shi_san_yao(counts: Sequence[int], melds: Sequence[Meld]) -> bool:
    """Every terminal and honour at least once plus one duplicate, no melds (§9.1.2).

    >>> from games.engine.tiles import counts_of, parse_tiles
    >>> is_shi_san_yao(counts_of(parse_tiles("19m19p19s12345677z")), [])
    True
    """
    if melds or sum(counts[:N_PLAYABLE]) != HAND_SIZE:
        return False
    return all(counts[k] >= 1 for k in ORPHANS) and sum(counts[k] for k in ORPHANS) == HAND_SIZE


def is_quan_bu_kao(counts: Sequence[int], melds: Sequence[Meld]) -> bool:
    """14 distinct tiles of one knitted nine plus the seven honours, no melds (§9.1.4).

    >>> from games.engine.tiles import counts_of, parse_tiles
    >>> is_quan_bu_kao(counts_of(parse_tiles("147m258p369s12345z")), [])
    True
    """
    if melds or sum(counts[:N_PLAYABLE]) != HAND_SIZE:
        return False
    if any(n > 1 for n in counts[:N_PLAYABLE]):
        return False
    held = {k for k in range(N_PLAYABLE) if counts[k]}
    return any(held <= set(nine).union(HONORS) for nine in KNITTED_NINES)


def is_zu_he_long(counts: Sequence[int], melds: Sequence[Meld]) -> bool:
    """A concealed knitted nine + one set (concealed or one pung/kong meld) + a pair (§9.1.5).

    >>> from games.engine.tiles import counts_of, parse_tiles
    >>> is_zu_he_long(counts_of(parse_tiles("147m258p369s123s55z")), [])
    True
    """
    if len(melds) > 1 or any(m.type == "chow" for m in melds):
        return False
    if not (counts[0] or counts[9] or counts[18]):  # every knitted nine holds a 1 of some suit
        return False
    if sum(counts[:N_PLAYABLE]) + 3 * len(melds) != HAND_SIZE:
        return False
    for nine in KNITTED_NINES:
        if all(counts[k] >= 1 for k in nine):
            rest = list(counts[:N_PLAYABLE])
            for k in nine:
                rest[k] -= 1
            if is_standard_win(rest):
                return True
    return False


_SHAPE_CHECKS = (
    (PING_HU, is_ping_hu),
    (QI_DUI, is_qi_dui),
    (SHI_SAN_YAO, is_shi_san_yao),
    (QUAN_BU_KAO, is_quan_bu_kao),
    (ZU_HE_LONG, is_zu_he_long),
)


def is_legal_hand(counts: Sequence[int], melds: Sequence[Meld], size: int = HAND_SIZE) -> bool:
    """Tile-level legality: no chow meld, no flowers, at most 4 of a kind, ``size`` tiles in all
    (a kong counting 3)."""
    if any(counts[N_PLAYABLE:]):
        return False
    playable = counts[:N_PLAYABLE]
    if sum(playable) + 3 * len(melds) != size:
        return False
    if not melds:
        return max(playable) <= 4
    if any(m.type == "chow" for m in melds):
        return False
    in_melds = meld_tile_counts(melds)
    return all(counts[k] + in_melds[k] <= 4 for k in range(N_PLAYABLE))


def win_shapes(counts: Sequence[int], melds: Sequence[Meld]) -> list[str]:
    """Every shape of §9.1 the complete 14-tile hand satisfies, in §13 order ([] if none).

    >>> from games.engine.tiles import counts_of, parse_tiles
    >>> win_shapes(counts_of(parse_tiles("112233m445566p77s")), [])
    ['ping_hu', 'qi_dui']
    """
    if not is_legal_hand(counts, melds):
        return []
    return [name for name, check in _SHAPE_CHECKS if check(counts, melds)]


def is_win(counts: Sequence[int], melds: Sequence[Meld]) -> bool:
    """True if any of the five shapes fits (§9.1); stops at the first that does."""
    if not is_legal_hand(counts, melds):
        return False
    return any(check(counts, melds) for _, check in _SHAPE_CHECKS)


def waits(counts: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """Kinds that complete a 13-tile hand, minus kinds already held four times (§9.2).

    >>> from games.engine.tiles import counts_of, parse_tiles
    >>> waits(counts_of(parse_tiles("112233m445566p7s")), [])
    [24]
    """
    if not is_legal_hand(counts, melds, HAND_SIZE - 1):
        return []
    in_melds = meld_tile_counts(melds)
    found = []
    trial = list(counts[:N_PLAYABLE])
    for kind in range(N_PLAYABLE):
        if trial[kind] + in_melds[kind] >= 4:
            continue
        trial[kind] += 1
        if is_win(trial, melds):
            found.append(kind)
        trial[kind] -= 1
    return found
