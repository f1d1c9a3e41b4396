"""Bots: ``bot_choose(state, seat, kind="greedy"|"random", rng_seed=0)`` -> a legal Action.

* random: a uniformly random legal action, from a RNG seeded by (rng_seed, action count, seat), so a
  bot game is reproducible.
* greedy: always wins when it can; declares every kong; pungs only when that lowers its shanten;
  discards the tile that leaves the fewest tiles-from-ready (shanten via games.engine.hand, seven
  pairs counted when there are no melds), breaking ties toward isolated and terminal tiles. Variant
  choices (定缺, 炮子 ...) go to ``Rules.bot_choice``; without an answer the variant's default
  choice is taken.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

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
from games.engine.core import _overrides, default_action, legal_actions, parse_tile, rules_of
from games.engine.errors import IllegalActionError
from games.engine.state import PHASE_CHOICE, PHASE_TURN, HandState
from games.engine.tiles import tile_str

KINDS = ("greedy", "random")


def bot_choose(state: HandState, seat: int, *, kind: str = "greedy", rng_seed: int = 0) -> Action:
    """A legal action for ``seat``; raises IllegalActionError when the seat has nothing to do."""
    legal = legal_actions(state, seat)
    if not legal:
        raise IllegalActionError(f"seat {seat} has nothing to do now")
    if kind == "random":
        return random.Random(f"{rng_seed}:{state.n_actions}:{seat}").choice(legal)
    if kind != "greedy":
        raise ValueError(f"unknown bot kind {kind!r}; known: {', '.join(KINDS)}")
    return _greedy(state, seat, legal)


_KONGS = (KONG_CONCEALED, KONG_ADDED, KONG_EXPOSED)


def _greedy(state: HandState, seat: int, legal: list[Action]) -> Action:
    rules = rules_of(state)
    if legal[0].type == DISCARD and state.phase == PHASE_TURN:
        # a turn lists its wins, kongs and specials before its discards: only discards here
        if _overrides(rules, "bot_choice"):
            picked = rules.bot_choice(state, seat, legal)
            if picked is not None:
                return picked
        return _pick_discard(state.hands[seat], legal, not state.melds[seat])
    prio = rules.claim_priority
    hu_rank = prio[HU]
    first_hu: Action | None = None
    kong: Action | None = None
    pung: Action | None = None
    pass_: Action | None = None
    discards: list[Action] = []
    for a in legal:  # one pass; the picks below keep the order of precedence
        typ = a.type
        if prio.get(typ, 0) > hu_rank:
            return a  # a variant claim that outranks 胡 (Fuzhou 抢金) is worth more than the win
        if typ == DISCARD:
            discards.append(a)
        elif typ == HU:
            if first_hu is None:
                first_hu = a
        elif typ in _KONGS:
            if kong is None:
                kong = a
        elif typ == PUNG:
            if pung is None:
                pung = a
        elif typ == PASS and pass_ is None:
            pass_ = a
    if first_hu is not None:
        return first_hu
    if _overrides(rules, "bot_choice"):
        picked = rules.bot_choice(state, seat, legal)
        if picked is not None:
            return picked
    if state.phase == PHASE_CHOICE:
        return rules.choice_default(state, seat)  # what default_action answers here
    if kong is not None:
        return kong
    hand = state.hands[seat]
    no_melds = not state.melds[seat]
    if pung is not None and _pung_lowers_shanten(hand, _kind(pung), no_melds):
        return pung
    if pass_ is not None:
        return pass_
    if discards:
        return _pick_discard(hand, discards, no_melds)
    return default_action(state, seat)


_KIND_OF: dict[str | None, int] = {}  # an action's tile string -> its kind
_TILE_KIND: dict[str, int] = {tile_str(k): k for k in range(42)}  # every tile string's kind


def _kind(a: Action) -> int:
    k = _KIND_OF.get(a.tile)
    if k is None:
        k = parse_tile(a.tile or "")  # raises on anything but a tile: the dict stays small
        if len(_KIND_OF) < 1024:
            _KIND_OF[a.tile] = k
    return k


def _pung_lowers_shanten(hand: Sequence[int], t: int, seven: bool) -> bool:
    """Whether the best discard after punging ``t`` leaves a lower shanten than the hand has now
    (seven pairs counted now when ``seven``, never after: a pung is a meld)."""
    c, keys = _counts_keys(hand)
    n = len(hand)
    now = fs.shanten_keys(keys, n // 3)
    if seven and n >= 13:
        now = min(now, 6 - sum(1 for x in c[:34] if x >= 2))
    keys[_KIND_GROUP[t]] -= 2 * _KIND_POW[t]
    kinds = [k for k in sorted(set(hand)) if k != t or c[t] > 2]
    if not kinds:
        return False
    return min(fs.after_discards_keys(keys, (n - 3) // 3, 0, kinds)) < now


# kind -> fast_shanten group / power of 5 in its group key; flowers (34-41) go to a fifth key
_KIND_GROUP = fs._KIND_GROUP + (4,) * 8
_KIND_POW = fs._KIND_POW + (0,) * 8


def _counts_keys(tiles: Sequence[int]) -> tuple[list[int], list[int]]:
    """The count vector (42 long) and the fast_shanten group keys (m, p, s, honours, then a
    dummy for flowers) of a tile list."""
    c = [0] * 42
    keys = [0, 0, 0, 0, 0]
    grp = _KIND_GROUP
    pw = _KIND_POW
    for t in tiles:
        c[t] += 1
        keys[grp[t]] += pw[t]
    return c, keys


def _std_shanten(c: list[int], n_tiles: int) -> int:
    """Standard-shape shanten (same definition as games.engine.hand.shanten), from the cached
    group tables of games.engine.fast_shanten."""
    g = fs.tables(c)
    return fs.value(fs.combine(fs.combine(fs.combine(g[0], g[1]), g[2]), g[3]), n_tiles // 3)


def _isolation_c(c: list[int], t: int) -> int:
    """Lower = more useless: neighbours and copies within the suit (``c``: the hand's counts)."""
    score = 2 * (c[t] - 1)
    if t < 27:
        pos = t % 9
        if pos >= 2 and c[t - 2]:
            score += 1
        if pos >= 1 and c[t - 1]:
            score += 2
        if pos <= 7 and c[t + 1]:
            score += 2
        if pos <= 6 and c[t + 2]:
            score += 1
        if pos in (0, 8):
            score -= 1
    return score


def _pick_discard(hand: Sequence[int], discards: list[Action], seven: bool) -> Action:
    """The discard leaving the lowest shanten; ties: the most isolated tile, then the lowest kind."""
    if len(discards) == 1:
        return discards[0]
    tk = _TILE_KIND
    try:
        kinds = [tk[a.tile] for a in discards]  # type: ignore[index]
    except KeyError:
        kinds = [_kind(a) for a in discards]  # raises on a non-tile, as parse_tile does
    c, keys = _counts_keys(hand)
    if len(kinds) < len(set(hand)):
        # a discard restriction is on (e.g. 先打缺): every allowed tile must go anyway
        return discards[_most_isolated(c, kinds)]
    values = fs.after_discards_keys(keys, (len(hand) - 1) // 3, 0, kinds)
    best = min(values)
    if seven:
        # seven pairs after discarding t: 6 - pairs, one more when t breaks a pair; when that is
        # above the best standard value for every t it changes neither the best nor the ties
        sp = 6 - sum(1 for x in c[:34] if x >= 2)
        if sp <= best:
            values = [
                v if v < sp + (c[t] == 2) else sp + (c[t] == 2)
                for v, t in zip(values, kinds, strict=True)
            ]
            best = min(values)
    first = values.index(best)
    if best not in values[first + 1 :]:
        return discards[first]
    # ties: the lowest (isolation, kind), as one int: (_isolation_c + 64) * 64 + kind
    pick = first
    low = 1 << 30
    base = _ISO_BASE
    near = _ISO_NEAR
    for i in [i for i, v in enumerate(values) if v == best]:
        t = kinds[i]
        score = 2 * c[t] + base[t]
        for d, w in near[t]:
            if c[t + d]:
                score += w
        key = score * 64 + t
        if key < low:
            pick, low = i, key
    return discards[pick]


def _iso_near(t: int) -> tuple[tuple[int, int], ...]:
    """_isolation_c's (offset, weight) neighbours of a kind: within its suit, none for honours."""
    if t >= 27:
        return ()
    pos = t % 9
    return tuple((d, w) for d, w in ((-2, 1), (-1, 2), (1, 2), (2, 1)) if 0 <= pos + d <= 8)


#: per kind: _isolation_c's constant part (-2, and -1 more for a terminal) plus 64; its neighbours
_ISO_BASE = tuple(62 - (1 if t < 27 and t % 9 in (0, 8) else 0) for t in range(42))
_ISO_NEAR = tuple(_iso_near(t) for t in range(42))


def _most_isolated(c: list[int], kinds: list[int]) -> int:
    """The index of the kind with the lowest (_isolation_c, kind), the first on ties."""
    pick = 0
    low = (99, 99)
    for i, t in enumerate(kinds):
        key = (_isolation_c(c, t), t)
        if key < low:
            pick, low = i, key
    return pick
