"""Bot self-play: ``python -m games.engine simulate --variant sichuan [--bloody] --hands N --seed S``."""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

from games.engine.actions import Action
from games.engine.bots import bot_choose
from games.engine.core import _apply_unchecked, apply, to_act
from games.engine.state import PHASE_CLAIM, PHASE_OVER, PHASE_TURN, HandState
from games.engine.wall import dice_seat


def play_hand(
    variant: str,
    options: dict[str, Any],
    seed: str,
    *,
    bot: str = "greedy",
    dealer: int | None = None,
    checked: bool = True,
    max_actions: int = 2000,
) -> tuple[HandState, list[dict[str, Any]], list[dict[str, Any]]]:
    """Play one hand with four bots. Returns (final state, events, actions as JSON)."""
    from games.engine import new_hand

    if dealer is None:
        dealer = dice_seat(seed)
    state, events = new_hand(variant, options, dealer=dealer, seed=seed)
    step = apply if checked else _apply_unchecked
    played: list[Action] = []
    while state.phase != PHASE_OVER:
        if len(played) > max_actions:
            raise RuntimeError(f"hand {seed} did not end after {max_actions} actions")
        # to_act(state)[0], without building the list on the two common phases
        phase = state.phase
        if phase == PHASE_TURN:
            seat = state.turn
        elif phase == PHASE_CLAIM and state.claim is not None:
            seat = state.claim.pending[0]
        else:
            seat = to_act(state)[0]
        action = bot_choose(state, seat, kind=bot, rng_seed=len(played))
        state, ev = step(state, action)
        events += ev
        played.append(action)
    actions = [a.to_json() for a in played]
    return state, events, actions


def simulate(
    variant: str,
    options: dict[str, Any],
    *,
    hands: int,
    seed: str,
    bot: str = "greedy",
    checked: bool = False,
) -> dict[str, Any]:
    patterns: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    n_wins = 0
    win_points = 0
    abs_points = 0
    start = time.perf_counter()
    for i in range(hands):
        state, _, _ = play_hand(variant, options, f"{seed}:{i}", bot=bot, checked=checked)
        result = state.result or {}
        reasons[result.get("reason", "?")] += 1
        for w in state.wins:
            n_wins += 1
            patterns[w["patterns"][0] if w.get("patterns") else "?"] += 1
            win_points += sum(d for d in w["deltas"] if d > 0)
        abs_points += sum(abs(p) for p in result.get("points", []))
    elapsed = time.perf_counter() - start
    return {
        "variant": variant,
        "options": options,
        "hands": hands,
        "bot": bot,
        "results": dict(reasons),
        "wins": n_wins,
        "wins_by_pattern": dict(patterns.most_common()),
        "draws": reasons.get("draw", 0),
        "mean_win_points": round(win_points / n_wins, 2) if n_wins else 0.0,
        "mean_abs_points_per_seat": round(abs_points / (4 * hands), 2) if hands else 0.0,
        "seconds": round(elapsed, 3),
        "hands_per_s": round(hands / elapsed, 1) if elapsed else 0.0,
    }
