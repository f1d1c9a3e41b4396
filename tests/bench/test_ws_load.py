"""Smoke test of bench/ws_load.py: four real websocket clients play one hand against a real
Daphne over TCP. It checks the report's shape and that the hand finished without errors, never
a timing (the numbers belong in docs/ws-load.md).

The bench makes its own database (a temporary SQLite file, or `<name>_wsload` next to the
DATABASE_URL's database) and its own Redis key prefix, so it never touches the test database."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

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
    "database",
    "channel_layer",
}


def test_one_table_plays_a_hand_over_real_websockets():
    proc = subprocess.Popen(
        [sys.executable, "bench/ws_load.py", "--tables", "1", "--hands", "1", "--json"],
        cwd=ROOT,
        env=dict(os.environ),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        out, err = proc.communicate(timeout=240)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGTERM)  # the bench stops Daphne and removes what it made
        out, err = proc.communicate(timeout=60)
        pytest.fail(f"bench/ws_load.py did not finish in 240 s:\n{err[-3000:]}")
    assert proc.returncode == 0, err[-3000:]
    result = json.loads(out)
    assert KEYS <= result.keys(), KEYS - result.keys()
    assert result["tables"] == 1 and result["clients"] == 4
    assert result["hands_expected"] == result["hands_finished"] == result["hands_settled"] == 1
    assert result["errors"] == 0 and result["error_codes"] == {}, (result["error_codes"], err)
    assert result["timed_out"] is False
    assert result["actions_accepted"] > 0 and result["frames_received"] > 0
    expected_db = (
        "postgresql" if os.environ.get("DATABASE_URL", "").startswith("postgres") else "sqlite"
    )
    assert result["database"].startswith(expected_db)
    if expected_db == "postgresql":
        assert result["database"].endswith("_wsload")  # never the test database
    assert result["channel_layer"] == ("redis" if os.environ.get("REDIS_URL") else "in-memory")
