"""Draws, kongs, wins and the end of a hand.

A draw takes the next tile from the head (or, after a kong, from the tail), lets the variant
react (flowers, forced wins) and ends the hand as exhausted when the live wall is empty. A kong
updates the meld, records its payments in the kong ledger and draws a replacement. A win is
scored by the variant, and either ends the hand or, in 血战 play, passes the turn on.
"""

from __future__ import annotations

from typing import Any

from games.engine.actions import (
    KONG_ADDED,
    KONG_CONCEALED,
    KONG_EXPOSED,
    PUNG,
)
from games.engine.hooks import WIN_DISCARD, WIN_ROB, WIN_SELF, Events, Rules, _hooks
from games.engine.machine import (
    _TILE_STR,
    _add,
    _dist,
    _own,
    _remove,
    _set,
    add_score,
    next_unwon,
    replace,
    rules_of,
)
from games.engine.state import (
    N_SEATS,
    PHASE_OVER,
    PHASE_TURN,
    HandState,
    WinContext,
)
from games.engine.tiles import Meld, format_tiles, meld_to_json, tile_str


def draw_tile(state: HandState, seat: int, events: Events, *, tail: bool = False) -> HandState:
    """``seat`` draws from the head (or the tail) and starts/continues its turn. When the live wall
    is empty the hand ends as exhausted instead. Variant hooks may call it (e.g. flower replacement).
    """
    return _draw(state, seat, events, rules_of(state), tail)


def _draw(state: HandState, seat: int, events: Events, rules: Rules, tail: bool) -> HandState:
    """draw_tile, with the rules known."""
    hooks = _hooks(rules)
    wall: tuple[int, ...] = state.wall
    n_tail: int = state.tail
    head: int = state.head
    left = len(wall) - head - n_tail
    # live_count, plus the reserve back for a replacement that may dip into it
    if hooks.reserved_tail and (not tail or rules.reserve_blocks_replacements):
        left -= rules.reserved_tail(state)
    if left <= 0:
        return _end_exhausted(state, events, rules)
    hands = list(state.hands)
    tile = wall[len(wall) - 1 - n_tail] if tail else wall[head]
    hands[seat] = _add(hands[seat], tile)
    if tail:
        draws: tuple[int, ...] = state.draws
    else:
        dl = list(state.draws)
        dl[seat] = dl[seat] + 1
        draws = tuple(dl)
    state = _own(state)
    if tail:
        state.tail = n_tail + 1
        state.after_kong = True
    else:
        state.head = head + 1
        state.draws = draws
        state.after_kong = False
    state.phase = PHASE_TURN
    state.turn = seat
    state.claim = None
    state.drawn = tile
    state.hands = tuple(hands)
    events.append({"type": "draw", "seat": seat, "tile": _TILE_STR[tile], "tail": tail})
    if hooks.after_draw:
        state = rules.after_draw(state, seat, tile, events)
    if (
        hooks.forced_win
        and state.phase == PHASE_TURN
        and state.turn == seat
        and state.drawn is not None
    ):
        if rules.forced_win(state, seat) and rules.can_win(state, seat, None, WIN_SELF):
            events.append({"type": "forced_win", "seat": seat})
            state = _do_wins(state, [seat], WIN_SELF, None, state.drawn, events, rules)
    return state


def _next_turn(state: HandState, seat: int, events: Events) -> HandState:
    state = _own(state)
    state.turn_kongs = ()
    state.claim = None
    return _draw(state, seat, events, rules_of(state), False)


def _do_kong(
    state: HandState,
    seat: int,
    kind: str,
    tile: int,
    from_seat: int | None,
    events: Events,
    rules: Rules,
) -> HandState:
    melds = list(state.melds[seat])
    hand = state.hands[seat]
    if kind == KONG_CONCEALED:
        hand = _remove(hand, tile, 4)
        melds.append(Meld(KONG_CONCEALED, (tile,) * 4, None))
    elif kind == KONG_ADDED:
        hand = _remove(hand, tile, 1)
        i = next(i for i, m in enumerate(melds) if m.type == PUNG and m.kind == tile)
        melds[i] = Meld(KONG_ADDED, (tile,) * 4, melds[i].from_)
    else:
        assert from_seat is not None
        hand = _remove(hand, tile, 3)
        melds.append(Meld(KONG_EXPOSED, (tile,) * 4, (from_seat - seat) % N_SEATS))
    state = replace(
        state,
        hands=_set(state.hands, seat, hand),
        melds=_set(state.melds, seat, tuple(melds)),
        interrupted=True,
        claim=None,
        phase=PHASE_TURN,
        turn=seat,
    )
    events.append(
        {"type": "kong", "seat": seat, "kind": kind, "tile": tile_str(tile), "from": from_seat}
    )
    deltas = rules.kong_payments(state, seat, kind, tile, from_seat)
    entry = {
        "seat": seat,
        "type": kind,
        "tile": tile_str(tile),
        "from_seat": from_seat,
        "payments": [[p, -d] for p, d in enumerate(deltas) if d < 0],
        "transferred": False,
    }
    idx = len(state.kongs)
    state = replace(state, kongs=state.kongs + (entry,), turn_kongs=state.turn_kongs + (idx,))
    state = add_score(state, deltas, "kong", events, seat=seat, kind=kind)
    return _draw(state, seat, events, rules, True)


def _complete_added_kong(
    state: HandState, seat: int, tile: int, events: Events, rules: Rules
) -> HandState:
    return _do_kong(state, seat, KONG_ADDED, tile, None, events, rules)


def _first_draw(state: HandState, seat: int, how: str) -> bool:
    if how != WIN_SELF or state.after_kong or state.kongs:
        return False
    if seat == state.dealer:
        return state.n_discards == 0 and state.draws[seat] == 0
    return (
        state.draws[seat] == 1
        and not state.interrupted
        and not state.discards[seat]
        and not state.wins
    )


def _do_wins(
    state: HandState,
    seats: list[int],
    how: str,
    from_seat: int | None,
    tile: int,
    events: Events,
    rules: Rules,
) -> HandState:
    ctxs = [
        WinContext(
            seat=s,
            tile=tile,
            how=how,
            from_seat=from_seat,
            after_kong=how == WIN_SELF and state.after_kong,
            gangshangpao=how == WIN_DISCARD and bool(state.turn_kongs),
            kong_ids=state.turn_kongs if how == WIN_DISCARD else (),
            first_draw=_first_draw(state, s, how),
        )
        for s in seats
    ]
    state, records = rules.score_wins(state, ctxs)
    if how == WIN_ROB:
        # The robbed tile leaves the declarer's hand as if discarded; the pung stays a pung.
        assert from_seat is not None
        state = replace(
            state,
            hands=_set(state.hands, from_seat, _remove(state.hands[from_seat], tile)),
            discards=_set(state.discards, from_seat, state.discards[from_seat] + (tile,)),
        )
    won = list(state.won)
    new_wins = []
    for ctx, rec in zip(ctxs, records, strict=True):
        full = {"seat": ctx.seat, "from": from_seat, "tile": tile_str(tile), "how": how, **rec}
        full["hand"] = format_tiles(state.hands[ctx.seat] + ((tile,) if how != WIN_SELF else ()))
        full["melds"] = [meld_to_json(m) for m in state.melds[ctx.seat]]
        new_wins.append(full)
        won[ctx.seat] = True
        events.append({"type": "hu", **{k: v for k, v in full.items() if k != "deltas"}})
        state = add_score(state, rec["deltas"], "win", events, seat=ctx.seat)
    state = replace(
        state,
        won=tuple(won),
        wins=state.wins + tuple(new_wins),
        claim=None,
        drawn=None,
        interrupted=True,
    )
    if not rules.continues_after_win(state):
        return end_hand(state, "win", events)
    if how == WIN_SELF:
        nxt = next_unwon(state, seats[0])
    else:
        assert from_seat is not None
        last = max(seats, key=lambda s: _dist(from_seat, s))
        nxt = next_unwon(state, last)
    return _next_turn(state, nxt, events)


def _end_exhausted(state: HandState, events: Events, rules: Rules) -> HandState:
    events.append({"type": "exhausted"})
    state = replace(state, ext={**state.ext, "exhausted": True})
    state = rules.settle_draw(state, events)
    return end_hand(state, "win" if state.wins else "draw", events)


def end_hand(state: HandState, reason: str, events: Events) -> HandState:
    """Close the hand: build ``result`` (points, wins, next dealer, carry, revealed hands)."""
    rules = rules_of(state)
    state = replace(state, phase=PHASE_OVER, claim=None, result={"reason": reason})
    result: dict[str, Any] = {
        "reason": reason,
        "points": list(state.scores),
        "wins": [dict(w) for w in state.wins],
        "exhausted": bool(state.ext.get("exhausted")),
        "hands": [
            {
                "concealed": format_tiles(state.hands[s]),
                "melds": [meld_to_json(m) for m in state.melds[s]],
                "flowers": format_tiles(state.flowers[s]),
                "won": state.won[s],
            }
            for s in range(N_SEATS)
        ],
    }
    state = replace(state, result=result)
    result["next_dealer"] = rules.next_dealer(state)
    result["carry"] = rules.carry_out(state)
    state = replace(state, result=result)
    events.append(
        {
            "type": "hand_end",
            "reason": reason,
            "points": list(state.scores),
            "next_dealer": result["next_dealer"],
            "hands": result["hands"],
        }
    )
    return state
