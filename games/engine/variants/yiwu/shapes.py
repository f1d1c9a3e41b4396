"""Yiwu hand shapes (yiwu.md §3, §7, §8.2): 白板 stand-in, 十三不靠, 财神头 readiness.

Tiles are physical kinds (``games.engine.tiles``). ``caishen`` is the 财神 face C: every physical
copy of C is a wildcard, and outside 十三不靠 every ``5z`` (白板) is a natural tile of face C
(§3.2) unless C is ``5z`` itself (A4).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from games.engine.encoding import GROUP as _GROUP
from games.engine.encoding import WEIGHT as _WEIGHT
from games.engine.encoding import group_keys
from games.engine.hand import wild_cost, win_from_keys
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
    counts, _, _, _, _, wild, _, _ = tally(tiles, caishen)
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


def is_sets_only(counts: Sequence[int], wild: int) -> bool:
    """counts + ``wild`` wildcards split into complete sets (chow/pung) with no pair."""
    if (sum(counts[:34]) + wild) % 3:
        return False
    return wild_cost(counts, pair=False) <= wild


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

Tally = tuple[list[int], int, int, int, int, int, int, int]
"""What the shape rule reads of a set of tiles: natural counts (白板 as C), the four base-5 group
keys of those counts, 财神 held, faces held an odd number of times, and the highest count."""


def tally(tiles: Iterable[int], caishen: int) -> Tally:
    """The ``Tally`` of ``tiles``.

    >>> counts, km, kp, ks, kz, wild, odd, top = tally([23, 31, 22, 24], 23)
    >>> wild, counts[22], counts[23], odd, top
    (1, 1, 1, 3, 1)
    """
    counts = [0] * 34
    wild = odd = top = 0
    for t in tiles:
        if t == caishen:
            wild += 1
            continue
        face = natural_face(t, caishen)
        n = counts[face] + 1
        counts[face] = n
        odd += 1 if n & 1 else -1
        top = max(top, n)
    km, kp, ks, kz = group_keys(counts)  # (meaningless above four of a kind: see ``top``)
    return counts, km, kp, ks, kz, wild, odd, top


def _shape_wins(
    hand: tuple[int, ...], tile: int, melded: bool, caishen: int,
    km: int, kp: int, ks: int, kz: int, wild: int, odd: int, distinct: bool,
) -> bool:  # fmt: skip
    """The §7 rule: ``hand`` plus ``tile`` (fourteen tiles with the melds, tallied into the group
    keys, ``wild`` and ``odd``; no face above four) is standard, 七对子 or 十三不靠. ``distinct``:
    no natural face is held twice (十三不靠 needs it)."""
    if win_from_keys(km, kp, ks, kz, wild):
        return True
    if melded:
        return False
    if odd <= wild:  # 七对子: each odd face pairs with a 财神; fourteen tiles, so the rest pair
        return True
    return distinct and is_shisan_bukao((*hand, tile), (), caishen)


def is_winning_shape(concealed: Sequence[int], melds: Sequence[Meld], caishen: int) -> bool:
    """A complete 14-tile hand in one of the §7 shapes (standard, 七对子, 十三不靠).

    Meld legality and copy limits are checked by the caller (``rules.check_win``).

    >>> from games.engine.tiles import parse_tiles as p
    >>> is_winning_shape(p("2222m5599p33s1166z"), [], p("8s")[0])
    True
    """
    if len(concealed) + 3 * len(melds) != HAND_SIZE:
        return False
    counts, km, kp, ks, kz, wild, odd, top = tally(concealed, caishen)
    if top > 4:  # only a waits query gets here (§16 ignores availability): no base-5 keys
        return wild_cost(counts, pair=True) <= wild or not melds and odd <= wild
    *hand, tile = concealed
    return _shape_wins(tuple(hand), tile, bool(melds), caishen, km, kp, ks, kz, wild, odd, top <= 1)


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
NO_TILE: Final = 0
_SOME_TILE: Final = 1
_FIFTH_COPY: Final = 2
"""The first field of a prepared hand: no tile completes it, some may, or it holds a face more
than four times (only a waits query can, §16) and ``is_winning_shape`` answers."""


def prepare(hand: tuple[int, ...], caishen: int) -> Prepared:
    """What ``is_winning_shape(hand + (t,))`` needs of a 13-tile ``hand`` for any ``t``: whether
    some tile can complete it at all, and its ``tally`` (the highest count as whether the physical
    naturals are distinct: only 白板 shares a face, with C, which is wild).

    If ``hand + (t,)`` wins then so does ``hand`` plus one more 财神 (it can play ``t``, in every
    shape: a set or pair, a 七对子 pair, a 十三不靠 slot), so a hand that cannot win even with an extra
    财神 wins with no tile: the usual case, answered from the prepared facts alone."""
    counts, km, kp, ks, kz, wild, odd, top = tally(hand, caishen)
    if top > 4:
        return _FIFTH_COPY, counts, 0, 0, 0, 0, wild, 0, False
    distinct = top <= 1
    melded = len(hand) != HAND_SIZE - 1
    hope = _shape_wins(hand, caishen, melded, caishen, km, kp, ks, kz, wild + 1, odd, distinct)
    return _SOME_TILE if hope else NO_TILE, counts, km, kp, ks, kz, wild, odd, distinct


def wins_with(hand: tuple[int, ...], melds: Sequence[Meld], caishen: int, tile: int) -> bool:
    """``is_winning_shape(hand + (tile,), melds, caishen)``, through ``prepare(hand)``: the live
    game asks a 13-tile hand about many offered tiles (every discard of the other three seats,
    then its own draw) and keeps the prepared facts between them (``play._wins_with``).

    >>> from games.engine.tiles import parse_tiles as p
    >>> hand = tuple(p("234m567m123p345s9s"))
    >>> wins_with(hand, [], p("7p")[0], p("9s")[0]), wins_with(hand, [], p("7p")[0], p("8s")[0])
    (True, False)
    """
    if len(hand) + 1 + 3 * len(melds) != HAND_SIZE:
        return False
    return wins_with_prepared(prepare(hand, caishen), hand, melds, caishen, tile)


def wins_with_prepared(
    prep: Prepared, hand: tuple[int, ...], melds: Sequence[Meld], caishen: int, tile: int
) -> bool:
    """``wins_with`` from ``prepare(hand, caishen)`` (the caller checks the tile count): the
    tile added to the hand's tally, then the same rule as ``is_winning_shape``."""
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
        distinct = distinct and n == 0
    return _shape_wins(hand, tile, bool(melds), caishen, km, kp, ks, kz, wild, odd, distinct)
