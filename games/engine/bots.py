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
from functools import cache
from typing import Any

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
from games.engine.hand import _group_blocks
from games.engine.state import PHASE_CHOICE, HandState

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
        return default_action(state, seat)
    if kong is not None:
        return kong
    hand = list(state.hands[seat])
    no_melds = not state.melds[seat]
    if pung is not None:
        t = parse_tile(pung.tile or "")
        after = list(hand)
        after.remove(t)
        after.remove(t)
        if _discard_shanten(after, [(k, None) for k in sorted(set(after))], False)[0] < _shanten(
            hand, no_melds
        ):
            return pung
    if pass_ is not None:
        return pass_
    if discards:
        return _pick_discard(hand, discards, no_melds)
    return default_action(state, seat)


def _counts(tiles: list[int]) -> list[int]:
    """Counts per kind (42 long: flowers counted too; shanten reads only the first 34)."""
    c = [0] * 42
    for t in tiles:
        c[t] += 1
    return c


@cache
def _blocks(group: tuple[int, ...], suited: bool) -> tuple[tuple[int, int, int], ...]:
    """The Pareto-best (sets, partial sets, pair) readings of one suit/honour group."""
    items = _group_blocks(group, suited)
    return tuple(
        a
        for a in items
        if not any(b != a and b[0] >= a[0] and b[1] >= a[1] and b[2] >= a[2] for b in items)
    )


def _std_shanten(c: list[int], n_tiles: int) -> int:
    """Standard-shape shanten (same definition as games.engine.hand.shanten), from the cached
    group tables of games.engine.fast_shanten."""
    g = fs.tables(c)
    return fs.value(fs.combine(fs.combine(fs.combine(g[0], g[1]), g[2]), g[3]), n_tiles // 3)


def _shanten(tiles: list[int], seven: bool) -> int:
    c = _counts(tiles)
    s = _std_shanten(c, len(tiles))
    if seven and len(tiles) >= 13:
        pairs = sum(1 for n in c[:34] if n >= 2)
        s = min(s, 6 - pairs)
    return s


def _isolation(tiles: list[int], t: int) -> int:
    """Lower = more useless: neighbours and copies within the suit."""
    return _isolation_c(_counts(tiles), t)


def _isolation_c(c: list[int], t: int) -> int:
    """_isolation from the hand's count vector."""
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


_GROUPS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))


def _pick_discard(hand: list[int], discards: list[Action], seven: bool) -> Action:
    """The discard leaving the lowest shanten; ties: the most isolated tile, then the lowest kind."""
    cands = [(parse_tile(a.tile or ""), a) for a in discards]
    if len(cands) == 1:
        return cands[0][1]
    c = _counts(hand)
    if len(cands) < len(set(hand)):
        # a discard restriction is on (e.g. 先打缺): every allowed tile must go anyway
        return min(cands, key=lambda ta: (_isolation_c(c, ta[0]), ta[0]))[1]
    _best, tied = _discard_shanten(hand, cands, seven, c)
    pick: Action = min(tied, key=lambda ta: (_isolation_c(c, ta[0]), ta[0]))[1]
    return pick


def _discard_shanten(
    hand: list[int], cands: list[tuple[int, Any]], seven: bool, c: list[int] | None = None
) -> tuple[int, list[tuple[int, Any]]]:
    """(lowest shanten after one discard among ``cands``, the candidates reaching it).

    Only the removed tile's group changes: the other three groups' tables are combined once per
    group, then each candidate costs a table look-up of its own group and one cached combine."""
    if c is None:
        c = _counts(hand)
    values = fs.after_discards(c, (len(hand) - 1) // 3, 0, [t for t, _a in cands])
    pairs = sum(1 for n in c[:34] if n >= 2) if seven else 0
    best = 99
    tied: list[tuple[int, Any]] = []
    for (t, a), sh in zip(cands, values, strict=True):
        if seven:
            sh = min(sh, 6 - (pairs - (1 if c[t] == 2 else 0)))
        if sh < best:
            best, tied = sh, [(t, a)]
        elif sh == best:
            tied.append((t, a))
    return best, tied
