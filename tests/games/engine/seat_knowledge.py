"""What one seat may know, worked out from the hand state and the specs alone (issue 13).

Shared by tests/games/engine/test_seat_knowledge.py (every seat's events and views from the engine)
and tests/games/runtime/test_seat_frames.py (every frame a seated client receives). Nothing here
asks the redaction code (games/engine/observation.py) what is secret.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from games.engine import HandState, observe, wall_from_seed
from games.engine.state import N_SEATS, PHASE_OVER
from games.engine.tiles import format_tiles, parse_tiles

_TILES = re.compile(r"^(?:[1-9]+[mpszf])+$")


def deal_order(variant: str, dealer: int) -> list[int]:
    """The seat receiving each dealt tile, in wall order, from the specs (not from the engine)."""
    seats = [(dealer + i) % N_SEATS for i in range(N_SEATS)]
    if variant == "sichuan":  # sichuan.md §1: 13 each, then the dealer's 14th
        return [s for s in seats for _ in range(13)] + [dealer]
    if variant == "fuzhou":  # fuzhou.md §3.2: four rounds of four tiles, then the dealer's 17th
        return [s for _ in range(4) for s in seats for _ in range(4)] + [dealer]
    # shaanxi.md §3.5 (wuhan.md §1 and yiwu.md §4.2 deal the same way): three rounds of four
    # tiles (two stacks), one single tile each, then the dealer's 14th
    return [s for _ in range(3) for s in seats for _ in range(4)] + seats + [dealer]


def dealt_hands(variant: str, wall: list[int], dealer: int) -> list[str]:
    hands: list[list[int]] = [[] for _ in range(N_SEATS)]
    for tile, seat in zip(wall, deal_order(variant, dealer), strict=False):
        hands[seat].append(tile)
    return [format_tiles(sorted(h)) for h in hands]


def choices_revealed(state: HandState) -> bool:
    """Are the pre-hand choices public? 炮子 at the dealer's first discard (shaanxi.md §4); 定缺
    and 买子/下子 once all four are in (sichuan.md §2, yiwu.md §12)."""
    if state.phase == PHASE_OVER:
        return True
    if state.variant == "shaanxi":
        return state.n_discards > 0
    return all(c is not None for c in state.choices)


def whether_secret(state: HandState) -> bool:
    """Is even *whether* a seat has chosen secret? (炮子, shaanxi.md §4)"""
    return state.variant == "shaanxi" and not choices_revealed(state)


def tiles_in(value: Any) -> Counter[int]:
    """Every tile named anywhere in a JSON value (dict keys aside)."""
    out: Counter[int] = Counter()
    if isinstance(value, str):
        if _TILES.match(value):
            out.update(parse_tiles(value))
    elif isinstance(value, dict):
        for v in value.values():
            out.update(tiles_in(v))
    elif isinstance(value, list | tuple):
        for v in value:
            out.update(tiles_in(v))
    return out


def known_tiles(seat: int | None, *states: HandState | None) -> Counter[int]:
    """The tiles ``seat`` can see in these states: its own and the public ones, as its views show
    them (test_seat_knowledge's swap tests check those views without the redaction code)."""
    known: Counter[int] = Counter()
    for state in states:
        if state is not None:
            known |= tiles_in(observe(state, seat))
    return known


def check_event(
    variant: str,
    seed: str,
    seat: int | None,
    e: dict[str, Any],
    before: HandState | None,
    after: HandState,
    known: Counter[int],
) -> None:
    """Assert that event ``e``, as shown to ``seat`` by the step from ``before`` to ``after``, shows
    only what the seat may know: a ``deal`` exactly the seat's dealt tiles; another seat's draw no
    tile; a choice nothing before its reveal (炮子: not even that it was made); no tile the seat
    cannot see (``known``: ``known_tiles(seat, before, after)``) while the hand runs."""
    where = f"{variant} {seed} seat {seat}: {e}"
    t = e.get("type")
    if t == "deal":
        dealt = dealt_hands(variant, wall_from_seed(variant, seed), e["dealer"])
        assert e["hands"] == [h if s == seat else None for s, h in enumerate(dealt)], where
        return
    if e.get("seat") is not None and e["seat"] != seat:
        if t == "draw":
            assert e["tile"] is None, where
        if t == "choice":
            assert not whether_secret(before or after), where  # 炮子: not even that it was made
            if not choices_revealed(after):
                assert e["choice"] is None, where
    if t == "reveal" or "choices" in e:
        assert choices_revealed(after), where
    if after.phase != PHASE_OVER:  # the end shows every hand
        extra = tiles_in(e) - known
        assert not extra, f"{where} shows {format_tiles(sorted(extra.elements()))}"
