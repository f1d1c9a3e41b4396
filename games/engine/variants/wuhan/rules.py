"""Wuhan (武汉麻将) table rules that are not hand scoring: 癞子, dealer, priority, escape, coins, ranks.

Every rule cites its section of shared/rules/wuhan.md.

>>> tile_str(laizi_for(parse_tile("4z")))
'6z'
>>> rank_for(5000)
'笨鸟'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from games.engine.tiles import is_suited, parse_tile, tile_str

__all__ = [
    "RED_DRAGON",
    "MODE_KAIKOU",
    "MODE_KOUKOU",
    "MODES",
    "CAP",
    "RANK_TIERS",
    "claim_winner",
    "coin_settlement",
    "escape_deltas",
    "escape_penalty",
    "golden_cap",
    "laizi_for",
    "next_dealer",
    "rank_for",
    "tile_str",
    "parse_tile",
]

RED_DRAGON: Final = 33
"""红中 (7z): never wild, never claimed, forbids winning while held (§3)."""

MODE_KAIKOU: Final = "kaikou"
"""开口翻, the default mode: one ×2 for having opened (§8)."""
MODE_KOUKOU: Final = "koukou"
"""口口翻: ×2 per opening, 金顶 500, escape 500 (§8)."""
MODES: Final = (MODE_KAIKOU, MODE_KOUKOU)

CAP: Final = 300
"""封顶: a loser pays at most 300 (§8); the same in both modes."""

# §2: honour cycle 东→南→西→北→发→白→东 with 红中 skipped; a flipped 红中 gives 发.
_HONOUR_NEXT: Final = {27: 28, 28: 29, 29: 30, 30: 32, 32: 31, 31: 27, 33: 32}

RANK_TIERS: Final[tuple[tuple[str, int], ...]] = (
    ("鸟蛋", 1_000),
    ("幼鸟", 2_000),
    ("笨鸟", 5_000),
    ("菜鸟", 10_000),
    ("老鸟", 20_000),
    ("一头鸟", 50_000),
    ("二头鸟", 100_000),
    ("三头鸟", 200_000),
    ("四头鸟", 500_000),
    ("五头鸟", 1_000_000),
    ("六头鸟", 5_000_000),
    ("七头鸟", 10_000_000),
    ("八头鸟", 50_000_000),
    ("九头鸟", 100_000_000),
    ("超级九头鸟", 200_000_000),
)
"""The 15 rank tiers of §9 as (name, lower bound). The first tier (鸟蛋) is the floor: its listed
1,000 is informational and any score below the second tier's 2,000 (negatives included) is 鸟蛋."""


def laizi_for(indicator: int) -> int:
    """The 癞子 kind for a flipped indicator (§2): the next tile in its cycle.

    >>> [tile_str(laizi_for(parse_tile(t))) for t in ("5m", "9m", "4z", "5z", "7z")]
    ['6m', '1m', '6z', '1z', '6z']
    """
    if is_suited(indicator):
        return indicator + 1 if indicator % 9 < 8 else indicator - 8
    if indicator in _HONOUR_NEXT:
        return _HONOUR_NEXT[indicator]
    raise ValueError(f"{tile_str(indicator)} cannot be a Wuhan indicator (no flowers in Wuhan)")


def rank_for(points: int) -> str:
    """The rank name for a points total (§9): highest tier whose bound ≤ points, floor 鸟蛋.

    >>> rank_for(-50), rank_for(1999), rank_for(2000), rank_for(200_000_000)
    ('鸟蛋', '鸟蛋', '幼鸟', '超级九头鸟')
    """
    name = RANK_TIERS[0][0]
    for tier, bound in RANK_TIERS[1:]:
        if points >= bound:
            name = tier
    return name


def next_dealer(dealer: int, winner: int | None) -> int:
    """§1: the dealer keeps the deal on a dealer win or a 荒庄 (winner None), else dealer + 1.

    >>> next_dealer(1, 2), next_dealer(1, 3), next_dealer(1, 1), next_dealer(3, None)
    (2, 2, 1, 3)
    """
    if winner is None or winner == dealer:
        return dealer
    return (dealer + 1) % 4


def claim_winner(dealer: int, discarder: int, claimants: Sequence[int]) -> int:
    """一炮单响 (§4): among the seats that want to win, the first in the order dealer, dealer+1, ...

    >>> claim_winner(2, 3, [1, 0])
    0
    """
    wanted = set(claimants)
    for step in range(4):
        seat = (dealer + step) % 4
        if seat != discarder and seat in wanted:
            return seat
    raise ValueError("no claimant other than the discarder")


def golden_cap(koukou: bool) -> int:
    """金顶 (§8): what each loser pays when all three raw losses exceed 300."""
    return 500 if koukou else 400


def escape_penalty(koukou: bool) -> int:
    """逃跑 (§8): 400 points, 500 in 口口翻."""
    return 500 if koukou else 400


def escape_deltas(escaper: int, koukou: bool) -> list[int]:
    """The escape settlement in points (§8): floor(P/3) each, remainder to escaper+1 then +2.

    >>> escape_deltas(3, False), escape_deltas(0, True)
    ([134, 133, 133, -400], [-500, 167, 167, 166])
    """
    penalty = escape_penalty(koukou)
    share, rest = divmod(penalty, 3)
    deltas = [0, 0, 0, 0]
    deltas[escaper] = -penalty
    for step in (1, 2, 3):
        deltas[(escaper + step) % 4] = share + (1 if step <= rest else 0)
    return deltas


def coin_settlement(points: Sequence[int], n: int, a: int) -> tuple[list[int], int]:
    """Coins per seat and the house rake (§8 Coins): N·points − A each, rake 4A.

    For a win, N·points gives −X·N per loser and ΣX·N for the winner, as the spec's formulas.

    >>> coin_settlement([1050, -300, -350, -400], 20, 500)
    ([20500, -6500, -7500, -8500], 2000)
    """
    return [n * p - a for p in points], 4 * a
