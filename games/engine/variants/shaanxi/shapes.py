"""The five winning shapes of Shaanxi mahjong (shaanxi.md §9.1) and waits (§9.2).

Shapes work on a 34+ long count vector of the concealed tiles plus the list of melds. Each shape
is one small named check; ``win_shapes`` lists every shape that fits, in §13 order.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations
from typing import Final

from games.engine.encoding import GROUP as _KIND_GROUP
from games.engine.encoding import POW5 as _POW5
from games.engine.encoding import WEIGHT as _KIND_WEIGHT
from games.engine.encoding import tile_keys
from games.engine.hand import HONOR_W0, SUIT_W0, WIN0, is_standard_win
from games.engine.tiles import HONORS, Meld

PING_HU = "ping_hu"
"""Standard 4 sets + 1 pair (平胡)."""
QI_DUI = "qi_dui"
"""Seven pairs (七对); four of a kind counts as two pairs."""
SHI_SAN_YAO = "shi_san_yao"
"""Thirteen orphans (十三幺)."""
QUAN_BU_KAO = "quan_bu_kao"
"""14 distinct knitted tiles + honours (全不靠)."""
ZU_HE_LONG = "zu_he_long"
"""Knitted nine + one set + one pair (组合龙)."""

SHAPE_ORDER = (PING_HU, QI_DUI, SHI_SAN_YAO, QUAN_BU_KAO, ZU_HE_LONG)

HAND_SIZE: Final = 14
N_PLAYABLE: Final = 34
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _knitted_nines() -> tuple[tuple[int, ...], ...]:
    """The six knitted nines: 147 of suit X, 258 of Y, 369 of Z, (X, Y, Z) a permutation of mps."""
    out = []
    for x, y, z in permutations((0, 9, 18)):
        out.append((x, x + 3, x + 6, y + 1, y + 4, y + 7, z + 2, z + 5, z + 8))
    return tuple(out)


KNITTED_NINES = _knitted_nines()


def meld_tile_counts(melds: Sequence[Meld]) -> list[int]:
    """Counts of the tiles inside melds (a kong counts its 4 tiles)."""
    counts = [0] * N_PLAYABLE
    for meld in melds:
        for kind in meld.tiles:
            counts[kind] = counts[kind] + 1
    return counts


def is_ping_hu(counts: Sequence[int], melds: Sequence[Meld]) -> bool:
    """Four sets + a pair; melds are sets, runs only in the concealed hand.

    >>> from games.engine.tiles import counts_of, parse_tiles
    >>> is_ping_hu(counts_of(parse_tiles("123456789m111p22s")), [])
    True
    """
    return is_standard_win(list(counts[:N_PLAYABLE]))


def is_qi_dui(counts: Sequence[int], melds: Sequence[Meld]) -> bool:
    """Seven pairs from 14 concealed tiles, no melds (§9.1.3)."""
    if melds or sum(counts[:N_PLAYABLE]) != HAND_SIZE:
        return False
    return all(n % 2 == 0 for n in counts[:N_PLAYABLE])


def is_shi_san_yao(counts: Sequence[int], melds: Sequence[Meld]) -> bool:
    """Every terminal and honour at least once plus one duplicate, no melds (§9.1.2).

    >>> from games.engine.tiles import counts_of, parse_tiles
    >>> is_shi_san_yao(counts_of(parse_tiles("19m19p19s12345677z")), [])
    True
    """
    if melds or sum(counts[:N_PLAYABLE]) != HAND_SIZE:
        return False
    return all(counts[k] >= 1 for k in ORPHANS) and sum(counts[k] for k in ORPHANS) == HAND_SIZE


def is_quan_bu_kao(counts: Sequence[int], melds: Sequence[Meld]) -> bool:
    """14 distinct tiles of one knitted nine plus the seven honours, no melds (§9.1.4).

    >>> from games.engine.tiles import counts_of, parse_tiles
    >>> is_quan_bu_kao(counts_of(parse_tiles("147m258p369s12345z")), [])
    True
    """
    if melds or sum(counts[:N_PLAYABLE]) != HAND_SIZE:
        return False
    if any(n > 1 for n in counts[:N_PLAYABLE]):
        return False
    held = {k for k in range(N_PLAYABLE) if counts[k]}
    return any(held <= set(nine).union(HONORS) for nine in KNITTED_NINES)


def is_zu_he_long(counts: Sequence[int], melds: Sequence[Meld]) -> bool:
    """A concealed knitted nine + one set (concealed or one pung/kong meld) + a pair (§9.1.5).

    >>> from games.engine.tiles import counts_of, parse_tiles
    >>> is_zu_he_long(counts_of(parse_tiles("147m258p369s123s55z")), [])
    True
    """
    if len(melds) > 1 or any(m.type == "chow" for m in melds):
        return False
    if not (counts[0] or counts[9] or counts[18]):  # every knitted nine holds a 1 of some suit
        return False
    if sum(counts[:N_PLAYABLE]) + 3 * len(melds) != HAND_SIZE:
        return False
    for nine in KNITTED_NINES:
        if all(counts[k] >= 1 for k in nine):
            rest = list(counts[:N_PLAYABLE])
            for k in nine:
                rest[k] = rest[k] - 1
            if is_standard_win(rest):
                return True
    return False


_SHAPE_CHECKS = (
    (PING_HU, is_ping_hu),
    (QI_DUI, is_qi_dui),
    (SHI_SAN_YAO, is_shi_san_yao),
    (QUAN_BU_KAO, is_quan_bu_kao),
    (ZU_HE_LONG, is_zu_he_long),
)


def is_legal_hand(counts: Sequence[int], melds: Sequence[Meld], size: int = HAND_SIZE) -> bool:
    """Tile-level legality: no chow meld, no flowers, at most 4 of a kind, ``size`` tiles in all
    (a kong counting 3)."""
    if any(counts[N_PLAYABLE:]):
        return False
    playable = counts[:N_PLAYABLE]
    if sum(playable) + 3 * len(melds) != size:
        return False
    if not melds:
        return max(playable) <= 4
    if any(m.type == "chow" for m in melds):
        return False
    in_melds = meld_tile_counts(melds)
    return all(counts[k] + in_melds[k] <= 4 for k in range(N_PLAYABLE))


def win_shapes(counts: Sequence[int], melds: Sequence[Meld]) -> list[str]:
    """Every shape of §9.1 the complete 14-tile hand satisfies, in §13 order ([] if none).

    >>> from games.engine.tiles import counts_of, parse_tiles
    >>> win_shapes(counts_of(parse_tiles("112233m445566p77s")), [])
    ['ping_hu', 'qi_dui']
    """
    if not is_legal_hand(counts, melds):
        return []
    return [name for name, check in _SHAPE_CHECKS if check(counts, melds)]


def is_win(counts: Sequence[int], melds: Sequence[Meld]) -> bool:
    """True if any of the five shapes fits (§9.1); stops at the first that does."""
    if not is_legal_hand(counts, melds):
        return False
    return any(check(counts, melds) for _, check in _SHAPE_CHECKS)


def waits(counts: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """Kinds that complete a 13-tile hand, minus kinds already held four times (§9.2).

    >>> from games.engine.tiles import counts_of, parse_tiles
    >>> waits(counts_of(parse_tiles("112233m445566p7s")), [])
    [24]
    """
    if not is_legal_hand(counts, melds, HAND_SIZE - 1):
        return []
    in_melds = meld_tile_counts(melds)
    found = []
    trial = list(counts[:N_PLAYABLE])
    for kind in range(N_PLAYABLE):
        if trial[kind] + in_melds[kind] >= 4:
            continue
        trial[kind] = trial[kind] + 1
        if is_win(trial, melds):
            found.append(kind)
        trial[kind] = trial[kind] - 1
    return found


# ---------------------------------------------------------------- the fast wait test
#
# Live play asks "does this tile win?" for every discard and every self-draw. ``wait_mask`` answers
# it for all 34 kinds at once from the 13-tile hand (the caller caches the mask per hand), and is
# exactly ``waits`` as a bit mask: tests/games/engine/test_shaanxi_fast.py compares the two.

_ALL_KINDS: Final = (1 << N_PLAYABLE) - 1
_ORPHAN_MASK: Final = sum(1 << k for k in ORPHANS)
_NINES: Final[tuple[tuple[int, int, tuple[int, ...]], ...]] = tuple(
    (
        sum(1 << k for k in nine),
        sum(1 << k for k in nine) | sum(1 << k for k in HONORS),
        tuple(sum(_KIND_WEIGHT[k] for k in nine if _KIND_GROUP[k] == g) for g in range(3)),
    )
    for nine in KNITTED_NINES
)
"""Per knitted nine: its kinds as bits, with the honours added (全不靠's kinds), its suits' keys."""
_GROUP_BITS: Final[dict[int, int]] = {}
_SUIT_W0: Final = SUIT_W0
_HONOR_W0: Final = HONOR_W0
_WIN0: Final = WIN0


def _group_bits(g: int, key: int, need: int) -> int:
    """Kinds of group ``g`` (bits at their kind) that turn its key into a ``need`` code (1: sets
    alone, 8: sets and the pair), cached per (group, key, need)."""
    cache_key = key << 3 | g << 1 | (need == 8)
    bits = _GROUP_BITS.get(cache_key)
    if bits is None:
        if len(_GROUP_BITS) > 200_000:
            _GROUP_BITS.clear()
        table = _HONOR_W0 if g == 3 else _SUIT_W0
        bits = 0
        for pos in range(7 if g == 3 else 9):
            p = _POW5[pos]
            if key // p % 5 < 4 and table[key + p] == need:
                bits |= 1 << (9 * g + pos)
        _GROUP_BITS[cache_key] = bits
    return bits


def _standard_bits(km: int, kp: int, ks: int, kz: int) -> int:
    """Kinds t for which the tiles of group keys (km, kp, ks, kz) plus t are a standard win.

    The four groups' codes (hand.SUIT_W0: 1 sets alone, 8 sets and the pair, else 0) sum to 11 exactly
    when the hand wins, so the group taking t must reach 11 minus the other three.
    """
    a = _SUIT_W0[km]
    b = _SUIT_W0[kp]
    c = _SUIT_W0[ks]
    d = _HONOR_W0[kz]
    rest = _WIN0 - a - b - c - d
    bits = 0
    need = rest + a
    if need == 1 or need == 8:
        bits |= _group_bits(0, km, need)
    need = rest + b
    if need == 1 or need == 8:
        bits |= _group_bits(1, kp, need)
    need = rest + c
    if need == 1 or need == 8:
        bits |= _group_bits(2, ks, need)
    need = rest + d
    if need == 1 or need == 8:
        bits |= _group_bits(3, kz, need)
    return bits


# _NINES field by field, read by index in wait_mask's loops
_NINE_BITS: Final[tuple[int, ...]] = tuple(n[0] for n in _NINES)
_NINE_ALLOWED: Final[tuple[int, ...]] = tuple(n[1] for n in _NINES)
_NINE_DM: Final[tuple[int, ...]] = tuple(n[2][0] for n in _NINES)
_NINE_DP: Final[tuple[int, ...]] = tuple(n[2][1] for n in _NINES)
_NINE_DS: Final[tuple[int, ...]] = tuple(n[2][2] for n in _NINES)


def wait_mask(hand: Sequence[int], melds: Sequence[Meld]) -> int:
    """Bit t set when the tiles ``hand`` (13 with no meld) plus one t win (``is_win``), t in 0..33.

    The same kinds as ``waits``, as a bit mask:

    >>> from games.engine.tiles import parse_tiles
    >>> wait_mask(parse_tiles("112233m445566p7s"), []) == 1 << 24
    True
    >>> wait_mask(parse_tiles("19m19p19s1234567z"), []) == _ORPHAN_MASK
    True
    """
    n_melds = len(melds)
    if len(hand) + 3 * n_melds != HAND_SIZE - 1:
        return 0
    counts = [0] * N_PLAYABLE
    held = 0  # kinds held
    odd = 0  # kinds held an odd number of times
    four = 0  # kinds held four times, melds included: a fifth copy never wins (is_legal_hand)
    pairs = False  # some kind held twice or more
    group = _KIND_GROUP
    weight = _KIND_WEIGHT
    for t in hand:
        if t >= N_PLAYABLE:
            return 0  # a flower: no legal hand
        n = counts[t] + 1
        counts[t] = n
        bit = 1 << t
        held |= bit
        odd ^= bit
        if n >= 2:
            pairs = True
            if n >= 4:
                if n > 4:
                    return 0
                four |= bit
    km, kp, ks, kz = tile_keys(hand)
    for meld in melds:
        if meld.type == "chow":
            return 0
        for k in meld.tiles:
            n = counts[k] + 1
            counts[k] = n
            if n >= 4:
                if n > 4:
                    return 0
                four |= 1 << k
    mask = _standard_bits(km, kp, ks, kz)  # 平胡
    if not n_melds:
        if odd & (odd - 1) == 0:
            mask |= odd  # 七对: the one kind held an odd number of times
        if held & ~_ORPHAN_MASK == 0:  # 十三幺: every orphan, one of them twice
            missing = _ORPHAN_MASK & ~held
            if missing & (missing - 1) == 0:
                mask |= missing or _ORPHAN_MASK
        if not pairs:  # 全不靠: 14 distinct tiles of a nine and the honours
            for i in range(len(_NINE_ALLOWED)):
                allowed_kinds = _NINE_ALLOWED[i]
                if held & ~allowed_kinds == 0:
                    mask |= allowed_kinds & ~held
    if n_melds <= 1:  # 组合龙: a whole knitted nine, the rest a standard win
        for i in range(len(_NINE_BITS)):
            missing = _NINE_BITS[i] & ~held
            if missing == 0:
                mask |= _standard_bits(km - _NINE_DM[i], kp - _NINE_DP[i], ks - _NINE_DS[i], kz)
            elif missing & (missing - 1) == 0:
                u = missing.bit_length() - 1
                g = group[u]
                rest = [km - _NINE_DM[i], kp - _NINE_DP[i], ks - _NINE_DS[i]]
                rest[g] = rest[g] + weight[u]
                if (
                    _SUIT_W0[rest[0]] + _SUIT_W0[rest[1]] + _SUIT_W0[rest[2]] + _HONOR_W0[kz]
                    == _WIN0
                ):
                    mask |= missing
    return mask & _ALL_KINDS & ~four
