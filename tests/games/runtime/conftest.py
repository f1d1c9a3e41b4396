"""Helpers for live-table tests: authenticated websocket clients and a simple player policy."""

from __future__ import annotations

import asyncio
import json
import uuid

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from games.runtime import services

#: How long a test waits for one frame / a connect / a disconnect. Generous: on a loaded 2-core
#: machine with Postgres a connect (session, table lock, snapshot) can take seconds; a test that
#: gets its frame sooner goes on at once, so this only bounds how long a failure takes.
WAIT = 30.0


@pytest.fixture(autouse=True)
def _table_settings(settings):
    settings.TABLE_SPECTATOR_DELAY_SECONDS = 0
    settings.TABLE_BOT_FILL_SECONDS = 5


@pytest.fixture(autouse=True)
def _fresh_channel_layer():
    """Each test gets its own channel layer instance.

    A layer object caches per-event-loop state (channels-redis: its receive lock and the loop
    that receives; the in-memory layer: asyncio queues), and every async test runs in a new event
    loop. A socket left receiving by one test would otherwise break delivery in the next one
    ("bound to a different event loop", "Two event loops are trying to receive()")."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


_OPEN_SOCKETS: list = []


@pytest.fixture
async def close_sockets():
    """Disconnect every websocket a test opened, even when it failed half-way, so no consumer
    outlives its test (and its event loop)."""
    _OPEN_SOCKETS.clear()
    yield
    while _OPEN_SOCKETS:
        comm = _OPEN_SOCKETS.pop()
        try:
            await comm.disconnect(timeout=5)
        except Exception:  # already closed by the server, or the test disconnected it
            pass


@pytest.fixture
def seeded(monkeypatch):
    """Every hand uses the same wall seed, so a test plays a known hand."""
    monkeypatch.setattr(services, "seed_generate", lambda: "que-test-seed-1")
    return "que-test-seed-1"


def session_cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


def application():
    from config.asgi import application as app

    return app


class _Communicator(WebsocketCommunicator):
    """A communicator that can look at the first frame after the handshake and keep it."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.kept: list[dict] = []

    async def receive_output(self, timeout=1):
        if self.kept:
            return self.kept.pop(0)
        return await super().receive_output(timeout)


async def ws_connect(user, table_id: int, *, origin: str = "http://testserver", path=None):
    """(communicator, open, close code). A refusal is a handshake answered and then closed
    with the refusal's code (consumers._refuse), or, for a foreign Origin, no handshake."""
    headers = [(b"host", b"testserver")]
    if origin:
        headers.append((b"origin", origin.encode()))
    if user is not None:
        cookie = await database_sync_to_async(session_cookie)(user)
        headers.append((b"cookie", f"sessionid={cookie}".encode()))
    comm = _Communicator(application(), path or f"/ws/table/{table_id}/", headers=headers)
    connected, code = await comm.connect(timeout=WAIT)
    if not connected:
        return comm, False, code
    first = await comm.receive_output(WAIT)
    if first["type"] == "websocket.close":
        return comm, False, first.get("code")
    comm.kept.append(first)
    _OPEN_SOCKETS.append(comm)
    return comm, True, None


def choose(view: dict) -> dict | None:
    """A plain player: win when possible, else the first choice, else discard, else pass."""
    legal = view.get("legal") or [] if view else []
    if not legal:
        return None
    for kind in ("hu", "dingque"):
        for a in legal:
            if a["type"] == kind:
                return a
    discards = [a for a in legal if a["type"] == "discard"]
    if discards:
        return discards[-1]
    for a in legal:
        if a["type"] == "pass":
            return a
    return legal[0]


class Player:
    """One websocket seat in a test: records every frame it receives."""

    def __init__(self, comm, name: str):
        self.comm = comm
        self.name = name
        self.frames: list[dict] = []
        self.seq = -1
        self.view = None
        self.table = None
        self.answers: dict[str, dict] = {}
        self.accepted: list[int] = []  # the seqs of the events taken, in order

    def take(self, frame: dict) -> None:
        json.dumps(frame)  # every frame round-trips through JSON
        self.frames.append(frame)
        if frame["type"] == "snapshot":
            self.seq = frame["seq"]
            self.view = frame["view"]
            self.table = frame["table"]
        elif frame["type"] == "events":
            # As the client does: events it has already (an answer to a `sync` may repeat what
            # a notification brought meanwhile) are skipped; new ones must follow on without gap.
            new = [e["seq"] for e in frame["events"] if e["seq"] > self.seq]
            if new:
                assert new[0] == self.seq + 1 and new == list(range(new[0], new[-1] + 1)), (
                    self.name,
                    self.seq,
                    new,
                )
                self.accepted.extend(new)
            if frame["seq"] >= self.seq:
                self.seq = frame["seq"]
                self.view = frame["view"]
                self.table = frame["table"]
        elif frame["type"] in ("ack", "error") and frame.get("id"):
            self.answers[frame["id"]] = frame

    async def drain(self, wait: float = 0.02) -> None:
        while not await self.comm.receive_nothing(timeout=wait):
            self.take(await self.comm.receive_json_from(timeout=WAIT))

    async def next_frame(self, timeout: float = WAIT) -> dict:
        frame = await self.comm.receive_json_from(timeout=timeout)
        self.take(frame)
        return frame

    async def send_action(self, action: dict, *, seq=None, action_id=None) -> dict:
        action_id = action_id or uuid.uuid4().hex
        self.answers.pop(action_id, None)
        payload = {k: v for k, v in action.items() if k != "seat"}
        await self.comm.send_json_to(
            {
                "type": "action",
                "id": action_id,
                "seq": self.seq if seq is None else seq,
                "action": payload,
            }
        )
        while action_id not in self.answers:
            await self.next_frame()
        return self.answers[action_id]

    async def sync(self) -> None:
        """Ask for anything missed since our seq; the pong to the ping sent right after it
        tells us the answer has arrived (a socket answers its frames in order)."""
        ping = uuid.uuid4().hex
        await self.comm.send_json_to({"type": "sync", "seq": self.seq})
        await self.comm.send_json_to({"type": "ping", "id": ping})
        while True:
            frame = await self.next_frame()
            if frame["type"] == "pong" and frame.get("id") == ping:
                return

    def saw_kind(self, kind: str) -> bool:
        return any(
            e["kind"] == kind for f in self.frames if f["type"] == "events" for e in f["events"]
        ) or any(
            e["kind"] == kind
            for f in self.frames
            if f["type"] == "snapshot"
            for e in f.get("recent", [])
        )


async def play_until(players: list[Player], done, *, timeout: float = 180.0) -> int:
    """Let every seated player act with `choose` until done() is true. Returns actions sent.

    A refused move (another seat moved first) is answered with fresh frames, so the player looks
    again. When nobody has anything to do, every player re-syncs as the real client does with its
    keep-alive `sync`: the channel layer is at-most-once, a lost notification must not stall the
    test. Fails (never hangs) after `timeout` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    quiet_since = loop.time()
    sent = 0
    while loop.time() < deadline:
        for p in players:
            await p.drain()
        if await done():
            return sent
        acted = False
        for p in players:
            action = choose(p.view)
            if action is None:
                continue
            answer = await p.send_action(action)
            if answer["type"] == "ack":
                sent += 1
                acted = True
            else:
                assert answer["code"] in ("stale_seq", "not_your_turn"), answer
        if acted:
            quiet_since = loop.time()
        elif loop.time() - quiet_since >= 1.0:  # (2 frames a second: far below the flood limit)
            for p in players:
                await p.sync()
            quiet_since = loop.time()
        else:
            await players[0].comm.receive_nothing(timeout=0.05)
    raise AssertionError(f"not done within {timeout} s")
