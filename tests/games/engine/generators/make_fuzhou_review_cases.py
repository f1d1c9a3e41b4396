"""Generator of cases/fuzhou_review.json (hand-computed from shared/rules/fuzhou.md). Run from the repo root.

Every `expect` below was worked out by hand from the spec (section cited in `why`); nothing here
calls the calculator. The only computation is a tile-count sanity check of the inputs.
"""

import json
import re
from pathlib import Path

cases = []


def add(id, kind, expect, why, **kw):
    c = {"id": id, "kind": kind}
    c.update(kw)
    c["expect"] = expect
    c["why"] = why
    cases.append(c)


def ERR(r):
    return {"error": r}


def W(id, conc, gold, ctx, expect, why, melds=None):
    c = {"gold": gold}
    c.update(ctx)
    add(id, "win", expect, why, concealed=conc, melds=melds or [], wild=gold, context=c)


def WA(id, conc, gold, expect, why, melds=None):
    add(
        id,
        "waits",
        expect,
        why,
        concealed=conc,
        melds=melds or [],
        wild=gold,
        context={"gold": gold},
    )


def S(id, conc, gold, win_tile, win_type, winner, discarder, dealer, ctx, expect, why, melds=None):
    c = {"gold": gold}
    c.update(ctx)
    add(id, "score", expect, why, concealed=conc, melds=melds or [], wild=gold, win_tile=win_tile,
        win_type=win_type, winner=winner, discarder=discarder, dealer=dealer, context=c)  # fmt: skip


def SET(id, ctx, expect, why):
    add(id, "settle", expect, why, context=ctx)


def M(t, tiles, frm=None):
    m = {"type": t, "tiles": tiles}
    if frm is not None:
        m["from"] = frm
    return m


Z4 = [0, 0, 0, 0]

# ---------------------------------------------------------------- win (§10, §11.5, CASES §7.1)
E1 = "123m345m678m22p456p7s9p8s"
W(
    "win-e1",
    E1,
    "9p",
    {"win_type": "discard", "win_tile": "8s"},
    True,
    "E1: gold 9p plays 9s/6s, discard win",
)
W("win-e1-goldthrower", E1, "9p", {"win_type": "discard", "win_tile": "8s", "discarded_gold": True}, False,
  "E1 by a gold-discarder on a discard: §9 only self-draw")  # fmt: skip
W("win-e1-goldthrower-selfdraw", E1, "9p", {"win_type": "self_draw", "win_tile": "8s", "discarded_gold": True},
  True, "§9: a gold-discarder may still win by self-draw")  # fmt: skip
W(
    "win-e1-default-wintype",
    E1,
    "9p",
    {"win_tile": "8s"},
    True,
    "win_type defaults to self_draw (CASES §7.1)",
)
W("win-discarded-gold-tile", "123m345m678m22p456p7s8s9p", "9p", {"win_type": "discard", "win_tile": "9p"}, False,
  "§9/§10.3: a discarded gold is never won on")  # fmt: skip
W("win-gold-tile-selfdraw", "123m345m678m22p456p7s8s9p", "9p", {"win_type": "self_draw", "win_tile": "9p"}, True,
  "drawing the gold is fine: wildcard completes 78s")  # fmt: skip
W("win-flower-in-hand", "123m345m678m456p789s1z1z", "9p", {"win_type": "self_draw", "win_tile": "9s"}, False,
  "§1/§16: a flower in concealed answers false")  # fmt: skip
W("win-flower-in-hand-nearmiss", "123m345m678m456p789s2p2p", "9p", {"win_type": "self_draw", "win_tile": "9s"},
  True, "same hand with 2p2p as pair is complete")  # fmt: skip
W("win-16-tiles", "123m345m678m456p789s2p", "9p", {"win_type": "self_draw", "win_tile": "9s"}, False,
  "§10.1: 16 tiles is not a complete hand")  # fmt: skip
W("win-18-tiles", "123m345m678m456p789s2p2p2p", "9p", {"win_type": "self_draw", "win_tile": "9s"}, False,
  "18 tiles: wrong count -> false")  # fmt: skip
W("win-14-standard-not-enough", "123m345m678m456p22s", "9p", {"win_type": "self_draw", "win_tile": "2s"}, False,
  "a 14-tile 4 sets+pair hand is not a Fuzhou hand (17 needed)")  # fmt: skip
W("win-meld-gold-face", "123m345m678m456p22s", "9p", {"win_type": "self_draw", "win_tile": "2s"}, False,
  "§5.1/§16: a meld holding the gold face -> false", melds=[M("pung", "999p", 2)])  # fmt: skip
W("win-meld-ok", "123m345m678m456p22s", "9s", {"win_type": "discard", "win_tile": "2s"}, True,
  "same hand, gold 9s: pung 999p is natural; 5 sets+pair", melds=[M("pung", "999p", 2)])  # fmt: skip
W("win-kong-concealed", "123m345m678m456p22s", "9s", {"win_type": "self_draw", "win_tile": "2s"}, True,
  "a kong counts 3: 14 + 3 = 17", melds=[M("kong_concealed", "5555s")])  # fmt: skip
W("win-kong-gold-face", "123m345m678m456p22s", "5s", {"win_type": "self_draw", "win_tile": "2s"}, False,
  "§5.1: no meld ever contains the gold face", melds=[M("kong_concealed", "5555s")])  # fmt: skip
W("win-kong-plus-13", "123m345m678m456p2s", "9s", {"win_type": "self_draw", "win_tile": "2s"}, False,
  "13 + kong = 16, not 17", melds=[M("kong_concealed", "5555s")])  # fmt: skip
W("win-chow-meld", "345m678m456p22s", "9s", {"win_type": "discard", "win_tile": "2s"}, True,
  "chow + pung melds + 11 concealed", melds=[M("chow", "123m", 3), M("pung", "777p", 1)])  # fmt: skip
W("win-incomplete", "123m345m678m456p78s13p", "9s", {"win_type": "self_draw", "win_tile": "3p"}, False,
  "no gold, 78s and 13p open: not standard form")  # fmt: skip
W("win-one-gold-selfdraw", "123m456m789m11s234s67s5p", "5p", {"win_type": "self_draw", "win_tile": "5p"}, True,
  "§5.1: the drawn gold plays 5s/8s")  # fmt: skip
W("win-gold-fifth-copy", "1111m456p789p123s789s5s", "5s", {"win_type": "self_draw", "win_tile": "1m"}, True,
  "§5.1: a gold may stand for a face of which four naturals are held (111m + 1m-gold pair)")  # fmt: skip
W("win-fifth-natural", "11111m234m456p789p555s", "9s", {"win_type": "self_draw", "win_tile": "2m"}, False,
  "a fifth copy of a kind -> false (CASES §1.3)")  # fmt: skip
W("win-sanjindao", "8m8m147m9m258p9p1s3s4s6s7s9s8m", "8m", {"win_type": "self_draw", "win_tile": "8m"}, True,
  "E5: 三金倒 by self-draw needs no shape (§11.5)")  # fmt: skip
W("win-sanjindao-discard", "8m8m147m9m258p9p1s3s4s6s7s9s8m", "8m", {"win_type": "discard", "win_tile": "9s"},
  False, "§11.5/F17: never on a discard")  # fmt: skip
W("win-sanjindao-qiangjin", "8m8m147m9m258p9p1s3s4s6s7s9s8m", "8m", {"special": "qiangjin", "win_tile": "8m"},
  False, "§11.3: 抢金 cannot use 三金倒")  # fmt: skip
W("win-sanjindao-tianhu", "8m8m147m9m258p9p1s3s4s6s7s9s8m", "8m", {"special": "tianhu", "win_tile": "8m"}, True,
  "F14: dealer dealt three golds wins 天胡")  # fmt: skip
W("win-two-golds-junk", "8m8m147m9m258p9p1s3s4s6s7s9s5m", "8m", {"win_type": "self_draw", "win_tile": "5m"}, False,
  "two golds and no shape: no win")  # fmt: skip
W("win-qiangjin-e8", "123p456p789p234s55s6s8s7m", "7m", {"special": "qiangjin", "win_tile": "7m"}, True,
  "E8: robbed gold plays 7s")  # fmt: skip
W("win-jinque-discard-e9", "234m678m345p678p55p1s1s5p", "1s", {"win_type": "discard", "win_tile": "5p"}, True,
  "E9 seat 3: 555p with 1s1s golds as pair")  # fmt: skip
W("win-jinlong-discard-e6", "6p6p6p123m789m99p78s9s", "6p", {"win_type": "discard", "win_tile": "9s"}, True,
  "E6: standard form on a discard with three golds", melds=[M("kong_exposed", "2222s", 1)])  # fmt: skip
W("win-pairs-no-form", "11m33m55m77m99m11p33p55p9s", "5s", {"win_type": "self_draw", "win_tile": "9s"}, False,
  "§10.2/F12: no seven-pairs style form")  # fmt: skip
W("win-3golds-std-discard", "123m456m789m124p57s9s9s9s", "9s", {"win_type": "discard", "win_tile": "1p"}, True,
  "three golds in standard form on a discard: legal (§11.5 last sentence)")  # fmt: skip
W("win-tianhu-std", "123m456m789p111s23s5s99p", "5s", {"special": "tianhu", "win_tile": "9p"}, True,
  "E7: dealer's 17 tiles win")  # fmt: skip

W("win-four-golds-selfdraw", "123m456m789m12p99p5s5s5s5s", "5s", {"win_type": "self_draw", "win_tile": "5s"},
  False, "§5/F4: only three golds are live; four only via 抢金")  # fmt: skip
W("win-four-golds-qiangjin", "123m456m789m12p99p5s5s5s5s", "5s", {"special": "qiangjin", "win_tile": "5s"},
  True, "§11.3: after 抢金 a hand may hold four golds")  # fmt: skip
W("win-qiangjin-no-gold", "123p456p789p234s55s6s8s7s", "7m", {"special": "qiangjin", "win_tile": "7s"}, False,
  "§11.3: a 抢金 hand holds the robbed gold")  # fmt: skip
W("win-chow-from-across", "345m678m456p22s", "9s", {"win_type": "discard", "win_tile": "2s"}, False,
  "§8.1: a chow is only made on the previous player's discard (from 3)",
  melds=[M("chow", "123m", 2), M("pung", "777p", 1)])  # fmt: skip
W("win-flower-meld", "345m678m456p22s", "9s", {"win_type": "discard", "win_tile": "2s"}, False,
  "§1: a flower is never part of a meld", melds=[M("chow", "123m", 3), M("pung", "111z", 1)])  # fmt: skip

# ---------------------------------------------------------------- waits (§10.4, F13)
WA(
    "waits-e1",
    "123m345m678m22p456p7s9p",
    "9p",
    ["2p", "9p", "5s", "6s", "7s", "8s", "9s"],
    "E1 waits",
)
WA("waits-two-golds-everything", "123m456m789m123p45p5s5s", "5s",
   ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p",
    "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s"],
   "45p+gold is a set, gold+X a pair for any X; 5s (third gold) also")  # fmt: skip
WA("waits-two-golds-only-sanjindao", "123m456m789m112p9p8s5s5s", "5s", ["5s"],
   "§10.4: with two golds the gold face is always a wait (三金倒); nothing else completes")  # fmt: skip
WA("waits-three-golds", "1111m23m456p789p1s5s5s5s", "5s",
   ["2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p",
    "1s", "2s", "3s", "4s", "6s", "7s", "8s", "9s"],
   "§10.4: three golds wait on every face except the gold face and 1m (all four held)")  # fmt: skip
WA("waits-pung-plus-one-held", "123p456p789p123s5m", "9s", ["9s"],
   "F13: 5m is fully held (pung 555m + 5m), only the gold completes", melds=[M("pung", "555m", 2)])  # fmt: skip
WA("waits-none", "11m33m55m77m99m11p33p55p", "9s", [], "8 pairs: no wait, so no gold wait either")
WA(
    "waits-wrong-count",
    "123m456m789m123p45p",
    "6s",
    [],
    "15 tiles: no waits (CASES §1.3 analog of false)",
)
WA(
    "waits-simple",
    "123m456m789m123p45p99s",
    "6s",
    ["3p", "6p", "6s"],
    "two-sided 45p plus the gold face",
)
WA("waits-kong", "456m789m123p45p99s", "6s", ["3p", "6p", "6s"], "kong counts 3: 13 + 3 = 16",
   melds=[M("kong_concealed", "1111m")])  # fmt: skip
WA(
    "waits-four-held-other",
    "1111m3m456p789p123s55s",
    "9s",
    ["2m", "9s"],
    "111m + 1m3m waits 2m; gold",
)

# ---------------------------------------------------------------- score (§12, §11, CASES §7.2)
S("score-e1", E1, "9p", "8s", "discard", 2, 1, 0, {"flowers": ["2z", "5f", "6z"], "dealer_streak": 0},
  {"huafan": 3, "jin": 1, "lianzhuang": 0, "special_fan": 0, "patterns": [], "fan": 18, "deltas": [0, -18, 18, 0]},
  "E1")  # fmt: skip
S("score-e6", "6p6p6p123m789m99p78s9s", "6p", "9s", "discard", 0, 2, 1,
  {"flowers": ["5z", "8f", "1z"], "dealer_streak": 0},
  {"huafan": 4, "jin": 3, "lianzhuang": 0, "special_fan": 120, "patterns": ["jinque", "jinlong"], "fan": 144,
   "deltas": [144, 0, -144, 0]}, "E6: jinlong+jinque, no sanjindao on a discard",
  melds=[M("kong_exposed", "2222s", 1)])  # fmt: skip
S("score-e2", "234p567p34s11m5s", "2m", "5s", "self_draw", 1, None, 3,
  {"flowers": ["1z", "1z", "1z", "1z", "3f"], "dealer_streak": 2},
  {"huafan": 9, "jin": 0, "lianzhuang": 2, "special_fan": 0, "patterns": [], "fan": 32, "deltas": [-32, 96, -32, -32]},
  "E2: quartet +2, concealed kong 2", melds=[M("kong_concealed", "7777s"), M("pung", "999m", 2)])  # fmt: skip
S("score-e3", "111m456m78p9p123s57s88s4s", "4s", "9p", "discard", 0, 1, 1, {"flowers": [], "dealer_streak": 1},
  {"huafan": 0, "jin": 1, "lianzhuang": 1, "special_fan": 30, "patterns": ["pinghu_wuhua"], "fan": 44,
   "deltas": [44, -44, 0, 0]}, "E3")  # fmt: skip
S("score-e4", "234m567m789m456s678s3p3p", "3p", "7m", "self_draw", 2, None, 2, {"flowers": ["4z", "7z"]},
  {"huafan": 2, "jin": 2, "lianzhuang": 0, "special_fan": 60, "patterns": ["jinque"], "fan": 78,
   "deltas": [-78, -78, 234, -78]}, "E4; dealer_streak defaults to 0")  # fmt: skip
S("score-e5", "8m8m147m9m258p9p1s3s4s6s7s9s8m", "8m", "8m", "self_draw", 3, None, 0,
  {"flowers": ["2f", "3z", "3z", "6f"], "dealer_streak": 1},
  {"huafan": 4, "jin": 3, "lianzhuang": 1, "special_fan": 40, "patterns": ["sanjindao"], "fan": 66,
   "deltas": [-66, -66, -66, 198]}, "E5")  # fmt: skip
S("score-e7", "123m456m789p111s23s5s99p", "5s", "9p", "self_draw", 2, None, 2,
  {"flowers": ["6f"], "dealer_streak": 1, "special": "tianhu"},
  {"huafan": 1, "jin": 1, "lianzhuang": 1, "special_fan": 30, "patterns": ["tianhu", "pinghu_yihua"], "fan": 46,
   "deltas": [-46, -46, 138, -46]}, "E7")  # fmt: skip
S("score-e8", "123p456p789p234s55s6s8s7m", "7m", "7m", "self_draw", 1, None, 0,
  {"flowers": ["4f", "2z"], "dealer_streak": 0, "special": "qiangjin"},
  {"huafan": 2, "jin": 1, "lianzhuang": 0, "special_fan": 30, "patterns": ["qiangjin"], "fan": 46,
   "deltas": [-46, 138, -46, -46]}, "E8")  # fmt: skip
S("score-e9", "234m678m345p678p55p1s1s5p", "1s", "5p", "discard", 3, 0, 0,
  {"flowers": ["3f", "5z"], "dealer_streak": 0},
  {"huafan": 2, "jin": 2, "lianzhuang": 0, "special_fan": 60, "patterns": ["jinque"], "fan": 78,
   "deltas": [-78, 0, 0, 78]}, "E9 as a plain score")  # fmt: skip
PLAIN = "123m456m789m123p456p77s"
S("score-pinghu-yihua", PLAIN, "9s", "6p", "discard", 1, 0, 0, {"flowers": ["3f"], "dealer_streak": 0},
  {"huafan": 1, "jin": 0, "lianzhuang": 0, "special_fan": 15, "patterns": ["pinghu_yihua"], "fan": 27,
   "deltas": [-27, 27, 0, 0]}, "§11.4 one flower no kong: 15")  # fmt: skip
S("score-yihua-with-kong", "123m456m789m123p77s", "9s", "2m", "discard", 0, 2, 0, {"flowers": ["3f"]},
  {"huafan": 2, "jin": 0, "special_fan": 0, "patterns": [], "fan": 14, "deltas": [14, 0, -14, 0]},
  "F16: one flower + a kong is not 平胡", melds=[M("kong_exposed", "1111s", 3)])  # fmt: skip
S("score-wuhua-concealed-kong", "123m456m789m123p77s", "9s", "2m", "self_draw", 2, None, 0, {"flowers": []},
  {"huafan": 2, "jin": 0, "special_fan": 0, "patterns": [], "fan": 14, "deltas": [-14, -14, 42, -14]},
  "§11.4: no flower but a concealed kong (2) is not 平胡", melds=[M("kong_concealed", "1111s")])  # fmt: skip
S("score-wuhua-pung-streak", "123m456m789m123p77s", "9s", "7s", "self_draw", 1, None, 1,
  {"flowers": [], "dealer_streak": 3},
  {"huafan": 0, "jin": 0, "lianzhuang": 3, "special_fan": 30, "patterns": ["pinghu_wuhua"], "fan": 46,
   "deltas": [-46, 138, -46, -46]}, "pungs allowed in 平胡; S=3 added", melds=[M("pung", "333s", 1)])  # fmt: skip
S(
    "score-two-flowers",
    PLAIN,
    "9s",
    "6p",
    "discard",
    1,
    0,
    0,
    {"flowers": ["1f", "2z"], "dealer_streak": 0},
    {"huafan": 2, "special_fan": 0, "patterns": [], "fan": 14, "deltas": [-14, 14, 0, 0]},
    "two flowers: no 平胡",
)
S("score-plant-quartet-added-kong", "123m456m789m345s77s", "9s", "7s", "self_draw", 0, None, 3,
  {"flowers": ["5f", "6f", "7f", "8f", "1z"], "dealer_streak": 0},
  {"huafan": 8, "jin": 0, "special_fan": 0, "patterns": [], "fan": 26, "deltas": [78, -26, -26, -26]},
  "F1 plants quartet 6, +1 flower, added kong 1 (F6)", melds=[M("kong_added", "2222p", 2)])  # fmt: skip
S("score-two-quartets", "123m456m789m345s7s5m", "5m", "7s", "discard", 3, 1, 0,
  {"flowers": ["1z", "1z", "1z", "1z", "1f", "2f", "3f", "4f"], "dealer_streak": 0},
  {"huafan": 12, "jin": 2, "special_fan": 0, "patterns": [], "fan": 38, "deltas": [0, -38, 0, 38]},
  "east + seasons quartets: 8 flowers + 2*2 = 12; G=2 (the 5m of 456m is a gold too; no gold pair possible)",
  melds=[M("pung", "999p", 3)])  # fmt: skip
S("score-near-quartets", PLAIN, "9s", "6p", "discard", 1, 0, 0,
  {"flowers": ["1z", "1z", "1z", "1f", "2f", "3f", "5f"], "dealer_streak": 0},
  {"huafan": 7, "special_fan": 0, "patterns": [], "fan": 24, "deltas": [-24, 24, 0, 0]},
  "three 东 and 1f2f3f5f are no quartets: 7")  # fmt: skip
S("score-sanjindao-pinghu", "123m456m11p24p57s68s9s9s9s", "9s", "9s", "self_draw", 2, None, 0, {"flowers": []},
  {"huafan": 0, "jin": 3, "special_fan": 40, "patterns": ["pinghu_wuhua", "sanjindao"], "fan": 56,
   "deltas": [-56, -56, 168, -56]}, "three golds, no gold pair possible: sanjindao 40 > pinghu 30")  # fmt: skip
S("score-3golds-discard-pinghu", "123m456m11p24p57s68s9s9s9s", "9s", "4p", "discard", 2, 3, 0, {"flowers": []},
  {"huafan": 0, "jin": 3, "special_fan": 30, "patterns": ["pinghu_wuhua"], "fan": 46, "deltas": [0, 0, 46, -46]},
  "same on a discard: no sanjindao (§11.5), no jinque/jinlong")  # fmt: skip
S("score-3golds-discard-plain", "123m456m789m124p57s9s9s9s", "9s", "1p", "discard", 1, 2, 0,
  {"flowers": ["3f", "4z"]},
  {"huafan": 2, "jin": 3, "special_fan": 0, "patterns": [], "fan": 20, "deltas": [0, 20, -20, 0]},
  "three golds used singly: no jinque (GG pair impossible), no jinlong")  # fmt: skip
S("score-3golds-selfdraw-plain", "123m456m789m124p57s9s9s9s", "9s", "1p", "self_draw", 1, None, 0,
  {"flowers": ["3f", "4z"]},
  {"huafan": 2, "jin": 3, "special_fan": 40, "patterns": ["sanjindao"], "fan": 60, "deltas": [-60, 180, -60, -60]},
  "same by self-draw: sanjindao listed on every self-drawn win with 3 golds")  # fmt: skip
S("score-e6-selfdraw", "6p6p6p123m789m99p78s9s", "6p", "9s", "self_draw", 0, None, 1,
  {"flowers": ["5z", "8f", "1z"]},
  {"huafan": 4, "jin": 3, "special_fan": 120, "patterns": ["jinque", "jinlong", "sanjindao"], "fan": 144,
   "deltas": [432, -144, -144, -144]}, "E6 by self-draw adds sanjindao", melds=[M("kong_exposed", "2222s", 1)])  # fmt: skip
S("score-qiangjin-4golds", "123m456m789m12p99p5s5s5s5s", "5s", "5s", "self_draw", 1, None, 0,
  {"flowers": ["2f"], "special": "qiangjin"},
  {"huafan": 1, "jin": 4, "special_fan": 120,
   "patterns": ["qiangjin", "pinghu_yihua", "jinque", "jinlong"], "fan": 140, "deltas": [-140, 420, -140, -140]},
  "§11.3: four golds after 抢金; never sanjindao")  # fmt: skip
S("score-tianhu-3golds", "123m456m11p24p57s68s9s9s9s", "9s", "9s", "self_draw", 0, None, 0,
  {"flowers": ["1z", "2z"], "special": "tianhu"},
  {"huafan": 2, "jin": 3, "special_fan": 40, "patterns": ["tianhu", "sanjindao"], "fan": 60,
   "deltas": [180, -60, -60, -60]}, "F14: 天胡 with three golds, sanjindao 40 counts")  # fmt: skip
S(
    "score-nondealer-streak",
    PLAIN,
    "9s",
    "6p",
    "discard",
    3,
    2,
    1,
    {"flowers": ["1f", "2f"], "dealer_streak": 2},
    {"huafan": 2, "lianzhuang": 2, "fan": 18, "deltas": [0, 0, -18, 18]},
    "F22: a non-dealer adds S too",
)
S("score-jinque-yihua", "123m456m789m234p777p5s5s", "5s", "7p", "discard", 0, 1, 2, {"flowers": ["8f"]},
  {"huafan": 1, "jin": 2, "special_fan": 60, "patterns": ["pinghu_yihua", "jinque"], "fan": 76,
   "deltas": [76, -76, 0, 0]}, "777p with 5s5s as pair: jinque 60 > yihua 15")  # fmt: skip
S("score-err-goldthrower", E1, "9p", "8s", "discard", 2, 1, 0, {"flowers": [], "discarded_gold": True},
  ERR("not a legal win"), "§9: a gold-discarder cannot win on a discard")  # fmt: skip
S("score-err-gold-discard", "123m345m678m22p456p7s8s9p", "9p", "9p", "discard", 2, 1, 0, {"flowers": []},
  ERR("not a legal win"), "§9: a discarded gold is dead")  # fmt: skip
S("score-err-incomplete", "123m345m678m456p78s13p", "9s", "3p", "self_draw", 0, None, 0, {"flowers": []},
  ERR("not a legal win"), "CASES §1.3: a score hand that is not a legal win")  # fmt: skip
S("score-err-sanjindao-discard", "8m8m147m9m258p9p1s3s4s6s7s9s8m", "8m", "9s", "discard", 3, 0, 0, {"flowers": []},
  ERR("not a legal win"), "§11.5: 三金倒 never on a discard")  # fmt: skip
S("score-err-sanjindao-qiangjin", "8m8m147m9m258p9p1s3s4s6s7s9s8m", "8m", "8m", "self_draw", 3, None, 0,
  {"flowers": [], "special": "qiangjin"}, ERR("not a legal win"), "§11.3: no 三金倒 under 抢金")  # fmt: skip
S("score-err-wintile-absent", E1, "9p", "9m", "discard", 2, 1, 0, {"flowers": []}, ERR("win_tile"),
  "CASES §2: one copy of win_tile is in concealed")  # fmt: skip
S(
    "score-err-seat",
    E1,
    "9p",
    "8s",
    "discard",
    5,
    1,
    0,
    {"flowers": []},
    ERR("seat"),
    "seat outside 0-3",
)
S("score-err-self-discarder", E1, "9p", "8s", "discard", 2, 2, 0, {"flowers": []}, ERR("discarder"),
  "the winner cannot be his own discarder")  # fmt: skip
S("score-err-no-discarder", E1, "9p", "8s", "discard", 2, None, 0, {"flowers": []}, ERR("discarder"),
  "a discard win needs a discarder")  # fmt: skip
S("score-err-bad-tile", "123m345m678m22p456p7s9p8x", "9p", "8s", "discard", 2, 1, 0, {"flowers": []},
  ERR("tile"), "malformed tile string")  # fmt: skip
S("score-err-flower-suited", E1, "9p", "8s", "discard", 2, 1, 0, {"flowers": ["5m"]}, ERR("flowers"),
  "a suited tile is not a flower")  # fmt: skip
add("score-err-missing-winner", "score", ERR("winner"), "required field missing",
    concealed=E1, melds=[], wild="9p", win_tile="8s", win_type="discard", discarder=1, dealer=0,
    context={"gold": "9p", "flowers": []})  # fmt: skip
S("score-err-four-golds", "123m456m789m12p99p5s5s5s5s", "5s", "5s", "self_draw", 1, None, 0, {"flowers": []},
  ERR("not a legal win"), "four golds without 抢金 cannot exist")  # fmt: skip
add("score-err-context-type", "score", ERR("context"), "context must be an object", concealed=E1, melds=[],
    wild="9p", win_tile="8s", win_type="discard", winner=2, discarder=1, dealer=0, context=[])  # fmt: skip
add("score-err-discarder-type", "score", ERR("discarder"), "discarder is a seat or null", concealed=E1,
    melds=[], wild="9p", win_tile="8s", win_type="self_draw", winner=2, discarder="x", dealer=0,
    context={"gold": "9p"})  # fmt: skip
add(
    "err-unknown-kind",
    "hand",
    ERR("kind"),
    "unknown kind",
    concealed=E1,
    melds=[],
    wild="9p",
    context={"gold": "9p"},
)
W(
    "win-err-bad-tile",
    "123m345m678m22p456p7s9p8q",
    "9p",
    {"win_tile": "8s"},
    ERR("tile"),
    "malformed tile",
)
add("win-err-missing-concealed", "win", ERR("concealed"), "required field missing", melds=[], wild="9p",
    context={"gold": "9p", "win_tile": "8s"})  # fmt: skip
add("waits-err-melds-type", "waits", ERR("melds"), "melds of the wrong type", concealed="123m345m678m22p456p7s9p",
    melds="none", wild="9p", context={"gold": "9p"})  # fmt: skip

# ---------------------------------------------------------------- settle: escape (§14)
SET("escape-e10", {"event": "escape", "escaper": 2, "dealer_streak": 2, "players": [
    {"seat": 0, "flowers": ["1z", "2z", "5f"], "golds": 1, "melds": [M("kong_exposed", "3333m", 2)]},
    {"seat": 1, "flowers": ["1f", "2f", "3f", "4f", "7z"], "golds": 0, "melds": [M("kong_concealed", "5555p")]},
    {"seat": 3, "flowers": [], "golds": 2, "melds": []}]},
    {"deltas": [0, 0, -132, 0], "forfeit": 132, "rake": 0}, "E10")  # fmt: skip
SET("escape-bare", {"event": "escape", "escaper": 1, "dealer_streak": 0, "players": [
    {"seat": 0, "flowers": [], "golds": 0, "melds": []},
    {"seat": 2, "flowers": [], "golds": 0, "melds": []},
    {"seat": 3, "flowers": [], "golds": 0, "melds": []}]},
    {"deltas": [0, -60, 0, 0], "forfeit": 60, "rake": 0}, "§14: 4 x (5+5+5) = 60")  # fmt: skip
SET("escape-mixed", {"event": "escape", "escaper": 0, "dealer_streak": 1, "players": [
    {"seat": 1, "flowers": ["5f", "6f", "7f", "8f"], "golds": 1, "melds": [M("kong_added", "4444s", 1)]},
    {"seat": 2, "flowers": ["1z"], "golds": 0, "melds": [M("kong_concealed", "2222m"), M("kong_concealed", "6666p")]},
    {"seat": 3, "flowers": [], "golds": 2, "melds": [M("pung", "333p", 2)]}]},
    {"deltas": [-124, 0, 0, 0], "forfeit": 124, "rake": 0},
    "seat1 6+1+1+5=13, seat2 1+4+0+5=10, seat3 0+2+5=7 (pung 0), +S 1: 4x31=124")  # fmt: skip

# ---------------------------------------------------------------- settle: hand_end (§2.1, §13)
SET("hand-end-e12-draw", {"event": "hand_end", "dealer": 1, "dealer_streak": 2, "result": "draw"},
    {"deltas": Z4, "next_dealer": 1, "next_streak": 2, "rake": 0}, "E12: a draw keeps dealer and S")  # fmt: skip
SET("hand-end-dealer-win", {"event": "hand_end", "dealer": 1, "dealer_streak": 2, "result": "win", "winner": 1},
    {"next_dealer": 1, "next_streak": 3}, "E12: dealer win -> S+1")  # fmt: skip
SET("hand-end-other-win", {"event": "hand_end", "dealer": 1, "dealer_streak": 2, "result": "win", "winner": 3},
    {"next_dealer": 2, "next_streak": 0}, "E12: non-dealer win -> d+1 deals, S=0, whoever won")  # fmt: skip
SET("hand-end-wrap", {"event": "hand_end", "dealer": 3, "dealer_streak": 0, "result": "win", "winner": 0},
    {"next_dealer": 0, "next_streak": 0}, "seat 3 -> seat 0")  # fmt: skip
SET("hand-end-zhanding", {"event": "hand_end", "dealer": 0, "dealer_streak": 0, "result": "win", "winner": 0},
    {"next_dealer": 0, "next_streak": 1}, "§2.1: the 站顶 win at S=0 makes the next hand S=1")  # fmt: skip
SET("hand-end-err-no-winner", {"event": "hand_end", "dealer": 0, "dealer_streak": 0, "result": "win"},
    ERR("winner"), "a win needs the winner")  # fmt: skip
SET("hand-end-err-result", {"event": "hand_end", "dealer": 0, "dealer_streak": 0, "result": "tie"},
    ERR("result"), "result is win or draw")  # fmt: skip
SET("settle-err-event", {"event": "gang_payment"}, ERR("event"), "unknown event")

# ---------------------------------------------------------------- settle: multi_ron (§8.2)
SET("multi-ron-e9", {"event": "multi_ron", "gold": "1s", "dealer": 0, "dealer_streak": 0, "discarder": 0,
    "win_tile": "5p", "claimants": [
        {"seat": 1, "concealed": "123m456m789m234p46p77s", "flowers": ["1f"]},
        {"seat": 3, "concealed": "234m678m345p678p55p1s1s", "flowers": ["3f", "5z"]}]},
    {"winner": 3, "patterns": ["jinque"], "deltas": [-78, 0, 0, 78]}, "E9")  # fmt: skip
MR_C0 = {"seat": 0, "concealed": "12m456m789m123p456p77s", "melds": [], "flowers": ["1f", "2f"]}
MR_C3 = {"seat": 3, "concealed": "33m456s789s123s567p99p", "melds": [], "flowers": ["1f"]}
SET("multi-ron-nearest", {"event": "multi_ron", "gold": "9s", "dealer": 0, "dealer_streak": 1, "discarder": 2,
    "win_tile": "3m", "claimants": [MR_C0, MR_C3]},
    {"winner": 3, "patterns": ["pinghu_yihua"], "deltas": [0, 0, -31, 31]},
    "from discarder 2: seat 3 is nearer than seat 0; the 9s of 789s is a gold: (1+1+1+5)x2+15 = 31")  # fmt: skip
SET("multi-ron-goldthrower-skipped", {"event": "multi_ron", "gold": "9s", "dealer": 0, "dealer_streak": 1,
    "discarder": 2, "win_tile": "3m", "claimants": [MR_C0, dict(MR_C3, discarded_gold=True)]},
    {"winner": 0, "patterns": [], "deltas": [16, 0, -16, 0]},
    "§8.2: a gold-discarder is no candidate; seat 0 (2 flowers): (2+0+1+5)x2 = 16")  # fmt: skip
SET("multi-ron-gold-tile", {"event": "multi_ron", "gold": "3m", "dealer": 0, "dealer_streak": 0,
    "discarder": 2, "win_tile": "3m", "claimants": [
        {"seat": 0, "concealed": "12m456m789m124p456p77s", "melds": [], "flowers": []}]},
    {"winner": None, "patterns": [], "deltas": Z4}, "§9: nobody wins on a discarded gold")  # fmt: skip
SET("multi-ron-nobody", {"event": "multi_ron", "gold": "9s", "dealer": 0, "dealer_streak": 0, "discarder": 2,
    "win_tile": "5m", "claimants": [MR_C0, MR_C3]},
    {"winner": None, "patterns": [], "deltas": Z4}, "neither hand wins on 5m")  # fmt: skip

# ---------------------------------------------------------------- settle: qiangjin_window (§11.2-11.3)
QJ_DEALER = {
    "seat": 0,
    "concealed": "1m1m3m3m5m5m9m9m3p3p5p5p1p1s7s9s9s",
    "melds": [],
    "flowers": [],
}
QJ_S1 = {"seat": 1, "concealed": "123p456p789p234s55s6s8s", "melds": [], "flowers": ["4f", "2z"]}
QJ_S2 = {"seat": 2, "concealed": "2m2m4m4m6m6m8m8m2p4p6p8p9p1s3s9s", "melds": [], "flowers": []}
QJ_S3 = {"seat": 3, "concealed": "1m3m5m8m8m9m1p3p5p7p9p9p1s2s7s9s", "melds": [], "flowers": []}
SET("qj-e8", {"event": "qiangjin_window", "gold": "7m", "dealer": 0, "dealer_streak": 0,
    "dealer_first_discard": "1p", "hands": [QJ_DEALER, QJ_S1, QJ_S2, QJ_S3]},
    {"winner": 1, "patterns": ["qiangjin"], "deltas": [-46, 138, -46, -46]}, "E8")  # fmt: skip
QJ_S1_DEAD = dict(QJ_S1, concealed="123p456p789p24s55s6s8s9s")
SET("qj-nobody", {"event": "qiangjin_window", "gold": "7m", "dealer": 0, "dealer_streak": 0,
    "dealer_first_discard": "1p", "hands": [QJ_DEALER, QJ_S1_DEAD, QJ_S2, QJ_S3]},
    {"winner": None, "patterns": [], "deltas": Z4}, "seat 1 needs two tiles (3s and 7s): nobody robs")  # fmt: skip
SET("qj-dealer-robs", {"event": "qiangjin_window", "gold": "7m", "dealer": 0, "dealer_streak": 1,
    "dealer_first_discard": "9m", "hands": [
        {"seat": 0, "concealed": "123m456m11p234p345s68s9m", "melds": [], "flowers": ["1z"]},
        QJ_S1_DEAD, QJ_S2, QJ_S3]},
    {"winner": 0, "patterns": ["qiangjin", "pinghu_yihua"], "deltas": [138, -46, -46, -46]},
    "§11.3 dealer 抢金 (no non-dealer can): 16 left + gold as 7s; (1+1+1+5)x2+30 = 46 from each")  # fmt: skip
SET("qj-tianhu-first", {"event": "qiangjin_window", "gold": "7m", "dealer": 0, "dealer_streak": 0,
    "dealer_first_discard": "1p", "hands": [
        {"seat": 0, "concealed": "123m456m11p234p345s678s", "melds": [], "flowers": []}, QJ_S1, QJ_S2, QJ_S3]},
    {"winner": 0, "patterns": ["tianhu", "pinghu_wuhua"], "deltas": [120, -40, -40, -40]},
    "§11.3 天胡 > 闲家抢金: the dealer's 17 already win; (0+0+0+5)x2+30 = 40 from each")  # fmt: skip

QJ_S3_JINQUE = {
    "seat": 3,
    "concealed": "234m678p456s222s78s7m7m",
    "melds": [],
    "flowers": ["1f", "2f"],
}
SET("qj-order-beats-jinque", {"event": "qiangjin_window", "gold": "7m", "dealer": 0, "dealer_streak": 0,
    "dealer_first_discard": "1p", "hands": [QJ_DEALER, QJ_S1, QJ_S2, QJ_S3_JINQUE]},
    {"winner": 1, "patterns": ["qiangjin"], "deltas": [-46, 138, -46, -46]},
    "§11.3: seat order alone decides among 抢金 candidates; seat 3's 金雀 does not jump ahead")  # fmt: skip
SET("qj-jinque-robber", {"event": "qiangjin_window", "gold": "7m", "dealer": 0, "dealer_streak": 0,
    "dealer_first_discard": "1p", "hands": [QJ_DEALER, QJ_S1_DEAD, QJ_S2, QJ_S3_JINQUE]},
    {"winner": 3, "patterns": ["qiangjin", "jinque"], "deltas": [-80, -80, -80, 240]},
    "seat 3 robs with two golds in hand: G=3 counts the robbed gold; jinque 60; no sanjindao under 抢金: "
    "(2+3+0+5)x2+60 = 80")  # fmt: skip
SET("qj-no-sanjindao-rob", {"event": "qiangjin_window", "gold": "7m", "dealer": 0, "dealer_streak": 0,
    "dealer_first_discard": "1p", "hands": [QJ_DEALER, QJ_S1_DEAD, QJ_S2,
        dict(QJ_S3, concealed="1m3m5m8m8m9m1p3p5p7p9p9p1s2s7m7m")]},
    {"winner": None, "patterns": [], "deltas": Z4},
    "§11.3: two golds + the robbed gold is no 抢金 without the standard form")  # fmt: skip

# ---------------------------------------------------------------- settle: wall (§6, §16)
SET("wall-e11", {"event": "wall", "wall": 24, "flower_quartets": 1, "then": ["kong_exposed"]},
    {"reserve": 21, "drawable": 2, "phase": "final_group"}, "E11")  # fmt: skip
SET("wall-e11-concealed", {"event": "wall", "wall": 24, "flower_quartets": 1,
    "then": ["kong_exposed", "kong_concealed"]},
    {"reserve": 23, "drawable": 0, "phase": "exhausted"}, "E11 second part: D = -1")  # fmt: skip
SET("wall-start", {"event": "wall", "wall": 79}, {"reserve": 18, "drawable": 61, "phase": "normal"},
    "defaults E=C=Q=0, then=[]")  # fmt: skip
SET(
    "wall-d5",
    {"event": "wall", "wall": 23},
    {"reserve": 18, "drawable": 5, "phase": "normal"},
    "D=5 normal",
)
SET(
    "wall-d4",
    {"event": "wall", "wall": 22},
    {"reserve": 18, "drawable": 4, "phase": "final_group"},
    "D=4",
)
SET("wall-d1", {"event": "wall", "wall": 20, "kongs_exposed": 1}, {"reserve": 19, "drawable": 1,
    "phase": "final_group"}, "E=1: R=19, D=1")  # fmt: skip
SET("wall-d0", {"event": "wall", "wall": 20, "kongs_concealed": 1}, {"reserve": 20, "drawable": 0,
    "phase": "exhausted"}, "C=1: R=20, D=0")  # fmt: skip
SET("wall-initial-counts", {"event": "wall", "wall": 50, "kongs_exposed": 2, "kongs_concealed": 1,
    "flower_quartets": 2}, {"reserve": 26, "drawable": 24, "phase": "normal"}, "R = 18+2+2+4")  # fmt: skip
SET("wall-events", {"event": "wall", "wall": 29, "then": ["kong_added", "flower_replacement", "flower_quartet",
    "draw", "draw"]}, {"reserve": 21, "drawable": 4, "phase": "final_group"},
    "kong_added E+1 W-1; flower_replacement W-1; quartet Q+1 (W unchanged); 2 draws: W=25, R=21, D=4")  # fmt: skip
SET(
    "wall-err-then",
    {"event": "wall", "wall": 30, "then": ["chow"]},
    ERR("then"),
    "unknown wall event",
)
SET("wall-err-missing", {"event": "wall"}, ERR("wall"), "W is required")


def _count(s):
    return sum(len(d) for d, _ in re.findall(r"(\d+)([mpszf])", s))


for c in cases:
    if (
        c["kind"] in ("win", "score")
        and isinstance(c.get("concealed"), str)
        and "error" not in str(c["expect"])
    ):
        n = _count(c["concealed"]) + 3 * len(c.get("melds") or [])
        if n != 17 and c["expect"] is not False:
            raise SystemExit(f"{c['id']}: {n} tiles")

ids = [c["id"] for c in cases]
assert len(ids) == len(set(ids)), "duplicate ids"
out = Path("tests/games/engine/cases/fuzhou_review.json")
out.write_text(json.dumps({"variant": "fuzhou", "cases": cases}, ensure_ascii=False, indent=1) + "\n",
               encoding="utf-8")  # fmt: skip
print(len(cases), "cases")
