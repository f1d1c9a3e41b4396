"""Websocket load benchmark: prints numbers, never asserts timings (docs/ws-load.md).

    python bench/ws_load.py [--tables M] [--hands H] [--seconds S] [--variant V]
        [--think-ms MS] [--think-spread F] [--ramp-seconds R] [--procs N]
        [--server uvicorn|daphne] [--[no-]clock] [--worker]
        [--idle-seconds S] [--json] [--keep-tmp]

It builds a throwaway site and plays it over real TCP:

1. a database of its own: a temporary SQLite file, or, when DATABASE_URL names PostgreSQL, the
   database `<name>_<run>_wsload` on that server (created for the run, dropped at its end), so it
   never touches the database the tests or a developer use, nor another run's;
   with REDIS_URL the channel layer is channels-redis under a key prefix of its own;
2. migrates it and creates, through the project's services, a room and M tables with four human
   users each (accounts.services.user_create, games.runtime.services.table_seat: the fourth seat
   deals the first hand), and one login session per user (django.contrib.auth.login);
3. starts the deployment: N web processes (uvicorn as `make run` starts it, or Daphne) on
   consecutive free ports and, with REDIS_URL, the one clock process (CLOCK_COMMAND), with
   settings = the project's settings plus a higher per-socket flood limit (the bench plays as
   fast as the server answers), long turn timers (no move is played by the clock) and the query
   counter (config.querycount); Celery runs eagerly inside the web processes (settlement is part
   of the measured load), or with --worker in a Celery worker the bench starts;
4. measures the deployment's database queries per second while it is idle, first with no socket
   open, then with all 4·M sockets connected and nobody acting;
5. connects 4·M websocket clients (a small RFC 6455 client over asyncio streams below; a table's
   four spread over the N processes) with the session cookie and an allowed Origin, and plays H
   hands per table: every client answers each frame whose `view.legal` is not empty with a legal
   action (win if possible, else 定缺, else the last discard, else pass) after thinking MS
   (each wait drawn from MS·(1 ± F), seeded; the tables start one after another over R seconds,
   as the tables of a site are at different points of their hands, not all dealt at once),
   sends `ready` after each `hand_end` until H hands are over, follows the seq rules (gap or
   `stale_seq` -> `sync`) and re-syncs after 5 s of silence;
6. prints connect time, accepted actions/s, the round trip from sending an action to receiving
   the frame that reflects it, the fan-out to the other seats, frames/s, errors, the CPU time of
   all the deployment's processes and its queries per action and per idle socket; then stops
   the processes and removes what it created, also on Ctrl-C, SIGTERM or failure.

Numbers: clients and server share this machine's cores; see docs/ws-load.md for recorded runs.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import bisect
import contextlib
import hashlib
import json
import os
import random
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse, urlunparse

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"


def _load_querycount():
    """platform/config/querycount.py by its path (importing the `config` package would start
    Celery's app before the bench has chosen its settings)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "que_querycount", ROOT / "platform" / "config" / "querycount.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


querycount = _load_querycount()

#: The settings the web processes run with (a module in the run's temporary directory).
SETTINGS_MODULE = "wsload_settings"
SETTINGS_TEXT = '''"""bench/ws_load.py: the project's settings for a load run."""
from config.settings import *  # noqa: F403

# The bench plays as fast as the server answers; a human sends far fewer frames.
TABLE_WS_RATE_PER_SECOND = 100000
TABLE_WS_BURST = 100000
# No move is played by the clock, no bot takes a seat: every move comes from a client.
TABLE_TURN_SECONDS = 600
TABLE_NEXT_HAND_SECONDS = 600
TABLE_BOT_FILL_SECONDS = 600
TABLE_DISCONNECT_GRACE_SECONDS = 600
# Bots (none sit here) would pause like people; benchmarks run them at once.
TABLE_BOT_DELAY_MS = 0
# Users are created with a password; hashing it the production way costs ~0.3 s each.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# As in production: DEBUG off (with it on Django keeps and formats every query, a large part
# of an action's CPU), over plain HTTP on loopback (no TLS redirect or secure cookies).
DEBUG = False
SECURE_SSL_REDIRECT = False
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = False
SECURE_HSTS_SECONDS = 0

# Count every query of the server processes (QUE_QUERYCOUNT_DIR is set for them only).
from config import querycount  # noqa: E402

querycount.install_from_env()
'''

#: How the bench starts one web process of the deployment: `{host}`/`{port}` are filled in and
#: the command runs as `python <args>` from the repository root (`--server` picks one).
SERVER_COMMANDS = {
    "daphne": ["-m", "daphne", "-b", "{host}", "-p", "{port}", "config.asgi:application"],
    "uvicorn": [
        "-m",
        "uvicorn",
        "--host",
        "{host}",
        "--port",
        "{port}",
        "--log-level",
        "warning",
        "config.asgi:application",
    ],
}

#: The deployment's one clock process (`python <args>` from the repository root), started beside
#: the web processes with REDIS_URL (the settings' TABLE_CLOCK is "off" there: the web processes
#: run no clock of their own) and not without it (`make run`: the ASGI process embeds the clock);
#: `--clock`/`--no-clock` override. When the bench starts it, the web processes get
#: TABLE_CLOCK=off. Change this line when the clock's command changes; `None`: no such process.
CLOCK_COMMAND: list[str] | None = ["manage.py", "run_tables"]

#: A Celery worker (`--worker`, needs REDIS_URL): tasks then leave the web processes as in
#: production. One process (`--pool solo`), so /proc/PID/stat holds all of its CPU.
WORKER_COMMAND = [
    "-m",
    "celery",
    "-A",
    "config",
    "worker",
    "--pool",
    "solo",
    "--loglevel",
    "WARNING",
    "--without-gossip",
    "--without-mingle",
    "--without-heartbeat",
]

WS_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
OP_CONT, OP_TEXT, OP_BINARY, OP_CLOSE, OP_PING, OP_PONG = 0x0, 0x1, 0x2, 0x8, 0x9, 0xA

#: A client that heard nothing for this long while it has nothing to do sends `sync` (the
#: channel layer is at-most-once; the browser client does the same every 15 s).
QUIET_RESYNC_SECONDS = 5.0

#: A socket that is not connected with its first snapshot after this long is a connect failure.
CONNECT_TIMEOUT_SECONDS = 60.0

#: Sockets connecting at the same time. People arrive over time; with 64 at once today's Daphne
#: (one database thread, 5 s websocket connect timeout) dropped 138 of the first 200 handshakes.
CONNECT_CONCURRENCY = 8


# --- a small RFC 6455 client ------------------------------------------------------------------
class WsClosed(Exception):
    def __init__(self, code: int | None, reason: str = "") -> None:
        super().__init__(f"websocket closed ({code}) {reason}".strip())
        self.code = code


class WebSocket:
    """Client side of RFC 6455 over asyncio streams: masked frames out, frames in, ping/pong,
    close. Text messages only (the table protocol is JSON)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.closed = False

    @classmethod
    async def connect(cls, host: str, port: int, path: str, headers: dict[str, str]) -> WebSocket:
        reader, writer = await asyncio.open_connection(host, port)
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [
            f"GET {path} HTTP/1.1",
            f"Host: {host}:{port}",
            "Upgrade: websocket",
            "Connection: Upgrade",
            f"Sec-WebSocket-Key: {key}",
            "Sec-WebSocket-Version: 13",
            *(f"{k}: {v}" for k, v in headers.items()),
        ]
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin1"))
        head = (await reader.readuntil(b"\r\n\r\n")).decode("latin1")
        status, *fields = head.split("\r\n")
        if status.split(" ")[1:2] != ["101"]:
            writer.close()
            raise WsClosed(None, f"handshake refused: {status}")
        answer = {
            k.strip().lower(): v.strip() for k, _, v in (f.partition(":") for f in fields if f)
        }
        accept = base64.b64encode(hashlib.sha1((key + WS_GUID).encode()).digest()).decode()
        if answer.get("sec-websocket-accept") != accept:
            writer.close()
            raise WsClosed(None, "handshake: bad Sec-WebSocket-Accept")
        return cls(reader, writer)

    def _send_frame(self, opcode: int, payload: bytes) -> None:
        n = len(payload)
        if n < 126:
            head = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
        elif n < 1 << 16:
            head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
        else:
            head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
        mask = os.urandom(4)
        if n:
            pad = (mask * (n // 4 + 1))[:n]
            payload = (int.from_bytes(payload, "big") ^ int.from_bytes(pad, "big")).to_bytes(
                n, "big"
            )
        self.writer.write(head + mask + payload)  # one write: frames never interleave

    def send_json(self, message: dict) -> None:
        if self.closed:
            raise WsClosed(None, "send on a closed socket")
        self._send_frame(OP_TEXT, json.dumps(message, separators=(",", ":")).encode())

    async def _read_frame(self) -> tuple[bool, int, bytes]:
        b0, b1 = await self.reader.readexactly(2)
        n = b1 & 0x7F
        if n == 126:
            (n,) = struct.unpack("!H", await self.reader.readexactly(2))
        elif n == 127:
            (n,) = struct.unpack("!Q", await self.reader.readexactly(8))
        mask = await self.reader.readexactly(4) if b1 & 0x80 else b""
        payload = await self.reader.readexactly(n) if n else b""
        if mask and n:
            pad = (mask * (n // 4 + 1))[:n]
            payload = (int.from_bytes(payload, "big") ^ int.from_bytes(pad, "big")).to_bytes(
                n, "big"
            )
        return bool(b0 & 0x80), b0 & 0x0F, payload

    async def recv_json(self) -> dict:
        """The next text message, answering pings on the way; WsClosed when the server closes."""
        parts: list[bytes] = []
        while True:
            try:
                fin, opcode, payload = await self._read_frame()
            except (asyncio.IncompleteReadError, ConnectionError) as exc:
                self.closed = True
                raise WsClosed(None, f"connection lost: {exc!r}") from exc
            if opcode == OP_PING:
                self._send_frame(OP_PONG, payload)
            elif opcode == OP_PONG:
                continue
            elif opcode == OP_CLOSE:
                code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
                if not self.closed:
                    self._send_frame(OP_CLOSE, payload[:2])
                    self.closed = True
                raise WsClosed(code, payload[2:].decode("utf-8", "replace"))
            elif opcode in (OP_TEXT, OP_BINARY, OP_CONT):
                parts.append(payload)
                if fin:
                    return json.loads(b"".join(parts))

    async def close(self, code: int = 1000) -> None:
        if not self.closed:
            self.closed = True
            with contextlib.suppress(Exception):
                self._send_frame(OP_CLOSE, struct.pack("!H", code))
                await asyncio.wait_for(self.writer.drain(), 2)
                # The server answers with its own close frame, then ends the connection.
                await asyncio.wait_for(self.reader.read(), 2)
        with contextlib.suppress(Exception):
            self.writer.close()
            await asyncio.wait_for(self.writer.wait_closed(), 2)


# --- one player -------------------------------------------------------------------------------
def choose(view: dict | None) -> dict | None:
    """Win when possible, else 定缺, else the last discard offered, else pass, else the first."""
    legal = (view or {}).get("legal") or []
    if not legal:
        return None
    for kind in ("hu", "dingque"):
        for action in legal:
            if action["type"] == kind:
                return action
    discards = [a for a in legal if a["type"] == "discard"]
    if discards:
        return discards[-1]
    for action in legal:
        if action["type"] == "pass":
            return action
    return legal[0]


@dataclass
class Stats:
    connect_ms: list[float] = field(default_factory=list)
    snapshot_ms: list[float] = field(default_factory=list)
    rtt_ms: list[float] = field(default_factory=list)
    ack_ms: list[float] = field(default_factory=list)
    frames: int = 0
    frame_bytes: int = 0
    actions_sent: int = 0
    actions_accepted: int = 0
    error_codes: dict[str, int] = field(default_factory=dict)
    gaps: int = 0
    resyncs: int = 0
    stale: int = 0

    def error(self, code: str) -> None:
        self.error_codes[code] = self.error_codes.get(code, 0) + 1


@dataclass
class TableRun:
    table_id: int
    hands: int
    players: list[Player] = field(default_factory=list)
    #: (sent at, seq it made, actor) of every accepted action that changed the table
    #: (sent at, the ack's seq, the actor, the action's type)
    moves: list[tuple[float, int, Player, str]] = field(default_factory=list)
    ended: set[int] = field(default_factory=set)
    settled: set[int] = field(default_factory=set)


class Player:
    """One seated user's socket: keeps seq/view as the browser client does and acts on its turn."""

    def __init__(
        self,
        run: TableRun,
        cookie: str,
        stats: Stats,
        done: asyncio.Event,
        *,
        port: int = 0,
        think: float = 0.0,
        spread: float = 0.0,
        rng: random.Random | None = None,
    ) -> None:
        self.run = run
        self.cookie = cookie
        self.port = port
        self.think = think  # seconds before each action, on average
        self.spread = spread  # each wait is think·(1 ± spread), uniformly
        self.rng = rng or random.Random(0)
        self.thinking = False
        self.acting = False  # False while connecting and during the idle measurement
        self.stats = stats
        self.all_done = done
        self.ws: WebSocket | None = None
        self.seq = -1
        self.view: dict | None = None
        self.status = ""
        self.ended: set[int] = set()
        self.settled: set[int] = set()
        # (action id, sent at, seq seen, action type)
        self.pending: tuple[str, float, int, str] | None = None
        # (ack's seq, sent at) while the state frame reflecting an acked action is still due:
        # the protocol orders neither, and acting on the view before it would act on a stale one
        self.awaiting: tuple[int, float] | None = None
        self.since_send: list[tuple[float, int]] = []  # (received at, seq) of state frames
        self.received: list[tuple[int, float]] = []  # (seq, received at) of every state frame
        run.players.append(self)
        self.last_frame_at = time.perf_counter()
        self.done = False
        self.failed = False

    async def connect(self) -> None:
        t0 = time.perf_counter()
        self.ws = await WebSocket.connect(
            HOST,
            self.port,
            f"/ws/table/{self.run.table_id}/",
            {"Origin": f"http://{HOST}:{self.port}", "Cookie": f"sessionid={self.cookie}"},
        )
        t1 = time.perf_counter()
        first = await self.ws.recv_json()
        t2 = time.perf_counter()
        self.stats.connect_ms.append((t1 - t0) * 1000)
        self.stats.snapshot_ms.append((t2 - t0) * 1000)
        self.stats.frames += 1
        if first.get("type") != "snapshot":
            raise RuntimeError(f"first frame is not a snapshot: {first}")
        self.take(first, t2)

    async def play(self) -> None:
        """Read frames until the run ends; acts only once `start_acting` was called."""
        assert self.ws is not None
        try:
            while True:
                frame = await self.ws.recv_json()
                now = time.perf_counter()
                self.stats.frames += 1
                self.take(frame, now)
                self.act()
        except WsClosed as exc:
            if not self.all_done.is_set():
                self.failed = True
                self.stats.error(f"closed:{exc.code}")
        except Exception as exc:  # a frame this client cannot read: count it, stop this client
            self.failed = True
            self.stats.error(f"client:{type(exc).__name__}")
            print(f"ws_load: client of table {self.run.table_id}: {exc!r}", file=sys.stderr)

    # --- frames in ---
    def take(self, frame: dict, now: float) -> None:
        self.last_frame_at = now
        kind = frame.get("type")
        if kind == "snapshot":
            self.seq = frame["seq"]
            self._take_state(frame)
            self._scan(frame.get("recent") or [])
            self.since_send.append((now, self.seq))
            self.received.append((self.seq, now))
            self._reflected(frame["seq"], now)
        elif kind == "events":
            events = frame.get("events") or []
            new = [e for e in events if e["seq"] > self.seq]
            if new and self.seq >= 0 and new[0]["seq"] > self.seq + 1:
                self.stats.gaps += 1
                self._send({"type": "sync", "seq": self.seq})  # a gap: ask for what we missed
                return
            self._scan(new)
            if frame["seq"] >= self.seq:
                self.seq = frame["seq"]
                self._take_state(frame)
            self.since_send.append((now, frame["seq"]))
            self.received.append((frame["seq"], now))
            self._reflected(frame["seq"], now)
        elif kind == "pong":
            self.awaiting = None  # a sync found nothing newer: the view is current
        elif kind == "ack":
            self._answered(frame, now)
            self.stats.actions_accepted += 1
        elif kind == "error":
            if frame.get("code") == "stale_seq":
                # not an error: an answer that crossed another seat's (a win closing the claim
                # window it answered, with windows at 0): the client resyncs and plays on
                self.stats.stale += 1
                self._send({"type": "sync", "seq": self.seq})
            else:
                self.stats.error(frame.get("code") or "error")
            if frame.get("id") and self.pending and frame["id"] == self.pending[0]:
                self.pending = None
        self._check_done()

    def _take_state(self, frame: dict) -> None:
        self.view = frame.get("view")
        self.status = (frame.get("table") or {}).get("status", self.status)

    def _scan(self, events: list[dict]) -> None:
        for event in events:
            data = event.get("data") or {}
            if event.get("kind") == "hand_end":
                first = data["hand_id"] not in self.ended
                self.ended.add(data["hand_id"])
                self.run.ended.add(data["hand_id"])
                if first and len(self.ended) < self.run.hands:
                    self._send({"type": "ready"})
            elif event.get("kind") == "settled":
                self.settled.add(data["hand_id"])
                self.run.settled.add(data["hand_id"])

    def _answered(self, frame: dict, now: float) -> None:
        if not self.pending or frame.get("id") != self.pending[0]:
            return
        _, sent_at, seen_seq, kind = self.pending
        self.pending = None
        if frame["seq"] > seen_seq:
            self.run.moves.append((sent_at, frame["seq"], self, kind))
        self.stats.ack_ms.append((now - sent_at) * 1000)
        # The frame that reflects the action: the first state frame since the send at or after
        # the ack's seq (an `events` frame, or a fresh view for an answer that leaves a claim
        # window open); it may come before or after the ack.
        seen = [t for t, seq in self.since_send if seq >= frame["seq"]]
        if seen:
            self.stats.rtt_ms.append((seen[0] - sent_at) * 1000)
        else:
            self.awaiting = (frame["seq"], sent_at)

    def _reflected(self, seq: int, now: float) -> None:
        if self.awaiting and seq >= self.awaiting[0]:
            self.stats.rtt_ms.append((now - self.awaiting[1]) * 1000)
            self.awaiting = None

    def _check_done(self) -> None:
        if not self.done and len(self.ended) >= self.run.hands and self.ended <= self.settled:
            self.done = True

    # --- frames out ---
    def start_acting(self) -> None:
        self.acting = True
        self.act()

    def act(self) -> None:
        if not self.acting or self.done or self.pending or self.thinking or self.awaiting:
            return
        if self.status != "playing" or choose(self.view) is None:
            return
        if self.think > 0:
            # Like a person: wait, then act on the view as it is by then (which may offer
            # nothing any more, e.g. a claim window another seat closed meanwhile).
            self.thinking = True
            wait = self.think * (1 + self.spread * (2 * self.rng.random() - 1))
            asyncio.get_running_loop().call_later(wait, self._thought)
            return
        self._send_action()

    def _thought(self) -> None:
        self.thinking = False
        if self.done or self.failed or self.pending or self.awaiting or self.status != "playing":
            return
        self._send_action()

    def _send_action(self) -> None:
        action = choose(self.view)
        if action is None:
            return
        action_id = uuid.uuid4().hex
        self.since_send = []
        self.pending = (action_id, time.perf_counter(), self.seq, action["type"])
        self.stats.actions_sent += 1
        payload = {k: v for k, v in action.items() if k != "seat"}
        self._send({"type": "action", "id": action_id, "seq": self.seq, "action": payload})

    def resync_if_quiet(self, now: float) -> None:
        if self.done or self.failed or self.pending or self.thinking or self.ws is None:
            return
        if now - self.last_frame_at >= QUIET_RESYNC_SECONDS:
            self.last_frame_at = now
            self.stats.resyncs += 1
            self._send({"type": "sync", "seq": self.seq})

    def _send(self, message: dict) -> None:
        if self.ws is not None and not self.ws.closed:
            self.ws.send_json(message)


# --- the throwaway site -----------------------------------------------------------------------
class Site:
    """Temporary directory, database, Redis prefix and the deployment's processes (web servers,
    clock); `close()` removes whatever was created, in reverse order, and is safe to call
    twice."""

    def __init__(self, *, keep_tmp: bool = False) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix="que-wsload-"))
        self.keep_tmp = keep_tmp
        self.run_id = uuid.uuid4().hex[:8]
        self.database_url = ""
        self.created_database = ""  # a PostgreSQL URL this run created (dropped in close)
        self.redis_url = os.environ.get("REDIS_URL", "")
        self.redis_prefix = f"wsload-{os.getpid()}-{self.run_id}"
        self.servers: list[subprocess.Popen] = []  # the web processes, one per port
        self.ports: list[int] = []
        self.others: dict[str, subprocess.Popen] = {}  # "clock", "worker"
        self.eager = True  # Celery tasks run inside the process that sends them
        self.clock_process = False  # the clock runs as its own process, not in the web ones
        self.query_dir = self.tmp / "queries"  # config.querycount: one file per process
        (self.tmp / f"{SETTINGS_MODULE}.py").write_text(SETTINGS_TEXT)

    @property
    def processes(self) -> list[subprocess.Popen]:
        return [*self.servers, *self.others.values()]

    # environment shared by this process (setup) and the web processes
    def env(self) -> dict[str, str]:
        env = {
            k: v
            for k, v in os.environ.items()
            if k not in ("DATABASE_URL", "REDIS_URL", "REDIS_PREFIX", "CELERY_TASK_ALWAYS_EAGER")
        }
        env.update(
            {
                "DATABASE_URL": self.database_url,
                "DJANGO_SETTINGS_MODULE": SETTINGS_MODULE,
                "PYTHONPATH": os.pathsep.join([str(self.tmp), str(ROOT / "platform"), str(ROOT)]),
                "REDIS_PREFIX": self.redis_prefix,
                "CELERY_TASK_ALWAYS_EAGER": "1" if self.eager else "0",
                "LOG_LEVEL": os.environ.get("LOG_LEVEL", "WARNING"),
            }
        )
        if self.redis_url:
            env["REDIS_URL"] = self.redis_url
        if self.clock_process:
            env["TABLE_CLOCK"] = "off"
        return env

    def make_database(self) -> None:
        url = os.environ.get("DATABASE_URL", "")
        if not url.startswith(("postgres://", "postgresql://")):
            self.database_url = f"sqlite:///{self.tmp / 'wsload.sqlite3'}"
            return
        import psycopg

        # One database per run: two runs that shared one (the test suite's workers) raced to
        # create it, and the first to finish dropped it WITH (FORCE) under the other.
        parts = urlparse(url)
        base = (parts.path.lstrip("/") or "que").removesuffix("_wsload")
        name = f"{base}_{self.run_id}_wsload"
        self.database_url = urlunparse(parts._replace(path=f"/{name}"))
        admin = urlunparse(parts._replace(path="/postgres"))
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        self.created_database = self.database_url

    def _spawn(self, name: str, args: list[str]) -> subprocess.Popen:
        log = open(self.tmp / f"{name}.log", "w")  # noqa: SIM115 - the child keeps its own fd
        env = {**self.env(), querycount.ENV: str(self.query_dir)}
        try:
            return subprocess.Popen(
                [sys.executable, *args],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                preexec_fn=_die_with_parent,
            )
        finally:
            log.close()

    def spawn_servers(self, count: int, kind: str) -> None:
        """`count` web processes on consecutive free ports."""
        self.ports = _free_ports(count)
        for i, port in enumerate(self.ports):
            args = [a.format(host=HOST, port=port) for a in SERVER_COMMANDS[kind]]
            self.servers.append(self._spawn(f"web-{i + 1}", args))

    def spawn_other(self, name: str, command: list[str]) -> None:
        """The clock or the worker: one process each."""
        self.others[name] = self._spawn(name, command)

    def wait_servers(self) -> None:
        deadline = time.monotonic() + 60
        for server, port in zip(self.servers, self.ports, strict=True):
            while True:
                try:
                    socket.create_connection((HOST, port), timeout=1).close()
                    break
                except OSError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError(
                            f"the web process on port {port} did not start:\n" + self.log_tail()
                        ) from None
                    time.sleep(0.1)
        # The clock and the worker are up once their settings are loaded (the query counter's
        # file exists); a second more and the clock has made its first sweep.
        for name, proc in self.others.items():
            while not (self.query_dir / str(proc.pid)).exists():
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the {name} process did not start:\n" + self.log_tail())
                time.sleep(0.1)
        if self.others:
            time.sleep(1)

    def exited(self) -> list[str]:
        """Names of the deployment's processes that are no longer running."""
        return [
            n for n, p in zip(self.names(), self.processes, strict=True) if p.poll() is not None
        ]

    def names(self) -> list[str]:
        return [f"web-{i + 1}" for i in range(len(self.servers))] + list(self.others)

    def cpu_by_process(self) -> dict[str, float] | None:
        """user + system CPU seconds of each of the deployment's processes (/proc/PID/stat)."""
        out = {}
        for name, proc in zip(self.names(), self.processes, strict=True):
            try:
                stat = Path(f"/proc/{proc.pid}/stat").read_text()
            except OSError:
                return None
            # utime and stime are fields 14 and 15 (the split after the name starts at field 3)
            fields = stat.rsplit(")", 1)[1].split()
            out[name] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        return out

    def queries(self) -> int:
        """Database queries run by the deployment's processes so far (config.querycount)."""
        return querycount.read(self.query_dir) if self.query_dir.is_dir() else 0

    def log_tail(self, chars: int = 3000) -> str:
        out = []
        for path in sorted(self.tmp.glob("*.log")):
            with contextlib.suppress(OSError):
                if text := path.read_text(errors="replace")[-chars:].strip():
                    out.append(f"--- {path.name}\n{text}")
        return "\n".join(out)

    def close(self) -> None:
        procs, self.servers, self.others = self.processes, [], {}
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)
        with contextlib.suppress(Exception):
            from django.db import connections

            connections.close_all()
        if self.redis_url:
            with contextlib.suppress(Exception):
                import redis

                client = redis.Redis.from_url(self.redis_url)
                keys = list(client.scan_iter(match=f"{self.redis_prefix}*", count=1000))
                for i in range(0, len(keys), 500):
                    client.delete(*keys[i : i + 500])
        if self.created_database:
            url, self.created_database = self.created_database, ""
            with contextlib.suppress(Exception):
                import psycopg

                parts = urlparse(url)
                admin = urlunparse(parts._replace(path="/postgres"))
                with psycopg.connect(admin, autocommit=True) as conn:
                    # FORCE: a connection left open (the bench's own, a process that has not
                    # exited yet) made the plain DROP fail silently, and the next run's clock
                    # then played the old tables' hands too
                    name = parts.path.lstrip("/")
                    conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if not self.keep_tmp:
            shutil.rmtree(self.tmp, ignore_errors=True)


def _free_ports(count: int) -> list[int]:
    """`count` consecutive ports that are free now (the first one chosen by the kernel)."""
    for _ in range(100):
        with socket.socket() as s:
            s.bind((HOST, 0))
            base = s.getsockname()[1]
        if base + count > 65536:
            continue
        ports = list(range(base, base + count))
        try:
            for port in ports[1:]:
                with socket.socket() as s:
                    s.bind((HOST, port))
        except OSError:
            continue
        return ports
    raise RuntimeError(f"no {count} consecutive free ports")


def _die_with_parent() -> None:
    """In the child: Linux kills it when the bench dies, even by SIGKILL (nothing is left to
    clean up then; Daphne's graceful SIGTERM shutdown can wait on open sockets)."""
    with contextlib.suppress(Exception):
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def setup_django(site: Site) -> None:
    os.environ.update(site.env())
    for path in (str(ROOT), str(ROOT / "platform"), str(site.tmp)):
        if path not in sys.path:
            sys.path.insert(0, path)
    import django

    django.setup()


def migrate() -> None:
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def create_tables(site: Site, *, tables: int, variant: str) -> list[tuple[int, list[str]]]:
    """A room, `tables` full tables of four users (the fourth deals the first hand) and a login
    session per user. Returns [(table id, [session key per seat])]."""
    from django.db import connections
    from django.test import Client

    from accounts.services import user_create
    from games.models import Seat
    from games.runtime import services
    from rooms.models import Room
    from rooms.services import room_record_changes

    room = Room.objects.create(
        name=f"ws load {site.run_id}",
        variant=variant,
        coefficient=1,
        rake=0,
        min_balance=0,
        bot_kind="greedy",  # the numbers measure the server, not the bots (comparable runs)
    )
    room_record_changes(room=room, before=None, actor=None)
    out = []
    for t in range(tables):
        table = None
        for s in range(4):
            user = user_create(
                username=f"wsl{site.run_id}t{t}s{s}", password=uuid.uuid4().hex, language="en"
            )
            table = services.table_seat(user=user, room=room)
        assert table is not None
        cookies = []
        for seat in Seat.objects.filter(table=table).select_related("user").order_by("index"):
            client = Client()
            client.force_login(seat.user)
            cookies.append(client.cookies["sessionid"].value)
        out.append((table.pk, cookies))
    connections.close_all()  # SQLite: no lock held while the web processes write
    return out


# --- the run ----------------------------------------------------------------------------------
def fanout_ms(runs: list[TableRun]) -> dict[str, list[float]]:
    """From sending an action to each other client of the table receiving a frame with it, by
    the action's type."""
    out: dict[str, list[float]] = {}
    for run in runs:
        for sent_at, seq, actor, kind in run.moves:
            for other in run.players:
                if other is actor:
                    continue
                i = bisect.bisect_left(other.received, (seq, sent_at))
                while i < len(other.received) and other.received[i][1] < sent_at:
                    i += 1
                if i < len(other.received):
                    out.setdefault(kind, []).append((other.received[i][1] - sent_at) * 1000)
    return out


def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))], 2)


async def _until_quiet(players: list[Player], quiet: float, limit: float) -> None:
    """Wait until no client received a frame for `quiet` seconds (at most `limit` seconds)."""
    deadline = time.perf_counter() + limit
    while time.perf_counter() < deadline:
        last = max((p.last_frame_at for p in players), default=0.0)
        if time.perf_counter() - last >= quiet:
            return
        await asyncio.sleep(0.05)


async def _measure_idle(site: Site, seconds: float) -> tuple[int, float]:
    """(queries, wall seconds) of the deployment while the bench waits `seconds`."""
    q0, t0 = site.queries(), time.perf_counter()
    await asyncio.sleep(seconds)
    return site.queries() - q0, time.perf_counter() - t0


async def play(
    site: Site,
    layout: list[tuple[int, list[str]]],
    *,
    hands: int,
    seconds: float,
    think: float = 0.0,
    spread: float = 0.0,
    ramp: float = 0.0,
    idle_seconds: float = 0.0,
) -> dict[str, Any]:
    stats = Stats()
    all_done = asyncio.Event()
    runs = [TableRun(table_id, hands) for table_id, _ in layout]
    # A table's four clients spread over the web processes: seat s of table t -> port t+s mod N.
    players = [
        Player(
            run,
            cookie,
            stats,
            all_done,
            port=site.ports[(t + s) % len(site.ports)],
            think=think,
            spread=spread,
            rng=random.Random(t * 4 + s),
        )
        for t, (run, (_, cookies)) in enumerate(zip(runs, layout, strict=True))
        for s, cookie in enumerate(cookies)
    ]

    # Idle 1: the deployment up, the tables dealt, no socket open.
    idle_none = await _measure_idle(site, idle_seconds) if idle_seconds > 0 else None

    connect_failures = 0
    gate = asyncio.Semaphore(CONNECT_CONCURRENCY)

    async def connect(player: Player) -> None:
        async with gate:
            await asyncio.wait_for(player.connect(), CONNECT_TIMEOUT_SECONDS)

    t_connect = time.perf_counter()
    results = await asyncio.gather(*(connect(p) for p in players), return_exceptions=True)
    for player, result in zip(players, results, strict=True):
        if isinstance(result, BaseException):
            connect_failures += 1
            player.failed = True
            stats.error(f"connect:{type(result).__name__}")
    connect_wall = time.perf_counter() - t_connect
    tasks = [asyncio.ensure_future(p.play()) for p in players if not p.failed]

    # Idle 2: every socket open, nobody acts (the clients read and answer pings only).
    idle_sockets = None
    idle_frames = 0
    if idle_seconds > 0:
        await _until_quiet(players, 1.0, 30.0)  # the connects' own broadcasts are over
        frames0 = stats.frames
        idle_sockets = await _measure_idle(site, idle_seconds)
        idle_frames = stats.frames - frames0

    cpu0, wall0, own0 = site.cpu_by_process(), time.perf_counter(), time.process_time()
    queries0, frames0 = site.queries(), stats.frames
    # Table t starts acting t·R/M seconds in (R = 0: all at once).
    loop = asyncio.get_running_loop()
    for t, run in enumerate(runs):
        for p in run.players:
            if not p.failed:
                loop.call_later(ramp * t / len(runs), p.start_acting)
    timed_out = False
    deadline = wall0 + seconds
    while True:
        now = time.perf_counter()
        live = [p for p in players if not p.failed]
        # A table with a failed client (connect failure, socket closed) cannot finish its hand
        # (its timers are 600 s): its other clients are not waited for; the error is counted.
        if all(p.done or any(q.failed for q in p.run.players) for p in live):
            break
        if now >= deadline:
            timed_out = True
            break
        if exited := site.exited():
            for name in exited:
                stats.error(f"exited:{name}")
            break
        for p in live:
            p.resync_if_quiet(now)
        await asyncio.sleep(0.05)
    wall = time.perf_counter() - wall0
    cpu1, own1 = site.cpu_by_process(), time.process_time()
    queries = site.queries() - queries0
    play_frames = stats.frames - frames0
    all_done.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await asyncio.gather(*(p.ws.close() for p in players if p.ws), return_exceptions=True)

    fanout_by = fanout_ms(runs)
    fanout = [ms for samples in fanout_by.values() for ms in samples]
    hands_expected = hands * len(runs)
    finished = sum(min(len(r.ended), hands) for r in runs)
    settled = sum(min(len(r.ended & r.settled), hands) for r in runs)
    if timed_out:
        stats.error("timeout")
    cpu_by = {k: round(cpu1[k] - cpu0[k], 2) for k in cpu0} if cpu0 and cpu1 else None
    server_cpu = round(sum(cpu_by.values()), 2) if cpu_by else None
    accepted = stats.actions_accepted
    sockets = len(players) - connect_failures

    def rate(sample: tuple[int, float] | None) -> float | None:
        return round(sample[0] / sample[1], 2) if sample and sample[1] else None

    idle_per_socket = None
    if idle_none and idle_sockets and sockets:
        extra = idle_sockets[0] / idle_sockets[1] - idle_none[0] / idle_none[1]
        idle_per_socket = round(extra / sockets, 3)
    return {
        "tables": len(runs),
        "clients": len(players),
        "hands_per_table": hands,
        "hands_expected": hands_expected,
        "hands_finished": finished,
        "hands_settled": settled,
        "timed_out": timed_out,
        "connect_failures": connect_failures,
        "connect_wall_s": round(connect_wall, 3),
        "connect_ms": {"p50": pct(stats.connect_ms, 50), "p95": pct(stats.connect_ms, 95)},
        "snapshot_ms": {"p50": pct(stats.snapshot_ms, 50), "p95": pct(stats.snapshot_ms, 95)},
        "play_s": round(wall, 3),
        "actions_sent": stats.actions_sent,
        "actions_accepted": accepted,
        "actions_per_s": round(accepted / wall, 1) if wall else None,
        "rtt_ms": {q: pct(stats.rtt_ms, n) for q, n in (("p50", 50), ("p95", 95), ("p99", 99))},
        "ack_ms": {q: pct(stats.ack_ms, n) for q, n in (("p50", 50), ("p95", 95), ("p99", 99))},
        "fanout_ms": {q: pct(fanout, n) for q, n in (("p50", 50), ("p95", 95), ("p99", 99))},
        "fanout_ms_by_action": {
            kind: {"n": len(samples), **{q: pct(samples, n) for q, n in (("p50", 50), ("p99", 99))}}
            for kind, samples in sorted(fanout_by.items())
        },
        "frames_received": stats.frames,
        "frames_per_s": round(play_frames / wall, 1) if wall else None,
        "errors": sum(stats.error_codes.values()),
        "error_codes": dict(sorted(stats.error_codes.items())),
        "gaps": stats.gaps,
        "resyncs": stats.resyncs,
        "stale": stats.stale,
        "server_cpu_s": server_cpu,
        "server_cpu_s_by_process": cpu_by,
        "server_cpu_pct": round(100 * server_cpu / wall, 1) if server_cpu and wall else None,
        "server_cpu_ms_per_action": (
            round(1000 * server_cpu / accepted, 1) if server_cpu and accepted else None
        ),
        "client_cpu_s": round(own1 - own0, 2),
        "db_queries": queries,
        "db_queries_per_action": round(queries / accepted, 1) if accepted else None,
        "idle_s": idle_seconds,
        "idle_db_queries_per_s": {"no_sockets": rate(idle_none), "sockets": rate(idle_sockets)},
        "idle_db_queries_per_socket_s": idle_per_socket,
        "idle_frames": idle_frames,
    }


def describe(site: Site, args: argparse.Namespace, clock: list[str] | None) -> dict[str, Any]:
    engine = "postgresql" if site.database_url.startswith("postgres") else "sqlite"
    name = urlparse(site.database_url).path.lstrip("/")
    return {
        "variant": args.variant,
        "server": args.server,
        "procs": args.procs,
        "clock": " ".join(["python", *clock]) if clock else None,
        "worker": " ".join(["python", *WORKER_COMMAND]) if args.worker else None,
        "think_ms": args.think_ms,
        "think_spread": args.think_spread,
        "ramp_s": args.ramp_seconds,
        "database": f"{engine}:{Path(name).name if engine == 'sqlite' else name}",
        "channel_layer": "redis" if site.redis_url else "in-memory",
        "python": sys.version.split()[0],
        "cpus": str(os.cpu_count()),
        "db_conn_max_age": os.environ.get("DB_CONN_MAX_AGE", "60"),  # (the settings' default)
        "loadavg_1m_before": round(os.getloadavg()[0], 2),
    }


def report(result: dict[str, Any]) -> str:
    def ms(d: dict[str, Any], keys=("p50", "p95", "p99")) -> str:
        return "  ".join(f"{k} {d[k]} ms" for k in keys if k in d)

    r = result
    cpu = (
        f"{r['server_cpu_s']} s over {r['play_s']} s = {r['server_cpu_pct']} % of one core, "
        f"{r['server_cpu_ms_per_action']} ms per accepted action"
        if r["server_cpu_s"] is not None
        else "n/a"
    )
    idle = r["idle_db_queries_per_s"]
    return "\n".join(
        [
            f"ws_load: {r['tables']} tables x 4 clients, {r['hands_per_table']} hand(s) per table, "
            f"{r['variant']}, {r['database']}, {r['channel_layer']} channel layer",
            f"deployment    {r['procs']} x {r['server']}, clock: {r['clock'] or 'none'}, "
            f"worker: {r['worker'] or 'none (tasks run eagerly)'}; "
            f"think {r['think_ms']} ms ± {r['think_spread']:.0%}, tables started over {r['ramp_s']} s; "
            f"load {r['loadavg_1m_before']}",
            f"connect       {ms(r['connect_ms'], ('p50', 'p95'))}   (first snapshot "
            f"{ms(r['snapshot_ms'], ('p50', 'p95'))}; {r['clients']} sockets in "
            f"{r['connect_wall_s']} s)",
            f"actions       {r['actions_accepted']} accepted in {r['play_s']} s = "
            f"{r['actions_per_s']} actions/s",
            f"round trip    {ms(r['rtt_ms'])}   (action -> frame reflecting it)",
            f"ack           {ms(r['ack_ms'])}",
            f"others        {ms(r['fanout_ms'])}   (action -> the 3 other clients get it)",
            "  by action    "
            + ", ".join(
                f"{kind} {v['p50']}/{v['p99']} ms (n {v['n']})"
                for kind, v in r["fanout_ms_by_action"].items()
            ),
            f"frames        {r['frames_received']} received = {r['frames_per_s']} frames/s",
            f"hands         {r['hands_finished']}/{r['hands_expected']} finished, "
            f"{r['hands_settled']} settled{' (time limit hit)' if r['timed_out'] else ''}",
            f"errors        {r['errors']} {r['error_codes'] or ''}  (gaps {r['gaps']}, "
            f"quiet re-syncs {r['resyncs']}, stale answers {r['stale']})",
            f"server CPU    {cpu}; clients' CPU {r['client_cpu_s']} s",
            f"db queries    {r['db_queries']} = {r['db_queries_per_action']} per accepted action",
            f"idle          {idle['no_sockets']} queries/s with no socket, {idle['sockets']} with "
            f"all sockets open = {r['idle_db_queries_per_socket_s']} per socket per s "
            f"({r['idle_s']} s each; {r['idle_frames']} frames)",
        ]
    )


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=4, help="tables of 4 clients (4)")
    parser.add_argument("--hands", type=int, default=1, help="hands per table (1)")
    parser.add_argument("--seconds", type=float, default=300, help="play time limit (300)")
    parser.add_argument("--variant", default="sichuan", help="room variant (sichuan)")
    parser.add_argument(
        "--think-ms", type=float, default=0, help="each client waits this long before an action (0)"
    )
    parser.add_argument(
        "--think-spread",
        type=float,
        default=0.5,
        help="each wait is drawn from MS·(1 ± F), uniformly, seeded (0.5; 0: exactly MS)",
    )
    parser.add_argument(
        "--ramp-seconds",
        type=float,
        default=None,
        help="the tables start acting one after another over R seconds "
        "(default: 10 × the think time; 0: all at once)",
    )
    parser.add_argument(
        "--procs", type=int, default=1, help="web processes on consecutive ports (1)"
    )
    parser.add_argument("--server", choices=sorted(SERVER_COMMANDS), default="uvicorn")
    parser.add_argument(
        "--clock",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="start the clock process (default: with REDIS_URL only)",
    )
    parser.add_argument(
        "--worker",
        action="store_true",
        help="a Celery worker runs the tasks (settlement) instead of the web processes; "
        "needs REDIS_URL",
    )
    parser.add_argument(
        "--idle-seconds",
        type=float,
        default=5,
        help="length of each idle measurement, before and after the sockets connect (5; 0: skip)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--keep-tmp", action="store_true", help="keep the temp dir (server logs)")
    args = parser.parse_args(argv)
    if args.tables < 1 or args.hands < 1 or args.procs < 1:
        parser.error("--tables, --hands and --procs must be at least 1")
    if args.ramp_seconds is None:
        args.ramp_seconds = 10 * args.think_ms / 1000
    if min(args.think_ms, args.idle_seconds, args.ramp_seconds) < 0:
        parser.error("--think-ms, --ramp-seconds and --idle-seconds cannot be negative")
    if not 0 <= args.think_spread <= 1:
        parser.error("--think-spread must be between 0 and 1")
    postgres = os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))
    if args.procs > 1 and not (postgres and os.environ.get("REDIS_URL")):
        parser.error(
            "--procs > 1 needs a PostgreSQL DATABASE_URL and REDIS_URL (the processes share "
            "the tables through the database and channels-redis)"
        )
    if args.worker and not os.environ.get("REDIS_URL"):
        parser.error("--worker needs REDIS_URL (the Celery broker)")
    start_clock = args.clock if args.clock is not None else bool(os.environ.get("REDIS_URL"))
    clock = CLOCK_COMMAND if start_clock else None
    if args.clock and CLOCK_COMMAND is None:
        parser.error("this deployment has no clock process (CLOCK_COMMAND is None)")

    # SIGTERM (a CI timeout, `kill`) cleans up like Ctrl-C.
    signal.signal(signal.SIGTERM, _interrupt)
    site = Site(keep_tmp=args.keep_tmp)
    site.eager = not args.worker
    site.clock_process = clock is not None
    try:
        site.make_database()
        setup_django(site)
        t0 = time.perf_counter()
        migrate()
        site.spawn_servers(args.procs, args.server)  # they start while the tables are created
        if clock:
            site.spawn_other("clock", clock)
        if args.worker:
            site.spawn_other("worker", WORKER_COMMAND)
        layout = create_tables(site, tables=args.tables, variant=args.variant)
        setup_s = time.perf_counter() - t0
        site.wait_servers()
        result = {
            **describe(site, args, clock),
            "setup_s": round(setup_s, 2),
            **asyncio.run(
                play(
                    site,
                    layout,
                    hands=args.hands,
                    seconds=args.seconds,
                    think=args.think_ms / 1000,
                    spread=args.think_spread,
                    ramp=args.ramp_seconds,
                    idle_seconds=args.idle_seconds,
                )
            ),
        }
        if result["errors"] and (tail := site.log_tail(1500).strip()):
            print("server logs (tail):\n" + tail, file=sys.stderr)
    except KeyboardInterrupt:
        print("ws_load: interrupted, cleaning up", file=sys.stderr)
        return 130
    finally:
        site.close()
    print(json.dumps(result, indent=2) if args.json else report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
