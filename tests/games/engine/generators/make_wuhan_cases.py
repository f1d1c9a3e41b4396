"""Builds tests/games/engine/cases/wuhan.json (run from the repository root).

Every ``expect`` below was derived by hand from shared/rules/wuhan.md and CASES.md §5 (the ``why``
says how); the JSON file is the fixture and this script only documents how it was written.
"""

import json
from pathlib import Path

OUT = Path(__file__).parents[1] / "cases" / "wuhan.json"

C = []


def m(t, tiles, frm=None):
    d = {"type": t, "tiles": tiles}
    if frm is not None:
        d["from"] = frm
    return d


def win(i, concealed, melds, wild, ctx, expect, why):
    C.append(
        {
            "id": i,
            "kind": "win",
            "concealed": concealed,
            "melds": melds,
            "wild": wild,
            "context": ctx,
            "expect": expect,
            "why": why,
        }
    )


def waits(i, concealed, melds, wild, expect, why, ctx=None):
    C.append(
        {
            "id": i,
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
    i, concealed, melds, wild, win_tile, win_type, winner, discarder, dealer, ctx, expect, why
):
    C.append(
        {
            "id": i,
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


def settle(i, ctx, expect, why):
    C.append({"id": i, "kind": "settle", "context": ctx, "expect": expect, "why": why})


def res(patterns, base, mults, raw, deltas, cb=None):
    return {
        "patterns": patterns,
        "base": base,
        "multipliers": mults,
        "raw": raw,
        "deltas": deltas,
        "cheng_bao": cb,
    }


P999 = [m("pung", "999p", 3)]
E2M = [m("chow", "345p", 3), m("kong_added", "7777m", 2)]

# ---------------- CASES.md §5.4 examples ----------------
win(
    "wh-win-1",
    "123m88p456789s",
    P999,
    "6s",
    {"opened": True, "win_type": "discard", "win_tile": "3m"},
    True,
    "CASES §5.4 / E1: 6s at face value in 456s, 88p 将",
)
win(
    "wh-win-2",
    "123m88p456789s",
    P999,
    "6s",
    {"opened": True, "win_type": "discard", "win_tile": "6s"},
    False,
    "CASES §5.4: a discarded 癞子 is a 癞子杠, never won on (§2)",
)
waits(
    "wh-waits-1",
    "55m23467s",
    E2M,
    "2z",
    ["5s", "8s", "2z"],
    "CASES §5.4 / E2 without its 癞子: 5s, 8s, and the 癞子 itself as 5s/8s",
)
score(
    "wh-score-1",
    "123m88p456789s",
    P999,
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
    res(["xiao_hu", "ying_hu"], 1, [2, 4, 4, 4], [8, 16, 0, 16], [-8, -16, 40, -16]),
    "CASES §5.4 / E1: small hu, dealer loser x2, 红中杠 x2, 放冲 x2",
)
E5M = [m("chow", "123p", 3), m("pung", "999p", 2), m("pung", "555p", 1)]
score(
    "wh-score-2",
    "44678p",
    E5M,
    "1s",
    "4p",
    "discard",
    2,
    0,
    1,
    {"players": {"0": {}, "1": {"openings": 1}, "3": {}}},
    res(["qing_yi_se", "ying_hu"], 10, [1.5, 2, 4, 1], [60, 80, 0, 40], [0, 0, 180, -180], 3),
    "CASES §5.4 / E5: 清一色 third opening from seat 3 -> 承包 180",
)

# ---------------- wuhan.md §10 examples ----------------
score(
    "wh-e2",
    "55m23467s2z",
    E2M,
    "2z",
    "2z",
    "self_draw",
    1,
    None,
    1,
    {"players": {"0": {}, "2": {"an_gang": 1}, "3": {"openings": 1, "laizi_gang": 1}}},
    res(["xiao_hu", "ruan_hu"], 1, [1, 16, 4, 4], [16, 0, 64, 64], [-16, 144, -64, -64]),
    "E2: dealer self-draw soft: 2 open x2 明杠 x2 自摸 x2 庄 = 16",
)
score(
    "wh-e3",
    "33355599s",
    [m("pung", "222s", 1), m("pung", "777s", 2)],
    "5z",
    "5s",
    "discard",
    0,
    2,
    3,
    {"players": {"1": {}, "2": {"openings": 1}, "3": {"openings": 1, "ming_gang": 1}}},
    res(
        ["peng_peng_hu", "qing_yi_se", "ying_hu"],
        20,
        [4, 1, 3, 4],
        [0, 80, 240, 320],
        [620, -80, -240, -300],
    ),
    "E3: 碰碰胡+清一色 base 20, seat 3 capped at 300, no dealer factor",
)
score(
    "wh-e4",
    "222m88p666s",
    [m("pung", "111z", 2), m("kong_added", "4444p", 1)],
    "9s",
    "2m",
    "self_draw",
    1,
    None,
    0,
    {
        "situations": ["gang_shang_hua"],
        "players": {
            "0": {"openings": 1},
            "2": {"openings": 1, "an_gang": 1},
            "3": {"openings": 1, "ming_gang": 1},
        },
    },
    res(
        ["peng_peng_hu", "gang_shang_hua", "ying_hu"],
        20,
        [2, 12, 8, 4],
        [480, 0, 1920, 960],
        [-400, 1200, -400, -400],
    ),
    "E4: all three raw > 300 -> 金顶 400 each",
)
score(
    "wh-e6",
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
    res(["xiao_hu", "ruan_hu"], 1, [8, 1, 4, 16], [128, 16, 64, 0], [-128, -16, -64, 208]),
    "E6: 口口翻 three openings 2^3, 自摸 x2, soft (3p = 5m/8m)",
)
E7M = [m("chow", "234m", 3), m("chow", "678p", 3), m("pung", "111z", 2), m("chow", "345s", 3)]
score(
    "wh-e7",
    "55s",
    E7M,
    "9m",
    "5s",
    "discard",
    0,
    2,
    1,
    {"players": {"2": {"openings": 1}}, "discarder_ready": False},
    res(["quan_qiu_ren", "ying_hu"], 10, [4, 1, 3, 1], [0, 40, 120, 40], [200, 0, -200, 0], 2),
    "E7: 全求人 fed by an unready discarder -> 承包 200",
)
score(
    "wh-e8",
    "456m234678p22s",
    [m("pung", "888s", 1)],
    "4z",
    "5m",
    "discard",
    3,
    1,
    2,
    {
        "situations": ["qiang_gang"],
        "players": {"0": {}, "1": {"openings": 1}, "2": {"openings": 1}},
    },
    res(["qiang_gang", "ying_hu"], 10, [1, 3, 2, 4], [40, 120, 80, 0], [0, -240, 0, 240], 1),
    "E8: 抢杠: robbed seat 1 is 放冲 x1.5 and pays all 240",
)
settle(
    "wh-e9-escape",
    {"event": "escape", "escaper": 3, "mode": "kaikou", "N": 20, "A": 500},
    {"deltas": [134, 133, 133, -400], "coins": [2180, 2160, 2160, -8500], "rake": 2000},
    "E9: escape 400 shared 134/133/133, coins N*points - A",
)
settle(
    "wh-coins-seed",
    {"event": "coins", "winner": 0, "losses": [0, 300, 350, 400], "N": 20, "A": 500},
    {"deltas": [20500, -6500, -7500, -8500], "rake": 2000},
    "§8 Coins seed example",
)
settle(
    "wh-hz-1",
    {"event": "huang_zhuang", "dealer": 2, "A": 500},
    {"deltas": [0, 0, 0, 0], "next_dealer": 2, "coins": [-500, -500, -500, -500]},
    "§7 荒庄: dealer stays, rake only",
)
settle(
    "wh-nd-1",
    {"event": "next_dealer", "dealer": 1, "winner": 2},
    {"next_dealer": 2},
    "§1 non-dealer win -> dealer+1",
)
settle(
    "wh-cp-1",
    {"event": "claim_priority", "dealer": 2, "discarder": 3, "claimants": [1, 0]},
    {"winner": 0},
    "§4 一炮单响: order dealer 2, 3 (discarder, skipped), 0, 1",
)
settle("wh-laizi-1", {"event": "laizi", "indicator": "9m"}, {"laizi": "1m"}, "§2 9 -> 1")
settle("wh-rank-1", {"event": "rank", "points": 5000}, {"rank": "笨鸟"}, "§9")

# ---------------- win: more cases ----------------
win(
    "wh-win-unopened",
    "123456m234p55s678s",
    [],
    "1z",
    {},
    False,
    "§5 a fully concealed hand never wins",
)
win(
    "wh-win-only-ankong",
    "234p567s88s123m",
    [m("kong_concealed", "9999m")],
    "1z",
    {},
    False,
    "§5 an 暗杠 is not an opening",
)
win(
    "wh-win-ankong-plus-pung",
    "234p567s88s",
    [m("kong_concealed", "9999m"), m("pung", "111z", 1)],
    "5z",
    {},
    True,
    "§5 an 暗杠 plus a pung: opened, 88s 将",
)
win(
    "wh-win-holds-red",
    "123m88p456s777z",
    P999,
    "1z",
    {},
    False,
    "§3 a hand holding 红中 never wins",
)
win(
    "wh-win-red-meld",
    "123m88p456789s",
    [m("pung", "777z", 1)],
    "1z",
    {},
    False,
    "§3 红中 is never punged",
)
win(
    "wh-win-laizi-meld",
    "123m88p345789s",
    [m("pung", "666s", 1)],
    "6s",
    {},
    False,
    "§2 the 癞子 never forms a meld",
)
win(
    "wh-win-laizi-chow",
    "123m88p789s999m",
    [m("chow", "456p", 3)],
    "5p",
    {},
    False,
    "§2 a 癞子 can never be chowed",
)
win(
    "wh-win-pair-not-258",
    "123m11p456789s",
    P999,
    "1z",
    {"win_type": "discard", "win_tile": "3m"},
    False,
    "§6 small hu needs a 2/5/8 pair; 11p is not",
)
win(
    "wh-win-honour-pair",
    "123m456p789s11z",
    [m("pung", "999m", 2)],
    "5s",
    {},
    False,
    "§6 an honour pair is not 将",
)
win(
    "wh-win-joker-pair",
    "123m8p456789s5z",
    P999,
    "5z",
    {},
    True,
    "§6 the 癞子 5z pairs with 8p as 88p: soft small",
)
win(
    "wh-win-ppb-any-pair",
    "111m333p99s",
    [m("pung", "555s", 1), m("pung", "777m", 2)],
    "1z",
    {"win_type": "discard", "win_tile": "9s"},
    True,
    "§6 碰碰胡 relaxes the pair: 99s",
)
win(
    "wh-win-chow-meld-no-ppb",
    "111m333p99s",
    [m("chow", "123s", 3), m("pung", "777m", 2)],
    "1z",
    {},
    False,
    "§6 a chow meld is not 碰碰胡 and 99s is not 将",
)
win(
    "wh-win-qys-any-pair",
    "11123456789p",
    [m("pung", "999p", 2)],
    "1z",
    {},
    True,
    "§6 清一色 relaxes the pair: 11p",
)
win(
    "wh-win-fys-no-shape",
    "11233445566z",
    [m("pung", "222z", 1)],
    "5m",
    {"win_type": "discard", "win_tile": "3z"},
    True,
    "§6 风一色 (乱风) needs no shape",
)
win(
    "wh-win-jys-no-shape",
    "225588m258p55s",
    [m("pung", "888s", 1)],
    "1z",
    {},
    True,
    "§6 将一色 (乱将) needs no shape",
)
win(
    "wh-win-mixed-no-shape",
    "11233445566z",
    [m("pung", "222m", 1)],
    "5m",
    {},
    False,
    "§6 honours with a suited meld: neither 风一色 nor a shape",
)
win(
    "wh-win-two-laizi-small",
    "123m456p55m733s",
    [m("pung", "111z", 2)],
    "3s",
    {},
    False,
    "§6 two 癞子 held forbid a small hu (7s+3s+3s = 789s)",
)
win(
    "wh-win-two-laizi-big",
    "111m444p55m733s",
    [m("pung", "111z", 2)],
    "3s",
    {},
    True,
    "§6 two 癞子 with a big hu: 7s+two jokers = 777s, 碰碰胡",
)
win(
    "wh-win-two-laizi-face",
    "12355m334455s",
    [m("pung", "111z", 2)],
    "3s",
    {},
    False,
    "§6 two 癞子 used at face value still forbid a small hu",
)
win(
    "wh-win-two-laizi-gsh",
    "123m456p55m733s",
    [m("pung", "111z", 2)],
    "3s",
    {"situations": ["gang_shang_hua"]},
    True,
    "§6 two 癞子 allowed on a big hu: 杠上花",
)
win(
    "wh-win-gsh-discard",
    "123m88p456789s",
    P999,
    "6s",
    {"win_type": "discard", "win_tile": "3m", "situations": ["gang_shang_hua"]},
    False,
    "CASES §5.1 gang_shang_hua needs self_draw",
)
win(
    "wh-win-qg-selfdraw",
    "123m88p456789s",
    P999,
    "6s",
    {"situations": ["qiang_gang"]},
    False,
    "CASES §5.1 qiang_gang needs discard",
)
win("wh-win-fifth-copy", "55m234p567s789s", [m("pung", "555m", 1)], "1z", {}, False, "a fifth 5m")
win(
    "wh-win-count",
    "123m88p45678s",
    P999,
    "1z",
    {},
    False,
    "13 tiles counting the pung: wrong count",
)
win(
    "wh-win-qqr-non258",
    "99s",
    E7M,
    "1z",
    {"win_type": "discard", "win_tile": "9s"},
    False,
    "§6.1 全求人 still needs the 2/5/8 pair (chows: no 碰碰胡)",
)
win(
    "wh-win-qqr-ppb",
    "99s",
    [
        m("pung", "999m", 3),
        m("pung", "111p", 2),
        m("pung", "777s", 1),
        m("kong_exposed", "3333m", 2),
    ],
    "1z",
    {"win_type": "discard", "win_tile": "9s"},
    True,
    "§6.1 全求人 + 碰碰胡: any pair",
)
win(
    "wh-win-selfdraw-laizi",
    "55m23467s2z",
    E2M,
    "2z",
    {"win_type": "self_draw"},
    True,
    "§6 a self-drawn 癞子 may win (E2)",
)
win("wh-win-seven-pairs", "11223344m5566p88s", [], "1z", {}, False, "§6 no 七对 (and unopened)")

# ---------------- waits: more ----------------
waits("wh-waits-unopened", "123456m234p55s67s", [], "1z", [], "§6.2 an unopened hand has no waits")
waits("wh-waits-red", "123m88p4567s7z", P999, "1z", [], "§6.2 a hand holding 7z has no waits")
waits(
    "wh-waits-fys",
    "2233445566z",
    [m("pung", "111z", 1)],
    "5m",
    ["5m", "1z", "2z", "3z", "4z", "5z", "6z"],
    "§6.2 ready on 风一色: every honour but 7z, and the 癞子 5m as an honour",
)
waits(
    "wh-waits-jys",
    "225588m258p5s",
    [m("pung", "888s", 1)],
    "1z",
    ["2m", "5m", "8m", "2p", "5p", "8p", "2s", "5s", "8s", "1z"],
    "§6.2 ready on 将一色: every 2/5/8, and the 癞子 1z as one",
)
waits(
    "wh-waits-four-held",
    "45m234p567s88s",
    [m("kong_exposed", "6666m", 1)],
    "1z",
    ["3m", "1z"],
    "§6.2 6m would complete but all four are held; the 癞子 fills 3m/6m",
)
waits(
    "wh-waits-one-laizi",
    "55m234s6s2z",
    [m("chow", "345p", 3), m("pung", "777m", 2)],
    "2z",
    ["1s", "4s", "5s", "6s", "7s", "8s"],
    "§6.2 6s+joker: 4s/5s/6s/7s/8s, 1s via 123s+46s(J); a second 2z would be two 癞子 on a small hu",
)
waits(
    "wh-waits-single-258",
    "5s",
    E7M,
    "5z",
    ["5s", "5z"],
    "§6.2 single wait 5s; the 癞子 pairs with it",
)
waits("wh-waits-single-9", "9s", E7M, "5z", [], "§6.2 99s would not be 将 and nothing relaxes it")
waits(
    "wh-waits-single-laizi",
    "5s",
    [m("chow", "234m", 3), m("chow", "678p", 3), m("pung", "111z", 2), m("chow", "789s", 3)],
    "5s",
    ["2m", "5m", "8m", "2p", "5p", "8p", "2s", "8s"],
    "§6.2 holding only the 癞子 5s: any 2/5/8 pairs with it; a second 5s = two 癞子 on a small hu",
)
waits("wh-waits-count", "123m88p456789s", P999, "1z", [], "14 tiles in a waits case: no waits")

# ---------------- score: more ----------------
score(
    "wh-score-dealer-discards",
    "123m88p456789s",
    P999,
    "6s",
    "3m",
    "discard",
    2,
    0,
    0,
    {},
    res(["xiao_hu", "ying_hu"], 1, [4, 1, 4, 1], [16, 4, 0, 4], [-16, -4, 24, -4]),
    "§8 small: dealer x2 and 放冲 x2 on the same loser",
)
score(
    "wh-score-selfdraw-nondealer",
    "123m88p456789s",
    P999,
    "6s",
    "3m",
    "self_draw",
    2,
    None,
    0,
    {},
    res(["xiao_hu", "ying_hu"], 1, [2, 1, 8, 1], [16, 8, 0, 8], [-16, -8, 32, -8]),
    "§8 small self-draw: 开口 2 x 自摸 2 x 硬 2 = 8; the dealer loses x2",
)
score(
    "wh-score-soft-discard-dealer",
    "55m23467s2z",
    E2M,
    "2z",
    "3s",
    "discard",
    1,
    2,
    1,
    {},
    res(["xiao_hu", "ruan_hu"], 1, [1, 8, 2, 1], [8, 0, 16, 8], [-8, 32, -16, -8]),
    "§8 dealer wins on a discard: 开口 x 明杠 x 庄 = 8, soft",
)
score(
    "wh-score-kaikou-many-openings",
    "123m88p456789s",
    P999,
    "6s",
    "3m",
    "discard",
    2,
    3,
    0,
    {"mode": "kaikou", "players": {"1": {"openings": 3}}},
    res(["xiao_hu", "ying_hu"], 1, [2, 2, 4, 2], [8, 8, 0, 8], [-8, -8, 24, -8]),
    "§8 开口翻: three openings still x2 once",
)
score(
    "wh-score-koukou-many-openings",
    "123m88p456789s",
    P999,
    "6s",
    "3m",
    "discard",
    2,
    3,
    0,
    {"mode": "koukou", "players": {"1": {"openings": 3}}},
    res(["xiao_hu", "ying_hu"], 1, [2, 8, 4, 2], [8, 32, 0, 8], [-8, -32, 48, -8]),
    "§8 口口翻: x2 per opening",
)
score(
    "wh-score-koukou-gold",
    "222m88p666s",
    [m("pung", "111z", 2), m("kong_added", "4444p", 1)],
    "9s",
    "2m",
    "self_draw",
    1,
    None,
    0,
    {
        "mode": "koukou",
        "situations": ["gang_shang_hua"],
        "players": {
            "0": {"openings": 1},
            "2": {"openings": 1, "an_gang": 1},
            "3": {"openings": 1, "ming_gang": 1},
        },
    },
    res(
        ["peng_peng_hu", "gang_shang_hua", "ying_hu"],
        20,
        [2, 24, 8, 4],
        [960, 0, 3840, 1920],
        [-500, 1500, -500, -500],
    ),
    "§8 口口翻 E4: two openings x4, 金顶 500",
)
score(
    "wh-score-qqr-ready",
    "55s",
    E7M,
    "9m",
    "5s",
    "discard",
    0,
    2,
    1,
    {"players": {"2": {"openings": 1}}},
    res(["quan_qiu_ren", "ying_hu"], 10, [4, 1, 3, 1], [0, 40, 120, 40], [200, -40, -120, -40]),
    "§8 全求人 without discarder_ready=false: no 承包",
)
score(
    "wh-score-qys-selfdraw-chengbao",
    "44678p",
    [m("chow", "123p", 3), m("pung", "999p", 1), m("pung", "555p", 2)],
    "1s",
    "4p",
    "self_draw",
    1,
    None,
    0,
    {"players": {"0": {"openings": 1}}},
    res(["qing_yi_se", "ying_hu"], 10, [2, 6, 1, 1], [120, 0, 60, 60], [0, 240, 0, -240], 3),
    "§8 承包 case 2 applies to a self-drawn 清一色 too: third opening from seat 3",
)
score(
    "wh-score-chengbao-capped",
    "44678p",
    [m("chow", "123p", 3), m("pung", "999p", 1), m("pung", "555p", 2)],
    "1s",
    "4p",
    "self_draw",
    1,
    None,
    0,
    {"players": {"0": {"openings": 1, "an_gang": 1}, "2": {"openings": 1, "ming_gang": 1}}},
    res(["qing_yi_se", "ying_hu"], 10, [8, 6, 4, 1], [480, 0, 240, 60], [0, 600, 0, -600], 3),
    "§8 承包 pays the sum of the capped amounts: 300+240+60",
)
score(
    "wh-score-chengbao-gold",
    "44678p",
    [m("chow", "123p", 3), m("pung", "999p", 1), m("pung", "555p", 2)],
    "1s",
    "4p",
    "self_draw",
    1,
    None,
    0,
    {
        "players": {
            "0": {"openings": 1, "an_gang": 1},
            "2": {"openings": 1, "an_gang": 1},
            "3": {"openings": 1, "an_gang": 1},
        }
    },
    res(["qing_yi_se", "ying_hu"], 10, [8, 6, 8, 8], [480, 0, 480, 480], [0, 1200, 0, -1200], 3),
    "§8 承包 of a 金顶: 3 x 400",
)
score(
    "wh-score-qg-over-qys",
    "44678p",
    [m("chow", "123p", 3), m("pung", "999p", 2), m("pung", "666p", 1)],
    "1s",
    "8p",
    "discard",
    2,
    1,
    0,
    {"situations": ["qiang_gang"], "players": {"1": {"openings": 1}}},
    res(
        ["qing_yi_se", "qiang_gang", "ying_hu"],
        20,
        [1, 3, 4, 1],
        [80, 240, 0, 80],
        [0, -400, 400, 0],
        1,
    ),
    "§8 承包 overlap: 抢杠 (case 3) beats 清一色 third opening (case 2, seat 3)",
)
score(
    "wh-score-haidi",
    "123m88p456789s",
    P999,
    "6s",
    "3m",
    "self_draw",
    2,
    None,
    0,
    {"situations": ["hai_di_lao"]},
    res(["hai_di_lao", "ying_hu"], 10, [1, 1, 6, 1], [60, 60, 0, 60], [-60, -60, 180, -60]),
    "§8 海底捞 is big: 自摸 x1.5, no dealer factor",
)
Q4 = [
    m("pung", "999m", 3),
    m("pung", "111p", 2),
    m("pung", "777s", 1),
    m("kong_exposed", "3333m", 2),
]
score(
    "wh-score-qqr-ppb",
    "44s",
    Q4,
    "1z",
    "4s",
    "discard",
    0,
    3,
    0,
    {},
    res(
        ["peng_peng_hu", "quan_qiu_ren", "ying_hu"],
        20,
        [8, 1, 1, 1.5],
        [0, 160, 160, 240],
        [560, -160, -160, -240],
    ),
    "§8 碰碰胡+全求人 base 20: winner 开口 x 明杠 x 硬 = 8, dealer factor ignored",
)
score(
    "wh-score-qqr-ppb-koukou",
    "44s",
    Q4,
    "1z",
    "4s",
    "discard",
    0,
    3,
    0,
    {"mode": "koukou"},
    res(
        ["peng_peng_hu", "quan_qiu_ren", "ying_hu"],
        20,
        [64, 1, 1, 1.5],
        [0, 1280, 1280, 1920],
        [1500, -500, -500, -500],
    ),
    "§8 口口翻: 2^4 openings x 明杠 x 硬 = 64; all > 300 -> 金顶 500",
)
score(
    "wh-score-two-laizi-ppb",
    "111m444p55m733s",
    [m("pung", "111z", 2)],
    "3s",
    "7s",
    "self_draw",
    0,
    None,
    0,
    {},
    res(["peng_peng_hu", "ruan_hu"], 10, [3, 1, 1, 1], [0, 30, 30, 30], [90, -30, -30, -30]),
    "§6 two 癞子 on 碰碰胡: soft, 开口 2 x 自摸 1.5 = 3",
)

score(
    "wh-score-tie-hard",
    "33345556m",
    [m("pung", "222m", 1), m("pung", "999m", 2)],
    "6m",
    "4m",
    "self_draw",
    0,
    None,
    0,
    {},
    res(["qing_yi_se", "ying_hu"], 10, [6, 1, 1, 1], [0, 60, 60, 60], [180, -60, -60, -60]),
    "§6.1 hard 清一色 (6m face: 333 456 55) = 10x2 ties soft 碰碰胡+清一色 (6m=4m) = 20x1 -> hard",
)
score(
    "wh-score-soft-big-beats-hard-small",
    "888p22234s",
    [m("pung", "111s", 1), m("pung", "666z", 2)],
    "3s",
    "4s",
    "discard",
    2,
    3,
    2,
    {},
    res(["peng_peng_hu", "ruan_hu"], 10, [1, 1, 2, 1.5], [20, 20, 0, 30], [-20, -20, 70, -30]),
    "§6.1 hard small (3s face: 234s + 22s) = 2 < soft 碰碰胡 (3s=4s: 44s pair) = 10; big: no dealer factor",
)
win(
    "wh-win-soft-only-big",
    "888p22234s",
    [m("pung", "111s", 1), m("pung", "666z", 2)],
    "3s",
    {"win_type": "discard", "win_tile": "4s"},
    True,
    "§6 the same hand is a win",
)
score(
    "wh-score-jys-ppb",
    "888m555p22s",
    [m("pung", "222m", 1), m("pung", "888s", 2)],
    "1z",
    "5p",
    "self_draw",
    1,
    None,
    0,
    {},
    res(
        ["peng_peng_hu", "jiang_yi_se", "ying_hu"],
        20,
        [1, 6, 1, 1],
        [120, 0, 120, 120],
        [-120, 360, -120, -120],
    ),
    "§6.1 将一色+碰碰胡 base 20; self-draw 1.5, hard 2, opened 2",
)
score(
    "wh-score-fys-ppb",
    "333444z55z",
    [m("pung", "111z", 3), m("pung", "222z", 1)],
    "5m",
    "4z",
    "discard",
    1,
    0,
    1,
    {"players": {"0": {"openings": 1}}},
    res(
        ["peng_peng_hu", "feng_yi_se", "ying_hu"],
        20,
        [3, 4, 1, 1],
        [240, 0, 80, 80],
        [-240, 400, -80, -80],
    ),
    "§6.1 风一色+碰碰胡; dealer wins big: no dealer factor",
)
score(
    "wh-score-fys-soft",
    "3344556z9m",
    [m("pung", "111z", 3), m("pung", "222z", 1)],
    "9m",
    "6z",
    "self_draw",
    3,
    None,
    0,
    {},
    res(["feng_yi_se", "ruan_hu"], 10, [1, 1, 1, 3], [30, 30, 30, 0], [-30, -30, -30, 90]),
    "§6.1 乱风 with the 癞子 9m standing for an honour: soft",
)
score(
    "wh-score-ankong-not-opening",
    "55599s",
    [m("pung", "222s", 1), m("kong_concealed", "4444s"), m("pung", "777s", 2)],
    "1z",
    "9s",
    "discard",
    0,
    2,
    3,
    {},
    res(
        ["peng_peng_hu", "qing_yi_se", "ying_hu"],
        20,
        [16, 1, 1.5, 1],
        [0, 320, 480, 320],
        [1200, -400, -400, -400],
    ),
    "§8 the 暗杠 is the third meld but no opening: no 承包; all > 300 -> 金顶",
)
Q5 = [m("pung", "111p", 1), m("pung", "222p", 2), m("chow", "345p", 3), m("pung", "999p", 2)]
score(
    "wh-score-qqr-qys-case2",
    "66p",
    Q5,
    "1z",
    "6p",
    "discard",
    1,
    2,
    3,
    {},
    res(
        ["qing_yi_se", "quan_qiu_ren", "ying_hu"],
        20,
        [1, 4, 1.5, 1],
        [80, 0, 120, 80],
        [-280, 280, 0, 0],
        0,
    ),
    "§8 清一色 third opening (chow from 3 -> seat 0) pays; 全求人 discarder was ready",
)
score(
    "wh-score-qqr-qys-case1",
    "66p",
    Q5,
    "1z",
    "6p",
    "discard",
    1,
    2,
    3,
    {"discarder_ready": False},
    res(
        ["qing_yi_se", "quan_qiu_ren", "ying_hu"],
        20,
        [1, 4, 1.5, 1],
        [80, 0, 120, 80],
        [0, 280, -280, 0],
        2,
    ),
    "§8 承包 overlap: case 1 (unready 全求人 discarder) beats case 2",
)
score(
    "wh-score-third-opening-kong-added",
    "44678p",
    [m("chow", "123p", 3), m("pung", "999p", 2), m("kong_added", "5555p", 1)],
    "1s",
    "4p",
    "discard",
    2,
    0,
    1,
    {"players": {"1": {"openings": 1}}},
    res(["qing_yi_se", "ying_hu"], 10, [1.5, 2, 8, 1], [120, 160, 0, 80], [0, 0, 360, -360], 3),
    "§8 a 蓄杠 is the third opening (its pung's from = 1 -> seat 3); 明杠 x2 on the winner",
)
KM = [m("kong_concealed", "2222p"), m("kong_exposed", "7777s", 2), m("pung", "999m", 1)]
score(
    "wh-score-winner-kongs",
    "345m55p",
    KM,
    "1z",
    "3m",
    "discard",
    1,
    0,
    3,
    {"players": {"0": {}, "1": {"hongzhong_gang": 1}, "2": {"laizi_gang": 2}, "3": {}}},
    res(["xiao_hu", "ying_hu"], 1, [2, 64, 4, 2], [128, 0, 256, 128], [-128, 512, -256, -128]),
    "§8 winner: 开口 x2 once, 暗杠 x4, 明杠 x2, its 红中杠 x2, 硬 x2 = 64; dealer 3 x2, 放冲 x2, 2 癞子杠 x4",
)
score(
    "wh-score-winner-kongs-koukou",
    "345m55p",
    KM,
    "1z",
    "3m",
    "discard",
    1,
    0,
    3,
    {
        "mode": "koukou",
        "players": {"0": {}, "1": {"hongzhong_gang": 1}, "2": {"laizi_gang": 2}, "3": {}},
    },
    res(["xiao_hu", "ying_hu"], 1, [2, 128, 4, 2], [256, 0, 512, 256], [-256, 812, -300, -256]),
    "§8 口口翻: the 冲杠 and the pung are two openings (x4); seat 2 capped at 300, no 金顶",
)
score(
    "wh-score-dealer-selfdraw-small",
    "123m88p456789s",
    P999,
    "6s",
    "3m",
    "self_draw",
    2,
    None,
    2,
    {},
    res(["xiao_hu", "ying_hu"], 1, [1, 1, 16, 1], [16, 16, 0, 16], [-16, -16, 48, -16]),
    "§8 dealer self-draw small: 开口 2 x 自摸 2 x 硬 2 x 庄 2 = 16",
)
score(
    "wh-score-jys-soft",
    "225588m258p5s1z",
    [m("pung", "888s", 1)],
    "1z",
    "5s",
    "discard",
    0,
    3,
    0,
    {},
    res(["jiang_yi_se", "ruan_hu"], 10, [2, 1, 1, 1.5], [0, 20, 20, 30], [70, -20, -20, -30]),
    "§6 乱将 with the 癞子 1z standing for a 2/5/8: soft; big: dealer factor ignored",
)
# ---------------- settle: more ----------------
settle(
    "wh-escape-koukou-0",
    {"event": "escape", "escaper": 0, "mode": "koukou"},
    {"deltas": [-500, 167, 167, 166]},
    "§8 escape 口口翻: 500 -> 167/167/166 from escaper+1",
)
settle(
    "wh-escape-kaikou-1",
    {"event": "escape", "escaper": 1},
    {"deltas": [133, -400, 134, 133]},
    "§8 escape default kaikou: 134 to seat 2 (E+1)",
)
settle(
    "wh-escape-koukou-coins",
    {"event": "escape", "escaper": 2, "mode": "koukou", "N": 10, "A": 100},
    {"deltas": [167, 166, -500, 167], "coins": [1570, 1560, -5100, 1570], "rake": 400},
    "§8 escape coins: N*points - A each",
)
settle(
    "wh-coins-chengbao",
    {"event": "coins", "winner": 2, "losses": [0, 0, 0, 180], "N": 10, "A": 5},
    {"deltas": [-5, -5, 1795, -1805], "rake": 20},
    "§8 coins: a relieved loser still pays the rake A",
)
settle(
    "wh-hz-no-rake",
    {"event": "huang_zhuang", "dealer": 3},
    {"deltas": [0, 0, 0, 0], "next_dealer": 3},
    "§7 荒庄 without A",
)
settle(
    "wh-nd-dealer-wins",
    {"event": "next_dealer", "dealer": 3, "winner": 3},
    {"next_dealer": 3},
    "§1 dealer stays",
)
settle(
    "wh-nd-other",
    {"event": "next_dealer", "dealer": 3, "winner": 1},
    {"next_dealer": 0},
    "§1 any non-dealer win passes the deal to dealer+1, not to the winner",
)
settle(
    "wh-nd-draw",
    {"event": "next_dealer", "dealer": 0, "winner": None},
    {"next_dealer": 0},
    "§1 荒庄 keeps the dealer",
)
settle(
    "wh-cp-dealer-discards",
    {"event": "claim_priority", "dealer": 0, "discarder": 0, "claimants": [3, 2, 1]},
    {"winner": 1},
    "§4 the dealer discards: order 1, 2, 3",
)
settle(
    "wh-cp-2",
    {"event": "claim_priority", "dealer": 2, "discarder": 1, "claimants": [3, 0]},
    {"winner": 3},
    "§4 order 2, 3, 0",
)
settle(
    "wh-cp-dealer-claims",
    {"event": "claim_priority", "dealer": 1, "discarder": 0, "claimants": [2, 1]},
    {"winner": 1},
    "§4 the dealer is first (literal seed order), not the seat nearest the discarder",
)
for ind, lz in [
    ("5m", "6m"),
    ("9p", "1p"),
    ("9s", "1s"),
    ("1z", "2z"),
    ("3z", "4z"),
    ("4z", "6z"),
    ("6z", "5z"),
    ("5z", "1z"),
    ("7z", "6z"),
    ("2z", "3z"),
    ("1s", "2s"),
]:
    settle(
        f"wh-laizi-{ind}",
        {"event": "laizi", "indicator": ind},
        {"laizi": lz},
        "§2 cycle, 红中 skipped",
    )
for pts, name in [
    (-100, "鸟蛋"),
    (0, "鸟蛋"),
    (1000, "鸟蛋"),
    (1999, "鸟蛋"),
    (2000, "幼鸟"),
    (9999, "笨鸟"),
    (10000, "菜鸟"),
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
    (10**10, "超级九头鸟"),
]:
    settle(
        f"wh-rank-{pts}",
        {"event": "rank", "points": pts},
        {"rank": name},
        "§9 lower bounds, 鸟蛋 floor",
    )

# ---------------- errors ----------------
win("wh-err-notation", "123m88p45678x9s", P999, "6s", {}, "error", "§1.3 malformed tile string")
C.append(
    {
        "id": "wh-err-kind",
        "kind": "bogus",
        "context": {},
        "expect": "error",
        "why": "§1.3 unknown kind",
    }
)
settle("wh-err-event", {"event": "bogus"}, "error", "§1.3 unknown event")
score(
    "wh-err-not-win",
    "123m88p456789s",
    [],
    "6s",
    "3m",
    "discard",
    2,
    3,
    0,
    {},
    "error",
    "§1.3 a score hand that is not a legal win (13 tiles, unopened)",
)
score(
    "wh-err-seat",
    "123m88p456789s",
    P999,
    "6s",
    "3m",
    "discard",
    4,
    3,
    0,
    {},
    "error",
    "seat outside 0-3",
)
score(
    "wh-err-no-discarder",
    "123m88p456789s",
    P999,
    "6s",
    "3m",
    "discard",
    2,
    None,
    0,
    {},
    "error",
    "a discard win needs a discarder",
)
score(
    "wh-err-tile-not-held",
    "123m88p456789s",
    P999,
    "6s",
    "9m",
    "discard",
    2,
    3,
    0,
    {},
    "error",
    "win_tile not in concealed",
)
score(
    "wh-err-mode",
    "123m88p456789s",
    P999,
    "6s",
    "3m",
    "discard",
    2,
    3,
    0,
    {"mode": "bogus"},
    "error",
    "unknown mode",
)
score(
    "wh-err-situation",
    "123m88p456789s",
    P999,
    "6s",
    "3m",
    "self_draw",
    2,
    None,
    0,
    {"situations": ["tianhu"]},
    "error",
    "unknown situation",
)
score(
    "wh-err-discard-laizi",
    "123m88p456789s",
    P999,
    "6s",
    "6s",
    "discard",
    2,
    3,
    0,
    {},
    "error",
    "§2 a discarded 癞子 is never won on",
)
settle(
    "wh-err-flower-indicator",
    {"event": "laizi", "indicator": "1f"},
    "error",
    "Wuhan has no flowers",
)
win("wh-err-wild-red", "123m88p456789s", P999, "7z", {}, "error", "§2 红中 is never the 癞子")
settle(
    "wh-err-claim-empty",
    {"event": "claim_priority", "dealer": 0, "discarder": 1, "claimants": []},
    "error",
    "no claimant",
)
settle(
    "wh-err-rank-type", {"event": "rank", "points": "lots"}, "error", "points must be an integer"
)

ids = [c["id"] for c in C]
assert len(ids) == len(set(ids)), [i for i in ids if ids.count(i) > 1]
json.dump(
    {"variant": "wuhan", "cases": C}, open(OUT, "w", encoding="utf-8"), ensure_ascii=False, indent=1
)
print(len(C))
