"""The pieces every step of the hand machine uses: the rules of a state, ``replace``, the live
wall, seats still in the hand, score events, and small tuple edits.

A state is a value: each step returns a new one made with ``replace``. Inside one ``apply`` the
steps work on the apply's private copy (``HandState._mutable``), which ``replace`` and ``_own``
update in place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace as _dc_replace
from typing import Any, Final, TypeVar

from games.engine.errors import EngineError
from games.engine.hooks import Events as Events
from games.engine.hooks import Rules, _hooks
from games.engine.state import (
    FIELDS,
    N_SEATS,
    Claim,
    HandState,
    copy_state,
)
from games.engine.tiles import parse_tile as _parse_tile
from games.engine.tiles import tile_str

_TILE_INDEX: Final[dict[str, int]] = {tile_str(k): k for k in range(42)}


def parse_tile(text: str) -> int:
    """One tile string to its kind (a dict look-up on the hot path, the strict parser otherwise)."""
    k = _TILE_INDEX.get(text)
    return k if k is not None else _parse_tile(text)


_T = TypeVar("_T")


def replace(obj: _T, **changes: Any) -> _T:
    """dataclasses.replace, for HandState and Claim too: a new object with ``changes``.

    Inside one ``apply`` the core works on a private copy of the caller's state (marked
    ``_mutable``): nobody else can hold it before apply returns it, so replacing its fields
    updates it in place instead of copying ~30 fields for every step of the action."""
    if type(obj) is not HandState:
        if type(obj) is Claim:  # the claim window: a plain constructor call, same checks
            c: Claim = obj  # type: ignore[assignment]
            kw: dict[str, Any] = {
                "tile": c.tile,
                "from_seat": c.from_seat,
                "kind": c.kind,
                "options": c.options,
                "pending": c.pending,
                "responses": c.responses,
            }
            kw.update(changes)
            return Claim(**kw)  # type: ignore[return-value]
        return _dc_replace(obj, **changes)  # type: ignore[type-var]
    for name in changes:  # all checked before any is assigned
        if name not in _FIELD_SET:  # (setattr would also take a method's or a class's name)
            raise TypeError(f"HandState has no field {name!r}")
    new = _own(obj)  # type: ignore[arg-type]
    for name, value in changes.items():
        setattr(new, name, value)
    return new  # type: ignore[return-value]


_FIELD_SET: Final = frozenset(FIELDS)


def _own(state: HandState) -> HandState:
    """``state`` if it is the working copy of the apply in progress, else a private copy of it: a
    state whose fields the caller may then assign (what ``replace`` does, field by field)."""
    if state._mutable:
        return state
    return copy_state(state)


def rules_of(state: HandState) -> Rules:
    try:
        return _RULES_CACHE[state.variant]
    except KeyError:
        from games.engine.registry import rules_for

        rules = _RULES_CACHE[state.variant] = rules_for(state.variant)
        return rules


_RULES_CACHE: Final[dict[str, Rules]] = {}


def rules_of_key(variant: str) -> Rules:
    from games.engine.registry import rules_for

    return rules_for(variant)


def live_count(state: HandState) -> int:
    """Tiles still drawable (head and tail draws both use them up)."""
    try:
        rules = _RULES_CACHE[state.variant]
    except KeyError:
        rules = rules_of(state)
    n = len(state.wall) - state.head - state.tail
    return n - rules.reserved_tail(state) if _hooks(rules).reserved_tail else n


def unwon(state: HandState) -> list[int]:
    return [s for s in range(N_SEATS) if not state.won[s]]


def next_unwon(state: HandState, seat: int) -> int:
    """The first un-won seat after ``seat`` in play order (``seat`` itself if it is the only one)."""
    for k in range(1, N_SEATS + 1):
        s = (seat + k) % N_SEATS
        if not state.won[s]:
            return s
    return seat


def add_score(
    state: HandState, deltas: Sequence[int], reason: str, events: Events, **info: Any
) -> HandState:
    """Record a point movement: a ``score`` event plus the running totals."""
    if sum(deltas) != 0:
        raise EngineError(f"score deltas must sum to 0, got {list(deltas)} ({reason})")
    if not any(deltas):
        return state
    events.append({"type": "score", "reason": reason, "deltas": list(deltas), **info})
    return replace(state, scores=tuple(a + b for a, b in zip(state.scores, deltas, strict=True)))


def _set(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    lst = list(t)
    lst[i] = v
    return tuple(lst)


def _remove(hand: tuple[int, ...], tile: int, n: int = 1) -> tuple[int, ...]:
    """``hand`` without ``n`` copies of ``tile`` (``list.remove`` n times, ValueError and all;
    and all)."""
    lst = list(hand)
    for _ in range(n):
        for i in range(len(lst)):
            if lst[i] == tile:
                lst.pop(i)
                break
        else:
            raise ValueError("list.remove(x): x not in list")
    return tuple(lst)


def _add(hand: tuple[int, ...], tile: int) -> tuple[int, ...]:
    """``hand`` (sorted) with ``tile`` added, still sorted (``bisect.insort``'s position)."""
    lo = 0
    hi = len(hand)
    while lo < hi:  # bisect_right
        mid = (lo + hi) // 2
        if tile < hand[mid]:
            hi = mid
        else:
            lo = mid + 1
    lst = list(hand)
    lst.insert(lo, tile)
    return tuple(lst)


def _count(hand: tuple[int, ...], tile: int) -> int:
    """``hand.count(tile)``."""
    n = 0
    for t in hand:
        if t == tile:
            n += 1
    return n


def _dist(from_seat: int, seat: int) -> int:
    return (seat - from_seat) % N_SEATS


_TILE_STR: Final = tuple(tile_str(k) for k in range(42))


def _props() -> Any:
    """games.engine.props, imported on first use (it imports this module)."""
    from games.engine import props

    return props
