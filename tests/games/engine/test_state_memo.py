"""What the engine derives about a hand lives on the hand's states, not in module globals.

Variants keep per-seat facts (a hand's wait masks, its group keys, the bot's last pick) in
``HandState.memo(seat)``, and ``legal_actions`` keeps its last answer on the state. These tests
check that the memo is no part of a state's value, that the states of one hand share it and a
new hand does not, and that tables played side by side, in one thread or in several, play
exactly as each played alone.
"""

from __future__ import annotations

import pickle
import threading
from collections.abc import Generator
from typing import Any

import pytest

from games.engine import apply, legal_actions, new_hand
from games.engine.bots import bot_choose
from games.engine.core import to_act
from games.engine.simulate import play_hand
from games.engine.state import PHASE_OVER, TABLE, HandState

VARIANTS = [
    ("sichuan", {}),
    ("sichuan", {"bloody": True}),
    ("fuzhou", {}),
    ("shaanxi", {}),
    ("wuhan", {}),
    ("yiwu", {}),
]


def _steps(
    variant: str, options: dict[str, Any], seed: str
) -> Generator[HandState, None, HandState]:
    """play_hand as a generator: yields after every action, returns the final state."""
    state, _ = new_hand(variant, options, dealer=0, seed=seed)
    n = 0
    while state.phase != PHASE_OVER:
        seat = to_act(state)[0]
        state, _ = apply(state, bot_choose(state, seat, rng_seed=n))
        n += 1
        yield state
    return state


def _alone(variant: str, options: dict[str, Any], seed: str) -> dict[str, Any]:
    final, _, _ = play_hand(variant, options, seed, dealer=0)
    assert final.phase == PHASE_OVER
    return final.to_json()


def test_it_keeps_the_memo_out_of_the_states_value() -> None:
    state, _ = new_hand("sichuan", {}, dealer=0, seed="memo:value")
    state.memo(0)["probe"] = (1, 2)
    again = HandState.from_json(state.to_json())
    assert again == state and "probe" not in again.memo(0)
    assert "probe" not in pickle.loads(pickle.dumps(state)).memo(0)
    assert "probe" not in repr(state) and "memo" not in state.to_json()


def test_it_shares_the_memo_along_one_hand_and_not_with_another() -> None:
    state, _ = new_hand("shaanxi", {}, dealer=0, seed="memo:share")
    state.memo(TABLE)["probe"] = True
    seat = to_act(state)[0]
    after, _ = apply(state, legal_actions(state, seat)[0])
    assert after is not state and after.memo(TABLE).get("probe") is True
    other, _ = new_hand("shaanxi", {}, dealer=0, seed="memo:share")
    assert other == state and "probe" not in other.memo(TABLE)


def test_it_keeps_legal_actions_of_a_returned_state_stable() -> None:
    state, _ = new_hand("wuhan", {}, dealer=0, seed="memo:legal")
    seat = to_act(state)[0]
    first = legal_actions(state, seat)
    first.clear()  # the caller's list is its own
    assert legal_actions(state, seat) == legal_actions(HandState.from_json(state.to_json()), seat)
    assert legal_actions(state, (seat + 1) % 4) == []


@pytest.mark.parametrize(("variant", "options"), VARIANTS)
def test_it_plays_interleaved_tables_as_each_alone(variant: str, options: dict[str, Any]) -> None:
    seeds = [f"memo:interleave:{variant}:{options}:{i}" for i in range(3)]
    games = [_steps(variant, options, seed) for seed in seeds]
    finals: list[HandState | None] = [None] * len(games)
    while any(f is None for f in finals):
        for i, game in enumerate(games):  # one action of each table in turn
            if finals[i] is None:
                try:
                    next(game)
                except StopIteration as stop:
                    finals[i] = stop.value
    for seed, final in zip(seeds, finals, strict=True):
        assert final is not None
        assert final.to_json() == _alone(variant, options, seed)


def test_it_plays_tables_in_threads_as_each_alone() -> None:
    jobs = [(v, o, f"memo:thread:{n}") for n, (v, o) in enumerate(VARIANTS * 2)]
    got: dict[str, dict[str, Any]] = {}

    def run(variant: str, options: dict[str, Any], seed: str) -> None:
        game = _steps(variant, options, seed)
        while True:
            try:
                next(game)
            except StopIteration as stop:
                got[seed] = stop.value.to_json()
                return

    threads = [threading.Thread(target=run, args=job) for job in jobs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(got) == sorted(seed for _, _, seed in jobs)  # no thread failed
    for variant, options, seed in jobs:
        assert got[seed] == _alone(variant, options, seed)
