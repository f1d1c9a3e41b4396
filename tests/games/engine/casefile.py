"""Shared helpers for the calculator case files (tests/games/engine/cases/<variant>[_review].json).

A case file is a CASES.md §1.1 input whose cases also carry ``expect`` and ``why``. An error case
writes ``"expect": "error"`` or ``"expect": {"error": ...}`` (yiwu.json and the Fuzhou/Yiwu review
files); either means the case must come back as an ``{"id", "error"}`` entry (§1.3).

- ``compare`` is the comparison of CASES.md §1.4; ``check_entry`` applies it to one output entry
  together with the §1.2 shape rules (exactly one of result/error; waits once each, NOTATION order).
- ``run_case`` / ``run_file`` call ``calc_file`` as the acceptance harness does (without
  ``expect``/``why``); ``calc_cli`` / ``cli_results`` run ``python -m games.engine calc``.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from games.engine.calc import calc_file

REPO = Path(__file__).resolve().parents[3]
CASES_DIR = Path(__file__).resolve().parent / "cases"
FLOAT_TOLERANCE = 1e-6
"""CASES.md §1.4: if either number is a float, the two compare numerically within 1e-6."""
HARNESS_DROPS = ("expect", "why")
"""CASES.md §1.1: the acceptance harness removes these keys before it calls the calculator."""
NOTATION_SUITS = "mpszf"

Case = dict[str, Any]


def load_cases(path: Path) -> list[Case]:
    """The ``cases`` list of a case file."""
    cases: list[Case] = json.loads(path.read_text(encoding="utf-8"))["cases"]
    return cases


def each_case(cases: list[Case]) -> pytest.MarkDecorator:
    """Parametrize a test over ``case``, one test per case named by its id."""
    return pytest.mark.parametrize("case", cases, ids=[c["id"] for c in cases])


def strip(case: Case) -> Case:
    """What the acceptance harness sends: the case without ``expect`` and ``why``."""
    return {k: v for k, v in case.items() if k not in HARNESS_DROPS}


def expects_error(case: Case) -> bool:
    expect = case["expect"]
    return expect == "error" or (isinstance(expect, dict) and "error" in expect)


def notation_key(tile: str) -> tuple[int, int]:
    """NOTATION order: suit m, p, s, z, f, then number."""
    return NOTATION_SUITS.index(tile[1]), int(tile[0])


def compare(expected: Any, actual: Any, kind: str | None = None) -> bool:
    """CASES.md §1.4: does ``actual`` (a calculator result) match ``expected``?

    >>> compare(["6p", "3p"], ["3p", "6p"], kind="waits")
    True
    >>> compare({"fan": 4, "patterns": ["a", "b"]}, {"fan": 4.0, "patterns": ["b", "a"], "x": 1})
    True
    >>> compare({"patterns": ["a"]}, {"patterns": ["a", "a"]}), compare(True, 1)
    (False, False)
    """
    if kind == "waits":
        return isinstance(actual, list) and sorted(expected) == sorted(actual)
    return _equal(expected, actual)


def _equal(expected: Any, actual: Any, key: str | None = None) -> bool:
    if key == "patterns" and isinstance(expected, list):
        # compared as a set: each id once, none missing, none extra
        return (
            isinstance(actual, list)
            and sorted(expected) == sorted(actual)
            and len(set(actual)) == len(actual)
        )
    if isinstance(expected, dict):
        # extra keys in the result are allowed and ignored
        return isinstance(actual, dict) and all(
            k in actual and _equal(v, actual[k], k) for k, v in expected.items()
        )
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(expected) == len(actual)
            and all(_equal(e, a) for e, a in zip(expected, actual, strict=True))
        )
    if isinstance(expected, float) or isinstance(actual, float):
        return (
            _is_number(expected)
            and _is_number(actual)
            and abs(expected - actual) <= FLOAT_TOLERANCE
        )
    return type(expected) is type(actual) and expected == actual


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def check_entry(case: Case, entry: dict[str, Any]) -> None:
    """Assert that one output entry answers ``case`` (CASES.md §1.2-§1.4)."""
    why = case.get("why", "")
    assert entry["id"] == case["id"], entry
    assert ("result" in entry) != ("error" in entry), entry
    if expects_error(case):
        assert isinstance(entry.get("error"), str) and entry["error"], (
            f"{why}: expected an error, got {entry}"
        )
        return
    result = entry["result"]
    if case["kind"] == "waits":
        assert result == sorted(set(result), key=notation_key), (
            f"{why}: waits must be each kind once, in NOTATION order: {result}"
        )
    assert compare(case["expect"], result, case["kind"]), (
        f"{why}: expected {case['expect']}, got {result}"
    )


def run_case(variant: str, case: Case) -> dict[str, Any]:
    """One case alone through ``calc_file``; returns its entry."""
    (entry,) = calc_file({"variant": variant, "cases": [strip(case)]})["results"]
    return entry


@functools.cache
def run_file(path: Path) -> dict[str, dict[str, Any]]:
    """The whole file through ``calc_file`` in one call, as the harness does; entries by id, in
    file order. Cached: the review modules look every case up in one run."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    cases = doc["cases"]
    entries = calc_file({"variant": doc["variant"], "cases": [strip(c) for c in cases]})["results"]
    assert [e["id"] for e in entries] == [c["id"] for c in cases]
    return {e["id"]: e for e in entries}


def calc_cli(path: Path) -> subprocess.CompletedProcess[str]:
    """``python -m games.engine calc PATH`` as CASES.md §1 runs it: from the repository root with
    only the root and platform/ on PYTHONPATH (no Django settings in the environment)."""
    return subprocess.run(
        [sys.executable, "-m", "games.engine", "calc", str(path)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={"PYTHONPATH": f"{REPO}{os.pathsep}{REPO / 'platform'}", "PATH": "/usr/bin:/bin"},
    )


def cli_results(path: Path) -> list[dict[str, Any]]:
    """Run the command on a case file; assert exit 0, one JSON object with only ``results`` on
    stdout, one entry per case in file order; return the entries."""
    proc = calc_cli(path)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)  # raises on anything but exactly one JSON document
    assert list(out) == ["results"], list(out)
    results: list[dict[str, Any]] = out["results"]
    assert [r["id"] for r in results] == [c["id"] for c in load_cases(path)]
    return results
