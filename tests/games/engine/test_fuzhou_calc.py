"""Fuzhou calculator cases (tests/games/engine/cases/fuzhou.json) through calc_file.

Every expectation in the case file is derived by hand from shared/rules/fuzhou.md and CASES.md §7
(the worked examples E1-E12 first); ``"expect": "error"`` means the case must come back as an
``{"id", "error"}`` entry. Results are compared per CASES.md §1.4 (patterns as a set, extra keys
allowed).
"""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys
from typing import Any

import pytest

from games.engine.calc import calc_file
from games.engine.tiles import parse_tile, parse_tiles
from games.engine.variants.fuzhou import scoring

CASE_FILE = pathlib.Path(__file__).parent / "cases" / "fuzhou.json"
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
    return type(expected) is type(actual) and expected == actual


def _run(case: dict[str, Any]) -> dict[str, Any]:
    stripped = {k: v for k, v in case.items() if k not in ("expect", "why")}
    (entry,) = calc_file({"variant": "fuzhou", "cases": [stripped]})["results"]
    return entry


def test_it_has_unique_ids_and_a_reason_for_every_case() -> None:
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids))
    assert all(c.get("why") for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_it_matches_the_hand_derived_case(case: dict[str, Any]) -> None:
    entry = _run(case)
    assert entry["id"] == case["id"]
    if case["expect"] == "error":
        assert "error" in entry and "result" not in entry, entry
        assert isinstance(entry["error"], str) and entry["error"]
        return
    assert "result" in entry, entry
    result = entry["result"]
    if case["kind"] == "waits":
        assert result == sorted(result, key=parse_tile), "waits are in NOTATION order"
        assert sorted(result) == sorted(case["expect"]), result
    else:
        assert _equal(case["expect"], result), result


def test_it_always_returns_every_score_key() -> None:
    case = next(c for c in CASES if c["id"] == "fz-score-1")
    result = _run(case)["result"]
    assert set(result) >= {
        "huafan",
        "jin",
        "lianzhuang",
        "special_fan",
        "fan",
        "patterns",
        "deltas",
    }


@pytest.mark.skipif(not (REPO / "games" / "engine" / "__main__.py").exists(), reason="no CLI yet")
def test_it_runs_the_whole_file_from_the_command_line(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "cases.json"
    path.write_text(json.dumps({"variant": "fuzhou", "cases": CASES}), encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "games.engine", "calc", str(path)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    results = json.loads(proc.stdout)["results"]
    assert [r["id"] for r in results] == [c["id"] for c in CASES]


@pytest.mark.parametrize(
    ("tiles", "gold"),
    [
        ("123m345m678m22p456p7s9p", "9p"),
        ("5m5m114477m114477p", "5m"),
        ("1111m234p567p789p123s", "9s"),
    ],
)
def test_it_agrees_waits_with_legal_self_draw_wins(tiles: str, gold: str) -> None:
    hand, face = parse_tiles(tiles), parse_tile(gold)
    waits = scoring.waits(hand, (), face)
    for kind in range(27):
        ctx = scoring.WinContext(gold=face, win_tile=kind)
        legal = scoring.is_legal_win([*hand, kind], (), ctx)
        held = hand.count(kind)
        assert (kind in waits) == (legal and held < (3 if kind == face else 4))
