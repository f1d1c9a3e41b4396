"""The ``open_windows`` table option: a claim window after every discard and added kong, asking
every seat that has not won. It must change who is asked, never the hand's outcome."""

from __future__ import annotations

import pytest

import games.engine as engine
from games.engine.bots import bot_choose
from games.engine.registry import playable_modes


def _is_pass_only(legal) -> bool:
    return len(legal) == 1 and legal[0].type == "pass"


@pytest.mark.parametrize(("variant", "mode", "options"), playable_modes())
@pytest.mark.parametrize("seed", range(8))
def test_it_plays_the_same_hand_as_without_the_extra_windows(variant, mode, options, seed):
    # given a hand played by greedy bots with every window open
    state, _ = engine.new_hand(
        variant, {**options, "open_windows": True}, dealer=seed % 4, seed=f"ow-{seed}"
    )
    kept, windows, extra = [], 0, 0
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        legal = engine.legal_actions(state, seat)
        action = bot_choose(state, seat, kind="greedy", rng_seed=len(kept))
        if state.phase == "claim":
            windows += 1
            if _is_pass_only(legal):
                extra += 1
                state, _ = engine.apply(state, action)
                continue
        kept.append(action)
        state, _ = engine.apply(state, action)
    # when the same decisions are replayed without the option (the lone passes dropped)
    plain, _ = engine.replay(variant, options, dealer=seed % 4, seed=f"ow-{seed}", actions=kept)
    # then the hand ends the same, and the option did ask seats with nothing to claim
    assert engine.hand_result(plain) == engine.hand_result(state)
    assert windows > 0 and extra > 0


@pytest.mark.parametrize(("variant", "mode", "options"), playable_modes())
def test_it_asks_every_seat_that_has_not_won_after_a_discard(variant, mode, options):
    state, _ = engine.new_hand(
        variant, {**options, "open_windows": True}, dealer=0, seed="ow-discard"
    )
    while state.phase != "turn":
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, engine.default_action(state, seat))
    discarder = state.turn
    state, _ = engine.apply(state, engine.default_action(state, discarder))
    if state.phase != "claim":  # the discard ended the hand or was a special (not a window)
        pytest.skip("no discard window at this seed")
    others = sorted(s for s in range(4) if s != discarder and not state.won[s])
    assert sorted(engine.to_act(state)) == others
    for s in others:
        assert engine.legal_actions(state, s)[-1].type == "pass"


def test_it_refuses_a_non_bool_open_windows():
    with pytest.raises(engine.InvalidOptionsError):
        engine.options_validate("sichuan", {"open_windows": "yes"})
    assert engine.options_validate("sichuan", {"open_windows": False}) == {"bloody": False}
