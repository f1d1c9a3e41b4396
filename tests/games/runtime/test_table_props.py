"""Props at a live table (docs/props.md, "Tables"): the holdings reach the hand, an accepted use
consumes one prop, a refused one nothing, the others' frames never carry the answer, and the
recorded hand replays with its prop set-up (games/runtime/services.py calls props.services)."""

from __future__ import annotations

import pytest

import games.engine as engine
from games.engine.tiles import format_tiles
from games.models import HandRecord, Table, TableEvent
from games.runtime import selectors, services
from props.models import PropHand, PropUse
from props.selectors import props_audit, props_held
from props.services import prop_arm_qiankun, prop_buy
from tests.factories import RoomFactory
from wallet.selectors import wallet_audit

pytestmark = [pytest.mark.django_db(transaction=True)]

KEYS = ("toutian", "yihua", "qianliyan", "shunfeng", "jinshouzhi", "qiankun")


@pytest.fixture(autouse=True)
def _worker(celery_worker_real):
    return celery_worker_real


@pytest.fixture
def stocked(alice):
    for key in KEYS:
        prop_buy(user=alice, key=key, quantity=2, idempotency_key=f"t-{key}")
    return alice


def _table(user, variant: str) -> Table:
    room = RoomFactory(variant=variant)
    table = services.table_seat(user=user, room=room)
    services.table_fill_bots(table_id=table.pk, user=user)
    return Table.objects.get(pk=table.pk)


def _my_turn(table_id: int, user) -> dict:
    """Play the bots' and the seat's other decisions until it is the seat's own turn."""
    seat = selectors.seat_of(table_id, user)
    for _ in range(200):
        snap = selectors.table_snapshot(table_id=table_id, seat=seat)
        view = snap["view"]
        if view["phase"] == "turn" and view["turn"] == seat:
            return snap
        mine = [a for a in view["legal"] if a["type"] != "prop"]
        if mine:
            services.table_submit_action(
                table_id=table_id, user=user, action_id=f"x{snap['seq']}",
                expected_seq=snap["seq"], action=dict(mine[0]),
            )  # fmt: skip
        else:
            services.table_run_bots(table_id=table_id)
    raise AssertionError("never the seat's turn")


def _use(table_id: int, user, snap: dict, action: dict) -> dict:
    return services.table_submit_action(
        table_id=table_id, user=user, action_id=f"p{snap['seq']}-{action['choice']}",
        expected_seq=snap["seq"], action=action,
    )  # fmt: skip


@pytest.mark.parametrize("variant", ["sichuan", "wuhan"])
def test_props_work_at_a_live_table(stocked, variant):
    alice = stocked
    prop_arm_qiankun(user=alice, armed=True)
    table = _table(alice, variant)
    hand = HandRecord.objects.get(pk=table.current_hand_id)
    setup = PropHand.objects.get(hand_id=hand.pk)
    assert setup.before_deal == [{"seat": 0, "prop": "qiankun"}]
    assert props_held(user=alice)["qiankun"] == 1  # consumed at the deal
    snap = _my_turn(table.pk, alice)
    view = snap["view"]
    offered = [a["choice"] for a in view["legal"] if a["type"] == "prop"]
    assert offered == ["toutian", "yihua", "qianliyan", "shunfeng", "jinshouzhi"]
    # a refused use (a tile the seat does not hold): an error, nothing consumed
    held = engine.parse_tiles(view["hands"][0]["concealed"])
    absent = format_tiles([next(k for k in range(27) if k not in held)])
    answer = _use(table.pk, alice, snap, {"type": "prop", "choice": "yihua", "tile": absent})
    assert answer["type"] == "error" and props_held(user=alice)["yihua"] == 2
    # 顺风耳: consumed once, the answer in the seat's own view only
    answer = _use(table.pk, alice, snap, {"type": "prop", "choice": "shunfeng"})
    assert answer["type"] == "ack", answer
    assert props_held(user=alice)["shunfeng"] == 1
    mine = selectors.table_snapshot(table_id=table.pk, seat=0)["view"]["props"]
    assert [a["choice"] for a in mine["answers"]] == ["qiankun", "shunfeng"]
    spectator = selectors.spectator_snapshot(table_id=table.pk)
    assert "answers" not in (spectator["view"] or {}).get("props", {})
    # 千里眼 and 偷天换日 with their tiles (not in legal as such: templates)
    snap = selectors.table_snapshot(table_id=table.pk, seat=0)
    answer = _use(table.pk, alice, snap, {"type": "prop", "choice": "qianliyan", "tile": "5p"})
    assert answer["type"] == "ack", answer
    snap = selectors.table_snapshot(table_id=table.pk, seat=0)
    own = snap["view"]["hands"][0]["concealed"]
    first = own[0] + next(c for c in own if c.isalpha())
    target = "9s" if first != "9s" else "1s"
    answer = _use(
        table.pk, alice, snap, {"type": "prop", "choice": "toutian", "tiles": first + target}
    )
    assert props_held(user=alice)["toutian"] == (1 if answer["type"] == "ack" else 2)
    assert props_audit() == [] and wallet_audit() == []
    uses = PropUse.objects.filter(user=alice, hand_id=hand.pk).count()
    assert uses == 3 + (answer["type"] == "ack")
    # the recorded actions replay with the prop set-up (fairness check)
    hand.refresh_from_db()
    state, _ = engine.replay(
        hand.variant, hand.options, dealer=hand.dealer, seed=hand.seed, carry=hand.carry,
        actions=selectors.hand_actions(hand), props=setup.props, before_deal=setup.before_deal,
    )  # fmt: skip
    assert state.to_json() == Table.objects.get(pk=table.pk).state
    # what another seat and a spectator were sent: that props were used, never what they showed
    seen = {0: [], 1: [], None: []}
    for event in TableEvent.objects.filter(table_id=table.pk).order_by("seq"):
        for viewer in seen:
            seen[viewer] += selectors.event_frame(event, viewer)["data"].get("events", [])
    for viewer in (1, None):
        assert not [e for e in seen[viewer] if e["type"] == "prop_reveal" or e.get("private")]
        used = [e["choice"] for e in seen[viewer] if e["type"] == "prop"]
        assert used[:3] == ["qiankun", "shunfeng", "qianliyan"]
    assert [e["choice"] for e in seen[0] if e["type"] == "prop_reveal"][:3] == [
        "qiankun", "shunfeng", "qianliyan",
    ]  # fmt: skip
