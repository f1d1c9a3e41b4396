"""Smoke tests of bench/ws_load.py: four real websocket clients play one hand against real
server processes over TCP. They check the report's shape and that the hand finished without
errors, never a timing (the numbers belong in docs/ws-load.md).

The bench makes its own database (a temporary SQLite file, or `<name>_<run>_wsload` next to
the DATABASE_URL's database) and its own Redis key prefix, so it never touches the test
database."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

from config import querycount

ROOT = Path(__file__).resolve().parents[2]

KEYS = {
    "tables",
    "clients",
    "hands_expected",
    "hands_finished",
    "hands_settled",
    "timed_out",
    "connect_ms",
    "actions_accepted",
    "actions_per_s",
    "rtt_ms",
    "fanout_ms",
    "frames_received",
    "frames_per_s",
    "errors",
    "error_codes",
    "server_cpu_s",
    "server_cpu_s_by_process",
    "server_cpu_ms_per_action",
    "db_queries",
    "db_queries_per_action",
    "idle_db_queries_per_s",
    "idle_db_queries_per_socket_s",
    "database",
    "channel_layer",
    "server",
    "procs",
    "clock",
    "worker",
    "think_ms",
}

POSTGRES = os.environ.get("DATABASE_URL", "").startswith("postgres")
REDIS = bool(os.environ.get("REDIS_URL"))


#: The claim windows' least time in the benched site: held windows are exercised (the clock
#: releases every held answer), but a hand's ~60 windows do not cost 90 s of the suite at the
#: production 1.5 s.
CLAIM_WINDOW_SECONDS = "0.1"


def run_bench(*args: str) -> tuple[int, dict | None, str]:
    proc = subprocess.Popen(
        [sys.executable, "bench/ws_load.py", *args],
        cwd=ROOT,
        env={**os.environ, "TABLE_CLAIM_WINDOW_SECONDS": CLAIM_WINDOW_SECONDS},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        out, err = proc.communicate(timeout=240)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGTERM)  # the bench stops its processes and removes what it made
        out, err = proc.communicate(timeout=60)
        pytest.fail(f"bench/ws_load.py did not finish in 240 s:\n{err[-3000:]}")
    return proc.returncode, (json.loads(out) if proc.returncode == 0 else None), err


def check_one_clean_hand(result: dict, err: str) -> None:
    assert KEYS <= result.keys(), KEYS - result.keys()
    assert result["tables"] == 1 and result["clients"] == 4
    assert result["hands_expected"] == result["hands_finished"] == result["hands_settled"] == 1
    assert result["errors"] == 0 and result["error_codes"] == {}, (result["error_codes"], err)
    assert result["timed_out"] is False
    assert result["actions_accepted"] > 0 and result["frames_received"] > 0
    expected_db = "postgresql" if POSTGRES else "sqlite"
    assert result["database"].startswith(expected_db)
    if expected_db == "postgresql":
        assert result["database"].endswith("_wsload")  # never the test database
    assert result["channel_layer"] == ("redis" if REDIS else "in-memory")
    # The server processes ran the hand's queries, and they were counted.
    assert result["db_queries"] > 0 and result["db_queries_per_action"] > 0
    assert result["server_cpu_s"] == pytest.approx(sum(result["server_cpu_s_by_process"].values()))
    assert set(result["fanout_ms"]) == {"p50", "p95", "p99"}


def test_one_table_plays_a_hand_over_real_websockets():
    code, result, err = run_bench("--tables", "1", "--hands", "1", "--idle-seconds", "1", "--json")
    assert code == 0, err[-3000:]
    check_one_clean_hand(result, err)
    assert result["procs"] == 1 and result["server"] == "uvicorn" and result["think_ms"] == 0
    # The clock process runs beside the web process with Redis only.
    assert (result["clock"] is not None) == REDIS
    assert set(result["server_cpu_s_by_process"]) == {"web-1"} | ({"clock"} if REDIS else set())
    assert set(result["idle_db_queries_per_s"]) == {"no_sockets", "sockets"}
    assert result["idle_db_queries_per_socket_s"] is not None


def test_thinking_clients_on_uvicorn_and_as_many_processes_as_the_services_allow():
    """--think-ms, --server uvicorn and, on PostgreSQL + Redis, --procs 2 (a table's clients on
    two processes) with a Celery worker settling the hand (--worker) beside the clock."""
    both = POSTGRES and REDIS
    procs = 2 if both else 1
    code, result, err = run_bench(
        "--tables", "1", "--think-ms", "20", "--server", "uvicorn", "--procs", str(procs),
        "--idle-seconds", "0", "--json", *(["--worker"] if both else []),
    )  # fmt: skip
    assert code == 0, err[-3000:]
    check_one_clean_hand(result, err)
    assert result["think_ms"] == 20 and result["server"] == "uvicorn"
    assert result["procs"] == procs and (result["clock"] is not None) == REDIS
    assert (result["worker"] is not None) == both
    others = ({"worker"} if both else set()) | ({"clock"} if REDIS else set())
    assert set(result["server_cpu_s_by_process"]) == {f"web-{i + 1}" for i in range(procs)} | others
    # No idle phase: nothing measured, nothing made up.
    assert result["idle_db_queries_per_s"] == {"no_sockets": None, "sockets": None}
    assert result["idle_db_queries_per_socket_s"] is None


@pytest.mark.skipif(POSTGRES and REDIS, reason="the services for --procs 2 are there")
def test_several_processes_need_postgres_and_redis():
    code, result, err = run_bench("--procs", "2", "--json")
    assert code == 2 and result is None
    assert "--procs > 1 needs a PostgreSQL DATABASE_URL and REDIS_URL" in err


@pytest.mark.skipif(REDIS, reason="a broker is there")
def test_a_worker_needs_redis():
    code, result, err = run_bench("--worker", "--json")
    assert code == 2 and result is None
    assert "--worker needs REDIS_URL" in err


def test_querycount_gives_a_forked_child_a_file_of_its_own(tmp_path):
    def run(*args):
        return None

    querycount.install(tmp_path)
    try:
        querycount._count(run, "SELECT 1", None, False, None)
        pid = os.fork()
        if pid == 0:  # the child: two queries, into <dir>/<its pid>
            querycount._count(run, "SELECT 1", None, False, None)
            querycount._count(run, "SELECT 1", None, False, None)
            os._exit(0)
        assert os.waitpid(pid, 0)[1] == 0
        assert (tmp_path / str(pid)).read_bytes() == (2).to_bytes(8, "little")
        assert querycount.read(tmp_path) == 3  # the parent's one and the child's two
    finally:
        querycount.uninstall()


@pytest.mark.django_db
def test_querycount_counts_each_query_of_a_connection(tmp_path):
    querycount.install(tmp_path)
    try:
        querycount.attach(connection)
        querycount.attach(connection)  # idempotent: still one count per query
        with connection.cursor() as cursor:
            for _ in range(3):
                cursor.execute("SELECT 1")
        assert querycount.read(tmp_path) == 3
        assert (tmp_path / str(os.getpid())).read_bytes() == (3).to_bytes(8, "little")
    finally:
        querycount.detach(connection)
        querycount.uninstall()
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    assert querycount.read(tmp_path) == 3  # detached: no longer counted
