"""docs/engine-variants.md, followed to the letter: a toy variant written here plays.

The toy is a two-suit game (characters and dots, 72 tiles) with chows, one winner per discard,
a concealed kong paid 1 by each other seat, and a flat win: 2 from each other seat on a self-draw,
4 from the discarder otherwise. It is registered the way the docs say: a ``VARIANTS`` line and a
module ``games.engine.variants.toy.play`` holding ``RULES``. Nothing else in the engine is told
about it, and every generic part (deal, claims, kongs, wins, bots, replay, observe) works for it.

The variant is interpreted Python, so it runs on the engine's source: the compiled engine is built
from the modules under games/engine, and a compiled class cannot be subclassed outside them.
"""

from __future__ import annotations

import sys
import types
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from games.engine import (
    BUILD,
    apply,
    bots,
    hand_result,
    legal_actions,
    machine,
    new_hand,
    observe,
    registry,
    replay,
)
from games.engine.actions import HU, KONG_CONCEALED
from games.engine.core import Rules
from games.engine.hand import is_standard_win
from games.engine.registry import Variant
from games.engine.simulate import play_hand
from games.engine.state import N_SEATS, HandState, WinContext
from games.engine.tiles import counts_of, parse_tiles

pytestmark = pytest.mark.skipif(
    BUILD == "compiled", reason="an interpreted variant subclasses the source engine's Rules"
)


def _toy_rules() -> Rules:
    """The toy's RULES (a class made when asked: the compiled Rules takes no subclass from here)."""

    class ToyRules(Rules):
        key = "toy"
        tile_kinds = tuple(range(18))  # 1-9 characters, 1-9 dots
        has_chow = True
        multi_win = False

        def kong_payments(
            self, state: HandState, seat: int, kind: str, tile: int, from_seat: int | None
        ) -> list[int]:
            deltas = [0] * N_SEATS
            if kind == KONG_CONCEALED:
                for s in range(N_SEATS):
                    if s != seat:
                        deltas[s] = -1
                        deltas[seat] += 1
            return deltas

        def score_wins(
            self, state: HandState, wins: list[WinContext]
        ) -> tuple[HandState, list[dict[str, Any]]]:
            records = []
            for w in wins:
                deltas = [0] * N_SEATS
                if w.from_seat is None:
                    for s in range(N_SEATS):
                        if s != w.seat:
                            deltas[s] = -2
                    deltas[w.seat] = 6
                else:
                    deltas[w.from_seat] = -4
                    deltas[w.seat] = 4
                records.append({"deltas": deltas, "patterns": ["toy"], "points": deltas[w.seat]})
            return state, records

    return ToyRules()


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The toy registered as the docs say, and forgotten again by every cache afterwards."""
    package = types.ModuleType("games.engine.variants.toy")
    play = types.ModuleType("games.engine.variants.toy.play")
    play.RULES = _toy_rules()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, package.__name__, package)
    monkeypatch.setitem(sys.modules, play.__name__, play)
    monkeypatch.setitem(registry.VARIANTS, "toy", Variant("toy", "玩具麻将", "Toy", 72, {}))
    yield "toy"
    for cache in (registry._RULES, machine._RULES_CACHE, bots._VARIANTS):
        cache.pop("toy", None)  # type: ignore[attr-defined]


def _census(s: HandState) -> Counter[int]:
    c: Counter[int] = Counter(s.wall[s.head : len(s.wall) - s.tail])
    for seat in range(N_SEATS):
        c.update(s.hands[seat])
        c.update(s.discards[seat])
        for m in s.melds[seat]:
            c.update(m.tiles)
    return c


def test_it_deals_the_toys_tile_set(toy: str) -> None:
    state, events = new_hand(toy, {}, dealer=2, seed="toy:deal")
    assert sorted(state.wall) == sorted(k for k in range(18) for _ in range(4))
    assert [len(h) for h in state.hands] == [13, 13, 14, 13]
    assert events[0]["type"] == "deal" and events[0]["wall_remaining"] == 72 - 53


@pytest.mark.parametrize("n", range(12))
def test_it_plays_a_toy_hand_by_the_generic_rules(toy: str, n: int) -> None:
    seed = f"toy:play:{n}"
    final, events, played = play_hand(toy, {}, seed)
    result = hand_result(final)
    assert result is not None and result["reason"] in ("win", "draw")
    assert _census(final) == Counter(k for k in range(18) for _ in range(4))
    totals = [0] * N_SEATS
    for e in events:
        if e["type"] == "score":
            assert sum(e["deltas"]) == 0
            totals = [a + b for a, b in zip(totals, e["deltas"], strict=True)]
    assert totals == result["points"]
    for win in final.wins:  # the default can_win: a standard shape of four sets and a pair
        assert win["patterns"] == ["toy"]
        assert is_standard_win(counts_of(parse_tiles(win["hand"])))
    assert len(final.wins) <= 1  # no 血战: the first win ends the hand
    again, again_events = replay(toy, {}, dealer=final.dealer, seed=seed, actions=played)
    assert again == final and again_events == events
    for seat in range(N_SEATS):  # each seat sees its own tiles only
        view = observe(final, seat)
        assert "wall" not in view


def test_it_pays_the_toys_kong_and_self_drawn_win(toy: str) -> None:
    """The dealer kongs its four 1m, draws its 5p from the tail and wins: the kong pays 1 and
    the win 2 from each other seat (the hooks), the replacement comes from the tail (the core)."""
    dealer = parse_tiles("1111m234m567m234p")
    five = parse_tiles("5p")[0]
    pool = [k for k in range(18) for _ in range(4)]
    for t in [*dealer, five, five]:
        pool.remove(t)
    wall = dealer + pool[:39] + [five] + pool[39:] + [five]  # the dealer's 14th, then the tail
    state, _ = new_hand(toy, {}, dealer=0, wall=wall)
    kong = next(a for a in legal_actions(state, 0) if a.type == KONG_CONCEALED)
    state, events = apply(state, kong)
    assert [e["deltas"] for e in events if e["type"] == "score"] == [[3, -1, -1, -1]]
    assert state.drawn == five and state.after_kong
    win = next(a for a in legal_actions(state, 0) if a.type == HU)
    state, events = apply(state, win)
    result = hand_result(state)
    assert result is not None and result["reason"] == "win"
    assert result["points"] == [9, -3, -3, -3]
    assert state.wins[0]["how"] == "self_draw" and state.wins[0]["patterns"] == ["toy"]
