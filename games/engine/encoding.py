"""How the engine encodes a hand for its table look-ups: four base-5 group keys.

A hand's concealed tiles fall into four groups that no set crosses: characters (kinds 0-8),
dots (9-17), bamboo (18-26) and honours (27-33). A group is read as its count vector, kind by kind,
and the vector as a base-5 number (a kind is held 0 to 4 times): the group key. The count of the
group's first kind is the lowest digit, so adding one tile of kind ``k`` adds ``WEIGHT[k]`` to the
key of group ``GROUP[k]``. Every table the engine keeps on hands (win codes in ``hand``,
shanten tables in ``fast_shanten``, the variants' wait masks) is keyed by these numbers;
this module is the one place that defines them.

>>> from games.engine.tiles import parse_tiles
>>> tile_keys(parse_tiles("123m11z"))
(31, 0, 0, 2)
>>> group_keys([1, 1, 1] + [0] * 24 + [2] + [0] * 6)
(31, 0, 0, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

#: powers of five: the weight of a group's positions 0-8
POW5: Final[tuple[int, ...]] = (1, 5, 25, 125, 625, 3125, 15625, 78125, 390625)
#: first kind and number of kinds of each group (m, p, s, honours)
GROUP_BASE: Final[tuple[int, ...]] = (0, 9, 18, 27)
GROUP_SIZE: Final[tuple[int, ...]] = (9, 9, 9, 7)
#: per kind: its group, its position in the group, and the weight of that position. Flowers
#: (kinds 34-41) are in no key: weight 0 (they never form sets; variants set them aside).
GROUP: Final[tuple[int, ...]] = tuple([min(k // 9, 3) for k in range(42)])
POSITION: Final[tuple[int, ...]] = tuple([k - GROUP_BASE[min(k // 9, 3)] for k in range(42)])
WEIGHT: Final[tuple[int, ...]] = tuple(
    [POW5[k - GROUP_BASE[min(k // 9, 3)]] if k < 34 else 0 for k in range(42)]
)


def group_key(counts: Sequence[int]) -> int:
    """The base-5 key of one group's count vector (``counts[0]`` is the lowest digit).

    >>> group_key([1, 1, 1])
    31
    """
    key = 0
    for i in range(len(counts) - 1, -1, -1):
        key = key * 5 + counts[i]
    return key


def group_keys(counts: Sequence[int]) -> tuple[int, int, int, int]:
    """The four group keys (m, p, s, honours) of a count vector indexed by kind (0-33 read)."""
    return (
        _key_of(counts, 0, 9),
        _key_of(counts, 9, 9),
        _key_of(counts, 18, 9),
        _key_of(counts, 27, 7),
    )


def _key_of(counts: Sequence[int], lo: int, n: int) -> int:
    key = 0
    for i in range(lo + n - 1, lo - 1, -1):
        key = key * 5 + counts[i]
    return key


def tile_keys(tiles: Iterable[int], skip: int = -1) -> tuple[int, int, int, int]:
    """The four group keys of a list of tile kinds (flowers add nothing), leaving out every tile of kind
    ``skip`` (a wildcard the caller counts on its own). ``group_keys`` of the tiles' counts,
    without building the counts."""
    k0 = k1 = k2 = k3 = 0
    for t in tiles:
        if t == skip:
            continue
        g = GROUP[t]
        if g == 0:
            k0 += WEIGHT[t]
        elif g == 1:
            k1 += WEIGHT[t]
        elif g == 2:
            k2 += WEIGHT[t]
        else:
            k3 += WEIGHT[t]
    return (k0, k1, k2, k3)
