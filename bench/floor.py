"""The stack's own floor on this machine: prints numbers, never asserts timings (docs/ws-load.md).

    python bench/floor.py [--tables M] [--actions K] [--server uvicorn|daphne] [--json]

Issue 14 states its CPU targets against "a minimal Channels table, one transaction and one
`group_send` to 4 sockets per action": this is that table, so a run of bench/ws_load.py can be
read against what the same machine, the same day, spends on the least a live table can do (the
machine's speed drifts from day to day by more than the costs being measured).

A throwaway ASGI app (a module written into a temporary directory: Django with only Channels
installed, no model, no middleware, no session) serves `/ws/<table>/`: on each message a socket
runs one transaction in the database thread (`UPDATE floor SET seq = seq + 1` and a `SELECT` of
the new seq, as a writer locks and reads its row) and sends one `group_send` of a small JSON
frame to the table's group, which each of the table's four sockets forwards. M tables of four
clients (bench/ws_load.py's RFC 6455 client) play K actions each, the acting seat going round;
a client sends the next action once all four sockets have the frame of the last. The database
and the channel layer are the embedded defaults (a SQLite file in WAL mode, the in-memory layer)
or, with DATABASE_URL / REDIS_URL, PostgreSQL (a database `<name>_<run>_floor`, created and
dropped) and channels-redis (a key prefix of its own), as bench/ws_load.py chooses them.
Reported: the server process's CPU (user + system, /proc) per action, and actions/s.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import urlparse, urlunparse

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ws_load import HOST, SERVER_COMMANDS, WebSocket, _die_with_parent, _free_ports  # noqa: E402

APP_MODULE = "floor_app"
APP_TEXT = '''"""bench/floor.py: the minimal Channels table."""
import json
import os

import dj_database_url
from django.conf import settings

DB = os.environ["FLOOR_DATABASE_URL"]
REDIS = os.environ.get("REDIS_URL")
settings.configure(
    DEBUG=False,
    SECRET_KEY="floor",
    ALLOWED_HOSTS=["*"],
    INSTALLED_APPS=["channels"],
    DATABASES={"default": dj_database_url.parse(DB, conn_max_age=60)},  # as config.settings
    CHANNEL_LAYERS={
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [REDIS], "prefix": os.environ["FLOOR_PREFIX"]},
        }
        if REDIS
        else {"BACKEND": "channels.layers.InMemoryChannelLayer"}
    },
    USE_TZ=True,
)
if DB.startswith("sqlite"):  # as the project's SQLite default (config/settings.py)
    settings.DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
        "transaction_mode": "IMMEDIATE",
    }

import django  # noqa: E402

django.setup()

from channels.db import database_sync_to_async  # noqa: E402
from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.urls import path  # noqa: E402


def apply(table):
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE floor SET seq = seq + 1 WHERE id = %s", [table])
        cursor.execute("SELECT seq FROM floor WHERE id = %s", [table])
        return cursor.fetchone()[0]


class Table(AsyncWebsocketConsumer):
    async def connect(self):
        self.group = f"floor.{self.scope['url_route']['kwargs']['table']}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        table = self.scope["url_route"]["kwargs"]["table"]
        seq = await database_sync_to_async(apply)(table)
        frame = json.dumps({"type": "events", "seq": seq, "by": text_data})
        await self.channel_layer.group_send(self.group, {"type": "frame", "text": frame})

    async def frame(self, event):
        await self.send(text_data=event["text"])


application = ProtocolTypeRouter(
    {"websocket": URLRouter([path("ws/<int:table>/", Table.as_asgi())])}
)
'''


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _database(tmp: Path, run: str) -> tuple[str, str | None]:
    """The run's database URL and, on PostgreSQL, the server's maintenance URL to drop it."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        return f"sqlite:///{tmp / 'floor.sqlite3'}", None
    parts = urlparse(url)
    base = parts.path.lstrip("/") or "que"
    name = f"{base}_{run}_floor"
    admin = urlunparse(parts._replace(path="/postgres"))
    return urlunparse(parts._replace(path=f"/{name}")), admin


def _prepare(db_url: str, admin: str | None, tables: int) -> None:
    rows = [(t, 0) for t in range(1, tables + 1)]
    if admin is None:
        import sqlite3

        with sqlite3.connect(urlparse(db_url).path) as conn:
            conn.execute("CREATE TABLE floor (id integer PRIMARY KEY, seq integer NOT NULL)")
            conn.executemany("INSERT INTO floor VALUES (?, ?)", rows)
        return
    import psycopg

    name = urlparse(db_url).path.lstrip("/")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    with psycopg.connect(db_url, autocommit=True) as conn:
        conn.execute("CREATE TABLE floor (id integer PRIMARY KEY, seq integer NOT NULL)")
        with conn.cursor() as cur:
            cur.executemany("INSERT INTO floor VALUES (%s, %s)", rows)


def _drop(db_url: str, admin: str | None) -> None:
    if admin is None:
        return
    import psycopg

    name = urlparse(db_url).path.lstrip("/")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def _connect(port: int, table: int) -> WebSocket:
    deadline = time.monotonic() + 30
    while True:
        try:
            return await WebSocket.connect(HOST, port, f"/ws/{table}/", {})
        except OSError:
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.1)


async def _play_table(port: int, table: int, actions: int) -> None:
    sockets = [await _connect(port, table) for _ in range(4)]
    try:
        for k in range(actions):
            sockets[k % 4].send_json({"a": k})
            frames = asyncio.gather(*(s.recv_json() for s in sockets))
            seqs = await asyncio.wait_for(frames, 30)  # a lost frame fails the run
            assert len({f["seq"] for f in seqs}) == 1, seqs
    finally:
        for s in sockets:
            await s.close()


async def _play(port: int, tables: int, actions: int) -> None:
    await asyncio.gather(*(_play_table(port, t, actions) for t in range(1, tables + 1)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--actions", type=int, default=500, help="actions per table")
    parser.add_argument("--server", choices=sorted(SERVER_COMMANDS), default="uvicorn")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    run = uuid.uuid4().hex[:8]
    with tempfile.TemporaryDirectory(prefix="que-floor-") as tmp_name:
        tmp = Path(tmp_name)
        (tmp / f"{APP_MODULE}.py").write_text(APP_TEXT)
        db_url, admin = _database(tmp, run)
        _prepare(db_url, admin, args.tables)
        (port,) = _free_ports(1)
        command = [
            a.format(host=HOST, port=port).replace(
                "config.asgi:application", f"{APP_MODULE}:application"
            )
            for a in SERVER_COMMANDS[args.server]
        ]
        env = {
            **os.environ,
            "PYTHONPATH": str(tmp),
            "FLOOR_DATABASE_URL": db_url,
            "FLOOR_PREFIX": f"floor-{run}",
        }
        log = open(tmp / "server.log", "w")
        server = subprocess.Popen(
            [sys.executable, *command],
            cwd=tmp,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            preexec_fn=_die_with_parent,
        )
        try:
            asyncio.run(_play(port, args.tables, 5))  # warm: connect, import, first queries
            cpu0, t0 = _cpu_seconds(server.pid), time.monotonic()
            asyncio.run(_play(port, args.tables, args.actions))
            cpu, wall = _cpu_seconds(server.pid) - cpu0, time.monotonic() - t0
        except BaseException:
            log.flush()
            sys.stderr.write((tmp / "server.log").read_text()[-3000:])
            raise
        finally:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
            log.close()
            _drop(db_url, admin)
    total = args.tables * args.actions
    result = {
        "server": args.server,
        "database": "postgresql" if admin else "sqlite",
        "channel_layer": "redis" if os.environ.get("REDIS_URL") else "in-memory",
        "tables": args.tables,
        "actions": total,
        "actions_per_s": round(total / wall, 1),
        "server_cpu_ms_per_action": round(1000 * cpu / total, 2),
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"floor ({result['server']}, {result['database']}, {result['channel_layer']}): "
            f"{result['server_cpu_ms_per_action']} ms server CPU per action, "
            f"{result['actions_per_s']} actions/s ({total} actions, {args.tables} tables)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
