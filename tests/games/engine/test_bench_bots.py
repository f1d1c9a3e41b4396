"""bench/bots.py --json runs and reports the duplicate keys of every mode (no score assertions:
the numbers live in docs/benchmarks.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from games.engine.registry import playable_modes

ROOT = Path(__file__).resolve().parents[3]


def test_it_reports_a_duplicate_result_per_mode():
    out = subprocess.run(
        [sys.executable, "bench/bots.py", "--json", "--walls", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    ).stdout
    data = json.loads(out)
    assert set(data["duplicate"]) == {f"{k}/{label}" for k, label, _ in playable_modes()}
    for row in data["duplicate"].values():
        assert row["hands"] == 4
        lo, hi = row["ci95"]
        assert lo <= row["mean_diff"] <= hi
    assert data["expert_decisions_per_s"] > 0
    assert data["engine"] in ("compiled", "pure")
