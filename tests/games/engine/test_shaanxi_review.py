"""Independent acceptance review of the Shaanxi calculator (tests/games/engine/cases/shaanxi_review.json).

The case file was written by hand from shared/rules/shaanxi.md and CASES.md §1, §2, §4 before the
implementation was read; ``"expect": "error"`` means the case must come back as an error entry.
The whole file goes through ``calc_file`` once, as the acceptance harness does, and every entry is
compared per CASES.md §1.4 with the helper of test_shaanxi_calc.py.
"""

from __future__ import annotations

import copy
import json
import pathlib
import random
import subprocess
import sys
from typing import Any

import pytest

from games.engine.calc import calc_file
from tests.games.engine.test_shaanxi_calc import _equal, _order

CASE_FILE = pathlib.Path(__file__).parent / "cases" / "shaanxi_review.json"
CASES = json.loads(CASE_FILE.read_text(encoding="utf-8"))["cases"]
REPO = pathlib.Path(__file__).resolve().parents[3]


def _strip(case: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in case.items() if k not in ("expect", "why")}


RESULTS = calc_file({"variant": "shaanxi", "cases": [_strip(c) for c in CASES]})["results"]


def test_it_returns_one_entry_per_case_in_order() -> None:
    assert [r["id"] for r in RESULTS] == [c["id"] for c in CASES]
    assert all(len({"result", "error"} & set(r)) == 1 for r in RESULTS)


@pytest.mark.parametrize(
    ("case", "entry"), list(zip(CASES, RESULTS, strict=True)), ids=[c["id"] for c in CASES]
)
def test_it_matches_the_reviewed_case(case: dict[str, Any], entry: dict[str, Any]) -> None:
    if case["expect"] == "error":
        assert "error" in entry and "result" not in entry, f"{case['why']}: {entry}"
        assert isinstance(entry["error"], str) and entry["error"]
        return
    assert "error" not in entry, f"{case['why']}: {entry}"
    result = entry["result"]
    if case["kind"] == "waits":
        assert sorted(result) == sorted(case["expect"]), f"{case['why']}: {result}"
        assert result == sorted(result, key=_order)
        assert len(set(result)) == len(result)
        return
    assert _equal(case["expect"], result), f"{case['why']}: expected {case['expect']}, got {result}"


def test_it_prints_exactly_one_json_object_from_the_command_line() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "games.engine", "calc", str(CASE_FILE)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    out = json.loads(proc.stdout)  # json.loads rejects any trailing text
    assert set(out) == {"results"}
    assert out["results"] == json.loads(json.dumps(RESULTS, ensure_ascii=False))


_JUNK: list[Any] = [
    None,
    True,
    0,
    -1,
    5,
    1.5,
    "",
    "x",
    "9z",
    "7s",
    [],
    [1, 2, 3],
    {},
    {"a": 1},
    [{}],
]


def _paths(obj: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    items = (
        obj.items() if isinstance(obj, dict) else enumerate(obj) if isinstance(obj, list) else []
    )
    for key, value in items:
        if prefix + (key,) != ("id",):
            out.append(prefix + (key,))
        out.extend(_paths(value, prefix + (key,)))
    return out


def _mutants(seed: int, count: int) -> list[dict[str, Any]]:
    """Seeded copies of valid cases with one field deleted or replaced by a wrong-typed value."""
    rng = random.Random(seed)
    valid = [_strip(c) for c in CASES if c["expect"] != "error"]
    out = []
    for i in range(count):
        case = copy.deepcopy(rng.choice(valid))
        path = rng.choice(_paths(case))
        parent = case
        for key in path[:-1]:
            parent = parent[key]
        if isinstance(parent, dict) and rng.random() < 0.3:
            del parent[path[-1]]
        else:
            parent[path[-1]] = copy.deepcopy(rng.choice(_JUNK))
        case["id"] = f"mutant-{i}"
        out.append(case)
    return out


def test_it_never_lets_a_malformed_case_stop_the_run() -> None:
    mutants = _mutants(seed=7, count=400)
    results = calc_file({"variant": "shaanxi", "cases": mutants})["results"]
    assert [r["id"] for r in results] == [m["id"] for m in mutants]
    for entry in results:
        assert len({"result", "error"} & set(entry)) == 1, entry
        json.dumps(entry, allow_nan=False)
