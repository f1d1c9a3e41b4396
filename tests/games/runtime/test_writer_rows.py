"""The writer's own bookkeeping (games.runtime.memo, games.runtime.rows): what a process may
reuse between two writes of a table, what it must read again, and the statements it builds once."""

from __future__ import annotations

import asyncio
import threading

import pytest
from django.db import transaction
from django.db.backends.utils import CursorWrapper
from django.db.models import F

import games.engine as engine
from games.models import ActionReceipt, HandRecord, Seat, Table, TableEvent
from games.runtime import memo, push, services
from games.runtime.locks import lock_table
from games.runtime.selectors import hand_actions
from tests.factories import RoomFactory, UserFactory
from tests.games.runtime.test_live_tables_v2 import four_humans, next_move, submit

pytestmark = pytest.mark.django_db(transaction=True)


class Statements:
    """The SQL statements run inside the block."""

    def __enter__(self):
        self.sql: list[str] = []
        self.real = CursorWrapper.execute, CursorWrapper.executemany
        real_execute, real_many = self.real

        def execute(cursor, sql, params=None):
            self.sql.append(sql)
            return real_execute(cursor, sql, params)

        def executemany(cursor, sql, param_list):
            self.sql.append(sql)
            return real_many(cursor, sql, param_list)

        CursorWrapper.execute, CursorWrapper.executemany = execute, executemany
        return self

    def __exit__(self, *exc):
        CursorWrapper.execute, CursorWrapper.executemany = self.real

    def reads(self, table: str) -> int:
        return sum(1 for s in self.sql if s.startswith("SELECT") and f'FROM "{table}"' in s)


@pytest.fixture
def playing(settings, monkeypatch):
    settings.TABLE_CLAIM_WINDOW_SECONDS = 0
    monkeypatch.setattr(services, "_queue_settle", lambda hand_id: None)
    memo.clear()
    table, users = four_humans(monkeypatch=monkeypatch)
    assert submit(table.pk, users, next_move(table.pk))["type"] == "ack"
    return table, users


def test_the_next_write_of_the_same_process_reads_no_seat_and_no_hand(playing):
    table, users = playing
    move = next_move(table.pk)
    with Statements() as statements:
        assert submit(table.pk, users, move)["type"] == "ack"
    assert statements.reads("games_seat") == 0
    assert statements.reads("games_handrecord") == 0
    assert statements.reads("games_table") == 1  # the lock: the revision is checked on it


def test_a_write_by_anyone_else_makes_the_process_read_the_rows_again(playing):
    # given another process changed a seat under the table's lock (which bumps the revision)
    table, users = playing
    seat = next_move(table.pk)[0]
    Seat.objects.filter(table=table, index=seat).update(timeouts=1)
    Table.objects.filter(pk=table.pk).update(rev=F("rev") + 1)
    # when this process writes the table next
    move = next_move(table.pk)
    with Statements() as statements:
        assert submit(table.pk, users, move)["type"] == "ack"
    # then it read the seats again and saw the other's change (acting resets the count)
    assert statements.reads("games_seat") == 1
    assert Seat.objects.get(table=table, index=seat).timeouts == 0


def _as_another_process(write):
    """Run ``write`` as a process that has not written the table before (its own memo), and
    give this process its memo back afterwards, as two processes' stores would be."""
    ours = memo._store.copy()
    memo.clear()
    try:
        write()
    finally:
        memo.clear()
        memo._store.update(ours)


def test_another_process_playing_leaves_this_processs_memo_valid_and_loses_no_action(playing):
    # given this process wrote the table last, then another process played two moves on it
    # (as the clock process releases a claim window's answers, or another web process)
    table, users = playing
    before = len(hand_actions(HandRecord.objects.get(pk=table.current_hand_id)))
    rev = Table.objects.get(pk=table.pk).rev

    def two_moves():
        for _ in range(2):
            assert submit(table.pk, users, next_move(table.pk))["type"] == "ack"

    _as_another_process(two_moves)
    # then the revision is unchanged: nothing this process remembers was changed
    assert Table.objects.get(pk=table.pk).rev == rev
    # when this process writes the table next, it reads no seat and no hand
    move = next_move(table.pk)
    with Statements() as statements:
        assert submit(table.pk, users, move)["type"] == "ack"
    assert statements.reads("games_seat") == 0
    assert statements.reads("games_handrecord") == 0
    # and the hand holds every move of both processes, in order (appended in SQL)
    actions = hand_actions(HandRecord.objects.get(pk=table.current_hand_id))
    assert len(actions) == before + 3
    assert actions[-1]["seat"] == move[0] and actions[-1]["type"] == move[2]["type"]


def test_another_process_changing_a_seat_makes_this_process_read_the_seats_again(playing):
    table, users = playing
    rev = Table.objects.get(pk=table.pk).rev
    # given another process's writer took a seat over for its player (a seat change)
    away = next_move(table.pk)[0]
    _as_another_process(lambda: services.table_leave(table_id=table.pk, user=users[away]))
    assert Table.objects.get(pk=table.pk).rev == rev + 1
    # when this process writes the table next, it sees the change
    with transaction.atomic():
        locked = lock_table(table.pk)
        assert memo.take(table.pk, locked.rev) is None  # its memo is stale: dropped
        seats = services._seats(locked)
    assert seats[away].left_at is not None or seats[away].is_bot or seats[away].autoplay


def test_a_rolled_back_write_leaves_nothing_to_reuse(playing):
    table, users = playing
    seat, snap, action = next_move(table.pk)
    first = services.table_submit_action(
        table_id=table.pk,
        user=users[seat],
        action_id="once",
        expected_seq=snap["seq"],
        action=action,
    )
    assert first["type"] == "ack"
    # a repeated id: the receipt's unique key rolls the whole transaction back
    again = services.table_submit_action(
        table_id=table.pk,
        user=users[seat],
        action_id="once",
        expected_seq=snap["seq"],
        action=action,
    )
    assert again == {**first, "duplicate": True}
    assert memo.take(table.pk, Table.objects.get(pk=table.pk).rev) is None
    assert ActionReceipt.objects.filter(table=table, action_id="once").count() == 1


def test_the_events_of_one_change_are_written_together_in_order(playing):
    table, users = playing
    before = Table.objects.get(pk=table.pk).seq
    assert submit(table.pk, users, next_move(table.pk))["type"] == "ack"
    after = Table.objects.get(pk=table.pk).seq
    seqs = list(
        TableEvent.objects.filter(table=table, seq__gt=before).values_list("seq", flat=True)
    )
    assert seqs == list(range(before + 1, after + 1)) and seqs


def test_the_compiled_lock_reads_the_table_and_its_room_as_the_orm_does(playing):
    table, _ = playing
    with transaction.atomic():
        fast = lock_table(table.pk)
        orm = Table.objects.select_related("room").get(pk=table.pk)
    for field in Table._meta.concrete_fields:
        assert getattr(fast, field.attname) == getattr(orm, field.attname), field.name
    for field in type(orm.room)._meta.concrete_fields:
        assert getattr(fast.room, field.attname) == getattr(orm.room, field.attname), field.name
    assert isinstance(fast.state, dict) and fast.deadline.tzinfo is not None
    with pytest.raises(Table.DoesNotExist), transaction.atomic():
        lock_table(table.pk + 1000)


class RecordingLayer:
    def __init__(self):
        self.sent: list[tuple[str, int]] = []

    async def group_send(self, group, message):
        await asyncio.sleep(0)  # a real layer may wait (Redis): the order must hold anyway
        self.sent.append((group, message["seq"]))


def test_a_sockets_call_hands_its_frames_to_the_socket_to_send_in_commit_order(
    playing, monkeypatch
):
    table, users = playing
    layer = RecordingLayer()
    monkeypatch.setattr(push, "get_channel_layer", lambda: layer)

    def collected_move(action_id: str):
        seat, snap, action = next_move(table.pk)
        return push.collecting(
            services.table_submit_action,
            table_id=table.pk,
            user=users[seat],
            action_id=action_id,
            expected_seq=snap["seq"],
            action=action,
        )

    answer, deliveries = collected_move("collected")
    assert answer["type"] == "ack" and deliveries
    assert layer.sent == []  # nothing left the database thread
    _, later = collected_move("collected-2")

    async def two_sockets():
        await asyncio.gather(push.deliver(layer, deliveries), push.deliver(layer, later))

    asyncio.run(two_sockets())
    seqs = [seq for _, seq in layer.sent]
    assert seqs == sorted(seqs) and seqs[-1] == later[-1].seq


def test_frames_committed_before_a_failure_are_sent_at_once(playing, monkeypatch):
    table, users = playing
    sent: list[push.Delivery] = []
    monkeypatch.setattr(push, "get_channel_layer", lambda: None)
    real = push.frames_send

    def recording(delivery):
        if getattr(push._collecting, "deliveries", None) is None:
            sent.append(delivery)
        real(delivery)

    monkeypatch.setattr(push, "frames_send", recording)

    def ready_then_fail(**kwargs):
        services.table_back(table_id=table.pk, user=users[0])  # commits (nothing to change)
        services.table_leave(table_id=table.pk, user=users[0])  # commits a seat change
        raise RuntimeError("the socket's call failed after a commit")

    with pytest.raises(RuntimeError):
        push.collecting(ready_then_fail)
    assert [d.table_id for d in sent] == [table.pk]


def test_threads_without_a_loop_send_on_one_loop_kept_for_the_process(monkeypatch):
    # the clock process and Celery workers: one loop (and so one Redis connection) for all
    # their changes, not a new one per change as asgiref's async_to_sync would make
    loops = []

    class Layer:
        async def group_send(self, group, message):
            loops.append((asyncio.get_running_loop(), threading.current_thread().name))

    monkeypatch.setattr(push, "get_channel_layer", lambda: Layer())
    monkeypatch.setattr(push, "_server_loop", None)
    delivery = push.Delivery(1, 5, [("table.1.spectators", {"type": "table.frame", "seq": 5})])
    threads = [threading.Thread(target=push.frames_send, args=(delivery,)) for _ in range(3)]
    for thread in threads:
        thread.start()
        thread.join(10)
    assert len(loops) == 3 and len({id(loop) for loop, _ in loops}) == 1
    assert {name for _, name in loops} == {"que-frame-sender"}


def test_the_compiled_reads_of_seats_and_hand_match_the_orm(playing):
    table, users = playing
    Table.objects.filter(pk=table.pk).update(rev=F("rev") + 1)  # another process wrote last
    with transaction.atomic():
        locked = lock_table(table.pk)
        seats = services._seats(locked)
        hand = services._current_hand(locked)
    orm_seats = list(Seat.objects.filter(table=table).select_related("user").order_by("index"))
    assert [(s.pk, s.index, s.user_id, s.autoplay) for s in seats] == [
        (s.pk, s.index, s.user_id, s.autoplay) for s in orm_seats
    ]
    assert [s.user.username for s in seats] == [u.username for u in users]
    assert (
        hand.pk == table.current_hand_id
        and hand.actions == HandRecord.objects.get(pk=hand.pk).actions
    )


def test_the_live_hands_actions_ride_on_the_tables_update_and_move_to_the_hand_at_its_end(
    playing,
):
    table, users = playing
    hand_id = table.current_hand_id
    before = hand_actions(HandRecord.objects.get(pk=hand_id))
    assert before and HandRecord.objects.get(pk=hand_id).actions == []  # on the table for now
    # when a player acts
    seat, snap, action = move = next_move(table.pk)
    with Statements() as statements:
        assert submit(table.pk, users, move)["type"] == "ack"
    # then the action is appended by the table's one UPDATE; the hand's row is not written
    # and the lock did not read the list (it grows with the hand)
    assert not [s for s in statements.sql if s.startswith('UPDATE "games_handrecord"')]
    assert len([s for s in statements.sql if s.startswith('UPDATE "games_table"')]) == 1
    lock = next(s for s in statements.sql if s.startswith("SELECT") and '"games_table"' in s)
    assert "hand_actions" not in lock
    assert hand_actions(HandRecord.objects.get(pk=hand_id)) == [*before, {**action, "seat": seat}]
    # when the hand ends, its record holds every action, in order, and the table's list is empty
    for _ in range(400):
        if Table.objects.get(pk=table.pk).current_hand.status != "live":
            break
        submit(table.pk, users, next_move(table.pk))
    hand = HandRecord.objects.get(pk=hand_id)
    assert hand.status == "ended" and hand.actions[: len(before) + 1] == [
        *before,
        {**action, "seat": seat},
    ]
    assert Table.objects.get(pk=table.pk).hand_actions == []
    assert hand_actions(hand) == hand.actions
    state, _ = engine.replay(
        hand.variant, hand.options, dealer=hand.dealer, seed=hand.seed, carry=hand.carry,
        actions=hand.actions,
    )  # fmt: skip
    assert engine.hand_result(state)["points"] == hand.points


def test_an_empty_seat_reads_as_no_user(settings):
    room = RoomFactory(variant="sichuan")
    alone = UserFactory(username="alone")
    table = services.table_seat(user=alone, room=room)
    with transaction.atomic():
        seats = services._seats(lock_table(table.pk))
    assert [s.user for s in seats[1:]] == [None, None, None] and seats[0].user == alone
