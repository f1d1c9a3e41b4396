"""The doctests of the engine's public modules (STYLE.md §5: public API docstrings carry doctests)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "games.engine",
    "games.engine.actions",
    "games.engine.registry",
    "games.engine.wall",
    "games.engine.fastwin",
]


@pytest.mark.parametrize("name", MODULES)
def test_it_passes_the_doctests(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0
