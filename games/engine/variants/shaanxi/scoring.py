"""Shaanxi money: 胡牌分数, 炮子, kongs, escape and coins (shaanxi.md §10).

All functions take plain ints / seat lists and return per-seat vectors of 4 ints that sum to 0.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

BASE = 3  # 底分 b (§10)
ESCAPE_UNITS = 8  # the "8" of the escape formula (§10.6)
MAX_PAOZI = 4

WIN_FANG_HU = "fang_hu"
"""Win on a discard (放胡)."""
WIN_ZI_MO = "zi_mo"
"""Self-drawn win, a kong replacement tile included (自摸)."""
WIN_QIANG_GANG = "qiang_gang"
"""Win robbing an added kong (抢杠), scored as 放胡 (§7)."""

# Kong payments (§10.5): (who pays, amount each).
KONG_PAY_EACH_OTHER = {"kong_concealed": 2 * BASE, "kong_added": BASE}
KONG_EXPOSED_PAY = 2 * BASE


@dataclass(frozen=True, slots=True)
class KongPayment:
    """One completed kong of the hand: its owner, its type and (放杠 only) the discarder."""

    seat: int
    type: str
    from_seat: int | None = None


@dataclass(frozen=True, slots=True)
class WinScore:
    """The per-seat vectors of one win (§10.1-10.4)."""

    hu: list[int]
    paozi: list[int]

    @property
    def deltas(self) -> list[int]:
        return [h + p for h, p in zip(self.hu, self.paozi, strict=True)]


def win_factor(self_draw: bool) -> int:
    """H = A = 2 for 自摸, 1 for 放胡 / 抢杠 (§10.1)."""
    return 2 if self_draw else 1


def score_win(*, winner: int, dealer: int, self_draw: bool, paozi: Sequence[int]) -> WinScore:
    """Every non-winner pays hu + 炮子 to the winner (§10.1-10.4).

    E1: dealer 0, seat 2 wins on a discard, no 炮子:

    >>> score_win(winner=2, dealer=0, self_draw=False, paozi=[0, 0, 0, 0]).deltas
    [-6, -3, 12, -3]
    >>> score_win(winner=0, dealer=0, self_draw=True, paozi=[2, 1, 0, 3]).deltas
    [96, -30, -24, -42]
    """
    factor = win_factor(self_draw)
    hu = [0] * 4
    pao = [0] * 4
    for loser in range(4):
        if loser == winner:
            continue
        double = 2 if dealer in (winner, loser) else 1
        hu_pay = BASE * factor * double
        pao_pay = BASE * factor * (paozi[loser] + paozi[winner])
        hu[loser] = hu[loser] - hu_pay
        hu[winner] = hu[winner] + hu_pay
        pao[loser] = pao[loser] - pao_pay
        pao[winner] = pao[winner] + pao_pay
    return WinScore(hu=hu, paozi=pao)


def kong_deltas(kongs: Iterable[KongPayment]) -> list[int]:
    """The immediate kong money of the hand (§10.5); no dealer doubling, no 炮子.

    >>> kong_deltas([KongPayment(1, "kong_concealed"), KongPayment(0, "kong_exposed", 3)])
    [0, 18, -6, -12]
    """
    deltas = [0] * 4
    for kong in kongs:
        if kong.type == "kong_exposed":
            if kong.from_seat is None or kong.from_seat == kong.seat:
                raise ValueError("an exposed kong needs the discarder's seat")
            deltas[kong.from_seat] = deltas[kong.from_seat] - KONG_EXPOSED_PAY
            deltas[kong.seat] = deltas[kong.seat] + KONG_EXPOSED_PAY
            continue
        each = KONG_PAY_EACH_OTHER[kong.type]
        for seat in range(4):
            if seat != kong.seat:
                deltas[seat] = deltas[seat] - each
                deltas[kong.seat] = deltas[kong.seat] + each
    return deltas


def escape_deltas(escaper: int, paozi: Sequence[int]) -> list[int]:
    """The escaper pays each other seat ``8 + b*(p_E + p_j)`` (§10.6).

    >>> escape_deltas(2, [2, 0, 1, 4])
    [17, 11, -51, 23]
    """
    deltas = [0] * 4
    for seat in range(4):
        if seat != escaper:
            share = ESCAPE_UNITS + BASE * (paozi[escaper] + paozi[seat])
            deltas[seat] = deltas[seat] + share
            deltas[escaper] = deltas[escaper] - share
    return deltas


def coin_deltas(points: Sequence[int], n: int) -> list[int]:
    """Coins = points x N; Shaanxi has no rake (§10.7).

    >>> coin_deltas([36, 3, -21, -18], 100)
    [3600, 300, -2100, -1800]
    """
    return [p * n for p in points]
