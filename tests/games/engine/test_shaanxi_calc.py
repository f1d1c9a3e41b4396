"""Shaanxi calculator cases (tests/games/engine/cases/shaanxi.json) through calc_file.

Every expectation in the case file is derived by hand from shared/rules/shaanxi.md and CASES.md §4;
``"expect": "error"`` means the case must come back as an ``{"id", "error"}`` entry. Results are
compared per CASES.md §1.4.
"""

from __future__ import annotations

from typing import Any

from games.engine.variants.shaanxi import RANK_TIERS, rank_for
from tests.games.engine.casefile import (
    CASES_DIR,
    check_entry,
    cli_results,
    each_case,
    load_cases,
    run_case,
)

CASE_FILE = CASES_DIR / "shaanxi.json"
CASES = load_cases(CASE_FILE)


def _run(case: dict[str, Any]) -> dict[str, Any]:
    return run_case("shaanxi", case)


@each_case(CASES)
def test_it_matches_the_hand_derived_case(case: dict[str, Any]) -> None:
    check_entry(case, _run(case))


def test_it_scores_every_shape_zero_sum() -> None:
    for case in CASES:
        if case["kind"] == "score" and case["expect"] != "error":
            result = _run(case)["result"]
            for key in ("hu", "paozi", "deltas", "kong_deltas", "hand_deltas"):
                assert sum(result[key]) == 0, (case["id"], key)


def test_it_runs_the_whole_file_from_the_command_line() -> None:
    cli_results(CASE_FILE)


def test_it_exposes_the_rank_table_for_ratings() -> None:
    assert len(RANK_TIERS) == 17
    thresholds = [t for _, t in RANK_TIERS]
    assert thresholds == sorted(thresholds)
    for name, threshold in RANK_TIERS[1:]:
        assert rank_for(threshold) == name
        assert rank_for(threshold - 1) != name
