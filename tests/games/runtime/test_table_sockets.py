"""Socket lifecycle: every way a socket ends ends its presence; bad frames get their documented
answer; an idle socket costs no database work (docs/protocol.md)."""

from __future__ import annotations

import channels.db
import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.db.backends.utils import CursorWrapper

from games.models import Seat, Table, TableSocket
from games.runtime import presence, push, services
from tests.factories import RoomFactory, UserFactory
from tests.games.runtime.conftest import WAIT, ws_connect

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.asyncio,
    pytest.mark.usefixtures("close_sockets"),
]


def _table(n_humans: int = 1):
    room = RoomFactory(variant="sichuan", coefficient=10, rake=20)
    users = [UserFactory(username=f"s{i}") for i in range(n_humans)]
    table = None
    for user in users:
        table = services.table_seat(user=user, room=room)
    services.table_fill_bots(table_id=table.pk, user=users[0])
    return users, Table.objects.get(pk=table.pk)


def _presence(table_id: int, user) -> tuple[int, int]:
    sockets = TableSocket.objects.filter(table_id=table_id, user=user).count()
    return sockets, Seat.objects.get(table_id=table_id, user=user).connections


async def _connected(user, table_id):
    comm, ok, code = await ws_connect(user, table_id)
    assert ok, code
    snapshot = await comm.receive_json_from(timeout=WAIT)
    assert snapshot["type"] == "snapshot"
    return comm


async def test_it_answers_nul_oversize_and_malformed_frames_and_stays_open():
    users, table = await database_sync_to_async(_table)()
    comm = await _connected(users[0], table.pk)
    bad = [
        '{"type": "action", "id": "a\\u0000b", "seq": 1, "action": {"type": "pass"}}',
        '{"type": "ping", "id": "x", "junk": {"k\\u0000": 1}}',
        "x" * 5000,
        "{not json",
        "[1, 2]",
        '{"type": "nope"}',
    ]
    for text in bad:
        await comm.send_to(text_data=text)
        answer = await comm.receive_json_from(timeout=WAIT)
        assert answer["type"] == "error" and answer["code"] == "malformed", (text[:40], answer)
    # nothing was stored (no receipt with a NUL, no action), and the socket still answers
    await comm.send_json_to({"type": "ping", "id": "still-here"})
    assert (await comm.receive_json_from(timeout=WAIT))["id"] == "still-here"
    assert await database_sync_to_async(_presence)(table.pk, users[0]) == (1, 1)


async def test_a_normal_close_ends_the_presence():
    users, table = await database_sync_to_async(_table)()
    comm = await _connected(users[0], table.pk)
    await comm.disconnect(timeout=WAIT)
    assert await database_sync_to_async(_presence)(table.pk, users[0]) == (0, 0)


async def test_a_server_error_closes_with_1011_and_ends_the_presence(monkeypatch):
    users, table = await database_sync_to_async(_table)()
    comm = await _connected(users[0], table.pk)

    def broken(**kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(services, "table_ready", broken)
    await comm.send_json_to({"type": "ready"})
    out = await comm.receive_output(timeout=WAIT)
    assert out == {"type": "websocket.close", "code": 1011}
    assert await database_sync_to_async(_presence)(table.pk, users[0]) == (0, 0)


async def test_it_limits_the_sockets_of_one_user_at_one_table(settings):
    settings.TABLE_SOCKETS_PER_USER = 2
    users, table = await database_sync_to_async(_table)()
    await _connected(users[0], table.pk)
    await _connected(users[0], table.pk)
    comm, ok, code = await ws_connect(users[0], table.pk)
    assert not ok and code == 4409
    assert await database_sync_to_async(_presence)(table.pk, users[0]) == (2, 2)


def _dead_process_sockets(table_id: int, user) -> None:
    TableSocket.objects.filter(table_id=table_id, user=user).update(process="killed-process")


async def test_the_sockets_of_a_killed_process_end_when_its_heartbeat_expires():
    users, table = await database_sync_to_async(_table)()
    comm = await _connected(users[0], table.pk)
    # given the process holding the socket died (its rows name a process that beats no more)
    await database_sync_to_async(_dead_process_sockets)(table.pk, users[0])
    # when the clock sweeps presence
    ended = await database_sync_to_async(presence.presence_sweep)()
    # then the seat is offline, exactly as if the socket had closed
    assert ended == 1
    assert await database_sync_to_async(_presence)(table.pk, users[0]) == (0, 0)
    seat = await database_sync_to_async(Seat.objects.get)(table_id=table.pk, user=users[0])
    assert seat.disconnected_at is not None
    # and this live process's own sockets are left alone
    comm2 = await _connected(users[0], table.pk)
    assert await database_sync_to_async(presence.presence_sweep)() == 0
    assert await database_sync_to_async(_presence)(table.pk, users[0]) == (1, 1)
    await comm2.disconnect(timeout=WAIT)
    await comm.disconnect(timeout=WAIT)


class _Count:
    def __enter__(self):
        self.n = 0
        self.real = CursorWrapper.execute

        def execute(cursor, sql, params=None):
            # (the process's own heartbeat, once per process every few seconds, is not the
            # socket's: games.runtime.presence)
            if "games_serverprocess" not in sql:
                self.n += 1
            return self.real(cursor, sql, params)

        CursorWrapper.execute = execute
        return self

    def __exit__(self, *exc):
        CursorWrapper.execute = self.real


async def test_an_idle_socket_and_its_keepalive_cost_no_database_query(settings):
    users, table = await database_sync_to_async(_table)()
    comm = await _connected(users[0], table.pk)
    await comm.receive_nothing(timeout=0.3)  # (bots' moves, if any, are pushed frames)
    while not await comm.receive_nothing(timeout=0.2):
        await comm.receive_json_from(timeout=WAIT)
    seq = (await database_sync_to_async(Table.objects.get)(pk=table.pk)).seq
    with _Count() as queries:
        for _ in range(5):
            await comm.send_json_to({"type": "sync", "seq": seq})
            pong = await comm.receive_json_from(timeout=WAIT)
            assert pong["type"] == "pong", pong
        await comm.receive_nothing(timeout=1.0)
    assert queries.n == 0


async def test_a_spectator_gets_the_pushed_frames_late_and_in_order(settings):
    settings.TABLE_SPECTATOR_DELAY_SECONDS = 3
    users, table = await database_sync_to_async(_table)(n_humans=1)
    watcher = await database_sync_to_async(UserFactory)(username="watcher")
    spectator = await _connected(watcher, table.pk)
    # when the player connects (a change: the seat comes online) and leaves (another)
    player = await _connected(users[0], table.pk)
    await player.send_json_to({"type": "leave"})
    # then the spectator sees nothing at once ...
    assert await spectator.receive_nothing(timeout=0.5)
    # ... and both changes later, in order, as a spectator
    seen = []
    while not any(e["kind"] == "seat" and e["data"]["left"] for f in seen for e in f["events"]):
        frame = await spectator.receive_json_from(timeout=WAIT)
        assert frame["type"] == "events" and frame["view"]["seat"] is None
        assert frame["table"]["you"] is None and frame["table"]["delay_s"] == 3
        seen.append(frame)
    seqs = [e["seq"] for f in seen for e in f["events"]]
    assert seqs == sorted(seqs) and len(seqs) == len(set(seqs))
    assert any(e["kind"] == "seat" and e["data"]["connected"] for f in seen for e in f["events"])


async def test_a_pushed_frame_is_forwarded_without_waking_the_database_thread(monkeypatch):
    users, table = await database_sync_to_async(_table)()
    comm = await _connected(users[0], table.pk)
    while not await comm.receive_nothing(timeout=0.2):  # (the bots' moves, if any)
        await comm.receive_json_from(timeout=WAIT)
    seq = (await database_sync_to_async(Table.objects.get)(pk=table.pk)).seq
    # given every hop to the database thread is counted (Channels closes stale connections
    # there before a consumer's message and around each database call)
    hops = []
    real = channels.db.close_old_connections
    monkeypatch.setattr(channels.db, "close_old_connections", lambda: hops.append(1) or real())
    # when the writer pushes five frames to the user's sockets
    layer = get_channel_layer()
    for n in range(1, 6):
        frame = {"type": "events", "seq": seq + n, "events": []}  # (a fresh view)
        await layer.group_send(push.user_group(table.pk, users[0].pk), push.frame_message(frame))
    # then the socket forwards all five, in order, and nothing ran on the database thread
    got = [(await comm.receive_json_from(timeout=WAIT))["seq"] for _ in range(5)]
    assert got == [seq + n for n in range(1, 6)]
    assert hops == []
