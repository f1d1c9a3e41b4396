"""Rank tiers (等级) by cumulative points, shaanxi.md §11.

``RANK_TIERS`` is ordered from lowest to highest. The first tier, 白板, is the floor: every total
below 100 (negative totals included) ranks 白板, so its threshold is written as 0 and
``rank_for`` falls back to it for anything lower.
"""

from __future__ import annotations

RANK_TIERS: tuple[tuple[str, int], ...] = (
    ("白板", 0),
    ("一万", 100),
    ("二万", 200),
    ("三万", 500),
    ("四万", 1_000),
    ("五万", 2_000),
    ("六万", 5_000),
    ("七万", 10_000),
    ("八万", 20_000),
    ("九万", 50_000),
    ("东风", 80_000),
    # The seed orders 东风, 西风, 南风, 北风 (§11 note); kept verbatim.
    ("西风", 100_000),
    ("南风", 200_000),
    ("北风", 500_000),
    ("中", 800_000),
    ("发", 1_200_000),
    ("雀神", 2_000_000),
)


def rank_index(points: int) -> int:
    """The 0-based index into RANK_TIERS of the highest tier whose threshold <= points.

    >>> rank_index(99), rank_index(100), rank_index(2_000_000)
    (0, 1, 16)
    """
    best = 0
    for i, (_, threshold) in enumerate(RANK_TIERS):
        if points >= threshold:
            best = i
    return best


def rank_for(points: int) -> str:
    """The tier name for a cumulative points total.

    >>> rank_for(250), rank_for(-40), rank_for(100_000), rank_for(1_199_999)
    ('二万', '白板', '西风', '中')
    """
    return RANK_TIERS[rank_index(points)][0]
