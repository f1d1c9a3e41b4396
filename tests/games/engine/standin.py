"""Stand-in hand states for hook tests: a real HandState (the compiled hooks take nothing else)
with only the fields a test sets differing from a freshly dealt hand of the variant."""

from __future__ import annotations

from functools import cache
from typing import Any

from games.engine import new_hand
from games.engine.core import replace
from games.engine.state import HandState


@cache
def _dealt(variant: str) -> HandState:
    return new_hand(variant, {}, dealer=0, seed=f"stand-in:{variant}")[0]


def stand_in(variant: str, **fields: Any) -> HandState:
    """A new state: the variant's dealt hand with ``fields`` replaced (assignable afterwards)."""
    return replace(_dealt(variant), **fields)
