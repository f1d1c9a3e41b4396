"""Writes tests/games/engine/cases/fuzhou.json (run: python tests/games/engine/generators/make_fuzhou_cases.py).

Every ``expect`` below is written by hand from shared/rules/fuzhou.md and CASES.md §7 (the ``why``
says how); nothing here calls the calculator. The JSON file is the fixture.
"""

import json
import pathlib

C = []


def add(id, kind, why, expect, **kw):
    c = {"id": id, "kind": kind}
    c.update(kw)
    c["expect"] = expect
    c["why"] = why
    C.append(c)


def m(t, tiles, frm=None):
    d = {"type": t, "tiles": tiles}
    if frm is not None:
        d["from"] = frm
    return d


def score(
    id,
    why,
    expect,
    concealed,
    gold,
    win_tile,
    win_type,
    winner,
    dealer,
    discarder=None,
    melds=(),
    flowers=(),
    streak=0,
    **ctx,
):
    context = {"gold": gold, "flowers": list(flowers), "dealer_streak": streak}
    context.update(ctx)
    add(
        id,
        "score",
        why,
        expect,
        concealed=concealed,
        melds=list(melds),
        wild=gold,
        win_tile=win_tile,
        win_type=win_type,
        winner=winner,
        discarder=discarder,
        dealer=dealer,
        context=context,
    )


def win(id, why, expect, concealed, gold, melds=(), **ctx):
    context = {"gold": gold}
    context.update(ctx)
    add(id, "win", why, expect, concealed=concealed, melds=list(melds), wild=gold, context=context)


def waits(id, why, expect, concealed, gold, melds=()):
    add(
        id,
        "waits",
        why,
        expect,
        concealed=concealed,
        melds=list(melds),
        wild=gold,
        context={"gold": gold},
    )


def settle(id, why, expect, **context):
    add(id, "settle", why, expect, context=context)


def sres(X, patterns, F, G, S, M, deltas):
    return {
        "huafan": F,
        "jin": G,
        "lianzhuang": S,
        "special_fan": M,
        "fan": X,
        "patterns": patterns,
        "deltas": deltas,
    }


# ---------------- worked examples (fuzhou.md §17, CASES.md §7.4) ----------------
win(
    "fz-win-1",
    "CASES §7.4 / E1: discard win, the gold plays 9s or 6s",
    True,
    "123m345m678m22p456p7s9p8s",
    "9p",
    win_type="discard",
    win_tile="8s",
)
win(
    "fz-win-2",
    "CASES §7.4: the same win by a gold-discarder is barred (§9)",
    False,
    "123m345m678m22p456p7s9p8s",
    "9p",
    win_type="discard",
    win_tile="8s",
    discarded_gold=True,
)
waits(
    "fz-waits-1",
    "CASES §7.4 / E1 before the win: 2p (222p), 9p (a second gold), 5s-9s around 7s+gold",
    ["2p", "9p", "5s", "6s", "7s", "8s", "9s"],
    "123m345m678m22p456p7s9p",
    "9p",
)
score(
    "fz-score-1",
    "E1: F=3 (three flowers), G=1, X=(3+1+0+5)*2=18, discarder pays",
    sres(18, [], 3, 1, 0, 0, [0, -18, 18, 0]),
    "123m345m678m22p456p7s9p8s",
    "9p",
    "8s",
    "discard",
    2,
    0,
    discarder=1,
    flowers=["2z", "5f", "6z"],
)
score(
    "fz-score-2",
    "E6: 金龙 120 (jinque also listed); F=3 flowers+1 exposed kong=4, G=3",
    sres(144, ["jinque", "jinlong"], 4, 3, 0, 120, [144, 0, -144, 0]),
    "6p6p6p123m789m99p78s9s",
    "6p",
    "9s",
    "discard",
    0,
    1,
    discarder=2,
    melds=[m("kong_exposed", "2222s", 1)],
    flowers=["5z", "8f", "1z"],
)
score(
    "fz-e2",
    "E2: 5 flowers + 2 (东 quartet) + 2 (concealed kong) = 9; X=(9+0+2+5)*2=32; self-draw",
    sres(32, [], 9, 0, 2, 0, [-32, 96, -32, -32]),
    "234p567p34s11m5s",
    "2m",
    "5s",
    "self_draw",
    1,
    3,
    melds=[m("kong_concealed", "7777s"), m("pung", "999m", 1)],
    flowers=["1z", "1z", "1z", "1z", "3f"],
    streak=2,
)
score(
    "fz-e3",
    "E3: 平胡（无花无杠）30; F=0 G=1 S=1: X=(0+1+1+5)*2+30=44",
    sres(44, ["pinghu_wuhua"], 0, 1, 1, 30, [44, -44, 0, 0]),
    "111m456m78p123s57s88s4s9p",
    "4s",
    "9p",
    "discard",
    0,
    1,
    discarder=1,
    streak=1,
)
score(
    "fz-e4",
    "E4: 金雀 60 by self-draw; F=2 G=2: X=78, each other seat pays",
    sres(78, ["jinque"], 2, 2, 0, 60, [-78, -78, 234, -78]),
    "234m56m789m456s678s3p3p7m",
    "3p",
    "7m",
    "self_draw",
    2,
    2,
    flowers=["4z", "7z"],
)
score(
    "fz-e5",
    "E5: 三金倒 without a standard shape; F=4 G=3 S=1: X=(4+3+1+5)*2+40=66",
    sres(66, ["sanjindao"], 4, 3, 1, 40, [-66, -66, -66, 198]),
    "8m8m147m9m258p9p1s3s4s6s7s9s8m",
    "8m",
    "8m",
    "self_draw",
    3,
    0,
    flowers=["2f", "3z", "3z", "6f"],
    streak=1,
)
win(
    "fz-e5-win",
    "E5: three golds win by self-draw without a standard shape",
    True,
    "8m8m147m9m258p9p1s3s4s6s7s9s8m",
    "8m",
    win_type="self_draw",
    win_tile="8m",
)
win(
    "fz-e5-discard",
    "E5's tiles on a discard 9s: 三金倒 is never a discard win and the shape is not standard (§11.5)",
    False,
    "8m8m147m9m258p9p1s3s4s6s7s9s8m",
    "8m",
    win_type="discard",
    win_tile="9s",
)
win(
    "fz-e6-win",
    "E6: discard win with three golds in the standard form",
    True,
    "6p6p6p123m789m99p78s9s",
    "6p",
    melds=[m("kong_exposed", "2222s", 1)],
    win_type="discard",
    win_tile="9s",
)
score(
    "fz-e7",
    "E7: 天胡 30 and 平胡（一张花）15, the larger counts; X=(1+1+1+5)*2+30=46",
    sres(46, ["tianhu", "pinghu_yihua"], 1, 1, 1, 30, [-46, -46, 138, -46]),
    "123m456m789p111s23s5s99p",
    "5s",
    None,
    "self_draw",
    2,
    2,
    flowers=["6f"],
    streak=1,
    special="tianhu",
)
win(
    "fz-e7-win",
    "E7: the dealer's initial 17 tiles win (天胡)",
    True,
    "123m456m789p111s23s5s99p",
    "5s",
    special="tianhu",
)
score(
    "fz-e8",
    "E8: non-dealer 抢金; the robbed gold counts in G; X=(2+1+0+5)*2+30=46",
    sres(46, ["qiangjin"], 2, 1, 0, 30, [-46, 138, -46, -46]),
    "123p456p789p234s55s6s8s7m",
    "7m",
    "7m",
    "self_draw",
    1,
    0,
    flowers=["4f", "2z"],
    special="qiangjin",
)
settle(
    "fz-e8-window",
    "E8 as the window: dealer no 天胡, seat 1 waits on 7s and robs the gold; seats 2, 3 not waiting",
    {"winner": 1, "patterns": ["qiangjin"], "deltas": [-46, 138, -46, -46]},
    event="qiangjin_window",
    gold="7m",
    dealer=0,
    dealer_streak=0,
    dealer_first_discard="1p",
    hands=[
        {"seat": 0, "concealed": "1p14m258p369s258m369p1s4s", "melds": [], "flowers": []},
        {"seat": 1, "concealed": "123p456p789p234s55s6s8s", "melds": [], "flowers": ["4f", "2z"]},
        {"seat": 2, "concealed": "14m258p369s258m369p1s5s", "melds": [], "flowers": []},
        {"seat": 3, "concealed": "14m258p369s258m369p1s5s", "melds": [], "flowers": []},
    ],
)
settle(
    "fz-settle-multi-ron",
    "E9: 金雀 beats position: seat 3 wins although seat 1 is nearer",
    {"winner": 3, "patterns": ["jinque"], "deltas": [-78, 0, 0, 78]},
    event="multi_ron",
    gold="1s",
    dealer=0,
    dealer_streak=0,
    discarder=0,
    win_tile="5p",
    claimants=[
        {"seat": 1, "concealed": "123m456m789m234p46p77s", "flowers": ["1f"]},
        {"seat": 3, "concealed": "234m678m345p678p55p1s1s", "flowers": ["3f", "5z"]},
    ],
)
settle(
    "fz-settle-escape",
    "E10: P = 4*(10+14+7+2) = 132; nobody receives it",
    {"deltas": [0, 0, -132, 0], "forfeit": 132, "rake": 0},
    event="escape",
    escaper=2,
    dealer_streak=2,
    players=[
        {
            "seat": 0,
            "flowers": ["1z", "2z", "5f"],
            "golds": 1,
            "melds": [m("kong_exposed", "3333m", 2)],
        },
        {
            "seat": 1,
            "flowers": ["1f", "2f", "3f", "4f", "7z"],
            "golds": 0,
            "melds": [m("kong_concealed", "5555p")],
        },
        {"seat": 3, "flowers": [], "golds": 2, "melds": []},
    ],
)
settle(
    "fz-e11",
    "E11: R=18+2=20, W=24; an exposed kong makes R=21, W=23: D=2",
    {"reserve": 21, "drawable": 2, "phase": "final_group"},
    event="wall",
    wall=24,
    flower_quartets=1,
    then=["kong_exposed"],
)
settle(
    "fz-e11-concealed",
    "E11: a further concealed kong: R=23, W=22, D=-1",
    {"reserve": 23, "drawable": 0, "phase": "exhausted"},
    event="wall",
    wall=24,
    flower_quartets=1,
    then=["kong_exposed", "kong_concealed"],
)
settle(
    "fz-e11-group",
    "E11: the two tiles of the shrunken final group are drawn: D=0",
    {"reserve": 21, "drawable": 0, "phase": "exhausted"},
    event="wall",
    wall=24,
    flower_quartets=1,
    then=["kong_exposed", "draw", "draw"],
)
settle(
    "fz-e12-draw",
    "E12: a draw keeps the dealer and S",
    {"deltas": [0, 0, 0, 0], "next_dealer": 1, "next_streak": 2, "rake": 0},
    event="hand_end",
    dealer=1,
    dealer_streak=2,
    result="draw",
)
settle(
    "fz-e12-dealer-win",
    "E12: the dealer wins: S+1",
    {"next_dealer": 1, "next_streak": 3},
    event="hand_end",
    dealer=1,
    dealer_streak=2,
    result="win",
    winner=1,
)
settle(
    "fz-e12-other-win",
    "E12: seat 3 wins: the deal passes to seat 2 with S=0",
    {"next_dealer": 2, "next_streak": 0},
    event="hand_end",
    dealer=1,
    dealer_streak=2,
    result="win",
    winner=3,
)

# ---------------- win: legality ----------------
win(
    "win-flower-in-hand",
    "a flower is never in the concealed hand (§1, §16): false, not an error",
    False,
    "123m345m678m22p456p7s9p1z",
    "9p",
)
win("win-16-tiles", "16 tiles is no complete hand (§10.1)", False, "123m345m678m22p456p7s9p", "9p")
win(
    "win-18-tiles",
    "18 tiles is no complete hand (§10.1)",
    False,
    "123m345m678m22p456p7s9p8s8s",
    "9p",
)
win(
    "win-meld-holds-gold",
    "no meld may contain the gold face (§5.1, F5)",
    False,
    "123m345m678m22p456p",
    "9p",
    melds=[m("pung", "999p", 2)],
)
win(
    "win-meld-of-flowers",
    "honours are flowers and cannot form a meld (§1)",
    False,
    "123m345m678m22p456p",
    "9p",
    melds=[m("pung", "111z", 2)],
)
win(
    "win-discard-on-gold",
    "a discarded gold is never won on (§9)",
    False,
    "123m345m678m22p456p7s9p9p",
    "9p",
    win_type="discard",
    win_tile="9p",
)
win(
    "win-self-draw-gold",
    "the same tiles self-drawn: the drawn gold is a wildcard (7s+gold+gold)",
    True,
    "123m345m678m22p456p7s9p9p",
    "9p",
    win_type="self_draw",
    win_tile="9p",
)
win(
    "win-default-self-draw",
    "win_type defaults to self_draw; three golds need no shape (§11.5)",
    True,
    "8m8m147m9m258p9p1s3s4s6s7s9s8m",
    "8m",
)
win(
    "win-kong-counts-3",
    "a kong counts 3 towards the 17 tiles (§8.3)",
    True,
    "456m789m123s67s99s8s",
    "1p",
    melds=[m("kong_concealed", "3333p")],
    win_tile="8s",
)
win(
    "win-chow-meld",
    "a chow from the previous player is a set (§8.1)",
    True,
    "345m678m22p456p7s9p8s",
    "9p",
    melds=[m("chow", "123m", 3)],
    win_type="discard",
    win_tile="8s",
)
win(
    "win-fifth-copy",
    "five 1m (kong + one in hand) cannot exist: false",
    False,
    "1m23m456p789p123s55s",
    "9s",
    melds=[m("kong_concealed", "1111m")],
)
win(
    "win-four-golds-no-qiangjin",
    "only three golds are live (§5, F4); a fourth needs 抢金",
    False,
    "2m2m2m2m456p789p345s99s13s",
    "2m",
)
win(
    "win-four-golds-qiangjin",
    "抢金 with three golds held: the robbed one is the fourth (§11.3)",
    True,
    "2m2m2m456p789p345s99s13s2m",
    "2m",
    special="qiangjin",
    win_tile="2m",
)
win(
    "win-tianhu-three-golds",
    "F14: a dealer dealt three golds has 天胡 without a standard shape",
    True,
    "6m6m6m147m258p369s1p4p7s9p2s",
    "6m",
    special="tianhu",
)
win(
    "win-qiangjin-sanjindao-barred",
    "two golds + the robbed gold cannot win as 三金倒 (§11.3)",
    False,
    "5p5p114477m114477p1s9s5p",
    "5p",
    special="qiangjin",
    win_tile="5p",
)
win(
    "win-three-golds-self-draw",
    "the same 17 tiles drawn normally: 三金倒 (§11.5)",
    True,
    "5p5p114477m114477p1s9s5p",
    "5p",
    win_tile="5p",
)
win(
    "win-qiangjin-plain",
    "抢金 by a waiting hand: the robbed gold completes the standard form",
    True,
    "123p456p789p234s55s6s8s7m",
    "7m",
    special="qiangjin",
    win_tile="7m",
)
win(
    "win-qiangjin-no-gold",
    "抢金 without the robbed gold in the hand is impossible",
    False,
    "123p456p789p234s55s6s7s8s",
    "7m",
    special="qiangjin",
)
win(
    "win-gold-discarder-self-draw",
    "a gold-discarder may still self-draw (§9)",
    True,
    "234m56m789m456s678s3p3p7m",
    "3p",
    win_tile="7m",
    discarded_gold=True,
)
win(
    "win-e3-discard",
    "E3's hand on the dealer's 9p",
    True,
    "111m456m78p123s57s88s4s9p",
    "4s",
    win_type="discard",
    win_tile="9p",
)
win(
    "win-e3-gold-discarder",
    "E3's hand by a gold-discarder on a discard: barred (§9)",
    False,
    "111m456m78p123s57s88s4s9p",
    "4s",
    win_type="discard",
    win_tile="9p",
    discarded_gold=True,
)
win(
    "win-any-pair",
    "the pair may be any face (§10.2); no gold in hand",
    True,
    "11m234m567m234p678p345s",
    "9s",
)
win(
    "win-not-complete",
    "3s4s6s is no set and there is no gold",
    False,
    "11m234m567m234p678p346s",
    "9s",
)
win(
    "win-no-seven-pairs-shape",
    "only the standard form exists (F12): eight pairs and a single do not win",
    False,
    "1133m5577p2244s66s8s",
    "9m",
)
win(
    "win-two-golds-discard",
    "two golds as the pair on a discard win (金雀 shape)",
    True,
    "123m456m789p23p4p678s5s5s",
    "5s",
    win_type="discard",
    win_tile="4p",
)
win(
    "win-err-tile-not-in-hand",
    "a win_tile outside concealed contradicts the hand: false, not an error (CASES.md §1.3)",
    False,
    "123m345m678m22p456p7s9p8s",
    "9p",
    win_type="discard",
    win_tile="1s",
)
win(
    "win-err-discard-without-tile",
    "a discard win needs win_tile",
    "error",
    "123m345m678m22p456p7s9p8s",
    "9p",
    win_type="discard",
)
win("win-err-bad-notation", "malformed tile string", "error", "123x345m678m22p456p7s9p8s", "9p")
win(
    "win-err-unknown-special",
    "special is tianhu or qiangjin",
    "error",
    "123m345m678m22p456p7s9p8s",
    "9p",
    special="dihu",
)
add(
    "win-err-gold-mismatch",
    "win",
    "wild and context.gold must agree",
    "error",
    concealed="123m345m678m22p456p7s9p8s",
    melds=[],
    wild="9p",
    context={"gold": "8p"},
)
win(
    "win-err-honour-gold",
    "the gold is a suited face (§5)",
    "error",
    "123m345m678m22p456p7s9p8s",
    "1z",
)
win(
    "win-err-bad-win-type",
    "win_type is self_draw or discard",
    "error",
    "123m345m678m22p456p7s9p8s",
    "9p",
    win_type="ron",
    win_tile="8s",
)
win(
    "win-err-special-on-discard",
    "天胡 is a self-draw; a discard contradicts it: false, not an error (CASES.md §1.3)",
    False,
    "123m456m789p111s23s5s99p",
    "5s",
    special="tianhu",
    win_type="discard",
    win_tile="1m",
)
add(
    "win-err-no-gold",
    "win",
    "the gold face is required",
    "error",
    concealed="123m345m678m22p456p7s9p8s",
    melds=[],
    context={},
)
add(
    "win-err-bad-meld",
    "win",
    "a meld of three different faces that are no run",
    "error",
    concealed="123m345m678m22p456p",
    melds=[m("pung", "123s", 1)],
    wild="9p",
    context={"gold": "9p"},
)

# ---------------- waits ----------------
waits(
    "waits-two-golds-junk",
    "two golds: the gold face is always a wait (the third gold is 三金倒); nothing else completes",
    ["5m"],
    "5m5m114477m114477p1s9s",
    "5m",
)
waits(
    "waits-three-golds",
    "three golds: every face but the gold (all three held) and 1p (four held) (§10.4)",
    [
        "1m",
        "2m",
        "3m",
        "4m",
        "6m",
        "7m",
        "8m",
        "9m",
        "2p",
        "3p",
        "4p",
        "5p",
        "6p",
        "7p",
        "8p",
        "9p",
        "1s",
        "2s",
        "3s",
        "4s",
        "5s",
        "6s",
        "7s",
        "8s",
        "9s",
    ],
    "5m5m5m1111p2m4m7m9m3s6s9s2p6p",
    "5m",
)
waits(
    "waits-fully-held",
    "F13: 1m would complete but all four are held; a gold pairs the 1m: only the gold face",
    ["9s"],
    "1111m234p567p789p123s",
    "9s",
)
waits(
    "waits-no-gold",
    "123m-shape wait on 3s, plus the gold face (a drawn gold plays 3s)",
    ["3s", "9s"],
    "1111m23m567p789p12s55s",
    "9s",
)
waits(
    "waits-none",
    "scattered tiles, no gold: no wait at all (not even the gold face)",
    [],
    "114477m114477p147s9s",
    "5s",
)
waits(
    "waits-with-kong",
    "a kong counts 3: 13 concealed + kong; 8s/5s for 67s, and the gold face",
    ["5s", "8s", "1p"],
    "456m789m123s67s99s",
    "1p",
    melds=[m("kong_concealed", "3333p")],
)
waits(
    "waits-flower",
    "a flower in the hand: no waits, not an error",
    [],
    "123m345m678m22p456p7s1z",
    "9p",
)
waits("waits-wrong-count", "17 tiles is not a waiting hand", [], "123m345m678m22p456p7s9p8s", "9p")
waits(
    "waits-two-golds-pair",
    "two golds + 4 sets + 45p: one gold completes 45p, the other pairs any drawn face; the gold face is the third gold",
    [
        "1m",
        "2m",
        "3m",
        "4m",
        "5m",
        "6m",
        "7m",
        "8m",
        "9m",
        "1p",
        "2p",
        "3p",
        "4p",
        "5p",
        "6p",
        "7p",
        "8p",
        "9p",
        "1s",
        "2s",
        "3s",
        "4s",
        "5s",
        "6s",
        "7s",
        "8s",
        "9s",
    ],
    "123m456m789m123p45p3s3s",
    "3s",
)
add(
    "waits-err-bad-meld",
    "waits",
    "a chow must be a run",
    "error",
    concealed="456m789m123s67s99s",
    melds=[m("chow", "135p", 3)],
    wild="1p",
    context={"gold": "1p"},
)

# ---------------- score ----------------
PY = "123m456m789m234p67s99s8s"  # 123m 456m 789m 234p 678s 99s, won on 8s; gold 5p not held
score(
    "score-pinghu-yihua",
    "平胡（一张花）15: F=1 G=0: X=(1+0+0+5)*2+15=27",
    sres(27, ["pinghu_yihua"], 1, 0, 0, 15, [0, 27, 0, -27]),
    PY,
    "5p",
    "8s",
    "discard",
    1,
    0,
    discarder=3,
    flowers=["3f"],
)
score(
    "score-yihua-with-kong",
    "F16: one flower and an exposed kong is no 平胡; F=1+1=2: X=14",
    sres(14, [], 2, 0, 0, 0, [0, 14, 0, -14]),
    "456m789m234p67s99s8s",
    "5p",
    "8s",
    "discard",
    1,
    0,
    discarder=3,
    melds=[m("kong_exposed", "1111m", 2)],
    flowers=["3f"],
)
score(
    "score-pinghu-with-melds",
    "平胡（无花无杠）allows chows and pungs; dealer self-draw with S=3: X=(0+0+3+5)*2+30=46",
    sres(46, ["pinghu_wuhua"], 0, 0, 3, 30, [138, -46, -46, -46]),
    "456m789m67s99s8s",
    "1s",
    "8s",
    "self_draw",
    0,
    0,
    melds=[m("pung", "999m", 1), m("chow", "234p", 3)],
    streak=3,
)
score(
    "score-wuhua-concealed-kong",
    "no flower but a concealed kong: no 平胡; F=2: X=14, self-draw",
    sres(14, [], 2, 0, 0, 0, [-14, -14, 42, -14]),
    "456m789m123s67s99s8s",
    "1p",
    "8s",
    "self_draw",
    2,
    0,
    melds=[m("kong_concealed", "3333p")],
)
score(
    "score-plants-quartet",
    "F1: 梅兰竹菊 is a quartet: 4+2=6; X=(6+5)*2=22",
    sres(22, [], 6, 0, 0, 0, [0, 22, 0, -22]),
    PY,
    "5p",
    "8s",
    "discard",
    1,
    0,
    discarder=3,
    flowers=["5f", "6f", "7f", "8f"],
)
score(
    "score-seasons-quartet",
    "春夏秋冬 quartet + 1 flower: 5+2=7; X=(7+5)*2=24",
    sres(24, [], 7, 0, 0, 0, [0, 24, 0, -24]),
    PY,
    "5p",
    "8s",
    "discard",
    1,
    0,
    discarder=3,
    flowers=["1f", "2f", "3f", "4f", "5z"],
)
score(
    "score-three-quartets",
    "12 flowers in three quartets (seasons, plants, 4×东): 12+6=18; X=(18+5)*2=46",
    sres(46, [], 18, 0, 0, 0, [0, 46, 0, -46]),
    PY,
    "5p",
    "8s",
    "discard",
    1,
    0,
    discarder=3,
    flowers=["1f", "2f", "3f", "4f", "5f", "6f", "7f", "8f", "1z", "1z", "1z", "1z"],
)
score(
    "score-no-quartet",
    "ten flowers without a complete set: F=10; X=30",
    sres(30, [], 10, 0, 0, 0, [0, 30, 0, -30]),
    PY,
    "5p",
    "8s",
    "discard",
    1,
    0,
    discarder=3,
    flowers=["1f", "2f", "3f", "5f", "6f", "7f", "1z", "1z", "1z", "2z"],
)
score(
    "score-added-kong",
    "an added kong is a 明杠: 1 flower point (F6); no 平胡; X=(1+5)*2=12",
    sres(12, [], 1, 0, 0, 0, [-12, 0, 0, 12]),
    "123m456m789m234p99s",
    "1p",
    "9s",
    "discard",
    3,
    1,
    discarder=0,
    melds=[m("kong_added", "5555s", 1)],
)
score(
    "score-jinque-discard",
    "金雀 on a discard: the two golds are the pair; F=2 G=2: X=(2+2+5)*2+60=78",
    sres(78, ["jinque"], 2, 2, 0, 60, [78, -78, 0, 0]),
    "123m456m789p23p4p678s5s5s",
    "5s",
    "4p",
    "discard",
    0,
    2,
    discarder=1,
    flowers=["2f", "4z"],
)
score(
    "score-two-golds-not-jinque",
    "two golds both needed inside sets (45m+g, 13p+g): no 金雀; F=2 G=2 S=1: X=20",
    sres(20, [], 2, 2, 1, 0, [-20, 60, -20, -20]),
    "123m45m789p13p234s99s5s5s",
    "5s",
    "3p",
    "self_draw",
    1,
    1,
    flowers=["1f", "2f"],
    streak=1,
)
score(
    "score-jinlong-self-draw",
    "three golds as their own pung: 金龙 120 (also 三金倒, 金雀, 平胡一花); F=1 G=3: X=(1+3+5)*2+120=138",
    sres(
        138,
        ["sanjindao", "jinque", "jinlong", "pinghu_yihua"],
        1,
        3,
        0,
        120,
        [-138, -138, 414, -138],
    ),
    "9m9m9m123p456p789s11s345m",
    "9m",
    "9m",
    "self_draw",
    2,
    0,
    flowers=["7z"],
)
score(
    "score-sanjindao-standard",
    "three golds standing in three sets: 三金倒 only (no 金雀, no 金龙); F=2 G=3: X=(2+3+5)*2+40=60",
    sres(60, ["sanjindao"], 2, 3, 0, 40, [-60, -60, -60, 180]),
    "13m57m46p789p345s11s2s2s2s",
    "2s",
    "2s",
    "self_draw",
    3,
    3,
    flowers=["1z", "2z"],
)
score(
    "score-three-golds-discard",
    "the same tiles won on a discarded 4p: no 三金倒 on a discard (F17); X=(2+3+5)*2=20",
    sres(20, [], 2, 3, 0, 0, [0, -20, 0, 20]),
    "13m57m46p789p345s11s2s2s2s",
    "2s",
    "4p",
    "discard",
    3,
    3,
    discarder=1,
    flowers=["1z", "2z"],
)
score(
    "score-tianhu-sanjindao",
    "F14: 天胡 with three golds: tianhu 30, sanjindao 40, pinghu_wuhua 30; M=40; X=(0+3+2+5)*2+40=60",
    sres(60, ["tianhu", "sanjindao", "pinghu_wuhua"], 0, 3, 2, 40, [-60, 180, -60, -60]),
    "6m6m6m147m258p369s1p4p7s9p2s",
    "6m",
    None,
    "self_draw",
    1,
    1,
    streak=2,
    special="tianhu",
)
score(
    "score-qiangjin-pinghu",
    "抢金 with no flower: qiangjin 30 and pinghu_wuhua 30; G=1: X=(0+1+5)*2+30=42",
    sres(42, ["qiangjin", "pinghu_wuhua"], 0, 1, 0, 30, [-42, -42, -42, 126]),
    "123m456m789m123p45p99s3s",
    "3s",
    "3s",
    "self_draw",
    3,
    0,
    special="qiangjin",
)
score(
    "score-qiangjin-jinque",
    "抢金 holding two golds: 金雀 60 beats qiangjin 30, no 三金倒 (§11.3); F=1 G=3 S=1: X=(1+3+1+5)*2+60=80",
    sres(80, ["qiangjin", "jinque", "pinghu_yihua"], 1, 3, 1, 60, [-80, 240, -80, -80]),
    "8p8p123m456m789m234s67s8p",
    "8p",
    "8p",
    "self_draw",
    1,
    0,
    flowers=["6f"],
    streak=1,
    special="qiangjin",
)
score(
    "score-qiangjin-four-golds",
    "抢金 with three golds held: four golds; 金龙 (three golds + rest with one gold); G=4: X=(2+4+5)*2+120=142",
    sres(142, ["qiangjin", "jinque", "jinlong"], 2, 4, 0, 120, [-142, -142, 426, -142]),
    "2m2m2m456p789p345s99s13s2m",
    "2m",
    "2m",
    "self_draw",
    2,
    1,
    flowers=["1z", "5z"],
    special="qiangjin",
)
score(
    "score-streak-non-dealer",
    "F22: a non-dealer winner adds S too; E1 with S=3: X=(3+1+3+5)*2=24",
    sres(24, [], 3, 1, 3, 0, [0, -24, 24, 0]),
    "123m345m678m22p456p7s9p8s",
    "9p",
    "8s",
    "discard",
    2,
    0,
    discarder=1,
    flowers=["2z", "5f", "6z"],
    streak=3,
)
score(
    "score-gold-discarder-self-draw",
    "a gold-discarder self-draws (§9): E4 unchanged",
    sres(78, ["jinque"], 2, 2, 0, 60, [-78, -78, 234, -78]),
    "234m56m789m456s678s3p3p7m",
    "3p",
    "7m",
    "self_draw",
    2,
    2,
    flowers=["4z", "7z"],
    discarded_gold=True,
)
score(
    "score-dealer-pays-same",
    "the dealer pays X like anyone (§12.3): dealer 3 discards; F=0 G=0 → 平胡 30: X=(0+0+0+5)*2+30=40",
    sres(40, ["pinghu_wuhua"], 0, 0, 0, 30, [0, 40, 0, -40]),
    PY,
    "5p",
    "8s",
    "discard",
    1,
    3,
    discarder=3,
)
score(
    "score-err-gold-discarder-discard",
    "a gold-discarder cannot win on a discard: not a legal win",
    "error",
    "123m345m678m22p456p7s9p8s",
    "9p",
    "8s",
    "discard",
    2,
    0,
    discarder=1,
    discarded_gold=True,
)
score(
    "score-err-not-a-win",
    "3s4s6s is no set: not a legal win",
    "error",
    "11m234m567m234p678p346s",
    "9s",
    "6s",
    "self_draw",
    0,
    0,
)
score(
    "score-err-win-on-gold",
    "a discarded gold cannot be won on",
    "error",
    "123m345m678m22p456p7s9p9p",
    "9p",
    "9p",
    "discard",
    2,
    0,
    discarder=1,
)
score(
    "score-err-discarder-is-winner",
    "the discarder cannot be the winner",
    "error",
    "123m345m678m22p456p7s9p8s",
    "9p",
    "8s",
    "discard",
    2,
    0,
    discarder=2,
)
score(
    "score-err-no-discarder",
    "a discard win needs a discarder",
    "error",
    "123m345m678m22p456p7s9p8s",
    "9p",
    "8s",
    "discard",
    2,
    0,
)
score(
    "score-err-tianhu-non-dealer",
    "only the dealer can have 天胡",
    "error",
    "123m456m789p111s23s5s99p",
    "5s",
    None,
    "self_draw",
    1,
    2,
    special="tianhu",
)
score(
    "score-err-suited-flower",
    "5m is not a flower",
    "error",
    "123m345m678m22p456p7s9p8s",
    "9p",
    "8s",
    "discard",
    2,
    0,
    discarder=1,
    flowers=["5m"],
)
score(
    "score-err-five-east",
    "only four 东 exist",
    "error",
    "123m345m678m22p456p7s9p8s",
    "9p",
    "8s",
    "discard",
    2,
    0,
    discarder=1,
    flowers=["1z"] * 5,
)
score(
    "score-err-two-springs",
    "only one 春 exists",
    "error",
    "123m345m678m22p456p7s9p8s",
    "9p",
    "8s",
    "discard",
    2,
    0,
    discarder=1,
    flowers=["1f", "1f"],
)
score(
    "score-err-winner-seat",
    "a seat is 0-3",
    "error",
    "123m345m678m22p456p7s9p8s",
    "9p",
    "8s",
    "discard",
    4,
    0,
    discarder=1,
)
score(
    "score-err-bad-streak",
    "dealer_streak is a non-negative integer",
    "error",
    "123m345m678m22p456p7s9p8s",
    "9p",
    "8s",
    "discard",
    2,
    0,
    discarder=1,
    streak=-1,
)
score(
    "score-err-win-tile-missing-from-hand",
    "win_tile must be inside concealed",
    "error",
    "123m345m678m22p456p7s9p8s",
    "9p",
    "9s",
    "discard",
    2,
    0,
    discarder=1,
)

# ---------------- settle: escape ----------------
settle(
    "escape-bare",
    "three bare seats: P = 4*(5+5+5+0) = 60",
    {"deltas": [-60, 0, 0, 0], "forfeit": 60, "rake": 0},
    event="escape",
    escaper=0,
    dealer_streak=0,
    players=[
        {"seat": 1, "flowers": [], "melds": [], "golds": 0},
        {"seat": 2, "flowers": [], "melds": [], "golds": 0},
        {"seat": 3, "flowers": [], "melds": [], "golds": 0},
    ],
)
settle(
    "escape-quartet-kongs",
    "plants quartet 6; added kong 1 + concealed kong 2 and 3 golds; S=1: 4*((6+5)+(3+3+5)+5+1)=112",
    {"deltas": [0, 0, 0, -112], "forfeit": 112, "rake": 0},
    event="escape",
    escaper=3,
    dealer_streak=1,
    players=[
        {"seat": 0, "flowers": ["5f", "6f", "7f", "8f"], "melds": [], "golds": 0},
        {
            "seat": 1,
            "flowers": [],
            "golds": 3,
            "melds": [m("kong_added", "4444s", 2), m("kong_concealed", "9999m")],
        },
        {"seat": 2, "flowers": [], "melds": [m("pung", "111p", 1)], "golds": 0},
    ],
)
settle(
    "escape-defaults",
    "golds, melds and flowers default to none; dealer_streak to 0",
    {"deltas": [0, -60, 0, 0], "forfeit": 60, "rake": 0},
    event="escape",
    escaper=1,
    players=[{"seat": 0}, {"seat": 2}, {"seat": 3}],
)
settle(
    "escape-err-escaper-listed",
    "players are the three other seats",
    "error",
    event="escape",
    escaper=1,
    players=[{"seat": 0}, {"seat": 1}, {"seat": 3}],
)
settle(
    "escape-err-two-players",
    "players must list all three other seats",
    "error",
    event="escape",
    escaper=1,
    players=[{"seat": 0}, {"seat": 2}],
)
settle(
    "escape-err-seat",
    "a seat is 0-3",
    "error",
    event="escape",
    escaper=4,
    players=[{"seat": 0}, {"seat": 2}, {"seat": 3}],
)
settle(
    "escape-err-missing-escaper",
    "escaper is required",
    "error",
    event="escape",
    players=[{"seat": 0}, {"seat": 2}, {"seat": 3}],
)

# ---------------- settle: hand_end ----------------
settle(
    "hand-end-zhanding",
    "站顶: the dealer's first win is played at S=0; the next hand has S=1",
    {"next_dealer": 0, "next_streak": 1},
    event="hand_end",
    dealer=0,
    dealer_streak=0,
    result="win",
    winner=0,
)
settle(
    "hand-end-pass-wraps",
    "a non-dealer wins: the deal passes to dealer+1 (3 -> 0), S=0",
    {"next_dealer": 0, "next_streak": 0},
    event="hand_end",
    dealer=3,
    dealer_streak=4,
    result="win",
    winner=1,
)
settle(
    "hand-end-next-seat-wins",
    "the dealer's 下家 wins: he deals next",
    {"next_dealer": 3, "next_streak": 0},
    event="hand_end",
    dealer=2,
    dealer_streak=1,
    result="win",
    winner=3,
)
settle(
    "hand-end-draw-first",
    "a draw at S=0 keeps the dealer and S=0",
    {"deltas": [0, 0, 0, 0], "next_dealer": 2, "next_streak": 0, "rake": 0},
    event="hand_end",
    dealer=2,
    dealer_streak=0,
    result="draw",
)
settle(
    "hand-end-err-no-winner",
    "a win needs a winner",
    "error",
    event="hand_end",
    dealer=0,
    result="win",
)
settle(
    "hand-end-err-result",
    "result is win or draw",
    "error",
    event="hand_end",
    dealer=0,
    result="escape",
)
settle(
    "settle-err-event", "unknown settle event", "error", event="coins", points=[1, -1, 0, 0], N=10
)
add("settle-err-no-context", "settle", "a settle case needs a context with an event", "error")

# ---------------- settle: wall ----------------
settle(
    "wall-start",
    "no kong, no quartet: R=18; 79 tiles: D=61",
    {"reserve": 18, "drawable": 61, "phase": "normal"},
    event="wall",
    wall=79,
)
settle(
    "wall-d5",
    "D=5 is still a normal draw",
    {"reserve": 18, "drawable": 5, "phase": "normal"},
    event="wall",
    wall=23,
)
settle(
    "wall-d4",
    "D=4: the final group",
    {"reserve": 18, "drawable": 4, "phase": "final_group"},
    event="wall",
    wall=22,
)
settle(
    "wall-d1",
    "D=1: a final group of one",
    {"reserve": 18, "drawable": 1, "phase": "final_group"},
    event="wall",
    wall=19,
)
settle(
    "wall-d0",
    "D=0: the hand is a draw",
    {"reserve": 18, "drawable": 0, "phase": "exhausted"},
    event="wall",
    wall=18,
)
settle(
    "wall-counts",
    "R = 18 + E + 2C + 2Q = 18+1+2+2 = 23",
    {"reserve": 23, "drawable": 17, "phase": "normal"},
    event="wall",
    wall=40,
    kongs_exposed=1,
    kongs_concealed=1,
    flower_quartets=1,
)
settle(
    "wall-flower-quartet",
    "a replacement that completes a quartet lowers D by 3: 6 -> 3",
    {"reserve": 20, "drawable": 3, "phase": "final_group"},
    event="wall",
    wall=24,
    then=["flower_replacement", "flower_quartet"],
)
settle(
    "wall-added-kong",
    "an added kong: R+1 and a tail draw (F6): D 12 -> 10",
    {"reserve": 19, "drawable": 10, "phase": "normal"},
    event="wall",
    wall=30,
    then=["kong_added"],
)
settle(
    "wall-concealed-kong",
    "a concealed kong lowers D by 3: 9 -> 6",
    {"reserve": 20, "drawable": 6, "phase": "normal"},
    event="wall",
    wall=27,
    then=["kong_concealed"],
)
settle(
    "wall-draws",
    "normal draws: W-1 each",
    {"reserve": 18, "drawable": 7, "phase": "normal"},
    event="wall",
    wall=28,
    then=["draw", "draw", "draw"],
)
settle(
    "wall-final-group-played",
    "a final group of four drawn out: D=0",
    {"reserve": 18, "drawable": 0, "phase": "exhausted"},
    event="wall",
    wall=22,
    then=["draw", "draw", "draw", "draw"],
)
settle(
    "wall-err-draw-after-end",
    "no draw once D<=0: the hand has ended",
    "error",
    event="wall",
    wall=18,
    then=["draw"],
)
settle(
    "wall-err-kong-in-final-group",
    "no kong inside the final group (F8)",
    "error",
    event="wall",
    wall=22,
    then=["draw", "kong_exposed"],
)
settle(
    "wall-err-unknown-event", "unknown wall event", "error", event="wall", wall=40, then=["chow"]
)
settle("wall-err-negative", "wall is a non-negative integer", "error", event="wall", wall=-1)
settle("wall-err-missing", "wall is required", "error", event="wall", kongs_exposed=1)

# ---------------- settle: multi_ron ----------------
E1H = "123m345m678m22p456p7s9p"  # waits on 8s (gold 9p)
settle(
    "multi-ron-nearest",
    "no 金雀: the nearest after the discarder (2 -> 3 before 0) wins; seat 3 平胡一花 15: X=27",
    {"winner": 3, "patterns": ["pinghu_yihua"], "deltas": [0, 0, -27, 27]},
    event="multi_ron",
    gold="9p",
    dealer=0,
    dealer_streak=0,
    discarder=2,
    win_tile="8s",
    claimants=[
        {"seat": 0, "concealed": E1H, "melds": [], "flowers": ["2z", "5f", "6z"]},
        {"seat": 3, "concealed": "234m567m111p345p99s79s", "melds": [], "flowers": ["1f"]},
    ],
)
settle(
    "multi-ron-gold-discarder-skipped",
    "a gold-discarder is no candidate (§8.2): seat 0 wins with E1's 18",
    {"winner": 0, "patterns": [], "deltas": [18, 0, -18, 0]},
    event="multi_ron",
    gold="9p",
    dealer=0,
    dealer_streak=0,
    discarder=2,
    win_tile="8s",
    claimants=[
        {"seat": 0, "concealed": E1H, "melds": [], "flowers": ["2z", "5f", "6z"]},
        {
            "seat": 3,
            "concealed": "234m567m111p345p99s79s",
            "melds": [],
            "flowers": ["1f"],
            "discarded_gold": True,
        },
    ],
)
settle(
    "multi-ron-gold-discard",
    "a discarded gold cannot be won on: nobody wins",
    {"winner": None, "patterns": [], "deltas": [0, 0, 0, 0]},
    event="multi_ron",
    gold="9p",
    dealer=0,
    dealer_streak=0,
    discarder=2,
    win_tile="9p",
    claimants=[{"seat": 0, "concealed": E1H, "melds": [], "flowers": []}],
)
settle(
    "multi-ron-not-waiting",
    "a claimant whose hand does not win is no candidate; seat 1 wins with S=1: X=(3+1+1+5)*2=20",
    {"winner": 1, "patterns": [], "deltas": [0, 20, 0, -20]},
    event="multi_ron",
    gold="9p",
    dealer=2,
    dealer_streak=1,
    discarder=3,
    win_tile="8s",
    claimants=[
        {"seat": 0, "concealed": "114477m114477p147s9s", "melds": [], "flowers": []},
        {"seat": 1, "concealed": E1H, "melds": [], "flowers": ["2z", "5f", "6z"]},
    ],
)
settle(
    "multi-ron-third-in-line",
    "both claimants can win plainly; 1 is nearer than 2 from discarder 0",
    {"winner": 1, "patterns": [], "deltas": [-18, 18, 0, 0]},
    event="multi_ron",
    gold="9p",
    dealer=0,
    dealer_streak=0,
    discarder=0,
    win_tile="8s",
    claimants=[
        {"seat": 2, "concealed": "234m567m111p345p99s79s", "melds": [], "flowers": ["1f"]},
        {"seat": 1, "concealed": E1H, "melds": [], "flowers": ["2z", "5f", "6z"]},
    ],
)
settle(
    "multi-ron-nobody",
    "no claimant can win",
    {"winner": None, "patterns": [], "deltas": [0, 0, 0, 0]},
    event="multi_ron",
    gold="9p",
    dealer=0,
    dealer_streak=0,
    discarder=0,
    win_tile="1m",
    claimants=[{"seat": 1, "concealed": E1H, "melds": [], "flowers": []}],
)
settle(
    "multi-ron-err-discarder-claims",
    "the discarder cannot claim his own tile",
    "error",
    event="multi_ron",
    gold="9p",
    dealer=0,
    discarder=1,
    win_tile="8s",
    claimants=[{"seat": 1, "concealed": E1H, "melds": [], "flowers": []}],
)

# ---------------- settle: qiangjin_window ----------------
JA, JB, JC = "114477m114477p147s9s", "225588m225588s369p1p", "336699m336699s147p8p"
settle(
    "window-tianhu-first",
    "天胡 > 闲家抢金: the dealer's 17 tiles win (E7's hand); F=1 G=1: X=(1+1+5)*2+30=44",
    {"winner": 3, "patterns": ["tianhu", "pinghu_yihua"], "deltas": [-44, -44, -44, 132]},
    event="qiangjin_window",
    gold="5s",
    dealer=3,
    dealer_streak=0,
    dealer_first_discard="1s",
    hands=[
        {"seat": 0, "concealed": "123p456p789p234m66s7s9s", "melds": [], "flowers": []},
        {"seat": 1, "concealed": JB, "melds": [], "flowers": []},
        {"seat": 2, "concealed": JC, "melds": [], "flowers": []},
        {"seat": 3, "concealed": "123m456m789p111s23s5s99p", "melds": [], "flowers": ["6f"]},
    ],
)
settle(
    "window-nearest-non-dealer",
    "seat order alone among 抢金 candidates: d+1 (seat 3) beats seat 1's 金雀; X=(2+1+1+5)*2+30=48",
    {"winner": 3, "patterns": ["qiangjin"], "deltas": [-48, -48, -48, 144]},
    event="qiangjin_window",
    gold="3m",
    dealer=2,
    dealer_streak=1,
    dealer_first_discard="9s",
    hands=[
        {"seat": 0, "concealed": JA, "melds": [], "flowers": []},
        {"seat": 1, "concealed": "3m3m456s789s234p567p11m", "melds": [], "flowers": []},
        {"seat": 2, "concealed": JA + "9s", "melds": [], "flowers": []},
        {"seat": 3, "concealed": "456m789m123p456p11s23s", "melds": [], "flowers": ["2f", "3f"]},
    ],
)
settle(
    "window-dealer-qiangjin",
    "庄家抢金: after discarding 9m the dealer's 16 tiles + the gold win; nobody else waits; X=(0+1+5)*2+30=42",
    {"winner": 1, "patterns": ["qiangjin", "pinghu_wuhua"], "deltas": [-42, 126, -42, -42]},
    event="qiangjin_window",
    gold="5p",
    dealer=1,
    dealer_streak=0,
    dealer_first_discard="9m",
    hands=[
        {"seat": 0, "concealed": JA, "melds": [], "flowers": ["1f"]},
        {"seat": 1, "concealed": "123m456m789s234s67p9m11p", "melds": [], "flowers": []},
        {"seat": 2, "concealed": JB, "melds": [], "flowers": []},
        {"seat": 3, "concealed": JC, "melds": [], "flowers": []},
    ],
)
settle(
    "window-non-dealer-before-dealer",
    "闲家抢金 > 庄家抢金: seat 2 (d+1... the only waiting non-dealer) wins though the dealer could rob",
    {"winner": 2, "patterns": ["qiangjin", "pinghu_wuhua"], "deltas": [-42, -42, 126, -42]},
    event="qiangjin_window",
    gold="5p",
    dealer=1,
    dealer_streak=0,
    dealer_first_discard="9m",
    hands=[
        {"seat": 0, "concealed": JA, "melds": [], "flowers": ["1f"]},
        {"seat": 1, "concealed": "123m456m789s234s67p9m11p", "melds": [], "flowers": []},
        {"seat": 2, "concealed": "123m456m789m123s45s99s", "melds": [], "flowers": []},
        {"seat": 3, "concealed": JC, "melds": [], "flowers": []},
    ],
)
settle(
    "window-no-sanjindao-robbing",
    "two golds + the opened gold do not rob by 三金倒: nobody wins",
    {"winner": None, "patterns": [], "deltas": [0, 0, 0, 0]},
    event="qiangjin_window",
    gold="5p",
    dealer=0,
    dealer_streak=0,
    dealer_first_discard="1m",
    hands=[
        {"seat": 0, "concealed": JB + "1m", "melds": [], "flowers": []},
        {"seat": 1, "concealed": "5p5p114477m114477p1s9s", "melds": [], "flowers": []},
        {"seat": 2, "concealed": JC, "melds": [], "flowers": []},
        {"seat": 3, "concealed": JA, "melds": [], "flowers": []},
    ],
)
settle(
    "window-err-discard-not-held",
    "the dealer's first discard must be in his hand",
    "error",
    event="qiangjin_window",
    gold="5p",
    dealer=0,
    dealer_streak=0,
    dealer_first_discard="9s",
    hands=[
        {"seat": 0, "concealed": JB + "1m", "melds": [], "flowers": []},
        {"seat": 1, "concealed": JA, "melds": [], "flowers": []},
        {"seat": 2, "concealed": JC, "melds": [], "flowers": []},
        {"seat": 3, "concealed": JA, "melds": [], "flowers": []},
    ],
)
win(
    "win-chow-from-across",
    "a chow is only made on the previous player's discard (§8.1): from 2 cannot exist",
    False,
    "345m678m22p456p7s9p8s",
    "9p",
    melds=[m("chow", "123m", 2)],
    win_type="discard",
    win_tile="8s",
)
waits(
    "waits-chow-from-next",
    "a chow from the next player cannot exist (§8.1): no waits",
    [],
    "345m678m22p456p7s9p",
    "9p",
    melds=[m("chow", "123m", 1)],
)
score(
    "score-err-chow-from-next",
    "a chow from the next player cannot exist (§8.1): not a legal win",
    "error",
    "345m678m22p456p7s9p8s",
    "9p",
    "8s",
    "discard",
    2,
    0,
    discarder=1,
    melds=[m("chow", "123m", 1)],
)
score(
    "score-chow-from-previous",
    "a chow from the previous player is fine; E1's value (F=3 G=1: 18)",
    sres(18, [], 3, 1, 0, 0, [0, -18, 18, 0]),
    "345m678m22p456p7s9p8s",
    "9p",
    "8s",
    "discard",
    2,
    0,
    discarder=1,
    melds=[m("chow", "123m", 3)],
    flowers=["2z", "5f", "6z"],
)

OUT = pathlib.Path(__file__).parents[1] / "cases" / "fuzhou.json"
with OUT.open("w", encoding="utf-8") as fh:
    json.dump({"variant": "fuzhou", "cases": C}, fh, ensure_ascii=False, indent=1)
print(len(C), "cases")
