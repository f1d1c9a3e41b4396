"""Estimated points: the chance to win from a shape, what a win is worth, what a discard risks.

All estimates are in the variant's points per hand, so that the options of one decision compare:

* ``win_chance(shanten, ukeire, unseen, draws, claims)``: the stages to a win (one per shanten
  step, then the winning tile) as waiting times at the rate of the useful tiles among the unseen
  ones, each stage an exponential wait; the chance that all of them fit in the draws left (an
  Erlang tail). The winning stage also gets the others' discards when a discard win is possible.
* ``WIN_POINTS``: a win's mean worth to the winner, measured on greedy self-play (300 hands per
  mode, ``games.engine.simulate``); ``DEAL_IN`` the share a discarder pays of it.
* ``threat`` / ``wait_weight``: how likely an opponent is ready, and waits on a given tile, from
  its public play (discards thrown, melds, its 定缺 suit, a tile it threw itself).
"""

from __future__ import annotations

import math
from typing import Final

#: mean points a winner collects per win, greedy self-play (docs/engine-expert.md)
WIN_POINTS: Final[dict[str, float]] = {
    "sichuan": 12.4,
    "fuzhou": 46.0,
    "shaanxi": 31.0,
    "wuhan": 222.0,
    "wuhan:koukou": 467.0,
    "yiwu": 48.0,
}
#: the share of a win's worth the discarder pays when it deals in
DEAL_IN: Final = 0.75
#: where that share differs: Wuhan's discarder pays what it would pay on the winner's self-draw
#: (wuhan.md §8: 放冲 x2 / x1.5 on its own loss, 自摸 x2 / x1.5 on the winner's side) and the other
#: two pay anyway (没放冲的玩家依然输点), so dealing in costs about nothing beyond ending the hand;
#: a duplicate grid (walls 30000-31999) put any deal-in danger below none
DEAL_IN_BY: Final[dict[str, float]] = {"wuhan": 0.0}
#: what holding a ready hand at a drawn wall is worth, as a share of a win (Sichuan 查叫 makes the
#: unready pay the ready; elsewhere it only keeps the chance)
READY_AT_DRAW: Final[dict[str, float]] = {"sichuan": 0.35}


class Tuning:
    """The expert's weights, one shared instance (``TUNING``): bench/bots.py ``--tune`` sets
    them for experiments (a compiled module's constants cannot be patched); play never does."""

    danger: float  # scales every discard's expected deal-in loss
    claims: float  # extra chances at a discard win per draw, per opponent
    ready: float  # scales the worth of being ready at a drawn wall
    patterns: float  # 0 turns the seven-pairs / flush readings off, 1 as documented
    kong_option: float  # scales a pung's chance of its added kong
    opening: float  # Wuhan: a hand's chance without an opening, as a share
    meld_margin: float  # a claimed meld must beat passing by this share of a win
    greedy_choice: float  # 1: 定缺 as the variant's default (fewest tiles)
    prior: float  # the plain move's bonus (games.engine.expert.plain), as a share of a win

    def __init__(self) -> None:
        self.danger = 1.0
        self.claims = 0.5
        self.ready = 1.0
        self.patterns = 1.0
        self.kong_option = 1.0
        self.opening = 0.55
        self.meld_margin = 0.0
        self.greedy_choice = 0.0
        self.prior = 0.1


TUNING: Final = Tuning()


def deal_in(variant: str) -> float:
    return DEAL_IN_BY.get(variant, DEAL_IN)


def win_points(variant: str, koukou: bool) -> float:
    return WIN_POINTS["wuhan:koukou" if koukou else variant] if variant in WIN_POINTS else 10.0


def _erlang_tail(stages: int, x: float) -> float:
    """P(the sum of ``stages`` unit-mean exponentials, scaled so their mean is 1/x per stage...)
    i.e. P(Poisson(x) >= stages)."""
    term = math.exp(-x)
    acc = term
    for i in range(1, stages):
        term *= x / i
        acc += term
    p = 1.0 - acc
    return p if p > 0.0 else 0.0


def win_chance(shanten: int, useful: int, unseen: int, draws: float, claims: float) -> float:
    """The chance to complete the hand in ``draws`` own draws, ``claims`` more chances per draw
    at a discard win (0 without). ``useful``: unseen tiles that lower the shanten now."""
    if shanten < 0:
        return 1.0
    if draws <= 0.0 or unseen <= 0 or useful <= 0:
        return 0.0
    rate = useful / unseen  # per draw, the first stage
    # later stages: a typical shape keeps a handful of useful tiles (fewer near ready)
    later = min(useful, 8) / unseen
    final = (useful if shanten == 0 else min(useful, 5)) / unseen * (1.0 + claims)
    if shanten == 0:
        mean = 1.0 / final
    else:
        mean = 1.0 / rate + (shanten - 1) / later + 1.0 / final
    stages = shanten + 1
    return _erlang_tail(stages, draws * stages / mean)


def threat(thrown: int, melds: int, live: int, wall: int) -> float:
    """How likely an opponent is ready: grows with the tiles it has thrown (its turns) and its
    melds (each a step it did not need to draw)."""
    progress = thrown + 1.6 * melds
    p = (progress - 3.0) / 11.0
    if wall > 0 and live < wall // 4:
        p += 0.1
    if p < 0.02:
        return 0.02
    return p if p < 0.9 else 0.9


def wait_weight(t: int, unseen: list[int], void_lo: int, threw_it: bool) -> float:
    """Relative chance that a ready opponent waits on kind ``t``: 0 in its void suit; honours
    and terminals less than middle tiles (fewer shapes wait on them); tiles whose neighbours are
    all seen less; a tile it threw itself less (it did not need it)."""
    if void_lo >= 0 and void_lo <= t < void_lo + 9:
        return 0.0
    if t >= 27:
        w = 0.25 + 0.25 * unseen[t]  # only a pair (shanpon) or a single wait
    else:
        pos = t % 9
        near = 0
        for d in (-2, -1, 1, 2):
            q = pos + d
            if 0 <= q <= 8:
                near += unseen[t + d]
        edge = 0.7 if pos == 0 or pos == 8 else 0.85 if pos == 1 or pos == 7 else 1.0
        w = edge * (0.4 + near / 10.0) + 0.15 * unseen[t]
    return w * (0.35 if threw_it else 1.0)
