"""Yiwu win legality, patterns and settlement (yiwu.md §8-§13, §15).

Pure functions on parsed tiles (kinds) and melds, shared by the calculator and live play.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from games.engine.tiles import Meld
from games.engine.variants.yiwu.shapes import (
    CAISHENTOU,
    TESHU_QIDUIZI,
    copies_ok,
    is_winning_shape,
    meld_allowed,
    natural_face,
    ready_patterns,
)

FANGCHONG = "fangchong"
"""放铳平胡: won on another player's discard (×1)."""
ZIMO = "zimo"
"""自摸: won on a normal wall draw (×2)."""
QIANGGANG = "qianggang"
"""抢杠: won by robbing an added kong (×2)."""
GANGKAI = "gangkai"
"""杠开: won on one's own kong replacement tile (×4)."""
DANPIAO = "danpiao"
SHUANGPIAO = "shuangpiao"
CHENGBAO = "chengbao"
FAN_CHENGBAO = "fan_chengbao"

MULTIPLIER = {
    FANGCHONG: 1,
    ZIMO: 2,
    QIANGGANG: 2,
    GANGKAI: 4,
    CAISHENTOU: 4,
    TESHU_QIDUIZI: 4,
    DANPIAO: 8,
    SHUANGPIAO: 16,
}
"""§8.1 multipliers; the hand takes the largest, they never stack (A13)."""

DEALER_BASE = 9
"""Base of any pairing that involves the dealer (A20)."""
PLAIN_BASE = 7
"""Base between two non-dealers."""
MAI_BONUS = 2
"""买子 adds 2 base points to every pairing of the buyer (§12.1)."""
DRAW_PENALTY_MULTIPLIER = 4
"""A 双飘 player pays 财神头 points (×4) to everyone at a 流局 (§13)."""


def win_manner(self_draw: bool, replacement: bool = False, robbing: bool = False) -> str:
    """Exactly one of fangchong / zimo / qianggang / gangkai (§8.1).

    >>> win_manner(True), win_manner(True, replacement=True), win_manner(False, robbing=True)
    ('zimo', 'gangkai', 'qianggang')
    """
    if self_draw:
        return GANGKAI if replacement else ZIMO
    return QIANGGANG if robbing else FANGCHONG


@dataclass(frozen=True, slots=True)
class WinSituation:
    """Everything besides the tiles that decides a win's legality (§15)."""

    manner: str
    win_tile: int | None = None
    self_piao: int = 0
    other_piao: int = 0
    locked: frozenset[int] = frozenset()  # faces locked by 同圈 (§6.5), after 白板 substitution


def hand_is_valid(concealed: Sequence[int], melds: Sequence[Meld], caishen: int) -> bool:
    """Meld legality (no 财神 in melds, chows from 上家) and physical copy limits."""
    return all(meld_allowed(m, caishen) for m in melds) and copies_ok(concealed, melds, caishen)


def pre_draw(concealed: Sequence[int], win_tile: int) -> list[int]:
    """The concealed tiles minus one copy of the winning tile (§8.2)."""
    rest = list(concealed)
    rest.remove(win_tile)
    return rest


def ready_of(
    concealed: Sequence[int], melds: Sequence[Meld], caishen: int, win_tile: int | None
) -> list[str]:
    """财神头 / 特殊七对子 readiness of the hand before ``win_tile`` (empty if unknown)."""
    if win_tile is None:
        return []
    return ready_patterns(pre_draw(concealed, win_tile), melds, caishen)


def is_legal_win(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    caishen: int,
    situation: WinSituation,
    check_tiles: bool = True,
) -> bool:
    """The §15 checks, in order: shape, the offered tile, own 飘, others' 飘.

    >>> from games.engine.tiles import parse_tiles as p
    >>> hand = p("234m567m123p345s99s")
    >>> is_legal_win(hand, [], p("7p")[0], WinSituation(FANGCHONG, p("2p")[0]))
    True
    >>> is_legal_win(hand, [], p("7p")[0], WinSituation(FANGCHONG, p("2p")[0], other_piao=1))
    False
    """
    if check_tiles and not hand_is_valid(concealed, melds, caishen):
        return False
    if not is_winning_shape(concealed, melds, caishen):
        return False
    manner, tile = situation.manner, situation.win_tile
    if manner in (FANGCHONG, QIANGGANG):
        if tile is None or tile == caishen or natural_face(tile, caishen) in situation.locked:
            return False
    if situation.self_piao >= 1:
        return manner == ZIMO and bool(ready_of(concealed, melds, caishen, tile))
    if situation.other_piao >= 2:
        return manner == GANGKAI
    if situation.other_piao == 1:
        return manner != FANGCHONG
    return True


def win_patterns(
    manner: str, ready: Sequence[str], self_piao: int, chengbao: bool, fan_chengbao: bool
) -> list[str]:
    """The §8.1 ids of a legal win. ``ready`` is the pre-draw 财神头 readiness."""
    patterns = [manner]
    if manner in (ZIMO, GANGKAI):
        patterns.extend(ready)
        if ready and self_piao == 1:
            patterns.append(DANPIAO)
        elif ready and self_piao >= 2:
            patterns.append(SHUANGPIAO)
    if chengbao:
        patterns.append(CHENGBAO)
    if fan_chengbao:
        patterns.append(FAN_CHENGBAO)
    return patterns


def hand_multiplier(patterns: Collection[str]) -> int:
    """M: the largest listed multiplier, doubled under reverse 承包 (§8.1).

    >>> hand_multiplier(["zimo", "caishentou", "danpiao"]), hand_multiplier(["zimo", "fan_chengbao"])
    (8, 4)
    """
    m = max(MULTIPLIER[p] for p in patterns if p in MULTIPLIER)
    return m * 2 if FAN_CHENGBAO in patterns else m


def stake(a: int, b: int, dealer: int, mai: Sequence[int], xiazi: Sequence[int]) -> int:
    """stake(W, Q) of §11: symmetric base + 买子 + 下子 of one pairing.

    >>> stake(1, 0, 0, [0, 0, 0, 0], [0, 2, 0, 0]), stake(1, 2, 0, [0, 1, 1, 0], [0, 2, 0, 0])
    (11, 11)
    """
    base = DEALER_BASE if dealer in (a, b) else PLAIN_BASE
    if a == dealer:
        xz = xiazi[b]
    elif b == dealer:
        xz = xiazi[a]
    else:
        xz = 0
    return base + MAI_BONUS * mai[a] + MAI_BONUS * mai[b] + xz


def win_deltas(
    winner: int,
    dealer: int,
    multiplier: int,
    mai: Sequence[int],
    xiazi: Sequence[int],
    discarder: int | None = None,
    payer: int | None = None,
) -> list[int]:
    """§11 settlement. ``discarder`` gets the 放铳 +1 (pass it only for fangchong); ``payer``
    (the contractor, or the 飘 player under reverse 承包) pays every share alone.

    >>> win_deltas(2, 0, 1, [0] * 4, [0] * 4, discarder=3)
    [-9, -7, 24, -8]
    """
    deltas = [0, 0, 0, 0]
    for q in range(4):
        if q == winner:
            continue
        share = (stake(winner, q, dealer, mai, xiazi) + (1 if q == discarder else 0)) * multiplier
        deltas[winner] = deltas[winner] + share
        deltas[q if payer is None else payer] -= share
    return deltas


def draw_deltas(
    dealer: int, piao: Sequence[int], mai: Sequence[int], xiazi: Sequence[int]
) -> list[int]:
    """§13: zeros, unless a 双飘 player must pay everyone 财神头 points (×4).

    >>> draw_deltas(0, [0, 2, 0, 0], [1, 0, 0, 0], [0, 0, 2, 0])
    [44, -100, 28, 28]
    """
    deltas = [0, 0, 0, 0]
    for p in range(4):
        if piao[p] >= 2:
            for q in range(4):
                if q != p:
                    amount = stake(q, p, dealer, mai, xiazi) * DRAW_PENALTY_MULTIPLIER
                    deltas[q] = deltas[q] + amount
                    deltas[p] = deltas[p] - amount
    return deltas


@dataclass(frozen=True, slots=True)
class WinScore:
    patterns: list[str]
    multiplier: int
    deltas: list[int]
    payer: int | None


def score_win(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    caishen: int,
    *,
    winner: int,
    dealer: int,
    manner: str,
    win_tile: int | None,
    discarder: int | None,
    piao: Sequence[int],
    mai: Sequence[int],
    xiazi: Sequence[int],
    feeder: int | None = None,
) -> WinScore:
    """Patterns, M and deltas of a win already known to be legal (§8, §10, §11)."""
    self_piao = piao[winner]
    ready = ready_of(concealed, melds, caishen, win_tile) if manner in (ZIMO, GANGKAI) else []
    piao_seats = [s for s in range(4) if piao[s] >= 1]
    chengbao = feeder is not None and self_piao >= 1
    fan = feeder is not None and feeder == winner and any(s != winner for s in piao_seats)
    patterns = win_patterns(manner, ready, self_piao, chengbao, fan)
    m = hand_multiplier(patterns)
    payer = feeder if chengbao else (piao_seats[0] if fan else None)
    pao = discarder if manner == FANGCHONG else None
    deltas = win_deltas(winner, dealer, m, mai, xiazi, discarder=pao, payer=payer)
    return WinScore(patterns=patterns, multiplier=m, deltas=deltas, payer=payer)


DEALER_WIN = "dealer_win"
DRAW = "draw"


def next_xiazi(
    dealer: int, xiazi: Sequence[int], result: str, multiplier: int, opt_in: Collection[int]
) -> list[int]:
    """下子 after one hand of the same dealer (§12.2).

    A dealer win doubles every placed bet, then seats in ``opt_in`` with no bet start at the
    win's pattern multiplier. A 流局 changes nothing (A23).

    >>> next_xiazi(0, [0, 2, 0, 0], DEALER_WIN, 4, {3})
    [0, 4, 0, 4]
    """
    out = list(xiazi)
    if result != DEALER_WIN:
        return out
    for s in range(4):
        if s != dealer and out[s] > 0:
            out[s] *= 2
    for s in opt_in:
        if s != dealer and out[s] == 0:
            out[s] = multiplier
    return out
