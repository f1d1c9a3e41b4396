"""Sichuan hand shapes: the suit rule, 花猪, what is a win (§4) and what a hand waits on.

A win is a standard shape (four sets and a pair) or seven pairs, with no tile of the void suit
and at most two suits held. ``scoring`` re-exports every name here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from games.engine.encoding import POW5 as _POW5
from games.engine.encoding import tile_keys
from games.engine.hand import SUIT_W0, is_standard_win, seven_pairs
from games.engine.tiles import Meld, suit_of

SUITS = ("m", "p", "s")


N_SUITED = 27


def _counts(tiles: Iterable[int]) -> list[int]:
    counts = [0] * 42
    for t in tiles:
        counts[t] = counts[t] + 1
    return counts


def all_tiles(concealed: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """Every tile of a hand, concealed and melded (a kong gives four).

    >>> from games.engine.tiles import parse_meld
    >>> all_tiles([0, 1], [parse_meld({"type": "kong_concealed", "tiles": "5555p"})])
    [0, 1, 13, 13, 13, 13]
    """
    out = list(concealed)
    for m in melds:
        out.extend(m.tiles)
    return out


def suits_held(tiles: Iterable[int]) -> set[str]:
    """The suit letters present among ``tiles``."""
    return {suit_of(t) for t in tiles}


def breaks_suit_rule(tiles: Iterable[int], missing_suit: str | None) -> bool:
    """§4.3: a void-suit tile, or with no declaration three suits (or any non-suited tile).

    >>> breaks_suit_rule([0, 9], "s"), breaks_suit_rule([0, 9], "p"), breaks_suit_rule([0, 9, 18], None)
    (False, True, True)
    """
    suits = suits_held(tiles)
    if not suits <= set(SUITS):
        return True
    if missing_suit is None:
        return len(suits) > 2
    return missing_suit in suits


def is_flower_pig(
    concealed: Sequence[int], melds: Sequence[Meld], missing_suit: str | None
) -> bool:
    """§8 step 1: 花猪 holds a tile of the declared void suit (no declaration: all three suits).

    >>> from games.engine.tiles import parse_tiles
    >>> is_flower_pig(parse_tiles("3m1122556p23455s"), [], "m")
    True
    """
    suits = suits_held(all_tiles(concealed, melds))
    if missing_suit is None:
        return len(suits & set(SUITS)) == 3
    return missing_suit in suits


def is_win(concealed: Sequence[int], melds: Sequence[Meld], missing_suit: str | None) -> bool:
    """§4.1-4.3: is this complete hand (winning tile included) a legal Sichuan win?

    >>> from games.engine.tiles import parse_tiles
    >>> is_win(parse_tiles("234567m33456789p"), [], "s"), is_win(parse_tiles("234567m33456789p"), [], "p")
    (True, False)
    """
    if len(concealed) + 3 * len(melds) != 14:
        return False
    if any(m.type == "chow" for m in melds):
        return False
    tiles = all_tiles(concealed, melds)
    if breaks_suit_rule(tiles, missing_suit):
        return False
    if max(_counts(tiles)) > 4:
        return False
    counts = _counts(concealed)
    if is_standard_win(counts):
        return True
    return not melds and seven_pairs(counts)


def waits(concealed: Sequence[int], melds: Sequence[Meld], missing_suit: str | None) -> list[int]:
    """§4.4: the kinds that complete the hand, minus kinds already held four times.

    Exactly ``waits_by_trial`` (one ``is_win`` per kind), from one count and the cached per-suit
    wait masks of ``standard_wait_mask``: 大叫 checks every seat at a draw.

    >>> from games.engine.tiles import parse_tiles, format_tiles
    >>> format_tiles(waits(parse_tiles("34578m11123789p"), [], "s"))
    '69m'
    """
    if len(concealed) + 3 * len(melds) != 13:
        return []
    held = [0] * 42
    for t in concealed:
        held[t] = held[t] + 1
    counts = list(held)
    for m in melds:
        if m.type == "chow":
            return []
        for t in m.tiles:
            held[t] = held[t] + 1
    if max(held) > 4 or any(held[N_SUITED:]):
        return []  # a fifth copy or a non-suited tile: no added tile makes a legal win
    in_suit = [any(held[b : b + 9]) for b in (0, 9, 18)]
    if missing_suit is None:
        if all(in_suit):
            return []
        allowed = [g for g in range(3) if in_suit[g]] if sum(in_suit) == 2 else [0, 1, 2]
    elif missing_suit in SUITS:
        void = SUITS.index(missing_suit)
        if in_suit[void]:
            return []
        allowed = [g for g in range(3) if g != void]
    else:
        allowed = [0, 1, 2]  # not a suit letter: no suit restriction (as ``breaks_suit_rule``)
    k0, k1, k2, _ = tile_keys(concealed)
    mask = standard_wait_mask(k0, k1, k2)
    if not melds:
        odd = [t for t in range(N_SUITED) if counts[t] & 1]
        if len(odd) == 1:
            mask |= 1 << odd[0]  # the seventh pair
    return [t for t in range(N_SUITED) if mask >> t & 1 and t // 9 in allowed and held[t] < 4]


_W0: Final = SUIT_W0


_SUIT_WAITS: Final[dict[int, int]] = {}


_NEAR9: Final = tuple(sum(1 << q for q in range(max(p - 2, 0), min(p + 3, 9))) for p in range(9))
"""Per position, the positions at most two steps away (itself included)."""


def _suit_waits(key: int, code: int) -> int:
    """Bit p set when one more tile at position p (held fewer than four times) turns the suit
    with group key ``key`` into one of ``hand.SUIT_W0`` code ``code`` (1: sets; 8: sets and the pair).

    Only positions near a held tile are tried: the added tile sits in a pung, a run or the pair
    with a held tile at most two steps away (an empty suit completes with no single tile)."""
    found = _SUIT_WAITS.get(key << 4 | code)
    if found is None:
        if len(_SUIT_WAITS) > 100_000:
            _SUIT_WAITS.clear()
        held = 0
        rest = key
        for p in range(9):
            if rest % 5:
                held |= 1 << p
            rest //= 5
        found = 0
        pow5 = _POW5
        near = _NEAR9
        codes = _W0
        for p in range(9):
            w = pow5[p]
            if near[p] & held and (key // w) % 5 < 4 and codes[key + w] == code:
                found |= 1 << p
        _SUIT_WAITS[key << 4 | code] = found
    return found


def standard_wait_mask(k0: int, k1: int, k2: int) -> int:
    """Bit t set when kind t completes a standard win of three suits with group keys k0, k1, k2
    (3n + 1 tiles, no honour), ignoring the suit rule.

    >>> from games.engine.tiles import parse_tiles, format_tiles
    >>> k = [0, 0, 0]
    >>> for t in parse_tiles("34578m11123789p"):
    ...     k[t // 9] += 5 ** (t % 9)
    >>> m = standard_wait_mask(*k)
    >>> format_tiles([t for t in range(27) if m >> t & 1])
    '69m'
    """
    codes = _W0
    a = codes[k0]
    b = codes[k1]
    c = codes[k2]
    mask = 0
    # The suit that takes the tile must end as sets (code 1) if the others hold the pair (1 + 8),
    # as sets and the pair (code 8) if the others are sets alone (1 + 1).
    if b + c == 2 or b + c == 9:
        mask |= _suit_waits(k0, 10 - b - c)
    if a + c == 2 or a + c == 9:
        mask |= _suit_waits(k1, 10 - a - c) << 9
    if a + b == 2 or a + b == 9:
        mask |= _suit_waits(k2, 10 - a - b) << 18
    return mask


def waits_by_trial(
    concealed: Sequence[int], melds: Sequence[Meld], missing_suit: str | None
) -> list[int]:
    """``waits`` by definition: every kind not held four times that makes ``is_win`` true.

    >>> from games.engine.tiles import parse_tiles, format_tiles
    >>> format_tiles(waits_by_trial(parse_tiles("34578m11123789p"), [], "s"))
    '69m'
    """
    if len(concealed) + 3 * len(melds) != 13:
        return []
    held = _counts(all_tiles(concealed, melds))
    out = []
    for t in range(N_SUITED):
        if held[t] >= 4:
            continue
        if is_win([*concealed, t], melds, missing_suit):
            out.append(t)
    return out
