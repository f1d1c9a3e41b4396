"""Que's rules engine: the public API (docs/engine-api.md). Standard library only.

>>> s, ev = new_hand("sichuan", {}, dealer=0, seed="demo")
>>> s.phase, to_act(s)
('choice', [0, 1, 2, 3])
>>> for seat in range(4):
...     s, ev = apply(s, default_action(s, seat))
>>> s.phase, to_act(s)
('turn', [0])
>>> HandState.from_json(s.to_json()) == s
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

# First: it may install the finder of the compiled modules (games/engine/_loader.py).
from games.engine._loader import BUILD
from games.engine.actions import Action
from games.engine.core import (
    apply,
    default_action,
    do_escape,
    legal_actions,
    rules_of_key,
    start_hand,
    to_act,
)
from games.engine.errors import (
    EngineError,
    IllegalActionError,
    InvalidCaseError,
    InvalidNotationError,
    InvalidOptionsError,
    UnknownVariantError,
)
from games.engine.observation import observe, redact_events
from games.engine.registry import VARIANTS, Variant, coin_settlement, options_validate, variant_get
from games.engine.state import PHASE_OVER, HandState
from games.engine.tiles import parse_tile, parse_tiles
from games.engine.wall import (
    WALL_ALGORITHM,
    commit_seed,
    dice_seat,
    seed_basis,
    verify_seed,
    wall_from_seed,
)

__all__ = [
    "BUILD",
    "VARIANTS",
    "Action",
    "EngineError",
    "HandState",
    "IllegalActionError",
    "InvalidCaseError",
    "InvalidNotationError",
    "InvalidOptionsError",
    "UnknownVariantError",
    "Variant",
    "WALL_ALGORITHM",
    "apply",
    "coin_settlement",
    "commit_seed",
    "default_action",
    "dice_seat",
    "escape",
    "hand_result",
    "is_over",
    "legal_actions",
    "new_hand",
    "observe",
    "options_validate",
    "redact_events",
    "replay",
    "to_act",
    "variant_get",
    "verify_seed",
    "wall_from_seed",
]


def _wall_tiles(wall: str | Sequence[Any]) -> list[int]:
    if isinstance(wall, str):
        return parse_tiles(wall)
    out = []
    for t in wall:
        if isinstance(t, bool):
            raise InvalidNotationError(f"bad wall tile {t!r}")
        out.append(t if isinstance(t, int) else parse_tile(t))
    return out


def new_hand(
    variant_key: str,
    options: dict[str, Any] | None,
    *,
    dealer: int | None,
    seed: str | None = None,
    wall: str | Sequence[Any] | None = None,
    carry: dict[str, Any] | None = None,
    props: Sequence[dict[str, Any]] | None = None,
    before_deal: Sequence[dict[str, Any]] | None = None,
) -> tuple[HandState, list[dict[str, Any]]]:
    """Deal a new hand. ``dealer=None`` rolls the dealer with ``dice_seat(seed)`` (a table's first
    hand; with an explicit wall, from the wall's hash). Exactly one of ``seed`` (docs/engine-wall.md) and ``wall`` (explicit tile
    order, index 0 dealt first) is given. ``props`` (each seat's prop holdings, key -> count) and
    ``before_deal`` (``[{"seat": s, "prop": "qiankun"}]``) turn on props (games.engine.props,
    Sichuan and Wuhan only). Returns the state and the opening events."""
    opts = options_validate(variant_key, options)
    rules_of_key(variant_key)  # fails early for a variant whose play is not implemented
    if (seed is None) == (wall is None):
        raise EngineError("give exactly one of seed and wall")
    tiles = wall_from_seed(variant_key, seed) if seed is not None else _wall_tiles(wall or [])
    if dealer is None:
        dealer = dice_seat(seed_basis(seed, tiles))
    state, events = start_hand(variant_key, opts, dealer=dealer, wall=tiles, seed=seed, carry=carry)
    if props is not None or before_deal:
        from games.engine.props import setup

        state, events = setup(state, events, props, before_deal)
    return state, events


def escape(state: HandState, seat: int) -> tuple[HandState, list[dict[str, Any]]]:
    """``seat`` leaves the live hand: the variant's escape settlement (may end the hand)."""
    return do_escape(state, seat)


def is_over(state: HandState) -> bool:
    return state.phase == PHASE_OVER


def hand_result(state: HandState) -> dict[str, Any] | None:
    """The result of a finished hand (docs/engine-api.md); None while it runs."""
    return state.result if state.phase == PHASE_OVER else None


# The submodule games.engine.replay (scenario files, the replay CLI) has the same name as the
# replay() function below. Import it here, before the function is defined: a later
# ``import games.engine.replay`` then finds it loaded and no longer rebinds the package attribute,
# so ``from games.engine import replay`` is always the function.
import games.engine.replay as _replay_module  # noqa: E402,F401


def replay(
    variant_key: str,
    options: dict[str, Any] | None,
    *,
    dealer: int | None,
    seed: str | None = None,
    wall: str | Sequence[Any] | None = None,
    carry: dict[str, Any] | None = None,
    props: Sequence[dict[str, Any]] | None = None,
    before_deal: Sequence[dict[str, Any]] | None = None,
    actions: Iterable[Action | dict[str, Any]],
) -> tuple[HandState, list[dict[str, Any]]]:
    """Rebuild a hand from its record. Actions may be Action objects or their JSON; an
    ``{"type": "escape", "seat": s}`` entry plays ``escape``. Raises IllegalActionError."""
    state, events = new_hand(
        variant_key,
        options,
        dealer=dealer,
        seed=seed,
        wall=wall,
        carry=carry,
        props=props,
        before_deal=before_deal,
    )
    for a in actions:
        if isinstance(a, dict) and a.get("type") == "escape":
            state, ev = escape(state, a.get("seat"))  # type: ignore[arg-type]
        else:
            act = a if isinstance(a, Action) else Action.from_json(a)
            state, ev = apply(state, act)
        events.extend(ev)
    return state, events
