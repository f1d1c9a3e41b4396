"""Builds the Wuhan whole-hand scenario files scenarios/wuhan_*.json.

Run: ``.venv/bin/python tests/games/engine/generators/make_wuhan_scenarios.py``. Walls are laid out from
chosen hands in the platform deal order (shaanxi.md §3.5, as wuhan.md §1 says), then the
indicator, then the head draws; tail draws (kong / 红中杠 / 癞子杠 replacements) are taken from the
end. ``expect`` blocks are computed by hand from shared/rules/wuhan.md §8 (see each ``title``).
The generated JSON files are the fixtures; this script documents how they were made.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[4]))

from games.engine import Action, apply, default_action, escape, legal_actions, new_hand, to_act  # noqa: E402
from games.engine.state import PHASE_OVER, PHASE_TURN  # noqa: E402
from games.engine.tiles import parse_tiles, tile_str  # noqa: E402
from games.engine.variants.wuhan.play import deal_order  # noqa: E402

OUT = Path(__file__).parents[1] / "scenarios"
AUTO_TO_END = "auto_to_end"
HU_DRAWN = "hu_drawn"  # the seat on turn wins on the tile it drew


def build_wall(
    hands: list[str],
    indicator: str,
    draws: list[str],
    tail: list[str] = (),
    dealer: int = 0,
    avoid: str = "",
) -> list[str]:
    """hands[s] per seat (the dealer's 14), head draws in order, tail draws in order. Filler
    tiles (the rest, sorted, minus ``avoid`` kinds which go last) fill the middle."""
    full = Counter(k for k in range(34) for _ in range(4))
    queues = [parse_tiles(h) for h in hands]
    for s, q in enumerate(queues):
        assert len(q) == (14 if s == dealer else 13), (s, len(q))
    head = [queues[s].pop(0) for s in deal_order(dealer)]
    head += parse_tiles(indicator)
    head += [t for d in draws for t in parse_tiles(d)]
    back = [t for d in tail for t in parse_tiles(d)]
    used = Counter(head) + Counter(back)
    over = [tile_str(k) for k in used if used[k] > full[k]]
    assert not over, f"too many copies: {over}"
    avoid_kinds = set(parse_tiles(avoid))
    rest = sorted((full - used).elements(), key=lambda k: (k in avoid_kinds, k))
    return [tile_str(t) for t in head + rest + back[::-1]]


def D(seat: int, tile: str) -> dict:
    return {"seat": seat, "type": "discard", "tile": tile}


def A(seat: int, atype: str, tile: str | None = None, tiles: str | None = None) -> dict:
    out: dict = {"seat": seat, "type": atype}
    if tile:
        out["tile"] = tile
    if tiles:
        out["tiles"] = tiles
    return out


def until_turn(seat: int, atype: str) -> tuple[str, int, str]:
    """Default actions until it is ``seat``'s turn and ``atype`` is legal."""
    return ("until_turn", seat, atype)


def play(scn: dict, steps: list) -> dict:
    state, _ = new_hand(
        "wuhan", scn["options"], dealer=scn["dealer"], wall=scn.get("wall"), seed=scn.get("seed")
    )
    actions: list[dict] = []

    def step(a: dict) -> None:
        nonlocal state
        if a.get("type") == "escape":
            state, _ = escape(state, a["seat"])
        else:
            state, _ = apply(state, Action.from_json(a))
        actions.append(a)

    for s in steps:
        if isinstance(s, tuple):
            _, seat, atype = s
            while not (
                state.phase == PHASE_TURN
                and state.turn == seat
                and any(x.type == atype for x in legal_actions(state, seat))
            ):
                step(default_action(state, to_act(state)[0]).to_json())
        elif s == HU_DRAWN:
            step({"seat": state.turn, "type": "hu", "tile": tile_str(state.drawn)})
        elif s == AUTO_TO_END:
            while state.phase != PHASE_OVER:
                step(default_action(state, to_act(state)[0]).to_json())
        else:
            # claim windows the scenario does not mention are passed
            while s["seat"] not in to_act(state):
                step(default_action(state, to_act(state)[0]).to_json())
            step(s)
    scn["actions"] = actions
    return scn


def write(name: str, scn: dict) -> None:
    if "wall" in scn:
        scn["wall"] = " ".join(scn["wall"])
    path = OUT / f"{name}.json"
    path.write_text(json.dumps(scn, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print("wrote", path)


BASE = {"format": "que-scenario", "version": 1, "variant": "wuhan"}


def gang_shang_hua() -> None:
    hands = [
        "7z9p147m258p39s1234z",  # dealer: lays out 红中, discards 9p
        "12345678m99p55s5z",  # pungs 9p, discards 5z, later lays out the 癞子 6s
        "258m147p147s5z6z2z3z",
        "369m36p128s12346z",
    ]
    wall = build_wall(hands, "5s", ["1p", "4p", "3p", "6s"], tail=["7p", "9m"])
    write(
        "wuhan_hongzhong_laizi_gang_shang_hua",
        play(
            {
                **BASE,
                "dealer": 0,
                "options": {},
                "wall": wall,
                "title": "红中杠 and 癞子杠 with replacement draws (§2, §3): the dealer lays out 红中 and draws "
                "7p from the tail; seat 1 pungs 9p (开口), later draws the 癞子 6s, lays it out (癞子杠) "
                "and wins on the replacement 9m: 杠上花, hard. M1 = 2 open x 2 癞子杠 x 1.5 自摸 x 2 硬 "
                "= 12; seat 0: 2 (红中杠), seats 2, 3: 1; raw 240/120/120 -> [-240, 480, -120, -120]",
                "expect": {
                    "reason": "win",
                    "points": [-240, 480, -120, -120],
                    "next_dealer": 1,
                    "wins": [{"seat": 1, "from": None, "patterns": ["gang_shang_hua", "ying_hu"]}],
                    "event_types": ["laizi", "hongzhong_gang", "laizi_gang", "pung", "hu"],
                },
            },
            [
                A(0, "hongzhong_gang", "7z"),
                D(0, "9p"),
                A(1, "pung", "9p"),
                D(1, "5z"),
                until_turn(1, "laizi_gang"),
                A(1, "laizi_gang", "6s"),
                A(1, "hu", "9m"),
            ],
        ),
    )


def qiang_gang() -> None:
    hands = [
        "139m258p379s1567z",
        "14557m147p138s67z",  # pungs 5m, discards 8s, later adds the fourth 5m
        "2359m1369p469s256z",  # dealer: discards 5m first
        "46m234678p22s88s1z",  # pungs 8s, discards 1z, robs the added kong
    ]
    wall = build_wall(hands, "3z", ["9p", "5m"], dealer=2)
    write(
        "wuhan_qiang_gang_cheng_bao",
        play(
            {
                **BASE,
                "dealer": 2,
                "options": {},
                "wall": wall,
                "title": "抢杠 (§4) and 承包 case 3 (§8), as E8: seat 1 pungs 5m, seat 3 pungs 8s; seat 1 draws the "
                "fourth 5m and adds it; seat 3 robs it (456m 234678p 22s + 888s). base 10, M3 = 4; "
                "robbed seat 1 = 2 x 1.5 = 3 -> 120, seats 0 and 2: 40 each (no dealer factor); "
                "seat 1 pays all 200",
                "expect": {
                    "reason": "win",
                    "points": [0, -200, 0, 200],
                    "next_dealer": 3,
                    "wins": [{"seat": 3, "from": 1, "patterns": ["qiang_gang", "ying_hu"]}],
                    "event_types": ["kong_declared", "hu"],
                    "no_event_types": ["kong"],
                },
            },
            [
                D(2, "5m"),
                A(1, "pung", "5m"),
                D(1, "8s"),
                A(3, "pung", "8s"),
                D(3, "1z"),
                until_turn(1, "kong_added"),
                A(1, "kong_added", "5m"),
                A(3, "hu", "5m"),
            ],
        ),
    )


def single_winner() -> None:
    hands = [
        "123m456m46p55s1z1z2z",  # pungs 1z, discards 2z, waits 5p
        "147m258p368s3456z",
        "789m123s55p88s1z2z2z3z",  # dealer: discards 1z, pungs 2z, discards 3z, waits 5p/8s
        "258m147p147s4z5z6z6z",
    ]
    wall = build_wall(hands, "8s", ["5p"], dealer=2)
    write(
        "wuhan_single_winner_dealer_order",
        play(
            {
                **BASE,
                "dealer": 2,
                "options": {},
                "wall": wall,
                "title": "一炮单响 in the seed's order (§4): seat 3 discards 5p, seats 0 (nearest) and 2 (the "
                "dealer) both say hu; the dealer comes first in the order dealer, dealer+1, ... and "
                "wins alone. Small hu: M2 = 2 open x 2 硬 x 2 庄 = 8; seat 3 放冲 2 -> 16, seat 0 "
                "opened 2 -> 16, seat 1: 8",
                "expect": {
                    "reason": "win",
                    "points": [-16, -8, 40, -16],
                    "next_dealer": 2,
                    "wins": [{"seat": 2, "from": 3, "patterns": ["xiao_hu", "ying_hu"]}],
                    "event_types": ["single_winner"],
                },
            },
            [
                D(2, "1z"),
                A(0, "pung", "1z"),
                D(0, "2z"),
                A(2, "pung", "2z"),
                D(2, "3z"),
                D(3, "5p"),
                A(0, "hu", "5p"),
                A(2, "hu", "5p"),
            ],
        ),
    )


def kaikou_required() -> None:
    hands = [
        "5p147m28p369s13457z",  # dealer: discards 5p
        "123m456m789m55s46p",  # ready but unopened: no hu on 5p; chows it instead
        "258m147p147s3567z",
        "369m369p258s1146z",
    ]
    wall = build_wall(hands, "1z", ["1s", "9m"])
    write(
        "wuhan_kaikou_required",
        play(
            {
                **BASE,
                "dealer": 0,
                "options": {},
                "wall": wall,
                "title": "开口 (§5): seat 1 is complete on 5p but has not opened, so it is offered no hu, only "
                "the chow; it chows 456p, discards 9m and wins on seat 3's 9m. Small hu: M1 = 2 x 2 硬 "
                "= 4; dealer 0: 2 -> 8, seat 3 放冲 2 -> 8, seat 2: 4",
                "expect": {
                    "reason": "win",
                    "points": [-8, 20, -4, -8],
                    "next_dealer": 1,
                    "wins": [{"seat": 1, "from": 3, "patterns": ["xiao_hu", "ying_hu"]}],
                    "event_types": ["chow"],
                },
            },
            [
                D(0, "5p"),
                A(1, "chow", "5p", "456p"),
                D(1, "9m"),
                D(2, "1s"),
                D(3, "9m"),
                A(1, "hu", "9m"),
            ],
        ),
    )


def hai_di_lao() -> None:
    hands = [
        "14466m258p378s127z",  # dealer: discards 1z; holds two 6m
        "1z1z123m456m78m55s3z",  # pungs 1z, discards 3z, waits 6m/9m (or the 癞子 2s)
        "89m147p2247s3457z",
        "3m369p223589s677z",
    ]
    # Every 2s (癞子), 7z, 6m and 9m is in a hand or among the four 海底 tiles, so seat 1 meets no
    # winning tile before the 海底 phase (draws 69-72 of the 72 drawable ones).
    used = Counter(t for h in hands for t in parse_tiles(h)) + Counter(parse_tiles("1s9m9m9m6m"))
    filler = [
        tile_str(t)
        for t in sorted((Counter(k for k in range(34) for _ in range(4)) - used).elements())
    ]
    wall = build_wall(hands, "1s", [*filler[:68], "9m", "9m", "9m", "6m", *filler[68:]])
    write(
        "wuhan_hai_di_lao",
        play(
            {
                **BASE,
                "dealer": 0,
                "options": {},
                "wall": wall,
                "title": "海底 (§7): seat 1 pungs 1z; the 6m/9m it waits on are the last four drawable tiles. "
                "From L <= 4 each seat draws once, only a self-drawn win is allowed and a tile that "
                "does not win is set aside face up; seat 1 wins: 海底捞, hard, M1 = 2 x 1.5 x 2 = 6, "
                "every other seat 60",
                "expect": {
                    "reason": "win",
                    "points": [-60, 180, -60, -60],
                    "next_dealer": 1,
                    "wins": [{"seat": 1, "from": None, "patterns": ["hai_di_lao", "ying_hu"]}],
                    "event_types": ["haidi", "hu"],
                },
            },
            [D(0, "1z"), A(1, "pung", "1z"), D(1, "3z"), until_turn(1, "hu"), HU_DRAWN],
        ),
    )


def qing_yi_se_cheng_bao() -> None:
    hands = [
        "124578m49p36789s1z",  # dealer: discards 1z, later 9p and 4p
        "369m3p12459s1256z",  # discards 3p
        "1245567899p234z",  # chows 123p (seat 1), pungs 9p (seat 0), pungs 5p (seat 3), wins on 4p
        "3689m5p2345s3457z",  # discards 5z, later 5p
    ]
    wall = build_wall(hands, "1s", ["8m", "6s", "7m", "4s", "2m", "3s"])
    write(
        "wuhan_qing_yi_se_cheng_bao",
        play(
            {
                **BASE,
                "dealer": 0,
                "options": {},
                "wall": wall,
                "title": "承包 case 2 (§8): seat 2 chows 123p from seat 1, pungs 9p from seat 0 and 5p from "
                "seat 3 (its third opening), then wins 清一色 on seat 0's 4p (44p 678p). base 10, "
                "M2 = 2 x 2 硬 = 4; seat 0 放冲 1.5 -> 60, seats 1 and 3: 40; seat 3 pays all 140",
                "expect": {
                    "reason": "win",
                    "points": [0, 0, 140, -140],
                    "next_dealer": 1,
                    "wins": [{"seat": 2, "from": 0, "patterns": ["qing_yi_se", "ying_hu"]}],
                },
            },
            [
                D(0, "1z"),
                D(1, "3p"),
                A(2, "chow", "3p", "123p"),
                D(2, "2z"),
                D(3, "5z"),
                D(0, "9p"),
                A(2, "pung", "9p"),
                D(2, "3z"),
                D(3, "5p"),
                A(2, "pung", "5p"),
                D(2, "4z"),
                D(0, "4p"),
                A(2, "hu", "4p"),
            ],
        ),
    )


def huang_zhuang() -> None:
    write(
        "wuhan_huang_zhuang",
        play(
            {
                **BASE,
                "dealer": 3,
                "options": {},
                "seed": "wuhan-huang-zhuang",
                "title": "荒庄 (§7): everybody discards the drawn tile and claims nothing, so nobody opens; "
                "the 10-tile reserve is never drawn, the 海底 tiles are set aside, no points change "
                "and the dealer keeps the deal",
                "expect": {
                    "reason": "draw",
                    "points": [0, 0, 0, 0],
                    "next_dealer": 3,
                    "event_types": [
                        "laizi",
                        "haidi",
                        "haidi_set_aside",
                        "exhausted",
                        "huang_zhuang",
                    ],
                    "no_event_types": ["hu", "score"],
                },
            },
            [AUTO_TO_END],
        ),
    )


def escape_koukou() -> None:
    write(
        "wuhan_escape_koukou",
        play(
            {
                **BASE,
                "dealer": 1,
                "options": {"koukou": True},
                "seed": "wuhan-escape",
                "title": "逃跑 in 口口翻 (§8): seat 2 leaves after the dealer's first discard and loses 500: "
                "167 to seat 3 (E+1), 167 to seat 0 (E+2), 166 to seat 1; an escape is not a draw: "
                "the deal passes to dealer + 1 (§1)",
                "expect": {"reason": "escape", "points": [167, 166, -500, 167], "next_dealer": 2},
            },
            [until_turn(2, "discard"), {"seat": 2, "type": "escape"}],
        ),
    )


if __name__ == "__main__":
    gang_shang_hua()
    qiang_gang()
    single_winner()
    kaikou_required()
    qing_yi_se_cheng_bao()
    hai_di_lao()
    huang_zhuang()
    escape_koukou()
