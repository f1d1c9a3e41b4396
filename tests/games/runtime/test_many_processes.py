"""Two ASGI processes serve one table (PostgreSQL + Redis only): the four players sit on
different processes, a separate clock process drives time, and one server is killed mid-hand.
Nothing is lost or paid twice (docs/deploy.md, docs/protocol.md)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.db.models import F
from django.test import Client

from games.models import HandRecord, HandStatus, Seat, Table, TableSocket
from games.runtime import selectors, services
from tests.factories import RoomFactory, UserFactory
from tests.games.runtime.conftest import choose
from wallet.models import Transfer
from wallet.selectors import wallet_audit

ROOT = Path(__file__).resolve().parents[3]

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not os.environ.get("REDIS_URL")
        or not os.environ.get("DATABASE_URL", "").startswith("postgres"),
        reason="several processes need PostgreSQL and channels-redis (the CI's second run)",
    ),
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _env() -> dict:
    db = settings.DATABASES["default"]
    url = f"postgres://{db['USER'] or 'postgres'}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    return {
        **os.environ,
        "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'platform'}",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": url,
        "REDIS_PREFIX": settings.REDIS_PREFIX,  # this test run's own namespace
        "CELERY_TASK_ALWAYS_EAGER": "1",  # settlement right after the commit, in the server
        "TABLE_CLOCK": "off",
        "TABLE_CLOCK_INTERVAL": "0.1",
        "TABLE_BOT_DELAY_MS": "0",
        "TABLE_CLAIM_WINDOW_SECONDS": "0.2",
        "TABLE_PRESENCE_TTL_SECONDS": "2",
        "TABLE_SPECTATOR_DELAY_SECONDS": "0",
        "DEBUG": "1",
    }


def _start(args: list[str], log) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, *args], cwd=ROOT, env=_env(), stdout=log, stderr=subprocess.STDOUT
    )


def _wait_port(port: int, proc: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            assert proc.poll() is None, "the server died at start"
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.2)


class Player:
    def __init__(self, index: int, user, cookie: str, port: int):
        self.index, self.user, self.cookie, self.port = index, user, cookie, port
        self.ws = None
        self.seq = -1
        self.view = None
        self.table = None
        self.pending: str | None = None
        self.seen: list[int] = []

    async def connect(self, port: int | None = None) -> None:
        import websockets

        self.port = port or self.port
        self.ws = await websockets.connect(
            f"ws://127.0.0.1:{self.port}/ws/table/{self.table_id}/",
            origin=f"http://127.0.0.1:{self.port}",
            additional_headers={"Cookie": f"sessionid={self.cookie}"},
            open_timeout=30,
        )
        self.pending = None

    def take(self, frame: dict) -> None:
        if frame["type"] == "snapshot":
            self.seq, self.view, self.table = frame["seq"], frame["view"], frame["table"]
        elif frame["type"] == "events":
            new = [e["seq"] for e in frame["events"] if e["seq"] > self.seq]
            if new:
                assert new == list(range(self.seq + 1, new[-1] + 1)), (self.index, self.seq, new)
                self.seen.extend(new)
            if frame["seq"] >= self.seq:
                self.seq, self.view, self.table = frame["seq"], frame["view"], frame["table"]
        elif frame["type"] in ("ack", "error") and frame.get("id") == self.pending:
            self.pending = None

    async def step(self) -> None:
        try:
            text = await asyncio.wait_for(self.ws.recv(), timeout=0.05)
        except TimeoutError:
            text = None
        if text is not None:
            self.take(json.loads(text))
        if self.pending is None and self.view:
            action = choose(self.view)
            if action is not None:
                self.pending = uuid.uuid4().hex
                payload = {k: v for k, v in action.items() if k != "seat"}
                await self.ws.send(
                    json.dumps(
                        {"type": "action", "id": self.pending, "seq": self.seq, "action": payload}
                    )
                )


def _cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


def test_two_server_processes_serve_one_table_and_survive_one_killed(tmp_path):
    # given a table of four humans, seated on two server processes, and a clock process
    room = RoomFactory(variant="sichuan", coefficient=10, rake=20)
    users = [UserFactory(username=f"mp{i}") for i in range(4)]
    for user in users:
        table = services.table_seat(user=user, room=room)
    table_id = table.pk
    log = open(tmp_path / "servers.log", "w")
    ports = [_free_port(), _free_port()]
    web = [
        _start(["-m", "daphne", "-b", "127.0.0.1", "-p", str(p), "config.asgi:application"], log)
        for p in ports
    ]
    clock = _start(["manage.py", "run_tables"], log)
    procs = [*web, clock]
    try:
        for port, proc in zip(ports, web, strict=True):
            _wait_port(port, proc)
        seats = []
        for user in users:
            index = selectors.seat_of(table_id, user)
            seats.append(Player(index, user, _cookie(user), ports[index % 2]))
        asyncio.run(_play(seats, table_id, web[0], ports[1]))
        # then the hand was played to its end and paid exactly once
        hand = HandRecord.objects.filter(table_id=table_id).order_by("pk").first()
        deadline = time.monotonic() + 60
        while hand.status != HandStatus.SETTLED and time.monotonic() < deadline:
            time.sleep(0.2)
            hand.refresh_from_db()
        assert hand.status == HandStatus.SETTLED
        assert Transfer.objects.filter(idempotency_key=f"hand:{hand.pk}").count() == 1
        assert wallet_audit() == []
        # and the sockets of the killed process were ended by the clock, not left behind
        assert not TableSocket.objects.filter(
            table_id=table_id, process__startswith=f"{web[0].pid}-"
        ).exists()
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in procs:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
        log.close()


async def _play(
    seats: list[Player], table_id: int, doomed: subprocess.Popen, survivor: int
) -> None:
    for s in seats:
        s.table_id = table_id
        await s.connect()
    killed = False
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        for s in seats:
            try:
                await s.step()
            except Exception:
                if not killed:
                    raise
                await s.connect(survivor)  # the client reconnects to a live process
        ended = all(s.table and s.table["status"] != "playing" for s in seats)
        if ended:
            break
        if not killed and sum(1 for s in seats for _ in s.seen) > 60:
            # when one server process is killed mid-hand (no goodbye to anybody)
            doomed.send_signal(signal.SIGKILL)
            doomed.wait(timeout=10)
            killed = True
    else:
        raise AssertionError("the hand did not end")
    assert killed
    # the four saw the same events in order, each without a gap (checked as they came)
    for s in seats:
        await s.ws.close()
    await asyncio.sleep(0)
    # wait for the presence sweep to end the dead process's sockets (heartbeat expiry 2 s);
    # the live ones ended as they closed
    for _ in range(100):
        left = await asyncio.to_thread(TableSocket.objects.filter(table_id=table_id).count)
        if left == 0:
            return
        await asyncio.sleep(0.2)


def _lock_waiters() -> int:
    from django.db import connection

    with connection.cursor() as cursor:
        # (inside a transaction the statistics views keep their first snapshot)
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return cursor.fetchone()[0]


def test_a_worker_killed_while_settling_leads_to_exactly_one_settlement(tmp_path, monkeypatch):
    from datetime import timedelta

    from django.db import transaction
    from django.utils import timezone

    from config.celery import app
    from games import tasks

    # given a hand that ended, its settle_hand task waiting in Redis (no worker yet)
    monkeypatch.setattr(services, "_queue_bots", lambda table_id: None)  # bots run inline
    app.conf.task_always_eager = False
    app.control.purge()
    room = RoomFactory(variant="sichuan", coefficient=10, rake=20)
    alice = UserFactory(username="killed-worker")
    table = services.table_seat(user=alice, room=room)
    services.table_fill_bots(table_id=table.pk, user=alice)
    # (a write beside the table's writer bumps Table.rev, as the writer does: games.runtime.memo)
    Seat.objects.filter(table=table, user=alice).update(autoplay=True)
    Table.objects.filter(pk=table.pk).update(rev=F("rev") + 1)
    services.table_run_bots(table_id=table.pk)
    hand = HandRecord.objects.get(table=table)
    assert hand.status == HandStatus.ENDED
    log = open(tmp_path / "worker.log", "w")
    worker = None
    try:
        with transaction.atomic():
            # hold the table's row lock, so the worker blocks half-way into the settlement
            Table.objects.select_for_update().get(pk=table.pk)
            worker = _start(
                ["-m", "celery", "-A", "config", "worker", "--pool=solo", "--loglevel=INFO"], log
            )
            deadline = time.monotonic() + 90
            while _lock_waiters() == 0:
                assert worker.poll() is None, "the worker died at start"
                assert time.monotonic() < deadline, "the worker never took the task"
                time.sleep(0.2)
            # when the worker is killed there (its transaction never commits)
            worker.send_signal(signal.SIGKILL)
            worker.wait(timeout=10)
        hand.refresh_from_db()
        assert hand.status == HandStatus.ENDED
        assert not Transfer.objects.filter(idempotency_key=f"hand:{hand.pk}").exists()
        # then the clock settles the overdue hand, once
        assert services.hands_settle_overdue(now=timezone.now() + timedelta(seconds=31)) == 1
        hand.refresh_from_db()
        assert hand.status == HandStatus.SETTLED
        # and the task's redelivery (Redis hands an unacknowledged task out again) pays nothing
        app.conf.task_always_eager = True
        tasks.settle_hand.delay(hand.pk)
        assert Transfer.objects.filter(idempotency_key=f"hand:{hand.pk}").count() == 1
        assert wallet_audit() == []
    finally:
        app.conf.task_always_eager = True
        if worker is not None and worker.poll() is None:
            worker.kill()
        log.close()
