"""Table mechanics of Shaanxi mahjong that are not hand shapes or money (shaanxi.md §2, §3, §5, §8).

Everything is a small pure function on ints so the calculator and the live play engine share it.
"""

from __future__ import annotations

from collections.abc import Iterable

N_SEATS = 4
STACKS_PER_SIDE = 17
N_STACKS = 4 * STACKS_PER_SIDE
DEAL_TILES = 53  # dealer 14 + three others x 13 (§3.5)

# 荒庄 reserve in stacks by kong count, the seed's literal 13 / 7 / 8 / 13 (§8).
RESERVE_STACKS = (13, 7, 8)
RESERVE_STACKS_MANY = 13


def second_roller(dealer: int, s1: int) -> int:
    """The seat reached at ``s1`` counting the dealer as 1 (§3.2).

    >>> second_roller(0, 3)  # seed example: 1+2 -> the player across
    2
    """
    return (dealer + s1 - 1) % N_SEATS


def skip_stacks(s1: int, s2: int) -> int:
    """Stacks moved to the tail before the dealer starts taking tiles (§3.3)."""
    return s1 + s2


def start_stack(second: int, skipped: int) -> int:
    """Index (0..67) of the first live stack; stacks 17k..17k+16 are side k (§3.6).

    >>> start_stack(3, 19)  # E9: all of side 3, two of side 0 -> the 20th stack
    2
    """
    return (STACKS_PER_SIDE * second + skipped) % N_STACKS


def reserve_stacks(kong_count: int) -> int:
    """T(k): the 荒庄 reserve in stacks for k completed kongs (§8).

    >>> [reserve_stacks(k) for k in range(5)]
    [13, 7, 8, 13, 13]
    """
    if kong_count < len(RESERVE_STACKS):
        return RESERVE_STACKS[kong_count]
    return RESERVE_STACKS_MANY


def is_huang_zhuang(kong_count: int, tiles_remaining: int) -> bool:
    """True when a regular draw is due with R <= 2*T(k) tiles left: the hand is a 荒庄 (§8).

    >>> is_huang_zhuang(1, 15), is_huang_zhuang(1, 14)
    (False, True)
    """
    return tiles_remaining <= 2 * reserve_stacks(kong_count)


def next_dealer(dealer: int, winner: int | None) -> int:
    """Dealer of the next hand of the same game (§2): stays on a dealer win or 荒庄, else dealer+1.

    >>> next_dealer(3, 1), next_dealer(3, 3), next_dealer(2, None)
    (0, 3, 2)
    """
    if winner is None or winner == dealer:
        return dealer
    return (dealer + 1) % N_SEATS


def jie_hu_winner(discarder: int, claimants: Iterable[int]) -> int | None:
    """截胡 (§5): of the seats that want to win on one discard, the nearest after the discarder.

    >>> jie_hu_winner(2, [0, 3])
    3
    """
    wanting = set(claimants)
    for step in (1, 2, 3):
        seat = (discarder + step) % N_SEATS
        if seat in wanting:
            return seat
    return None
