"""Every pattern key a variant's scorer emits has a display name (games/engine/patterns.py).

The keys are collected from what the engine really does: a few hundred bot hands per variant and
option mode (win records and events), and every case file expectation. A new pattern without a
name fails here.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import games.engine as engine
from games.engine import patterns
from games.engine.patterns import BY_VARIANT, PATTERN_NAMES, pattern_name, pattern_names_json
from games.engine.simulate import play_hand
from tests.games.engine.doctests import run_doctests

HANDS = 300
CASES_DIR = Path(__file__).resolve().parent / "cases"
PLAYABLE = [key for key, v in engine.VARIANTS.items() if v.playable]


def _modes(variant: str) -> list[dict[str, Any]]:
    """Every combination of the variant's boolean options (the play modes), others at default."""
    schema = engine.VARIANTS[variant].option_schema
    flags = [name for name, (kind, _) in schema.items() if kind is bool]
    return [dict(zip(flags, values, strict=True)) for values in itertools.product((False, True), repeat=len(flags))]  # fmt: skip


MODES = [(v, opts) for v in PLAYABLE for opts in _modes(v)]


def _keys_in(obj: Any) -> Iterator[str]:
    """Every entry of a ``patterns`` list (or ``patterns_by_seat`` values) anywhere in ``obj``."""
    if isinstance(obj, dict):
        for key, value in obj.items():
            if key == "patterns" and isinstance(value, list):
                yield from value
            elif key == "patterns_by_seat" and isinstance(value, dict):
                for pats in value.values():
                    yield from pats
            else:
                yield from _keys_in(value)
    elif isinstance(obj, list):
        for item in obj:
            yield from _keys_in(item)


def _emitted(variant: str, options: dict[str, Any]) -> set[str]:
    found: set[str] = set()
    for i in range(HANDS):
        state, events, _ = play_hand(variant, options, f"patterns:{i}", checked=False)
        found.update(_keys_in(list(state.wins)))
        found.update(_keys_in(events))
    return found


@pytest.mark.parametrize(("variant", "options"), MODES, ids=[f"{v}-{o}" for v, o in MODES])
def test_every_pattern_a_simulated_hand_emits_has_a_name(variant, options) -> None:
    emitted = _emitted(variant, options)
    assert emitted, "no hand was won: the simulation checks nothing"
    assert emitted - set(BY_VARIANT.get(variant, {})) == set()
    assert all(pattern_name(k, "zh") != k for k in emitted)


CASE_FILES = sorted(CASES_DIR.glob("*.json"))


@pytest.mark.parametrize("path", CASE_FILES, ids=[p.name for p in CASE_FILES])
def test_every_pattern_a_case_file_expects_has_a_name(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    expected = {k for case in data["cases"] for k in _keys_in(case.get("expect"))}
    assert expected, "no case expects a pattern: the file checks nothing"
    assert expected - set(BY_VARIANT[data["variant"]]) == set()


def test_the_case_files_cover_every_variant() -> None:
    variants = {json.loads(p.read_text(encoding="utf-8"))["variant"] for p in CASE_FILES}
    assert set(PLAYABLE) <= variants <= set(BY_VARIANT)


def test_a_key_shared_by_variants_has_one_name() -> None:
    for names in BY_VARIANT.values():
        for key, pair in names.items():
            assert PATTERN_NAMES[key] == pair, key


def test_every_name_is_filled_in() -> None:
    for key, (zh, en) in PATTERN_NAMES.items():
        assert zh and en and zh != en and not zh.isascii(), key


@pytest.mark.parametrize(
    ("key", "lang", "shown"),
    [
        ("pinghu", "zh", "平胡"),
        ("pinghu", "zh-hans", "平胡"),
        ("pinghu", "en", "Plain win (平胡)"),
        ("sanjindao", "", "Three golds (三金倒)"),
        ("fang_hu", "zh", "放胡"),
        ("mystery", "zh", "mystery"),
        ("mystery", "en", "mystery"),
    ],
)
def test_pattern_name(key, lang, shown) -> None:
    assert pattern_name(key, lang) == shown


def test_the_json_map_holds_every_key_as_english_then_chinese() -> None:
    data = pattern_names_json()
    assert set(data) == set(PATTERN_NAMES)
    assert data["duiduihu"] == ["All pungs", "对对胡"]
    assert json.loads(json.dumps(data, ensure_ascii=False)) == data


def test_the_module_passes_its_doctests() -> None:
    result = run_doctests(patterns)
    assert result.failed == 0 and result.attempted > 0
