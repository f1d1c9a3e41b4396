"""Fuzhou before play starts: the deal in rounds of four (§3), the dice, the flowers laid down and
replaced from the tail (§4.1), the gold turned up (§5), and the reserve left at the tail (§6.1).
"""

from __future__ import annotations

import hashlib
from bisect import bisect_left
from typing import Final

from games.engine import core
from games.engine.actions import KONG_CONCEALED
from games.engine.core import (
    Events,
    replace,
)
from games.engine.state import N_SEATS, HandState
from games.engine.tiles import Meld, format_tiles, tile_str
from games.engine.variants.fuzhou.settle import (
    reserve,
)

FLOWER_KINDS = range(27, 42)


_PLAY_ORDER: Final = tuple(tuple((d + i) % N_SEATS for i in range(N_SEATS)) for d in range(N_SEATS))
"""Per dealer, the seats in play order from him."""


def _quartets(flowers: tuple[int, ...]) -> int:
    """``scoring.flower_quartets`` of a seat's flowers (kinds 27-41) in one pass: four of
    one honour, the four seasons, the four plants (the reserve is read on every live_count)."""
    if len(flowers) < 4:
        return 0
    honours = [0] * 7
    quartets = 0
    bloom = 0  # the seasons (bits 0-3) and plants (bits 4-7) held
    for t in flowers:
        if 27 <= t < 34:
            n = honours[t - 27] + 1
            honours[t - 27] = n
            if n == 4:
                quartets += 1
        elif 34 <= t < 42:
            bloom |= 1 << (t - 34)
    return quartets + (bloom & 0xF == 0xF) + (bloom >> 4 == 0xF)


def _is_flower(kind: int) -> bool:
    return kind >= 27


def gold_of(state: HandState) -> int | None:
    """The gold face J of this hand (None before 开金)."""
    gold = state.ext.get("gold")
    return None if gold is None else int(gold)


def is_gold_discarder(state: HandState, seat: int) -> bool:
    """§9: a discarded gold is dead and stays in its river, so the river tells who threw one."""
    gold = gold_of(state)
    return gold is not None and gold in state.discards[seat]


def _take_tail(state: HandState) -> tuple[HandState, int]:
    tile = state.wall[len(state.wall) - 1 - state.tail]
    return replace(state, tail=state.tail + 1), tile


def _deal_in_rounds(state: HandState, events: Events) -> HandState:
    """§3.2 step 3: four rounds of four tiles each, dealer first, then the dealer's 17th tile."""
    wall = state.wall
    dealer = state.dealer
    hands: list[list[int]] = [[] for _ in range(N_SEATS)]
    for rnd in range(4):
        for i in range(N_SEATS):
            start = rnd * 16 + i * 4
            hands[(dealer + i) % N_SEATS].extend(wall[start : start + 4])
    hands[dealer].append(wall[64])
    for h in hands:
        h.sort()  # format_tiles sorts too: the same text either way
    for e in reversed(events):
        if e.get("type") == "deal":
            e["hands"] = [format_tiles(h) for h in hands]
            break
    return replace(
        state, hands=(tuple(hands[0]), tuple(hands[1]), tuple(hands[2]), tuple(hands[3]))
    )


def _dice(state: HandState) -> list[int]:
    """§3.2 step 2: two cosmetic dice, derived from the wall so a replay shows the same roll."""
    digest = hashlib.sha256(bytes(state.wall)).digest()
    return [digest[0] % 6 + 1, digest[1] % 6 + 1]


def reserve_of(
    all_melds: tuple[tuple[Meld, ...], ...], all_flowers: tuple[tuple[int, ...], ...]
) -> int:
    """§6.1 R = 18 + E + 2C + 2Q from every seat's melds and flowers."""
    exposed = concealed = 0
    for melds in all_melds:
        for m in melds:
            mtype = m.type
            if mtype == KONG_CONCEALED:
                concealed += 1
            elif mtype != "pung" and mtype != "chow":
                exposed += 1
    quartets = 0
    for f in all_flowers:
        if len(f) >= 4:
            quartets += _quartets(f)
    return reserve(exposed=exposed, concealed=concealed, quartets=quartets)


def initial_flowers(state: HandState, events: Events) -> tuple[HandState, int | None]:
    """§4.1: rounds from the dealer in play order; each round only the seats that drew a flower
    in the previous one lay it down and draw as many from the tail."""
    dealer = state.dealer
    dealer_last: int | None = None
    # The dealt hands are sorted, so their flowers are a tail of each: the rest is what stays
    # held. Worked on local lists, one state copy at the end (the events are those of the
    # rounds); a flower drawn is laid in the next round, so it never joins the held list.
    held: list[list[int]] = []
    lay: list[list[int]] = []
    for h in state.hands:
        i = bisect_left(h, 27)
        held.append(list(h[:i]))
        lay.append(list(h[i:]))
    if not (lay[0] or lay[1] or lay[2] or lay[3]):
        return state, dealer_last
    flowers = [list(f) for f in state.flowers]
    wall, tail = state.wall, state.tail
    last = len(wall) - 1
    order = _PLAY_ORDER[dealer]
    more = True
    while more:
        more = False
        for seat in order:
            laid = lay[seat]
            if not laid:
                continue
            events.append(
                {"type": "flower", "seat": seat, "tiles": format_tiles(laid), "initial": True}
            )
            hand = held[seat]
            new_flowers: list[int] = []
            for _ in range(len(laid)):
                tile = wall[last - tail]
                tail += 1
                events.append({"type": "draw", "seat": seat, "tile": tile_str(tile), "tail": True})
                if tile >= 27:
                    new_flowers.append(tile)
                    more = True
                else:
                    hand.append(tile)
                    if seat == dealer:
                        dealer_last = tile
            flowers[seat] += laid
            lay[seat] = new_flowers  # laid next round (the later seats of this one unaffected)
    state = replace(
        state,
        tail=tail,
        hands=tuple(tuple(sorted(h)) for h in held),
        flowers=tuple(tuple(f) for f in flowers),
    )
    return state, dealer_last


def open_gold(state: HandState, events: Events) -> HandState:
    """§5: turn tail tiles up until a suited one: flowers go to the dealer (F3, no tile enters
    his hand); the suited tile is the indicator, set aside (F4)."""
    while True:
        state, tile = _take_tail(state)
        if _is_flower(tile):
            events.append(
                {
                    "type": "flower",
                    "seat": state.dealer,
                    "tiles": tile_str(tile),
                    "gold_flip": True,
                }
            )
            state = replace(
                state,
                flowers=core._set(
                    state.flowers, state.dealer, state.flowers[state.dealer] + (tile,)
                ),
            )
            continue
        events.append({"type": "gold", "tile": tile_str(tile)})
        return replace(state, ext={**state.ext, "gold": tile, "set_aside": [tile]})
