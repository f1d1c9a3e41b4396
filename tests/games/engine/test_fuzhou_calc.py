"""Fuzhou calculator cases (tests/games/engine/cases/fuzhou.json) through calc_file.

Every expectation in the case file is derived by hand from shared/rules/fuzhou.md and CASES.md §7
(the worked examples E1-E12 first); ``"expect": "error"`` means the case must come back as an
``{"id", "error"}`` entry. Results are compared per CASES.md §1.4 (patterns as a set, extra keys
allowed).
"""

from __future__ import annotations

import json
import pathlib
import random
import subprocess
import sys
from typing import Any

import pytest

from games.engine.calc import calc_file
from games.engine.tiles import parse_tile, parse_tiles
from games.engine.variants.fuzhou import scoring

CASE_FILE = pathlib.Path(__file__).parent / "cases" / "fuzhou.json"
CASES = json.loads(CASE_FILE.read_text(encoding="utf-8"))["cases"]
REPO = pathlib.Path(__file__).resolve().parents[3]


def _equal(expected: Any, actual: Any, key: str | None = None) -> bool:
    if key == "patterns":
        return (
            isinstance(actual, list)
            and sorted(expected) == sorted(actual)
            and len(set(actual)) == len(actual)
        )
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            k in actual and _equal(v, actual[k], k) for k, v in expected.items()
        )
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(expected) == len(actual)
            and all(_equal(e, a) for e, a in zip(expected, actual, strict=True))
        )
    return type(expected) is type(actual) and expected == actual


def _run(case: dict[str, Any]) -> dict[str, Any]:
    stripped = {k: v for k, v in case.items() if k not in ("expect", "why")}
    (entry,) = calc_file({"variant": "fuzhou", "cases": [stripped]})["results"]
    return entry


def test_it_has_unique_ids_and_a_reason_for_every_case() -> None:
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids))
    assert all(c.get("why") for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_it_matches_the_hand_derived_case(case: dict[str, Any]) -> None:
    entry = _run(case)
    assert entry["id"] == case["id"]
    if case["expect"] == "error":
        assert "error" in entry and "result" not in entry, entry
        assert isinstance(entry["error"], str) and entry["error"]
        return
    assert "result" in entry, entry
    result = entry["result"]
    if case["kind"] == "waits":
        assert result == sorted(result, key=parse_tile), "waits are in NOTATION order"
        assert sorted(result) == sorted(case["expect"]), result
    else:
        assert _equal(case["expect"], result), result


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


@pytest.mark.skipif(not (REPO / "games" / "engine" / "__main__.py").exists(), reason="no CLI yet")
def test_it_runs_the_whole_file_from_the_command_line(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "cases.json"
    path.write_text(json.dumps({"variant": "fuzhou", "cases": CASES}), encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "games.engine", "calc", str(path)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    results = json.loads(proc.stdout)["results"]
    assert [r["id"] for r in results] == [c["id"] for c in CASES]


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
