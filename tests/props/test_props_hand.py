"""Props in a hand, the way the table runtime wires them (platform/props/services.py docstring):
holdings into new_hand, consuming on accepted uses, the hand's set-up kept for its replay, hand
log and fairness check."""

from __future__ import annotations

import json

import pytest
from django.utils import timezone

import games.engine as engine
from games.engine.bots import bot_choose
from games.engine.replay import check_expect, run_scenario
from games.engine.tiles import format_tiles
from games.models import HandRecord, HandSeat, HandStatus, Table, TableStatus
from games.runtime.fairness import hand_verify
from props.models import GoldenFinger, PropHand, PropStock, PropUse
from props.selectors import props_audit, props_held
from props.services import (
    prop_arm_qiankun,
    prop_buy,
    props_consume_events,
    props_for_hand,
    props_golden_clear,
    props_hand_record,
)
from ratings.selectors import hand_log, hand_replay
from tests.factories import RoomFactory
from wallet.selectors import wallet_audit

pytestmark = pytest.mark.django_db


def stock(user, key: str) -> int:
    return props_held(user=user).get(key, 0)


@pytest.fixture
def stocked(alice, bob):
    for user in (alice, bob):
        for key in ("toutian", "yihua", "qianliyan", "shunfeng", "jinshouzhi", "qiankun"):
            prop_buy(user=user, key=key, quantity=2, idempotency_key=f"{user.pk}-{key}")
    return alice, bob


def test_props_for_hand_gives_each_seat_its_holdings(stocked):
    alice, bob = stocked
    room = RoomFactory(variant="sichuan")
    setup = props_for_hand(room=room, users=[None, alice, None, bob])
    two = {"jinshouzhi": 2, "qiankun": 2, "qianliyan": 2, "shunfeng": 2, "toutian": 2, "yihua": 2}
    assert setup == {"props": [{}, two, {}, two], "before_deal": []}
    prop_arm_qiankun(user=bob, armed=True)
    assert props_for_hand(room=room, users=[None, alice, None, bob])["before_deal"] == [
        {"seat": 3, "prop": "qiankun"}
    ]


@pytest.mark.parametrize(
    ("variant", "enabled"), [("sichuan", False), ("fuzhou", True), ("shaanxi", True)]
)
def test_no_props_where_the_room_has_none(stocked, variant, enabled):
    room = RoomFactory(variant=variant, props_enabled=enabled)
    assert props_for_hand(room=room, users=list(stocked) + [None, None]) == {}


def test_a_hand_consumes_exactly_the_uses_that_took_effect(stocked):
    alice, bob = stocked
    room = RoomFactory(variant="wuhan")
    users = [alice, None, None, bob]
    setup = props_for_hand(room=room, users=users, table_id=7)
    state, events = engine.new_hand("wuhan", {}, dealer=0, seed="h1", **setup)
    assert props_consume_events(hand_id=1, table_id=7, users=users, events=events) == []
    # alice (the dealer) looks, swaps, and a refused swap consumes nothing
    for raw in (
        {"type": "prop", "choice": "shunfeng"},
        {"type": "prop", "choice": "yihua", "tile": format_tiles(state.hands[0][:1])},
    ):
        state, ev = engine.apply(state, engine.Action.from_json({**raw, "seat": 0}))
        props_consume_events(hand_id=1, table_id=7, users=users, events=ev)
        props_consume_events(hand_id=1, table_id=7, users=users, events=ev)  # a retry
    with pytest.raises(engine.IllegalActionError):
        engine.apply(state, engine.Action(0, "prop", choice="yihua", tile="1m"))
    assert (stock(alice, "shunfeng"), stock(alice, "yihua"), stock(alice, "toutian")) == (1, 1, 2)
    assert PropUse.objects.filter(user=alice).count() == 2
    assert sorted(PropUse.objects.values_list("key", flat=True)) == [
        "hand:1:prop:0", "hand:1:prop:1",
    ]  # fmt: skip
    assert props_audit() == [] and wallet_audit() == []


def test_qiankun_is_consumed_at_the_deal_and_disarmed(stocked):
    alice, bob = stocked
    prop_arm_qiankun(user=alice, armed=True)
    room = RoomFactory(variant="sichuan")
    users = [bob, alice, None, None]
    setup = props_for_hand(room=room, users=users)
    state, events = engine.new_hand("sichuan", {}, dealer=0, seed="q", **setup)
    props_consume_events(hand_id=5, users=users, events=events)
    assert stock(alice, "qiankun") == 1
    assert not PropStock.objects.get(user=alice, prop__key="qiankun").armed
    assert props_for_hand(room=room, users=users)["before_deal"] == []


def test_the_golden_finger_stays_on_at_the_table_until_its_user_leaves(stocked):
    alice, bob = stocked
    room = RoomFactory(variant="sichuan")
    users = [alice, bob, None, None]
    state, _ = engine.new_hand(
        "sichuan", {}, dealer=0, seed="g", **props_for_hand(room=room, users=users, table_id=3)
    )
    for seat in range(4):
        state, _ = engine.apply(state, engine.default_action(state, seat))
    state, ev = engine.apply(state, engine.Action(0, "prop", choice="jinshouzhi"))
    props_consume_events(hand_id=9, table_id=3, users=users, events=ev)
    assert GoldenFinger.objects.filter(user=alice, table_id=3).exists()
    nxt = props_for_hand(room=room, users=users, table_id=3)
    assert nxt["props"][0]["golden"] == 1 and "golden" not in nxt["props"][1]
    state, _ = engine.new_hand("sichuan", {}, dealer=1, seed="g2", **nxt)
    assert engine.observe(state, 2)["props"]["golden"] == [True, False, False, False]
    assert props_for_hand(room=room, users=users, table_id=4)["props"][0].get("golden") is None
    assert props_golden_clear(user=alice, table_id=3) == 1
    assert "golden" not in props_for_hand(room=room, users=users, table_id=3)["props"][0]


def _recorded_hand(room, users, seed: str) -> HandRecord:
    """A hand with props, played and recorded as the table records it."""
    setup = props_for_hand(room=room, users=users)
    state, events = engine.new_hand(room.variant, room.options, dealer=0, seed=seed, **setup)
    actions = []
    used = 0
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        action = bot_choose(state, seat, rng_seed=len(actions))
        usable = [a.choice for a in engine.legal_actions(state, seat) if a.type == "prop"]
        if "shunfeng" in usable and used < 3:
            action, used = engine.Action(seat, "prop", choice="shunfeng"), used + 1
        elif "toutian" in usable and state.hands[seat][0] != state.wall[state.head]:
            tiles = format_tiles([state.hands[seat][0], state.wall[state.head]])
            action = engine.Action(seat, "prop", choice="toutian", tiles=tiles)
        state, _ = engine.apply(state, action)
        actions.append(action.to_json())
    assert any(a["type"] == "prop" for a in actions)
    result = engine.hand_result(state)
    table = Table.objects.create(room=room, status=TableStatus.PLAYING)
    hand = HandRecord.objects.create(
        table=table, room=room, hand_no=1, variant=room.variant, options=room.options, dealer=0,
        seed=seed, salt="s", commitment=engine.commit_seed(seed, "s"),
        wall_algorithm=engine.WALL_ALGORITHM, actions=actions, result=result,
        points=result["points"], status=HandStatus.ENDED, ended_at=timezone.now(),
    )  # fmt: skip
    for seat, user in enumerate(users):
        HandSeat.objects.create(hand=hand, seat=seat, user=user, is_bot=user is None)
    props_hand_record(hand_id=hand.pk, setup=setup)
    return hand


@pytest.mark.parametrize("variant", ["sichuan", "wuhan"])
def test_replay_log_and_fairness_of_a_hand_with_props(stocked, variant):
    alice, bob = stocked
    prop_arm_qiankun(user=bob, armed=True)
    room = RoomFactory(variant=variant)
    hand = _recorded_hand(room, [alice, None, bob, None], f"fair-{variant}")
    assert PropHand.objects.get(hand_id=hand.pk).before_deal == [{"seat": 2, "prop": "qiankun"}]
    replay = hand_replay(hand)
    assert replay["error"] is None and replay["ok"] is True and replay["fairness"] is True
    types = {e["type"] for step in replay["steps"] for e in step["events"]}
    assert {"prop", "prop_reveal"} <= types
    log = json.loads(json.dumps(hand_log(hand)))
    assert log["props"][0]["toutian"] == 2 and log["before_deal"][0]["seat"] == 2
    state, events = run_scenario(log)
    assert check_expect(state, events, log["expect"]) == []
    verdict = hand_verify(hand)
    assert verdict["ok"] is True and verdict["replay_ok"] is True
    # without its prop set-up the hand does not replay: the record is what makes it checkable
    PropHand.objects.filter(hand_id=hand.pk).delete()
    assert hand_replay(hand)["ok"] is False and hand_verify(hand)["ok"] is False


def test_a_hand_without_props_has_no_prop_keys_in_its_log(alice):
    from tests.ratings.factories import hand_record

    room = RoomFactory(variant="sichuan")
    hand = hand_record(room=room, players=[alice, None, None, None], seed="plain")
    assert "props" not in hand_log(hand) and hand_verify(hand)["ok"] is True
