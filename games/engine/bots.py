"""Bots: ``bot_choose(state, seat, kind="greedy"|"random", rng_seed=0)`` -> a legal Action.

* random: a uniformly random legal action, from a RNG seeded by (rng_seed, action count, seat), so a
  bot game is reproducible.
* expert: ``games.engine.expert.expert_choose``: every option valued in points from the seat's
  own knowledge (tile efficiency against the unseen tiles, the win's worth, the danger of each
  discard); docs/engine-expert.md.
* greedy: always wins when it can; declares every kong; pungs only when that lowers its shanten;
  discards the tile that leaves the fewest tiles-from-ready (shanten via games.engine.hand, seven
  pairs counted when there are no melds), breaking ties toward isolated and terminal tiles. Variant
  choices (定缺, 炮子 ...) go to ``Rules.bot_choice``; without an answer the variant's default
  choice is taken.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
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
from games.engine.core import (
    Rules,
    _overrides,
    default_action,
    legal_actions,
    parse_tile,
    rules_of,
)
from games.engine.encoding import WEIGHT, tile_keys
from games.engine.errors import IllegalActionError
from games.engine.readings import isolation
from games.engine.state import PHASE_CHOICE, PHASE_TURN, HandState
from games.engine.tiles import tile_str

KINDS: Final = ("greedy", "random", "expert")


def bot_choose(state: HandState, seat: int, *, kind: str = "greedy", rng_seed: int = 0) -> Action:
    """A legal action for ``seat``; raises IllegalActionError when the seat has nothing to do."""
    legal = legal_actions(state, seat)
    if not legal:
        raise IllegalActionError(f"seat {seat} has nothing to do now")
    if legal[-1].type == "prop":  # bots use no 道具 (offered last: games.engine.props)
        legal = [a for a in legal if a.type != "prop"]
    if kind == "random":
        return random.Random(f"{rng_seed}:{state.n_actions}:{seat}").choice(legal)
    if kind == "expert":
        from games.engine.expert import expert_choose

        return expert_choose(state, seat, rng_seed=rng_seed)
    if kind != "greedy":
        raise ValueError(f"unknown bot kind {kind!r}; known: {', '.join(KINDS)}")
    return _greedy(state, seat, legal)


_KONGS: Final = (KONG_CONCEALED, KONG_ADDED, KONG_EXPOSED)


class _Variant:
    """What the greedy bot reads of a variant's Rules on every decision, looked up once."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.bot_choice = _overrides(rules, "bot_choice")


_VARIANTS: Final[dict[str, _Variant]] = {}  # state.variant -> its _Variant


def _variant(state: HandState) -> _Variant:
    v = _VARIANTS.get(state.variant)
    if v is None:  # rules_of keeps one Rules per variant key too
        v = _VARIANTS[state.variant] = _Variant(rules_of(state))
    return v


def _greedy(state: HandState, seat: int, legal: list[Action]) -> Action:
    var = _variant(state)
    rules = var.rules
    if legal[0].type == DISCARD and state.phase == PHASE_TURN:
        # a turn lists its wins, kongs and specials before its discards: only discards here
        if var.bot_choice:
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
    if var.bot_choice:
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


_KIND_OF: Final[dict[str | None, int]] = {}  # an action's tile string -> its kind
_TILE_KIND: Final[dict[str, int]] = {tile_str(k): k for k in range(42)}  # every tile string's kind


def _kind(a: Action) -> int:
    k = _KIND_OF.get(a.tile)
    if k is None:
        k = parse_tile(a.tile or "")  # raises on anything but a tile: the dict stays small
        if len(_KIND_OF) < 1024:
            _KIND_OF[a.tile] = k
    return k


_NAMES: Final[tuple[str, ...]] = tuple(tile_str(k) for k in range(42))


def _kinds(discards: list[Action], tiles: tuple[int, ...]) -> list[int]:
    """The tile kind of every action (each must carry a tile). The core's discards are the held
    kinds in order, each spelled by tile_str's own string: walking the (sorted) hand along them
    finds most kinds by identity, the rest by a look-up."""
    out = []
    j = 0
    n = len(tiles)
    for a in discards:
        tile = a.tile
        while j < n and tile is not _NAMES[tiles[j]]:
            j += 1
        if j < n:
            out.append(tiles[j])
            j += 1
        else:
            j = 0
            k = _TILE_KIND.get(tile, -1) if tile is not None else -1
            out.append(k if k >= 0 else _kind(a))  # _kind raises on a non-tile, as parse_tile does
    return out


def _pung_lowers_shanten(hand: Sequence[int], t: int, seven: bool) -> bool:
    """Whether the best discard after punging ``t`` leaves a lower shanten than the hand has now
    (seven pairs counted now when ``seven``, never after: a pung is a meld)."""
    tiles: tuple[int, ...] = hand if isinstance(hand, tuple) else tuple(hand)
    c = [0] * 42
    pairs = 0
    kinds: list[int] = []
    for x in tiles:
        m = c[x] + 1
        c[x] = m
        if m == 1:
            kinds.append(x)
        elif m == 2 and x < 34:
            pairs += 1
    k0, k1, k2, k3 = tile_keys(tiles)
    n = len(tiles)
    now = fs.shanten4(k0, k1, k2, k3, n // 3, 0)
    if seven and n >= 13 and 6 - pairs < now:
        now = 6 - pairs
    two = 2 * WEIGHT[t]
    if t < 9:
        k0 -= two
    elif t < 18:
        k1 -= two
    elif t < 27:
        k2 -= two
    else:
        k3 -= two
    if c[t] <= 2:
        kinds = [k for k in kinds if k != t]
    if not kinds:
        return False
    kinds.sort()
    for v in fs.after_discards4(k0, k1, k2, k3, (n - 3) // 3, 0, kinds):
        if v < now:
            return True
    return False


def _std_shanten(c: list[int], n_tiles: int) -> int:
    """Standard-shape shanten (same definition as games.engine.hand.shanten), from the cached
    group tables of games.engine.fast_shanten."""
    return fs.shanten_keys(fs.group_keys(c), n_tiles // 3)


def _isolation_c(c: list[int], t: int) -> int:
    """Lower = more useless (games.engine.readings.isolation; ``c``: the hand's counts)."""
    return isolation(c, t)


def _pick_discard(hand: Sequence[int], discards: list[Action], seven: bool) -> Action:
    """The discard leaving the lowest shanten; ties: the most isolated tile, then the lowest kind."""
    nd = len(discards)
    if nd == 1:
        return discards[0]
    tiles: tuple[int, ...] = hand if isinstance(hand, tuple) else tuple(hand)
    kinds = _kinds(discards, tiles)
    c = [0] * 42
    distinct = 0
    pairs = 0
    for t in tiles:
        m = c[t] + 1
        c[t] = m
        if m == 1:
            distinct += 1
        elif m == 2 and t < 34:
            pairs += 1
    k0, k1, k2, k3 = tile_keys(tiles)
    if nd < distinct:
        # a discard restriction is on (e.g. 先打缺): every allowed tile must go anyway
        return discards[_most_isolated(c, kinds)]
    values = fs.after_discards4(k0, k1, k2, k3, (len(tiles) - 1) // 3, 0, kinds)
    best = 99
    for v in values:
        if v < best:
            best = v
    if seven:
        # seven pairs after discarding t: 6 - pairs, one more when t breaks a pair; when that is
        # above the best standard value for every t it changes neither the best nor the ties
        sp = 6 - pairs
        if sp <= best:
            for i in range(nd):
                s = sp + 1 if c[kinds[i]] == 2 else sp
                if s < values[i]:
                    values[i] = s
                    if s < best:
                        best = s
    first = -1
    ties = 0
    for i in range(nd):
        if values[i] == best:
            if first < 0:
                first = i
            ties += 1
    if ties == 1:
        return discards[first]
    # ties: the lowest (isolation, kind), as one int: _isolation_c * 64 + kind
    pick = first
    low = 1 << 30
    for i in range(first, nd):
        if values[i] == best:
            t = kinds[i]
            key = _isolation_c(c, t) * 64 + t
            if key < low:
                pick = i
                low = key
    return discards[pick]


def _most_isolated(c: list[int], kinds: list[int]) -> int:
    """The index of the kind with the lowest (_isolation_c, kind), the first on ties."""
    pick = 0
    low = 1 << 30
    for i in range(len(kinds)):
        t = kinds[i]
        key = _isolation_c(c, t) * 64 + t  # (isolation, kind) in one int: kinds are below 64
        if key < low:
            pick = i
            low = key
    return pick
