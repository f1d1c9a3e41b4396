"""Sichuan calculator cases (tests/games/engine/cases/sichuan.json) and the scoring API.

Every expectation in the case file is derived by hand from shared/rules/sichuan.md and CASES.md §3
(the §15 / §3.4 worked examples included); ``"expect": "error"`` means the case must come back as
an ``{"id", "error"}`` entry. Results are compared per CASES.md §1.4.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.errors import InvalidCaseError
from games.engine.tiles import parse_meld, parse_tile, parse_tiles
from games.engine.variants.sichuan import calc as sichuan_calc
from games.engine.variants.sichuan import scoring, settle
from games.engine.variants.sichuan.scoring import (
    ScoreContext,
)
from games.engine.variants.sichuan.settle import (
    KongEvent,
    Ledger,
    WinEvent,
    WinnerHand,
)
from tests.games.engine.casefile import (
    CASES_DIR,
    check_entry,
    cli_results,
    each_case,
    load_cases,
    run_case,
)
from tests.games.engine.doctests import run_doctests

CASE_FILE = CASES_DIR / "sichuan.json"
CASES = load_cases(CASE_FILE)


def _run(case: dict[str, Any]) -> dict[str, Any]:
    return run_case("sichuan", case)


@each_case(CASES)
def test_it_matches_the_hand_derived_case(case: dict[str, Any]) -> None:
    check_entry(case, _run(case))


def test_it_keeps_every_delta_vector_zero_sum() -> None:
    for case in CASES:
        if case["expect"] == "error" or case["kind"] not in ("score", "settle"):
            continue
        result = _run(case)["result"]
        if case["kind"] == "score" or case["context"]["event"] in ("draw", "escape", "multi_win"):
            assert sum(result["deltas"]) == 0, case["id"]
        elif case["context"]["event"] == "game":
            assert sum(result["points"]) == 0, case["id"]
            assert sum(result["deltas"]) + result["rake"] == 0, case["id"]


def test_it_covers_every_worked_example_and_every_basic_pattern() -> None:
    ids = {c["id"] for c in CASES}
    for example in (
        "sc-win-1",
        "sc-win-2",
        "sc-waits-1",
        "sc-score-1",
        "sc-score-2",
        "sc-settle-draw",
        "sc-settle-multi",
        "sc-settle-game",
        "sc-settle-coins",
        "sc-settle-escape",
    ):
        assert example in ids
    seen = {
        p
        for c in CASES
        if c["kind"] == "score" and c["expect"] != "error"
        for p in c["expect"]["patterns"]
    }
    assert set(scoring.BASIC_FAN) | {"gangshanghua", "gangshangpao"} <= seen


def test_calc_case_direct_raises_invalid_case_error() -> None:
    with pytest.raises(InvalidCaseError):
        sichuan_calc.calc_case({"id": "x", "kind": "settle", "context": {"event": "nope"}})


@pytest.mark.parametrize("win_type", [True, 99, None, {}, "tsumo"])
def test_a_bad_win_type_is_named_in_the_error_on_both_engines(win_type: object) -> None:
    """The compiled scorer takes only a str: calc checks win_type itself, for the same message."""
    case = {
        "id": "x",
        "kind": "score",
        "concealed": "12345678999p",
        "melds": [{"type": "pung", "tiles": "555p", "from": 2}],
        "win_tile": "9p",
        "win_type": win_type,
        "winner": 1,
        "dealer": 0,
        "context": {"missing_suit": "m"},
    }
    with pytest.raises(InvalidCaseError, match="win_type"):  # (None: "case needs 'win_type'")
        sichuan_calc.calc_case(case)
    case["kind"] = "settle"
    win = {"type": "win", "win_type": win_type, "discarder": 0, "winners": []}
    case["context"] = {"event": "game", "mode": "normal", "dealer": 0, "events": [win]}
    with pytest.raises(InvalidCaseError, match="win_type"):
        sichuan_calc.calc_case(case)


def test_it_runs_doctests_of_the_public_api() -> None:
    for module in (scoring, sichuan_calc):
        failures, tried = run_doctests(module)
        assert tried > 0 and failures == 0, module.__name__


def test_it_lets_the_play_engine_score_with_parsed_tiles() -> None:
    # given example 2 as the live engine holds it
    pung = parse_meld({"type": "pung", "tiles": "555p", "from": 2})
    # when
    sc = scoring.score(
        parse_tiles("12345678999p"),
        [pung],
        parse_tile("9p"),
        "self_draw",
        1,
        None,
        0,
        ScoreContext(missing_suit="m"),
    )
    # then
    assert (sc.fan, sc.basic, sc.gen, sc.deltas) == (4, "qingyise", 1, (-48, 144, -48, -48))


def test_it_replays_a_ledger_step_by_step() -> None:
    led = Ledger(mode="normal", dealer=0)
    led.apply(KongEvent(seat=0, kind="kong_added", tile=parse_tile("6s")))
    hand = WinnerHand(1, tuple(parse_tiles("123456789m12399p")), (), "s", gangshangpao=True)
    led.apply(WinEvent("discard", (hand,), discarder=0))
    # the kong's 18 goes 0 -> 1 with the 12-point 杠上炮 win
    assert led.points == [18 - 30, -6 + 30, -6, -6]
    assert led.ended and led.kongs[0].transferred
    with pytest.raises(InvalidCaseError):
        led.apply(KongEvent(seat=2, kind="kong_concealed", tile=0))


def test_dajiao_value_is_zero_for_a_pig_hand_and_counts_roots() -> None:
    assert settle.dajiao_value(parse_tiles("3m1122556p23455s"), [], "m") == 0
    assert settle.dajiao_value(parse_tiles("111m23m456p789p55p"), [], "s") == 12


def test_it_runs_the_whole_file_from_the_command_line() -> None:
    by_id = {r["id"]: r for r in cli_results(CASE_FILE)}
    assert by_id["sc-settle-multi"]["result"]["deltas"] == [-72, 30, 0, 42]
