"""Wuhan calculator cases (tests/games/engine/cases/wuhan.json) through calc_file.

Every expectation in the case file is derived by hand from shared/rules/wuhan.md and CASES.md §5;
``"expect": "error"`` means the case must come back as an ``{"id", "error"}`` entry. Results are
compared per CASES.md §1.4.
"""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys
from typing import Any

import pytest

from games.engine.calc import calc_file
from games.engine.variants.wuhan import RANK_TIERS, rank_for

CASE_FILE = pathlib.Path(__file__).parent / "cases" / "wuhan.json"
CASES = json.loads(CASE_FILE.read_text(encoding="utf-8"))["cases"]
REPO = pathlib.Path(__file__).resolve().parents[3]


def _equal(expected: Any, actual: Any, key: str | None = None) -> bool:
    if key == "patterns":
        return (
            isinstance(actual, list)
            and sorted(expected) == sorted(actual)
            and len(set(actual)) == len(actual)
        )
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            k in actual and _equal(v, actual[k], k) for k, v in expected.items()
        )
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(expected) == len(actual)
            and all(_equal(e, a) for e, a in zip(expected, actual, strict=True))
        )
    if isinstance(expected, float) or isinstance(actual, float):
        return abs(expected - actual) <= 1e-6
    return type(expected) is type(actual) and expected == actual


def _run(case: dict[str, Any]) -> dict[str, Any]:
    stripped = {k: v for k, v in case.items() if k not in ("expect", "why")}
    (entry,) = calc_file({"variant": "wuhan", "cases": [stripped]})["results"]
    return entry


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_it_matches_the_hand_derived_case(case: dict[str, Any]) -> None:
    entry = _run(case)
    assert entry["id"] == case["id"]
    if case["expect"] == "error":
        assert "error" in entry and "result" not in entry, entry
        assert isinstance(entry["error"], str) and entry["error"]
        return
    assert "error" not in entry, f"{case['why']}: {entry}"
    result = entry["result"]
    if case["kind"] == "waits":
        assert sorted(result) == sorted(case["expect"]) and result == sorted(result, key=_order)
    assert _equal(case["expect"], result), f"{case['why']}: expected {case['expect']}, got {result}"


def _order(tile: str) -> tuple[int, str]:
    return ("mpszf".index(tile[1]), tile[0])


def test_it_scores_every_shape_zero_sum() -> None:
    for case in CASES:
        if case["kind"] == "score" and case["expect"] != "error":
            result = _run(case)["result"]
            for key in ("deltas",):
                assert sum(result[key]) == 0, (case["id"], key)


@pytest.mark.skipif(
    not (REPO / "games" / "engine" / "__main__.py").exists(), reason="no CLI entry point yet"
)
def test_it_runs_the_whole_file_from_the_command_line() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "games.engine", "calc", str(CASE_FILE)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    out = json.loads(proc.stdout)
    assert [r["id"] for r in out["results"]] == [c["id"] for c in CASES]


def test_it_exposes_the_rank_table_for_ratings() -> None:
    assert len(RANK_TIERS) == 15
    thresholds = [t for _, t in RANK_TIERS]
    assert thresholds == sorted(thresholds)
    for name, threshold in RANK_TIERS[1:]:
        assert rank_for(threshold) == name
        assert rank_for(threshold - 1) != name


def test_it_makes_the_floor_tier_cover_everything_below_2000() -> None:
    assert RANK_TIERS[0][0] == "鸟蛋"
    for points in (-(10**6), -1, 0, 999, 1000, 1999):
        assert rank_for(points) == "鸟蛋"


def test_it_never_makes_red_dragon_the_laizi() -> None:
    from games.engine.variants.wuhan.rules import RED_DRAGON, laizi_for

    laizis = [laizi_for(k) for k in range(34)]
    assert RED_DRAGON not in laizis
    # Suits cycle 1..9, honours cycle 1z 2z 3z 4z 6z 5z: each kind but 7z and 发 is hit once.
    assert sorted(laizis[:27]) == list(range(27))
    assert sorted(laizis[27:]) == [27, 28, 29, 30, 31, 32, 32]
