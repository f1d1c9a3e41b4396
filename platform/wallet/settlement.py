"""Pure maths of a room settlement (no database). Documented in docs/wallet.md.

The platform's one coin formula is coins_due: for every seated player coins = N × points − A;
the house receives A from every seated player (seed 001, rules/sichuan.md §12). Everything else
here, and every use outside the wallet (a hand's expected coins, a bot's bankroll), is built on
it. When a loser's balance cannot cover the loss they pay what they hold, rake first; the winners
share what the losers paid into the pot pro rata to their positive points (floor division,
leftover coins to the largest winner, ties to the earliest seat). Coins are never created and no
balance goes negative.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Seat:
    key: int  # account or user id; the order of seats is the order of the list
    points: int
    balance: int


@dataclass(frozen=True)
class Settlement:
    coins: dict[int, int]  # net coins per seat key (negative = paid)
    house: int  # what the house receives (rake, plus any pot surplus nobody is owed)


def coins_due(points: Sequence[int], *, coefficient: int, rake: int) -> list[int]:
    """N × points − A for every seat: what each seat's coins change by when every balance covers
    its loss. A loser pays −due (N × −points + A); a winner is owed due + A (N × points) and pays
    A out of it.

    >>> coins_due([54, -18, -18, -18], coefficient=200, rake=400)
    [10400, -4000, -4000, -4000]
    """
    return [coefficient * p - rake for p in points]


def most_payable(points: Sequence[int], *, coefficient: int, rake: int) -> list[int]:
    """The most each seat can pay in a settlement of these points: a loser N × −points + A, any
    other seat A (a winner whose losers cannot pay pays its rake out of its balance).

    >>> most_payable([54, -18, -18, -18], coefficient=200, rake=400)
    [400, 4000, 4000, 4000]
    """
    return [max(-due, rake) for due in coins_due(points, coefficient=coefficient, rake=rake)]


def settle_in_full(points: Sequence[int], *, coefficient: int, rake: int) -> tuple[list[int], int]:
    """The settlement when every seat can cover its loss (what a hand shows when it ends, before
    the wallet sees the balances): coins per seat in seat order, and the house's share.

    >>> settle_in_full([5, -1, -1, -1], coefficient=10, rake=2)  # won 5, lost 3: the pot is 30
    ([28, -12, -12, -12], 8)
    >>> settle_in_full([3, -1, -1, -2], coefficient=10, rake=2)  # 10 coins nobody is owed
    ([28, -12, -12, -22], 18)
    """
    pay = most_payable(points, coefficient=coefficient, rake=rake)
    seats = [Seat(key=i, points=p, balance=pay[i]) for i, p in enumerate(points)]
    result = settle(seats, coefficient=coefficient, rake=rake)
    return [result.coins[i] for i in range(len(seats))], result.house


def settle(seats: list[Seat], *, coefficient: int, rake: int) -> Settlement:
    """Split a hand's points into coin movements.

    >>> s = settle([Seat(1, 54, 0), Seat(2, -18, 9000), Seat(3, -18, 9000), Seat(4, -18, 9000)],
    ...            coefficient=200, rake=400)
    >>> s.coins, s.house
    ({1: 10400, 2: -4000, 3: -4000, 4: -4000}, 1600)
    """
    if coefficient < 1 or rake < 0:
        raise ValueError("coefficient must be >= 1 and rake >= 0")
    dues = coins_due([seat.points for seat in seats], coefficient=coefficient, rake=rake)
    due = {seat.key: d for seat, d in zip(seats, dues, strict=True)}
    coins = {seat.key: 0 for seat in seats}
    house = 0
    pot = 0
    for seat in seats:
        if seat.points > 0:
            continue
        loss = -due[seat.key]  # N × −points + A
        paid = min(seat.balance, loss)
        rake_paid = min(paid, rake)  # rake first
        coins[seat.key] -= paid
        house += rake_paid
        pot += paid - rake_paid
    winners = [seat for seat in seats if seat.points > 0]
    owed = {seat.key: due[seat.key] + rake for seat in winners}  # N × points
    shares, surplus = _share_pot(winners, pot, owed)
    house += surplus  # points that nobody is owed (a penalty "to nobody") go to the house
    for seat in winners:
        share = shares[seat.key]
        # The winner's rake comes out of the winnings, then out of the balance.
        rake_paid = min(rake, share + seat.balance)
        coins[seat.key] += share - rake_paid
        house += rake_paid
    return Settlement(coins=coins, house=house)


def _share_pot(winners: list[Seat], pot: int, owed: dict[int, int]) -> tuple[dict[int, int], int]:
    total_owed = sum(owed.values())
    if pot >= total_owed:
        return owed, pot - total_owed
    total_points = sum(seat.points for seat in winners)
    shares = {seat.key: pot * seat.points // total_points for seat in winners}
    leftover = pot - sum(shares.values())
    if leftover:
        largest = max(winners, key=lambda seat: seat.points)  # max() keeps the earliest on ties
        shares[largest.key] += leftover
    return shares, 0
