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
from operator import mul

from games.engine.hand import _group_blocks

MAXM = 6  # sets one table can count (18 tiles); entries are indexed m * 2 + p
_SIZE = 2 * (MAXM + 1)
Table = int  # a table's id: index into _TABLES (ids make every cache key a small int)

_TABLES: list[tuple[int, ...]] = []
_TABLE_ID: dict[tuple[int, ...], int] = {}

_POW5 = tuple(5**i for i in range(9))


def _intern(t: tuple[int, ...]) -> int:
    i = _TABLE_ID.get(t)
    if i is None:
        i = _TABLE_ID[t] = len(_TABLES)
        _TABLES.append(t)
    return i


EMPTY: Table = _intern((0,) + (-1,) * (_SIZE - 1))  # no tiles: (0 sets, 0 partials, no pair)

_SUITED: dict[int, Table] = {}  # base-5 group key -> table id
_HONOUR: dict[int, Table] = {}
_COMBINED: dict[int, Table] = {}  # a * _K + b -> table id
_VALUE: dict[int, int] = {}  # table * 512 + need * 16 + wild -> shanten (need < 32, wild < 16)
_K = 1 << 24


def group_key(counts: Sequence[int]) -> int:
    """Base-5 key of one group's count vector (counts[0] is the lowest digit)."""
    return sum(map(mul, counts, _POW5))


def group_table_key(key: int, size: int) -> Table:
    """The table of a group given by its base-5 key (size 9: suited, 7: honours)."""
    if size == 9:
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


_RAW: tuple[dict[int, tuple[int, ...]], dict[int, tuple[int, ...]]] = (
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
_SHIFTED: dict[int, tuple[int, ...]] = {}
_SHIFTED_LIMIT = 300_000
_TAKES = ((1, 0, 0), (0, 1, 0), (0, 0, 1))  # (sets, partial sets, pair) added


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
    key = a * _K + b
    c = _COMBINED.get(key)
    if c is None:
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
        c = _COMBINED[key] = _intern(tuple(out))
    return c


def value(t: Table, need: int, wild: int = 0) -> int:
    """Shanten of a whole-hand table: ``max(-1, min over entries of the formula - wild)``."""
    key = t * 512 + need * 16 + wild
    v = _VALUE.get(key)
    if v is None:
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
        v = _VALUE[key] = max(-1, best - wild)
    return v


_KIND_POW = tuple(_POW5[k - (27 if k >= 27 else k // 9 * 9)] for k in range(34))
_KIND_GROUP = tuple(3 if k >= 27 else k // 9 for k in range(34))

#: need * 16 + wild -> {other-groups table * _K + group table -> shanten}: one look-up per discard
#: candidate instead of a combine look-up then a value look-up. Bounded: cleared past _CV_LIMIT.
_CV: dict[int, dict[int, int]] = {}
_CV_LIMIT = 200_000


def group_keys(counts: Sequence[int]) -> tuple[int, int, int, int]:
    """The four base-5 group keys (m, p, s, honours) of a 34-count vector."""
    return (
        group_key(counts[0:9]),
        group_key(counts[9:18]),
        group_key(counts[18:27]),
        group_key(counts[27:34]),
    )


def tile_keys(tiles: Iterable[int]) -> list[int]:
    """The four group keys of a tile list (kinds < 34): group_keys of its counts, without them."""
    keys = [0, 0, 0, 0]
    grp = _KIND_GROUP
    pw = _KIND_POW
    for t in tiles:
        keys[grp[t]] += pw[t]
    return keys


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
    n_tiles = sum(counts[:34]) + wild
    need = n_tiles // 3 if sets_needed is None else sets_needed
    return shanten_keys(group_keys(counts), need, wild)


def shanten_keys(keys: Sequence[int], need: int, wild: int = 0) -> int:
    """``shanten`` from the four group keys and the sets needed."""
    s = _SUITED
    a = s.get(keys[0])
    if a is None:
        a = group_table_key(keys[0], 9)
    b = s.get(keys[1])
    if b is None:
        b = group_table_key(keys[1], 9)
    c = s.get(keys[2])
    if c is None:
        c = group_table_key(keys[2], 9)
    d = _HONOUR.get(keys[3])
    if d is None:
        d = group_table_key(keys[3], 7)
    comb = _COMBINED
    ab = comb.get(a * _K + b)
    if ab is None:
        ab = combine(a, b)
    abc = comb.get(ab * _K + c)
    if abc is None:
        abc = combine(ab, c)
    abcd = comb.get(abc * _K + d)
    if abcd is None:
        abcd = combine(abc, d)
    v = _VALUE.get(abcd * 512 + need * 16 + wild)
    if v is None:
        v = value(abcd, need, wild)
    return v


def after_discards(counts: Sequence[int], need: int, wild: int, kinds: Sequence[int]) -> list[int]:
    """``shanten(counts minus one kind, wild, need)`` for every kind of ``kinds`` (each held)."""
    return after_discards_keys(group_keys(counts), need, wild, kinds)


def after_discards_keys(
    keys: Sequence[int], need: int, wild: int, kinds: Sequence[int]
) -> list[int]:
    """``after_discards`` from the four group keys of the counts.

    Only the removed tile's group changes: the other three groups are combined once per group,
    then each kind costs an index into its group's tables-after-one-removal (cached per group key)
    and one look-up of the shanten of (other groups, that table)."""
    s = _SUITED
    h = _HONOUR
    t0 = s.get(keys[0])
    if t0 is None:
        t0 = group_table_key(keys[0], 9)
    t1 = s.get(keys[1])
    if t1 is None:
        t1 = group_table_key(keys[1], 9)
    t2 = s.get(keys[2])
    if t2 is None:
        t2 = group_table_key(keys[2], 9)
    t3 = h.get(keys[3])
    if t3 is None:
        t3 = group_table_key(keys[3], 7)
    vkey = need * 16 + wild
    cv = _CV.get(vkey)
    if cv is None or len(cv) > _CV_LIMIT:
        cv = _CV[vkey] = {}
    out = []
    kg = _KIND_GROUP
    kpos = _KIND_POS
    comb = _COMBINED
    last = -1
    o = 0
    after: tuple[int, ...] = ()
    seen: list[int] = [-1, -1, -1, -1]  # the other groups' combined table * _K, per group
    for t in kinds:
        g = kg[t]
        if g != last:
            last = g
            o = seen[g]
            if o < 0:
                if g == 0:
                    a, b, c = t1, t2, t3
                elif g == 1:
                    a, b, c = t0, t2, t3
                elif g == 2:
                    a, b, c = t0, t1, t3
                else:
                    a, b, c = t0, t1, t2
                ab = comb.get(a * _K + b)
                if ab is None:
                    ab = combine(a, b)
                abc = comb.get(ab * _K + c)
                if abc is None:
                    abc = combine(ab, c)
                o = seen[g] = abc * _K
            after = _AFTER[g == 3].get(keys[g]) or _after_tables(keys[g], g == 3)
        tg = after[kpos[t]]
        if tg < 0:  # not held: the table of the key less the kind's power, as it always was
            tg = group_table_key(keys[g] - _KIND_POW[t], 7 if g == 3 else 9)
        v = cv.get(o + tg)
        if v is None:
            v = cv[o + tg] = value(combine(o // _K, tg), need, wild)
        out.append(v)
    return out


_KIND_POS = tuple(k - (27 if k >= 27 else k // 9 * 9) for k in range(34))

#: (suited, honours): group key -> for each position the table of the key minus one tile there
#: (-1 where the position is empty). Bounded: cleared past _AFTER_LIMIT.
_AFTER: tuple[dict[int, tuple[int, ...]], dict[int, tuple[int, ...]]] = ({}, {})
_AFTER_LIMIT = 500_000


def _after_tables(key: int, honours: bool) -> tuple[int, ...]:
    size = 7 if honours else 9
    got = _HONOUR if honours else _SUITED
    out = []
    for pw in _POW5[:size]:
        if key // pw % 5:
            t = got.get(key - pw)
            out.append(group_table_key(key - pw, size) if t is None else t)
        else:
            out.append(-1)
    r = tuple(out)
    cache = _AFTER[honours]
    if len(cache) >= _AFTER_LIMIT:
        cache.clear()
    cache[key] = r
    return r
