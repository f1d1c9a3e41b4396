"""The room's bot strength at the tables (issue 19): the bots that fill seats and the stand-in for
an away player play as Room.bot_kind says, an expert room plays its hands to the end, and the
choice costs no query."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.db.models import F
from django.utils import timezone

import games.engine as engine
from games.engine import bots, expert
from games.models import HandRecord, HandSeat, HandStatus, Seat, Table, TableStatus
from games.runtime import services
from games.runtime.selectors import hand_actions
from tests.factories import RoomFactory
from tests.games.runtime.test_live_tables_v2 import QueryCount
from tests.games.runtime.test_table_services import _play_human, _solo_table, wait_for
from wallet.selectors import wallet_audit

pytestmark = pytest.mark.django_db(transaction=True)


def _in_order(part: list, whole: list) -> bool:
    """``part`` is a subsequence of ``whole`` (the server itself passes for a seat with nothing
    to claim, so a hand's actions hold more than the bots chose)."""
    it = iter(whole)
    return all(any(x == y for y in it) for x in part)


@pytest.fixture
def bot_calls(monkeypatch):
    """Every bot_choose call of the tables (seat, kind, rng_seed, state, the action it chose):
    the real bot still chooses."""
    calls: list[tuple] = []
    real = bots.bot_choose

    def recorded(state, seat, *, kind="greedy", rng_seed=0):
        action = real(state, seat, kind=kind, rng_seed=rng_seed)
        calls.append((seat, kind, rng_seed, state, action))
        return action

    monkeypatch.setattr(bots, "bot_choose", recorded)
    return calls


@pytest.mark.parametrize(
    ("variant", "kind"), [("sichuan", "expert"), ("wuhan", "expert"), ("sichuan", "greedy")]
)
def test_a_room_plays_a_hand_to_the_end_with_its_bot_kind(alice, seeded, bot_calls, variant, kind):
    # given a room whose bots are of `kind`, and alice alone with bots at a table of it
    room = RoomFactory(variant=variant, coefficient=10, rake=20, bot_kind=kind)
    table = _solo_table(alice, room)
    # when she plays the hand out
    _play_human(table.pk, alice)
    # then the hand ended and was settled, every bot move was the room's kind
    hand = HandRecord.objects.get(table=table)
    assert hand.status == HandStatus.SETTLED and sum(hand.points) == 0
    assert bot_calls and {c[1] for c in bot_calls} == {kind}
    assert {c[0] for c in bot_calls} == {1, 2, 3}
    # and each was the engine's choice of that kind (the expert's own function for the expert)
    for seat, _kind, rng_seed, state, action in bot_calls[:40]:
        if kind == "expert":
            assert action == expert.expert_choose(state, seat, rng_seed=rng_seed)
    bot_actions = [a for a in hand.actions if a.get("seat") in (1, 2, 3)]
    assert _in_order([c[4].to_json() for c in bot_calls], bot_actions)
    assert sum(a["type"] != "pass" for a in bot_actions) == sum(
        c[4].type != "pass" for c in bot_calls
    )  # every bot move but the server's passes is the bot's
    # and the record replays to the recorded points
    state, _ = engine.replay(
        hand.variant, hand.options, dealer=hand.dealer, seed=hand.seed, actions=hand.actions
    )
    assert engine.hand_result(state)["points"] == hand.points
    assert wallet_audit() == []


def test_the_stand_in_for_an_away_player_plays_the_rooms_kind(alice, seeded, bot_calls):
    # given alice at an expert room's table, who disconnects past the grace period
    room = RoomFactory(variant="sichuan", coefficient=10, rake=20, bot_kind="expert")
    table = _solo_table(alice, room)
    services.table_connect(table_id=table.pk, user=alice, channel_name="c1", process="p1")
    services.table_disconnect(table_id=table.pk, user=alice, channel_name="c1")
    services.table_tick(table_id=table.pk, now=timezone.now() + timedelta(seconds=31))
    # when the stand-in plays her seat
    hand = HandRecord.objects.get(table=table)
    assert HandSeat.objects.get(hand=hand, seat=0).autoplayed
    wait_for(lambda: any(c[0] == 0 for c in bot_calls))
    # then it plays as the room's expert, like the bots in the other seats
    mine = [c for c in bot_calls if c[0] == 0]
    assert mine and {c[1] for c in mine} == {"expert"}
    recorded = [a for a in hand_actions(HandRecord.objects.get(pk=hand.pk)) if a.get("seat") == 0]
    assert _in_order([c[4].to_json() for c in mine], recorded)


@pytest.mark.parametrize("kind", ["greedy", "expert"])
def test_a_bot_move_costs_the_same_queries_whatever_the_kind(settings, alice, seeded, kind):
    """The room comes with the table's lock (games.runtime.locks): reading its bot kind adds no
    query to a bot's move."""
    settings.TABLE_BOT_DELAY_MS = 500  # paced: the clock plays each bot move, one per tick
    room = RoomFactory(variant="sichuan", coefficient=10, rake=20, bot_kind=kind)
    counted = []
    start = timezone.now() + timedelta(days=1)
    with time_machine.travel(start, tick=False) as clock:
        table = _solo_table(alice, room)
        Seat.objects.filter(table=table, user=alice).update(autoplay=True)  # the stand-in too
        # (a write beside the table's writer bumps Table.rev, as the writer does: memo.py)
        Table.objects.filter(pk=table.pk).update(rev=F("rev") + 1)
        for _ in range(30):
            table.refresh_from_db()
            if table.status != TableStatus.PLAYING or table.bot_due_at is None:
                break
            seq = table.seq
            clock.shift(0.6)
            with QueryCount() as queries:
                services.table_tick(table_id=table.pk, now=timezone.now())
            assert Table.objects.get(pk=table.pk).seq > seq  # a bot moved
            counted.append(queries.n)
    assert len(counted) == 30 and max(counted) <= 8, counted
    assert Table.objects.get(pk=table.pk).room.bot_kind == kind
