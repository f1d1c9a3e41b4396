"""Property tests: seeded bot self-play in every playable variant/mode, checking invariants.

Each hand: every tile is accounted for after every step, exactly one seat (or the claim window's
seats) is to act, every score event and the hand's points sum to zero, replaying the actions
reproduces every event, JSON round trips keep the state, and observe()/redact_events() never leak
another seat's concealed tiles, draws or the wall.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from typing import Any

import pytest

from games.engine import (
    HandState,
    apply,
    legal_actions,
    new_hand,
    observe,
    redact_events,
    replay,
    to_act,
)
from games.engine.bots import bot_choose
from games.engine.core import rules_of
from games.engine.registry import playable_modes
from games.engine.state import PHASE_CHOICE, PHASE_CLAIM, PHASE_OVER, PHASE_TURN
from games.engine.wall import dice_seat

# Greedy hands per Sichuan mode (random-bot hands: half as many). Other variants' play, plugged in
# by their developers, get a smaller smoke sample here; they carry their own tests.
HANDS = int(os.environ.get("QUE_PROPERTY_HANDS", "350"))
OTHER_HANDS = int(os.environ.get("QUE_PROPERTY_HANDS_OTHER", "30"))


def _modes() -> list[tuple[str, dict[str, Any]]]:
    return [(key, opts) for key, _label, opts in playable_modes()]


MODES = _modes()


def _tile_census(s: HandState) -> Counter[int]:
    c: Counter[int] = Counter()
    for seat in range(4):
        c.update(s.hands[seat])
        c.update(s.discards[seat])
        c.update(s.flowers[seat])
        for m in s.melds[seat]:
            c.update(m.tiles)
    c.update(s.wall[s.head : len(s.wall) - s.tail])
    c.update(rules_of(s).set_aside(s))  # tiles out of play face up (Wuhan indicator, Fuzhou gold)
    return c


def _check_step(s: HandState, full: Counter[int], deep: bool) -> None:
    assert _tile_census(s) == full, "a tile appeared or vanished"
    acting = to_act(s)
    if s.phase == PHASE_TURN:
        assert len(acting) == 1 and not s.won[acting[0]]
    elif s.phase == PHASE_CLAIM:
        assert acting and s.claim is not None and s.claim.from_seat not in acting
    elif s.phase == PHASE_CHOICE:
        assert acting
    else:
        assert s.phase == PHASE_OVER and acting == []
    if not deep:
        return
    for seat in range(4):
        assert bool(legal_actions(s, seat)) == (seat in acting)


def _check_observation(s: HandState, seat: int | None) -> None:
    view = observe(s, seat)
    text = json.dumps(view)
    assert '"wall"' not in text
    for h in view["hands"]:
        other = h["seat"] != seat
        if other and s.phase != PHASE_OVER and not s.won[h["seat"]]:
            assert "concealed" not in h
            assert "drawn" not in h


def _play(variant: str, options: dict, seed: str, bot: str, deep: bool) -> None:
    dealer = dice_seat(seed)
    state, events = new_hand(variant, options, dealer=dealer, seed=seed)
    full = Counter(rules_of(state).tile_list())
    actions = []
    while state.phase != PHASE_OVER:
        _check_step(state, full, deep)
        if deep:
            for seat in (None, 0, 1, 2, 3):
                _check_observation(state, seat)
        seat = to_act(state)[0]
        action = bot_choose(state, seat, kind=bot, rng_seed=len(actions))
        assert action in legal_actions(state, seat)
        state, ev = apply(state, action)
        events.extend(ev)
        actions.append(action.to_json())
        assert len(actions) < 1000
    _check_step(state, full, True)
    # zero-sum everywhere, scores == sum of score events
    total = [0, 0, 0, 0]
    for e in events:
        if e["type"] == "score":
            assert sum(e["deltas"]) == 0
            total = [a + b for a, b in zip(total, e["deltas"], strict=True)]
    assert total == list(state.scores) == state.result["points"]
    assert sum(state.result["points"]) == 0
    # redaction: no other seat's draw tile, no other seat's deal
    for viewer in (None, 0, 1, 2, 3):
        for e in redact_events(events, viewer):
            if e["type"] == "draw" and e["seat"] != viewer:
                assert e["tile"] is None
            if e["type"] == "deal":
                assert all(h is None for i, h in enumerate(e["hands"]) if i != viewer)
    # replay and JSON round trips
    again, events2 = replay(variant, options, dealer=dealer, seed=seed, actions=actions)
    assert events2 == events
    assert again == state
    wire = json.loads(json.dumps(state.to_json()))
    assert HandState.from_json(wire) == state
    assert json.loads(json.dumps(events)) == events


@pytest.mark.parametrize(("variant", "options"), MODES, ids=[f"{k}-{o}" for k, o in MODES])
def test_it_keeps_invariants_over_greedy_bot_hands(variant, options):
    for i in range(HANDS if variant == "sichuan" else OTHER_HANDS):
        _play(variant, options, f"prop-g-{i}", "greedy", deep=i % 10 == 0)


@pytest.mark.parametrize(("variant", "options"), MODES, ids=[f"{k}-{o}" for k, o in MODES])
def test_it_keeps_invariants_over_random_bot_hands(variant, options):
    for i in range(max(1, (HANDS if variant == "sichuan" else OTHER_HANDS) // 2)):
        _play(variant, options, f"prop-r-{i}", "random", deep=i % 10 == 0)
