"""Fuzhou settlements other than one scored win: dealer rotation, escape, the reserved tail,
several players winning on one discard, and the 抢金 window (shared/rules/fuzhou.md).

>>> next_dealership(dealer=1, streak=2, winner=None)
(1, 2)
>>> reserve(exposed=0, concealed=0, quartets=1)
20
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from games.engine.tiles import Meld
from games.engine.variants.fuzhou.scoring import (
    DISCARD,
    JINQUE,
    QIANGJIN,
    SELF_DRAW,
    TIANHU,
    WinContext,
    WinScore,
    flower_points,
    is_legal_win,
    score_win,
)

RESERVE_BASE: Final = 18
"""§6.1: R = 18 + E + 2·C + 2·Q."""
FINAL_GROUP_MAX: Final = 4
"""§6.3: 1 ≤ D ≤ 4 is the final group."""

PHASE_NORMAL = "normal"
PHASE_FINAL_GROUP = "final_group"
PHASE_EXHAUSTED = "exhausted"


def next_dealership(*, dealer: int, streak: int, winner: int | None) -> tuple[int, int]:
    """§2.1: (next dealer, next S). A dealer win or a draw keeps the deal; a dealer win adds 1
    to S, a draw keeps S; a non-dealer win passes the deal to dealer+1 with S = 0."""
    if winner is None:
        return dealer, streak
    if winner == dealer:
        return dealer, streak + 1
    return (dealer + 1) % 4, 0


@dataclass(frozen=True, slots=True)
class SeatHolding:
    """What the escape penalty reads from one seat: its flowers, melds and golds in hand."""

    flowers: tuple[int, ...]
    melds: tuple[Meld, ...]
    golds: int


def escape_penalty(others: Sequence[SeatHolding], streak: int) -> int:
    """§14: P = 4 × (Σ over the three others of (F_j + G_j + 5) + S)."""
    total = sum(flower_points(h.flowers, h.melds) + h.golds + 5 for h in others)
    return 4 * (total + streak)


def reserve(*, exposed: int, concealed: int, quartets: int) -> int:
    """R of §6.1 from the kongs and flower quartets on the table."""
    return RESERVE_BASE + exposed + 2 * concealed + 2 * quartets


def wall_phase(drawable: int) -> str:
    """What the next normal draw meets (§6.3), given D = W − R."""
    if drawable <= 0:
        return PHASE_EXHAUSTED
    if drawable <= FINAL_GROUP_MAX:
        return PHASE_FINAL_GROUP
    return PHASE_NORMAL


@dataclass(frozen=True, slots=True)
class Contender:
    """A seat that could win at one moment: its concealed tiles (17, with the tile it would win
    on), melds, flowers and whether it discarded a gold this hand."""

    seat: int
    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    flowers: tuple[int, ...]
    discarded_gold: bool = False


def _order_from(start: int, seat: int) -> int:
    return (seat - start) % 4


def resolve_discard_win(
    contenders: Sequence[Contender], *, gold: int, discarder: int, win_tile: int, streak: int
) -> tuple[int, WinScore] | None:
    """§8.2: of the seats that may win on one discard, the 金雀 one wins wherever it sits,
    otherwise the nearest in play order after the discarder. None if nobody may win."""
    able: list[tuple[int, WinScore]] = []
    for c in contenders:
        ctx = WinContext(
            gold=gold, win_type=DISCARD, win_tile=win_tile, discarded_gold=c.discarded_gold
        )
        if is_legal_win(c.concealed, c.melds, ctx):
            score = score_win(
                c.concealed,
                c.melds,
                ctx,
                flowers=c.flowers,
                streak=streak,
                winner=c.seat,
                discarder=discarder,
            )
            able.append((c.seat, score))
    if not able:
        return None
    able.sort(key=lambda item: (JINQUE not in item[1].patterns, _order_from(discarder, item[0])))
    return able[0]


def qiangjin_candidates(
    hands: Sequence[Contender], *, gold: int, dealer: int, dealer_first_discard: int
) -> list[tuple[int, tuple[int, ...]]]:
    """§11.3: the seats that may rob the opened gold, in priority order (d+1, d+2, d+3, then the
    dealer), each with the 17 tiles it would win with (the robbed gold last)."""
    out: list[tuple[int, tuple[int, ...]]] = []
    by_seat = {h.seat: h for h in hands}
    ctx = WinContext(gold=gold, win_type=SELF_DRAW, special=QIANGJIN)
    for step in (1, 2, 3, 0):
        seat = (dealer + step) % 4
        hand = by_seat.get(seat)
        if hand is None:
            continue
        tiles = list(hand.concealed)
        if seat == dealer:
            tiles.remove(dealer_first_discard)
        tiles.append(gold)
        if is_legal_win(tiles, hand.melds, ctx):
            out.append((seat, tuple(tiles)))
    return out


def resolve_qiangjin_window(
    hands: Sequence[Contender], *, gold: int, dealer: int, dealer_first_discard: int, streak: int
) -> tuple[int, WinScore] | None:
    """§11.2-§11.3: 天胡 > 闲家抢金 (nearest first) > 庄家抢金. Every such win is a self-draw."""
    by_seat = {h.seat: h for h in hands}
    dealer_hand = by_seat.get(dealer)
    if dealer_hand is not None:
        ctx = WinContext(gold=gold, win_type=SELF_DRAW, special=TIANHU)
        if is_legal_win(dealer_hand.concealed, dealer_hand.melds, ctx):
            return dealer, score_win(
                dealer_hand.concealed,
                dealer_hand.melds,
                ctx,
                flowers=dealer_hand.flowers,
                streak=streak,
                winner=dealer,
                discarder=None,
            )
    candidates = qiangjin_candidates(
        hands, gold=gold, dealer=dealer, dealer_first_discard=dealer_first_discard
    )
    if not candidates:
        return None
    seat, tiles = candidates[0]
    hand = by_seat[seat]
    ctx = WinContext(gold=gold, win_type=SELF_DRAW, win_tile=gold, special=QIANGJIN)
    return seat, score_win(
        tiles, hand.melds, ctx, flowers=hand.flowers, streak=streak, winner=seat, discarder=None
    )
