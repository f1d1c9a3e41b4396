"""Field readers shared by the variants' calculator adapters (variants/*/calc.py).

Each reader checks one JSON field of a CASES.md case (shared/rules/CASES.md §1.3, §2) and raises
InvalidCaseError with a message naming the field; variant rules stay in the variants.

>>> seat(2, "winner"), flag({"koukou": None}, "koukou"), seat_vector([1, 0, 2, 0], "paozi", 0, 2)
(2, False, [1, 0, 2, 0])
>>> integer(5, "winner", 0, 3)
Traceback (most recent call last):
...
games.engine.errors.InvalidCaseError: winner must be in 0..3, got 5
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine.errors import InvalidCaseError
from games.engine.tiles import Meld, parse_meld, parse_tile, parse_tiles


def context(case: Mapping[str, Any]) -> Mapping[str, Any]:
    """``case.context``; absent or null reads as ``{}``."""
    ctx = case.get("context", {})
    if ctx is None:
        return {}
    if not isinstance(ctx, Mapping):
        raise InvalidCaseError("context must be an object")
    return ctx


def integer(value: Any, name: str, low: int | None = None, high: int | None = None) -> int:
    """An int (not a bool), optionally within ``low..high``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidCaseError(f"{name} must be an integer, got {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise InvalidCaseError(f"{name} must be in {low}..{high}, got {value}")
    return value


def seat(value: Any, name: str) -> int:
    return integer(value, name, 0, 3)


def optional_seat(value: Any, name: str) -> int | None:
    return None if value is None else seat(value, name)


def seat_vector(
    value: Any, name: str, low: int | None = None, high: int | None = None
) -> list[int]:
    """A per-seat vector: four integers indexed by seat (CASES.md §2)."""
    if not isinstance(value, list) or len(value) != 4:
        raise InvalidCaseError(f"{name} must be a list of 4 integers, got {value!r}")
    return [integer(v, f"{name}[{i}]", low, high) for i, v in enumerate(value)]


def boolean(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidCaseError(f"{name} must be true or false, got {value!r}")
    return value


def flag(obj: Mapping[str, Any], key: str, default: bool = False) -> bool:
    """An optional boolean field of ``obj``; absent or null reads as ``default``."""
    value = obj.get(key, default)
    return default if value is None else boolean(value, key)


def tile_string(value: Any, name: str) -> list[int]:
    """Tiles in NOTATION.md form, e.g. ``"123m55p"``."""
    if not isinstance(value, str):
        raise InvalidCaseError(f"{name} must be a tile string, got {value!r}")
    return parse_tiles(value)


def tile(value: Any, name: str) -> int:
    if not isinstance(value, str):
        raise InvalidCaseError(f"{name} must be a tile, got {value!r}")
    return parse_tile(value)


def melds(value: Any) -> list[Meld]:
    """A ``melds`` list (NOTATION.md); absent or null reads as no melds."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise InvalidCaseError(f"melds must be a list, got {value!r}")
    return [parse_meld(m) for m in value]
