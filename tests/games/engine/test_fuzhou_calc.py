"""Fuzhou calculator cases (tests/games/engine/cases/fuzhou.json) through calc_file.

Every expectation in the case file is derived by hand from shared/rules/fuzhou.md and CASES.md §7
(the worked examples E1-E12 first); ``"expect": "error"`` means the case must come back as an
``{"id", "error"}`` entry. Results are compared per CASES.md §1.4 (patterns as a set, extra keys
allowed).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.engine.tiles import parse_tile, parse_tiles
from games.engine.variants.fuzhou import scoring
from tests.games.engine.casefile import (
    CASES_DIR,
    check_entry,
    cli_results,
    each_case,
    load_cases,
    run_case,
)

CASE_FILE = CASES_DIR / "fuzhou.json"
CASES = load_cases(CASE_FILE)


def _run(case: dict[str, Any]) -> dict[str, Any]:
    return run_case("fuzhou", case)


def test_it_has_unique_ids_and_a_reason_for_every_case() -> None:
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids))
    assert all(c.get("why") for c in CASES)


@each_case(CASES)
def test_it_matches_the_hand_derived_case(case: dict[str, Any]) -> None:
    check_entry(case, _run(case))


def test_it_always_returns_every_score_key() -> None:
    case = next(c for c in CASES if c["id"] == "fz-score-1")
    result = _run(case)["result"]
    assert set(result) >= {
        "huafan",
        "jin",
        "lianzhuang",
        "special_fan",
        "fan",
        "patterns",
        "deltas",
    }


def test_it_runs_the_whole_file_from_the_command_line() -> None:
    cli_results(CASE_FILE)


@pytest.mark.parametrize(
    ("tiles", "gold"),
    [
        ("123m345m678m22p456p7s9p", "9p"),
        ("5m5m114477m114477p", "5m"),
        ("1111m234p567p789p123s", "9s"),
    ],
)
def test_it_agrees_waits_with_legal_self_draw_wins(tiles: str, gold: str) -> None:
    hand, face = parse_tiles(tiles), parse_tile(gold)
    waits = scoring.waits(hand, (), face)
    for kind in range(27):
        ctx = scoring.WinContext(gold=face, win_tile=kind)
        legal = scoring.is_legal_win([*hand, kind], (), ctx)
        held = hand.count(kind)
        assert (kind in waits) == (legal and held < (3 if kind == face else 4))


# -- cross-check against a brute-force reading --------------------------------------------------


def _naive(counts: list[int], wild: int, sets: int, pair: bool) -> bool:
    """Can ``counts`` (27 suited kinds) plus ``wild`` jokers form exactly ``sets`` sets and, if
    ``pair``, one pair? Plain recursion on the lowest natural tile."""
    i = next((k for k in range(27) if counts[k]), None)
    if i is None:
        return wild == 3 * sets + 2 * pair
    options: list[tuple[list[int], int, int, bool]] = []  # (tiles used, jokers used, sets, pair)
    if pair:
        for n in (1, 2):
            if counts[i] >= n:
                options.append(([i] * n, 2 - n, 0, True))
    if sets:
        for n in (1, 2, 3):
            if counts[i] >= n:
                options.append(([i] * n, 3 - n, 1, False))
        pos = i % 9
        for start in (i - 2, i - 1, i):
            if start < i - pos or start % 9 > 6:
                continue
            run = [start, start + 1, start + 2]
            naturals = [t for t in run if t >= i and counts[t]]
            if i in naturals:
                options.append((naturals, 3 - len(naturals), 1, False))
    for used, jokers, s, p in options:
        if jokers > wild:
            continue
        for t in used:
            counts[t] -= 1
        ok = _naive(counts, wild - jokers, sets - s, pair and not p)
        for t in used:
            counts[t] += 1
        if ok:
            return True
    return False


def _random_hand(rng: random.Random) -> tuple[list[int], int]:
    gold = rng.randrange(27)
    tiles: list[int] = []
    for _ in range(5):
        if rng.random() < 0.6:
            base = rng.choice([k for k in range(27) if k % 9 <= 6])
            tiles += [base, base + 1, base + 2]
        else:
            tiles += [rng.randrange(27)] * 3
    tiles += [rng.randrange(27)] * 2
    for _ in range(rng.randrange(3)):
        tiles[rng.randrange(17)] = rng.randrange(27)
    for _ in range(rng.choice([0, 1, 2, 2, 3, 3, 4])):
        tiles[rng.randrange(17)] = gold
    return tiles, gold


def test_it_agrees_with_a_brute_force_reading_on_random_hands() -> None:
    rng = random.Random(5)
    checked = 0
    while checked < 400:
        tiles, gold = _random_hand(rng)
        if max(tiles.count(t) for t in set(tiles)) > 4 or tiles.count(gold) > 3:
            continue
        checked += 1
        naturals = [0] * 27
        for t in tiles:
            if t != gold:
                naturals[t] += 1
        golds = tiles.count(gold)
        assert scoring.is_standard(tiles, gold) == _naive(naturals, golds, 5, True), tiles
        assert scoring.is_jinque(tiles, gold) == (
            golds >= 2 and _naive(naturals, golds - 2, 5, False)
        )
        assert scoring.is_jinlong(tiles, gold) == (
            golds >= 3 and _naive(naturals, golds - 3, 4, True)
        )
        hand = tiles[:16]
        expect = []
        for face in range(27):
            held = hand.count(face)
            if held >= (3 if face == gold else 4):
                continue
            trial = [*hand, face]
            g = trial.count(gold)
            nat = [0] * 27
            for t in trial:
                if t != gold:
                    nat[t] += 1
            if g >= 3 or _naive(nat, g, 5, True):
                expect.append(face)
        assert scoring.waits(hand, (), gold) == expect, hand
