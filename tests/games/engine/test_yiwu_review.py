"""Independent review cases for the Yiwu calculator (cases/yiwu_review.json), compared per CASES.md §1.4.

The cases were computed by hand from shared/rules/yiwu.md and CASES.md §6; see each case's `why`.
"""

from __future__ import annotations

from typing import Any

from tests.games.engine.casefile import (
    CASES_DIR,
    check_entry,
    cli_results,
    each_case,
    load_cases,
    run_file,
)

CASE_FILE = CASES_DIR / "yiwu_review.json"
CASES = load_cases(CASE_FILE)


@each_case(CASES)
def test_review_case(case: dict[str, Any]) -> None:
    check_entry(case, run_file(CASE_FILE)[case["id"]])


def test_the_command_prints_exactly_one_json_object() -> None:
    cli_results(CASE_FILE)
