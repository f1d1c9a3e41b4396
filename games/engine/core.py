"""The hand state machine: ``apply(state, action) -> (state2, events)``.

``apply`` checks the action against ``legal_actions`` and then runs ``_apply_unchecked``, which
hands the action to the step it starts: a choice, a discard and its claim window, a response to
that window, a kong, a self-drawn win, a prop or a variant special. Everything a variant decides
is asked of its ``Rules`` object (games.engine.hooks; docs/engine-variants.md has the contract);
everything else lives here once, one module per part of the hand:

    hooks.py    the Rules base class (the variant contract)
    machine.py  replace, rules_of, live_count, add_score: what every step uses
    deal.py     start_hand
    legal.py    to_act, legal_actions, default_action
    claims.py   discards, claim windows, the rob window of an added kong
    turns.py    draws, kongs, wins, the end of the hand

Events are plain JSON dicts. Every point movement is a ``{"type": "score"}`` event whose
``deltas`` sum to zero; ``state.scores`` is their running sum.

The names below are this module's public API (and the variants' toolbox), re-exported from the
modules above so that ``from games.engine.core import ...`` keeps working.
"""

from __future__ import annotations

from typing import Any

from games.engine.actions import (
    DISCARD,
    HU,
    KONG_ADDED,
    KONG_CONCEALED,
    PROP,
    Action,
)
from games.engine.claims import _chow_options as _chow_options
from games.engine.claims import _claim_options as _claim_options
from games.engine.claims import _declare_added_kong, _do_response
from games.engine.claims import _do_discard as _do_discard
from games.engine.claims import _open_claim as _open_claim
from games.engine.deal import start_hand as start_hand
from games.engine.errors import EngineError, IllegalActionError
from games.engine.hooks import WIN_DISCARD as WIN_DISCARD
from games.engine.hooks import WIN_ROB as WIN_ROB
from games.engine.hooks import WIN_SELF as WIN_SELF
from games.engine.hooks import Events as Events
from games.engine.hooks import Rules as Rules
from games.engine.hooks import _overrides as _overrides
from games.engine.legal import _DISCARD_ACTS as _DISCARD_ACTS
from games.engine.legal import default_action as default_action
from games.engine.legal import legal_actions as legal_actions
from games.engine.legal import to_act as to_act
from games.engine.machine import _add as _add
from games.engine.machine import _own as _own
from games.engine.machine import _props
from games.engine.machine import _remove as _remove
from games.engine.machine import _set as _set
from games.engine.machine import add_score as add_score
from games.engine.machine import live_count as live_count
from games.engine.machine import next_unwon as next_unwon
from games.engine.machine import parse_tile as parse_tile
from games.engine.machine import replace as replace
from games.engine.machine import rules_of as rules_of
from games.engine.machine import rules_of_key as rules_of_key
from games.engine.machine import unwon as unwon
from games.engine.state import (
    N_SEATS,
    PHASE_CHOICE,
    PHASE_CLAIM,
    PHASE_OVER,
    PHASE_TURN,
    HandState,
    copy_state,
)
from games.engine.turns import _do_kong
from games.engine.turns import _do_wins as _do_wins
from games.engine.turns import draw_tile as draw_tile
from games.engine.turns import end_hand as end_hand


def apply(state: HandState, action: Action) -> tuple[HandState, Events]:
    """Apply one action; raises IllegalActionError (naming why) and leaves ``state`` unchanged."""
    if not isinstance(action, Action):
        raise IllegalActionError(f"not an Action: {action!r}")
    if action.type == PROP:  # a prop use checks its own parameters (games.engine.props)
        _props().check_use(state, action)
        return _apply_unchecked(state, action)
    legal = legal_actions(state, action.seat) if action.seat in range(N_SEATS) else []
    if action not in legal:
        raise IllegalActionError(_why_illegal(state, action, legal))
    return _apply_unchecked(state, action)


def _why_illegal(state: HandState, a: Action, legal: list[Action]) -> str:
    if isinstance(a.seat, bool) or a.seat not in range(N_SEATS):
        return f"seat must be 0-3, got {a.seat!r}"
    if state.phase == PHASE_OVER:
        return "the hand is over"
    if not legal:
        if state.won[a.seat]:
            return f"seat {a.seat} has already won and is out of the hand"
        if state.phase == PHASE_CHOICE:
            return f"seat {a.seat} has already made its {rules_of(state).choice_kind} choice"
        if state.phase == PHASE_CLAIM:
            return f"seat {a.seat} has no claim on this discard (waiting for {to_act(state)})"
        return f"not seat {a.seat}'s turn (seat {state.turn} is to act)"
    types = {x.type for x in legal}
    if a.type not in types:
        return f"{a.type} is not allowed now for seat {a.seat}; allowed: {', '.join(sorted(types))}"
    if a.tile is not None:
        try:
            kind = parse_tile(a.tile)
        except EngineError as exc:
            return f"bad tile {a.tile!r}: {exc}"
        if state.phase == PHASE_TURN and kind not in state.hands[a.seat]:
            return f"seat {a.seat} does not hold {a.tile}"
    same = [x for x in legal if x.type == a.type]
    if a.type == DISCARD:
        return f"seat {a.seat} may not discard {a.tile} now; allowed: {', '.join(x.tile or '' for x in same)}"
    if a.type == HU:
        return f"seat {a.seat} may win only with {same[0].to_json()}"
    return f"{a.to_json()} is not legal; legal {a.type}: {[x.to_json() for x in same]}"


def _apply_unchecked(state: HandState, action: Action) -> tuple[HandState, Events]:
    events: Events = []
    rules = rules_of(state)
    # the one copy of the apply (see replace)
    new = copy_state(state)
    new.n_actions = state.n_actions + 1
    new._mutable = True
    try:
        state = _apply_owned(new, action, events, rules)
    finally:
        new._mutable = False
        state._mutable = False  # a hook may have returned a copy of its own
    return state, events


def _apply_owned(state: HandState, action: Action, events: Events, rules: Rules) -> HandState:
    phase = state.phase
    if phase == PHASE_CHOICE:
        state = _do_choice(state, action, events, rules)
    elif phase == PHASE_CLAIM:
        state = _do_response(state, action, events, rules)
    else:
        t = action.type
        if t == DISCARD:
            state = _do_discard(state, action.seat, parse_tile(action.tile or ""), events, rules)
        elif t == HU:
            assert state.drawn is not None
            state = _do_wins(state, [action.seat], WIN_SELF, None, state.drawn, events, rules)
        elif t == KONG_CONCEALED:
            state = _do_kong(
                state,
                action.seat,
                KONG_CONCEALED,
                parse_tile(action.tile or ""),
                None,
                events,
                rules,
            )
        elif t == KONG_ADDED:
            state = _declare_added_kong(
                state, action.seat, parse_tile(action.tile or ""), events, rules
            )
        elif t == PROP:
            state = _props().apply_use(state, action, events)
        else:
            state = rules.apply_special(state, action, events)
    return state


def _do_choice(state: HandState, a: Action, events: Events, rules: Rules) -> HandState:
    state = replace(state, choices=_set(state.choices, a.seat, a.choice))
    event: dict[str, Any] = {"type": "choice", "kind": a.type, "seat": a.seat, "choice": a.choice}
    if rules.choice_secret:
        event["private"] = True  # redact_events shows it to the chooser alone
    events.append(event)
    if all(c is not None for c in state.choices):
        state = rules.on_choices_done(state, events)
        state = replace(state, phase=PHASE_TURN, turn=state.dealer)
    return state


def do_escape(state: HandState, seat: int) -> tuple[HandState, Events]:
    if isinstance(seat, bool) or seat not in range(N_SEATS):
        raise IllegalActionError(f"seat must be 0-3, got {seat!r}")
    if state.phase == PHASE_OVER:
        raise IllegalActionError("the hand is over")
    if state.escaped[seat]:
        raise IllegalActionError(f"seat {seat} has already left")
    rules = rules_of(state)
    events: Events = [{"type": "escape", "seat": seat}]
    state = replace(state, escaped=_set(state.escaped, seat, True), n_actions=state.n_actions + 1)
    state, ends = rules.settle_escape(state, seat, events)
    if ends:
        state = end_hand(state, "escape", events)
    return state, events
