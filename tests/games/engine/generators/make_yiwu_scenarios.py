"""Builds the Yiwu whole-hand scenario files (run: python tests/games/engine/generators/make_yiwu_scenarios.py).

Walls follow yiwu.md §4.2 as games.engine.variants.yiwu.play lays them out: T[0..52] dealt in rounds
of 4-4-4-1 from the dealer plus the dealer's extra tile T[52], head draws from T[53], the indicator
T[134] (its face is the 财神), replacements T[131], T[130], .... Steps are explicit actions; any
other seat's turn in between plays the default (discard the drawn tile / pass). The ``expect``
blocks are yiwu.md §14's worked examples or hand-computed from §11/§13.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[4]))

from games.engine import Action, apply, default_action, legal_actions, new_hand, to_act  # noqa: E402
from games.engine.state import PHASE_OVER  # noqa: E402
from games.engine.tiles import parse_tiles, tile_str  # noqa: E402

OUT = Path(__file__).parents[1] / "scenarios"
TO_END = "to_end"


def build_wall(
    dealer: int,
    hands: dict[int, str],
    draws: dict[int, str],
    indicator: str,
    tail: tuple[str, ...] = (),
    spare_seed: int = 1,
) -> list[str]:
    """hands: required tiles per seat (the dealer's 14th, T[52], is the last tile written when it
    has 14); draws: head-draw index (0 = T[53]) -> tile; tail: replacement tiles in order."""
    full = Counter(k for k in range(34) for _ in range(4))
    wall: list[int | None] = [None] * 136
    wall[134] = parse_tiles(indicator)[0]
    for i, t in draws.items():
        wall[53 + i] = parse_tiles(t)[0]
    for k, t in enumerate(tail):
        wall[131 - k] = parse_tiles(t)[0]
    given = {s: parse_tiles(h) for s, h in hands.items()}
    used = Counter(t for t in wall if t is not None) + Counter(t for h in given.values() for t in h)
    spare = sorted((full - used).elements())
    random.Random(f"yiwu-spare:{spare_seed}").shuffle(spare)  # unrelated filler, reproducible
    seat_tiles = {}
    for s in range(4):
        n = 14 if s == dealer else 13
        tiles = list(given.get(s, []))
        while len(tiles) < n:
            tiles.insert(0, spare.pop(0))
        seat_tiles[s] = tiles
    pos = 0
    for r in range(3):
        for k in range(4):
            for t in seat_tiles[(dealer + k) % 4][4 * r : 4 * r + 4]:
                wall[pos] = t
                pos += 1
    for k in range(4):
        wall[pos] = seat_tiles[(dealer + k) % 4][12]
        pos += 1
    wall[52] = seat_tiles[dealer][13]
    for i in range(136):
        if wall[i] is None:
            wall[i] = spare.pop(0)
    assert not spare and Counter(wall) == full, "tile counts"
    return [tile_str(t) for t in wall]  # type: ignore[arg-type]


def play(scn: dict[str, Any], steps: list[Any]) -> dict[str, Any]:
    state, _ = new_hand("yiwu", {}, dealer=scn["dealer"], wall=scn["wall"], carry=scn.get("carry"))
    actions: list[dict[str, Any]] = []

    def do(a: Action) -> None:
        nonlocal state
        state, _ = apply(state, a)
        actions.append(a.to_json())

    for step in steps:
        if step == TO_END:
            while state.phase != PHASE_OVER:
                do(default_action(state, to_act(state)[0]))
            continue
        a = Action.from_json(step)
        for _ in range(400):
            if a in legal_actions(state, a.seat):
                break
            do(default_action(state, to_act(state)[0]))
        else:
            raise SystemExit(f"{scn['title']}: never legal: {step}")
        do(a)
    scn["actions"] = actions
    return scn


def A(
    seat: int,
    atype: str,
    tile: str | None = None,
    choice: int | None = None,
    tiles: str | None = None,
) -> dict:
    out: dict[str, Any] = {"seat": seat, "type": atype}
    for key, value in (("tile", tile), ("tiles", tiles), ("choice", choice)):
        if value is not None:
            out[key] = value
    return out


def D(seat: int, tile: str) -> dict:
    return A(seat, "discard", tile)


def no_bets(kind: str = "maizi") -> list[dict]:
    return [A(s, kind, choice=0) for s in range(4)]


def write(name: str, scn: dict[str, Any]) -> None:
    scn["wall"] = " ".join(scn["wall"])
    path = OUT / f"yiwu_{name}.json"
    path.write_text(json.dumps(scn, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print("wrote", path)


BASE = {"format": "que-scenario", "version": 1, "variant": "yiwu", "options": {}}

# E6/E7 table: dealer 0, C = 2m; seat 3 飘s at its first turn, then pungs 9s and chows 5p from seat 2.
E6_SEAT3 = "9p22m678m111z99s34p"  # 9p is discarded after the pung
E6_DRAWS = {2: "1p", 5: "9s", 8: "5p", 12: "7z"}


def scenarios() -> None:
    write(
        "e1_fangchong",
        play(
            {
                **BASE,
                "dealer": 0,
                "title": "yiwu.md E1: 放铳平胡 on seat 3's 2p; all three pay, the discarder +1",
                "wall": build_wall(
                    0, {2: "234m567m345s99s13p", 3: "2p"}, {0: "1z", 1: "1z", 2: "1z"}, "7p"
                ),
                "expect": {
                    "reason": "win",
                    "points": [-9, -7, 24, -8],
                    "next_dealer": 1,
                    "wins": [{"seat": 2, "from": 3, "patterns": ["fangchong"]}],
                    "event_types": ["caishen", "reveal"],
                },
            },
            [*no_bets(), D(3, "2p"), A(2, "hu", "2p")],
        ),
    )

    write(
        "e6_danpiao_chengbao",
        play(
            {
                **BASE,
                "dealer": 0,
                "title": "yiwu.md E6: seat 3 飘s (2m), is fed a pung and a chow by seat 2, "
                "then self-draws 财神头: 单飘 ×8 and seat 2 pays everything (承包)",
                "wall": build_wall(0, {3: E6_SEAT3}, E6_DRAWS, "2m"),
                "expect": {
                    "reason": "win",
                    "points": [0, 0, -184, 184],
                    "next_dealer": 1,
                    "wins": [
                        {
                            "seat": 3,
                            "from": None,
                            "patterns": ["zimo", "caishentou", "danpiao", "chengbao"],
                        }
                    ],
                    "event_types": ["piao", "pung", "chow"],
                },
            },
            [
                *no_bets(),
                D(3, "2m"),
                A(3, "pung", "9s"),
                D(3, "9p"),
                A(3, "chow", "5p", tiles="345p"),
                D(3, "1p"),
                A(3, "hu", "7z"),
            ],
        ),
    )

    write(
        "e7_fan_chengbao",
        play(
            {
                **BASE,
                "dealer": 0,
                "title": "yiwu.md E7: the feeder (seat 2) self-draws while seat 3 is in 单飘: "
                "zimo ×2 doubled, seat 3 pays everything",
                "wall": build_wall(
                    0,
                    {2: "111m345m567p789s5s", 3: E6_SEAT3},
                    {**E6_DRAWS, 11: "5s", 12: "1z"},
                    "2m",
                ),
                "expect": {
                    "reason": "win",
                    "points": [0, 0, 92, -92],
                    "next_dealer": 1,
                    "wins": [{"seat": 2, "from": None, "patterns": ["zimo", "fan_chengbao"]}],
                },
            },
            [
                *no_bets(),
                D(3, "2m"),
                A(3, "pung", "9s"),
                D(3, "9p"),
                A(3, "chow", "5p", tiles="345p"),
                D(3, "1p"),
                A(2, "hu", "5s"),
            ],
        ),
    )

    write(
        "shuangpiao_draw",
        play(
            {
                **BASE,
                "dealer": 0,
                "title": "双飘 then 流局: reserve drops to 6 tiles; seat 1 pays everyone 财神头 "
                "points (§13): 9×4 to the dealer, 7×4 to the others",
                "wall": build_wall(0, {1: "333z"}, {}, "3z"),
                "expect": {
                    "reason": "draw",
                    "points": [36, -92, 28, 28],
                    "next_dealer": 0,
                    "event_types": ["piao", "exhausted"],
                    "no_event_types": ["hu"],
                },
            },
            [*no_bets(), D(1, "3z"), D(1, "3z"), TO_END],
        ),
    )

    write(
        "danpiao_draw",
        play(
            {
                **BASE,
                "dealer": 2,
                "title": "单飘 then 流局: no payments (§13); the dealer deals again",
                "wall": build_wall(2, {1: "33z", 3: "3z"}, {}, "3z"),
                "expect": {
                    "reason": "draw",
                    "points": [0, 0, 0, 0],
                    "next_dealer": 2,
                    "event_types": ["piao", "exhausted"],
                },
            },
            [*no_bets(), D(1, "3z"), TO_END],
        ),
    )

    write(
        "tongquan_lock",
        play(
            {
                **BASE,
                "dealer": 0,
                "title": "同圈: seat 1 passes a win on seat 3's 2p, so seat 0's 2p offers it "
                "nothing; after its own draw seat 1 self-draws the 财神",
                "wall": build_wall(
                    0,
                    {1: "234m567m345s99s13p", 3: "2p", 0: "2p1z"},
                    {0: "1z", 1: "1z", 2: "1z", 3: "9m", 4: "7p"},
                    "7p",
                ),
                "expect": {
                    "reason": "win",
                    "points": [-18, 46, -14, -14],
                    "next_dealer": 1,
                    "wins": [{"seat": 1, "from": None, "patterns": ["zimo"]}],
                    "event_types": ["tongquan_lock"],
                },
            },
            [*no_bets(), D(3, "2p"), A(1, "pass"), D(0, "2p"), A(1, "hu", "7p")],
        ),
    )

    write(
        "e5_qianggang",
        play(
            {
                **BASE,
                "dealer": 3,
                "title": "yiwu.md E5: seat 0 adds 5m to its pung, seat 2 robs it: 抢杠 ×2 with no "
                "+1 for the robbed player",
                "wall": build_wall(
                    3,
                    {0: "55m", 2: "34m789p234s666s11z", 3: "5m1z"},
                    {0: "1z", 1: "9m", 2: "8m", 3: "5m"},
                    "3z",
                ),
                "expect": {
                    "reason": "win",
                    "points": [-14, -14, 46, -18],
                    "next_dealer": 0,
                    "wins": [{"seat": 2, "from": 0, "patterns": ["qianggang"]}],
                    "event_types": ["kong_declared"],
                    "no_event_types": ["kong"],
                },
            },
            [
                *no_bets(),
                D(3, "5m"),
                A(2, "pass"),
                A(0, "pung", "5m"),
                A(0, "kong_added", "5m"),
                A(2, "hu", "5m"),
            ],
        ),
    )

    write(
        "e4_gangkai",
        play(
            {
                **BASE,
                "dealer": 2,
                "title": "yiwu.md E4: seat 3 kongs the dealer's 8p and wins on the replacement "
                "(the third tile from the end of the live wall): 杠开 ×4",
                "wall": build_wall(2, {2: "8p", 3: "888p234m567m45s22z"}, {}, "1s", tail=("6s",)),
                "expect": {
                    "reason": "win",
                    "points": [-28, -28, -36, 92],
                    "next_dealer": 3,
                    "wins": [{"seat": 3, "from": None, "patterns": ["gangkai"]}],
                    "event_types": ["kong"],
                },
            },
            [*no_bets(), D(2, "8p"), A(3, "kong_exposed", "8p"), A(3, "hu", "6s")],
        ),
    )

    write(
        "e9_xiazi",
        play(
            {
                **BASE,
                "dealer": 0,
                "title": "yiwu.md E9 hand C: after a 财神头 dealer win seat 1's 下子 2 doubles to "
                "4, seat 3 opts in at 4; the dealer wins on seat 2's 4z",
                "carry": {
                    "dealer": 0,
                    "mai": [0, 0, 0, 0],
                    "xiazi": [0, 2, 0, 0],
                    "dealer_win_multiplier": 4,
                },
                "wall": build_wall(0, {0: "123m456m789m123p4z1z"}, {0: "7z", 1: "4z"}, "9s"),
                "expect": {
                    "reason": "win",
                    "points": [36, -13, -10, -13],
                    "next_dealer": 0,
                    "wins": [{"seat": 0, "from": 2, "patterns": ["fangchong"]}],
                    "event_types": ["bet_offer", "reveal"],
                },
            },
            [A(2, "xiazi", choice=0), A(3, "xiazi", choice=1), D(0, "1z"), A(0, "hu", "4z")],
        ),
    )

    write(
        "baiban_chow_maizi",
        play(
            {
                **BASE,
                "dealer": 0,
                "title": "白板 plays the 财神 face 6s: seat 1 chows 4s with 5s + 白板; 买子 by "
                "seats 0 and 1 raise their pairing by 4; seat 1 wins on 5z-as-6s later",
                "wall": build_wall(
                    0,
                    {0: "4s", 1: "5s5z5z123m456m789m1z", 2: "5z"},
                    {0: "1z", 1: "9p", 2: "1z"},
                    "6s",
                ),
                "expect": {
                    "reason": "win",
                    "points": [-13, 32, -10, -9],
                    "next_dealer": 1,
                    "wins": [{"seat": 1, "from": 2, "patterns": ["fangchong"]}],
                    "event_types": ["chow"],
                },
            },
            [
                A(0, "maizi", choice=1),
                A(1, "maizi", choice=1),
                A(2, "maizi", choice=0),
                A(3, "maizi", choice=0),
                D(0, "4s"),
                A(1, "chow", "4s", tiles="45s5z"),
                D(1, "1z"),
                D(2, "5z"),
                A(1, "hu", "5z"),
            ],
        ),
    )


if __name__ == "__main__":
    scenarios()
