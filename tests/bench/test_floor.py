"""Smoke test of bench/floor.py (the stack's minimal Channels table): one table of four real
websocket clients plays a few actions against a real server process; the report's shape and
its counts are checked, never a timing (the numbers belong in docs/ws-load.md). It uses the
DATABASE_URL / REDIS_URL of the run, as the bench does: its own SQLite file or PostgreSQL
database `<name>_<run>_floor` (dropped at the end) and its own Redis key prefix."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_floor_plays_every_action_to_all_four_sockets():
    run = subprocess.run(
        [sys.executable, "bench/floor.py", "--tables", "2", "--actions", "12", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    result = json.loads(run.stdout)
    assert result["actions"] == 24 and result["tables"] == 2
    assert result["server_cpu_ms_per_action"] > 0 and result["actions_per_s"] > 0
