"""The greedy Wuhan bot: discard what leaves the lowest shanten (癞子 as jokers), claim what
lowers it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from games.engine.actions import CHOW, HU, KONG_EXPOSED, PASS, PUNG, Action
from games.engine.bots import _std_shanten
from games.engine.core import (
    _DISCARD_ACTS,
)
from games.engine.encoding import tile_keys
from games.engine.fast_shanten import after_discards4, shanten4
from games.engine.readings import isolation
from games.engine.state import HandState
from games.engine.tiles import counts_of, parse_tiles, tile_str

_NO_TILE: Final = -1


def _bot_shanten(tiles: list[int], laizi: int) -> int:
    """hand.shanten with the 癞子 as jokers, through the bots' cached group tables."""
    counts = counts_of(t for t in tiles if t != laizi)
    return max(-1, _std_shanten(counts, len(tiles)) - (len(tiles) - sum(counts)))


def _keys(tiles: Sequence[int], laizi: int) -> tuple[int, int, int, int, int]:
    """The four group keys of the tiles other than the 癞子, and the 癞子 count."""
    k0, k1, k2, k3 = tile_keys(tiles, laizi)
    return k0, k1, k2, k3, _count(tiles, laizi)


def _count(tiles: Sequence[int], kind: int) -> int:
    n = 0
    for t in tiles:
        if t == kind:
            n += 1
    return n


def _bot_discard(state: HandState, seat: int, legal: list[Action]) -> Action:
    hand: tuple[int, ...] = state.hands[seat]
    laizi: int = state.ext["laizi"]
    held: list[int] = [0] * 34
    for t in hand:
        held[t] = held[t] + 1
    k0, k1, k2, k3, jokers = _keys(hand, laizi)
    # each discard's kind: the core's shared discard actions, in kind order, are matched by
    # identity (no tile string looked up); any other action by its tile string
    shared = _DISCARD_ACTS[seat]
    kinds: list[int] = []
    acts: list[Action] = []
    j = 0
    for a in legal:
        if a.type == "discard":
            t = _NO_TILE
            while j < 34:
                if shared[j] is a:
                    t = j
                    j += 1
                    break
                j += 1
            if t == _NO_TILE:
                t = _KIND_OF[a.tile or ""]
                j = 0
            kinds.append(t)
            acts.append(a)
    # never the 癞子: it is not a legal discard
    values = after_discards4(k0, k1, k2, k3, (len(hand) - 1) // 3, jokers, kinds)
    n = len(kinds)
    low = values[0]
    for i in range(1, n):
        if values[i] < low:
            low = values[i]
    # ties on the lowest shanten only: the neighbour count, then the kind, is the tie-break
    best_score = 1 << 30
    best_t = 0
    pick = acts[0]
    for i in range(n):
        if values[i] != low:
            continue
        t = kinds[i]
        score = isolation(held, t, terminals=False)  # copies, and tiles within two steps
        if score < best_score or (score == best_score and t < best_t):
            best_score, best_t, pick = score, t, acts[i]
    return pick


_KIND_OF: Final = {tile_str(k): k for k in range(34)}


def _bot_claim(state: HandState, seat: int, legal: list[Action]) -> Action | None:
    """Claim a meld when the best discard afterwards is closer to ready than now."""
    laizi: int = state.ext["laizi"]
    hand = state.hands[seat]
    key = (hand, laizi, -2)
    now = _CLAIM_SHANTEN.get(key)
    if now is None:
        k0, k1, k2, k3, jokers = _keys(hand, laizi)
        # _bot_shanten: fast_shanten's value is max(-1, formula - jokers) already
        now = _CLAIM_SHANTEN[key] = shanten4(k0, k1, k2, k3, len(hand) // 3, jokers)
    for a in legal:
        if a.type == KONG_EXPOSED:
            return a
        if a.type not in (PUNG, CHOW):
            continue
        tile = _KIND_OF[a.tile or ""]
        if a.type == PUNG:
            rest = _without(hand, tile, tile)
        else:
            used = [t for t in _CHOW_USED[a.tiles or ""] if t != tile]
            rest = _without(hand, used[0], used[1])
        after = _best_after_discard(rest, laizi) if rest else -1
        if len(_CLAIM_SHANTEN) >= _CLAIM_SHANTEN_LIMIT:
            _CLAIM_SHANTEN.clear()
        if after < now or (after == now and not state.melds[seat]):
            return a
    pass_: Action | None = None
    for a in legal:
        if a.type == HU:
            return None
        if a.type == PASS and pass_ is None:
            pass_ = a
    return pass_


def _without(hand: tuple[int, ...], a: int, b: int) -> list[int]:
    """The hand less one ``a`` and one ``b`` (two copies when a == b), in order: list.remove
    twice, without comparing every tile through the generic equality."""
    rest: list[int] = []
    skip_a = skip_b = True
    for t in hand:
        if skip_a and t == a:
            skip_a = False
        elif skip_b and t == b:
            skip_b = False
        else:
            rest.append(t)
    if skip_a or skip_b:
        raise ValueError("list.remove(x): x not in list")
    return rest


class _ChowTiles(dict[str, tuple[int, ...]]):
    """A chow action's ``tiles`` string -> its kinds (parsed once)."""

    def __missing__(self, key: str) -> tuple[int, ...]:
        kinds = self[key] = tuple(parse_tiles(key))
        return kinds


_CHOW_USED: Final = _ChowTiles()


_CLAIM_SHANTEN: Final[dict[tuple[tuple[int, ...], int, int], int]] = {}
"""The claim decision's shanten values: key (hand, 癞子, -2) for the hand now, (rest, 癞子, -1)
for the best discard after a meld (a seat sees several discards with the same hand)."""


_CLAIM_SHANTEN_LIMIT: Final = 20_000


def _best_after_discard(rest: list[int], laizi: int) -> int:
    """min(_bot_shanten(rest minus t) for t in set(rest)), one cached table step per kind."""
    key = (tuple(rest), laizi, -1)
    found = _CLAIM_SHANTEN.get(key)
    if found is None:
        found = _CLAIM_SHANTEN[key] = _best_after_discard_of(rest, laizi)
    return found


def _best_after_discard_of(rest: list[int], laizi: int) -> int:
    k0, k1, k2, k3, jokers = _keys(rest, laizi)
    # each kind other than the 癞子 once (rest is sorted; were it not, a kind tried twice would
    # not change the least value)
    kinds: list[int] = []
    last = _NO_TILE
    for t in rest:
        if t != last and t != laizi:
            kinds.append(t)
        last = t
    need = (len(rest) - 1) // 3
    vals = after_discards4(k0, k1, k2, k3, need, jokers, kinds)
    if jokers:  # discarding a 癞子: the same keys with one joker less
        vals.append(shanten4(k0, k1, k2, k3, need, jokers - 1))
    low = vals[0]
    for v in vals:
        if v < low:
            low = v
    return low
