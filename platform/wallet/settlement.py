"""Pure maths of a room settlement (no database). Documented in docs/wallet.md.

For every seated player: coins = N × points − A; the house receives A from every seated player
(seed 001, rules/sichuan.md §12). When a loser's balance cannot cover the loss they pay what
they hold, rake first; the winners share what the losers paid into the pot pro rata to their
positive points (floor division, leftover coins to the largest winner, ties to the earliest
seat). Coins are never created and no balance goes negative.
"""

from __future__ import annotations

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


def settle(seats: list[Seat], *, coefficient: int, rake: int) -> Settlement:
    """Split a hand's points into coin movements.

    >>> s = settle([Seat(1, 54, 0), Seat(2, -18, 9000), Seat(3, -18, 9000), Seat(4, -18, 9000)],
    ...            coefficient=200, rake=400)
    >>> s.coins, s.house
    ({1: 10400, 2: -4000, 3: -4000, 4: -4000}, 1600)
    """
    if coefficient < 1 or rake < 0:
        raise ValueError("coefficient must be >= 1 and rake >= 0")
    coins = {seat.key: 0 for seat in seats}
    house = 0
    pot = 0
    for seat in seats:
        if seat.points > 0:
            continue
        loss = coefficient * -seat.points + rake
        paid = min(seat.balance, loss)
        rake_paid = min(paid, rake)  # rake first
        coins[seat.key] -= paid
        house += rake_paid
        pot += paid - rake_paid
    winners = [seat for seat in seats if seat.points > 0]
    shares, surplus = _share_pot(winners, pot, coefficient)
    house += surplus  # points that nobody is owed (a penalty "to nobody") go to the house
    for seat in winners:
        share = shares[seat.key]
        # The winner's rake comes out of the winnings, then out of the balance.
        rake_paid = min(rake, share + seat.balance)
        coins[seat.key] += share - rake_paid
        house += rake_paid
    return Settlement(coins=coins, house=house)


def _share_pot(winners: list[Seat], pot: int, coefficient: int) -> tuple[dict[int, int], int]:
    owed = {seat.key: coefficient * seat.points for seat in winners}
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
