"""The hand state: one object per hand, never changed once an apply returned it; JSON
round-trippable.

Tiles inside the state are tile *kinds* (ints, games.engine.tiles); actions and events use tile
strings. Nothing here mutates: the machine (games.engine.core) builds new states with
``core.replace``. ``ext`` holds variant-specific facts (a dict that is never mutated in
place; hooks return a new dict).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from games.engine.actions import Action
from games.engine.actions import Claim as Claim  # the claim window
from games.engine.tiles import Meld, meld_to_json, parse_tiles

N_SEATS: Final = 4

# Phases of a hand.
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


class HandState:
    """Everything about one hand in progress; JSON round-trippable (``to_json`` / ``from_json``).

    The annotations below are the state's fields, in order (``FIELDS`` is read from them). A state
    is a value: equality, ``repr``, pickling and JSON see the fields and nothing else, and nobody
    assigns a field of a state they were given. The one exception is the core's private working
    copy during an ``apply`` (``core.replace`` updates it in place, see ``_mutable``), which nobody
    else can hold until apply returns it.

    Beside the fields a state carries what the engine has worked out about it, never part of its
    value: ``memo(seat)`` (what the variant derived from a seat's tiles, shared by the states of one
    hand) and the last ``legal_actions`` answer. Being on the state, these are the table's own:
    two tables in one process, or two threads, never share them.
    """

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

    def __init__(
        self,
        variant: str,
        options: dict[str, Any],
        dealer: int,
        seed: str | None,
        wall: tuple[int, ...],
        head: int,
        tail: int,
        phase: str,
        turn: int,
        hands: tuple[tuple[int, ...], ...],
        drawn: int | None,
        melds: tuple[tuple[Meld, ...], ...],
        discards: tuple[tuple[int, ...], ...],
        flowers: tuple[tuple[int, ...], ...],
        choices: tuple[Any, ...],
        claim: Claim | None,
        scores: tuple[int, ...],
        won: tuple[bool, ...],
        escaped: tuple[bool, ...],
        wins: tuple[dict[str, Any], ...],
        kongs: tuple[dict[str, Any], ...],
        turn_kongs: tuple[int, ...],
        after_kong: bool,
        draws: tuple[int, ...],
        interrupted: bool,
        n_discards: int,
        last_discard: tuple[int, int] | None,
        ext: dict[str, Any],
        carry: dict[str, Any] | None,
        result: dict[str, Any] | None,
        n_actions: int,
        memo: list[dict[str, Any]] | None = None,
    ) -> None:
        self.variant = variant
        self.options = options
        self.dealer = dealer
        self.seed = seed
        self.wall = wall
        self.head = head
        self.tail = tail
        self.phase = phase
        self.turn = turn
        self.hands = hands
        self.drawn = drawn
        self.melds = melds
        self.discards = discards
        self.flowers = flowers
        self.choices = choices
        self.claim = claim
        self.scores = scores
        self.won = won
        self.escaped = escaped
        self.wins = wins
        self.kongs = kongs
        self.turn_kongs = turn_kongs
        self.after_kong = after_kong
        self.draws = draws
        self.interrupted = interrupted
        self.n_discards = n_discards
        self.last_discard = last_discard
        self.ext = ext
        self.carry = carry
        self.result = result
        self.n_actions = n_actions
        # not fields: what the engine derived about this hand (see the class docstring)
        self._memo: list[dict[str, Any]] = (
            memo if memo is not None else [{} for _ in range(N_SEATS + 1)]
        )
        self._legal: tuple[int, tuple[Action, ...]] | None = None
        #: True while this is the core's working copy of an apply in progress: replace() then
        #: assigns its fields in place instead of copying the ~30 of them again
        self._mutable = False

    def memo(self, seat: int) -> dict[str, Any]:
        """The variant's scratch space for ``seat`` (``TABLE`` for facts about no one seat):
        derived facts only, each stored as one value (a tuple) and checked against the tiles it
        was derived from before use. Shared by every state copied from this one in the same hand
        (a hand's tiles change little between two states); dropped by JSON and pickling."""
        return self._memo[seat]

    def _fields(self) -> tuple[Any, ...]:
        """The field values in FIELDS order (equality, repr, pickling, JSON: not the hot path,
        which copies with copy_state)."""
        return tuple([getattr(self, name) for name in FIELDS])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, HandState)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())  # TypeError, as the dataclass's: options is a dict

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={v!r}" for n, v in zip(FIELDS, self._fields(), strict=True))
        return f"HandState({inner})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (HandState, self._fields())

    # -- JSON ------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict; ``HandState.from_json(s.to_json()) == s``."""
        out: dict[str, Any] = {}
        for name, value in zip(FIELDS, self._fields(), strict=True):
            if name == "melds":
                value = [[meld_to_json(m) for m in ms] for ms in value]
            elif name == "claim":
                value = value.to_json() if value is not None else None
            elif isinstance(value, tuple):
                value = _listify(value)
            out[name] = value
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> HandState:
        kw: dict[str, Any] = {}
        for name in FIELDS:
            value = d[name]
            if name == "melds":
                value = tuple(tuple(_meld_from_json(m) for m in ms) for ms in value)
            elif name == "claim":
                value = Claim.from_json(value) if value is not None else None
            elif name in _TUPLE_FIELDS:
                value = _tuplify(value)
            elif name == "last_discard" and value is not None:
                value = tuple(value)
            kw[name] = value
        return HandState(**kw)


def _declared_fields(cls: type) -> tuple[str, ...]:
    """The public attributes ``cls`` declares, in order: its annotations (the compiled class
    lists them, then the private ones, in ``__mypyc_attrs__``)."""
    names: tuple[str, ...] = getattr(cls, "__mypyc_attrs__", None) or tuple(
        getattr(cls, "__annotations__")  # noqa: B009 (mypyc refuses the attribute on a class)
    )
    return tuple([name for name in names if not name.startswith("_")])


#: HandState's field names, in order.
FIELDS: Final[tuple[str, ...]] = _declared_fields(HandState)
#: ``HandState.memo``'s slot for facts about the table rather than one seat
TABLE: Final = N_SEATS


def copy_state(s: HandState) -> HandState:
    """A new HandState with the same fields and memo (for the core's private working copy).

    Spelled out, not a loop over FIELDS: this runs once per apply, and a constructor call with
    the fields as arguments costs a tenth of reading them by name."""
    return HandState(
        s.variant,
        s.options,
        s.dealer,
        s.seed,
        s.wall,
        s.head,
        s.tail,
        s.phase,
        s.turn,
        s.hands,
        s.drawn,
        s.melds,
        s.discards,
        s.flowers,
        s.choices,
        s.claim,
        s.scores,
        s.won,
        s.escaped,
        s.wins,
        s.kongs,
        s.turn_kongs,
        s.after_kong,
        s.draws,
        s.interrupted,
        s.n_discards,
        s.last_discard,
        s.ext,
        s.carry,
        s.result,
        s.n_actions,
        s._memo,
    )


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
