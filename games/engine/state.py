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


# The starting values below, as objects (a literal tuple in the class body would be built anew,
# item by item, for every state the compiled class creates)
_Z4: Final[tuple[int, ...]] = (0, 0, 0, 0)
_F4: Final[tuple[bool, ...]] = (False, False, False, False)
_N4: Final[tuple[Any, ...]] = (None, None, None, None)
_E4: Final[tuple[tuple[Any, ...], ...]] = ((), (), (), ())
_NONE: Final[tuple[Any, ...]] = ()


class HandState:
    """Everything about one hand in progress; JSON round-trippable (``to_json`` / ``from_json``).

    **The fields are declared once, here**, in order: ``FIELDS`` is read from these annotations,
    and equality, ``repr``, pickling, JSON and ``replace`` all go by ``FIELDS``. A field with a
    value after ``=`` starts every hand with it (``start_hand`` gives the others); the one other
    place that names every field is ``copy_state`` below, the hot copy, which
    ``tests/games/engine/test_state_fast.py`` checks against ``FIELDS``.

    A state is a value: nobody assigns a field of a state they were given. The one exception is
    the core's private working copy during an ``apply`` (``core.replace`` updates it in place, see
    ``_mutable``), which nobody else can hold until apply returns it.

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
    tail: int = 0  # tiles taken from the tail (replacements)
    phase: str = PHASE_TURN
    turn: int  # the seat on turn; during a claim window, the discarder
    hands: tuple[tuple[int, ...], ...]  # concealed tiles per seat, sorted
    drawn: int | None  # the tile `turn` drew last in this turn (None after a pung/chow)
    melds: tuple[tuple[Meld, ...], ...] = _E4
    discards: tuple[tuple[int, ...], ...] = _E4  # tiles still lying in each seat's river
    flowers: tuple[tuple[int, ...], ...] = _E4
    choices: tuple[Any, ...] = _N4  # pre-hand choice per seat (None: not made)
    claim: Claim | None = None
    scores: tuple[int, ...] = _Z4  # points so far (every score event summed)
    won: tuple[bool, ...] = _F4
    escaped: tuple[bool, ...] = _F4
    wins: tuple[dict[str, Any], ...] = _NONE  # win records, as in hand_result["wins"]
    #: kong ledger: seat, type, tile, from_seat, payments, transferred
    kongs: tuple[dict[str, Any], ...] = _NONE
    turn_kongs: tuple[int, ...] = _NONE  # kongs (ledger indices) declared by `turn` in this turn
    after_kong: bool = False  # `drawn` came from the tail after a kong
    draws: tuple[int, ...] = _Z4  # head draws per seat
    interrupted: bool = False  # a claim or kong happened (ends 地胡 chances)
    n_discards: int = 0
    last_discard: tuple[int, int] | None = None  # (seat, tile) of the latest discard
    ext: dict[str, Any]  # variant-specific state (JSON-ready)
    carry: dict[str, Any] | None  # what the previous hand handed on
    result: dict[str, Any] | None = None
    n_actions: int = 0

    def __init__(self, _memo: list[dict[str, Any]] | None = None, **fields: Any) -> None:
        """``HandState(**fields)``: every field without a value above must be given.

        ``copy_state`` alone passes the memo it shares and no field (it assigns them all)."""
        # not fields: what the engine derived about this hand (see the class docstring)
        self._memo: list[dict[str, Any]] = (
            _memo if _memo is not None else [{} for _ in range(N_SEATS + 1)]
        )
        self._legal: tuple[int, tuple[Action, ...]] | None = None
        #: True while this is the core's working copy of an apply in progress: replace() then
        #: assigns its fields in place instead of copying the ~30 of them again
        self._mutable = False
        if fields or _memo is None:
            _assign(self, fields)

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
        return (_from_fields, (self._fields(),))

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
        """The state ``to_json`` wrote: melds and the claim parsed back, every list a tuple again
        (lists inside a dict stay lists: ``ext``, ``options`` and the records are JSON already)."""
        kw: dict[str, Any] = {}
        for name in FIELDS:
            value = d[name]
            if name == "melds":
                value = tuple(tuple(_meld_from_json(m) for m in ms) for ms in value)
            elif name == "claim":
                value = Claim.from_json(value) if value is not None else None
            elif isinstance(value, list):
                value = _tuplify(value)
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


def _assign(state: HandState, fields: dict[str, Any]) -> None:
    """Set ``fields`` on a new ``state``: no unknown name, none of FIELDS left unset."""
    for name, value in fields.items():
        if name not in FIELDS:
            raise TypeError(f"HandState has no field {name!r}")
        setattr(state, name, value)
    missing = [name for name in FIELDS if not hasattr(state, name)]
    if missing:
        raise TypeError(f"HandState needs the fields {', '.join(missing)}")


def copy_state(s: HandState) -> HandState:
    """A new HandState with the same fields and memo (the core's private working copy).

    Every field spelled out, not a loop over FIELDS: this runs once per apply, and a loop of
    getattr/setattr by name costs ten times as much compiled. ``test_state_fast`` fails when a
    field of FIELDS is missing here."""
    new = HandState(s._memo)
    new.variant = s.variant
    new.options = s.options
    new.dealer = s.dealer
    new.seed = s.seed
    new.wall = s.wall
    new.head = s.head
    new.tail = s.tail
    new.phase = s.phase
    new.turn = s.turn
    new.hands = s.hands
    new.drawn = s.drawn
    new.melds = s.melds
    new.discards = s.discards
    new.flowers = s.flowers
    new.choices = s.choices
    new.claim = s.claim
    new.scores = s.scores
    new.won = s.won
    new.escaped = s.escaped
    new.wins = s.wins
    new.kongs = s.kongs
    new.turn_kongs = s.turn_kongs
    new.after_kong = s.after_kong
    new.draws = s.draws
    new.interrupted = s.interrupted
    new.n_discards = s.n_discards
    new.last_discard = s.last_discard
    new.ext = s.ext
    new.carry = s.carry
    new.result = s.result
    new.n_actions = s.n_actions
    return new


def _from_fields(values: tuple[Any, ...]) -> HandState:
    """The state whose field values are ``values``, in FIELDS order (unpickling)."""
    return HandState(**dict(zip(FIELDS, values, strict=True)))


def _meld_from_json(m: dict[str, Any]) -> Meld:
    """A stored meld back as the engine made it. No shape check: a Yiwu chow may hold a 白板
    standing for the 财神 face (``"45s5z"``), which tiles.parse_meld would reject."""
    return Meld(type=m["type"], tiles=tuple(sorted(parse_tiles(m["tiles"]))), from_=m.get("from"))


def _listify(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_listify(v) for v in value]
    return value


def _tuplify(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuplify(v) for v in value)
    return value
