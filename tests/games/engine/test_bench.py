"""bench/engine.py --quick --json runs and reports every key (no timing assertions)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
KEYS = {
    "win_per_s",
    "win_wild_per_s",
    "waits_per_s",
    "waits_wild_per_s",
    "score_per_s",
    "hands_per_s",
    "mahjong_lib_win_per_s",
    "ratio_vs_mahjong",
    "ratio_vs_mahjong_tiles",
    "engine",
}


def test_it_reports_every_benchmark_key():
    out = subprocess.run(
        [sys.executable, "bench/engine.py", "--quick", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    ).stdout
    data = json.loads(out)
    assert KEYS <= set(data)
    assert {"sichuan/normal", "sichuan/bloody"} <= set(data["hands_per_s"])
    assert all(v > 0 for v in data["hands_per_s"].values())
    assert data["engine"] in ("compiled", "pure")
