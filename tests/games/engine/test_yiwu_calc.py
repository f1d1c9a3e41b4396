"""Yiwu calculator cases (tests/games/engine/cases/yiwu.json) per CASES.md §1.4."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from games.engine.calc import calc_file

CASE_FILE = Path(__file__).parent / "cases" / "yiwu.json"
CASES = json.loads(CASE_FILE.read_text(encoding="utf-8"))["cases"]


def _matches(expected: Any, actual: Any, key: str = "") -> bool:
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and _matches(v, actual[k], k) for k, v in expected.items())
    if key == "patterns":
        return isinstance(actual, list) and sorted(expected) == sorted(actual) and len(set(actual)) == len(actual)
    if isinstance(expected, list):
        return isinstance(actual, list) and len(expected) == len(actual) and all(
            _matches(e, a) for e, a in zip(expected, actual, strict=True)
        )
    if isinstance(expected, float) or isinstance(actual, float):
        return abs(expected - actual) < 1e-6
    return type(expected) is type(actual) and expected == actual


def _result(case: dict[str, Any]) -> dict[str, Any]:
    out = calc_file({"variant": "yiwu", "cases": [case]})["results"]
    assert len(out) == 1 and out[0]["id"] == case["id"]
    return out[0]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_it_matches_the_expected_result(case: dict[str, Any]) -> None:
    got = _result(case)
    expect = case["expect"]
    if isinstance(expect, dict) and expect.get("error"):
        assert "error" in got, f"{case['why']}: expected an error, got {got}"
        return
    assert "error" not in got, f"{case['why']}: {got['error']}"
    result = got["result"]
    if case["kind"] == "waits":
        assert sorted(result) == sorted(expect) and result == sorted(result, key=_notation_key), case["why"]
    else:
        assert _matches(expect, result), f"{case['why']}: got {result}"


def _notation_key(tile: str) -> tuple[int, str]:
    return ("mpsz".index(tile[1]), tile[0])  # type: ignore[return-value]


def test_it_runs_the_whole_file_through_the_command_line() -> None:
    root = Path(__file__).resolve().parents[3]
    proc = subprocess.run(
        [sys.executable, "-m", "games.engine", "calc", str(CASE_FILE)],
        cwd=root, capture_output=True, text=True, timeout=120, check=False,
        env={"PYTHONPATH": f"{root}:{root / 'platform'}", "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    results = json.loads(proc.stdout)["results"]
    assert [r["id"] for r in results] == [c["id"] for c in CASES]
