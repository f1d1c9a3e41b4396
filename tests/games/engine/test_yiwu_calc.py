"""Yiwu calculator cases (tests/games/engine/cases/yiwu.json) per CASES.md §1.4.

``"expect": {"error": true}`` means the case must come back as an ``{"id", "error"}`` entry.
"""

from __future__ import annotations

from typing import Any

from tests.games.engine.casefile import (
    CASES_DIR,
    check_entry,
    cli_results,
    each_case,
    load_cases,
    run_case,
)

CASE_FILE = CASES_DIR / "yiwu.json"
CASES = load_cases(CASE_FILE)


@each_case(CASES)
def test_it_matches_the_expected_result(case: dict[str, Any]) -> None:
    check_entry(case, run_case("yiwu", case))


def test_it_runs_the_whole_file_through_the_command_line() -> None:
    cli_results(CASE_FILE)
