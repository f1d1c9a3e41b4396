"""Starting a hand: check the wall is the variant's tile set, deal, and run the opening steps.

The core deals contiguously (the dealer first, ``hand_size`` tiles each, then the dealer's extra
tile); variants that deal in blocks re-deal in ``Rules.after_deal`` (docs/engine-wall.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from games.engine.errors import EngineError
from games.engine.hooks import Events, Rules
from games.engine.machine import _add, live_count, replace, rules_of_key
from games.engine.state import (
    N_SEATS,
    PHASE_CHOICE,
    HandState,
)
from games.engine.tiles import format_tiles


def start_hand(
    variant: str,
    options: dict[str, Any],
    *,
    dealer: int,
    wall: Sequence[int],
    seed: str | None,
    carry: dict[str, Any] | None,
) -> tuple[HandState, Events]:
    """Deal and run the automatic opening steps. Options must be validated already."""
    rules = rules_of_key(variant)
    if isinstance(dealer, bool) or dealer not in range(N_SEATS):
        raise EngineError(f"dealer must be a seat 0-3, got {dealer!r}")
    expect = _SORTED_TILES.get(rules)
    if expect is None:
        if len(_SORTED_TILES) > 64:
            _SORTED_TILES.clear()
        expect = _SORTED_TILES[rules] = sorted(rules.tile_list())
    if not _is_tile_set(wall, expect):
        raise EngineError(
            f"the wall is not the {variant} tile set ({len(wall)} tiles, need {len(expect)})"
        )
    n = rules.hand_size
    hands: list[tuple[int, ...]] = [()] * N_SEATS
    for i in range(N_SEATS):
        seat = (dealer + i) % N_SEATS
        hands[seat] = tuple(sorted(wall[i * n : (i + 1) * n]))
    extra = wall[N_SEATS * n]
    hands[dealer] = _add(hands[dealer], extra)
    state = HandState(  # the other fields start every hand as HandState declares them
        variant=variant,
        options=dict(options),
        dealer=dealer,
        seed=seed,
        wall=tuple(wall),
        head=N_SEATS * n + 1,
        turn=dealer,
        hands=tuple(hands),
        drawn=extra,
        ext=rules.init_ext(dict(options), dealer, carry),
        carry=carry,
    )
    events: Events = [
        {
            "type": "deal",
            "dealer": dealer,
            "hands": [format_tiles(h) for h in state.hands],
            "wall_remaining": live_count(state),
        }
    ]
    state._mutable = True  # fresh: update it in place until start_hand returns
    try:
        state = rules.after_deal(state, events)
    finally:
        state._mutable = False
    if rules.choice_kind is not None and any(c is None for c in state.choices):
        # after_deal may pre-fill the seats that have nothing to choose (Yiwu: no bet offered)
        state = replace(state, phase=PHASE_CHOICE)
        events.append({"type": "choice_phase", "kind": rules.choice_kind})
    return state, events


#: sorted(rules.tile_list()) per Rules object (the hook takes no state: a fixed list per variant)
_SORTED_TILES: Final[dict[Rules, list[int]]] = {}


def _is_tile_set(wall: Sequence[object], expect: list[int]) -> bool:
    """``sorted(wall) == expect`` (``expect`` sorted), counting the tile kinds instead of sorting
    when every tile is an int kind (a wall of anything else gets the sort, errors and all)."""
    if len(wall) != len(expect):
        return False
    left = [0] * 64
    for t in expect:
        if not 0 <= t < 64:
            return sorted(wall) == expect  # type: ignore[type-var]
        left[t] = left[t] + 1
    for x in wall:
        if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x < 64:
            return sorted(wall) == expect  # type: ignore[type-var]
        left[x] = left[x] - 1
        if left[x] < 0:
            return False
    return True
