"""Tiles, tile notation and melds (shared/rules/NOTATION.md).

A tile *kind* is a small int: ``m`` 0-8, ``p`` 9-17, ``s`` 18-26, ``z`` 27-33 (1z-7z) and
``f`` 34-41 (1f-8f). A hand is usually handled as a list of 42 counts indexed by kind.

>>> parse_tiles("123m45p7z")
[0, 1, 2, 12, 13, 33]
>>> format_tiles([33, 0, 12, 1, 2, 13])
'123m45p7z'
>>> tile_str(parse_tile("9s"))
'9s'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from games.engine.errors import InvalidNotationError

SUITS = "mpszf"
N_KINDS = 42
SUITED = range(27)
HONORS = range(27, 34)
FLOWERS = range(34, 42)
PLAYABLE = range(34)

_SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27, "f": 34}
_SUIT_MAX = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 8}
_NAMES = tuple(f"{n}{s}" for s in SUITS for n in range(1, _SUIT_MAX[s] + 1))

MELD_TYPES = ("chow", "pung", "kong_exposed", "kong_added", "kong_concealed")
KONG_TYPES = ("kong_exposed", "kong_added", "kong_concealed")


def tile_str(kind: int) -> str:
    """The notation of one tile kind: ``tile_str(0) == "1m"``."""
    return _NAMES[kind]


def parse_tile(text: object) -> int:  # object: non-strings raise InvalidNotationError
    """Parse exactly one tile such as ``"5m"``.

    >>> parse_tile("1z")
    27
    """
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise InvalidNotationError(f"expected exactly one tile, got {text!r}")
    return tiles[0]


def parse_tiles(text: object) -> list[int]:  # object: see parse_tile
    """Parse a compact tile string (``"123m45p11z"``) into kinds, in the order written.

    Raises InvalidNotationError naming the problem.
    """
    if not isinstance(text, str):
        raise InvalidNotationError(f"tiles must be a string, got {type(text).__name__}")
    tiles: list[int] = []
    digits: list[int] = []
    for ch in text.strip():
        if ch.isdigit():
            digits.append(int(ch))
        elif ch in _SUIT_BASE:
            if not digits:
                raise InvalidNotationError(f"suit letter {ch!r} without numbers in {text!r}")
            for d in digits:
                if not 1 <= d <= _SUIT_MAX[ch]:
                    raise InvalidNotationError(f"{d}{ch} is not a tile (in {text!r})")
                tiles.append(_SUIT_BASE[ch] + d - 1)
            digits = []
        elif ch.isspace():
            continue
        else:
            raise InvalidNotationError(f"unexpected character {ch!r} in {text!r}")
    if digits:
        raise InvalidNotationError(f"numbers without a suit letter at the end of {text!r}")
    return tiles


def sort_tiles(tiles: Iterable[int]) -> list[int]:
    """Tiles in display order (m, p, s, z, f; by number)."""
    return sorted(tiles)


def format_tiles(tiles: Iterable[int]) -> str:
    """Compact, sorted notation: runs of one suit share the suit letter."""
    out: list[str] = []
    suit = ""
    for kind in sorted(tiles):
        name = _NAMES[kind]
        if name[1] != suit and suit:
            out.append(suit)
        suit = name[1]
        out.append(name[0])
    if suit:
        out.append(suit)
    return "".join(out)


def counts_of(tiles: Iterable[int]) -> list[int]:
    """A list of 42 counts indexed by kind."""
    counts = [0] * N_KINDS
    for kind in tiles:
        counts[kind] = counts[kind] + 1
    return counts


def tiles_of(counts: list[int]) -> list[int]:
    """The inverse of counts_of: sorted kinds."""
    return [kind for kind, n in enumerate(counts) for _ in range(n)]


def suit_of(kind: int) -> str:
    return _NAMES[kind][1]


def number_of(kind: int) -> int:
    return int(_NAMES[kind][0])


def is_suited(kind: int) -> bool:
    return kind < 27


def is_honor(kind: int) -> bool:
    return 27 <= kind < 34


def is_flower(kind: int) -> bool:
    return kind >= 34


def is_terminal(kind: int) -> bool:
    return kind < 27 and kind % 9 in (0, 8)


def is_terminal_or_honor(kind: int) -> bool:
    return is_terminal(kind) or is_honor(kind)


class Meld:
    """An exposed or declared set. ``from_`` is the seat offset the claimed tile came from.

    A plain class with read-only attributes rather than a frozen dataclass, as ``Claim`` is: the
    compiled engine builds it natively (a compiled dataclass still runs the interpreted generated
    ``__init__``, on every claimed meld); equality, hashing and ``repr`` are the dataclass's."""

    __slots__ = ("type", "tiles", "from_")

    type: Final[str]
    tiles: Final[tuple[int, ...]]
    from_: Final[int | None]

    def __init__(self, type: str, tiles: tuple[int, ...], from_: int | None = None) -> None:
        self.type = type
        self.tiles = tiles
        self.from_ = from_

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Meld)
        return self.type == other.type and self.tiles == other.tiles and self.from_ == other.from_

    def __hash__(self) -> int:
        return hash((self.type, self.tiles, self.from_))

    def __repr__(self) -> str:
        return f"Meld(type={self.type!r}, tiles={self.tiles!r}, from_={self.from_!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Meld, (self.type, self.tiles, self.from_))

    @property
    def kind(self) -> int:
        """The tile kind of a pung or kong (the lowest tile of a chow)."""
        return self.tiles[0]

    @property
    def is_kong(self) -> bool:
        return self.type in KONG_TYPES

    @property
    def is_concealed(self) -> bool:
        return self.type == "kong_concealed"


def parse_meld(data: Mapping[str, Any]) -> Meld:
    """Parse and validate a meld object ``{"type", "tiles", "from"}`` (NOTATION.md).

    >>> parse_meld({"type": "pung", "tiles": "555p", "from": 2})
    Meld(type='pung', tiles=(13, 13, 13), from_=2)
    """
    if not isinstance(data, Mapping):
        raise InvalidNotationError(f"a meld must be an object, got {data!r}")
    mtype = data.get("type")
    if mtype not in MELD_TYPES:
        raise InvalidNotationError(
            f"unknown meld type {mtype!r}; expected one of {', '.join(MELD_TYPES)}"
        )
    tiles = tuple(sorted(parse_tiles(data.get("tiles", ""))))
    size = 4 if mtype in KONG_TYPES else 3
    if len(tiles) != size:
        raise InvalidNotationError(f"a {mtype} has {size} tiles, got {data.get('tiles')!r}")
    if mtype == "chow":
        first = tiles[0]
        if not (is_suited(first) and first % 9 <= 6 and tiles == (first, first + 1, first + 2)):
            raise InvalidNotationError(f"{data.get('tiles')!r} is not a run of one suit")
    elif len(set(tiles)) != 1:
        raise InvalidNotationError(f"a {mtype} needs identical tiles, got {data.get('tiles')!r}")
    source = data.get("from")
    if mtype == "kong_concealed":
        source = None
    elif source is not None and (isinstance(source, bool) or source not in (1, 2, 3)):
        raise InvalidNotationError(f"meld 'from' must be 1, 2 or 3, got {source!r}")
    return Meld(type=mtype, tiles=tiles, from_=source)


def meld_to_json(meld: Meld) -> dict[str, Any]:
    out: dict[str, Any] = {"type": meld.type, "tiles": format_tiles(meld.tiles)}
    if meld.from_ is not None:
        out["from"] = meld.from_
    return out
