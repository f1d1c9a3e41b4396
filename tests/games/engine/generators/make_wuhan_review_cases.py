"""Generate cases/wuhan_review.json: an independent acceptance review of the Wuhan calculator.

Every expectation was computed by hand from shared/rules/wuhan.md and CASES.md §5, not by running
the calculator. Run: python tests/games/engine/generators/make_wuhan_review_cases.py
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

CASES: list[dict[str, Any]] = []


def m(t: str, tiles: str, frm: int | None = None) -> dict[str, Any]:
    d: dict[str, Any] = {"type": t, "tiles": tiles}
    if frm is not None:
        d["from"] = frm
    return d


def win(
    cid: str,
    concealed: str,
    melds: list[Any],
    wild: str,
    ctx: dict[str, Any],
    expect: bool,
    why: str,
) -> None:
    CASES.append(
        {
            "id": cid,
            "kind": "win",
            "concealed": concealed,
            "melds": melds,
            "wild": wild,
            "context": ctx,
            "expect": expect,
            "why": why,
        }
    )


def waits(
    cid: str,
    concealed: str,
    melds: list[Any],
    wild: str,
    expect: list[str],
    why: str,
    ctx: dict[str, Any] | None = None,
) -> None:
    CASES.append(
        {
            "id": cid,
            "kind": "waits",
            "concealed": concealed,
            "melds": melds,
            "wild": wild,
            "context": ctx if ctx is not None else {"opened": bool(melds)},
            "expect": expect,
            "why": why,
        }
    )


def score(
    cid: str,
    concealed: str,
    melds: list[Any],
    wild: str,
    win_tile: str,
    win_type: str,
    winner: int,
    discarder: int | None,
    dealer: int,
    ctx: dict[str, Any],
    expect: Any,
    why: str,
) -> None:
    CASES.append(
        {
            "id": cid,
            "kind": "score",
            "concealed": concealed,
            "melds": melds,
            "wild": wild,
            "win_tile": win_tile,
            "win_type": win_type,
            "winner": winner,
            "discarder": discarder,
            "dealer": dealer,
            "context": ctx,
            "expect": expect,
            "why": why,
        }
    )


def settle(cid: str, ctx: dict[str, Any], expect: Any, why: str) -> None:
    CASES.append({"id": cid, "kind": "settle", "context": ctx, "expect": expect, "why": why})


ERR = "error"

# ---------------------------------------------------------------- win
E1_MELDS = [m("pung", "999p", 3)]
win(
    "w-e1",
    "123m88p456789s",
    E1_MELDS,
    "6s",
    {"opened": True, "win_type": "discard", "win_tile": "3m"},
    True,
    "E1: 6s used at face value in 456s, 88p is 将",
)
win(
    "w-e1-laizi-discard",
    "123m88p456789s",
    E1_MELDS,
    "6s",
    {"opened": True, "win_type": "discard", "win_tile": "6s"},
    False,
    "§6/§2: a discarded 癞子 is never won on",
)
win(
    "w-e1-laizi-selfdraw",
    "123m88p456789s",
    E1_MELDS,
    "6s",
    {"opened": True, "win_type": "self_draw", "win_tile": "6s"},
    True,
    "§6: a self-drawn 癞子 may complete the hand",
)
win(
    "w-default-wintype",
    "123m88p456789s",
    E1_MELDS,
    "6s",
    {"opened": True},
    True,
    "CASES 5.1: win_type defaults to self_draw, win_tile optional",
)
win(
    "w-no-opening",
    "123m456m789m234p55s",
    [],
    "1z",
    {"opened": False},
    False,
    "§5: a fully concealed hand never wins",
)
win(
    "w-only-angang",
    "123m456m234p55s",
    [m("kong_concealed", "9999s")],
    "1z",
    {"opened": False},
    False,
    "§5: kong_concealed is not an opening",
)
win(
    "w-kong-added-opens",
    "123m456m234p55s",
    [m("kong_added", "9999s", 2)],
    "1z",
    {"opened": True},
    True,
    "§5: kong_added counts as the opening of its pung",
)
win(
    "w-hongzhong-held",
    "123m456m55s777z",
    [m("pung", "999p", 3)],
    "1z",
    {"opened": True},
    False,
    "§3: a player holding any 红中 cannot win, even with a valid shape",
)
win(
    "w-hongzhong-discard",
    "123m456m55s777z",
    [m("pung", "999p", 3)],
    "1z",
    {"opened": True, "win_type": "discard", "win_tile": "7z"},
    False,
    "§3/§6: never won on 红中 (and the hand holds 7z)",
)
win(
    "w-pung-hongzhong-meld",
    "123m456m789s55s",
    [m("pung", "777z", 3)],
    "1z",
    {"opened": True},
    False,
    "§3, CASES 5.1: no 7z in a meld",
)
win(
    "w-laizi-pung-meld",
    "123m456m789s55s",
    [m("pung", "999p", 3)],
    "9p",
    {"opened": True},
    False,
    "§2: 癞子 tiles never form a pung",
)
win(
    "w-laizi-chow-meld",
    "123m456m789s55s",
    [m("chow", "345p", 3)],
    "4p",
    {"opened": True},
    False,
    "§2: a 癞子 cannot be used to chow",
)
win(
    "w-pair-not-258",
    "123m77p456789s",
    E1_MELDS,
    "1z",
    {"opened": True, "win_type": "discard", "win_tile": "3m"},
    False,
    "§6: standard shape needs a 2/5/8 pair; 77p is not",
)
win(
    "w-pair-honour-mixed",
    "123m456p789s11z",
    [m("chow", "234s", 3)],
    "9m",
    {"opened": True, "win_type": "discard", "win_tile": "3m"},
    False,
    "§6: honour pair not allowed for a plain hand",
)
win(
    "w-pair-honour-pph",
    "222p333s444m33z",
    [m("pung", "111m", 3)],
    "9s",
    {"opened": True, "win_type": "discard", "win_tile": "3z"},
    True,
    "§6: 碰碰胡 relaxes the pair rule",
)
win(
    "w-qys-pair-44",
    "44678p",
    [m("chow", "123p", 3), m("pung", "999p", 2), m("pung", "555p", 1)],
    "1s",
    {"opened": True, "win_type": "discard", "win_tile": "4p"},
    True,
    "E5: 清一色 relaxes the pair rule",
)
win(
    "w-situation-no-relax",
    "123m456p789s11z",
    [m("chow", "234s", 3)],
    "9m",
    {"opened": True, "situations": ["gang_shang_hua"]},
    False,
    "§6: 杠上花 does not relax the 2/5/8 pair",
)
win(
    "w-fyz-no-shape",
    "23456z23456z1z",
    [m("pung", "111z", 3)],
    "9m",
    {"opened": True},
    True,
    "§6: 风一色 needs no shape (乱风)",
)
win(
    "w-fyz-with-laizi",
    "23456z23456z5m",
    [m("pung", "111z", 3)],
    "5m",
    {"opened": True},
    True,
    "§6: the 癞子 5m stands for an honour -> 风一色",
)
win(
    "w-jys-no-shape",
    "88m2p5s8s2s5s8p",
    [m("pung", "222m", 2), m("pung", "555p", 1)],
    "1z",
    {"opened": True, "win_type": "discard", "win_tile": "8s"},
    True,
    "§6: 将一色 needs no shape",
)
win(
    "w-jys-near-miss",
    "88m2p5s8s2s5s9p",
    [m("pung", "222m", 2), m("pung", "555p", 1)],
    "1z",
    {"opened": True},
    False,
    "§6: one 9p breaks 将一色 and there is no shape",
)
win(
    "w-two-laizi-small",
    "123m88p345s567s",
    E1_MELDS,
    "5s",
    {"opened": True},
    False,
    "§6 two-癞子 rule: two 5s held (even at face value) -> no small hu",
)
win(
    "w-two-laizi-big",
    "123p88p345p567p",
    E1_MELDS,
    "5p",
    {"opened": True},
    True,
    "§6: two 癞子 but 清一色 is a big hu -> allowed",
)
win(
    "w-two-laizi-gsh",
    "123m88p345s567s",
    E1_MELDS,
    "5s",
    {"opened": True, "situations": ["gang_shang_hua"]},
    True,
    "§6: 杠上花 is a big pattern, so two 癞子 are fine",
)
win(
    "w-one-laizi-small",
    "123m88p345s678s",
    E1_MELDS,
    "5s",
    {"opened": True},
    True,
    "§6: one 癞子 held, small hu allowed",
)
win(
    "w-seven-pairs",
    "22m55m88m22p55p88p22s",
    [],
    "1z",
    {"opened": False},
    False,
    "§6: no 七对 (and no opening)",
)
win(
    "w-fifth-copy",
    "123m88p456789s",
    [m("pung", "999p", 3)],
    "1z",
    {"opened": True},
    True,
    "control",
)
win(
    "w-fifth-copy-2",
    "999p88p456789s",
    [m("pung", "999p", 3)],
    "1z",
    {"opened": True},
    False,
    "CASES §1.3: a fifth copy is false, not an error",
)
win(
    "w-wrong-count",
    "123m88p45678s",
    [m("pung", "999p", 3)],
    "1z",
    {"opened": True},
    False,
    "CASES §1.3: wrong tile count -> false",
)
win(
    "w-qqr-bad-pair",
    "44s",
    [m("chow", "234m", 3), m("chow", "678p", 3), m("pung", "111z", 2), m("chow", "345s", 3)],
    "9m",
    {"opened": True, "win_type": "discard", "win_tile": "4s"},
    False,
    "§6.1: 全求人 still needs the 2/5/8 pair",
)
win(
    "w-qqr-ok",
    "55s",
    [m("chow", "234m", 3), m("chow", "678p", 3), m("pung", "111z", 2), m("chow", "345s", 3)],
    "9m",
    {"opened": True, "win_type": "discard", "win_tile": "5s"},
    True,
    "E7 hand",
)
win(
    "w-laizi-as-pair",
    "123m456p789s2m5m",
    [m("chow", "234s", 3)],
    "5m",
    {"opened": True, "win_type": "discard", "win_tile": "2m"},
    True,
    "§2: the 癞子 5m stands for 2m -> 22m pair (soft)",
)
win(
    "w-laizi-pairs-2s",
    "123m456p789s2s9z".replace("9z", "6z"),
    [m("chow", "234s", 3)],
    "6z",
    {"opened": True, "win_type": "discard", "win_tile": "3m"},
    True,
    "6z 癞子 stands for 2s -> 22s pair (soft)",
)
win(
    "w-laizi-not-hongzhong",
    "123m456p789s77z".replace("77z", "7z6z"),
    [m("chow", "234s", 3)],
    "6z",
    {"opened": True},
    False,
    "§2: 癞子 never stands for 7z, and 7z is held",
)

# ---------------------------------------------------------------- waits
waits(
    "wt-e2",
    "55m23467s",
    [m("chow", "345p", 3), m("kong_added", "7777m", 2)],
    "2z",
    ["5s", "8s", "2z"],
    "CASES 5.4 / E2 before the win; the 癞子 kind is a wait",
)
waits(
    "wt-unopened",
    "123m456m789m234p5s",
    [],
    "1z",
    [],
    "§6.2: an unopened hand has no waits",
    ctx={"opened": False},
)
waits(
    "wt-hongzhong",
    "111m444m77s77z",
    [m("pung", "999p", 3)],
    "1z",
    [],
    "§6.2: a hand holding 7z has no waits (7s would give 碰碰胡 with a 77z pair)",
)
waits(
    "wt-four-held",
    "5556m",
    [m("kong_exposed", "4444m", 3), m("pung", "111z", 2), m("pung", "999p", 1)],
    "9s",
    ["6m", "7m", "9s"],
    "§6.2: 4m would win (55 pair + 456m) but all four 4m are held; 6m gives 碰碰胡; 9s 癞子",
)
waits(
    "wt-258",
    "2345m",
    [m("pung", "111z", 3), m("pung", "999p", 2), m("pung", "888s", 1)],
    "1s",
    ["2m", "5m", "1s"],
    "2/5/8 pair: 234+55 or 22+345; 1s 癞子 wait",
)
waits(
    "wt-no-258",
    "1234m",
    [m("pung", "111z", 3), m("pung", "999p", 2), m("pung", "888s", 1)],
    "1s",
    [],
    "1m/4m would give pairs 11/44, not 将, no big shape",
)
waits(
    "wt-held-laizi",
    "235m9s",
    [m("pung", "111z", 3), m("pung", "999p", 2), m("pung", "888s", 1)],
    "9s",
    ["1m", "2m", "4m", "5m"],
    "one 癞子 held: drawing a second 9s makes a small hu with two 癞子, forbidden",
)
waits(
    "wt-fyz",
    "4z5z6z4z",
    [m("pung", "111z", 3), m("pung", "222z", 2), m("pung", "333z", 1)],
    "9m",
    ["9m", "1z", "2z", "3z", "4z", "5z", "6z"],
    "§6.2: ready on 风一色 -> every honour (not 7z) + the 癞子",
)
waits(
    "wt-jys",
    "2p5s8m8p",
    [m("pung", "222m", 3), m("pung", "555p", 2), m("pung", "888s", 1)],
    "1z",
    ["2m", "5m", "8m", "2p", "5p", "8p", "2s", "5s", "8s", "1z"],
    "§6.2: ready on 将一色 -> every 2/5/8",
)
waits(
    "wt-qys",
    "1112p",
    [m("pung", "999p", 3), m("pung", "555p", 2), m("chow", "678p", 3)],
    "3s",
    ["2p", "3p", "3s"],
    "清一色 relaxes the pair: 111+22 or 11+123; the 癞子 3s stands for 2p/3p",
)

# ---------------------------------------------------------------- score (worked examples)
score(
    "s-e1",
    "123m88p456789s",
    E1_MELDS,
    "6s",
    "3m",
    "discard",
    2,
    3,
    0,
    {
        "mode": "kaikou",
        "players": {"0": {}, "1": {"openings": 1, "hongzhong_gang": 1}, "3": {"openings": 1}},
    },
    {
        "patterns": ["xiao_hu", "ying_hu"],
        "base": 1,
        "multipliers": [2, 4, 4, 4],
        "raw": [8, 16, 0, 16],
        "deltas": [-8, -16, 40, -16],
        "cheng_bao": None,
    },
    "E1",
)
E2_MELDS = [m("chow", "345p", 3), m("kong_added", "7777m", 2)]
score(
    "s-e2",
    "55m23467s2z",
    E2_MELDS,
    "2z",
    "2z",
    "self_draw",
    1,
    None,
    1,
    {"players": {"0": {}, "2": {"an_gang": 1}, "3": {"openings": 1, "laizi_gang": 1}}},
    {
        "patterns": ["xiao_hu", "ruan_hu"],
        "base": 1,
        "multipliers": [1, 16, 4, 4],
        "raw": [16, 0, 64, 64],
        "deltas": [-16, 144, -64, -64],
        "cheng_bao": None,
    },
    "E2",
)
score(
    "s-e3",
    "33355599s",
    [m("pung", "222s", 1), m("pung", "777s", 2)],
    "5z",
    "5s",
    "discard",
    0,
    2,
    3,
    {"players": {"2": {"openings": 1}, "3": {"openings": 1, "ming_gang": 1}}},
    {
        "patterns": ["peng_peng_hu", "qing_yi_se", "ying_hu"],
        "base": 20,
        "multipliers": [4, 1, 3, 4],
        "raw": [0, 80, 240, 320],
        "deltas": [620, -80, -240, -300],
        "cheng_bao": None,
    },
    "E3: seat 3 capped at 300",
)
E4_MELDS = [m("pung", "111z", 2), m("kong_added", "4444p", 3)]
E4_PLAYERS = {
    "0": {"openings": 1},
    "2": {"openings": 1, "an_gang": 1},
    "3": {"openings": 1, "ming_gang": 1},
}
score(
    "s-e4",
    "222m88p666s",
    E4_MELDS,
    "9s",
    "2m",
    "self_draw",
    1,
    None,
    0,
    {"players": E4_PLAYERS, "situations": ["gang_shang_hua"]},
    {
        "patterns": ["peng_peng_hu", "gang_shang_hua", "ying_hu"],
        "base": 20,
        "multipliers": [2, 12, 8, 4],
        "raw": [480, 0, 1920, 960],
        "deltas": [-400, 1200, -400, -400],
        "cheng_bao": None,
    },
    "E4: 金顶 400",
)
score(
    "s-e4-koukou",
    "222m88p666s",
    E4_MELDS,
    "9s",
    "2m",
    "self_draw",
    1,
    None,
    0,
    {"mode": "koukou", "players": E4_PLAYERS, "situations": ["gang_shang_hua"]},
    {
        "base": 20,
        "multipliers": [2, 24, 8, 4],
        "raw": [960, 0, 3840, 1920],
        "deltas": [-500, 1500, -500, -500],
        "cheng_bao": None,
    },
    "§8 口口翻: winner has 2 openings (pung + kong_added) -> x4; 金顶 500",
)
score(
    "s-e4-two-over",
    "222m88p666s",
    E4_MELDS,
    "9s",
    "2m",
    "self_draw",
    1,
    None,
    0,
    {
        "players": {
            "0": {},
            "2": {"openings": 1, "an_gang": 1},
            "3": {"openings": 1, "ming_gang": 1},
        },
        "situations": ["gang_shang_hua"],
    },
    {
        "multipliers": [1, 12, 8, 4],
        "raw": [240, 0, 1920, 960],
        "deltas": [-240, 840, -300, -300],
        "cheng_bao": None,
    },
    "§8: only two losers > 300 -> no 金顶, each capped at 300",
)
score(
    "s-e5",
    "44678p",
    [m("chow", "123p", 3), m("pung", "999p", 2), m("pung", "555p", 1)],
    "1s",
    "4p",
    "discard",
    2,
    0,
    1,
    {"players": {"0": {}, "1": {"openings": 1}, "3": {}}},
    {
        "patterns": ["qing_yi_se", "ying_hu"],
        "base": 10,
        "multipliers": [1.5, 2, 4, 1],
        "raw": [60, 80, 0, 40],
        "deltas": [0, 0, 180, -180],
        "cheng_bao": 3,
    },
    "E5",
)
score(
    "s-e6",
    "67m355p",
    [m("chow", "789m", 3), m("chow", "234s", 3), m("pung", "111z", 1)],
    "3p",
    "7m",
    "self_draw",
    3,
    None,
    0,
    {
        "mode": "koukou",
        "players": {"0": {"openings": 2}, "1": {}, "2": {"openings": 1, "ming_gang": 1}},
    },
    {
        "patterns": ["xiao_hu", "ruan_hu"],
        "base": 1,
        "multipliers": [8, 1, 4, 16],
        "raw": [128, 16, 64, 0],
        "deltas": [-128, -16, -64, 208],
        "cheng_bao": None,
    },
    "E6",
)
E7_MELDS = [m("chow", "234m", 3), m("chow", "678p", 3), m("pung", "111z", 2), m("chow", "345s", 3)]
score(
    "s-e7",
    "55s",
    E7_MELDS,
    "9m",
    "5s",
    "discard",
    0,
    2,
    1,
    {"players": {"2": {"openings": 1}}, "discarder_ready": False},
    {
        "patterns": ["quan_qiu_ren", "ying_hu"],
        "base": 10,
        "multipliers": [4, 1, 3, 1],
        "raw": [0, 40, 120, 40],
        "deltas": [200, 0, -200, 0],
        "cheng_bao": 2,
    },
    "E7",
)
score(
    "s-e7-ready",
    "55s",
    E7_MELDS,
    "9m",
    "5s",
    "discard",
    0,
    2,
    1,
    {"players": {"2": {"openings": 1}}, "discarder_ready": True},
    {"patterns": ["quan_qiu_ren", "ying_hu"], "deltas": [200, -40, -120, -40], "cheng_bao": None},
    "§8 承包 case 1 only when the discarder was not ready",
)
score(
    "s-e7-absent",
    "55s",
    E7_MELDS,
    "9m",
    "5s",
    "discard",
    0,
    2,
    1,
    {"players": {"2": {"openings": 1}}},
    {"deltas": [200, -40, -120, -40], "cheng_bao": None},
    "CASES 5.2: discarder_ready absent -> case 1 does not apply",
)
score(
    "s-e7-selfdraw",
    "55s",
    E7_MELDS,
    "9m",
    "5s",
    "self_draw",
    0,
    None,
    1,
    {"players": {"2": {"openings": 1}}, "discarder_ready": False},
    {
        "patterns": ["xiao_hu", "ying_hu"],
        "base": 1,
        "multipliers": [8, 2, 2, 1],
        "raw": [0, 16, 16, 8],
        "deltas": [40, -16, -16, -8],
        "cheng_bao": None,
    },
    "§6.1: a self-drawn finish is not 全求人; small hu, dealer seat 1 loses x2",
)
score(
    "s-e8",
    "456m234678p22s",
    [m("pung", "888s", 2)],
    "4z",
    "5m",
    "discard",
    3,
    1,
    2,
    {"players": {"1": {"openings": 1}, "2": {"openings": 1}}, "situations": ["qiang_gang"]},
    {
        "patterns": ["qiang_gang", "ying_hu"],
        "base": 10,
        "multipliers": [1, 3, 2, 4],
        "raw": [40, 120, 80, 0],
        "deltas": [0, -240, 0, 240],
        "cheng_bao": 1,
    },
    "E8",
)

# ---------------------------------------------------------------- score (more)
score(
    "s-dealer-selfdraw-small",
    "123m88p456789s",
    E1_MELDS,
    "6s",
    "3m",
    "self_draw",
    2,
    None,
    2,
    {"players": {"1": {"openings": 1, "hongzhong_gang": 1}, "3": {"openings": 1}}},
    {
        "patterns": ["xiao_hu", "ying_hu"],
        "base": 1,
        "multipliers": [1, 4, 16, 2],
        "raw": [16, 64, 0, 32],
        "deltas": [-16, -64, 112, -32],
        "cheng_bao": None,
    },
    "§8 small: open2 x self2 x hard2 x dealer2 = 16",
)
E1B_MELDS = [m("pung", "999p", 3), m("chow", "789s", 3)]
score(
    "s-koukou-two-openings",
    "123m88p456s",
    E1B_MELDS,
    "6s",
    "3m",
    "discard",
    2,
    3,
    0,
    {"mode": "koukou", "players": {"1": {"openings": 2}, "3": {"openings": 1}}},
    {
        "patterns": ["xiao_hu", "ying_hu"],
        "base": 1,
        "multipliers": [2, 4, 8, 4],
        "raw": [16, 32, 0, 32],
        "deltas": [-16, -32, 80, -32],
        "cheng_bao": None,
    },
    "§8 koukou: x2 per opening for winner (2) and seat 1 (2)",
)
score(
    "s-kaikou-two-openings",
    "123m88p456s",
    E1B_MELDS,
    "6s",
    "3m",
    "discard",
    2,
    3,
    0,
    {"players": {"1": {"openings": 2}, "3": {"openings": 1}}},
    {"multipliers": [2, 2, 4, 4], "raw": [8, 8, 0, 16], "deltas": [-8, -8, 32, -16]},
    "§8 kaikou: x2 once however many openings; mode defaults to kaikou",
)
score(
    "s-winner-hongzhong",
    "123m88p456789s",
    E1_MELDS,
    "6s",
    "3m",
    "discard",
    2,
    3,
    0,
    {
        "players": {
            "1": {"openings": 1, "hongzhong_gang": 1},
            "2": {"hongzhong_gang": 2},
            "3": {"openings": 1},
        }
    },
    {"multipliers": [2, 4, 16, 4], "raw": [32, 64, 0, 64], "deltas": [-32, -64, 160, -64]},
    "§8: winner's own 红中杠 x2 each",
)
score(
    "s-winner-counts-ignored",
    "123m88p345s567s",
    E1_MELDS,
    "5s",
    "3m",
    "self_draw",
    1,
    None,
    3,
    {
        "players": {"1": {"laizi_gang": 1, "openings": 3, "an_gang": 2}},
        "situations": ["gang_shang_hua"],
    },
    {
        "patterns": ["gang_shang_hua", "ying_hu"],
        "base": 10,
        "multipliers": [1, 12, 1, 1],
        "raw": [120, 0, 120, 120],
        "deltas": [-120, 360, -120, -120],
        "cheng_bao": None,
    },
    "two 5s at face value but 杠上花 is big; winner's openings/an_gang come from melds only "
    "(CASES 5.2); M_W = open 2 x self 1.5 x hard 2 x 癞子杠 2 = 12; no dealer factor on big",
)
score(
    "s-soft-discard-dealer-feeds",
    "55m23467s2z",
    E2_MELDS,
    "2z",
    "3s",
    "discard",
    1,
    0,
    0,
    {},
    {
        "patterns": ["xiao_hu", "ruan_hu"],
        "base": 1,
        "multipliers": [4, 4, 1, 1],
        "raw": [16, 0, 4, 4],
        "deltas": [-16, 24, -4, -4],
        "cheng_bao": None,
    },
    "small: dealer discarder x2 放冲 x2 庄; winner open2 x 明杠2, soft",
)
score(
    "s-e2-koukou",
    "55m23467s2z",
    E2_MELDS,
    "2z",
    "2z",
    "self_draw",
    1,
    None,
    1,
    {
        "mode": "koukou",
        "players": {"0": {}, "2": {"an_gang": 1}, "3": {"openings": 1, "laizi_gang": 1}},
    },
    {"multipliers": [1, 32, 4, 4], "raw": [32, 0, 128, 128], "deltas": [-32, 288, -128, -128]},
    "koukou: chow + kong_added = 2 openings (the 蓄杠 counts once)",
)
score(
    "s-pph-soft-beats-small-hard",
    "5556m7m",
    [m("pung", "111z", 1), m("pung", "999p", 2), m("pung", "222s", 3)],
    "7m",
    "6m",
    "discard",
    2,
    1,
    0,
    {},
    {
        "patterns": ["peng_peng_hu", "ruan_hu"],
        "base": 10,
        "multipliers": [1, 1.5, 2, 1],
        "raw": [20, 30, 0, 20],
        "deltas": [-20, -30, 70, -20],
        "cheng_bao": None,
    },
    "§6.1 choice: 7m as 6m -> 碰碰胡 soft (10) beats 567m+55m small hard (2)",
)
score(
    "s-fyz-soft",
    "23456z23456z5m",
    [m("pung", "111z", 3)],
    "5m",
    "6z",
    "self_draw",
    0,
    None,
    0,
    {"players": {"2": {"openings": 1, "ming_gang": 1}}},
    {
        "patterns": ["feng_yi_se", "ruan_hu"],
        "base": 10,
        "multipliers": [3, 1, 4, 1],
        "raw": [0, 30, 120, 30],
        "deltas": [180, -30, -120, -30],
        "cheng_bao": None,
    },
    "风一色 via 癞子 (soft), dealer wins big -> no dealer factor, self-draw x1.5",
)
score(
    "s-jys",
    "88m2p5s8s2s5s8p",
    [m("pung", "222m", 2), m("pung", "555p", 1)],
    "1z",
    "8s",
    "discard",
    3,
    2,
    1,
    {"players": {"0": {"openings": 1}}},
    {
        "patterns": ["jiang_yi_se", "ying_hu"],
        "base": 10,
        "multipliers": [2, 1, 1.5, 4],
        "raw": [80, 40, 60, 0],
        "deltas": [-80, -40, -60, 180],
        "cheng_bao": None,
    },
    "将一色",
)
score(
    "s-qqr-pph",
    "33z",
    [m("pung", "111m", 1), m("pung", "999p", 2), m("pung", "444s", 3), m("pung", "111z", 2)],
    "5s",
    "3z",
    "discard",
    2,
    3,
    2,
    {},
    {
        "patterns": ["peng_peng_hu", "quan_qiu_ren", "ying_hu"],
        "base": 20,
        "multipliers": [1, 1, 4, 1.5],
        "raw": [80, 80, 0, 120],
        "deltas": [-80, -80, 280, -120],
        "cheng_bao": None,
    },
    "全求人 + 碰碰胡 with honour pair",
)
score(
    "s-qys-2-openings",
    "678s55s",
    [m("pung", "111s", 1), m("chow", "234s", 3), m("kong_concealed", "9999s")],
    "1m",
    "8s",
    "discard",
    2,
    0,
    0,
    {},
    {
        "patterns": ["qing_yi_se", "ying_hu"],
        "base": 10,
        "multipliers": [1.5, 1, 16, 1],
        "raw": [240, 160, 0, 160],
        "deltas": [-240, -160, 560, -160],
        "cheng_bao": None,
    },
    "清一色 with only 2 openings (暗杠 is not one) -> no 承包; 暗杠 x4",
)
score(
    "s-qys-third-after-angang",
    "55s",
    [
        m("pung", "111s", 1),
        m("kong_concealed", "9999s"),
        m("chow", "234s", 3),
        m("pung", "777s", 2),
    ],
    "1m",
    "5s",
    "discard",
    2,
    3,
    1,
    {},
    {
        "patterns": ["qing_yi_se", "ying_hu"],
        "base": 10,
        "multipliers": [1, 1, 16, 1.5],
        "raw": [160, 160, 0, 240],
        "deltas": [-560, 0, 560, 0],
        "cheng_bao": 0,
    },
    "third opening is pung 777s from 2 -> seat 0 pays; 暗杠 excludes 全求人",
)
score(
    "s-qys-cb-jinding",
    "55p678p",
    [m("pung", "111p", 1), m("pung", "999p", 2), m("chow", "234p", 3)],
    "1z",
    "8p",
    "self_draw",
    0,
    None,
    1,
    {
        "players": {
            "1": {"openings": 1, "an_gang": 1},
            "2": {"openings": 2, "ming_gang": 1},
            "3": {"an_gang": 1},
        },
        "situations": ["gang_shang_hua"],
    },
    {
        "patterns": ["qing_yi_se", "gang_shang_hua", "ying_hu"],
        "base": 20,
        "multipliers": [6, 8, 4, 4],
        "raw": [0, 960, 480, 480],
        "deltas": [1200, 0, 0, -1200],
        "cheng_bao": 3,
    },
    "承包 case 2 by self-draw, payer pays 3 x 金顶 400",
)
score(
    "s-qg-over-qys",
    "234p88p",
    [m("pung", "111p", 1), m("pung", "999p", 2), m("pung", "555p", 3)],
    "1z",
    "4p",
    "discard",
    0,
    2,
    0,
    {"players": {"2": {"openings": 1}}, "situations": ["qiang_gang"]},
    {
        "patterns": ["qing_yi_se", "qiang_gang", "ying_hu"],
        "base": 20,
        "multipliers": [4, 1, 3, 1],
        "raw": [0, 80, 240, 80],
        "deltas": [400, 0, -400, 0],
        "cheng_bao": 2,
    },
    "承包 overlap: case 3 (robbed seat 2) before case 2 (seat 3)",
)
QQR_QYS = [m("pung", "111s", 1), m("pung", "999s", 2), m("chow", "234s", 3), m("pung", "777s", 2)]
score(
    "s-qqr-over-qys",
    "55s",
    QQR_QYS,
    "1z",
    "5s",
    "discard",
    1,
    2,
    0,
    {"discarder_ready": False},
    {
        "patterns": ["qing_yi_se", "quan_qiu_ren", "ying_hu"],
        "base": 20,
        "multipliers": [1, 4, 1.5, 1],
        "raw": [80, 0, 120, 80],
        "deltas": [0, 280, -280, 0],
        "cheng_bao": 2,
    },
    "承包 overlap: case 1 (unready discarder) before case 2",
)
score(
    "s-qqr-qys-ready",
    "55s",
    QQR_QYS,
    "1z",
    "5s",
    "discard",
    1,
    2,
    0,
    {},
    {"deltas": [-280, 280, 0, 0], "cheng_bao": 0},
    "discarder ready -> case 2: third opening chow 234s from 3 = seat 0",
)
score(
    "s-hai-di-lao",
    "123m88p456789s",
    E1_MELDS,
    "6s",
    "3m",
    "self_draw",
    2,
    None,
    0,
    {"situations": ["hai_di_lao"]},
    {
        "patterns": ["hai_di_lao", "ying_hu"],
        "base": 10,
        "multipliers": [1, 1, 6, 1],
        "raw": [60, 60, 0, 60],
        "deltas": [-60, -60, 180, -60],
        "cheng_bao": None,
    },
    "海底捞 big: open2 x self1.5 x hard2; no dealer factor",
)
score(
    "s-err-unopened",
    "123m456m789m234p55s",
    [],
    "1z",
    "5s",
    "self_draw",
    0,
    None,
    0,
    {},
    ERR,
    "CASES §1.3: a score hand that is not a legal win is an error",
)
score(
    "s-err-laizi-discard",
    "123m88p456789s",
    E1_MELDS,
    "6s",
    "6s",
    "discard",
    2,
    3,
    0,
    {},
    ERR,
    "won on a discarded 癞子 -> not a legal win -> error",
)
score(
    "s-err-seat",
    "123m88p456789s",
    E1_MELDS,
    "6s",
    "3m",
    "discard",
    4,
    3,
    0,
    {},
    ERR,
    "seat outside 0-3",
)
score(
    "s-err-tile",
    "123m88p456789x",
    E1_MELDS,
    "6s",
    "3m",
    "discard",
    2,
    3,
    0,
    {},
    ERR,
    "malformed tile string",
)

# Found in review (see the notes in test_wuhan_review.py): 全求人 needs the concealed *pair*.
HONOUR_PUNGS = [
    m("pung", "111z", 1),
    m("pung", "222z", 2),
    m("pung", "333z", 3),
    m("pung", "444z", 2),
]
score(
    "s-qqr-fyz-not-pair",
    "5z6z",
    HONOUR_PUNGS,
    "9m",
    "6z",
    "discard",
    0,
    1,
    0,
    {},
    {
        "patterns": ["feng_yi_se", "ying_hu"],
        "base": 10,
        "multipliers": [4, 1.5, 1, 1],
        "raw": [0, 60, 40, 40],
        "deltas": [140, -60, -40, -40],
        "cheng_bao": None,
    },
    "§6.1 全求人: 'the concealed hand is the 2-tile pair'; 5z6z is 乱风, not a pair",
)
score(
    "s-qqr-fyz-pair",
    "6z6z",
    HONOUR_PUNGS,
    "9m",
    "6z",
    "discard",
    0,
    1,
    0,
    {"discarder_ready": False},
    {
        "patterns": ["peng_peng_hu", "feng_yi_se", "quan_qiu_ren", "ying_hu"],
        "base": 30,
        "multipliers": [4, 1.5, 1, 1],
        "raw": [0, 180, 120, 120],
        "deltas": [420, -420, 0, 0],
        "cheng_bao": 1,
    },
    "碰碰胡 + 风一色 + 全求人 accumulate (30); unready discarder pays 420 (承包 case 1)",
)
score(
    "s-qqr-jys-not-pair",
    "2m5p",
    [m("pung", "222p", 1), m("pung", "555s", 2), m("pung", "888m", 3), m("pung", "888s", 2)],
    "9m",
    "5p",
    "discard",
    0,
    1,
    0,
    {"discarder_ready": False},
    {
        "patterns": ["jiang_yi_se", "ying_hu"],
        "base": 10,
        "deltas": [140, -60, -40, -40],
        "cheng_bao": None,
    },
    "乱将 finish on 2m5p is not 全求人, so 承包 case 1 cannot apply either",
)
win(
    "w-qqr-laizi-pair",
    "5s9m",
    E7_MELDS,
    "9m",
    {"opened": True, "win_type": "discard", "win_tile": "5s"},
    True,
    "the 癞子 9m pairs with 5s (soft 全求人)",
)
win(
    "w-chow-not-from-shangjia",
    "123m88p456s",
    [m("pung", "999p", 3), m("chow", "789s", 2)],
    "6s",
    {"opened": True},
    False,
    "§4: a chow is claimed only from the previous player (from 3); from 2 is impossible",
)
waits(
    "wt-chow-not-from-shangjia",
    "123m88p45s",
    [m("pung", "999p", 3), m("chow", "789s", 1)],
    "1z",
    [],
    "§4: impossible chow (from 1) -> the hand can never win -> []",
)
score(
    "s-err-chow-from-1",
    "123m88p456s",
    [m("pung", "999p", 3), m("chow", "789s", 1)],
    "6s",
    "3m",
    "discard",
    2,
    3,
    0,
    {},
    ERR,
    "§4: a chow from the next player is not a legal win",
)

score(
    "s-jys-soft",
    "8m8m2p5s8s2s5s1z",
    [m("pung", "222m", 3), m("pung", "555p", 2)],
    "1z",
    "8s",
    "self_draw",
    0,
    None,
    0,
    {},
    {
        "patterns": ["jiang_yi_se", "ruan_hu"],
        "base": 10,
        "multipliers": [3, 1, 1, 1],
        "raw": [0, 30, 30, 30],
        "deltas": [90, -30, -30, -30],
        "cheng_bao": None,
    },
    "the 癞子 1z stands for a 2/5/8 -> 将一色 soft; dealer big self-draw: 2 x 1.5",
)
win(
    "w-qqr-laizi-bad-pair",
    "3m9m",
    E7_MELDS,
    "9m",
    {"opened": True, "win_type": "discard", "win_tile": "3m"},
    False,
    "9m can only pair 3m -> 33m, not 将; 全求人 does not relax the pair",
)
score(
    "s-err-two-laizi-selfdraw",
    "9m9m",
    E7_MELDS,
    "9m",
    "9m",
    "self_draw",
    0,
    None,
    0,
    {},
    ERR,
    "self-drawn (so not 全求人) small hu holding two 癞子 -> not a legal win -> error",
)

# ---------------------------------------------------------------- settle
settle(
    "st-coins-e9",
    {"event": "coins", "winner": 0, "losses": [0, 300, 350, 400], "N": 20, "A": 500},
    {"deltas": [20500, -6500, -7500, -8500], "rake": 2000},
    "§8 coin example",
)
settle(
    "st-coins-ignored",
    {"event": "coins", "winner": 1, "losses": [10, 999, 20, 30], "N": 2, "A": 1},
    {"deltas": [-21, 119, -41, -61], "rake": 4},
    "winner's losses entry ignored",
)
settle(
    "st-coins-cb",
    {"event": "coins", "winner": 2, "losses": [0, 0, 0, 180], "N": 10, "A": 5},
    {"deltas": [-5, -5, 1795, -1805], "rake": 20},
    "relieved losers still pay the rake",
)
settle(
    "st-escape-e9",
    {"event": "escape", "escaper": 3, "mode": "kaikou", "N": 20, "A": 500},
    {"deltas": [134, 133, 133, -400], "coins": [2180, 2160, 2160, -8500], "rake": 2000},
    "E9",
)
settle(
    "st-escape-0",
    {"event": "escape", "escaper": 0, "mode": "kaikou"},
    {"deltas": [-400, 134, 133, 133]},
    "remainder to E+1",
)
settle(
    "st-escape-2-default",
    {"event": "escape", "escaper": 2},
    {"deltas": [133, 133, -400, 134]},
    "mode defaults to kaikou; 134 to seat 3 = E+1",
)
settle(
    "st-escape-koukou",
    {"event": "escape", "escaper": 1, "mode": "koukou"},
    {"deltas": [166, -500, 167, 167]},
    "koukou 500: 167 to E+1, E+2, 166 to E+3",
)
settle(
    "st-escape-koukou-coins",
    {"event": "escape", "escaper": 1, "mode": "koukou", "N": 10, "A": 5},
    {"deltas": [166, -500, 167, 167], "coins": [1655, -5005, 1665, 1665], "rake": 20},
    "coins = N*deltas - A",
)
settle(
    "st-huang",
    {"event": "huang_zhuang", "dealer": 2, "A": 500},
    {"deltas": [0, 0, 0, 0], "next_dealer": 2, "coins": [-500, -500, -500, -500]},
    "§7",
)
settle(
    "st-huang-noA",
    {"event": "huang_zhuang", "dealer": 3},
    {"deltas": [0, 0, 0, 0], "next_dealer": 3},
    "§7",
)
for d, w, nd in [(1, 2, 2), (3, 2, 0), (3, None, 3), (3, 3, 3), (0, 1, 1), (2, 0, 3)]:
    settle(
        f"st-next-{d}-{w}",
        {"event": "next_dealer", "dealer": d, "winner": w},
        {"next_dealer": nd},
        "§1: dealer stays on own win or 荒庄, else dealer+1",
    )
for d, disc, cl, w in [
    (2, 3, [1, 0], 0),
    (0, 0, [3, 1, 2], 1),
    (1, 2, [0, 3], 3),
    (2, 1, [3, 2], 2),
    (3, 2, [1], 1),
]:
    settle(
        f"st-claim-{d}-{disc}-{''.join(map(str, cl))}",
        {"event": "claim_priority", "dealer": d, "discarder": disc, "claimants": cl},
        {"winner": w},
        "§4: order dealer, dealer+1, ... skipping the discarder",
    )
for ind, lz in [
    ("9m", "1m"),
    ("5s", "6s"),
    ("9p", "1p"),
    ("1m", "2m"),
    ("1z", "2z"),
    ("3z", "4z"),
    ("4z", "6z"),
    ("6z", "5z"),
    ("5z", "1z"),
    ("7z", "6z"),
    ("2z", "3z"),
]:
    settle(f"st-laizi-{ind}", {"event": "laizi", "indicator": ind}, {"laizi": lz}, "§2 cycles")
for pts, rk in [
    (5000, "笨鸟"),
    (4999, "幼鸟"),
    (1999, "鸟蛋"),
    (2000, "幼鸟"),
    (-50, "鸟蛋"),
    (0, "鸟蛋"),
    (1000, "鸟蛋"),
    (10000, "菜鸟"),
    (20000, "老鸟"),
    (49999, "老鸟"),
    (50000, "一头鸟"),
    (100000, "二头鸟"),
    (200000, "三头鸟"),
    (500000, "四头鸟"),
    (1000000, "五头鸟"),
    (5000000, "六头鸟"),
    (10000000, "七头鸟"),
    (50000000, "八头鸟"),
    (100000000, "九头鸟"),
    (199999999, "九头鸟"),
    (200000000, "超级九头鸟"),
    (10000000000, "超级九头鸟"),
]:
    settle(f"st-rank-{pts}", {"event": "rank", "points": pts}, {"rank": rk}, "§9 lower bounds")

# ---------------------------------------------------------------- errors / robustness
CASES.append({"id": "e-kind", "kind": "bogus", "context": {}, "expect": ERR, "why": "unknown kind"})
settle("e-event", {"event": "bogus"}, ERR, "unknown event")
settle("e-no-event", {}, ERR, "missing event")
CASES.append({"id": "e-no-context", "kind": "settle", "expect": ERR, "why": "missing context"})
settle("e-laizi-bad", {"event": "laizi", "indicator": "0m"}, ERR, "malformed tile")
settle("e-laizi-missing", {"event": "laizi"}, ERR, "missing indicator")
settle("e-rank-str", {"event": "rank", "points": "5000"}, ERR, "points wrong type")
settle(
    "e-claim-seat",
    {"event": "claim_priority", "dealer": 4, "discarder": 0, "claimants": [1]},
    ERR,
    "seat outside 0-3",
)
settle(
    "e-claim-discarder",
    {"event": "claim_priority", "dealer": 1, "discarder": 0, "claimants": [0, 3]},
    ERR,
    "the discarder cannot win on its own discard (was my mistake in a first draft)",
)
settle("e-escape-seat", {"event": "escape", "escaper": 7}, ERR, "seat outside 0-3")
settle("e-coins-missing", {"event": "coins", "winner": 0, "N": 1, "A": 0}, ERR, "losses missing")
settle("e-next-missing", {"event": "next_dealer", "winner": 1}, ERR, "dealer missing")
CASES.append(
    {
        "id": "e-win-no-concealed",
        "kind": "win",
        "melds": [],
        "wild": "1z",
        "context": {},
        "expect": ERR,
        "why": "required field missing",
    }
)
win("e-win-bad-tile", "123m88p456789q", E1_MELDS, "6s", {"opened": True}, ERR, "malformed tile")
CASES.append(
    {
        "id": "e-win-melds-type",
        "kind": "win",
        "concealed": "123m88p456789s",
        "melds": "999p",
        "wild": "6s",
        "context": {},
        "expect": ERR,
        "why": "melds wrong type",
    }
)
CASES.append(
    {
        "id": "e-waits-bad-meld",
        "kind": "waits",
        "concealed": "123m88p45678s",
        "melds": [{"type": "pung"}],
        "wild": "6s",
        "context": {},
        "expect": ERR,
        "why": "meld without tiles",
    }
)
CASES.append(
    {
        "id": "e-score-no-winner",
        "kind": "score",
        "concealed": "123m88p456789s",
        "melds": E1_MELDS,
        "wild": "6s",
        "win_tile": "3m",
        "win_type": "discard",
        "discarder": 3,
        "dealer": 0,
        "context": {},
        "expect": ERR,
        "why": "winner missing",
    }
)
CASES.append(
    {
        "id": "e-score-bad-wintype",
        "kind": "score",
        "concealed": "123m88p456789s",
        "melds": E1_MELDS,
        "wild": "6s",
        "win_tile": "3m",
        "win_type": "ron",
        "winner": 2,
        "discarder": 3,
        "dealer": 0,
        "context": {},
        "expect": ERR,
        "why": "win_type not self_draw/discard",
    }
)


def main() -> None:
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids)), "duplicate ids"
    out = Path(__file__).parents[1] / "cases" / "wuhan_review.json"
    out.write_text(
        json.dumps({"variant": "wuhan", "cases": CASES}, ensure_ascii=False, indent=1) + "\n",
        encoding="utf-8",
    )
    print(f"{len(CASES)} cases -> {out}")


if __name__ == "__main__":
    main()
