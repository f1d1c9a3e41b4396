"""The plain reference move: what a fast, sound player does without reading the table.

It is the variant's own bot rule where it has one (``Rules.bot_choice``: Wuhan's discards with
癞子 as jokers, Yiwu's 飘财, Fuzhou's gold kept ...), else the generic rule: win, declare the
kong, pung only when that lowers the shanten, discard the tile leaving the lowest shanten (seven
pairs counted without melds), the most isolated on ties. The expert adds a small prior to this
move (rank.py): it leaves the plain move only when its own estimate is clearly better, since the
estimates are rough and the plain move is sound.
"""

from __future__ import annotations

from typing import Final

from games.engine import fast_shanten as fs
from games.engine.actions import (
    DISCARD,
    HU,
    KONG_ADDED,
    KONG_CONCEALED,
    KONG_EXPOSED,
    PASS,
    PUNG,
    Action,
)
from games.engine.encoding import tile_keys
from games.engine.expert.view import KIND, SeatView
from games.engine.readings import isolation

_KONGS: Final = (KONG_CONCEALED, KONG_ADDED, KONG_EXPOSED)


def _keys(tiles: list[int]) -> list[int]:
    return list(tile_keys(tiles))


def _isolation(c: list[int], t: int) -> int:
    """Lower = more useless: the greedy bot's tie-break (games.engine.readings.isolation)."""
    return isolation(c, t)


def plain_discard(tiles: list[int], kinds: list[int], seven: bool) -> int:
    """The kind to throw: lowest shanten after it, then the most isolated, then the lowest."""
    c = [0] * 34
    pairs = 0
    for t in tiles:
        if t < 34:
            c[t] = c[t] + 1
            if c[t] == 2:
                pairs += 1
    held = sorted({t for t in kinds if 0 <= t < 34})
    if not held:
        return kinds[0]
    k = _keys(tiles)
    values = fs.after_discards4(k[0], k[1], k[2], k[3], (len(tiles) - 1) // 3, 0, held)
    if seven:
        for i in range(len(held)):
            s7 = 6 - pairs + (1 if c[held[i]] == 2 else 0)
            if s7 < values[i]:
                values[i] = s7
    best = min(values)
    pick = -1
    low = 1 << 30
    for i in range(len(held)):
        if values[i] == best:
            key = _isolation(c, held[i]) * 64 + held[i]
            if key < low:
                low = key
                pick = held[i]
    return pick


def _pung_lowers(tiles: list[int], t: int, seven: bool) -> bool:
    k = _keys(tiles)
    n = len(tiles)
    now = fs.shanten4(k[0], k[1], k[2], k[3], n // 3, 0)
    if seven and n >= 13:
        c = [0] * 34
        for x in tiles:
            if x < 34:
                c[x] = c[x] + 1
        now = min(now, 6 - sum(v // 2 for v in c))
    rest = list(tiles)
    rest.remove(t)
    rest.remove(t)
    kinds = sorted({x for x in rest if x < 34})
    if not kinds:
        return False
    k = _keys(rest)
    return min(fs.after_discards4(k[0], k[1], k[2], k[3], (n - 3) // 3, 0, kinds)) < now


def plain_pick(view: SeatView, legal: list[Action], hint: Action | None) -> Action | None:
    """The plain move among ``legal`` (None in a choice phase: the variant's rule decides)."""
    first_hu: Action | None = None
    kong: Action | None = None
    pung: Action | None = None
    pass_: Action | None = None
    discards: list[Action] = []
    for a in legal:
        typ = a.type
        if typ == HU and first_hu is None:
            first_hu = a
        elif typ in _KONGS and kong is None:
            kong = a
        elif typ == PUNG and pung is None:
            pung = a
        elif typ == PASS and pass_ is None:
            pass_ = a
        elif typ == DISCARD:
            discards.append(a)
    if first_hu is not None:
        return first_hu
    if hint is not None:
        return hint
    if kong is not None and (view.phase != "turn" or legal[0].type != DISCARD):
        return kong
    seven = view.own_melds == 0
    if pung is not None and pung.tile is not None:
        if _pung_lowers(view.hand, KIND[pung.tile], seven):
            return pung
    if pass_ is not None:
        return pass_
    if discards:
        kinds = [KIND[a.tile] for a in discards if a.tile is not None]
        t = plain_discard(view.hand, kinds, seven)
        for a in discards:
            if a.tile is not None and KIND[a.tile] == t:
                return a
        return discards[0]
    return None
