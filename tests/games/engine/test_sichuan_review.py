"""Independent acceptance review of the Sichuan calculator (cases/sichuan_review.json).

The case file was written by hand from shared/rules/sichuan.md and CASES.md §1-§3 before reading
the implementation; each case's ``why`` names the spec sentence it tests. ``"expect": "error"``
means the case must come back as an ``{"id", "error"}`` entry. Results are compared per CASES.md
§1.4 (tests/games/engine/casefile.py).
"""

from __future__ import annotations

import copy
import json
import pathlib
from typing import Any

import pytest

from games.engine.calc import calc_file
from tests.games.engine.casefile import (
    CASES_DIR,
    calc_cli,
    check_entry,
    cli_results,
    each_case,
    load_cases,
    run_case,
    strip,
)

CASE_FILE = CASES_DIR / "sichuan_review.json"
CASES = load_cases(CASE_FILE)
BAD_VALUES = (None, True, -1, 99, 1.5, "x", "9z", [], {}, [1, 2])


def _run(case: dict[str, Any]) -> dict[str, Any]:
    return run_case("sichuan", case)


def test_the_file_is_big_enough_and_ids_are_unique() -> None:
    ids = [c["id"] for c in CASES]
    assert len(ids) >= 60 and len(set(ids)) == len(ids)
    assert {"win", "waits", "score", "settle"} <= {c["kind"] for c in CASES}


@each_case(CASES)
def test_it_matches_the_review_case(case: dict[str, Any]) -> None:
    check_entry(case, _run(case))


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
    batch = [strip(m) for case in CASES for m in _mutations(case)]
    for i, m in enumerate(batch):
        m["id"] = f"m{i}"
    results = calc_file({"variant": "sichuan", "cases": batch})["results"]
    assert [r["id"] for r in results] == [m["id"] for m in batch]
    for r in results:
        assert ("result" in r) != ("error" in r), r
    json.dumps(results)


def test_the_command_prints_exactly_one_json_object() -> None:
    cli_results(CASE_FILE)


@pytest.mark.parametrize(
    "content",
    ["not json", json.dumps({"variant": "sichuan"}), json.dumps({"variant": "mars", "cases": []})],
)
def test_an_unusable_file_exits_non_zero(tmp_path: pathlib.Path, content: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    proc = calc_cli(path)
    assert proc.returncode != 0
    assert proc.stdout.strip() == ""
    assert proc.stderr.strip()
