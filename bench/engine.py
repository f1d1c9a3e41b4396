"""Engine benchmark: prints numbers, never asserts timings (docs/benchmarks.md).

    python bench/engine.py [--quick] [--json]

All measurements run in this one process (one core) on the same generated hands:
win checks (no wildcard, 1-4 wildcards), waits, Sichuan scoring, full simulated hands with greedy
bots per registered playable variant/mode, and the ``mahjong`` PyPI library's Agari on the same
winning 14-tile hands. ``engine`` says which engine ran: "compiled" (the mypyc build of
``make engine``) or "pure" (the source; QUE_ENGINE=pure forces it, QUE_ENGINE=compiled refuses to
fall back to it: docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engine import BUILD  # noqa: E402
from games.engine.hand import (  # noqa: E402
    is_standard_win,
    keys_of_tiles,
    waits_standard,
    win_from_keys,
    win_from_tiles,
)
from games.engine.registry import playable_modes  # noqa: E402
from games.engine.simulate import play_hand  # noqa: E402


def winning_hands(
    n: int, rng: random.Random, suits: int = 3, honours: bool = True
) -> list[list[int]]:
    """Random standard winning 14-tile hands (4 sets + pair), never a fifth copy."""
    kinds = list(range(9 * suits)) + (list(range(27, 34)) if honours else [])
    out = []
    while len(out) < n:
        counts = [0] * 34
        tiles: list[int] = []
        ok = True
        for _ in range(4):
            if rng.random() < 0.6:
                base = rng.choice([k for k in kinds if k < 27 and k % 9 <= 6])
                group = [base, base + 1, base + 2]
            else:
                group = [rng.choice(kinds)] * 3
            for t in group:
                counts[t] += 1
            tiles += group
        pair = rng.choice(kinds)
        counts[pair] += 2
        tiles += [pair, pair]
        ok = max(counts) <= 4
        if ok:
            out.append(sorted(tiles))
    return out


# CPU time of this process: one core, and fair on a machine shared with other jobs.
clock = time.process_time


def rate(fn, items: list[Any], min_seconds: float) -> float:
    """Calls per CPU-second of fn over items (looped until min_seconds elapsed), after one warm-up
    pass: the hand tables are filled lazily, and the steady state is what a server sees."""
    for it in items:
        fn(it)
    calls = 0
    start = clock()
    while True:
        for it in items:
            fn(it)
        calls += len(items)
        elapsed = clock() - start
        if elapsed >= min_seconds:
            return calls / elapsed


def rate_star(fn, items: list[tuple[Any, ...]], min_seconds: float) -> float:
    """``rate`` for a function called with each item's fields as its arguments, as a caller that
    keeps them in local variables calls it (no wrapper call in the timed loop)."""
    for it in items:
        fn(*it)
    calls = 0
    start = clock()
    while True:
        for it in items:
            fn(*it)
        calls += len(items)
        elapsed = clock() - start
        if elapsed >= min_seconds:
            return calls / elapsed


def counts_of(tiles: list[int]) -> list[int]:
    c = [0] * 34
    for t in tiles:
        c[t] += 1
    return c


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--quick", action="store_true")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    secs = 0.3 if args.quick else 2.0
    n_hands = 60 if args.quick else 400
    rng = random.Random(20240601)
    hands = winning_hands(2000 if args.quick else 20000, rng)
    res: dict[str, Any] = {}

    # warm the lazily filled tables so every rate is steady-state
    for h in hands:
        win_from_tiles(h)
    res["win_per_s"] = rate(win_from_tiles, hands, secs)
    keyed = [tuple(keys_of_tiles(h)) for h in hands]
    res["win_keys_per_s"] = rate_star(win_from_keys, keyed, secs)

    wild_items = []
    for i, h in enumerate(hands):
        k = 1 + i % 4
        rest = list(h)
        for _ in range(k):
            rest.pop(rng.randrange(len(rest)))
        wild_items.append((tuple(keys_of_tiles(rest)), k, counts_of(rest)))
    for (km, kp, ks, kz), w, _c in wild_items:
        win_from_keys(km, kp, ks, kz, w)
    res["win_wild_per_s"] = rate_star(win_from_keys, [(*it[0], it[1]) for it in wild_items], secs)
    res["win_wild_counts_per_s"] = rate(lambda it: is_standard_win(it[2], it[1]), wild_items, secs)

    thirteen = [counts_of(h[: k % 14] + h[k % 14 + 1 :]) for k, h in enumerate(hands)]
    res["waits_per_s"] = rate(waits_standard, thirteen, secs)
    wild13 = []
    for i, h in enumerate(hands):
        rest = list(h)
        rest.pop(i % 14)
        rest.pop(rng.randrange(len(rest)))
        wild13.append(counts_of(rest))
    res["waits_wild_per_s"] = rate(lambda c: waits_standard(c, 1), wild13, secs)

    # Sichuan scoring: two-suit winning hands, the third suit void
    from games.engine.variants.sichuan import scoring

    sc_hands = []
    for h in winning_hands(1000 if args.quick else 5000, rng, suits=3, honours=False):
        suits = {t // 9 for t in h}
        if len(suits) <= 2:
            void = "mps"[next(s for s in range(3) if s not in suits)]
            sc_hands.append((h, void))

    def score_one(item: tuple[list[int], str]) -> None:
        h, void = item
        scoring.score(h, [], h[0], "discard", 1, 0, 0, scoring.ScoreContext(missing_suit=void))

    res["score_per_s"] = rate(score_one, sc_hands, secs)

    # Fuzhou: 17-tile wins (five sets + pair, suited only) with 0-3 golds, through is_legal_win
    from games.engine.variants.fuzhou import scoring as fz

    fz_items = []
    for i, h in enumerate(winning_hands(1000 if args.quick else 5000, rng, honours=False)):
        extra = rng.choice([k for k in range(27) if k % 9 <= 6])
        tiles = h + [extra, extra + 1, extra + 2]
        if max(tiles.count(t) for t in tiles) > 4:
            continue
        gold = rng.randrange(27)
        golds = min(i % 4, 3 - tiles.count(gold)) if tiles.count(gold) <= 3 else 0
        for _ in range(max(golds, 0)):
            tiles[rng.randrange(17)] = gold
        if tiles.count(gold) <= 3:
            fz_items.append((tiles, fz.WinContext(gold=gold)))
    res["fuzhou_win17_gold_per_s"] = rate(
        lambda it: fz.is_legal_win(it[0], (), it[1]), fz_items, secs
    )

    # hands_per_s: one warm-up hand, then the timed hands (comparable with the earlier runs in
    # docs/benchmarks.md; the lazily filled hand/shanten tables are still filling during it).
    # hands_per_s_warm: as many new hands (other seeds) after n_warm more warm-up hands, the
    # steady state of a long-running server or simulation.
    res["hands_per_s"] = {}
    res["hands_per_s_warm"] = {}
    n_warm = 20 if args.quick else 300
    for key, label, opts in playable_modes():
        play_hand(key, opts, "warm", checked=False)
        n = n_hands if key == "sichuan" else max(10, n_hands // 4)
        start = clock()
        for i in range(n):
            play_hand(key, opts, f"bench:{i}", checked=False)
        res["hands_per_s"][f"{key}/{label}"] = n / (clock() - start)
        for i in range(n_warm):
            play_hand(key, opts, f"warm:{i}", checked=False)
        start = clock()
        for i in range(n):  # seeds not played before: no hand-level cache can have them
            play_hand(key, opts, f"bench-warm:{i}", checked=False)
        res["hands_per_s_warm"][f"{key}/{label}"] = n / (clock() - start)

    try:
        from mahjong.agari import Agari

        agari = Agari()
        arrays = [counts_of(h) for h in hands]
        res["mahjong_lib_win_per_s"] = rate(agari.is_agari, arrays, secs)
        # Each side from the input its callers maintain: the library's 34-count array, our four
        # group keys (docs/benchmarks.md). ratio_vs_mahjong_tiles charges us the conversion from a
        # tile list too (the library gets its count array for free).
        res["ratio_vs_mahjong"] = res["win_keys_per_s"] / res["mahjong_lib_win_per_s"]
        res["ratio_vs_mahjong_tiles"] = res["win_per_s"] / res["mahjong_lib_win_per_s"]
    except ImportError:
        res["mahjong_lib_win_per_s"] = None
        res["ratio_vs_mahjong"] = None
        res["ratio_vs_mahjong_tiles"] = None

    out = {k: (round(v, 1) if isinstance(v, float) else v) for k, v in res.items()}
    out["hands_per_s"] = {k: round(v, 1) for k, v in res["hands_per_s"].items()}
    out["hands_per_s_warm"] = {k: round(v, 1) for k, v in res["hands_per_s_warm"].items()}
    out["quick"] = args.quick
    out = {"engine": BUILD, **out}  # first: which engine ran
    if args.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"{k:24} {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
