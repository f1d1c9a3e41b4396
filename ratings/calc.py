"""Pure rating maths: rank tiers (等级) and the four-player skill rating. No Django here.

Tiers: a tier table is a tuple of ``(name, threshold)`` ordered from the lowest tier up. A player's
tier is the highest tier whose threshold their cumulative points (积分) reach; the first tier is the
floor, so totals below the second threshold, zero and negative totals included, get tier 1
(sichuan.md §14, shaanxi.md §11, wuhan.md §9). The first threshold is informational (Sichuan lists
100, Wuhan 1,000, Shaanxi "below 100"). Tiers follow the points both ways: losing points can drop a
tier, because every spec defines the tier as a function of the current cumulative points.

Rating: OpenSkill Plackett-Luce (``openskill`` package) with its default constants pinned here so
golden tests stay exact. Each settled hand is one four-"team" match ranked by the hand's points
(more points = better rank, equal points tie).

>>> tier_index(99, SICHUAN_TIERS), tier_index(200, SICHUAN_TIERS), tier_index(-5, WUHAN_TIERS)
(0, 1, 0)
>>> tier_name(250_000, SICHUAN_TIERS)
'上品指天椒'
>>> ranks_from_points([12, -4, -4, -4])
[1, 2, 2, 2]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from games.engine.variants.shaanxi import RANK_TIERS as _SHAANXI_ENGINE_TIERS
from games.engine.variants.wuhan import RANK_TIERS as _WUHAN_ENGINE_TIERS

TierTable = tuple[tuple[str, int], ...]

SICHUAN_TIERS: TierTable = (
    ("初品益都红", 100),
    ("良品益都红", 200),
    ("上品益都红", 500),
    ("初品大红袍", 1_000),
    ("良品大红袍", 1_500),
    ("上品大红袍", 2_300),
    ("初品二荆条", 3_000),
    ("良品二荆条", 4_000),
    ("上品二荆条", 6_000),
    ("初品朝天椒", 9_000),
    ("良品朝天椒", 13_000),
    ("上品朝天椒", 18_000),
    ("初品涮椒", 25_000),
    ("良品涮椒", 35_000),
    ("上品涮椒", 50_000),
    ("初品指天椒", 70_000),
    ("良品指天椒", 100_000),
    ("上品指天椒", 200_000),
)
"""sichuan.md §14: 18 tiers; the listed numbers are lower bounds, tier 1 is the floor."""

SHAANXI_TIERS: TierTable = tuple(_SHAANXI_ENGINE_TIERS)
"""shaanxi.md §11: 17 tiers 白板 … 雀神, from the engine's data (白板 = below 100, written as 0)."""

WUHAN_TIERS: TierTable = tuple(_WUHAN_ENGINE_TIERS)
"""wuhan.md §9: 15 tiers 鸟蛋 … 超级九头鸟, from the engine's data (鸟蛋 is the floor)."""

FUZHOU_TIERS: TierTable = (
    ("初品鱼丸", 100),
    ("良品鱼丸", 200),
    ("上品鱼丸", 500),
    ("初品肉燕", 1_000),
    ("良品肉燕", 1_500),
    ("上品肉燕", 2_300),
    ("初品光饼", 3_000),
    ("良品光饼", 4_000),
    ("上品光饼", 6_000),
    ("初品茉莉", 9_000),
    ("良品茉莉", 13_000),
    ("上品茉莉", 18_000),
    ("初品寿山石", 25_000),
    ("良品寿山石", 35_000),
    ("上品寿山石", 50_000),
    ("初品佛跳墙", 70_000),
    ("良品佛跳墙", 100_000),
    ("上品佛跳墙", 200_000),
)
"""Our own table (the Fuzhou seeds have none): Sichuan's 初/良/上品 ladder and thresholds over six
Fuzhou specialities, since both variants score hands in the tens of points. docs/ratings.md."""

YIWU_TIERS: TierTable = (
    ("铜板", 0),
    ("一两银", 100),
    ("二两银", 200),
    ("五两银", 500),
    ("十两银", 1_000),
    ("二十两银", 2_000),
    ("五十两银", 5_000),
    ("百两银", 10_000),
    ("银锭", 20_000),
    ("银元宝", 50_000),
    ("金叶子", 100_000),
    ("金锭", 200_000),
    ("金元宝", 500_000),
    ("聚宝盆", 1_000_000),
    ("财神", 2_000_000),
)
"""Our own table (the Yiwu seed's "银子等级" section is cut off): silver grades in Shaanxi's style,
a floor tier below 100 then lower bounds. docs/ratings.md."""

SEED_TIERS: dict[str, TierTable] = {
    "sichuan": SICHUAN_TIERS,
    "fuzhou": FUZHOU_TIERS,
    "shaanxi": SHAANXI_TIERS,
    "wuhan": WUHAN_TIERS,
    "yiwu": YIWU_TIERS,
}
"""The default tier tables; the database copy (ratings.Tier, admin-editable) is what the site uses."""


def tier_index(points: int, table: Sequence[tuple[str, int]]) -> int:
    """0-based index of the highest tier whose threshold ``points`` reach; the first tier is the
    floor whatever its listed threshold.

    >>> [tier_index(p, SHAANXI_TIERS) for p in (-1, 99, 100, 1_999_999, 2_000_000)]
    [0, 0, 1, 15, 16]
    """
    best = 0
    for i in range(1, len(table)):
        if points >= table[i][1]:
            best = i
    return best


def tier_name(points: int, table: Sequence[tuple[str, int]]) -> str:
    """The tier's name for a points total.

    >>> tier_name(2_299, SICHUAN_TIERS), tier_name(1_999, WUHAN_TIERS)
    ('良品大红袍', '鸟蛋')
    """
    return table[tier_index(points, table)][0]


# --- skill rating ---------------------------------------------------------------------------
MU = 25.0
SIGMA = 25.0 / 3.0
BETA = 25.0 / 6.0
TAU = 25.0 / 300.0
DISPLAY_BASE = 1500
DISPLAY_SCALE = 20


@dataclass(frozen=True)
class Skill:
    """One player's OpenSkill belief: mean ``mu`` and uncertainty ``sigma``."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def ordinal(self) -> float:
        """The conservative estimate mu - 3·sigma (0 for a new player)."""
        return self.mu - 3.0 * self.sigma

    @property
    def display(self) -> int:
        """The number players see: 1500 for a new player, 20 per ordinal point.

        >>> Skill().display
        1500
        """
        return DISPLAY_BASE + round(DISPLAY_SCALE * self.ordinal)


def _model() -> PlackettLuce:
    return PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)


def ranks_from_points(points: Sequence[int]) -> list[int]:
    """Competition ranks (1 = best) from a hand's points: more points rank higher, ties share.

    >>> ranks_from_points([-6, 18, -6, -6]), ranks_from_points([0, 0, 0, 0])
    ([2, 1, 2, 2], [1, 1, 1, 1])
    """
    return [1 + sum(1 for q in points if q > p) for p in points]


def rate_hand(skills: Sequence[Skill], points: Sequence[int]) -> list[Skill]:
    """The skills after one hand, one per seat, ranked by ``points``.

    Seats whose rating must not move (bots, as fixed default players) simply ignore their output.

    >>> [s.display for s in rate_hand([Skill()] * 4, [18, -6, -6, -6])]
    [1560, 1491, 1491, 1491]
    """
    if len(skills) != len(points) or len(skills) < 2:
        raise ValueError("rate_hand needs one skill per seat and at least two seats")
    model = _model()
    teams = [[model.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    rated = model.rate(teams, ranks=[float(r) for r in ranks_from_points(points)])
    return [Skill(mu=team[0].mu, sigma=team[0].sigma) for team in rated]
