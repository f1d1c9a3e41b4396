"""The hand state: one frozen dataclass, JSON round-trippable.

Tiles inside the state are tile *kinds* (ints, games.engine.tiles); actions and events use tile
strings. Nothing here mutates: the machine (games.engine.core) builds new states with
``dataclasses.replace``. ``ext`` holds variant-specific facts (a dict that is never mutated in
place; hooks return a new dict).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Final

from games.engine.actions import Claim as Claim  # the claim window (a compiled class)
from games.engine.tiles import Meld, meld_to_json, parse_tiles

N_SEATS: Final = 4

# Phases of a hand (Final: the compiled engine uses the literals).
#: pre-hand choices (定缺, 炮子, 下子 ...): every seat with no choice acts
PHASE_CHOICE: Final = "choice"
PHASE_TURN: Final = "turn"  # `turn` acts: discard, kongs, self-draw win, specials
#: the claim window after a discard (or the rob window of an added kong)
PHASE_CLAIM: Final = "claim"
PHASE_OVER: Final = "over"


@dataclass(frozen=True, slots=True)
class WinContext:
    """The facts of one win that the variant's scorer needs (passed to Rules.score_wins)."""

    seat: int
    tile: int
    how: str  # "self_draw" | "discard" | "rob"
    from_seat: int | None  # the discarder / robbed player; None for a self-draw
    after_kong: bool  # self-draw on a replacement tile (杠上花 / 杠开)
    gangshangpao: bool  # discard win on the tile thrown right after the discarder's kong(s)
    kong_ids: tuple[int, ...]  # indices in state.kongs of the discarder's kongs of that turn
    first_draw: bool  # 天胡 (dealer, dealt tiles) / 地胡 (non-dealer, first uninterrupted draw)


@dataclass(frozen=True)
class HandState:
    variant: str
    options: dict[str, Any]
    dealer: int
    seed: str | None
    wall: tuple[int, ...]  # the whole wall; index 0 is the first tile dealt
    head: int  # tiles taken from the head (the deal included)
    tail: int  # tiles taken from the tail (replacements)
    phase: str
    turn: int  # the seat on turn; during a claim window, the discarder
    hands: tuple[tuple[int, ...], ...]  # concealed tiles per seat, sorted
    drawn: int | None  # the tile `turn` drew last in this turn (None after a pung/chow)
    melds: tuple[tuple[Meld, ...], ...]
    discards: tuple[tuple[int, ...], ...]  # tiles still lying in each seat's river
    flowers: tuple[tuple[int, ...], ...]
    choices: tuple[Any, ...]  # pre-hand choice per seat (None = not made)
    claim: Claim | None
    scores: tuple[int, ...]  # points so far (every score event summed)
    won: tuple[bool, ...]
    escaped: tuple[bool, ...]
    wins: tuple[dict[str, Any], ...]  # win records, as in hand_result["wins"]
    kongs: tuple[
        dict[str, Any], ...
    ]  # kong ledger: seat, type, tile, from_seat, payments, transferred
    turn_kongs: tuple[int, ...]  # kongs (ledger indices) declared by `turn` in the current turn
    after_kong: bool  # `drawn` came from the tail after a kong
    draws: tuple[int, ...]  # head draws per seat
    interrupted: bool  # a claim or kong happened (ends 地胡 chances)
    n_discards: int
    last_discard: tuple[int, int] | None  # (seat, tile) of the latest discard
    ext: dict[str, Any]  # variant-specific state (JSON-ready)
    carry: dict[str, Any] | None  # what the previous hand handed on
    result: dict[str, Any] | None
    n_actions: int

    # -- JSON ------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict; ``HandState.from_json(s.to_json()) == s``."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "melds":
                value = [[meld_to_json(m) for m in ms] for ms in value]
            elif f.name == "claim":
                value = value.to_json() if value is not None else None
            elif isinstance(value, tuple):
                value = _listify(value)
            out[f.name] = value
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> HandState:
        kw: dict[str, Any] = {}
        for f in fields(cls):
            value = d[f.name]
            if f.name == "melds":
                value = tuple(tuple(_meld_from_json(m) for m in ms) for ms in value)
            elif f.name == "claim":
                value = Claim.from_json(value) if value is not None else None
            elif f.name in _TUPLE_FIELDS:
                value = _tuplify(value)
            elif f.name == "last_discard" and value is not None:
                value = tuple(value)
            kw[f.name] = value
        return cls(**kw)


def _meld_from_json(m: dict[str, Any]) -> Meld:
    """A stored meld back as the engine made it. No shape check: a Yiwu chow may hold a 白板
    standing for the 财神 face (``"45s5z"``), which tiles.parse_meld would reject."""
    return Meld(type=m["type"], tiles=tuple(sorted(parse_tiles(m["tiles"]))), from_=m.get("from"))


_TUPLE_FIELDS = {
    "wall",
    "hands",
    "discards",
    "flowers",
    "choices",
    "scores",
    "won",
    "escaped",
    "wins",
    "kongs",
    "turn_kongs",
    "draws",
}


def _listify(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_listify(v) for v in value]
    return value


def _tuplify(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuplify(v) for v in value)
    return value
