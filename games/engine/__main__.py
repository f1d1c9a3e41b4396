"""``python -m games.engine {calc,replay,simulate,wall} ...``"""

from __future__ import annotations

import argparse
import json
import sys


def _simulate(argv: list[str]) -> int:
    from games.engine.registry import options_validate
    from games.engine.simulate import simulate

    p = argparse.ArgumentParser(prog="python -m games.engine simulate")
    p.add_argument("--variant", default="sichuan")
    p.add_argument("--bloody", action="store_true", help="Sichuan 血战到底")
    p.add_argument("--koukou", action="store_true", help="Wuhan 口口翻")
    p.add_argument("--hands", type=int, default=100)
    p.add_argument("--seed", default="sim")
    p.add_argument("--bot", choices=["greedy", "random"], default="greedy")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    options = {}
    if args.bloody:
        options["bloody"] = True
    if args.koukou:
        options["koukou"] = True
    options = options_validate(args.variant, options)
    summary = simulate(args.variant, options, hands=args.hands, seed=args.seed, bot=args.bot)
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
        return 0
    print(f"variant {summary['variant']} options {json.dumps(options)} bot {summary['bot']}")
    print(f"hands {summary['hands']}  results {summary['results']}  draws {summary['draws']}")
    print(
        f"wins {summary['wins']}  mean win points {summary['mean_win_points']}  "
        f"mean |points| per seat {summary['mean_abs_points_per_seat']}"
    )
    print("wins by pattern:")
    for pat, n in summary["wins_by_pattern"].items():
        print(f"  {pat:16} {n}")
    print(f"{summary['seconds']} s, {summary['hands_per_s']} hands/s")
    return 0


def _wall(argv: list[str]) -> int:
    from games.engine.tiles import tile_str
    from games.engine.wall import WALL_ALGORITHM, wall_from_seed

    p = argparse.ArgumentParser(prog="python -m games.engine wall")
    p.add_argument("--variant", default="sichuan")
    p.add_argument("--seed", required=True)
    args = p.parse_args(argv)
    wall = wall_from_seed(args.variant, args.seed)
    print(
        json.dumps(
            {
                "algorithm": WALL_ALGORITHM,
                "variant": args.variant,
                "seed": args.seed,
                "wall": " ".join(tile_str(t) for t in wall),
            },
            ensure_ascii=False,
        )
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] in ("-h", "--help"):
        print(
            "usage: python -m games.engine {calc FILE.json | replay FILE.json | "
            "simulate --variant V [--bloody] [--koukou] --hands N --seed S [--bot greedy|random] | "
            "wall --variant V --seed S}",
            file=sys.stderr,
        )
        return 2
    cmd, rest = argv[0], argv[1:]
    if cmd == "calc":
        from games.engine.calc import main as calc_main

        return int(calc_main(rest) or 0)
    if cmd == "replay":
        from games.engine.replay import main as replay_main

        return replay_main(rest)
    if cmd == "simulate":
        return _simulate(rest)
    if cmd == "wall":
        return _wall(rest)
    print(f"unknown command {cmd!r}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
