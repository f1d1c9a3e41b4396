"""Independent review cases for the Fuzhou calculator (cases/fuzhou_review.json), compared per CASES.md §1.4.

The cases were computed by hand from shared/rules/fuzhou.md and CASES.md §7 (generator:
make_fuzhou_review_cases.py); see each case's `why`. `{"error": ...}` as `expect` means the case must
come back as an error entry (CASES.md §1.3).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from games.engine.calc import calc_file
from tests.games.engine.test_fuzhou_calc import _equal

CASE_FILE = Path(__file__).parent / "cases" / "fuzhou_review.json"
DOC = json.loads(CASE_FILE.read_text(encoding="utf-8"))
CASES = DOC["cases"]
NOTATION_ORDER = {s: i for i, s in enumerate("mpszf")}


def _strip(case: dict[str, Any]) -> dict[str, Any]:
    """What the acceptance harness sends: the case without `expect` and `why`."""
    return {k: v for k, v in case.items() if k not in ("expect", "why")}


def _notation_key(tile: str) -> tuple[int, int]:
    return NOTATION_ORDER[tile[1]], int(tile[0])


@pytest.fixture(scope="module")
def results() -> dict[str, dict[str, Any]]:
    out = calc_file({"variant": "fuzhou", "cases": [_strip(c) for c in CASES]})["results"]
    assert [r["id"] for r in out] == [c["id"] for c in CASES]
    return {r["id"]: r for r in out}


def test_the_file_has_unique_ids_and_reasons() -> None:
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids)) and len(ids) >= 60
    assert all(c.get("why") for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_review_case(case: dict[str, Any], results: dict[str, dict[str, Any]]) -> None:
    got = results[case["id"]]
    assert ("result" in got) != ("error" in got), got
    expect = case["expect"]
    if isinstance(expect, dict) and "error" in expect:
        assert "error" in got, f"{case['why']}: expected an error, got {got}"
        return
    assert "error" not in got, f"{case['why']}: {got['error']}"
    result = got["result"]
    if case["kind"] == "waits":
        assert sorted(result) == sorted(expect), case["why"]
        assert result == sorted(result, key=_notation_key) and len(set(result)) == len(result)
    elif case["kind"] == "win":
        assert result is expect, case["why"]
    else:
        assert _equal(expect, result), f"{case['why']}: got {result}"


def test_the_command_prints_exactly_one_json_object() -> None:
    root = Path(__file__).resolve().parents[3]
    proc = subprocess.run(
        [sys.executable, "-m", "games.engine", "calc", str(CASE_FILE)],
        cwd=root, capture_output=True, text=True, timeout=120, check=False,
        env={"PYTHONPATH": f"{root}:{root / 'platform'}", "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert list(doc) == ["results"]
    assert [r["id"] for r in doc["results"]] == [c["id"] for c in CASES]
