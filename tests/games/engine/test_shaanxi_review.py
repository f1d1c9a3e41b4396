"""Independent acceptance review of the Shaanxi calculator (tests/games/engine/cases/shaanxi_review.json).

The case file was written by hand from shared/rules/shaanxi.md and CASES.md §1, §2, §4 before the
implementation was read; ``"expect": "error"`` means the case must come back as an error entry.
The whole file goes through ``calc_file`` once, as the acceptance harness does, and every entry is
compared per CASES.md §1.4 (tests/games/engine/casefile.py).
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from games.engine.calc import calc_file
from tests.games.engine.casefile import (
    CASES_DIR,
    check_entry,
    cli_results,
    each_case,
    load_cases,
    run_file,
    strip,
)

CASE_FILE = CASES_DIR / "shaanxi_review.json"
CASES = load_cases(CASE_FILE)
RESULTS = list(run_file(CASE_FILE).values())


def test_it_returns_one_entry_per_case_in_order() -> None:
    assert [r["id"] for r in RESULTS] == [c["id"] for c in CASES]
    assert all(len({"result", "error"} & set(r)) == 1 for r in RESULTS)


@each_case(CASES)
def test_it_matches_the_reviewed_case(case: dict[str, Any]) -> None:
    check_entry(case, run_file(CASE_FILE)[case["id"]])


def test_it_prints_exactly_one_json_object_from_the_command_line() -> None:
    results = cli_results(CASE_FILE)
    assert results == json.loads(json.dumps(RESULTS, ensure_ascii=False))


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
    valid = [strip(c) for c in CASES if c["expect"] != "error"]
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
