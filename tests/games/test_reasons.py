"""games.reasons: the expert's reasons in Chinese (the review page and the table's hints)."""

from __future__ import annotations

import doctest

import pytest

import games.engine as engine
import games.reasons
from games.engine.bots import bot_choose
from games.engine.expert import rank_options
from games.reasons import reason_zh

MODES = [
    ("sichuan", {}),
    ("sichuan", {"bloody": True}),
    ("fuzhou", {}),
    ("shaanxi", {}),
    ("wuhan", {}),
    ("wuhan", {"koukou": True}),
    ("yiwu", {}),
]


def test_the_doctests_pass():
    assert doctest.testmod(games.reasons).failed == 0


@pytest.mark.parametrize(("variant", "options"), MODES, ids=[f"{v}{o}" for v, o in MODES])
def test_every_reason_of_a_played_hand_has_its_chinese(variant, options):
    # given every option the expert ranks for every seat through a whole hand (greedy play)
    state, _ = engine.new_hand(variant, options, dealer=0, seed=f"reasons-{variant}")
    reasons: set[str] = set()
    n = 0
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        reasons.update(o.reason for o in rank_options(state, seat))
        state, _ = engine.apply(state, bot_choose(state, seat, rng_seed=n))
        n += 1
    # then each has a Chinese phrase with no English word left
    assert reasons
    missing = {r for r in reasons if reason_zh(r) is None}
    assert not missing, missing


def test_an_unknown_phrase_has_no_half_translation():
    assert reason_zh("keeps ready, 3 winning tiles") == "保持听牌，3 张可胡"
    assert reason_zh("keeps something else") is None
