"""Hand analysis: standard wins, waits, readings and shanten, with any number of wildcards.

The method is the usual lookup-table one. A hand's concealed tiles split into four independent
groups (m, p, s and honours); sets never cross groups. For each group we look up, in a table keyed
by the group's tile-count vector (a base-5 integer), the fewest wildcards ("jokers") that complete
the group into sets, and how many more or fewer it takes when the group also holds the pair. A hand
with ``wild`` jokers wins when the cheapest placement of the pair costs at most ``wild``. Tables are
filled lazily, so a key is computed once per process and then costs one dict look-up.

Why the minimum is enough: a group completed with ``j`` jokers is also completed with ``j + 3``
(three jokers make a pung of anything), and the joker counts that can complete a group all have the
same remainder mod 3, fixed by the group's tile count. So the hand's size (3n + 2) decides the
leftover jokers, which always form whole sets (and the pair, if no group holds it).

>>> from games.engine.tiles import counts_of, parse_tiles
>>> is_standard_win(counts_of(parse_tiles("234567m33456789p")))
True
>>> is_standard_win(counts_of(parse_tiles("234567m3456789p")), wild=1)
True
>>> [t for t in waits_standard(counts_of(parse_tiles("34578m11123789p")))]
[5, 8]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Final

from games.engine.encoding import GROUP_BASE as _GROUP_BASE
from games.engine.encoding import GROUP_SIZE as _GROUP_SIZE
from games.engine.encoding import POW5 as _POW5
from games.engine.encoding import group_keys as group_keys
from games.engine.encoding import tile_keys
from games.engine.readings import INF as INF
from games.engine.readings import Decomposition as Decomposition
from games.engine.readings import GroupReading as GroupReading
from games.engine.readings import WildSet as WildSet
from games.engine.readings import _group_blocks as _group_blocks
from games.engine.readings import _lowest
from games.engine.readings import decompositions as decompositions
from games.engine.readings import shanten as shanten

_PAIR258: Final[tuple[int, ...]] = (1, 4, 7)

# Honour (and pung-only) costs per kind count: jokers to complete into pungs, with a pair.
_NP_SINGLE: Final[tuple[int, ...]] = (0, 2, 1, 0, 2)
_PAIR_SINGLE: Final[tuple[int, ...]] = (INF, 1, 0, 2, 1)

Entry = tuple[
    int, int, int
]  # (no-pair cost, pair cost - no-pair cost, 2/5/8-pair cost - no-pair cost)


# ---------------------------------------------------------------------------------------------
# Per-group tables
# ---------------------------------------------------------------------------------------------


@cache
def _suit_min(counts: tuple[int, ...], mode: int) -> int:
    """Fewest jokers completing a suit group. mode 0: sets only; 1: plus one pair; 2: one 2/5/8 pair."""
    i = _lowest(counts)
    if i < 0:
        return 0 if mode == 0 else INF
    best = INF
    c = list(counts)
    # A pung of kind i, using 1-3 real tiles.
    for real in range(1, min(c[i], 3) + 1):
        c[i] = c[i] - real
        best = min(best, 3 - real + _suit_min(tuple(c), mode))
        c[i] = c[i] + real
    # A run holding kind i. Positions below i are empty, so they are jokers.
    for start in range(max(0, i - 2), min(i, 6) + 1):
        best = min(best, _run_options(c, i, start, mode))
    # The pair, on kind i.
    if mode and (mode == 1 or i in _PAIR258):
        for real in range(1, min(c[i], 2) + 1):
            c[i] = c[i] - real
            best = min(best, 2 - real + _suit_min(tuple(c), 0))
            c[i] = c[i] + real
    return best


def _run_options(c: list[int], i: int, start: int, mode: int) -> int:
    above = [p for p in range(start, start + 3) if p > i]
    jokers_below = i - start
    best = INF
    for mask in range(1 << len(above)):
        used = [p for bit, p in enumerate(above) if mask >> bit & 1]
        if any(c[p] == 0 for p in used):
            continue
        c[i] = c[i] - 1
        for p in used:
            c[p] = c[p] - 1
        jokers = jokers_below + len(above) - len(used)
        best = min(best, jokers + _suit_min(tuple(c), mode))
        c[i] = c[i] + 1
        for p in used:
            c[p] = c[p] + 1
    return best


_SUIT_TABLE: Final[dict[int, Entry]] = {}
_HONOR_TABLE: Final[dict[int, Entry]] = {}


def _decode(key: int, size: int) -> tuple[int, ...]:
    return tuple((key // _POW5[i]) % 5 for i in range(size))


def suit_entry(key: int) -> Entry:
    """Table entry of a suit group keyed by its base-5 count vector, composed from its blocks
    (see ``_blocks``): the group's joker cost is the sum of its blocks', and the pair goes to the
    block where it costs least extra."""
    entry = _SUIT_TABLE.get(key)
    if entry is None:
        np = 0
        dp = dp258 = INF
        for start, block in _blocks(key):
            bnp, m1 = _block01(block)
            m2 = _block2(block * _POW5[start % 3])
            np += bnp
            dp = min(dp, m1 - bnp)
            if m2 < INF:
                dp258 = min(dp258, m2 - bnp)
        entry = (np, dp, dp258 if dp258 < INF else INF - np)
        _SUIT_TABLE[key] = entry
    return entry


def _blocks(key: int) -> list[tuple[int, int]]:
    """The group's blocks as (first position, block key shifted to the 1 end).

    Two empty kinds in a row end a block: a set holding real tiles spans at most three kinds, so
    no set reaches across. A block's joker costs (sets alone; with a pair) do not depend on where
    it sits in the suit (every run of real tiles within three kinds fits in 1-9); the 2/5/8-pair
    cost depends only on its position mod 3. So blocks are priced once per shape: far fewer
    table fills than whole groups."""
    out = []
    i = 0
    while i < 9:
        if not (key // _POW5[i]) % 5:
            i += 1
            continue
        start = i
        block = 0
        while i < 9:
            digit = (key // _POW5[i]) % 5
            if digit:
                block += digit * _POW5[i - start]
                i += 1
            elif i + 1 < 9 and (key // _POW5[i + 1]) % 5:
                i += 1
            else:
                break
        out.append((start, block))
    return out


_BLOCK01: Final[dict[int, tuple[int, int]]] = {}
_BLOCK2: Final[dict[int, int]] = {}


def _block01(block: int) -> tuple[int, int]:
    """(jokers for sets alone, jokers for sets and a pair) of a block at the 1 end."""
    e = _BLOCK01.get(block)
    if e is None:
        counts = _decode(block, 9)
        e = _BLOCK01[block] = (_suit_min(counts, 0), _suit_min(counts, 1))
    return e


def _block2(placed: int) -> int:
    """Jokers for sets and a 2/5/8 pair of a block placed at position 0, 1 or 2 (INF: none)."""
    v = _BLOCK2.get(placed)
    if v is None:
        v = _BLOCK2[placed] = _suit_min(_decode(placed, 9), 2)
    return v


def honor_entry(key: int) -> Entry:
    """Table entry of the honour group (pungs and a pair only)."""
    entry = _HONOR_TABLE.get(key)
    if entry is None:
        counts = _decode(key, 7)
        np = sum(_NP_SINGLE[c] for c in counts)
        dp = min((_PAIR_SINGLE[c] - _NP_SINGLE[c] for c in counts if c), default=INF)
        entry = (np, dp, INF)
        _HONOR_TABLE[key] = entry
    return entry


# Packed codes for the hot path. One int per group key holds everything a win test needs:
#   bits 0-5   w0: 1 if the group completes as sets alone, 8 if it completes with the pair, else 0
#              (never both: the group's tile count mod 3 decides); four groups sum to 11 exactly
#              when a hand wins with no wildcard (8 + 1 + 1 + 1).
#   bits 6-10  dp + 2: the pair's extra cost, clamped to 0..4 (a joker pair costs 2 anyway)
#   bits 11-   np: jokers to complete the group as sets alone
_W0_MASK: Final = 63
_WIN0: Final = 11


def _pack(entry: Entry) -> int:
    return _pack2(entry[0], entry[1])


def _pack2(np: int, dp: int) -> int:
    """The packed code of a group needing ``np`` jokers as sets alone and ``dp`` more with the pair."""
    w0 = 1 if np == 0 else 8 if np + dp == 0 else 0
    clamped = 2 if dp > 2 else -2 if dp < -2 else dp
    return w0 + ((clamped + 2) << 6) + (np << 11)


class _CodeTable(dict[int, int]):
    """Packed codes keyed by group key, filled on first use (``__missing__``)."""

    def __init__(self, entry_of: Callable[[int], Entry]) -> None:
        super().__init__()
        self._entry_of = entry_of

    def __missing__(self, key: int) -> int:
        code = _pack(self._entry_of(key))
        self[key] = code
        return code


class _SuitCodeTable(_CodeTable):
    """``_CodeTable(_suit_blocks_entry)`` with the fill called directly (no call through an
    attribute, no entry tuple)."""

    def __missing__(self, key: int) -> int:
        code = _suit_code(key)
        self[key] = code
        return code


class _HonorCodeTable(_CodeTable):
    """``_CodeTable(honor_entry)`` with the fill called directly."""

    def __missing__(self, key: int) -> int:
        code = _honor_code(key)
        self[key] = code
        return code


def _suit_blocks_entry(key: int) -> Entry:
    """The (np, dp) part of ``suit_entry(key)`` (the 2/5/8 part left out: the packed codes do not
    use it), from the blocks at the 1 end only."""
    np = 0
    dp = INF
    for _start, block in _blocks(key):
        bnp, m1 = _block01(block)
        np += bnp
        dp = min(dp, m1 - bnp)
    return (np, dp, INF)


def _suit_code(key: int) -> int:
    """``_pack(_suit_blocks_entry(key))`` in one pass over the key's digits: the blocks (see
    ``_blocks``) are cut and shifted to the 1 end as the digits go, without a list."""
    np = 0
    dp = INF
    block = 0
    weight = 1  # 5 ** (position - block start)
    gap = 0
    k = key
    for _ in range(11):  # the nine digits, then two zeros that close the last block
        d = k % 5
        k //= 5
        if d:
            block += d * weight
            weight *= 5
            gap = 0
        elif block:
            gap += 1
            if gap == 2:
                e = _BLOCK01.get(block)
                if e is None:
                    e = _block01(block)
                bnp = e[0]
                np += bnp
                if e[1] - bnp < dp:
                    dp = e[1] - bnp
                block = 0
                weight = 1
            else:
                weight *= 5
    return _pack2(np, dp)


def _honor_code(key: int) -> int:
    """``_pack(honor_entry(key))`` from the key's digits."""
    np = 0
    dp = INF
    k = key
    for _ in range(7):
        c = k % 5
        k //= 5
        if c:
            np += _NP_SINGLE[c]
            extra = _PAIR_SINGLE[c] - _NP_SINGLE[c]
            if extra < dp:
                dp = extra
    return _pack2(np, dp)


_SUIT_CODES: Final[_CodeTable] = _SuitCodeTable(_suit_blocks_entry)
_HONOR_CODES: Final[_CodeTable] = _HonorCodeTable(honor_entry)


# ---------------------------------------------------------------------------------------------
# Without wildcards: w0 codes
# ---------------------------------------------------------------------------------------------
# The packed codes' low bits (w0) are all a win test without wildcards reads, and filling a packed
# code runs the joker-aware recursion: in live play most win tests (a claim on a discard, a
# self-draw) meet a group key never seen before, a 13-tile hand plus one tile being rarely
# repeated. With no wildcard the question per group is only "does it split exactly into sets (or
# sets and one pair)", which one greedy pass decides, so the w0 codes have tables of their own:
#
# * sets only: at the lowest held kind ``i`` with ``c`` copies, a pung is always safe when
#   ``c >= 3`` (three runs from ``i`` are the same tiles as three pungs), so the other ``c % 3``
#   copies must start runs ``i, i+1, i+2``; repeat. Honours: every count is 0 or 3.
# * with the pair: some kind with two or more copies holds it, and the rest splits into sets.
#
# A code is 1 if the group completes as sets alone, 8 if as sets and the pair, else 0 (never both:
# the tile count mod 3 decides); four groups sum to 11 exactly when the hand wins.

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


def _suit_w0(key: int) -> int:
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


def _honor_w0(key: int) -> int:
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


class _SuitW0(dict[int, int]):
    """w0 codes of suit group keys, filled on first use (``__missing__``)."""

    def __missing__(self, key: int) -> int:
        code = self[key] = _suit_w0(key)
        return code


class _HonorW0(dict[int, int]):
    """w0 codes of honour group keys, filled on first use."""

    def __missing__(self, key: int) -> int:
        code = self[key] = _honor_w0(key)
        return code


SUIT_W0: Final[dict[int, int]] = _SuitW0()
HONOR_W0: Final[dict[int, int]] = _HonorW0()


def keys_of_tiles(tiles: Iterable[int]) -> list[int]:
    """Group keys [m, p, s, z] straight from a tile list (flowers must not be in it)."""
    return list(tile_keys(tiles))


def win_from_tiles(tiles: Sequence[int], wild: int = 0) -> bool:
    """Standard win test from a list of real tiles plus ``wild`` jokers."""
    if (len(tiles) + wild) % 3 != 2:
        return False
    km, kp, ks, kz = tile_keys(tiles)
    return win_from_keys(km, kp, ks, kz, wild)


def win_from_keys(km: int, kp: int, ks: int, kz: int, wild: int = 0) -> bool:
    """Standard win test from maintained group keys (the hot path).

    The caller guarantees the tile total is 3n + 2 (real tiles plus ``wild``). This is
    ``win_from_codes`` on the keys' codes.
    """
    if not wild:
        return win0_from_keys(km, kp, ks, kz)
    codes = _SUIT_CODES
    return win_from_codes(codes[km], codes[kp], codes[ks], _HONOR_CODES[kz], wild)


def win0_from_keys(km: int, kp: int, ks: int, kz: int) -> bool:
    """``win_from_keys(km, kp, ks, kz)``, no wildcard (the caller checks 3n + 2 tiles)."""
    w0 = SUIT_W0
    return w0[km] + w0[kp] + w0[ks] + HONOR_W0[kz] == WIN0


def win_from_codes(a: int, b: int, c: int, d: int, wild: int) -> bool:
    """The win test on the four groups' packed codes (see ``_pack``)."""
    if not wild:
        return (a + b + c + d) & _W0_MASK == _WIN0
    # Jokers left once every group is completed as sets, against the pair's extra cost (+2).
    slack = wild - ((a + b + c + d) >> 11) + 2
    if slack >= 4:
        return True  # enough for a pair of two jokers
    if slack < 0:
        return False
    return (
        (a >> 6 & 31) <= slack
        or (b >> 6 & 31) <= slack
        or (c >> 6 & 31) <= slack
        or (d >> 6 & 31) <= slack
    )


def standard_cost(counts: Sequence[int], pair258: bool = False) -> int:
    """Fewest jokers that complete the tiles into sets and exactly one pair."""
    km, kp, ks, kz = group_keys(counts)
    entries = (suit_entry(km), suit_entry(kp), suit_entry(ks), honor_entry(kz))
    idx = 2 if pair258 else 1
    return sum(e[0] for e in entries) + min(min(e[idx] for e in entries), 2)


def wild_cost(counts: Sequence[int], pair: bool) -> int:
    """Fewest jokers that complete the tiles into sets, and exactly one pair when ``pair``.

    Unlike the tables, any count is accepted, even above four (a waits query may ask about a fifth
    copy, and a 财神-readiness test counts sets alone).

    >>> wild_cost([1, 1, 1] + [0] * 31, False), wild_cost([1, 0, 1] + [0] * 31, False)
    (0, 1)
    >>> wild_cost([5] + [0] * 33, True), wild_cost([0] * 27 + [1] + [0] * 6, True)
    (0, 1)
    """
    suits = [tuple(counts[base : base + 9]) for base in (0, 9, 18)]
    honours = [n for n in counts[27:34] if n]
    sets = [_suit_min(group, 0) for group in suits] + [-n % 3 for n in honours]
    if not pair:
        return sum(sets)
    with_pair = [_suit_min(group, 1) for group in suits]
    with_pair += [(2 - n) % 3 for n in honours]  # the pair, then pungs
    return sum(sets) + min([2] + [p - s for p, s in zip(with_pair, sets, strict=True)])


def is_standard_win(counts: Sequence[int], wild: int = 0) -> bool:
    """Sets (pungs, runs within a suit) and one pair, jokers filling any gap.

    ``counts`` holds the real tiles (kinds 0-33 are read); ``wild`` counts the jokers, which are not
    in ``counts``.
    """
    if (sum(counts[:34]) + wild) % 3 != 2:
        return False
    km, kp, ks, kz = group_keys(counts)
    return win_from_keys(km, kp, ks, kz, wild)


def standard_win_pair258(counts: Sequence[int], wild: int = 0) -> bool:
    """A standard win whose pair is a 2, 5 or 8 of a suit (jokers may form or complete it)."""
    if (sum(counts[:34]) + wild) % 3 != 2:
        return False
    return standard_cost(counts, pair258=True) <= wild


def is_all_pungs_win(counts: Sequence[int], wild: int = 0) -> bool:
    """A standard win in which every set is a pung (对对胡 / 碰碰胡 shape)."""
    if (sum(counts[:34]) + wild) % 3 != 2:
        return False
    present = [c for c in counts[:34] if c]
    np = sum(_NP_SINGLE[c] for c in present)
    dp = min((_PAIR_SINGLE[c] - _NP_SINGLE[c] for c in present), default=INF)
    return np + min(dp, 2) <= wild


def seven_pairs(counts: Sequence[int], wild: int = 0) -> bool:
    """Fourteen tiles as seven pairs; four of a kind counts as two pairs; a joker pairs anything."""
    if sum(counts[:34]) + wild != 14:
        return False
    singles = sum(c & 1 for c in counts[:34])
    return singles <= wild


_GROUP_WAITS: Final[dict[int, tuple[int, ...]]] = {}
_BUDGET_CAP: Final = 127  # above every group's cost (at most 2 jokers per tile, + 4)


def _waits_key(g: int, key: int, budget: int, others_dp2: int) -> int:
    """The ``_GROUP_WAITS`` key of (g, key, budget, others_dp2), packed in one int. The budget
    only meets costs below ``_BUDGET_CAP`` (a group key holds at most 36 tiles), so it is capped."""
    if budget > _BUDGET_CAP:
        budget = _BUDGET_CAP
    return ((key << 7 | budget) << 3 | others_dp2) << 2 | g


def _group_waits(g: int, key: int, budget: int, others_dp2: int) -> tuple[int, ...]:
    """Kinds of group g that complete the hand, given what the other groups need.

    A tile added to group g turns its code into ``e``; the hand then wins when
    np(e) + min(others_dp2, dp2(e)) <= budget. Cached per (group, key, budget, others_dp2).
    """
    cache_key = _waits_key(g, key, budget, others_dp2)
    found = _GROUP_WAITS.get(cache_key)
    if found is None:
        base = _GROUP_BASE[g]
        kinds: list[int] = []
        k = key
        p = 1
        for pos in range(_GROUP_SIZE[g]):
            digit = k % 5
            k //= 5
            if digit < 4:  # no fifth copy (and it would not fit a base-5 key)
                e = _HONOR_CODES[key + p] if g == 3 else _SUIT_CODES[key + p]
                dp2 = e >> 6 & 31
                if (e >> 11) + (others_dp2 if others_dp2 < dp2 else dp2) <= budget:
                    kinds.append(base + pos)
            p *= 5
        found = tuple(kinds)
        if len(_GROUP_WAITS) >= 200_000:
            _GROUP_WAITS.clear()  # bounded: a long-running server sees ever more keys
        _GROUP_WAITS[cache_key] = found
    return found


def waits_standard(
    counts: Sequence[int], wild: int = 0, candidates: Iterable[int] = range(34)
) -> list[int]:
    """Kinds ``t`` among ``candidates`` for which ``counts + t`` is a standard win.

    No four-copies filter beyond the physical one (a fifth copy of a kind held four times is never
    a wait): each variant applies its own availability rule.
    """
    if (sum(counts[:34]) + wild + 1) % 3 != 2:
        return []
    km, kp, ks, kz = group_keys(counts)
    out = waits_from_keys(km, kp, ks, kz, wild)
    if isinstance(candidates, range) and candidates == range(34):
        return out
    allowed = candidates if isinstance(candidates, range) else set(candidates)
    return [t for t in out if t in allowed]


def waits_from_keys(km: int, kp: int, ks: int, kz: int, wild: int = 0) -> list[int]:
    """``waits_standard`` from maintained group keys, in kind order (the caller guarantees the
    tile total is 3n + 1 with the wildcards)."""
    a = _SUIT_CODES[km]
    b = _SUIT_CODES[kp]
    c = _SUIT_CODES[ks]
    d = _HONOR_CODES[kz]
    da = a >> 6 & 31
    db = b >> 6 & 31
    dc = c >> 6 & 31
    dd = d >> 6 & 31
    base = wild - ((a + b + c + d) >> 11) + 2
    out: list[int] = []
    budget = base + (a >> 11)
    if budget >= 0:
        out += _waits_of(0, km, budget, _min4(db, dc, dd))
    budget = base + (b >> 11)
    if budget >= 0:
        out += _waits_of(1, kp, budget, _min4(da, dc, dd))
    budget = base + (c >> 11)
    if budget >= 0:
        out += _waits_of(2, ks, budget, _min4(da, db, dd))
    budget = base + (d >> 11)
    if budget >= 0:
        out += _waits_of(3, kz, budget, _min4(da, db, dc))
    return out


def _min4(x: int, y: int, z: int) -> int:
    """``min(x, y, z, 4)``."""
    m = 4
    if x < m:
        m = x
    if y < m:
        m = y
    if z < m:
        m = z
    return m


def _waits_of(g: int, key: int, budget: int, others_dp2: int) -> tuple[int, ...]:
    found = _GROUP_WAITS.get(_waits_key(g, key, budget, others_dp2))
    if found is None:
        found = _group_waits(g, key, budget, others_dp2)
    return found


# ---------------------------------------------------------------------------------------------
# Readings (for scoring)
# ---------------------------------------------------------------------------------------------


# ---------------------------------------------------------------------------------------------
# Shanten (tiles away from ready), for bots
# ---------------------------------------------------------------------------------------------
