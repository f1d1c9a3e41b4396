"""Table-driven standard-shape shanten for bots: exactly ``games.engine.hand.shanten``, cached.

``hand.shanten`` merges the Pareto readings (sets, partial sets, pair) of the four groups for
every call. Here each group's readings are summarised once as a *table*: for every (sets m, pair p)
the most partial sets ``t`` any reading with exactly that m and p shows (-1: no such reading).
Two groups combine by a max-plus product of their tables, and the shanten of a combined table
depends only on (table, sets needed, jokers). The value formula ``2*(need-min(m,need)) -
min(t, need-min(m,need)) - p`` never rises with t for a fixed (m, p), so the minimum over the
tables' entries equals the minimum over every combination of readings: the result is identical to
``hand.shanten``. Tables come from a small universe, so every step is a dict hit after warm-up.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from games.engine.encoding import GROUP as _KIND_GROUP
from games.engine.encoding import POSITION as _KIND_POS
from games.engine.encoding import POW5 as _POW5
from games.engine.encoding import WEIGHT as _KIND_POW
from games.engine.encoding import group_key as group_key
from games.engine.encoding import group_keys as group_keys
from games.engine.encoding import tile_keys as _tile_keys
from games.engine.hand import _group_blocks

MAXM: Final = 6  # sets one table can count (18 tiles); entries are indexed m * 2 + p
_SIZE: Final = 2 * (MAXM + 1)
Table = int  # a table's id: index into _TABLES (ids make every cache key a small int)

# The caches: a table is known by its id (an index into _TABLES), so the combination and value
# caches are lists indexed by id, grown on demand.
_TABLES: Final[list[tuple[int, ...]]] = []
_TABLE_ID: Final[dict[tuple[int, ...], int]] = {}
#: per table id a: combine(a, b) at index b (-1: not known yet); grown on demand
_COMBINED: Final[list[list[int]]] = []
#: per table id: value(t, need, wild) at index need * 16 + wild (-9: not known yet)
_VALUE: Final[list[list[int]]] = []
_UNKNOWN: Final = -9  # below every shanten (the least is -1)


def _intern(t: tuple[int, ...]) -> int:
    i = _TABLE_ID.get(t)
    if i is None:
        i = _TABLE_ID[t] = len(_TABLES)
        _TABLES.append(t)
        _COMBINED.append([])
        _VALUE.append([])
    return i


EMPTY: Final[Table] = _intern((0,) + (-1,) * (_SIZE - 1))  # no tiles: (0 sets, 0 partials, no pair)

_SUITED: Final[dict[int, Table]] = {}  # base-5 suit key shifted to the 1 end -> table id
_HONOUR: Final[dict[int, Table]] = {}


def group_table_key(key: int, size: int) -> Table:
    """The table of a group given by its base-5 key (size 9: suited, 7: honours). A suit is
    looked up shifted to the 1 end: its table does not depend on where its tiles sit (_blocks)."""
    if size == 9:
        while key and not key % 5:
            key //= 5
        t = _SUITED.get(key)
        if t is None:
            t = _SUITED[key] = _build_suited(key)
    else:
        t = _HONOUR.get(key)
        if t is None:
            t = _HONOUR[key] = _intern(_raw(key, False))
    return t


def group_table(counts: tuple[int, ...], suited: bool) -> Table:
    """The (m, p) -> max t table of one group's count vector."""
    return group_table_key(group_key(counts), 9 if suited else 7)


def _build_suited(key: int) -> Table:
    blocks = _blocks(key)
    if len(blocks) == 1 and blocks[0] == key:
        return _intern(_raw(key, True))
    t = EMPTY
    for b in blocks:
        t = combine(t, group_table_key(b, 9))
    return t


def _blocks(key: int) -> list[int]:
    """A suit's blocks (from its key) as keys shifted to the 1 end. Two empty kinds in a row end a
    block: every set or partial set spans at most three kinds, so no reading reaches across, and a
    suit's table is the combination of its blocks' tables. A block's table does not depend on
    where it sits (every set or partial set of its tiles fits in 1-9), so few distinct blocks
    cover many suits."""
    out = []
    while key:
        while not key % 5:
            key //= 5
        block = 0
        p = 1
        while key:
            d = key % 5
            if d:
                block += d * p
            elif not key // 5 % 5:
                break
            p *= 5
            key //= 5
        out.append(block)
    return out


def _build_from_blocks(counts: tuple[int, ...], suited: bool) -> tuple[int, ...]:
    """The table straight from hand._group_blocks (the definition; tests compare with _raw)."""
    out = [-1] * _SIZE
    for m, tt, p in _group_blocks(counts, suited):
        i = m * 2 + p
        if tt > out[i]:
            out[i] = tt
    return tuple(out)


_RAW: Final[tuple[dict[int, tuple[int, ...]], dict[int, tuple[int, ...]]]] = (
    {0: (0,) + (-1,) * (_SIZE - 1)},  # honours
    {0: (0,) + (-1,) * (_SIZE - 1)},  # suited
)


def _raw(key: int, suited: bool) -> tuple[int, ...]:
    """The table of a group key, by the recursion of hand._group_blocks done on tables: take the
    lowest tile as a pung, a pair (partial or the pair), a chow, a partial run, or leave it
    isolated; an entry is the best of the shifted entries of the rest's table (exactly the
    maximum over the readings _group_blocks lists)."""
    cache = _RAW[suited]
    r = cache.get(key)
    if r is not None:
        return r
    size = 9 if suited else 7
    i = 0
    k = key
    while k % 5 == 0:
        k //= 5
        i += 1
    ci = k % 5
    c1 = (k // 5) % 5 if i + 1 < size else 0
    c2 = (k // 25) % 5 if i + 2 < size else 0
    pw = _POW5
    if suited:
        m = 0  # a suit read backwards has the same readings: its mirror's table, if known
        k = key
        while k:
            m = m * 5 + k % 5
            k //= 5
        r = cache.get(m)
        if r is not None:
            cache[key] = r
            return r
        # the best of the rests' tables, each shifted by its take (cached per table and take); a
        # rest goes through group_table_key: split into blocks and shifted, so the many rests
        # that differ only by position or by far-apart blocks share their tables
        gk = group_table_key
        sh = _SHIFTED
        parts = []
        if ci >= 3:
            t = gk(key - 3 * pw[i], 9)
            parts.append(sh.get(t * 4) or _shifted(t, 0))
        if ci >= 2:
            t = gk(key - 2 * pw[i], 9)
            parts.append(sh.get(t * 4 + 1) or _shifted(t, 1))
            parts.append(sh.get(t * 4 + 2) or _shifted(t, 2))
        if c1 and c2:
            t = gk(key - pw[i] - pw[i + 1] - pw[i + 2], 9)
            parts.append(sh.get(t * 4) or _shifted(t, 0))
        if c1:
            t = gk(key - pw[i] - pw[i + 1], 9)
            parts.append(sh.get(t * 4 + 1) or _shifted(t, 1))
        if c2:
            t = gk(key - pw[i] - pw[i + 2], 9)
            parts.append(sh.get(t * 4 + 1) or _shifted(t, 1))
        parts.append(_TABLES[gk(key - pw[i], 9)])
        r = cache[key] = tuple(map(max, *parts)) if len(parts) > 1 else parts[0]
        return r
    out = [-1] * _SIZE
    takes: list[tuple[int, int, int, int]] = []  # (key removed, dm, dt, dp)
    if ci >= 3:
        takes.append((3 * pw[i], 1, 0, 0))
    if ci >= 2:
        takes.append((2 * pw[i], 0, 1, 0))
        takes.append((2 * pw[i], 0, 0, 1))
    takes.append((pw[i], 0, 0, 0))
    for removed, dm, dt, dp in takes:
        sub = _raw(key - removed, False)
        for idx, tt in enumerate(sub):
            if tt < 0:
                continue
            p = (idx & 1) + dp
            if p > 1:
                continue
            j = idx + 2 * dm + dp
            if j >= _SIZE:
                raise ValueError("a group with more than MAXM sets")
            if tt + dt > out[j]:
                out[j] = tt + dt
    r = cache[key] = tuple(out)
    return r


#: table id * 4 + take -> the table's entries moved by the take (0: a set, 1: a partial set,
#: 2: the pair): what _raw's recursion adds to a rest's readings. Bounded: cleared past the limit.
_SHIFTED: Final[dict[int, tuple[int, ...]]] = {}
_SHIFTED_LIMIT = 300_000
_TAKES: Final[tuple[tuple[int, int, int], ...]] = (
    (1, 0, 0),
    (0, 1, 0),
    (0, 0, 1),
)  # (sets, partial sets, pair) added


def _shifted(t: Table, take: int) -> tuple[int, ...]:
    dm, dt, dp = _TAKES[take]
    out = [-1] * _SIZE
    for idx, tt in enumerate(_TABLES[t]):
        if tt < 0 or (idx & 1) + dp > 1:
            continue
        j = idx + 2 * dm + dp
        if j >= _SIZE:
            raise ValueError("a group with more than MAXM sets")
        out[j] = tt + dt
    if len(_SHIFTED) >= _SHIFTED_LIMIT:
        _SHIFTED.clear()
    r = _SHIFTED[t * 4 + take] = tuple(out)
    return r


def combine(a: Table, b: Table) -> Table:
    """The table of two groups together (max-plus product, at most one pair)."""
    row = _COMBINED[a]
    if b < len(row):
        c = row[b]
        if c >= 0:
            return c
    return _combine_new(a, b)


def _combine_new(a: Table, b: Table) -> Table:
    out = [-1] * _SIZE
    for i, ta in enumerate(_TABLES[a]):
        if ta < 0:
            continue
        ma, pa = divmod(i, 2)
        for j, tb in enumerate(_TABLES[b]):
            if tb < 0:
                continue
            mb, pb = divmod(j, 2)
            p = pa + pb
            m = ma + mb
            if p > 1 or m > MAXM:
                continue
            k = m * 2 + p
            if ta + tb > out[k]:
                out[k] = ta + tb
    c = _intern(tuple(out))
    row = _COMBINED[a]
    if b >= len(row):
        row.extend([-1] * (len(_TABLES) - len(row)))
    row[b] = c
    return c


def value(t: Table, need: int, wild: int = 0) -> int:
    """Shanten of a whole-hand table: ``max(-1, min over entries of the formula - wild)``."""
    row = _VALUE[t]
    i = need * 16 + wild
    if i < len(row) and 0 <= wild < 16:
        v = row[i]
        if v != _UNKNOWN:
            return v
    return _value_new(t, need, wild)


def _value_new(t: Table, need: int, wild: int) -> int:
    best = 99
    for i, tt in enumerate(_TABLES[t]):
        if tt < 0:
            continue
        m, p = divmod(i, 2)
        m2 = min(m, need)
        t2 = min(tt, need - m2)
        x = 2 * (need - m2) - t2 - p
        if x < best:
            best = x
    v = max(-1, best - wild)
    if not (0 <= wild < 16 and need >= 0):
        return v  # outside the cache's index
    row = _VALUE[t]
    i = need * 16 + wild
    if i >= len(row):
        row.extend([_UNKNOWN] * (i + 1 - len(row)))
    row[i] = v
    return v


#: (others table * 256 + need * 16 + wild) -> per group table id, the shanten of (others, group)
#: (_UNKNOWN: not known yet): one list index per discard candidate. Bounded: cleared past
#: _CV_LIMIT rows.
_CV: Final[dict[int, list[int]]] = {}
_CV_LIMIT = 20_000


def tile_keys(tiles: Iterable[int]) -> list[int]:
    """The four group keys of a tile list (kinds < 34): group_keys of its counts, without them."""
    return list(_tile_keys(tiles))


def tables(counts: Sequence[int]) -> tuple[Table, Table, Table, Table]:
    """The four group tables (m, p, s, honours) of a 34-count vector."""
    k = group_keys(counts)
    return (
        group_table_key(k[0], 9),
        group_table_key(k[1], 9),
        group_table_key(k[2], 9),
        group_table_key(k[3], 7),
    )


def shanten(counts: Sequence[int], wild: int = 0, sets_needed: int | None = None) -> int:
    """Identical to ``games.engine.hand.shanten(counts, wild, sets_needed)``."""
    if sets_needed is None:
        n_tiles = wild
        if isinstance(counts, list):
            c: list[int] = counts
            for i in range(min(34, len(c))):
                n_tiles += c[i]
        else:
            n_tiles += sum(counts[:34])
        need = n_tiles // 3
    else:
        need = sets_needed
    k = group_keys(counts)
    return shanten4(k[0], k[1], k[2], k[3], need, wild)


def shanten_keys(keys: Sequence[int], need: int, wild: int = 0) -> int:
    """``shanten`` from the four group keys and the sets needed."""
    if isinstance(keys, list):
        k: list[int] = keys
        return shanten4(k[0], k[1], k[2], k[3], need, wild)
    return shanten4(keys[0], keys[1], keys[2], keys[3], need, wild)


def shanten4(k0: int, k1: int, k2: int, k3: int, need: int, wild: int) -> int:
    """``shanten_keys`` from the four group keys as separate ints."""
    t = _table_of(k0, False)
    if k1:
        t = combine(t, _table_of(k1, False))
    if k2:
        t = combine(t, _table_of(k2, False))
    if k3:
        t = combine(t, _table_of(k3, True))
    return value(t, need, wild)


def _table_of(key: int, honours: bool) -> Table:
    """group_table_key of a suit (honours False) or of the honours, EMPTY for key 0 (combining
    with EMPTY changes no table)."""
    if not key:
        return EMPTY
    if honours:
        t = _HONOUR.get(key)
        return group_table_key(key, 7) if t is None else t
    while not key % 5:
        key //= 5
    t = _SUITED.get(key)
    return group_table_key(key, 9) if t is None else t


def after_discards(counts: Sequence[int], need: int, wild: int, kinds: Sequence[int]) -> list[int]:
    """``shanten(counts minus one kind, wild, need)`` for every kind of ``kinds`` (each held)."""
    return after_discards_keys(group_keys(counts), need, wild, kinds)


def after_discards_keys(
    keys: Sequence[int], need: int, wild: int, kinds: Sequence[int]
) -> list[int]:
    """``after_discards`` from the four group keys of the counts."""
    kk: list[int] = kinds if isinstance(kinds, list) else list(kinds)
    if isinstance(keys, list):
        k: list[int] = keys
        return after_discards4(k[0], k[1], k[2], k[3], need, wild, kk)
    return after_discards4(keys[0], keys[1], keys[2], keys[3], need, wild, kk)


def after_discards4(
    k0: int, k1: int, k2: int, k3: int, need: int, wild: int, kinds: list[int]
) -> list[int]:
    """``after_discards`` from the four group keys as separate ints.

    Only the removed tile's group changes: the other three groups are combined once per group,
    then each kind costs an index into its group's tables-after-one-removal (cached per group key,
    with the group's own table) and an index into the shanten row of (other groups, that table).
    A suit's after-tables are cached for its key shifted to the 1 end (a suit's table does not
    depend on where its tiles sit, see _blocks), so a shape hits wherever it lies."""
    l0 = _low(k0)
    l1 = _low(k1)
    l2 = _low(k2)
    a0 = _after_of(k0 // _POW5[l0], False)
    a1 = _after_of(k1 // _POW5[l1], False)
    a2 = _after_of(k2 // _POW5[l2], False)
    a3 = _after_of(k3, True)
    t0 = a0[9]
    t1 = a1[9]
    t2 = a2[9]
    t3 = a3[7]
    if not (0 <= wild < 16 and 0 <= need < 16):  # outside the cache's keys: no cache
        return _after_discards_plain(
            (k0, k1, k2, k3), (a0, a1, a2, a3), (l0, l1, l2, 0), need, wild, kinds
        )
    vkey = need * 16 + wild
    out: list[int] = []
    last = -1
    after = a0
    key = 0
    size = 9
    row: list[int] = []
    o = 0
    low = 0
    for t in kinds:
        g = _KIND_GROUP[t]
        if g != last:
            last = g
            # the other groups' table, the order of combination as it always was (the product is
            # associative and commutative anyway); EMPTY changes nothing
            if g == 0:
                o = _combine3(t1, t2, t3)
                after = a0
                key = k0
                low = l0
            elif g == 1:
                o = _combine3(t0, t2, t3)
                after = a1
                key = k1
                low = l1
            elif g == 2:
                o = _combine3(t0, t1, t3)
                after = a2
                key = k2
                low = l2
            else:
                o = _combine3(t0, t1, t2)
                after = a3
                key = k3
                low = 0
            size = 7 if g == 3 else 9
            ck = o * 256 + vkey
            r = _CV.get(ck)
            if r is None:
                if len(_CV) >= _CV_LIMIT:
                    _CV.clear()
                r = _CV[ck] = []
            row = r
        pos = _KIND_POS[t] - low
        tg = after[pos] if pos >= 0 else -1
        if tg < 0:  # not held: the table of the key less the kind's power, as it always was
            tg = group_table_key(key - _KIND_POW[t], size)
        if tg < len(row):
            v = row[tg]
            if v == _UNKNOWN:
                v = row[tg] = value(combine(o, tg), need, wild)
        else:
            row.extend([_UNKNOWN] * (len(_TABLES) - len(row)))
            v = row[tg] = value(combine(o, tg), need, wild)
        out.append(v)
    return out


def _after_discards_plain(
    keys: tuple[int, int, int, int],
    afters: tuple[tuple[int, ...], ...],
    lows: tuple[int, int, int, int],
    need: int,
    wild: int,
    kinds: list[int],
) -> list[int]:
    out = []
    for t in kinds:
        g = _KIND_GROUP[t]
        pos = _KIND_POS[t] - lows[g]
        tg = afters[g][pos] if pos >= 0 else -1
        if tg < 0:
            tg = group_table_key(keys[g] - _KIND_POW[t], 7 if g == 3 else 9)
        o = EMPTY
        for i in range(4):
            if i != g:
                o = combine(o, afters[i][-1])
        out.append(value(combine(o, tg), need, wild))
    return out


def _combine3(a: Table, b: Table, c: Table) -> Table:
    """combine(combine(a, b), c), skipping EMPTY (its product with any table is that table)."""
    if b != EMPTY:
        a = combine(a, b) if a != EMPTY else b
    if c != EMPTY:
        a = combine(a, c) if a != EMPTY else c
    return a


#: (suited, honours): group key -> for each position the table of the key minus one tile there
#: (-1 where the position is empty), then the key's own table. Bounded: cleared past _AFTER_LIMIT.
_AFTER: Final[tuple[dict[int, tuple[int, ...]], dict[int, tuple[int, ...]]]] = ({}, {})
_AFTER_LIMIT = 500_000
_NO_AFTER: Final[tuple[tuple[int, ...], tuple[int, ...]]] = (
    (-1,) * 9 + (EMPTY,),
    (-1,) * 7 + (EMPTY,),
)  # the empty group's


def _low(key: int) -> int:
    """The position of a group key's lowest held kind (0 for the empty group)."""
    low = 0
    if key:
        while not key % 5:
            key //= 5
            low += 1
    return low


def _after_of(key: int, honours: bool) -> tuple[int, ...]:
    if not key:
        return _NO_AFTER[honours]
    r = _AFTER[honours].get(key)
    if r is None:
        r = _after_tables(key, honours)
    return r


def _after_tables(key: int, honours: bool) -> tuple[int, ...]:
    size = 7 if honours else 9
    out = []
    for pw in _POW5[:size]:
        if key // pw % 5:
            out.append(group_table_key(key - pw, size))
        else:
            out.append(-1)
    out.append(group_table_key(key, size))
    r = tuple(out)
    cache = _AFTER[honours]
    if len(cache) >= _AFTER_LIMIT:
        cache.clear()
    cache[key] = r
    return r
