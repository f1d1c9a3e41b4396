"""The greedy Yiwu bot: keep 财神, 飘 when the rest is 财神头, claim only what brings ready
closer, discard what leaves the lowest shanten.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from games.engine.actions import (
    CHOW,
    DISCARD,
    KONG_ADDED,
    KONG_CONCEALED,
    KONG_EXPOSED,
    PASS,
    PUNG,
    Action,
)
from games.engine.fast_shanten import after_discards4, shanten
from games.engine.readings import isolation
from games.engine.state import PHASE_CHOICE, PHASE_CLAIM, PHASE_TURN, HandState
from games.engine.tiles import parse_tiles, tile_str
from games.engine.variants.yiwu.shapes import (
    WHITE,
    natural_face,
    ready_patterns,
    split_wild,
    tally,
)

_KIND_OF: Final[dict[str, int]] = {tile_str(k): k for k in range(34)}


def _seven_pairs_shanten(pairs: int, singles: int, wild: int) -> int:
    return 6 - min(pairs + min(wild, singles) + max(0, wild - singles) // 2, 7)


def _shanten_of(tiles: Sequence[int], n_melds: int, c: int) -> int:
    counts, wild = split_wild(tiles, c)
    s = shanten(counts, wild, sets_needed=4 - n_melds)
    if not n_melds:
        pairs = sum(n // 2 for n in counts)
        singles = sum(n % 2 for n in counts)
        s = min(s, _seven_pairs_shanten(pairs, singles, wild))
    return s


_NOT_HELD: Final = 99
"""``_face_shanten_after``'s value at a face not held (above any shanten)."""


def _face_shanten_after(
    tiles: Sequence[int], c: int, n_melds: int
) -> tuple[list[int], list[int], int]:
    """(after, counts, best): ``after[face]`` = _shanten_of the tiles less one tile of that face
    for every natural face held (``_NOT_HELD`` elsewhere), the natural face counts (白板 as C),
    and the least value of ``after``. The standard part comes from
    ``fast_shanten.after_discards4`` (cached per group and per other groups' table); 七对子
    depends only on the removed face's count parity."""
    counts, k0, k1, k2, k3, wild, singles, _ = tally(tiles, c)
    faces = [face for face in range(34) if counts[face]]
    vals = after_discards4(k0, k1, k2, k3, 4 - n_melds, wild, faces)
    after = [_NOT_HELD] * 34
    best = _NOT_HELD
    n = len(faces)
    if n_melds:
        for i in range(n):
            v = vals[i]
            after[faces[i]] = v
            if v < best:
                best = v
        return after, counts, best
    pairs = (len(tiles) - wild - singles) // 2
    seven_odd = _seven_pairs_shanten(pairs, singles - 1, wild)  # an odd count loses a single
    seven_even = _seven_pairs_shanten(pairs - 1, singles + 1, wild)  # an even one breaks a pair
    for i in range(n):
        face = faces[i]
        v = vals[i]
        p = seven_odd if counts[face] & 1 else seven_even
        if p < v:
            v = p
        after[face] = v
        if v < best:
            best = v
    return after, counts, best


_PICKED: Final = "yiwu.picked"
"""``HandState.memo(seat)`` key: the seat's last discard pick, as (hand, tile discarded, melds,
财神, _shanten_of what is left). A claim window on the next discards asks for that shanten of the
hand it left."""


_NOTHING_PICKED: Final[tuple[tuple[int, ...], int, int, int, int]] = ((), 0, 0, 0, 0)


def bot_pick(state: HandState, seat: int, legal: list[Action]) -> Action | None:
    """Greedy Yiwu play: keep 财神, 飘 when the rest is 财神头, claim only what brings ready closer."""
    phase = state.phase
    if phase == PHASE_CHOICE:
        return next((a for a in legal if a.choice == 1), None)  # bets are symmetric: take them
    c: int = state.ext["caishen"]
    hand = state.hands[seat]
    n_melds = len(state.melds[seat])
    if phase == PHASE_CLAIM:
        return _claim_pick(state.memo(seat), hand, n_melds, c, legal)
    if phase != PHASE_TURN:
        return None
    kind_of = _KIND_OF
    kinds: list[int] = []
    acts: list[Action] = []
    for a in legal:
        typ = a.type
        if typ == DISCARD:
            kinds.append(kind_of[a.tile or ""])
            acts.append(a)
        elif typ == KONG_CONCEALED or typ == KONG_ADDED:
            return a
    if not kinds:
        return None
    if c in kinds and hand.count(c) >= 2:
        rest = _without(hand, c)
        if ready_patterns(rest, state.melds[seat], c):
            return Action(seat, DISCARD, tile=tile_str(c))  # 飘: the rest waits on everything
    return _discard_pick(state.memo(seat), hand, n_melds, c, kinds, acts)


def _discard_pick(
    memo: dict[str, Any],
    hand: tuple[int, ...],
    n_melds: int,
    c: int,
    kinds: list[int],
    acts: list[Action],
) -> Action:
    """The discard with the least (shanten after it, isolation, tile); 财神 only if alone."""
    n = len(kinds)
    if n == 1:
        return acts[0]
    after, counts, _best = _face_shanten_after(hand, c, n_melds)  # counts: 白板 as C
    low = _NOT_HELD + 1
    pick = -1
    tied = False
    for i in range(n):
        t = kinds[i]
        if t == c:
            continue  # 财神 is discarded only when it is the one choice
        s = after[c if t == WHITE else t]  # natural_face(t, c) for t != c
        if s < low:
            low = s
            pick = i
            tied = False
        elif s == low:
            tied = True
    if tied:  # the lowest (isolation, tile) among the discards leaving ``low``
        best_key = 1 << 30
        for i in range(n):
            t = kinds[i]
            if t != c and after[c if t == WHITE else t] == low:
                key = (_isolation_f(counts, t, c) + 64) * 64 + t
                if key < best_key:
                    best_key = key
                    pick = i
    memo[_PICKED] = (hand, kinds[pick], n_melds, c, low)
    return acts[pick]


def _held_shanten(memo: dict[str, Any], hand: tuple[int, ...], n_melds: int, c: int) -> int:
    """_shanten_of(hand, n_melds, c), read from the seat's last discard pick when it left
    ``hand``."""
    picked: tuple[tuple[int, ...], int, int, int, int] = memo.get(_PICKED, _NOTHING_PICKED)
    held, t, melds_then, c_then, value = picked
    if melds_then == n_melds and c_then == c and len(held) == len(hand) + 1:
        i = held.index(t)
        if held[:i] + held[i + 1 :] == hand:
            return value
    return _shanten_of(hand, n_melds, c)


def _claim_pick(
    memo: dict[str, Any], hand: tuple[int, ...], n_melds: int, c: int, legal: list[Action]
) -> Action | None:
    """An exposed kong always; else the pung or chow that lowers shanten most; else pass."""
    pass_: Action | None = None
    for a in legal:
        if a.type == KONG_EXPOSED:
            return a
    best: Action | None = None
    best_s = 0
    known = False
    for a in legal:
        typ = a.type
        if typ != PUNG and typ != CHOW:
            if typ == PASS and pass_ is None:
                pass_ = a
            continue
        if not known:
            best_s = _held_shanten(memo, hand, n_melds, c)
            known = True
        tile = _KIND_OF[a.tile or ""]
        rest = list(hand)
        if typ == PUNG:
            rest.remove(tile)
            rest.remove(tile)
        else:
            for t in _chow_used(a.tiles or "", tile):
                rest.remove(t)
        after = _best_after(rest, n_melds + 1, c)
        if after < best_s:
            best, best_s = a, after
    return best or pass_


def _best_after(tiles: list[int], n_melds: int, c: int) -> int:
    """min over the held kinds t of _shanten_of(tiles minus one t, n_melds, c).

    Discarding a 财神 is never strictly best while a natural tile is held: a wildcard can play
    any natural, so keeping it instead of the natural never raises shanten (standard or 七对子)."""
    best = _face_shanten_after(tiles, c, n_melds)[2]
    if best != _NOT_HELD:
        return best
    return _shanten_of(_without(tiles, c), n_melds, c)


_CHOW_USED: Final[dict[tuple[str, int], tuple[int, ...]]] = {}
"""(chow offer's tiles, discard) -> the two hand tiles; a few hundred offers exist."""


def _chow_used(tiles: str, tile: int) -> tuple[int, ...]:
    """The two hand tiles of a chow offer (its tiles less the discard), cached per offer."""
    used = _CHOW_USED.get((tiles, tile))
    if used is None:
        run = parse_tiles(tiles)
        run.remove(tile)
        used = _CHOW_USED[(tiles, tile)] = tuple(run)
    return used


def _without(tiles: Sequence[int], t: int) -> list[int]:
    rest = list(tiles)
    rest.remove(t)
    return rest


def _isolation_f(faces: list[int], t: int, c: int) -> int:
    """How loosely ``t`` sits in the hand (games.engine.readings.isolation), read on the face
    counts of the hand's non-财神 tiles (a 白板 stands for the 财神's face)."""
    return isolation(faces, natural_face(t, c))
