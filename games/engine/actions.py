"""Actions: what a seat asks the engine to do (docs/engine-api.md).

An action is one immutable value; its ``type`` names the move. Tiles are written in NOTATION.md
form (``"5m"``), so actions read the same in JSON, in logs and in scenario files.

>>> a = Action(seat=1, type="discard", tile="5m")
>>> Action.from_json(a.to_json()) == a
True
>>> a.to_json()
{'seat': 1, 'type': 'discard', 'tile': '5m'}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from games.engine.errors import IllegalActionError

DISCARD: Final = "discard"
CHOW: Final = "chow"
PUNG: Final = "pung"
KONG_EXPOSED: Final = "kong_exposed"
KONG_ADDED: Final = "kong_added"
KONG_CONCEALED: Final = "kong_concealed"
HU: Final = "hu"
PASS: Final = "pass"
DINGQUE: Final = "dingque"
PROP: Final = "prop"  # a 道具 use (games.engine.props)

#: Claim priorities on a discard (higher wins): 胡 > 杠/碰 > 吃. Variants may add types.
CLAIM_PRIORITY: Final[dict[str, int]] = {HU: 3, KONG_EXPOSED: 2, PUNG: 2, CHOW: 1, PASS: 0}


class Action:
    """One move by one seat. ``tile``/``tiles`` are tile strings, ``choice`` a variant choice.

    A plain class with read-only attributes rather than a frozen dataclass, as ``Claim`` is: the
    compiled engine builds it natively (every incoming action is one) and it pickles; equality,
    hashing and ``repr`` are the dataclass's."""

    __slots__ = ("seat", "type", "tile", "tiles", "choice")

    seat: Final[int]
    type: Final[str]
    tile: Final[str | None]
    tiles: Final[str | None]
    choice: Final[str | int | None]

    def __init__(
        self,
        seat: int,
        type: str,
        tile: str | None = None,
        tiles: str | None = None,
        choice: str | int | None = None,
    ) -> None:
        self.seat = seat
        self.type = type
        self.tile = tile
        self.tiles = tiles
        self.choice = choice

    def _fields(self) -> tuple[Any, ...]:
        return (self.seat, self.type, self.tile, self.tiles, self.choice)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Action)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"Action(seat={self.seat!r}, type={self.type!r}, tile={self.tile!r}, "
            f"tiles={self.tiles!r}, choice={self.choice!r})"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, self._fields())

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "type": self.type}
        if self.tile is not None:
            out["tile"] = self.tile
        if self.tiles is not None:
            out["tiles"] = self.tiles
        if self.choice is not None:
            out["choice"] = self.choice
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        """Build an action from its JSON form; raises IllegalActionError on a malformed one."""
        if not isinstance(data, Mapping):
            raise IllegalActionError(f"an action must be an object, got {data!r}")
        seat = data.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise IllegalActionError(f"action seat must be an integer 0-3, got {seat!r}")
        atype = data.get("type")
        if not isinstance(atype, str) or not atype:
            raise IllegalActionError(f"action type must be a non-empty string, got {atype!r}")
        tile = data.get("tile")
        tiles = data.get("tiles")
        for name, value in (("tile", tile), ("tiles", tiles)):
            if value is not None and not isinstance(value, str):
                raise IllegalActionError(f"action {name} must be a tile string, got {value!r}")
        choice = data.get("choice")
        if choice is not None and (isinstance(choice, bool) or not isinstance(choice, (str, int))):
            raise IllegalActionError(
                f"action choice must be a string or an integer, got {choice!r}"
            )
        return cls(seat=seat, type=atype, tile=tile, tiles=tiles, choice=choice)


class Claim:
    """An open claim window on ``tile`` discarded (kind "discard") or added to a kong ("rob").

    Part of the hand state (``HandState.claim``, re-exported by games.engine.state). A plain class
    with read-only attributes rather than a dataclass so that the compiled engine builds and reads
    it natively (a compiled dataclass still runs the interpreted generated ``__init__``); equality,
    hashing and ``repr`` are the frozen dataclass's."""

    __slots__ = ("tile", "from_seat", "kind", "options", "pending", "responses")

    tile: Final[int]
    from_seat: Final[int]
    kind: Final[str]  # "discard" | "rob"
    #: (seat, its legal responses) per eligible seat
    options: Final[tuple[tuple[int, tuple[Action, ...]], ...]]
    pending: Final[tuple[int, ...]]  # seats that still have to respond
    #: responses recorded so far (passes included, forced wins too)
    responses: Final[tuple[Action, ...]]

    def __init__(
        self,
        tile: int,
        from_seat: int,
        kind: str,
        options: tuple[tuple[int, tuple[Action, ...]], ...],
        pending: tuple[int, ...],
        responses: tuple[Action, ...],
    ) -> None:
        self.tile = tile
        self.from_seat = from_seat
        self.kind = kind
        self.options = options
        self.pending = pending
        self.responses = responses

    def _fields(self) -> tuple[Any, ...]:
        return (self.tile, self.from_seat, self.kind, self.options, self.pending, self.responses)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Claim)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"Claim(tile={self.tile!r}, from_seat={self.from_seat!r}, kind={self.kind!r}, "
            f"options={self.options!r}, pending={self.pending!r}, responses={self.responses!r})"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (Claim, self._fields())

    def options_of(self, seat: int) -> tuple[Action, ...]:
        for s, acts in self.options:
            if s == seat:
                return acts
        return ()

    def to_json(self) -> dict[str, Any]:
        return {
            "tile": self.tile,
            "from_seat": self.from_seat,
            "kind": self.kind,
            "options": [[s, [a.to_json() for a in acts]] for s, acts in self.options],
            "pending": list(self.pending),
            "responses": [a.to_json() for a in self.responses],
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Claim:
        return cls(
            tile=d["tile"],
            from_seat=d["from_seat"],
            kind=d["kind"],
            options=tuple(
                (s, tuple(Action.from_json(a) for a in acts)) for s, acts in d["options"]
            ),
            pending=tuple(d["pending"]),
            responses=tuple(Action.from_json(a) for a in d["responses"]),
        )
