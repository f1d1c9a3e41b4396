"""Commit-reveal fairness: rebuild a hand's wall from its revealed seed and check it.

At hand start the table publishes SHA-256(f"{seed}:{salt}") (engine.commit_seed); at hand end it
reveals seed and salt. Anyone can then recompute the commitment, rebuild the wall with the
published algorithm (engine.wall_from_seed, WALL_ALGORITHM) and replay the recorded actions.
"""

from __future__ import annotations

import games.engine as engine
from games.engine.tiles import tile_str
from games.models import HandRecord, HandStatus
from props.selectors import props_hand_setup


def wall_check(*, variant: str, seed: str, salt: str, commitment: str) -> dict:
    """Check a (seed, salt) against a commitment and rebuild the wall it gives."""
    wall = engine.wall_from_seed(variant, seed)
    return {
        "variant": variant,
        "wall_algorithm": engine.WALL_ALGORITHM,
        "commitment": commitment,
        "commitment_ok": engine.verify_seed(seed, salt, commitment),
        "wall": [tile_str(t) for t in wall],
    }


def hand_verify(hand: HandRecord) -> dict:
    """Everything public about a hand's fairness; the seed only once the hand is over."""
    out = {
        "hand": hand.pk,
        "table": hand.table_id,
        "hand_no": hand.hand_no,
        "variant": hand.variant,
        "options": hand.options,
        "dealer": hand.dealer,
        "status": hand.status,
        "commitment": hand.commitment,
        "wall_algorithm": hand.wall_algorithm,
        "revealed": hand.status != HandStatus.LIVE,
    }
    if hand.status == HandStatus.LIVE:
        return out
    out.update(
        wall_check(variant=hand.variant, seed=hand.seed, salt=hand.salt, commitment=hand.commitment)
    )
    out.update(
        seed=hand.seed,
        salt=hand.salt,
        wall_algorithm_ok=hand.wall_algorithm == engine.WALL_ALGORITHM,
    )
    try:
        state, _ = engine.replay(
            hand.variant,
            hand.options,
            dealer=hand.dealer,
            seed=hand.seed,
            carry=hand.carry,
            actions=hand.actions,
            **props_hand_setup(hand.pk),  # the hand's 道具 holdings, if any (platform/props)
        )
        result = engine.hand_result(state) or {}
        out["replay_points"] = result.get("points")
        out["replay_ok"] = result.get("points") == hand.points
    except engine.EngineError as exc:
        out["replay_ok"] = False
        out["replay_error"] = str(exc)
    out["ok"] = bool(out["commitment_ok"] and out["replay_ok"] and out["wall_algorithm_ok"])
    return out
