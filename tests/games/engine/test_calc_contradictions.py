"""CASES.md §1.3 in all five calculators: a well-formed `win` case whose context contradicts
itself (天胡 on a discard, a win tile the hand does not hold, a robbed kong won by self-draw ...)
cannot win, so it answers ``false``; errors are for malformed input only. The same facts in a
`score` case, which must be a legal win, stay errors."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.calc import calc_case

# (variant, concealed, melds, wild, context): each a legal win as given
_LEGAL: dict[str, tuple[str, list[dict[str, Any]], str | None, dict[str, Any]]] = {
    "sichuan": ("123m456m789m22p345p", [], None, {"missing_suit": "s"}),
    "shaanxi": ("123m456m789m22p345s", [], None, {"win_type": "discard", "win_tile": "3s"}),
    "wuhan": (
        "123m456m22p345s",
        [{"type": "pung", "tiles": "999p", "from": 1}],
        "1z",
        {"win_type": "discard", "win_tile": "3s", "opened": True},
    ),
    "yiwu": ("123m456m789m22p345s", [], "1z", {"win_type": "discard", "win_tile": "3s"}),
    "fuzhou": (
        "123m345m678m22p456p7s9p8s",
        [],
        "9p",
        {"gold": "9p", "win_type": "discard", "win_tile": "8s"},
    ),
}


def _win(variant: str, **context: Any) -> dict[str, Any]:
    concealed, melds, wild, ctx = _LEGAL[variant]
    return calc_case(
        variant,
        {
            "id": "c",
            "kind": "win",
            "concealed": concealed,
            "melds": melds,
            "wild": wild,
            "context": {**ctx, **context},
        },
    )


@pytest.mark.parametrize("variant", sorted(_LEGAL))
def test_the_base_cases_are_legal_wins(variant: str) -> None:
    assert _win(variant) == {"id": "c", "result": True}


@pytest.mark.parametrize(
    ("variant", "context"),
    [
        ("fuzhou", {"special": "tianhu"}),  # 天胡 is a self-draw, the case says discard
        ("fuzhou", {"special": "qiangjin"}),
        ("fuzhou", {"win_tile": "1s"}),  # not in the hand
        ("shaanxi", {"win_tile": "9s"}),
        ("shaanxi", {"win_tile": "9s", "win_type": "self_draw"}),
        ("wuhan", {"win_tile": "9s"}),
        ("wuhan", {"situations": ["gang_shang_hua"]}),  # needs a self-draw
        ("wuhan", {"win_type": "self_draw", "situations": ["qiang_gang"]}),
        ("yiwu", {"win_tile": "9s"}),
        ("yiwu", {"replacement_draw": True}),  # 杠开 is a self-draw
        ("yiwu", {"win_type": "self_draw", "robbing_kong": True}),  # 抢杠 is a discard win
    ],
)
def test_a_self_contradicting_win_case_is_false_not_an_error(
    variant: str, context: dict[str, Any]
) -> None:
    assert _win(variant, **context) == {"id": "c", "result": False}


@pytest.mark.parametrize(
    ("variant", "context"),
    [
        ("fuzhou", {"win_type": "robbed"}),
        ("fuzhou", {"win_tile": "1x"}),
        ("fuzhou", {"win_tile": None}),  # a discard win without its tile: a missing field
        ("shaanxi", {"win_type": 3}),
        ("wuhan", {"situations": ["nope"]}),
        ("yiwu", {"replacement_draw": 3}),
        ("yiwu", {"win_tile": None}),
        ("sichuan", {"missing_suit": "z"}),
    ],
)
def test_malformed_input_is_still_an_error(variant: str, context: dict[str, Any]) -> None:
    assert "error" in _win(variant, **context)


def test_a_score_case_that_contradicts_itself_is_still_an_error() -> None:
    # given Fuzhou's legal discard win, scored as 天胡 on a discard
    out = calc_case(
        "fuzhou",
        {
            "id": "s",
            "kind": "score",
            "concealed": "123m345m678m22p456p7s9p8s",
            "melds": [],
            "wild": "9p",
            "win_tile": "8s",
            "win_type": "discard",
            "winner": 1,
            "discarder": 0,
            "dealer": 1,
            "context": {"gold": "9p", "special": "tianhu", "flowers": []},
        },
    )
    # then it is not valid input for a score (CASES.md §1.3)
    assert "error" in out
