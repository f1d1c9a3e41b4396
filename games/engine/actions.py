"""Actions: what a seat asks the engine to do (docs/engine-api.md).

An action is one frozen dataclass; its ``type`` names the move. Tiles are written in NOTATION.md
form (``"5m"``), so actions read the same in JSON, in logs and in scenario files.

>>> a = Action(seat=1, type="discard", tile="5m")
>>> Action.from_json(a.to_json()) == a
True
>>> a.to_json()
{'seat': 1, 'type': 'discard', 'tile': '5m'}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.engine.errors import IllegalActionError

DISCARD = "discard"
CHOW = "chow"
PUNG = "pung"
KONG_EXPOSED = "kong_exposed"
KONG_ADDED = "kong_added"
KONG_CONCEALED = "kong_concealed"
HU = "hu"
PASS = "pass"
DINGQUE = "dingque"

#: Claim priorities on a discard (higher wins): 胡 > 杠/碰 > 吃. Variants may add types.
CLAIM_PRIORITY: dict[str, int] = {HU: 3, KONG_EXPOSED: 2, PUNG: 2, CHOW: 1, PASS: 0}


@dataclass(frozen=True, slots=True)
class Action:
    """One move by one seat. ``tile``/``tiles`` are tile strings, ``choice`` a variant choice."""

    seat: int
    type: str
    tile: str | None = None
    tiles: str | None = None
    choice: str | int | None = None

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
