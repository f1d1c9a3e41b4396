"""The doctests of the engine's public modules (STYLE.md §5: public API docstrings carry doctests),
read from the source so that they also run against the compiled engine (tests/games/engine/doctests.py)."""

from __future__ import annotations

import importlib

import pytest

from tests.games.engine.doctests import run_doctests

MODULES = [
    "games.engine",
    "games.engine.actions",
    "games.engine.registry",
    "games.engine.wall",
    "games.engine.expert",
    "games.engine.expert.shape",
]


@pytest.mark.parametrize("name", MODULES)
def test_it_passes_the_doctests(name):
    result = run_doctests(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0
