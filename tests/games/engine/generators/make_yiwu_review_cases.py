"""Generator of cases/yiwu_review.json (hand-computed from shared/rules/yiwu.md). Run from the repo root.

Review notes (decisions where the spec leaves room):
- A wildcard inside a meld, a chow not from 上家, a 4th physical 财神 (A2) or a 5th copy: well-formed
  hands that cannot win -> win false (CASES §1.3), not an error.
- tongquan_passed is compared after the 白板 substitution: "5z" and the C face itself both lock a
  discarded 白板 (§6.5 "faces are compared after the 白板 substitution").
- A waits hand with the wrong tile count returns [] (analog of win false).
- win_tile not among the concealed tiles, robbing_kong with self_draw, replacement_draw with discard,
  two seats in 飘, a feeder with nobody in 飘: inconsistent input -> error (implementation's choice;
  not exercised by this file except where the spec is explicit).
- Opt-in after a 流局 hand or by the dealer in xiazi_then_win: error (§12.2: no opt-in after a draw,
  the dealer never 下子s).
Result of the review: 151 cases, 0 disagreements with the calculator; 3000 random waits and 1500
random self-draw 财神头/特殊七对子 classifications also matched an independent brute-force reference.
"""

import json

cases = []


def add(id, kind, expect, why, **kw):
    c = {"id": id, "kind": kind}
    c.update(kw)
    c["expect"] = expect
    c["why"] = why
    cases.append(c)


def ERR(r):
    return {"error": r}


def W(id, conc, wild, ctx, expect, why, melds=None):
    add(id, "win", expect, why, concealed=conc, melds=melds or [], wild=wild, context=ctx)


def WA(id, conc, wild, expect, why, melds=None, ctx=None):
    add(
        id,
        "waits",
        expect,
        why,
        concealed=conc,
        melds=melds or [],
        wild=wild,
        context=ctx if ctx is not None else {"caishen": wild},
    )


Z4 = [0, 0, 0, 0]


def S(id, conc, wild, win_tile, win_type, winner, discarder, dealer, ctx, expect, why, melds=None):
    c = {"caishen": wild, "mai": Z4, "xiazi": Z4, "piao": Z4, "feeder": None}
    c.update(ctx)
    add(
        id,
        "score",
        expect,
        why,
        concealed=conc,
        melds=melds or [],
        wild=wild,
        win_tile=win_tile,
        win_type=win_type,
        winner=winner,
        discarder=discarder,
        dealer=dealer,
        context=c,
    )


def ST(id, ctx, expect, why):
    add(id, "settle", expect, why, context=ctx)


# ---------------- win: shapes (§7) ----------------
W(
    "w-e10-qidui",
    "2222m55p99p33s11z66z",
    "8s",
    {"caishen": "8s"},
    True,
    "§14 E10: four 2m count as two pairs (§7.2)",
)
W(
    "w-e10-13bk",
    "147m258p369s12346z",
    "8s",
    {"caishen": "8s"},
    True,
    "§14 E10: 十三不靠 147/258/369 + five honours (§7.3)",
)
W(
    "w-e10-13bk-wild",
    "147m258p36s12346z8s",
    "8s",
    {"caishen": "8s"},
    True,
    "§14 E10 / CASES yw-win-1: wild 8s plays 9s/5z/7z",
)
W(
    "w-13bk-46s",
    "147m258p146s12346z",
    "8s",
    {"caishen": "8s"},
    False,
    "§14 E10: 4s and 6s differ by 2, not 十三不靠 (§7.3)",
)
W(
    "w-13bk-34s",
    "147m258p346s12346z",
    "9m",
    {"caishen": "9m"},
    False,
    "3s-4s adjacent: not 十三不靠; no other shape",
)
W(
    "w-13bk-dup-honour",
    "147m258p369s11234z",
    "8s",
    {"caishen": "8s"},
    False,
    "§7.3 each honour at most once; no pair shape either",
)
W(
    "w-13bk-white-not-sub",
    "147m258p369s12345z",
    "2m",
    {"caishen": "2m"},
    True,
    "§3.2/§7.3 exception: in 十三不靠 5z is White, not 2m (as 2m it would touch 1m)",
)
W(
    "w-13bk-all-honours",
    "147m258p3s1234567z",
    "9s",
    {"caishen": "9s"},
    True,
    "§7.3 honours: any, each at most once; 7 honours + 7 suited",
)
W(
    "w-13bk-loose-159",
    "159m148p269s12347z",
    "9p",
    {"caishen": "9p"},
    True,
    "A11 loose criterion: 1-5-9, 1-4-8, 2-6-9 all gaps >= 3",
)
W(
    "w-13bk-two-wilds",
    "147m258p36s1234z8s8s",
    "8s",
    {"caishen": "8s"},
    True,
    "§7.3 wildcards assigned faces (9s and 5z/6z/7z)",
)
W(
    "w-13bk-meld",
    "147m258p369s12z",
    "9m",
    {"caishen": "9m"},
    False,
    "§7.3 any meld voids 十三不靠",
    melds=[{"type": "pung", "tiles": "777z", "from": 2}],
)
W(
    "w-13bk-discard",
    "147m258p369s12346z",
    "8s",
    {"caishen": "8s", "win_type": "discard", "win_tile": "6z"},
    True,
    "A12: 十三不靠 may be won on a discard",
)
W(
    "w-std-white-chow",
    "123m456m789p57s5z11z",
    "6s",
    {"caishen": "6s"},
    True,
    "§3.2: C=6s, 57s5z is the chow 5s-6s-7s",
)
W(
    "w-std-white-chow2",
    "123m456m789p5z78s11z",
    "6s",
    {"caishen": "6s"},
    True,
    "§3.2: 5z=6s makes 678s",
)
W(
    "w-std-white-no-sub-when-C-other",
    "123m456m789p5z78s11z",
    "3z",
    {"caishen": "3z"},
    False,
    "C=3z: 5z is 3z natural; 5z78s is no set, no wild held",
)
W(
    "w-std-c-is-white",
    "123m456m789p78s5z11z",
    "5z",
    {"caishen": "5z"},
    True,
    "§3.2 A4: C=5z, the 5z is a wildcard (plays 6s/9s)",
)
W(
    "w-std-wild-pair",
    "234m567m123p345s9s7p",
    "7p",
    {"caishen": "7p"},
    True,
    "§3.1: wild 7p pairs with 9s",
)
W("w-std-no", "234m567m124p345s99s", "7p", {"caishen": "7p"}, False, "124p is not a set; no wild")
W(
    "w-std-four-pungs",
    "111m222p333s444z55z",
    "9m",
    {"caishen": "9m"},
    True,
    "A10: four pungs + pair allowed",
)
W(
    "w-std-honour-run",
    "123m456m789p123z55s",
    "9m",
    {"caishen": "9m"},
    False,
    "§7.1 a chow is three consecutive tiles of one suit; honours don't chow",
)
W(
    "w-count-13",
    "234m567m123p345s9s",
    "7p",
    {"caishen": "7p"},
    False,
    "CASES §1.3: wrong tile count is false, not an error",
)
W("w-count-15", "234m567m123p345s99s1z", "7p", {"caishen": "7p"}, False, "15 tiles: false")
W(
    "w-fifth-copy",
    "11111m234p567s789s",
    "9p",
    {"caishen": "9p"},
    False,
    "CASES §1.3: a fifth physical copy gives false",
)
W(
    "w-qidui-wild-pairs",
    "11m22m33p44p55s6s7p7z7z",
    "7p",
    {"caishen": "7p"},
    True,
    "§7.2 a wildcard pairs with any tile (7p with 6s)",
)
W(
    "w-qidui-two-wilds",
    "11m22m33p44p55s7p7p7z7z",
    "7p",
    {"caishen": "7p"},
    True,
    "§7.2 two wildcards pair with each other",
)
W(
    "w-qidui-meld",
    "11m22m33p44p55s7z",
    "9m",
    {"caishen": "9m"},
    False,
    "§7.2 no melds at all, not even a concealed kong",
    melds=[{"type": "kong_concealed", "tiles": "6666s"}],
)
W(
    "w-kong-std",
    "234p567p789s11z",
    "9m",
    {"caishen": "9m"},
    True,
    "kong counts 3; 11 + 3 = 14, four sets + pair",
    melds=[{"type": "kong_concealed", "tiles": "1111m"}],
)
W(
    "w-meld-white-chow",
    "123m456p789p11z",
    "6s",
    {"caishen": "6s"},
    True,
    "§3.2 meld objects write physical tiles: 57s5z is the run 5s-6s-7s",
    melds=[{"type": "chow", "tiles": "57s5z", "from": 3}],
)
W(
    "w-meld-with-wild",
    "123m456p789s11z",
    "7p",
    {"caishen": "7p"},
    False,
    "§3.1 a 财神 can never be in a meld: well-formed but cannot win",
    melds=[{"type": "pung", "tiles": "777p", "from": 2}],
)
W(
    "w-default-caishen",
    "234m567m123p345s9s7p",
    "7p",
    {},
    True,
    "§6.1 caishen defaults to wild; win_type defaults to self_draw",
)
# ---------------- win: legality (§15) ----------------
E1F = "234m567m123p345s99s"
W(
    "w-discard-ok",
    E1F,
    "7p",
    {"caishen": "7p", "win_type": "discard", "win_tile": "2p"},
    True,
    "§14 E1 final hand on a discard",
)
W(
    "w-discard-danpiao",
    E1F,
    "7p",
    {"caishen": "7p", "win_type": "discard", "win_tile": "2p", "other_piao": 1},
    False,
    "§9.3 / CASES yw-win-2: no fangchong during someone's 单飘",
)
W(
    "w-selfdraw-danpiao",
    E1F,
    "7p",
    {"caishen": "7p", "win_type": "self_draw", "win_tile": "2p", "other_piao": 1},
    True,
    "§9.3 zimo allowed during 单飘",
)
W(
    "w-default-selfdraw-danpiao",
    E1F,
    "7p",
    {"caishen": "7p", "other_piao": 1},
    True,
    "win_type default self_draw: allowed in 单飘",
)
W(
    "w-rob-danpiao",
    E1F,
    "7p",
    {
        "caishen": "7p",
        "win_type": "discard",
        "robbing_kong": True,
        "win_tile": "2p",
        "other_piao": 1,
    },
    True,
    "A15: 抢杠 allowed during 单飘",
)
W(
    "w-gangkai-danpiao",
    E1F,
    "7p",
    {
        "caishen": "7p",
        "win_type": "self_draw",
        "replacement_draw": True,
        "win_tile": "2p",
        "other_piao": 1,
    },
    True,
    "§9.3 gangkai allowed during 单飘",
)
W(
    "w-selfdraw-shuangpiao",
    E1F,
    "7p",
    {"caishen": "7p", "win_tile": "2p", "other_piao": 2},
    False,
    "§9.3 双飘: no plain self-draw",
)
W(
    "w-rob-shuangpiao",
    E1F,
    "7p",
    {
        "caishen": "7p",
        "win_type": "discard",
        "robbing_kong": True,
        "win_tile": "2p",
        "other_piao": 2,
    },
    False,
    "§9.3 双飘: no robbing",
)
W(
    "w-gangkai-shuangpiao",
    E1F,
    "7p",
    {"caishen": "7p", "replacement_draw": True, "win_tile": "2p", "other_piao": 2},
    True,
    "§9.3 双飘: gangkai only",
)
W(
    "w-discard-wild",
    "234m567m123p345s9s7p",
    "7p",
    {"caishen": "7p", "win_type": "discard", "win_tile": "7p"},
    False,
    "§3.1 A3 / §15.2: a discarded 财神 cannot be won on",
)
W(
    "w-selfdraw-wild",
    "234m567m123p345s9s7p",
    "7p",
    {"caishen": "7p", "win_type": "self_draw", "win_tile": "7p"},
    True,
    "self-drawing a 财神 is fine",
)
W(
    "w-rob-wild",
    "234m567m123p345s9s7p",
    "7p",
    {"caishen": "7p", "win_type": "discard", "robbing_kong": True, "win_tile": "7p"},
    False,
    "§15.2: rob tile must not be a 财神",
)
W(
    "w-tongquan-locked",
    E1F,
    "7p",
    {"caishen": "7p", "win_type": "discard", "win_tile": "2p", "tongquan_passed": ["2p"]},
    False,
    "§6.5 face 2p locked",
)
W(
    "w-tongquan-other-face",
    E1F,
    "7p",
    {"caishen": "7p", "win_type": "discard", "win_tile": "2p", "tongquan_passed": ["5p"]},
    True,
    "§6.5 a different face is not affected",
)
W(
    "w-tongquan-selfdraw",
    E1F,
    "7p",
    {"caishen": "7p", "win_type": "self_draw", "win_tile": "2p", "tongquan_passed": ["2p"]},
    True,
    "§6.5 self-draw wins are never locked",
)
W(
    "w-tongquan-rob",
    E1F,
    "7p",
    {
        "caishen": "7p",
        "win_type": "discard",
        "robbing_kong": True,
        "win_tile": "2p",
        "tongquan_passed": ["2p"],
    },
    False,
    "A9 the lock covers robbing",
)
W(
    "w-tongquan-white",
    "123m456m789p57s5z11z",
    "6s",
    {"caishen": "6s", "win_type": "discard", "win_tile": "5z", "tongquan_passed": ["5z"]},
    False,
    "§6.5: 5z means face C; a discarded 白板 is face C",
)
W(
    "w-white-discard-ok",
    "123m456m789p57s5z11z",
    "6s",
    {"caishen": "6s", "win_type": "discard", "win_tile": "5z"},
    True,
    "§3.2 a discarded 白板 is a natural C, can be won on",
)
CST = "123p456p789s111z9m"  # caishentou pre-draw with C=9m
W(
    "w-piao-cst",
    CST + "6z",
    "9m",
    {"caishen": "9m", "win_tile": "6z", "self_piao": 1},
    True,
    "§9.2 飘 player zimo from 财神头",
)
W(
    "w-piao-not-cst",
    E1F,
    "7p",
    {"caishen": "7p", "win_tile": "2p", "self_piao": 1},
    False,
    "§9.2 飘 player needs a 财神头 pre-draw hand",
)
W(
    "w-piao-gangkai",
    CST + "6z",
    "9m",
    {"caishen": "9m", "win_tile": "6z", "self_piao": 1, "replacement_draw": True},
    False,
    "§9.2 飘 player cannot 杠开",
)
W(
    "w-piao-discard",
    CST + "6z",
    "9m",
    {"caishen": "9m", "win_type": "discard", "win_tile": "6z", "self_piao": 2},
    False,
    "§9.2 飘 player cannot win on a discard",
)
W(
    "w-piao-teshu",
    "11m22m33p44p55s66s9s7z",
    "9s",
    {"caishen": "9s", "win_tile": "7z", "self_piao": 2},
    True,
    "§8.2 特殊七对子 counts as 财神头 for 飘",
)
W(
    "w-piao-drew-wild",
    "123p456p789s111z5m9m",
    "9m",
    {"caishen": "9m", "win_tile": "9m", "self_piao": 1},
    False,
    "pre-draw 123p456p789s111z5m has no 财神: not 财神头",
)
W(
    "w-cst-discard-ok",
    CST + "6z",
    "9m",
    {"caishen": "9m", "win_type": "discard", "win_tile": "6z"},
    True,
    "A14 a 财神头 hand may win on a discard",
)
W(
    "w-missing-win-tile-discard",
    E1F,
    "7p",
    {"caishen": "7p", "win_type": "discard"},
    ERR("win_tile required"),
    "CASES §6.1 win_tile required for discard",
)
W(
    "w-missing-win-tile-piao",
    CST + "6z",
    "9m",
    {"caishen": "9m", "self_piao": 1},
    ERR("win_tile required"),
    "CASES §6.1 win_tile required when self_piao >= 1",
)
W(
    "w-bad-tile",
    "234m567m123p345s99x",
    "7p",
    {"caishen": "7p"},
    ERR("bad tile"),
    "CASES §1.3 malformed tile string",
)
W(
    "w-bad-honour",
    "234m567m123p345s9z9z",
    "7p",
    {"caishen": "7p"},
    ERR("bad tile"),
    "8z/9z do not exist",
)
add(
    "w-concealed-int",
    "win",
    ERR("type"),
    "wrong-typed field",
    concealed=123,
    melds=[],
    wild="7p",
    context={},
)
add(
    "w-no-concealed",
    "win",
    ERR("missing"),
    "missing required field",
    melds=[],
    wild="7p",
    context={},
)

# ---------------- waits (§16) ----------------
WA("wa-e1", "234m567m345s99s13p", "7p", ["2p", "7p"], "CASES yw-waits-1")
WA(
    "wa-cst-all",
    CST,
    "9m",
    [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)],
    "§16: 财神头 state waits on all 34",
)
WA(
    "wa-teshu-all",
    "11m22m33p44p55s66s9s",
    "9s",
    [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)],
    "§16: 1 wild + six pairs waits on all 34",
)
WA(
    "wa-none",
    "1111m59m159p159s1z",
    "7z",
    [],
    "no shape reachable with one tile; C is a wait only when there is some wait",
)
WA(
    "wa-white-natural",
    "123m456p789p57s11z",
    "6s",
    ["6s", "5z"],
    "§16: 5z (natural 6s) completes 57s; 6s (C) is a wait",
)
WA(
    "wa-13bk-white",
    "147m258p36s12346z",
    "9s",
    ["9s", "5z", "7z"],
    "§16: the White dragon completes a 十三不靠 (5z), 7z too, 9s is C",
)
WA("wa-qidui", "11m22m33p44p55s66s7z", "9s", ["9s", "7z"], "seven-pairs wait on 7z plus C")
WA(
    "wa-no-four-exclusion",
    "1111m234p567p789s",
    "1z",
    ["1m", "1z"],
    "§16/CASES 6.1: no four-copies exclusion; 1m completes 111m+11m",
)
WA("wa-c-is-white", "234m567m345s99s13p", "5z", ["2p", "5z"], "A4: C=5z, the wild wait is 5z")
WA(
    "wa-melds",
    "23m99s",
    "1z",
    ["1m", "4m", "1z"],
    "melds count as sets; 23m waits 1m/4m",
    melds=[
        {"type": "pung", "tiles": "777p", "from": 1},
        {"type": "chow", "tiles": "345s", "from": 3},
        {"type": "kong_exposed", "tiles": "2222z", "from": 2},
    ],
)
WA(
    "wa-default-ctx",
    "234m567m345s99s13p",
    "7p",
    ["2p", "7p"],
    "context caishen defaults to wild",
    ctx={},
)
add(
    "wa-bad-tile",
    "waits",
    ERR("bad tile"),
    "malformed",
    concealed="234m567m345s99s1q",
    melds=[],
    wild="7p",
    context={"caishen": "7p"},
)

# ---------------- score (§8, §11) ----------------
S(
    "s-e1",
    E1F,
    "7p",
    "2p",
    "discard",
    2,
    3,
    0,
    {},
    {"multiplier": 1, "patterns": ["fangchong"], "deltas": [-9, -7, 24, -8]},
    "§14 E1",
)
S(
    "s-e2",
    "345m678p35s5z111z99m",
    "4s",
    "9m",
    "self_draw",
    1,
    None,
    1,
    {"mai": [0, 1, 0, 1]},
    {"multiplier": 2, "patterns": ["zimo"], "deltas": [-22, 70, -22, -26]},
    "§14 E2 白板 chow + 买子",
)
S(
    "s-e3",
    "123p456p789s111z9m6z",
    "9m",
    "6z",
    "self_draw",
    1,
    None,
    0,
    {"xiazi": [0, 2, 0, 0]},
    {"multiplier": 4, "patterns": ["zimo", "caishentou"], "deltas": [-44, 100, -28, -28]},
    "§14 E3 财神头 with 下子",
)
S(
    "s-e4",
    "234m567m45s22z6s",
    "1s",
    "6s",
    "self_draw",
    3,
    None,
    2,
    {"replacement_draw": True},
    {"multiplier": 4, "patterns": ["gangkai"], "deltas": [-28, -28, -36, 92]},
    "§14 E4 杠开",
    melds=[{"type": "kong_exposed", "tiles": "8888p", "from": 1}],
)
S(
    "s-e5",
    "34m789p234s666s11z5m",
    "3z",
    "5m",
    "discard",
    2,
    0,
    3,
    {"robbing_kong": True},
    {"multiplier": 2, "patterns": ["qianggang"], "deltas": [-14, -14, 46, -18]},
    "§14 E5 抢杠, no +1 (A21)",
)
S(
    "s-e6",
    "2m678m111z7z",
    "2m",
    "7z",
    "self_draw",
    3,
    None,
    0,
    {"piao": [0, 0, 0, 1], "feeder": 2},
    {
        "multiplier": 8,
        "patterns": ["caishentou", "chengbao", "danpiao", "zimo"],
        "deltas": [0, 0, -184, 184],
    },
    "§14 E6",
    melds=[
        {"type": "pung", "tiles": "999s", "from": 3},
        {"type": "chow", "tiles": "345p", "from": 3},
    ],
)
S(
    "s-e7",
    "111m345m567p789s55s",
    "2m",
    "5s",
    "self_draw",
    2,
    None,
    0,
    {"piao": [0, 0, 0, 1], "feeder": 2},
    {"multiplier": 4, "patterns": ["zimo", "fan_chengbao"], "deltas": [0, 0, 92, -92]},
    "§14 E7 reverse 承包",
)
S(
    "s-dealer-fangchong",
    E1F,
    "7p",
    "2p",
    "discard",
    0,
    2,
    0,
    {},
    {"multiplier": 1, "patterns": ["fangchong"], "deltas": [28, -9, -10, -9]},
    "§11 dealer wins: 9 per pair, discarder +1",
)
S(
    "s-dealer-discards",
    E1F,
    "7p",
    "2p",
    "discard",
    2,
    0,
    0,
    {},
    {"multiplier": 1, "patterns": ["fangchong"], "deltas": [-10, -7, 24, -7]},
    "§11 dealer is the discarder: 9+1",
)
S(
    "s-mai-both",
    E1F,
    "7p",
    "2p",
    "discard",
    1,
    2,
    0,
    {"mai": [0, 1, 1, 0]},
    {"multiplier": 1, "patterns": ["fangchong"], "deltas": [-11, 32, -12, -9]},
    "§11 both sides bought: +4, discarder +1",
)
S(
    "s-xiazi-nondealer-win",
    E1F,
    "7p",
    "2p",
    "self_draw",
    1,
    None,
    0,
    {"xiazi": [0, 3, 5, 0]},
    {"multiplier": 2, "patterns": ["zimo"], "deltas": [-24, 52, -14, -14]},
    "§11 xz: a non-dealer win collects its own 下子 from the dealer only",
)
S(
    "s-xiazi-dealer-win",
    E1F,
    "7p",
    "2p",
    "self_draw",
    0,
    None,
    0,
    {"xiazi": [0, 3, 5, 0]},
    {"multiplier": 2, "patterns": ["zimo"], "deltas": [70, -24, -28, -18]},
    "§11 dealer win collects each payer's 下子",
)
S(
    "s-xiazi-mai-dealer-fangchong",
    E1F,
    "7p",
    "2p",
    "discard",
    0,
    1,
    0,
    {"mai": [1, 0, 0, 0], "xiazi": [0, 2, 0, 0]},
    {"multiplier": 1, "patterns": ["fangchong"], "deltas": [36, -14, -11, -11]},
    "§11 9+2(mai)+2(xz)+1(pao)",
)
S(
    "s-teshu",
    "11m22m33p44p55s66s9s7z",
    "9s",
    "7z",
    "self_draw",
    1,
    None,
    0,
    {},
    {"multiplier": 4, "patterns": ["zimo", "teshu_qiduizi"], "deltas": [-36, 92, -28, -28]},
    "§8.2 特殊七对子",
)
S(
    "s-cst-and-teshu",
    "112233m445566p9s1z",
    "9s",
    "1z",
    "self_draw",
    1,
    None,
    0,
    {},
    {
        "multiplier": 4,
        "patterns": ["zimo", "caishentou", "teshu_qiduizi"],
        "deltas": [-36, 92, -28, -28],
    },
    "§8.1 both listed if both hold",
)
S(
    "s-cst-gangkai",
    CST + "6z",
    "9m",
    "6z",
    "self_draw",
    1,
    None,
    0,
    {"replacement_draw": True},
    {"multiplier": 4, "patterns": ["gangkai", "caishentou"], "deltas": [-36, 92, -28, -28]},
    "A13 no stacking: 财神头 on 杠开 is x4",
)
S(
    "s-cst-discard",
    CST + "6z",
    "9m",
    "6z",
    "discard",
    1,
    3,
    0,
    {},
    {"multiplier": 1, "patterns": ["fangchong"], "deltas": [-9, 24, -7, -8]},
    "§8.2 A14: on a discard only fangchong",
)
S(
    "s-cst-rob",
    CST + "6z",
    "9m",
    "6z",
    "discard",
    1,
    3,
    0,
    {"robbing_kong": True},
    {"multiplier": 2, "patterns": ["qianggang"], "deltas": [-18, 46, -14, -14]},
    "§8.2: rob scores qianggang only",
)
S(
    "s-cst-drew-wild",
    CST + "9m",
    "9m",
    "9m",
    "self_draw",
    2,
    None,
    0,
    {},
    {"multiplier": 4, "patterns": ["zimo", "caishentou"], "deltas": [-36, -28, 92, -28]},
    "pre-draw still one 财神 + four sets",
)
S(
    "s-drew-wild-not-cst",
    "123p456p789s111z5m9m",
    "9m",
    "9m",
    "self_draw",
    2,
    None,
    0,
    {},
    {"multiplier": 2, "patterns": ["zimo"], "deltas": [-18, -14, 46, -14]},
    "pre-draw has no 财神: plain zimo",
)
S(
    "s-cst-two-wilds",
    "123p456p789s11z9m9m3m",
    "9m",
    "3m",
    "self_draw",
    0,
    None,
    0,
    {},
    {"multiplier": 4, "patterns": ["zimo", "caishentou"], "deltas": [108, -36, -36, -36]},
    "§8.2 other wildcards may be used inside the sets",
)
S(
    "s-cst-melds",
    "123m9m5s",
    "9m",
    "5s",
    "self_draw",
    3,
    None,
    1,
    {},
    {"multiplier": 4, "patterns": ["zimo", "caishentou"], "deltas": [-28, -36, -28, 92]},
    "§8.2 rest of concealed + melds = four sets",
    melds=[
        {"type": "pung", "tiles": "111z", "from": 2},
        {"type": "chow", "tiles": "456p", "from": 3},
        {"type": "pung", "tiles": "777s", "from": 1},
    ],
)
S(
    "s-cst-danqi",
    "9m5s",
    "9m",
    "5s",
    "self_draw",
    3,
    None,
    1,
    {},
    {"multiplier": 4, "patterns": ["zimo", "caishentou"], "deltas": [-28, -36, -28, 92]},
    "§8.2 a lone 财神 with four melds is 财神头",
    melds=[
        {"type": "pung", "tiles": "111z", "from": 2},
        {"type": "chow", "tiles": "456p", "from": 3},
        {"type": "pung", "tiles": "777s", "from": 1},
        {"type": "chow", "tiles": "123m", "from": 3},
    ],
)
S(
    "s-not-cst-pair",
    "123p456p789s11z5m9m5m",
    "9m",
    "5m",
    "self_draw",
    1,
    None,
    0,
    {},
    {"multiplier": 2, "patterns": ["zimo"], "deltas": [-18, 46, -14, -14]},
    "pre-draw = 财神 + 3 sets + pair + single: not four sets -> not 财神头",
)
S(
    "s-danpiao",
    CST + "6z",
    "9m",
    "6z",
    "self_draw",
    3,
    None,
    0,
    {"piao": [0, 0, 0, 1]},
    {
        "multiplier": 8,
        "patterns": ["zimo", "caishentou", "danpiao"],
        "deltas": [-72, -56, -56, 184],
    },
    "§9.2 单飘 x8, no contractor: all pay",
)
S(
    "s-shuangpiao",
    CST + "6z",
    "9m",
    "6z",
    "self_draw",
    1,
    None,
    0,
    {"piao": [0, 2, 0, 0]},
    {
        "multiplier": 16,
        "patterns": ["zimo", "caishentou", "shuangpiao"],
        "deltas": [-144, 368, -112, -112],
    },
    "§9.2 双飘 x16",
)
S(
    "s-shuangpiao-chengbao-mai",
    CST + "6z",
    "9m",
    "6z",
    "self_draw",
    1,
    None,
    0,
    {"piao": [0, 2, 0, 0], "feeder": 3, "mai": [0, 0, 0, 1]},
    {
        "multiplier": 16,
        "patterns": ["zimo", "caishentou", "shuangpiao", "chengbao"],
        "deltas": [0, 400, 0, -400],
    },
    "§10 contractor pays 144+112+144",
)
S(
    "s-danpiao-teshu",
    "11m22m33p44p55s66s9s7z",
    "9s",
    "7z",
    "self_draw",
    2,
    None,
    0,
    {"piao": [0, 0, 1, 0]},
    {
        "multiplier": 8,
        "patterns": ["zimo", "teshu_qiduizi", "danpiao"],
        "deltas": [-72, -56, 184, -56],
    },
    "§8.1 danpiao with teshu_qiduizi",
)
S(
    "s-fan-gangkai-shuangpiao",
    E1F,
    "7p",
    "2p",
    "self_draw",
    2,
    None,
    0,
    {"piao": [0, 2, 0, 0], "feeder": 2, "replacement_draw": True},
    {"multiplier": 8, "patterns": ["gangkai", "fan_chengbao"], "deltas": [0, -184, 184, 0]},
    "§10 seed example: during 双飘 a 杠开 x4 is paid as x8",
)
S(
    "s-fan-cst",
    CST + "6z",
    "9m",
    "6z",
    "self_draw",
    1,
    None,
    0,
    {"piao": [0, 0, 0, 1], "feeder": 1},
    {
        "multiplier": 8,
        "patterns": ["zimo", "caishentou", "fan_chengbao"],
        "deltas": [0, 184, 0, -184],
    },
    "§10 财神头 x4 paid as 单飘 x8",
)
S(
    "s-fan-qianggang",
    E1F,
    "7p",
    "2p",
    "discard",
    3,
    2,
    0,
    {"piao": [0, 1, 0, 0], "feeder": 3, "robbing_kong": True},
    {"multiplier": 4, "patterns": ["qianggang", "fan_chengbao"], "deltas": [0, -92, 0, 92]},
    "A15 + §10: feeder robs during 单飘, x2x2",
)
S(
    "s-third-wins",
    E1F,
    "7p",
    "2p",
    "self_draw",
    1,
    None,
    0,
    {"piao": [0, 0, 0, 1], "feeder": 2},
    {"multiplier": 2, "patterns": ["zimo"], "deltas": [-18, 46, -14, -14]},
    "A17: a third player wins: normal settlement",
)
S(
    "s-rob-danpiao",
    E1F,
    "7p",
    "2p",
    "discard",
    1,
    0,
    0,
    {"piao": [0, 0, 0, 1], "robbing_kong": True},
    {"multiplier": 2, "patterns": ["qianggang"], "deltas": [-18, 46, -14, -14]},
    "A15 rob during 单飘 by a non-飘 player",
)
S(
    "s-dealer-initial-14",
    E1F,
    "7p",
    "2p",
    "self_draw",
    0,
    None,
    0,
    {"mai": [1, 0, 0, 0]},
    {"multiplier": 2, "patterns": ["zimo"], "deltas": [66, -22, -22, -22]},
    "dealer self-draw with own 买子: +2 on every pairing",
)
S(
    "s-13bk-zimo",
    "147m258p369s12346z",
    "8s",
    "6z",
    "self_draw",
    2,
    None,
    0,
    {},
    {"multiplier": 2, "patterns": ["zimo"], "deltas": [-18, -14, 46, -14]},
    "§7.3 十三不靠 scored by how it was won",
)
add(
    "s-defaults",
    "score",
    {"multiplier": 1, "patterns": ["fangchong"], "deltas": [-9, -7, 24, -8]},
    "CASES §6.2 defaults: caishen=wild, mai/xiazi/piao zeros, feeder null",
    concealed=E1F,
    melds=[],
    wild="7p",
    win_tile="2p",
    win_type="discard",
    winner=2,
    discarder=3,
    dealer=0,
    context={},
)
S(
    "s-illegal-danpiao-discard",
    E1F,
    "7p",
    "2p",
    "discard",
    2,
    3,
    0,
    {"piao": [0, 1, 0, 0]},
    ERR("illegal"),
    "§9.3: discard win during 单飘 is not a legal win -> error",
)
S(
    "s-illegal-shuangpiao-zimo",
    E1F,
    "7p",
    "2p",
    "self_draw",
    2,
    None,
    0,
    {"piao": [0, 2, 0, 0]},
    ERR("illegal"),
    "§9.3 双飘: zimo illegal",
)
S(
    "s-illegal-piao-not-cst",
    E1F,
    "7p",
    "2p",
    "self_draw",
    2,
    None,
    0,
    {"piao": [0, 0, 1, 0]},
    ERR("illegal"),
    "§9.2 飘 winner without 财神头",
)
S(
    "s-illegal-shape",
    "234m567m124p345s99s",
    "7p",
    "2p",
    "discard",
    2,
    3,
    0,
    {},
    ERR("not a win"),
    "CASES §1.3 score hand not a legal win",
)
S(
    "s-illegal-wild-discard",
    "234m567m123p345s9s7p",
    "7p",
    "7p",
    "discard",
    2,
    3,
    0,
    {},
    ERR("wild discard"),
    "A3 cannot win on a discarded 财神",
)
S("s-bad-winner", E1F, "7p", "2p", "discard", 4, 3, 0, {}, ERR("seat"), "seat outside 0-3")
add(
    "s-missing-winner",
    "score",
    ERR("missing winner"),
    "required field missing",
    concealed=E1F,
    melds=[],
    wild="7p",
    win_tile="2p",
    win_type="discard",
    discarder=3,
    dealer=0,
    context={},
)
S("s-bad-win-type", E1F, "7p", "2p", "ron", 2, 3, 0, {}, ERR("win_type"), "unknown win_type")

# ---------------- settle ----------------
ST(
    "st-e8",
    {
        "event": "draw",
        "dealer": 0,
        "piao": [0, 2, 0, 0],
        "mai": [1, 0, 0, 0],
        "xiazi": [0, 0, 2, 0],
    },
    {"deltas": [44, -100, 28, 28], "rake": 0},
    "§14 E8",
)
ST(
    "st-draw-plain",
    {
        "event": "draw",
        "dealer": 1,
        "piao": [0, 0, 0, 0],
        "mai": [1, 1, 0, 0],
        "xiazi": [3, 0, 0, 0],
    },
    {"deltas": [0, 0, 0, 0], "rake": 0},
    "§13 ordinary 流局: zeros",
)
ST(
    "st-draw-danpiao",
    {
        "event": "draw",
        "dealer": 0,
        "piao": [0, 0, 1, 0],
        "mai": [1, 0, 0, 0],
        "xiazi": [0, 0, 2, 0],
        "feeder": 1,
    },
    {"deltas": [0, 0, 0, 0], "rake": 0},
    "§13 a 单飘 in progress: zeros",
)
ST(
    "st-draw-shuangpiao-mai-xiazi",
    {
        "event": "draw",
        "dealer": 0,
        "piao": [0, 0, 2, 0],
        "mai": [1, 0, 1, 0],
        "xiazi": [0, 3, 2, 0],
    },
    {"deltas": [60, 36, -132, 36], "rake": 0},
    "§13: (9+2+2+2)x4, (7+2)x4, (7+2)x4",
)
ST(
    "st-draw-dealer-shuangpiao",
    {
        "event": "draw",
        "dealer": 0,
        "piao": [2, 0, 0, 0],
        "mai": [0, 0, 0, 0],
        "xiazi": [0, 2, 0, 4],
        "feeder": 3,
    },
    {"deltas": [-132, 44, 36, 52], "rake": 0},
    "§13 dealer in 双飘 pays (9+xz)x4 each; contractor irrelevant",
)
ST(
    "st-coins-e1",
    {"event": "coins", "points": [-9, -7, 24, -8], "N": 10, "A": 5},
    {"deltas": [-95, -75, 235, -85], "rake": 20},
    "§11.1",
)
ST(
    "st-coins-zero-rake",
    {"event": "coins", "points": [0, 0, 92, -92], "N": 3, "A": 0},
    {"deltas": [0, 0, 276, -276], "rake": 0},
    "§11.1 A=0",
)
ST(
    "st-coins-draw",
    {"event": "coins", "points": [0, 0, 0, 0], "N": 10, "A": 7},
    {"deltas": [-7, -7, -7, -7], "rake": 28},
    "§11.1 rake on a 流局 too",
)
ST(
    "st-e9",
    {
        "event": "xiazi_then_win",
        "dealer": 0,
        "hands": [
            {"result": "dealer_win", "multiplier": 2},
            {"result": "dealer_win", "multiplier": 4},
        ],
        "opt_in": {"1": 0, "3": 1},
        "win": {
            "concealed": "123m456m789m123p44z",
            "melds": [],
            "wild": "9s",
            "win_tile": "4z",
            "win_type": "discard",
            "winner": 0,
            "discarder": 2,
            "context": {"caishen": "9s", "mai": [0, 0, 0, 0], "piao": [0, 0, 0, 0], "feeder": None},
        },
    },
    {"deltas": [36, -13, -10, -13], "rake": 0, "xiazi": [0, 4, 0, 4]},
    "§14 E9",
)
ST(
    "st-xz-draw-frozen",
    {
        "event": "xiazi_then_win",
        "dealer": 1,
        "hands": [
            {"result": "dealer_win", "multiplier": 2},
            {"result": "draw"},
            {"result": "dealer_win", "multiplier": 8},
        ],
        "opt_in": {"0": 0, "3": 2},
        "win": {
            "concealed": E1F,
            "melds": [],
            "wild": "7p",
            "win_tile": "2p",
            "win_type": "self_draw",
            "winner": 2,
            "discarder": None,
            "context": {"caishen": "7p"},
        },
    },
    {"deltas": [-14, -18, 46, -14], "rake": 0, "xiazi": [4, 0, 0, 8]},
    "§12.2: draw freezes; seat0 2->4 at hand 2, seat3 opts in at 8; non-dealer seat2 wins zimo: dealer pays 9x2",
)
ST(
    "st-xz-nondealer-with-xz",
    {
        "event": "xiazi_then_win",
        "dealer": 2,
        "hands": [
            {"result": "dealer_win", "multiplier": 1},
            {"result": "dealer_win", "multiplier": 16},
        ],
        "opt_in": {"3": 0, "1": 1},
        "win": {
            "concealed": E1F,
            "melds": [],
            "wild": "7p",
            "win_tile": "2p",
            "win_type": "discard",
            "winner": 3,
            "discarder": 0,
            "context": {"caishen": "7p", "mai": [0, 0, 0, 1]},
        },
    },
    {"deltas": [-10, -9, -13, 32], "rake": 0, "xiazi": [0, 16, 0, 2]},
    "§12.2 seat3 1->2, seat1 at 16; seat3 wins: dealer pays 9+2+2, seat0 7+2+1, seat1 7+2",
)
ST(
    "st-xz-empty",
    {
        "event": "xiazi_then_win",
        "dealer": 3,
        "hands": [],
        "opt_in": {},
        "win": {
            "concealed": E1F,
            "melds": [],
            "wild": "7p",
            "win_tile": "2p",
            "win_type": "discard",
            "winner": 3,
            "discarder": 1,
            "context": {"caishen": "7p"},
        },
    },
    {"deltas": [-9, -10, -9, 28], "rake": 0, "xiazi": [0, 0, 0, 0]},
    "new dealer: no 下子",
)
ST(
    "st-unknown-event",
    {"event": "escape", "escaper": 1},
    ERR("unknown event"),
    "A22 Yiwu has no escape event; unknown event -> error",
)
ST(
    "st-coins-missing-N",
    {"event": "coins", "points": [0, 0, 0, 0], "A": 5},
    ERR("missing N"),
    "required field missing",
)
ST(
    "st-draw-bad-piao",
    {"event": "draw", "dealer": 0, "piao": "x", "mai": Z4, "xiazi": Z4},
    ERR("piao type"),
    "wrong type",
)
ST("st-no-event", {}, ERR("missing event"), "no event")
ST(
    "st-xz-bad-hand",
    {
        "event": "xiazi_then_win",
        "dealer": 0,
        "hands": [{"result": "weird"}],
        "opt_in": {},
        "win": {
            "concealed": E1F,
            "melds": [],
            "wild": "7p",
            "win_tile": "2p",
            "win_type": "discard",
            "winner": 2,
            "discarder": 3,
            "context": {},
        },
    },
    ERR("bad hand"),
    "unknown hand result",
)
add(
    "x-unknown-kind",
    "tsumo",
    ERR("kind"),
    "CASES §1.3 unknown kind",
    concealed=E1F,
    melds=[],
    wild="7p",
    context={},
)

# ---------------- second pass: probes after reading the implementation ----------------
W(
    "w-c5z-discard-white",
    "123m456m789p78s5z11z",
    "5z",
    {"caishen": "5z", "win_type": "discard", "win_tile": "5z"},
    False,
    "A4 + §15.2: with C=5z a discarded 白板 is a 财神, never won on",
)
W(
    "w-four-wilds",
    "123m456m789p7p7p7p7p",
    "7p",
    {"caishen": "7p"},
    False,
    "A2: only three copies of C are live; a fourth physical C cannot be held",
)
W(
    "w-tongquan-C-face",
    "123m456m789p57s5z11z",
    "6s",
    {"caishen": "6s", "win_type": "discard", "win_tile": "5z", "tongquan_passed": ["6s"]},
    False,
    "§6.5 faces compared after substitution: a lock on face C (6s) covers a discarded 白板",
)
W(
    "w-5z-meld-pung-as-C",
    "123m456p789p11z",
    "6s",
    {"caishen": "6s"},
    True,
    "§3.2 a pung of three 白板 is a pung of 6s",
    melds=[{"type": "pung", "tiles": "555z", "from": 1}],
)
W(
    "w-meld-5z-when-C5z",
    "123m456p789p11z",
    "5z",
    {"caishen": "5z"},
    False,
    "A4: with C=5z the 白板 are wildcards and cannot be melded",
    melds=[{"type": "pung", "tiles": "555z", "from": 1}],
)
W(
    "w-13bk-wild-as-C",
    "147m258p25s12346z8s",
    "8s",
    {"caishen": "8s"},
    True,
    "§7.3 a wildcard may play any face, here 8s/9s/5z/7z",
)
WA(
    "wa-wild-in-hand",
    "234m567m345s9s13p7p",
    "7p",
    ["2p", "7p", "9s"],
    "wild plays 2p (then 9s pair) or pairs 9s (then 2p)",
)
WA(
    "wa-13bk-wild",
    "147m258p36s1234z8s",
    "8s",
    ["8s", "9s", "5z", "6z", "7z"],
    "§16 十三不靠 wait set with one wild: 9s, White, 6z, 7z and C",
)
WA(
    "wa-wrong-count",
    E1F,
    "7p",
    [],
    "14 tiles is not a waiting hand: [] (CASES §1.3 analog of false)",
)
S(
    "s-teshu-two-wilds",
    "11m22m33p44p55s6s9s9s1z",
    "9s",
    "1z",
    "self_draw",
    1,
    None,
    0,
    {},
    {"multiplier": 4, "patterns": ["zimo", "teshu_qiduizi"], "deltas": [-36, 92, -28, -28]},
    "§8.2 special seven pairs: the second wild pairs 6s",
)
S(
    "s-teshu-quad",
    "1111m22p33p44s55s9s1z",
    "9s",
    "1z",
    "self_draw",
    1,
    None,
    0,
    {},
    {"multiplier": 4, "patterns": ["zimo", "teshu_qiduizi"], "deltas": [-36, 92, -28, -28]},
    "§8.2 four identical count as two pairs",
)
S(
    "s-cst-three-wilds",
    "123p456p789s9m9m9m1z3m",
    "9m",
    "3m",
    "self_draw",
    1,
    None,
    0,
    {},
    {"multiplier": 4, "patterns": ["zimo", "caishentou"], "deltas": [-36, 92, -28, -28]},
    "§8.2 remove one 财神, the other two + 1z form a set",
)
S(
    "s-fan-gangkai-cst-shuangpiao",
    "123p456p789s111z9m6z",
    "9m",
    "6z",
    "self_draw",
    1,
    None,
    0,
    {"piao": [0, 0, 0, 2], "feeder": 1, "replacement_draw": True},
    {
        "multiplier": 8,
        "patterns": ["gangkai", "caishentou", "fan_chengbao"],
        "deltas": [0, 184, 0, -184],
    },
    "§10 during 双飘 the feeder's 杠开 财神头 x4 -> x8",
)
S(
    "s-gangkai-shuangpiao-other",
    E1F,
    "7p",
    "2p",
    "self_draw",
    1,
    None,
    0,
    {"piao": [0, 0, 2, 0], "replacement_draw": True},
    {"multiplier": 4, "patterns": ["gangkai"], "deltas": [-36, 92, -28, -28]},
    "§9.3 双飘: a third player's 杠开 is normal",
)

ST(
    "st-event-not-string",
    {"event": ["draw"], "dealer": 0},
    ERR("event"),
    "wrong-typed event -> error entry",
)
add(
    "x-kind-not-string",
    ["win"],
    ERR("kind"),
    "wrong-typed kind -> error entry",
    concealed=E1F,
    melds=[],
    wild="7p",
    context={},
)

ids = [c["id"] for c in cases]
assert len(ids) == len(set(ids)), [i for i in ids if ids.count(i) > 1]
json.dump(
    {"variant": "yiwu", "cases": cases},
    open("tests/games/engine/cases/yiwu_review.json", "w", encoding="utf-8"),
    ensure_ascii=False,
    indent=1,
)
print(len(cases))
