"""Who acts and what is legal: ``to_act``, ``legal_actions``, ``default_action``.

On its own turn a seat may win on its own draw, declare a kong, use a variant special or discard;
during a claim window the options were fixed when the window opened (games.engine.claims); in the
choice phase the variant lists the choices.
"""

from __future__ import annotations

from typing import Final

from games.engine.actions import (
    DISCARD,
    HU,
    KONG_ADDED,
    KONG_CONCEALED,
    KONG_EXPOSED,
    PASS,
    PUNG,
    Action,
)
from games.engine.errors import IllegalActionError
from games.engine.hooks import WIN_SELF, Rules, _hooks
from games.engine.machine import _props, rules_of
from games.engine.state import (
    N_SEATS,
    PHASE_CHOICE,
    PHASE_CLAIM,
    PHASE_TURN,
    HandState,
)
from games.engine.tiles import Meld, tile_str


def to_act(state: HandState) -> list[int]:
    if state.phase == PHASE_TURN:
        return [state.turn]
    if state.phase == PHASE_CLAIM and state.claim is not None:
        return list(state.claim.pending)
    if state.phase == PHASE_CHOICE:
        return [s for s in range(N_SEATS) if state.choices[s] is None]
    return []


def legal_actions(state: HandState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now, in a stable order; [] when the seat is not to act."""
    last = state._legal
    if last is not None and last[0] == seat:
        return list(last[1])
    rules = rules_of(state)
    if state.phase == PHASE_TURN:
        out = _turn_actions(state, seat, rules) if seat == state.turn else []
        if out and "props" in state.ext:  # 道具 (games.engine.props)
            out = _props().turn_actions(state, seat, out)
    elif state.phase == PHASE_CLAIM and state.claim is not None:
        return list(state.claim.options_of(seat)) if seat in state.claim.pending else []
    elif state.phase == PHASE_CHOICE:
        out = rules.choice_actions(state, seat) if state.choices[seat] is None else []
    else:
        return []
    if not state._mutable:
        # A state outside an apply never changes: the same seat gets the same answer, and a bot
        # and the apply that checks its pick compute it once. (The claim window keeps its
        # options in the state already.)
        state._legal = (seat, tuple(out))
    return out


_ACTION_CACHE: Final[dict[tuple[int, str, int], Action]] = {}


def _act(seat: int, atype: str, tile: int) -> Action:
    """A shared Action for (seat, type, tile): actions are immutable, so one instance is enough."""
    key = (seat, atype, tile)
    a = _ACTION_CACHE.get(key)
    if a is None:
        a = _ACTION_CACHE[key] = Action(seat, atype, tile=tile_str(tile))
    return a


def _act_table(atype: str) -> tuple[tuple[Action, ...], ...]:
    """The shared ``_act(seat, atype, kind)`` of every seat and tile kind, indexed [seat][kind]."""
    return tuple(tuple(_act(s, atype, k) for k in range(42)) for s in range(N_SEATS))


_HU_ACTS: Final = _act_table(HU)


_DISCARD_ACTS: Final = _act_table(DISCARD)


_PUNG_ACTS: Final = _act_table(PUNG)


_KONG_EXPOSED_ACTS: Final = _act_table(KONG_EXPOSED)


def _turn_actions(state: HandState, seat: int, rules: Rules) -> list[Action]:
    hooks = _hooks(rules)
    out: list[Action] = []
    drawn: int | None = state.drawn
    if drawn is not None and rules.can_win(state, seat, None, WIN_SELF):
        out.append(_HU_ACTS[seat][drawn])
    hands: tuple[tuple[int, ...], ...] = state.hands
    all_melds: tuple[tuple[Meld, ...], ...] = state.melds
    hand = hands[seat]  # sorted
    melds = all_melds[seat]
    # a kong needs four of a kind in hand (sorted: hand[i] == hand[i + 3]) or a pung to add to;
    # without either, can_kong_now (a pure hook) need not be asked
    quad = False
    if not melds:
        for i in range(len(hand) - 3):
            if hand[i] == hand[i + 3]:
                quad = True
                break
    if (melds or quad) and (
        rules.can_kong_now(state)
        if hooks.can_kong_now
        else len(state.wall)
        - state.head
        - state.tail
        - (rules.reserved_tail(state) if hooks.reserved_tail else 0)
        > 0
    ):
        for i in range(len(hand) - 3):
            t = hand[i]
            if hand[i + 3] != t or (i and hand[i - 1] == t):
                continue
            if rules.can_meld(state, seat, KONG_CONCEALED, t):
                out.append(_act(seat, KONG_CONCEALED, t))
        for m in melds:
            if (
                m.type == PUNG
                and m.kind in hand
                and rules.can_meld(state, seat, KONG_ADDED, m.kind)
            ):
                out.append(_act(seat, KONG_ADDED, m.kind))
    if hooks.own_turn_specials:
        out.extend(rules.own_turn_specials(state, seat))
    acts = _DISCARD_ACTS[seat]
    out.extend([acts[t] for t in rules.discard_options(state, seat)])
    return out


def default_action(state: HandState, seat: int) -> Action:
    """What a timeout plays: the default choice, discarding the drawn tile (or the first legal
    discard), or passing."""
    legal = legal_actions(state, seat)
    if not legal:
        raise IllegalActionError(f"seat {seat} has nothing to do now")
    rules = rules_of(state)
    if state.phase == PHASE_CHOICE:
        return rules.choice_default(state, seat)
    if state.phase == PHASE_CLAIM:
        return next((a for a in legal if a.type == PASS), legal[-1])
    discards = [a for a in legal if a.type == DISCARD]
    if state.drawn is not None:
        drawn = tile_str(state.drawn)
        for a in discards:
            if a.tile == drawn:
                return a
    return discards[0] if discards else legal[0]
