"""Yiwu hand shapes (yiwu.md §3, §7, §8.2): 白板 stand-in, 十三不靠, 财神头 readiness.

Tiles are physical kinds (``games.engine.tiles``). ``caishen`` is the 财神 face C: every physical
copy of C is a wildcard, and outside 十三不靠 every ``5z`` (白板) is a natural tile of face C
(§3.2) unless C is ``5z`` itself (A4).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Final

from games.engine.encoding import GROUP as _GROUP
from games.engine.encoding import WEIGHT as _WEIGHT
from games.engine.hand import is_standard_win, seven_pairs, win_from_keys
from games.engine.tiles import Meld

WHITE: Final = 31
"""The kind of ``5z`` (白板)."""

HAND_SIZE: Final = 14


def natural_face(tile: int, caishen: int) -> int:
    """The face a non-wild tile plays outside 十三不靠: 白板 plays C (§3.2).

    >>> natural_face(31, 23), natural_face(31, 31), natural_face(4, 23)
    (23, 31, 4)
    """
    return caishen if tile == WHITE and caishen != WHITE else tile


def split_wild(tiles: Iterable[int], caishen: int) -> tuple[list[int], int]:
    """(34 counts of natural faces with 白板 substituted, number of 财神 held).

    >>> counts, wild = split_wild([23, 31, 22, 24], 23)
    >>> wild, counts[22], counts[23], counts[24], counts[31]
    (1, 1, 1, 1, 0)
    """
    counts = [0] * 34
    for tile in tiles:
        counts[tile] = counts[tile] + 1
    wild = counts[caishen]
    if caishen == WHITE:
        counts[WHITE] = 0
    else:  # 白板 plays C (§3.2)
        counts[caishen] = counts[WHITE]
        counts[WHITE] = 0
    return counts, wild


def meld_faces(meld: Meld, caishen: int) -> list[int]:
    """The faces a meld's physical tiles stand for (白板 → C)."""
    return sorted(natural_face(t, caishen) for t in meld.tiles)


def meld_shape_ok(meld: Meld, caishen: int) -> bool:
    """True if the meld's faces form its declared shape (run / identical tiles)."""
    faces = meld_faces(meld, caishen)
    if meld.type == "chow":
        first = faces[0]
        return (
            len(faces) == 3
            and first < 27
            and first % 9 <= 6
            and faces == [first, first + 1, first + 2]
        )
    return len(faces) == (4 if meld.is_kong else 3) and len(set(faces)) == 1


def meld_allowed(meld: Meld, caishen: int) -> bool:
    """A 财神 never sits in a meld (§3.1) and a chow is only from 上家 (§6.1)."""
    if caishen in meld.tiles:
        return False
    if meld.type == "chow" and meld.from_ not in (None, 3):
        return False
    return meld_shape_ok(meld, caishen)


def copies_ok(concealed: Sequence[int], melds: Sequence[Meld], caishen: int) -> bool:
    """At most four physical copies of a kind and three of the 财神 face (the indicator is dead, A2)."""
    counts = [0] * 34
    for tile in concealed:
        counts[tile] = counts[tile] + 1
    for meld in melds:
        for tile in meld.tiles:
            counts[tile] = counts[tile] + 1
    return max(counts) <= 4 and counts[caishen] <= 3


# ---------------------------------------------------------------- sets only (财神头 readiness)


@lru_cache(maxsize=65536)
def _suit_sets_cost(key: tuple[int, ...], pair: bool = False) -> int:
    """Fewest wildcards that complete one suit's (or one honour's) counts into chows and pungs,
    plus exactly one pair when ``pair``. Any counts are accepted, even above four."""
    counts = list(key)
    low = next((i for i, c in enumerate(counts) if c), None)
    if low is None:
        return 2 if pair else 0
    best = 99
    for take in range(1, min(counts[low], 3) + 1):
        counts[low] = counts[low] - take
        best = min(best, 3 - take + _suit_sets_cost(tuple(counts), pair))
        counts[low] = counts[low] + take
    if pair:
        for take in range(1, min(counts[low], 2) + 1):
            counts[low] = counts[low] - take
            best = min(best, 2 - take + _suit_sets_cost(tuple(counts), False))
            counts[low] = counts[low] + take
    if len(counts) == 9:
        # chows holding `low` as their lowest natural tile; lower positions are wildcards
        for start in (low - 2, low - 1, low):
            if start < 0 or start + 2 > 8:
                continue
            trial = counts[:]
            cost = 0
            for pos in range(start, start + 3):
                if pos >= low and trial[pos] > 0:
                    trial[pos] = trial[pos] - 1
                else:
                    cost += 1
            if cost < 3:
                best = min(best, cost + _suit_sets_cost(tuple(trial), pair))
    return best


def sets_wild_cost(counts: Sequence[int]) -> int:
    """Fewest wildcards that turn the natural counts into complete sets with no pair.

    >>> sets_wild_cost([1, 1, 1] + [0] * 31), sets_wild_cost([1, 0, 1] + [0] * 31)
    (0, 1)
    """
    return sum(_suit_sets_cost(g) for g in _groups(counts))


def _groups(counts: Sequence[int]) -> list[tuple[int, ...]]:
    groups = [tuple(counts[base : base + 9]) for base in (0, 9, 18)]
    return groups + [(counts[kind],) for kind in range(27, 34) if counts[kind]]


def standard_wild_cost(counts: Sequence[int]) -> int:
    """Fewest wildcards completing the counts into sets and one pair; counts may exceed four
    (waits ignore tile availability, §16, so a fifth copy can be asked about)."""
    groups = _groups(counts)
    plain = [_suit_sets_cost(g) for g in groups]
    total = sum(plain)
    extra = min([2] + [_suit_sets_cost(g, True) - p for g, p in zip(groups, plain, strict=True)])
    return total + extra


def is_sets_only(counts: Sequence[int], wild: int) -> bool:
    """counts + ``wild`` wildcards split into complete sets (chow/pung) with no pair."""
    if (sum(counts[:34]) + wild) % 3:
        return False
    return sets_wild_cost(counts) <= wild


def is_pairs_only(counts: Sequence[int], wild: int) -> bool:
    """counts + ``wild`` wildcards split into pairs (four of a kind = two pairs)."""
    odd = sum(1 for c in counts[:34] if c % 2)
    return odd <= wild and (wild - odd) % 2 == 0


# ---------------------------------------------------------------- 十三不靠


def _suit_capacity_table() -> list[int]:
    """For each 9-bit mask of a valid suit: the most tiles a superset with gaps >= 3 can hold."""
    valid = [
        all(not (m >> i & 1 and m >> j & 1) for i in range(9) for j in range(i + 1, min(i + 3, 9)))
        for m in range(512)
    ]
    best = [-1] * 512
    for mask in range(512):
        if not valid[mask]:
            continue
        best[mask] = max(
            bin(sup).count("1") for sup in range(512) if valid[sup] and sup & mask == mask
        )
    return best


_SUIT_CAPACITY = _suit_capacity_table()


def is_shisan_bukao(concealed: Sequence[int], melds: Sequence[Meld], caishen: int) -> bool:
    """十三不靠 (§7.3): 14 concealed, no melds, no two tiles that could chow or pung together.

    白板 is the White dragon here (no stand-in); wildcards fill any faces.

    >>> from games.engine.tiles import parse_tiles as p
    >>> is_shisan_bukao(p("147m258p36s12346z8s"), [], p("8s")[0])
    True
    """
    if melds or len(concealed) != HAND_SIZE:
        return False
    wild = sum(1 for t in concealed if t == caishen)
    naturals = [t for t in concealed if t != caishen]
    if len(set(naturals)) != len(naturals):
        return False
    room = 7 - sum(1 for t in naturals if t >= 27)
    for base in (0, 9, 18):
        mask = 0
        for t in naturals:
            if base <= t < base + 9:
                mask |= 1 << (t - base)
        if _SUIT_CAPACITY[mask] < 0:
            return False
        room += _SUIT_CAPACITY[mask] - bin(mask).count("1")
    return wild <= room


# ---------------------------------------------------------------- winning shape and 财神头


def is_winning_shape(concealed: Sequence[int], melds: Sequence[Meld], caishen: int) -> bool:
    """A complete 14-tile hand in one of the §7 shapes (standard, 七对子, 十三不靠).

    Meld legality and copy limits are checked by the caller (``rules.check_win``).

    >>> from games.engine.tiles import parse_tiles as p
    >>> is_winning_shape(p("2222m5599p33s1166z"), [], p("8s")[0])
    True
    """
    if len(concealed) + 3 * len(melds) != HAND_SIZE:
        return False
    counts, wild = split_wild(concealed, caishen)
    if max(counts) > 4:  # only a waits query can get here (§16 ignores availability)
        if standard_wild_cost(counts) <= wild:
            return True
    elif is_standard_win(counts, wild):
        return True
    if melds:
        return False
    return seven_pairs(counts, wild) or is_shisan_bukao(concealed, melds, caishen)


CAISHENTOU = "caishentou"
TESHU_QIDUIZI = "teshu_qiduizi"


def ready_patterns(pre_draw: Sequence[int], melds: Sequence[Meld], caishen: int) -> list[str]:
    """财神头 readiness of a pre-draw hand (§8.2): ``caishentou`` and/or ``teshu_qiduizi``.

    >>> from games.engine.tiles import parse_tiles as p
    >>> ready_patterns(p("123p456p789s111z9m"), [], p("9m")[0])
    ['caishentou']
    """
    if len(pre_draw) + 3 * len(melds) != HAND_SIZE - 1:
        return []
    counts, wild = split_wild(pre_draw, caishen)
    if wild < 1:
        return []
    found = []
    if is_sets_only(counts, wild - 1):
        found.append(CAISHENTOU)
    if not melds and is_pairs_only(counts, wild - 1):
        found.append(TESHU_QIDUIZI)
    return found


# ---------------------------------------------------------------- one tile added (live play)


Prepared = tuple[int, list[int], int, int, int, int, int, int, bool]
_PREPARED: Final[dict[tuple[tuple[int, ...], int], Prepared]] = {}
NO_TILE: Final = 0
_SOME_TILE: Final = 1
_FIFTH_COPY: Final = 2
"""The first field of a prepared hand: no tile completes it, some may, or it holds a face more
than four times (only a waits query can, §16) and ``is_winning_shape`` answers."""
_PREPARED_MAX: Final = 20000


def prepare(hand: tuple[int, ...], caishen: int) -> Prepared:
    """What ``is_winning_shape(hand + (t,))`` needs of ``hand`` for any ``t``: whether some tile
    can complete it at all, natural counts, their four base-5 group keys, 财神 held, odd counts,
    and whether the physical naturals are distinct (十三不靠 needs it). A count above four (a
    waits query's) is left to ``is_winning_shape``.

    If ``hand + (t,)`` wins then so does ``hand`` plus one more 财神 (it can play ``t``, in every
    shape: a set or pair, a 七对子 pair, a 十三不靠 slot), so a hand that cannot win even with an extra
    财神 wins with no tile: the usual case, answered from the cache alone."""
    counts = [0] * 34
    km = kp = ks = kz = 0
    wild = 0
    top = 0
    odd = 0  # faces held an odd number of times
    white_face = caishen if caishen != WHITE else WHITE
    group = _GROUP
    weight = _WEIGHT
    for t in hand:
        if t == caishen:
            wild += 1
            continue
        face = white_face if t == WHITE else t
        n = counts[face] + 1
        counts[face] = n
        if n > top:
            top = n
        odd += 1 if n & 1 else -1
        g = group[face]
        if g == 0:
            km += weight[face]
        elif g == 1:
            kp += weight[face]
        elif g == 2:
            ks += weight[face]
        else:
            kz += weight[face]
    if top > 4:
        return _FIFTH_COPY, counts, 0, 0, 0, 0, wild, 0, False
    distinct = top <= 1  # physical naturals: only 白板 shares a face, with C, which is wild
    concealed_only = len(hand) == HAND_SIZE - 1  # no melds
    hope = win_from_keys(km, kp, ks, kz, wild + 1) or (
        concealed_only
        and (odd <= wild + 1 or distinct and is_shisan_bukao((*hand, caishen), (), caishen))
    )
    return _SOME_TILE if hope else NO_TILE, counts, km, kp, ks, kz, wild, odd, distinct


def wins_with(hand: tuple[int, ...], melds: Sequence[Meld], caishen: int, tile: int) -> bool:
    """``is_winning_shape(hand + (tile,), melds, caishen)``, from facts about ``hand`` cached per
    (hand, 财神): a 13-tile hand is asked about many offered tiles (every discard of the other
    three seats, then its own draw), and each answer costs a few look-ups.

    >>> from games.engine.tiles import parse_tiles as p
    >>> hand = tuple(p("234m567m123p345s9s"))
    >>> wins_with(hand, [], p("7p")[0], p("9s")[0]), wins_with(hand, [], p("7p")[0], p("8s")[0])
    (True, False)
    """
    if len(hand) + 1 + 3 * len(melds) != HAND_SIZE:
        return False
    return wins_with_prepared(prepared(hand, caishen), hand, melds, caishen, tile)


def prepared(hand: tuple[int, ...], caishen: int) -> Prepared:
    """``prepare(hand, caishen)``, cached per (hand, 财神)."""
    key = (hand, caishen)
    prep = _PREPARED.get(key)
    if prep is None:
        if len(_PREPARED) >= _PREPARED_MAX:
            _PREPARED.clear()
        prep = _PREPARED[key] = prepare(hand, caishen)
    return prep


def wins_with_prepared(
    prep: Prepared, hand: tuple[int, ...], melds: Sequence[Meld], caishen: int, tile: int
) -> bool:
    """``wins_with`` from ``prepared(hand, caishen)`` (the caller checks the tile count)."""
    hope, counts, km, kp, ks, kz, wild, odd, distinct = prep
    if hope != _SOME_TILE:
        return hope == _FIFTH_COPY and is_winning_shape((*hand, tile), melds, caishen)
    if tile == caishen:
        wild += 1
    else:
        face = natural_face(tile, caishen)
        n = counts[face]
        if n >= 4:
            return is_winning_shape((*hand, tile), melds, caishen)
        g = _GROUP[face]
        if g == 0:
            km += _WEIGHT[face]
        elif g == 1:
            kp += _WEIGHT[face]
        elif g == 2:
            ks += _WEIGHT[face]
        else:
            kz += _WEIGHT[face]
        odd += -1 if n & 1 else 1
    if win_from_keys(km, kp, ks, kz, wild):
        return True
    if melds:
        return False
    if odd <= wild:  # 七对子 (fourteen tiles: no melds)
        return True
    return distinct and is_shisan_bukao((*hand, tile), melds, caishen)
