"""Fuzhou win tests on a hand's group keys, golds (金) apart: the hot path of every claim
window and self-draw (``FuzhouRules.can_win``).
"""

from __future__ import annotations

from typing import Final

from games.engine import hand
from games.engine.encoding import GROUP as _GROUP
from games.engine.encoding import POW5 as _POW5
from games.engine.encoding import WEIGHT as _WEIGHT
from games.engine.hand import win_from_keys

SuitKeys = tuple[int, int, int, int]
"""(m key, p key, s key, golds) of a hand: the keys of its non-gold tiles and its gold count."""


def suit_keys(hand: tuple[int, ...], gold: int) -> SuitKeys | None:
    """The hand's group keys with the golds taken out, or None if it holds a kind >= 27.

    Golds are wildcards: they are counted, not keyed."""
    km = kp = ks = golds = 0
    weight = _WEIGHT
    for t in hand:
        if t == gold:
            golds += 1
        elif t < 9:
            km += weight[t]
        elif t < 18:
            kp += weight[t]
        elif t < 27:
            ks += weight[t]
        else:
            return None
    return km, kp, ks, golds


def _plain(hand: tuple[int, ...]) -> bool:
    """Suited tiles only, at most four of a face (what a dealt hand always is)."""
    counts = [0] * 27
    for t in hand:
        if t >= 27:
            return False
        c = counts[t] + 1
        if c > 4:
            return False
        counts[t] = c
    return True


_W0: Final = hand.SUIT_W0


class _LowerBounds(dict[int, tuple[int, int]]):
    """Per suit key, a lower bound on its joker costs: (sets only, the pair's extra), from cheap
    ``SUIT_W0`` codes alone. Two empty kinds in a row split a suit into blocks that no set crosses,
    so the costs add up over blocks (the pair in one of them). A block of n tiles completes with j
    jokers only when n + j is 0 mod 3 (sets) or 2 mod 3 (sets and the pair), and with none exactly
    when its W0 code says so; its cost is at least the least such j. Filled on first use."""

    def __missing__(self, key: int) -> tuple[int, int]:
        digits = [key // p % 5 for p in _POW5]
        np = 0
        dp = 2  # a pair of jokers
        i = 0
        while i < 9:
            if not digits[i]:
                i += 1
                continue
            start = i
            block = n = 0
            while i < 9 and (digits[i] or (i + 1 < 9 and digits[i + 1])):
                block += digits[i] * _POW5[i - start]
                n += digits[i]
                i += 1
            code = _W0[block]
            n %= 3
            if n == 0:
                bound = (0, 2) if code == 1 else (3, -1)
            elif n == 1:
                bound = (2, -1)
            else:
                bound = (1, -1) if code == 8 else (1, 2)
            np += bound[0]
            dp = min(dp, bound[1])
        if len(self) >= 1 << 18:
            self.clear()
        self[key] = (np, dp)
        return np, dp


_LB: Final = _LowerBounds()


def may_win(km: int, kp: int, ks: int, golds: int) -> bool:
    """False only when ``win_from_keys(km, kp, ks, 0, golds)`` is False: the suits' lower bounds
    (sets for all, the pair in the cheapest place or two golds) already need more golds. Costs
    dictionary hits where the full test would fill the wildcard tables for a fresh key."""
    a = _LB[km]
    b = _LB[kp]
    c = _LB[ks]
    pair = a[1]  # min(a[1], b[1], c[1], 2)
    if b[1] < pair:
        pair = b[1]
    if c[1] < pair:
        pair = c[1]
    if pair > 2:
        pair = 2
    return a[0] + b[0] + c[0] + pair <= golds


_NEED: Final[dict[SuitKeys, tuple[int, int, int]]] = {}
"""Per held hand (its keys), per suit: what adding one tile to that suit must achieve. With no gold
it is the ``hand.SUIT_W0`` code the suit must then have (the other suits are fixed: the four
codes sum to 11 exactly on a win, the empty honour group giving 1), or 0 when no code can do it.
With golds it is -1 (test in full) when the hand plus one more gold wins, else -2: a tile that
completes the hand would complete it as a gold too, so a hand not ready that way wins on nothing.
Most claim-window tests stop here, on codes of the held hand's keys (looked up once per hand),
instead of looking up (and filling the tables for) a fresh key per discarded tile."""


_NEED_LIMIT: Final = 1 << 16


def _need_of(keys: SuitKeys) -> tuple[int, int, int]:
    km, kp, ks, golds = keys
    if golds:
        ready = may_win(km, kp, ks, golds + 1) and win_from_keys(km, kp, ks, 0, golds + 1)
        need = (-1, -1, -1) if ready else (-2, -2, -2)
    else:
        cm, cp, cs = _W0[km], _W0[kp], _W0[ks]
        # 10 = 11 minus the honour group's 1; the suit's own code must be 1 or 8
        a, b, c = 10 - cp - cs, 10 - cm - cs, 10 - cm - cp
        need = (a if a in (1, 8) else 0, b if b in (1, 8) else 0, c if c in (1, 8) else 0)
    if len(_NEED) >= _NEED_LIMIT:
        _NEED.clear()
    _NEED[keys] = need
    return need


def wins_with_tile(keys: SuitKeys, tile: int) -> bool:
    """The standard test on the keyed hand plus ``tile`` (a suited face other than the gold, kept
    out of the keys) or, for ``tile == -1``, plus one more gold. The caller checks the size (17
    tiles, melds counted as 3). Equal to ``win_from_keys`` on the sum (test_fuzhou_fast.py)."""
    need = _NEED.get(keys)
    if need is None:
        need = _need_of(keys)
    return _wins_with(keys, need, tile)


def _wins_with(keys: SuitKeys, need: tuple[int, int, int], tile: int) -> bool:
    """``wins_with_tile`` with the keyed hand's ``_NEED`` entry known."""
    km, kp, ks, golds = keys
    if tile < 0:
        if golds:
            return need[0] == -1  # with golds, the need is "the hand plus one more gold wins"
        # One gold sits in a set or the pair of some suit, whose other two suits are then
        # complete without golds: that suit's need is a code (not 0), or nothing can win.
        return (
            bool(need[0] or need[1] or need[2])
            and may_win(km, kp, ks, 1)
            and win_from_keys(km, kp, ks, 0, 1)
        )
    g = _GROUP[tile]
    n = need[g]
    if not n:
        return False
    w = _WEIGHT[tile]
    if n > 0:
        return _W0[(km, kp, ks)[g] + w] == n
    if n == -2 and (km, kp, ks)[g] // w % 5 != 4:
        return False  # not ready (a fifth copy would carry into the next digit: test that in full)
    if g == 0:
        km += w
    elif g == 1:
        kp += w
    else:
        ks += w
    return may_win(km, kp, ks, golds) and win_from_keys(km, kp, ks, 0, golds)
