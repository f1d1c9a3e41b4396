"""Replaying a recorded hand with the engine gives exactly its recorded result."""

from __future__ import annotations

import json

import pytest

import games.engine as engine
from games.engine.replay import check_expect, run_scenario
from games.models import HandStatus
from ratings.selectors import hand_log, hand_replay
from tests.factories import RoomFactory
from tests.ratings.factories import hand_record

pytestmark = pytest.mark.django_db

PLAYABLE = [key for key, v in engine.VARIANTS.items() if v.playable]


@pytest.mark.parametrize("variant", PLAYABLE)
@pytest.mark.parametrize("seed", ["replay-a", "replay-b"])
def test_replaying_a_recorded_hand_gives_its_recorded_result(variant, seed, alice) -> None:
    room = RoomFactory(variant=variant)
    hand = hand_record(room=room, players=[alice, None, None, None], seed=seed)
    replay = hand_replay(hand)
    assert replay["error"] is None and replay["ok"] is True and replay["fairness"] is True
    assert replay["points"] == hand.points == hand.result["points"]
    assert len(replay["steps"]) == len(hand.actions) + 1
    last = replay["steps"][-1]["frame"]
    assert last["phase"] == "over" and last["scores"] == hand.points


@pytest.mark.parametrize("variant", PLAYABLE)
def test_the_downloaded_log_is_a_scenario_the_engine_replays(variant, alice) -> None:
    room = RoomFactory(variant=variant)
    hand = hand_record(room=room, players=[alice, None, None, None], seed="log")
    log = json.loads(json.dumps(hand_log(hand)))
    assert log["format"] == "que-scenario" and log["version"] == 1
    state, events = run_scenario(log)
    assert check_expect(state, events, log["expect"]) == []
    assert engine.hand_result(state)["points"] == hand.points
    assert engine.verify_seed(log["seed"], log["fairness"]["salt"], log["fairness"]["commitment"])


def test_a_tampered_record_does_not_pass(alice, room) -> None:
    hand = hand_record(room=room, players=[alice, None, None, None], seed="tamper")
    hand.points = [p + (1 if i == 0 else 0) for i, p in enumerate(hand.points)]
    assert hand_replay(hand)["ok"] is False
    hand.seed = "another seed"
    tampered = hand_replay(hand)
    assert tampered["fairness"] is False and tampered["ok"] is False


def test_a_live_hand_has_no_replay(alice, room) -> None:
    hand = hand_record(room=room, players=[alice, None, None, None], status=HandStatus.LIVE)
    from django.http import Http404

    with pytest.raises(Http404):
        hand_replay(hand)
    with pytest.raises(Http404):
        hand_log(hand)
