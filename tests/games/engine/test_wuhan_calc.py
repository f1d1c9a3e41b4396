"""Wuhan calculator cases (tests/games/engine/cases/wuhan.json) through calc_file.

Every expectation in the case file is derived by hand from shared/rules/wuhan.md and CASES.md §5;
``"expect": "error"`` means the case must come back as an ``{"id", "error"}`` entry. Results are
compared per CASES.md §1.4.
"""

from __future__ import annotations

from typing import Any

from games.engine.variants.wuhan import RANK_TIERS, rank_for
from tests.games.engine.casefile import (
    CASES_DIR,
    check_entry,
    cli_results,
    each_case,
    load_cases,
    run_case,
)

CASE_FILE = CASES_DIR / "wuhan.json"
CASES = load_cases(CASE_FILE)


def _run(case: dict[str, Any]) -> dict[str, Any]:
    return run_case("wuhan", case)


@each_case(CASES)
def test_it_matches_the_hand_derived_case(case: dict[str, Any]) -> None:
    check_entry(case, _run(case))


def test_it_scores_every_shape_zero_sum() -> None:
    for case in CASES:
        if case["kind"] == "score" and case["expect"] != "error":
            result = _run(case)["result"]
            for key in ("deltas",):
                assert sum(result[key]) == 0, (case["id"], key)


def test_it_runs_the_whole_file_from_the_command_line() -> None:
    cli_results(CASE_FILE)


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
