"""Independent acceptance review of the Sichuan calculator (cases/sichuan_review.json).

The case file was written by hand from shared/rules/sichuan.md and CASES.md §1-§3 before reading
the implementation; each case's ``why`` names the spec sentence it tests. ``"expect": "error"``
means the case must come back as an ``{"id", "error"}`` entry. Results are compared per CASES.md
§1.4 with the helper of test_sichuan_calc.py.
"""

from __future__ import annotations

import copy
import json
import pathlib
import subprocess
import sys
from typing import Any

import pytest

from games.engine.calc import calc_file
from tests.games.engine.test_sichuan_calc import _equal

CASE_FILE = pathlib.Path(__file__).parent / "cases" / "sichuan_review.json"
CASES = json.loads(CASE_FILE.read_text(encoding="utf-8"))["cases"]
REPO = pathlib.Path(__file__).resolve().parents[3]
BAD_VALUES = (None, True, -1, 99, 1.5, "x", "9z", [], {}, [1, 2])


def _strip(case: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in case.items() if k not in ("expect", "why")}


def _run(case: dict[str, Any]) -> dict[str, Any]:
    (entry,) = calc_file({"variant": "sichuan", "cases": [_strip(case)]})["results"]
    return entry


def test_the_file_is_big_enough_and_ids_are_unique() -> None:
    ids = [c["id"] for c in CASES]
    assert len(ids) >= 60 and len(set(ids)) == len(ids)
    assert {"win", "waits", "score", "settle"} <= {c["kind"] for c in CASES}


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_it_matches_the_review_case(case: dict[str, Any]) -> None:
    entry = _run(case)
    assert entry["id"] == case["id"]
    assert ("result" in entry) != ("error" in entry), entry
    if case["expect"] == "error":
        assert isinstance(entry.get("error"), str) and entry["error"], entry
        return
    assert "error" not in entry, f"{case['why']}: {entry}"
    result = entry["result"]
    if case["kind"] == "waits":
        assert sorted(result) == sorted(case["expect"]), case["why"]
        return
    assert _equal(case["expect"], result), f"{case['why']}: expected {case['expect']}, got {result}"


def test_every_point_vector_of_a_valid_case_sums_to_zero() -> None:
    for case in CASES:
        if case["expect"] == "error" or case["kind"] not in ("score", "settle"):
            continue
        result = _run(case)["result"]
        event = case["context"].get("event")
        if case["kind"] == "score" or event in ("draw", "escape", "multi_win"):
            assert sum(result["deltas"]) == 0, case["id"]
        elif event == "game":
            assert sum(result["points"]) == 0, case["id"]
            assert sum(result["deltas"]) + result["rake"] == 0, case["id"]
        elif event == "coins":
            assert sum(result["deltas"]) + result["rake"] == 0, case["id"]


def _mutations(case: dict[str, Any]):
    """The case with one top-level or context field deleted or given a wrong-typed value."""
    for scope in ("case", "context"):
        target = case if scope == "case" else case.get("context", {})
        for key in list(target):
            if key in ("id", "expect", "why"):
                continue
            for value in ("<delete>", *BAD_VALUES):
                mutated = copy.deepcopy(case)
                where = mutated if scope == "case" else mutated["context"]
                if value == "<delete>":
                    del where[key]
                else:
                    where[key] = value
                yield mutated


def test_bad_fields_give_per_case_entries_never_a_crash() -> None:
    # CASES.md §1.3: a bad case gets an error entry (or a result), and every other case still runs.
    batch = [_strip(m) for case in CASES for m in _mutations(case)]
    for i, m in enumerate(batch):
        m["id"] = f"m{i}"
    results = calc_file({"variant": "sichuan", "cases": batch})["results"]
    assert [r["id"] for r in results] == [m["id"] for m in batch]
    for r in results:
        assert ("result" in r) != ("error" in r), r
    json.dumps(results)


def _cli(path: pathlib.Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "games.engine", "calc", str(path)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_command_prints_exactly_one_json_object(tmp_path: pathlib.Path) -> None:
    proc = _cli(CASE_FILE)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)  # raises if anything but one JSON document is printed
    assert list(out) == ["results"]
    assert [r["id"] for r in out["results"]] == [c["id"] for c in CASES]


@pytest.mark.parametrize(
    "content",
    ["not json", json.dumps({"variant": "sichuan"}), json.dumps({"variant": "mars", "cases": []})],
)
def test_an_unusable_file_exits_non_zero(tmp_path: pathlib.Path, content: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    proc = _cli(path)
    assert proc.returncode != 0
    assert proc.stdout.strip() == ""
    assert proc.stderr.strip()
