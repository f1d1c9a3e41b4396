"""Independent review cases for the Fuzhou calculator (cases/fuzhou_review.json), compared per CASES.md §1.4.

The cases were computed by hand from shared/rules/fuzhou.md and CASES.md §7 (generator:
generators/make_fuzhou_review_cases.py); see each case's `why`. `{"error": ...}` as `expect` means
the case must come back as an error entry (CASES.md §1.3).
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

CASE_FILE = CASES_DIR / "fuzhou_review.json"
CASES = load_cases(CASE_FILE)


def test_the_file_has_unique_ids_and_reasons() -> None:
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids)) and len(ids) >= 60
    assert all(c.get("why") for c in CASES)


@each_case(CASES)
def test_review_case(case: dict[str, Any]) -> None:
    check_entry(case, run_file(CASE_FILE)[case["id"]])


def test_the_command_prints_exactly_one_json_object() -> None:
    cli_results(CASE_FILE)
