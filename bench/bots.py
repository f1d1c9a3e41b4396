"""Bot benchmark in duplicate play: the expert against greedy bots (docs/benchmarks.md).

    python bench/bots.py [--quick] [--json] [--walls N] [--modes sichuan/normal,...]

For every playable mode and every wall (seed ``dup:<i>``, its dealer rolled by ``dice_seat``)
the hand is played once with four greedy bots, and once per seat with the expert in that seat
and greedy bots in the other three. A duplicate hand is one (wall, seat): its difference is the
seat's net points (``hand_result["points"]``) with the expert minus with the greedy bot, so the
deal's luck cancels. ``mean_diff`` is the mean over the hands; ``ci95`` its 95 % interval, from
the spread of the per-wall means (the four seats of one wall share the deal, so the wall, not the
hand, is the independent unit). ``expert_decisions_per_s``: the expert's calls per CPU-second
(``time.process_time``), every decision counted, forced ones included.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engine import BUILD, apply, new_hand, to_act  # noqa: E402
from games.engine.bots import bot_choose  # noqa: E402
from games.engine.expert.value import TUNING  # noqa: E402
from games.engine.registry import playable_modes  # noqa: E402
from games.engine.state import PHASE_OVER  # noqa: E402
from games.engine.wall import dice_seat  # noqa: E402

clock = time.process_time


class Timer:
    """CPU time and calls of the expert's decisions."""

    def __init__(self) -> None:
        self.calls = 0
        self.seconds = 0.0


def play(
    variant: str, options: dict[str, Any], seed: str, expert_seat: int | None, timer: Timer
) -> list[int]:
    """Net points per seat of one hand: greedy bots, the expert in ``expert_seat``."""
    state, _ = new_hand(variant, options, dealer=dice_seat(seed), seed=seed)
    n = 0
    while state.phase != PHASE_OVER:
        n += 1
        if n > 3000:
            raise RuntimeError(f"hand {seed} did not end")
        seat = to_act(state)[0]
        if seat == expert_seat:
            t0 = clock()
            action = bot_choose(state, seat, kind="expert", rng_seed=n)
            timer.seconds += clock() - t0
            timer.calls += 1
        else:
            action = bot_choose(state, seat, kind="greedy", rng_seed=n)
        state, _ = apply(state, action)
    result = state.result or {}
    return list(result["points"])


def duplicate(
    variant: str,
    options: dict[str, Any],
    walls: int,
    timer: Timer,
    start: int = 0,
    per_wall: bool = False,
) -> dict[str, Any]:
    wall_means: list[float] = []
    diffs: list[float] = []
    for i in range(start, start + walls):
        seed = f"dup:{i}"
        base = play(variant, options, seed, None, timer)
        seats = []
        for seat in range(4):
            got = play(variant, options, seed, seat, timer)
            seats.append(got[seat] - base[seat])
        diffs.extend(seats)
        wall_means.append(sum(seats) / 4)
    n = len(wall_means)
    mean = sum(wall_means) / n
    var = sum((m - mean) ** 2 for m in wall_means) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    out: dict[str, Any] = {
        "hands": len(diffs),
        "mean_diff": round(mean, 3),
        "ci95": [round(mean - half, 3), round(mean + half, 3)],
    }
    if per_wall:
        out["per_wall"] = wall_means
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--quick", action="store_true")
    p.add_argument("--json", action="store_true")
    p.add_argument("--walls", type=int, default=None, help="walls per mode (4 hands each)")
    p.add_argument("--start", type=int, default=0, help="first wall number")
    p.add_argument("--modes", default="", help="comma-separated variant/mode labels")
    p.add_argument(
        "--tune", default="", help="experiments: name=value,... of games.engine.expert.value.TUNING"
    )
    p.add_argument("--per-wall", action="store_true", help="also print each wall's mean")
    args = p.parse_args(argv)
    tuning: dict[str, float] = {}
    for item in (x for x in args.tune.split(",") if x):
        name, _, value = item.partition("=")
        if not hasattr(TUNING, name):
            p.error(f"no tuning knob {name!r}")
        setattr(TUNING, name, float(value))
        tuning[name] = float(value)
    walls = args.walls if args.walls is not None else (20 if args.quick else 1000)
    wanted = {m for m in args.modes.split(",") if m}
    timer = Timer()
    out: dict[str, Any] = {"engine": BUILD, "walls": walls, "duplicate": {}}
    if tuning:
        out["tuning"] = tuning
    for key, label, opts in playable_modes():
        name = f"{key}/{label}"
        if wanted and name not in wanted:
            continue
        out["duplicate"][name] = duplicate(key, opts, walls, timer, args.start, args.per_wall)
        if not args.json:
            print(name, out["duplicate"][name], flush=True)
    out["expert_decisions_per_s"] = round(timer.calls / timer.seconds, 1) if timer.seconds else 0.0
    out["quick"] = args.quick
    if args.json:
        print(json.dumps(out))
    else:
        print("expert_decisions_per_s", out["expert_decisions_per_s"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
