"""Builds the whole-hand scenario files in scenarios/ (run: python tests/games/engine/generators/make_scenarios.py).

The walls are laid out from chosen hands and draws; the action lists are written out here, with
``AUTO`` steps filled in by playing the default action (discard the drawn tile / pass). The
``expect`` blocks are the spec's worked examples (shared/rules/sichuan.md §15) or hand-computed.
The generated JSON files are the test fixtures; this script only documents how they were made.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[4]))

from games.engine import Action, apply, default_action, escape, legal_actions, new_hand, to_act  # noqa: E402
from games.engine.state import PHASE_OVER  # noqa: E402
from games.engine.tiles import parse_tiles, tile_str  # noqa: E402

OUT = Path(__file__).parents[1] / "scenarios"
AUTO = "auto"  # one default action (the first seat to act)
AUTO_TO_END = "auto_to_end"


def build_wall(
    hands: list[str | None], draws: list[str], tail: list[str] = (), dealer: int = 0
) -> list[str]:
    """hands[s] for seats s (the dealer's has 14 tiles; None: filled from spare tiles), head draws in
    order, tail draws in order (tail[0] is the first replacement tile, the wall's last tile)."""
    full = Counter(k for k in range(27) for _ in range(4))
    given = Counter(t for h in hands if h for t in parse_tiles(h))
    given += Counter(t for d in [*draws, *tail] for t in parse_tiles(d))
    spare = sorted((full - given).elements(), key=lambda k: (k % 9, k))  # mixed suits, no easy sets
    seat_tiles = []
    for s, h in enumerate(hands):
        if h:
            seat_tiles.append(parse_tiles(h))
        else:
            n = 14 if s == dealer else 13
            seat_tiles.append(spare[:n])
            spare = spare[n:]
    head: list[int] = []
    for i in range(4):
        head += seat_tiles[(dealer + i) % 4][:13]
    head.append(seat_tiles[dealer][13])
    head += [t for d in draws for t in parse_tiles(d)]
    back = [t for d in tail for t in parse_tiles(d)]
    used = Counter(head) + Counter(back)
    if any(used[k] > full[k] for k in used):
        raise SystemExit(f"too many copies: {[tile_str(k) for k in used if used[k] > full[k]]}")
    filler = sorted((full - used).elements())
    return [tile_str(t) for t in head + filler + back[::-1]]


def until(seat: int, atype: str) -> tuple[int, str]:
    """Default actions until ``seat`` may play ``atype``."""
    return (seat, atype)


def play(scn: dict, steps: list) -> dict:
    state, _ = new_hand(scn["variant"], scn["options"], dealer=scn["dealer"], wall=scn["wall"])
    actions = []
    for step in steps:
        if isinstance(step, tuple):
            seat, atype = step
            while not any(x.type == atype for x in legal_actions(state, seat)):
                a = default_action(state, to_act(state)[0])
                state, _ = apply(state, a)
                actions.append(a.to_json())
            continue
        while True:
            if step in (AUTO, AUTO_TO_END):
                if state.phase == PHASE_OVER:
                    break
                a = default_action(state, to_act(state)[0]).to_json()
            else:
                a = step
            if a.get("type") == "escape":
                state, _ = escape(state, a["seat"])
            else:
                state, _ = apply(state, Action.from_json(a))
            actions.append(a)
            if step != AUTO_TO_END:
                break
    scn["actions"] = actions
    return scn


def D(seat, tile):
    return {"seat": seat, "type": "discard", "tile": tile}


def A(seat, atype, tile=None, choice=None):
    out = {"seat": seat, "type": atype}
    if tile:
        out["tile"] = tile
    if choice:
        out["choice"] = choice
    return out


def dq(*suits):
    return [A(s, "dingque", choice=c) for s, c in enumerate(suits)]


def write(name: str, scn: dict) -> None:
    OUT.mkdir(exist_ok=True)
    scn["wall"] = " ".join(scn["wall"])
    path = OUT / f"{name}.json"
    path.write_text(json.dumps(scn, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print("wrote", path)


# --- Example 5: 一炮多响 on a 杠上炮 -----------------------------------------------------------------
EX5_HANDS = ["2p55p689p12456679s", "123456789m1399p", "6s11m55m77m134678p", "2444777p333888s"]
EX5_WALL = build_wall(EX5_HANDS, ["3m", "9m", "4m", "2m", "6m", "6s"], tail=["1s"])
EX5_STEPS = [
    *dq("m", "s", "s", "m"),
    D(0, "9s"),
    D(1, "3m"),
    D(2, "6s"),
    A(0, "pung", "6s"),
    D(0, "1s"),
    D(1, "4m"),
    D(2, "2m"),
    D(3, "6m"),
    A(0, "kong_added", "6s"),
    D(0, "2p"),
    A(1, "hu", "2p"),
    A(3, "hu", "2p"),
]


def scenarios() -> None:
    base = {"format": "que-scenario", "version": 1, "variant": "sichuan", "dealer": 0}
    write(
        "multi_win_gangshangpao",
        play(
            {
                **base,
                "title": "sichuan.md §15 Example 5: added kong, 杠上炮, 一炮多响 (seats 1 and 3)",
                "options": {},
                "wall": EX5_WALL,
                "expect": {
                    "reason": "win",
                    "points": [-54, 24, -6, 36],
                    "next_dealer": 0,
                    "wins": [
                        {"seat": 1, "from": 0, "patterns": ["pinghu", "gangshangpao"]},
                        {"seat": 3, "from": 0, "patterns": ["duiduihu", "gangshangpao"]},
                    ],
                    "event_types": ["kong", "hu"],
                },
            },
            EX5_STEPS,
        ),
    )
    write(
        "bloody_play_on",
        play(
            {
                **base,
                "title": "血战: Example 5's double win, then the discarder (first un-won after the last "
                "winner) draws and play goes on between seats 0 and 2",
                "options": {"bloody": True},
                "wall": EX5_WALL,
                "expect": {
                    "over": False,
                    "scores": [-54, 24, -6, 36],
                    "to_act": [0],
                    "wins": [
                        {"seat": 1, "from": 0, "patterns": ["pinghu", "gangshangpao"]},
                        {"seat": 3, "from": 0, "patterns": ["duiduihu", "gangshangpao"]},
                    ],
                },
            },
            EX5_STEPS,
        ),
    )
    write(
        "bloody_to_the_end",
        play(
            {
                **base,
                "title": "血战: after the double win, seats 0 and 2 play the wall out (then the draw check)",
                "options": {"bloody": True},
                "wall": EX5_WALL,
                "expect": {"over": True, "event_types": ["exhausted", "hand_end"]},
            },
            [*EX5_STEPS, AUTO_TO_END],
        ),
    )
    write(
        "escape_normal",
        play(
            {
                **base,
                "title": "sichuan.md §15 Example 8: seat 3 escapes mid-hand and pays 96 to each other seat",
                "options": {},
                "wall": EX5_WALL,
                "expect": {"reason": "escape", "points": [96, 96, 96, -288]},
            },
            [*dq("m", "s", "s", "m"), D(0, "9s"), {"seat": 3, "type": "escape"}],
        ),
    )
    write(
        "escape_after_kong",
        play(
            {
                **base,
                "title": "Escape after a kong: the kong money stands (§10.2), then the 96 penalty",
                "options": {},
                "wall": EX5_WALL,
                "expect": {"reason": "escape", "points": [18 + 96, -6 - 288, -6 + 96, -6 + 96]},
            },
            [*EX5_STEPS[:13], {"seat": 1, "type": "escape"}],
        ),
    )

    # --- Example 9: robbing an added kong, and the claim priority on the same wall ----------------
    hands = [
        "6m 9m 1s 2s 3s 4s 5s 6s 7s 8s 9s 2p 4p 6p",
        "34578m11123789p",
        "66m 12m 1s 1s 2s 3s 4s 5s 5p 5p 6p",
        "1m 2m 3m 9p 9p 8p 7s 7s 8s 8s 6p 6p 4p",
    ]
    hands = ["".join(h.split()) for h in hands]
    wall9 = build_wall(hands, ["9s", "3m", "4p", "6m"])
    steps9 = [
        *dq("m", "s", "p", "m"),
        D(0, "6m"),
        A(1, "pass"),
        A(2, "pung", "6m"),
        until(2, "kong_added"),
        A(2, "kong_added", "6m"),
        A(1, "hu", "6m"),
    ]
    write(
        "rob_kong",
        play(
            {
                **base,
                "title": "sichuan.md §15 Example 9: seat 1 passes a win, seat 2 pungs 6m, later adds the "
                "fourth 6m and seat 1 robs it (抢杠): the robbed player pays as discarder, no kong money",
                "options": {},
                "wall": wall9,
                "expect": {
                    "reason": "win",
                    "points": [0, 6, -6, 0],
                    "next_dealer": 2,
                    "wins": [{"seat": 1, "from": 2, "patterns": ["pinghu"]}],
                    "no_event_types": ["kong"],
                },
            },
            steps9,
        ),
    )
    write(
        "claim_priority_hu_over_pung",
        play(
            {
                **base,
                "title": "Claim priority: seat 2 asks to pung 6m, seat 1 wins on it; 胡 beats 碰",
                "options": {},
                "wall": wall9,
                "expect": {
                    "reason": "win",
                    "points": [-6, 6, 0, 0],
                    "next_dealer": 0,
                    "wins": [{"seat": 1, "from": 0, "patterns": ["pinghu"]}],
                    "no_event_types": ["pung"],
                },
            },
            [*dq("m", "s", "p", "m"), D(0, "6m"), A(2, "pung", "6m"), A(1, "hu", "6m")],
        ),
    )

    # --- a draw: 查花猪 and 查大叫 ------------------------------------------------------------------
    dhands = ["22m224466p223355s", "123456789p11s23s", "1199m3377m25689s", "4444s11s13579p79s"]
    rest = Counter(k for k in range(27) for _ in range(4)) - Counter(
        t for h in dhands for t in parse_tiles(h)
    )
    ms = sorted(k for k in rest.elements() if k < 9)
    others = sorted(k for k in rest.elements() if k >= 9) + ms[13:]
    ms = ms[:13]
    draws = []
    for i in range(55):
        draws.append(tile_str(ms.pop(0) if i % 4 == 3 else others.pop(0)))
    dwall = build_wall(dhands, draws)
    write(
        "draw_flower_pig_dajiao",
        play(
            {
                **base,
                "title": "A draw: seat 0 is a 花猪 (keeps void 2m), seat 1 is ready (大叫 6), seats 2 and 3 "
                "are not ready: [-288, 96+12, 96-6, 96-6]",
                "options": {},
                "wall": dwall,
                "expect": {
                    "reason": "draw",
                    "points": [-288, 108, 90, 90],
                    "next_dealer": 0,
                    "event_types": ["exhausted", "draw_check"],
                },
            },
            [*dq("m", "m", "p", "m"), AUTO_TO_END],
        ),
    )

    write(
        "draw_kong_refund",
        play(
            {
                **base,
                "title": "The same draw after seat 3 declared a concealed kong of 4s (+36): seat 3 is not "
                "ready, so it refunds the 36 at the draw (§8 step 3); the totals are unchanged",
                "options": {},
                "wall": dwall,
                "expect": {
                    "reason": "draw",
                    "points": [-288, 108, 90, 90],
                    "event_types": ["kong", "draw_check"],
                },
            },
            [
                *dq("m", "m", "p", "m"),
                until(3, "kong_concealed"),
                A(3, "kong_concealed", "4s"),
                AUTO_TO_END,
            ],
        ),
    )

    # --- the last four tiles: forced wins (§7) -------------------------------------------------
    fhands = ["22m224466p223355s", "123456789p11s23s", "1199m3377m25689s", "444s5s11s13579p79s"]
    rest = Counter(k for k in range(27) for _ in range(4)) - Counter(
        t for h in fhands for t in parse_tiles(h)
    )
    rest[parse_tiles("4s")[0]] -= 1
    ms = sorted(k for k in rest.elements() if k < 9)
    others = sorted(k for k in rest.elements() if k >= 9) + ms[13:]
    ms = ms[:13]
    draws = [tile_str(ms.pop(0) if i % 4 == 3 else others.pop(0)) for i in range(54)]
    write(
        "last_four_forced_discard_win",
        play(
            {
                **base,
                "title": "§7: the last tile (4s) is drawn and discarded by seat 3; seat 1 must win on it",
                "options": {},
                "wall": build_wall(fhands, [*draws, "4s"]),
                "expect": {
                    "reason": "win",
                    "points": [0, 6, 0, -6],
                    "next_dealer": 3,
                    "wins": [{"seat": 1, "from": 3, "patterns": ["pinghu"]}],
                    "event_types": ["forced_win"],
                },
            },
            [*dq("m", "m", "p", "m"), AUTO_TO_END],
        ),
    )
    draws2 = draws[:52] + ["4s"] + draws[52:]
    write(
        "last_four_forced_self_draw",
        play(
            {
                **base,
                "title": "§7: seat 1 draws its wait 4s with 2 tiles left: the self-draw win is automatic",
                "options": {},
                "wall": build_wall(fhands, draws2),
                "expect": {
                    "reason": "win",
                    "points": [-6, 18, -6, -6],
                    "next_dealer": 1,
                    "wins": [{"seat": 1, "from": None, "patterns": ["pinghu"]}],
                    "event_types": ["forced_win"],
                },
            },
            [*dq("m", "m", "p", "m"), AUTO_TO_END],
        ),
    )
    draws3 = draws[:4] + ["4s"] + draws[4:]
    write(
        "pass_on_win_early",
        play(
            {
                **base,
                "title": "§3.4: before the last four a win may be passed: seat 1 draws 4s early, discards it; "
                "then the hand plays out to a draw",
                "options": {},
                "wall": build_wall(fhands, draws3),
                "expect": {"reason": "draw", "no_event_types": ["hu", "forced_win"]},
            },
            [*dq("m", "m", "p", "m"), until(1, "hu"), D(1, "4s"), AUTO_TO_END],
        ),
    )


if __name__ == "__main__":
    scenarios()
