"""Discards and the claim window that follows each one (and the rob window of an added kong).

After a discard every other seat still in the hand gets its options: 胡 if the variant says the
tile wins, an exposed kong or a pung with two or three copies held, a chow for the next seat
where the variant allows it, variant claims, and pass. Once every asked seat has answered (or
can no longer change the outcome) the highest claim by ``Rules.claim_priority`` is carried out:
every 胡 when the variant has 一炮多响, else the 胡 nearest the discarder in turn order.
"""

from __future__ import annotations

from typing import Final

from games.engine.actions import (
    CHOW,
    CLAIM_PRIORITY,
    HU,
    KONG_ADDED,
    KONG_EXPOSED,
    PASS,
    PUNG,
    Action,
)
from games.engine.hooks import WIN_DISCARD, WIN_ROB, Events, Rules, _hooks, _overrides
from games.engine.legal import _HU_ACTS, _KONG_EXPOSED_ACTS, _PUNG_ACTS
from games.engine.machine import (
    _TILE_STR,
    _count,
    _dist,
    _own,
    _remove,
    live_count,
    next_unwon,
    replace,
)
from games.engine.state import (
    N_SEATS,
    PHASE_CLAIM,
    PHASE_TURN,
    Claim,
    HandState,
)
from games.engine.tiles import Meld, format_tiles, meld_to_json, tile_str
from games.engine.turns import _complete_added_kong, _do_kong, _do_wins, _draw, _next_turn


def _do_discard(state: HandState, seat: int, tile: int, events: Events, rules: Rules) -> HandState:
    state = _own(state)
    hands = list(state.hands)
    hands[seat] = _remove(hands[seat], tile)
    discards = list(state.discards)
    discards[seat] += (tile,)
    state.hands = tuple(hands)
    state.discards = tuple(discards)
    state.n_discards = state.n_discards + 1
    state.last_discard = (seat, tile)
    state.drawn = None
    state.after_kong = False
    events.append({"type": "discard", "seat": seat, "tile": _TILE_STR[tile]})
    if _overrides(rules, "on_discard"):
        state = rules.on_discard(state, seat, tile, events)
    return _open_claim(state, seat, tile, "discard", events, rules)


def _claim_options(
    state: HandState, seat: int, tile: int, from_seat: int, kind: str, rules: Rules, live: int
) -> list[Action]:
    """The responses of ``seat`` to the window on ``tile``, pass last; [] when it has no claim.
    ``live`` is ``live_count(state)``.

    胡 when the variant says the tile wins (a robbed kong tile for a rob window). On a discard,
    while a live tile is left (or the variant allows claims on the last one): an exposed kong with
    three copies held and a kong possible, a pung with two, a chow for the next seat in turn when
    the variant has chows; then the variant's own claims (Fuzhou 抢金).
    """
    hooks = _hooks(rules)  # hooks a variant leaves at their defaults are not asked
    win = rules.can_win(state, seat, tile, WIN_ROB if kind == "rob" else WIN_DISCARD)
    melds_ok = kind == "discard" and (
        live > 0 or (hooks.claims_allowed_on_last_tile and rules.claims_allowed_on_last_tile())
    )
    held = _count(state.hands[seat], tile) if melds_ok else 0
    chow = melds_ok and rules.has_chow and tile < 27 and seat == (from_seat + 1) % N_SEATS
    if not (win or held >= 2 or chow or hooks.claim_extras):
        return []  # most seats, on most discards
    out: list[Action] = [_HU_ACTS[seat][tile]] if win else []
    if held >= 2:
        if (
            held >= 3
            and (rules.can_kong_now(state) if hooks.can_kong_now else live > 0)
            and (not hooks.can_meld or rules.can_meld(state, seat, KONG_EXPOSED, tile))
        ):
            out.append(_KONG_EXPOSED_ACTS[seat][tile])
        if not hooks.can_meld or rules.can_meld(state, seat, PUNG, tile):
            out.append(_PUNG_ACTS[seat][tile])
    if chow:
        out.extend(_chow_options(state, seat, tile, rules))
    if hooks.claim_extras:
        out.extend(rules.claim_extras(state, seat, tile, from_seat, kind))
    if out:
        out.append(_PASS[seat])
    return out


_PASS: Final = tuple(Action(s, PASS) for s in range(N_SEATS))


_PASS_ONLY: Final = tuple((a,) for a in _PASS)


#: the other seats in turn order after each seat
_OTHERS: Final = tuple(tuple((f + k) % N_SEATS for k in (1, 2, 3)) for f in range(N_SEATS))


_CHOW_CACHE: Final[dict[tuple[int, int, int], Action]] = {}


def _chow_act(seat: int, tile: int, low: int) -> Action:
    """The shared chow Action of ``seat`` taking ``tile`` into the run starting at ``low``."""
    key = (seat, tile, low)
    a = _CHOW_CACHE.get(key)
    if a is None:
        run = (low, low + 1, low + 2)
        a = _CHOW_CACHE[key] = Action(seat, CHOW, tile=tile_str(tile), tiles=format_tiles(run))
    return a


def _chow_options(state: HandState, seat: int, tile: int, rules: Rules) -> list[Action]:
    hand = state.hands[seat]
    pos = tile % 9
    out = []
    for low in (tile - 2, tile - 1, tile):
        if low < tile - pos or low % 9 > 6:
            continue
        if (
            (low == tile or low in hand)
            and (low + 1 == tile or low + 1 in hand)
            and (low + 2 == tile or low + 2 in hand)
            and rules.can_meld(state, seat, CHOW, low)
        ):
            out.append(_chow_act(seat, tile, low))
    return out


def _open_claim(
    state: HandState, from_seat: int, tile: int, kind: str, events: Events, rules: Rules
) -> HandState:
    """Open the window on ``tile`` (kind "discard" or "rob"): ask every other seat still in the
    hand for its options. A seat that must win (``forced_win``) wins without being asked."""
    options: list[tuple[int, tuple[Action, ...]]] = []
    forced: list[Action] = []
    pending: list[int] = []
    live = live_count(state)
    may_force = _hooks(rules).forced_win
    # open_windows (tables): every seat that has not won is asked, a seat with nothing to claim
    # with a lone pass, so that a window tells nobody who can claim (docs/protocol.md)
    everyone = state.options.get("open_windows") is True
    for s in _OTHERS[from_seat]:
        if state.won[s]:
            continue
        acts = _claim_options(state, s, tile, from_seat, kind, rules, live)
        if not acts:
            if everyone:
                options.append((s, _PASS_ONLY[s]))
                pending.append(s)
            continue
        if may_force and acts[0].type == HU and rules.forced_win(state, s):
            forced.append(acts[0])
            events.append({"type": "forced_win", "seat": s})
            continue
        options.append((s, tuple(acts)))
        pending.append(s)
    if not options and not forced and kind == "discard":
        if not _hooks(rules).on_claim_resolved or not rules.resolve_empty_windows:
            # nobody can claim: what _resolve_claim does for an empty window, without building it
            state = _own(state)
            state.phase = PHASE_CLAIM
            state.claim = None
            state.turn_kongs = ()
            return _draw(state, next_unwon(state, from_seat), events, rules, False)
    claim = Claim(tile, from_seat, kind, tuple(options), tuple(pending), tuple(forced))
    if forced:
        claim = _drop_outranked(claim, rules)
    state = _own(state)
    state.phase = PHASE_CLAIM
    state.claim = claim
    if not claim.pending:
        return _resolve_claim(state, events, rules)
    return state


def _drop_outranked(claim: Claim, rules: Rules) -> Claim:
    """Stop waiting for seats whose best option cannot change the outcome any more."""
    if not claim.responses:
        return claim
    prio = rules.claim_priority
    best = max(prio.get(a.type, 0) for a in claim.responses)
    if best == 0:
        return claim
    keep = []
    for s in claim.pending:
        top = max(prio.get(a.type, 0) for a in claim.options_of(s))
        if top > best or (top == best == prio[HU] and rules.multi_win):
            keep.append(s)
        elif top == best:
            # a single taker nearest in turn (胡 without 一炮多响, variant claims): a nearer seat can still take it
            nearest = min(
                _claim_dist(claim, a.seat) for a in claim.responses if prio.get(a.type, 0) == best
            )
            if _claim_dist(claim, s) < nearest:
                keep.append(s)
    if len(keep) == len(claim.pending):
        return claim  # nobody dropped
    return replace(claim, pending=tuple(keep))


def _claim_dist(claim: Claim, seat: int) -> int:
    """Turn distance from the discarder; the discarder itself (a variant claim such as the dealer's
    own 抢金, added by on_claim_resolved) comes last."""
    return _dist(claim.from_seat, seat) or N_SEATS


def _do_response(state: HandState, a: Action, events: Events, rules: Rules) -> HandState:
    claim = state.claim
    assert claim is not None
    events.append({"type": "response", "seat": a.seat, "action": a.type})
    seat = a.seat
    claim = Claim(
        claim.tile,
        claim.from_seat,
        claim.kind,
        claim.options,
        tuple([s for s in claim.pending if s != seat]),
        claim.responses + (a,),
    )
    claim = _drop_outranked(claim, rules)
    state = _own(state)
    state.claim = claim
    if not claim.pending:
        return _resolve_claim(state, events, rules)
    return state


def _resolve_claim(state: HandState, events: Events, rules: Rules) -> HandState:
    state = rules.on_claim_resolved(state, events)
    claim = state.claim
    assert claim is not None
    if not claim.responses:  # an empty window (or every response dropped): as below, shorter
        if claim.kind == "rob":
            state = replace(state, phase=PHASE_TURN, claim=None)
            return _complete_added_kong(state, claim.from_seat, claim.tile, events, rules)
        return _next_turn(state, next_unwon(state, claim.from_seat), events)
    prio = rules.claim_priority
    special = [a for a in claim.responses if a.type not in CLAIM_PRIORITY]
    if special:
        top = max(special, key=lambda a: (prio.get(a.type, 0), -_claim_dist(claim, a.seat)))
        if all(
            prio.get(a.type, 0) < prio.get(top.type, 0)
            for a in claim.responses
            if a.type in CLAIM_PRIORITY
        ):
            return rules.apply_claim_special(state, top, events)
    hus = sorted(
        (a.seat for a in claim.responses if a.type == HU), key=lambda s: _dist(claim.from_seat, s)
    )
    if hus:
        if not rules.multi_win:
            hus = hus[:1]
        how = WIN_ROB if claim.kind == "rob" else WIN_DISCARD
        return _do_wins(state, hus, how, claim.from_seat, claim.tile, events, rules)
    if claim.kind == "rob":
        state = replace(state, phase=PHASE_TURN, claim=None)
        return _complete_added_kong(state, claim.from_seat, claim.tile, events, rules)
    best = max(
        (a for a in claim.responses if a.type in CLAIM_PRIORITY),
        key=lambda a: prio.get(a.type, 0),
        default=None,
    )
    if best is None or best.type == PASS:
        return _next_turn(state, next_unwon(state, claim.from_seat), events)
    return _do_meld_claim(state, best, claim, events, rules)


def _do_meld_claim(
    state: HandState, a: Action, claim: Claim, events: Events, rules: Rules
) -> HandState:
    seat, tile, src = a.seat, claim.tile, claim.from_seat
    discards = list(state.discards)
    discards[src] = discards[src][:-1]
    state = _own(state)
    state.discards = tuple(discards)
    state.claim = None
    state.phase = PHASE_TURN
    state.turn = seat
    state.drawn = None
    state.after_kong = False
    state.turn_kongs = ()
    state.interrupted = True
    rel = (src - seat) % N_SEATS
    if a.type == KONG_EXPOSED:
        return _do_kong(state, seat, KONG_EXPOSED, tile, src, events, rules)
    hand = list(state.hands[seat])
    if a.type == PUNG:
        hand.remove(tile)
        hand.remove(tile)
        meld = Meld(PUNG, (tile, tile, tile), rel)
    else:  # chow
        from games.engine.tiles import parse_tiles

        run = tuple(parse_tiles(a.tiles or ""))
        for t in run:
            if t != tile:
                hand.remove(t)
        meld = Meld(CHOW, run, rel)
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    melds = list(state.melds)
    melds[seat] += (meld,)
    state.hands = tuple(hands)
    state.melds = tuple(melds)
    events.append(
        {
            "type": a.type,
            "seat": seat,
            "tile": _TILE_STR[tile],
            "from": src,
            "meld": meld_to_json(meld),
        }
    )
    return state


def _declare_added_kong(
    state: HandState, seat: int, tile: int, events: Events, rules: Rules
) -> HandState:
    events.append(
        {"type": "kong_declared", "seat": seat, "kind": KONG_ADDED, "tile": tile_str(tile)}
    )
    return (
        _open_claim(state, seat, tile, "rob", events, rules)
        if _any_rob(state, seat, tile, rules)
        else _complete_added_kong(state, seat, tile, events, rules)
    )


def _any_rob(state: HandState, seat: int, tile: int, rules: Rules) -> bool:
    return any(
        not state.won[s] and s != seat and rules.can_win(state, s, tile, WIN_ROB)
        for s in range(N_SEATS)
    )
