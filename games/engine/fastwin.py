"""Standard-shape win tests from group keys: exactly ``games.engine.hand``'s, with fewer table fills.

``hand`` answers every win test from one table per group key that also prices jokers (fewest
jokers completing the group, with and without the pair). Filling an entry of that table runs a
joker-aware recursion, and in live play most win tests (a claim on a discard, a self-draw) see a
group key never seen before: a 13-tile hand plus one tile is rarely repeated. With no wildcard the
question per group is only "does it split exactly into sets (or sets and one pair)", which a
single greedy pass decides:

* sets only: at the lowest held kind ``i`` with ``c`` copies, a pung is always safe when ``c >= 3``
  (three runs from ``i`` are the same tiles as three pungs), so the other ``c % 3`` copies must
  start runs ``i, i+1, i+2``; repeat. Honours: every count is 0 or 3.
* with the pair: some kind with two or more copies holds it, and the rest splits into sets.

Each group key maps to the ``w0`` code of ``hand``: 1 if the group completes as sets alone, 8 if
it completes as sets and the pair, else 0 (never both: the tile count mod 3 decides). Four groups
sum to 11 exactly when the hand wins. The codes are cached per key (a dict hit once seen).

>>> from games.engine.tiles import counts_of, parse_tiles
>>> is_standard_win(counts_of(parse_tiles("234567m33456789p")))
True
>>> is_standard_win(counts_of(parse_tiles("234567m3456789p")), wild=1)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from games.engine import hand
from games.engine.encoding import group_keys

#: the four groups' w0 codes of a winning hand: 8 (sets and the pair) + 1 + 1 + 1
WIN0: Final = 11


def _splits(key: int, pair_at: int) -> bool:
    """Whether the suit keyed by ``key``, less two copies at ``pair_at`` (-1: none), splits
    exactly into pungs and runs. Greedy from the lowest kind: with ``c`` copies left once the
    open runs took theirs, ``c // 3`` pungs are always safe (three runs are the same tiles as
    three pungs), and the other ``c % 3`` copies must start runs. The runs still open (started
    one and two kinds back) are carried instead of taking their tiles from the counts ahead."""
    open1 = 0  # runs started at the previous kind: they need this kind and the next
    open2 = 0  # runs started two kinds back: they need this kind
    k = key
    for i in range(9):
        c = k % 5 - open1 - open2
        k //= 5
        if i == pair_at:
            c -= 2
        if c < 0:
            return False
        open2 = open1
        open1 = c % 3
    return open1 == 0 and open2 == 0


def _suit_code(key: int) -> int:
    n = 0
    k = key
    for _ in range(9):
        n += k % 5
        k //= 5
    r = n % 3
    if r == 0:
        return 1 if _splits(key, -1) else 0
    if r == 1:
        return 0
    k = key
    for i in range(9):
        if k % 5 >= 2 and _splits(key, i):
            return 8
        k //= 5
    return 0


def _honor_code(key: int) -> int:
    pairs = 0
    k = key
    for _ in range(7):
        c = k % 5
        k //= 5
        if c == 2:
            pairs += 1
        elif c and c != 3:
            return 0
    return 1 if pairs == 0 else 8 if pairs == 1 else 0


class _Codes(dict[int, int]):
    """Codes keyed by group key, filled on first use."""

    def __init__(self, code_of: Callable[[int], int]) -> None:
        super().__init__()
        self._code_of = code_of

    def __missing__(self, key: int) -> int:
        code = self[key] = self._code_of(key)
        return code


class _SuitCodes(_Codes):
    """``_Codes(_suit_code)`` with the fill called directly."""

    def __missing__(self, key: int) -> int:
        code = self[key] = _suit_code(key)
        return code


class _HonorCodes(_Codes):
    """``_Codes(_honor_code)`` with the fill called directly."""

    def __missing__(self, key: int) -> int:
        code = self[key] = _honor_code(key)
        return code


SUIT_W0: Final[_Codes] = _SuitCodes(_suit_code)
HONOR_W0: Final[_Codes] = _HonorCodes(_honor_code)


# With wildcards: ``hand``'s packed codes (built per block of the group, see
# ``hand._suit_blocks_entry``), shared with it.
SUIT_CODES: Final = hand._SUIT_CODES
HONOR_CODES: Final = hand._HONOR_CODES


def win0_from_keys(km: int, kp: int, ks: int, kz: int) -> bool:
    """``hand.win_from_keys(km, kp, ks, kz)`` with no wildcard (the caller checks 3n + 2 tiles)."""
    codes = SUIT_W0
    return codes[km] + codes[kp] + codes[ks] + HONOR_W0[kz] == WIN0


def win_from_keys(km: int, kp: int, ks: int, kz: int, wild: int = 0) -> bool:
    """``hand.win_from_keys``: the no-wildcard case here, the rest by ``hand``."""
    if not wild:
        codes = SUIT_W0
        return codes[km] + codes[kp] + codes[ks] + HONOR_W0[kz] == WIN0
    return hand.win_from_keys(km, kp, ks, kz, wild)


def is_standard_win(counts: Sequence[int], wild: int = 0) -> bool:
    """``hand.is_standard_win``: the no-wildcard case here, the rest by ``hand``."""
    if (sum(counts[:34]) + wild) % 3 != 2:
        return False
    km, kp, ks, kz = group_keys(counts)
    return win_from_keys(km, kp, ks, kz, wild)
