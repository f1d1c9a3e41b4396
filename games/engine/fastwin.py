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
from operator import mul

from games.engine import hand

_POW5 = tuple(5**i for i in range(9))
WIN0 = 11


def _sets_only(c: list[int]) -> bool:
    """Whether a suit's counts (modified in place) split exactly into pungs and runs."""
    for i in range(9):
        r = c[i] % 3
        if r:
            if i > 6 or c[i + 1] < r or c[i + 2] < r:
                return False
            c[i + 1] -= r
            c[i + 2] -= r
    return True


def _suit_code(key: int) -> int:
    counts = [(key // p) % 5 for p in _POW5]
    n = sum(counts)
    if n % 3 == 0:
        return 1 if _sets_only(counts) else 0
    if n % 3 == 1:
        return 0
    for i in range(9):
        if counts[i] >= 2:
            c = list(counts)
            c[i] -= 2
            if _sets_only(c):
                return 8
    return 0


def _honor_code(key: int) -> int:
    pairs = 0
    for p in _POW5[:7]:
        c = (key // p) % 5
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


SUIT_W0 = _Codes(_suit_code)
HONOR_W0 = _Codes(_honor_code)


# With wildcards: ``hand``'s packed codes (built per block of the group, see
# ``hand._suit_blocks_entry``), shared with it.
SUIT_CODES = hand._SUIT_CODES
HONOR_CODES = hand._HONOR_CODES


def win0_from_keys(km: int, kp: int, ks: int, kz: int) -> bool:
    """``hand.win_from_keys(km, kp, ks, kz)`` with no wildcard (the caller checks 3n + 2 tiles)."""
    codes = SUIT_W0
    return codes[km] + codes[kp] + codes[ks] + HONOR_W0[kz] == WIN0


def win_from_keys(km: int, kp: int, ks: int, kz: int, wild: int = 0) -> bool:
    """``hand.win_from_keys``: the no-wildcard case here, the rest by ``hand``."""
    if not wild:
        codes = SUIT_W0
        return codes[km] + codes[kp] + codes[ks] + HONOR_W0[kz] == WIN0
    wc = SUIT_CODES
    return hand.win_from_codes(wc[km], wc[kp], wc[ks], HONOR_CODES[kz], wild)


def is_standard_win(counts: Sequence[int], wild: int = 0) -> bool:
    """``hand.is_standard_win``: the no-wildcard case here, the rest by ``hand``."""
    if (sum(counts[:34]) + wild) % 3 != 2:
        return False
    pw = _POW5
    if wild:
        wc = SUIT_CODES
        return hand.win_from_codes(
            wc[sum(map(mul, counts[0:9], pw))],
            wc[sum(map(mul, counts[9:18], pw))],
            wc[sum(map(mul, counts[18:27], pw))],
            HONOR_CODES[sum(map(mul, counts[27:34], pw))],
            wild,
        )
    codes = SUIT_W0
    return (
        codes[sum(map(mul, counts[0:9], pw))]
        + codes[sum(map(mul, counts[9:18], pw))]
        + codes[sum(map(mul, counts[18:27], pw))]
        + HONOR_W0[sum(map(mul, counts[27:34], pw))]
        == WIN0
    )
