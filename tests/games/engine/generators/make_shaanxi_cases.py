# Builds tests/games/engine/cases/shaanxi.json (run from the repo root); every expectation is written by hand from the spec.
import json

C = []


def win(id, concealed, expect, why, melds=(), context=None):
    C.append(
        {
            "id": id,
            "kind": "win",
            "concealed": concealed,
            "melds": list(melds),
            "wild": None,
            "context": context or {},
            "expect": expect,
            "why": why,
        }
    )


def waits(id, concealed, expect, why, melds=()):
    C.append(
        {
            "id": id,
            "kind": "waits",
            "concealed": concealed,
            "melds": list(melds),
            "wild": None,
            "context": {},
            "expect": expect,
            "why": why,
        }
    )


def score(
    id, concealed, win_tile, win_type, winner, discarder, dealer, context, expect, why, melds=()
):
    C.append(
        {
            "id": id,
            "kind": "score",
            "concealed": concealed,
            "melds": list(melds),
            "wild": None,
            "win_tile": win_tile,
            "win_type": win_type,
            "winner": winner,
            "discarder": discarder,
            "dealer": dealer,
            "context": context,
            "expect": expect,
            "why": why,
        }
    )


def settle(id, context, expect, why):
    C.append({"id": id, "kind": "settle", "context": context, "expect": expect, "why": why})


def err(case, why):
    case = dict(case)
    case["expect"] = "error"
    case["why"] = why
    C.append(case)


def M(t, tiles, frm=None):
    d = {"type": t, "tiles": tiles}
    if frm is not None:
        d["from"] = frm
    return d


# ---------------- CASES.md §4.4 worked examples
win("sx-win-1", "112233m445566p77s", True, "CASES §4.4 / spec §9.1: both ping_hu and qi_dui")
win(
    "sx-win-2",
    "112233m445566p77s",
    False,
    "CASES §4.4: 7s is on the 漏胡 list, discard win blocked (§6)",
    context={"win_type": "discard", "win_tile": "7s", "lou_hu_tiles": ["7s"]},
)
waits("sx-waits-1", "112233m445566p7s", ["7s"], "CASES §4.4")
score(
    "sx-score-1",
    "112233m445566p77s",
    "7s",
    "self_draw",
    0,
    None,
    0,
    {"paozi": [2, 1, 0, 3]},
    {
        "patterns": ["zi_mo", "ping_hu", "qi_dui"],
        "hu": [36, -12, -12, -12],
        "paozi": [60, -18, -12, -30],
        "deltas": [96, -30, -24, -42],
        "kong_deltas": [0, 0, 0, 0],
        "hand_deltas": [96, -30, -24, -42],
    },
    "E2: dealer 自摸 with 炮子, hu 3*2*2 each, paozi 3*2*(p_L+2)",
)
score(
    "sx-score-2",
    "123m445566p77s",
    "7s",
    "discard",
    0,
    2,
    2,
    {"paozi": [1, 3, 2, 0], "other_kongs": [{"seat": 1, "type": "kong_concealed"}]},
    {
        "patterns": ["fang_hu", "ping_hu"],
        "hu": [12, -3, -6, -3],
        "paozi": [24, -12, -9, -3],
        "deltas": [36, -15, -15, -6],
        "kong_deltas": [0, 18, -6, -12],
        "hand_deltas": [36, 3, -21, -18],
    },
    "E4: 放胡 by the dealer; 暗杠 of seat 1 and 放杠 of seat 0 on seat 3's discard",
    melds=[M("kong_exposed", "9999m", 3)],
)
settle(
    "sx-escape-E6",
    {"event": "escape", "escaper": 2, "paozi": [2, 0, 1, 4]},
    {"deltas": [17, 11, -51, 23]},
    "E6: penalty 3*(8+3+6)=51, shares 8+3*(1+p_j)",
)
settle(
    "sx-coins-E7",
    {"event": "coins", "points": [36, 3, -21, -18], "N": 100},
    {"deltas": [3600, 300, -2100, -1800], "rake": 0},
    "E7: coins = points x N, no rake",
)
settle(
    "sx-kongs-E4",
    {
        "event": "kongs",
        "kongs": [
            {"seat": 1, "type": "kong_concealed"},
            {"seat": 0, "type": "kong_exposed", "from_seat": 3},
        ],
    },
    {"deltas": [0, 18, -6, -12]},
    "E4 kongs: 暗杠 6 from each other, 放杠 6 from seat 3",
)
settle(
    "sx-draw-E8",
    {"event": "draw_check", "kong_count": 1, "tiles_remaining": 14},
    {"huang_zhuang": True},
    "E8: k=1, reserve 7 stacks = 14 tiles, R=14 -> 荒庄",
)
settle(
    "sx-draw-E8-continue",
    {"event": "draw_check", "kong_count": 1, "tiles_remaining": 15},
    {"huang_zhuang": False},
    "E8: R=15 > 14 -> the draw is made",
)
settle(
    "sx-huang-1",
    {"event": "huang_zhuang", "dealer": 1, "kongs": [{"seat": 1, "type": "kong_concealed"}]},
    {"deltas": [0, 0, 0, 0], "next_dealer": 1},
    "E8: kong money reversed, dealer stays",
)
settle(
    "sx-next-1",
    {"event": "next_dealer", "dealer": 3, "winner": 1},
    {"next_dealer": 0},
    "§2: non-dealer win passes the deal to dealer+1, not to the winner",
)
settle(
    "sx-jiehu-1",
    {"event": "jie_hu", "discarder": 2, "claimants": [0, 3]},
    {"winner": 3},
    "§5 截胡: nearest after the discarder (3 before 0)",
)
settle("sx-rank-1", {"event": "rank", "points": 250}, {"rank": "二万"}, "§11")
settle(
    "sx-dice-E9",
    {"event": "dice", "dealer": 1, "dice1": [5, 6], "dice2": [4, 4]},
    {"second_roller": 3, "skip_stacks": 19},
    "E9",
)

# ---------------- spec §12 examples E1, E3, E5 as score cases
score(
    "sx-E1",
    "123m456p789s111z55z",
    "5z",
    "discard",
    2,
    1,
    0,
    {"paozi": [0, 0, 0, 0]},
    {
        "patterns": ["fang_hu", "ping_hu"],
        "hu": [-6, -3, 12, -3],
        "paozi": [0, 0, 0, 0],
        "deltas": [-6, -3, 12, -3],
        "kong_deltas": [0, 0, 0, 0],
        "hand_deltas": [-6, -3, 12, -3],
    },
    "E1: non-dealer 放胡, every non-winner pays, losing dealer pays double",
)
score(
    "sx-E3",
    "19m19p19s12345677z",
    "7z",
    "self_draw",
    1,
    None,
    3,
    {"paozi": [1, 0, 2, 0]},
    {
        "patterns": ["zi_mo", "shi_san_yao"],
        "hu": [-6, 24, -6, -12],
        "paozi": [-6, 18, -12, 0],
        "deltas": [-12, 42, -18, -12],
        "kong_deltas": [0, 0, 0, 0],
        "hand_deltas": [-12, 42, -18, -12],
    },
    "E3: non-dealer 自摸, the dealer pays double hu; 十三幺 shape",
)
score(
    "sx-E5",
    "234m567p456s99s111z",
    "6s",
    "discard",
    1,
    3,
    1,
    {"paozi": [0, 2, 1, 0], "qiang_gang": True},
    {
        "patterns": ["qiang_gang", "ping_hu"],
        "hu": [-6, 18, -6, -6],
        "paozi": [-6, 21, -9, -6],
        "deltas": [-12, 39, -15, -12],
        "kong_deltas": [0, 0, 0, 0],
        "hand_deltas": [-12, 39, -15, -12],
    },
    "E5: 抢杠 scored as 放胡, robbed kong void",
)
settle(
    "sx-E4-coins",
    {"event": "coins", "points": [36, 3, -21, -18], "N": 100},
    {"deltas": [3600, 300, -2100, -1800], "rake": 0},
    "E7",
)

# ---------------- win: shapes
win("sx-win-13yao", "19m19p19s12345677z", True, "§9.1.2 十三幺 with 7z as the pair")
win("sx-win-13yao-missing", "119m19p19s1234566z", False, "十三幺 missing 7z: not a win")
win(
    "sx-win-13yao-meld",
    "19m19p19s1234567z",
    False,
    "十三幺 needs 14 concealed; with a meld the count is off",
    melds=[M("pung", "111z", 1)],
)
win("sx-win-qidui-four", "1111m2233p4455s66z", True, "§9.1.3: four of a kind counts as two pairs")
win("sx-win-qidui-honours", "1133m5577p99s1122z", True, "七对 with honour pairs")
win("sx-win-qidui-flush", "11223344556677m", True, "both ping_hu and qi_dui")
win("sx-win-qbk-5", "147m258p369s12345z", True, "全不靠: knitted nine + 5 honours")
win("sx-win-qbk-6", "147m258p36s123456z", True, "全不靠: 8 knitted + 6 honours")
win("sx-win-qbk-7", "147m258p3s1234567z", True, "全不靠: 7 knitted + 7 honours")
win("sx-win-qbk-perm", "147s258m369p12347z", True, "全不靠 with another suit permutation")
win(
    "sx-win-qbk-misaligned",
    "147m147p369s12345z",
    False,
    "不能错位: two suits with the same 147 pattern",
)
win(
    "sx-win-qbk-dup",
    "147m258p369s11234z",
    False,
    "全不靠 needs 14 distinct tiles; not 组合龙 either (no set)",
)
win(
    "sx-win-qbk-mixed",
    "147m258m369s12345z",
    False,
    "147 and 258 in one suit: not a knitted pattern",
)
win("sx-win-zhl-run", "147m258p123369s55z", True, "组合龙: knitted nine + 123s + 55z")
win("sx-win-zhl-trip", "147m258p369s22255z", True, "组合龙: knitted nine + 222z triplet + 55z pair")
win(
    "sx-win-zhl-pung",
    "147m258p369s77z",
    True,
    "组合龙 with the set as an exposed pung",
    melds=[M("pung", "555z", 2)],
)
win(
    "sx-win-zhl-kong",
    "11369m147p258s",
    True,
    "组合龙 (p147 s258 m369) + 11m pair + concealed kong",
    melds=[M("kong_concealed", "2222z")],
)
win(
    "sx-win-zhl-two-melds",
    "147m258p369s",
    False,
    "组合龙 allows at most one meld; 9 concealed cannot hold a pair",
    melds=[M("pung", "555z", 2), M("pung", "666z", 1)],
)
win(
    "sx-win-zhl-noset",
    "147m258p369s1255z",
    False,
    "knitted nine + 12s + 55z: the set is incomplete",
)
win(
    "sx-win-melds",
    "123m456p77s",
    True,
    "ping_hu with a pung and an added kong",
    melds=[M("pung", "999s", 1), M("kong_added", "1111z", 2)],
)
win(
    "sx-win-kong-exposed",
    "123m456p789s77z",
    True,
    "ping_hu with an exposed kong",
    melds=[M("kong_exposed", "5555m", 3)],
)
win("sx-win-allpung", "111m222p333s444z55z", True, "any triplets + any pair")
win("sx-win-honour-pair", "123m456m789m111p55z", True, "§9.1: any tile may be the pair")
win(
    "sx-win-chow-meld",
    "456789m11p222s33z",
    False,
    "§5: no chow, a chow meld is never legal",
    melds=[M("chow", "123m", 3)],
)
win("sx-win-count-13", "112233m445566p7s", False, "13 tiles: wrong count")
win("sx-win-count-15", "112233m445566p777s", False, "15 tiles: wrong count")
win(
    "sx-win-fifth",
    "111m234p567s77z",
    False,
    "1m three concealed + a kong of 1m = 7 copies",
    melds=[M("kong_concealed", "1111m")],
)
win("sx-win-five-concealed", "11111m234p567s77z", False, "five 1m: impossible hand")
win("sx-win-flower", "112233m445566p7s1f", False, "no flowers in Shaanxi")
win("sx-win-honour-run", "123z456m789m111p22s", False, "honours never form runs")
win("sx-win-nothing", "123m456p789s12345z", False, "no shape fits")
win(
    "sx-win-louhu-selfdraw",
    "112233m445566p77s",
    True,
    "§6: 漏胡 never blocks a self-draw",
    context={"win_type": "self_draw", "win_tile": "7s", "lou_hu_tiles": ["7s"]},
)
win(
    "sx-win-louhu-other-tile",
    "123m456p789s11z567s",
    True,
    "§6: only the declined kind is blocked",
    context={"win_type": "discard", "win_tile": "5s", "lou_hu_tiles": ["8s"]},
)
win(
    "sx-win-louhu-several",
    "123m456p789s11z567s",
    False,
    "win tile 7s is one of several blocked kinds",
    context={"win_type": "discard", "win_tile": "7s", "lou_hu_tiles": ["4s", "7s"]},
)
win(
    "sx-win-louhu-empty",
    "123m456p789s11z567s",
    True,
    "empty 漏胡 list",
    context={"win_type": "discard", "win_tile": "7s", "lou_hu_tiles": []},
)
win(
    "sx-win-louhu-13yao",
    "19m19p19s12345677z",
    False,
    "漏胡 blocks any shape, here 十三幺 on 7z",
    context={"win_type": "discard", "win_tile": "7z", "lou_hu_tiles": ["7z"]},
)
err(
    {
        "id": "sx-win-bad-notation",
        "kind": "win",
        "concealed": "112233m44x566p77s",
        "melds": [],
        "wild": None,
        "context": {},
    },
    "§1.3 malformed tile string",
)
err(
    {
        "id": "sx-win-bad-meld",
        "kind": "win",
        "concealed": "123m456p77s",
        "melds": [M("pung", "999s", 5), M("kong_added", "1111z", 2)],
        "wild": None,
        "context": {},
    },
    "meld 'from' outside 1-3",
)
err(
    {"id": "sx-win-no-concealed", "kind": "win", "melds": [], "wild": None, "context": {}},
    "required field concealed missing",
)
err(
    {
        "id": "sx-win-wild",
        "kind": "win",
        "concealed": "112233m445566p77s",
        "melds": [],
        "wild": "5m",
        "context": {},
    },
    "Shaanxi has no wild",
)

# ---------------- waits
waits(
    "sx-waits-13yao-13",
    "19m19p19s1234567z",
    ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"],
    "十三幺 thirteen-sided wait",
)
waits("sx-waits-13yao-1", "119m19p19s123456z", ["7z"], "十三幺 missing 7z")
waits(
    "sx-waits-nine-gates",
    "1112345678999m",
    ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"],
    "nine gates shape",
)
waits(
    "sx-waits-four-held",
    "23m456p789s55z",
    ["4m"],
    "1m excluded: all four held in the kong (§9.2)",
    melds=[M("kong_concealed", "1111m")],
)
waits("sx-waits-zhl", "147m258p369s12s55z", ["3s"], "组合龙 set 12s waits on 3s")
waits(
    "sx-waits-qbk", "147m258p369s1234z", ["5z", "6z", "7z"], "全不靠 waits on the missing honours"
)
waits(
    "sx-waits-qbk-mixed",
    "47m258p369s12345z",
    ["1m", "6z", "7z"],
    "全不靠: missing 1m or a 6th honour",
)
waits("sx-waits-qidui", "1122m3344p5566s7z", ["7z"], "七对 single wait")
waits("sx-waits-qidui-four", "1111m2233p4455s6z", ["6z"], "七对 with a four; 1m excluded anyway")
waits("sx-waits-none-four", "1111m234p567s777z", [], "only 1m would complete and all four are held")
waits(
    "sx-waits-chow",
    "456789m11p22s3z",
    [],
    "a chow meld: never a legal hand",
    melds=[M("chow", "123m", 3)],
)
waits("sx-waits-count", "112233m445566p77s", [], "14 tiles: wrong count for waits")
waits("sx-waits-shanpon2", "123m456p789s1122z", ["1z", "2z"], "双碰: 11z / 22z")
waits(
    "sx-waits-melds",
    "4567m",
    ["4m", "7m"],
    "three melds + 4567m: 4m or 7m pair",
    melds=[M("pung", "111z", 1), M("kong_exposed", "2222z", 2), M("pung", "999p", 3)],
)
waits(
    "sx-waits-single-meld-tile",
    "5m",
    ["5m"],
    "four melds and a single tile",
    melds=[M("pung", "111z", 1), M("pung", "222z", 1), M("pung", "333z", 1), M("pung", "444z", 1)],
)

# ---------------- score
score(
    "sx-score-melds-dealer",
    "123m789s55z",
    "5z",
    "self_draw",
    2,
    None,
    2,
    {},
    {
        "patterns": ["zi_mo", "ping_hu"],
        "hu": [-12, -12, 36, -12],
        "paozi": [0, 0, 0, 0],
        "deltas": [-12, -12, 36, -12],
        "kong_deltas": [-3, -9, 15, -3],
        "hand_deltas": [-15, -21, 51, -15],
    },
    "dealer 自摸; own 明杠 3 from each, own 放杠 paid by seat (2+3)%4=1; default paozi 0",
    melds=[M("kong_added", "3333z", 1), M("kong_exposed", "5555p", 3)],
)
score(
    "sx-score-melds-other",
    "123m789s55z",
    "5z",
    "self_draw",
    2,
    None,
    2,
    {"other_kongs": [{"seat": 0, "type": "kong_concealed"}]},
    {
        "patterns": ["zi_mo", "ping_hu"],
        "hu": [-12, -12, 36, -12],
        "paozi": [0, 0, 0, 0],
        "deltas": [-12, -12, 36, -12],
        "kong_deltas": [15, -15, 9, -9],
        "hand_deltas": [3, -27, 45, -21],
    },
    "as above plus seat 0's 暗杠 (6 from each other)",
    melds=[M("kong_added", "3333z", 1), M("kong_exposed", "5555p", 3)],
)
score(
    "sx-score-paozi4",
    "1122m3344p5566s77z",
    "7z",
    "discard",
    1,
    0,
    0,
    {"paozi": [4, 4, 4, 4]},
    {
        "patterns": ["fang_hu", "qi_dui"],
        "hu": [-6, 12, -3, -3],
        "paozi": [-24, 72, -24, -24],
        "deltas": [-30, 84, -27, -27],
        "kong_deltas": [0, 0, 0, 0],
        "hand_deltas": [-30, 84, -27, -27],
    },
    "dealer discards; discarder pays no extra; 炮子 3*(4+4) each",
)
score(
    "sx-score-qbk",
    "147m258p369s12345z",
    "5z",
    "self_draw",
    3,
    None,
    1,
    {"paozi": [0, 3, 0, 1]},
    {
        "patterns": ["zi_mo", "quan_bu_kao"],
        "hu": [-6, -12, -6, 24],
        "paozi": [-6, -24, -6, 36],
        "deltas": [-12, -36, -12, 60],
        "kong_deltas": [0, 0, 0, 0],
        "hand_deltas": [-12, -36, -12, 60],
    },
    "全不靠 自摸; winner 炮子 (1*3+0+3+0)*2*3 = 36",
)
score(
    "sx-score-zhl",
    "147m258p369s77z",
    "7z",
    "discard",
    0,
    2,
    0,
    {"paozi": [1, 0, 0, 0]},
    {
        "patterns": ["fang_hu", "zu_he_long"],
        "hu": [18, -6, -6, -6],
        "paozi": [9, -3, -3, -3],
        "deltas": [27, -9, -9, -9],
        "kong_deltas": [0, 0, 0, 0],
        "hand_deltas": [27, -9, -9, -9],
    },
    "组合龙 with a pung; dealer wins on a discard; a pung pays nothing",
    melds=[M("pung", "555z", 2)],
)
score(
    "sx-score-qidui-four",
    "1111m2233p4455s66z",
    "6z",
    "self_draw",
    0,
    None,
    1,
    {},
    {
        "patterns": ["zi_mo", "qi_dui"],
        "hu": [24, -12, -6, -6],
        "paozi": [0, 0, 0, 0],
        "deltas": [24, -12, -6, -6],
        "kong_deltas": [0, 0, 0, 0],
        "hand_deltas": [24, -12, -6, -6],
    },
    "七对 with an undeclared four is no kong: no kong money",
)
score(
    "sx-score-kongs-mixed",
    "123m456m789s11z",
    "1z",
    "discard",
    1,
    3,
    1,
    {
        "other_kongs": [
            {"seat": 0, "type": "kong_exposed", "from_seat": 3},
            {"seat": 2, "type": "kong_added"},
        ]
    },
    {
        "patterns": ["fang_hu", "ping_hu"],
        "hu": [-6, 18, -6, -6],
        "paozi": [0, 0, 0, 0],
        "deltas": [-6, 18, -6, -6],
        "kong_deltas": [-3, 15, 3, -15],
        "hand_deltas": [-9, 33, -3, -21],
    },
    "own 暗杠 + seat 0 放杠 from 3 + seat 2 明杠",
    melds=[M("kong_concealed", "9999p")],
)
score(
    "sx-score-flush-pairs",
    "11223344556677m",
    "7m",
    "discard",
    2,
    3,
    0,
    {"paozi": [0, 1, 2, 3]},
    {
        "patterns": ["fang_hu", "ping_hu", "qi_dui"],
        "hu": [-6, -3, 12, -3],
        "paozi": [-6, -9, 30, -15],
        "deltas": [-12, -12, 42, -18],
        "kong_deltas": [0, 0, 0, 0],
        "hand_deltas": [-12, -12, 42, -18],
    },
    "winner 炮子 (2*3+0+1+3)*1*3 = 30",
)
score(
    "sx-score-nocontext",
    "123m456p789s111z55z",
    "5z",
    "self_draw",
    3,
    None,
    0,
    {},
    {
        "patterns": ["zi_mo", "ping_hu"],
        "hu": [-12, -6, -6, 24],
        "paozi": [0, 0, 0, 0],
        "deltas": [-12, -6, -6, 24],
        "kong_deltas": [0, 0, 0, 0],
        "hand_deltas": [-12, -6, -6, 24],
    },
    "defaults: paozi 0, no kongs",
)
base = {
    "kind": "score",
    "concealed": "123m456p789s111z55z",
    "melds": [],
    "wild": None,
    "win_tile": "5z",
    "win_type": "discard",
    "winner": 2,
    "discarder": 1,
    "dealer": 0,
    "context": {},
}


def bad(id, why, **kw):
    c = dict(base, id=id)
    c.update(kw)
    err(c, why)


bad("sx-score-err-notwin", "§1.3: not a legal win", concealed="123m456p789s12345z")
bad("sx-score-err-wintile", "win_tile not in concealed", win_tile="6z")
bad("sx-score-err-paozi5", "paozi is 0-4", context={"paozi": [5, 0, 0, 0]})
bad("sx-score-err-paozi-neg", "paozi is 0-4", context={"paozi": [0, -1, 0, 0]})
bad("sx-score-err-paozi-len", "paozi needs 4 ints", context={"paozi": [0, 0, 0]})
bad("sx-score-err-winner", "seat outside 0-3", winner=4)
bad("sx-score-err-dealer", "seat outside 0-3", dealer=-1)
bad("sx-score-err-no-discarder", "discard win needs a discarder", discarder=None)
bad("sx-score-err-self-discarder", "winner cannot discard to itself", discarder=2)
bad(
    "sx-score-err-qg-selfdraw",
    "qiang_gang is a discard win",
    win_type="self_draw",
    discarder=None,
    context={"qiang_gang": True},
)
bad("sx-score-err-wintype", "unknown win_type", win_type="robbed")
bad("sx-score-err-notation", "malformed tiles", concealed="123m456p789s111z55y")
bad(
    "sx-score-err-chow",
    "chow meld: not a legal Shaanxi hand",
    concealed="456p789s111z55z",
    melds=[M("chow", "123m", 3)],
)
bad("sx-score-err-missing-winner", "required field missing", winner=None)
bad(
    "sx-score-err-kong-type",
    "other_kongs type must be a kong",
    context={"other_kongs": [{"seat": 0, "type": "pung"}]},
)
bad(
    "sx-score-err-kong-from",
    "kong_exposed needs from_seat",
    context={"other_kongs": [{"seat": 0, "type": "kong_exposed"}]},
)
bad("sx-score-err-lou-wild", "no wild", wild="1m")

win(
    "sx-win-qbk-meld",
    "147m258p369s12z",
    False,
    "全不靠 needs 14 concealed tiles; with a pung it is nothing",
    melds=[M("pung", "555z", 1)],
)
win(
    "sx-win-qidui-meld",
    "1122m3344p55s",
    False,
    "七对 needs no melds (10 + 3 tiles is also a wrong count)",
    melds=[M("pung", "777z", 2)],
)
score(
    "sx-score-qg-kongs",
    "234m567p456s99s111z",
    "6s",
    "discard",
    0,
    2,
    3,
    {"qiang_gang": True, "other_kongs": [{"seat": 1, "type": "kong_concealed"}]},
    {
        "patterns": ["qiang_gang", "ping_hu"],
        "hu": [12, -3, -3, -6],
        "paozi": [0, 0, 0, 0],
        "deltas": [12, -3, -3, -6],
        "kong_deltas": [-6, 18, -6, -6],
        "hand_deltas": [6, 15, -9, -12],
    },
    "抢杠 from seat 2 with dealer 3: every non-winner still pays, the robbed one no extra; seat 1's 暗杠 stands",
)
score(
    "sx-score-zhl-kong",
    "11369m147p258s",
    "1m",
    "self_draw",
    1,
    None,
    1,
    {"paozi": [0, 1, 0, 0]},
    {
        "patterns": ["zi_mo", "zu_he_long"],
        "hu": [-12, 36, -12, -12],
        "paozi": [-6, 18, -6, -6],
        "deltas": [-18, 54, -18, -18],
        "kong_deltas": [-6, 18, -6, -6],
        "hand_deltas": [-24, 72, -24, -24],
    },
    "组合龙 with a 暗杠 as its set; dealer 自摸 with 炮子 1",
    melds=[M("kong_concealed", "2222z")],
)

# ---------------- settle
settle(
    "sx-escape-zero",
    {"event": "escape", "escaper": 0, "paozi": [0, 0, 0, 0]},
    {"deltas": [-24, 8, 8, 8]},
    "3*8 = 24 split 8 each",
)
settle(
    "sx-escape-max",
    {"event": "escape", "escaper": 1, "paozi": [4, 4, 4, 4]},
    {"deltas": [32, -96, 32, 32]},
    "3*(8+12+12) = 96, shares 8+3*8 = 32",
)
settle(
    "sx-escape-default",
    {"event": "escape", "escaper": 3},
    {"deltas": [8, 8, 8, -24]},
    "paozi default 0",
)
settle(
    "sx-escape-mixed",
    {"event": "escape", "escaper": 0, "paozi": [3, 0, 4, 1]},
    {"deltas": [-66, 17, 29, 20]},
    "penalty 3*(8+3*3+5) = 66; shares 8+3*3=17, 8+3*7=29, 8+3*4=20",
)
settle(
    "sx-coins-one",
    {"event": "coins", "points": [12, -4, -4, -4], "N": 1},
    {"deltas": [12, -4, -4, -4], "rake": 0},
    "N=1",
)
settle(
    "sx-coins-zero",
    {"event": "coins", "points": [0, 0, 0, 0], "N": 50},
    {"deltas": [0, 0, 0, 0], "rake": 0},
    "荒庄 hand",
)
settle("sx-kongs-empty", {"event": "kongs", "kongs": []}, {"deltas": [0, 0, 0, 0]}, "no kongs")
settle(
    "sx-kongs-added",
    {"event": "kongs", "kongs": [{"seat": 2, "type": "kong_added"}]},
    {"deltas": [-3, -3, 9, -3]},
    "明杠: b from each other",
)
settle(
    "sx-kongs-exposed",
    {"event": "kongs", "kongs": [{"seat": 3, "type": "kong_exposed", "from_seat": 1}]},
    {"deltas": [0, -6, 0, 6]},
    "放杠: 2b from the discarder only",
)
settle(
    "sx-kongs-three",
    {
        "event": "kongs",
        "kongs": [
            {"seat": 0, "type": "kong_concealed"},
            {"seat": 0, "type": "kong_added"},
            {"seat": 1, "type": "kong_exposed", "from_seat": 0},
        ],
    },
    {"deltas": [21, -3, -9, -9]},
    "18+9-6 = 21; seat1 -6-3+6 = -3; seats 2,3 -6-3",
)
settle(
    "sx-huang-none",
    {"event": "huang_zhuang", "dealer": 3, "kongs": []},
    {"deltas": [0, 0, 0, 0], "next_dealer": 3},
    "dealer stays",
)
settle(
    "sx-huang-many",
    {
        "event": "huang_zhuang",
        "dealer": 0,
        "kongs": [
            {"seat": 2, "type": "kong_exposed", "from_seat": 0},
            {"seat": 3, "type": "kong_added"},
        ],
    },
    {"deltas": [0, 0, 0, 0], "next_dealer": 0},
    "荒庄荒杠",
)
for k, r, exp in [
    (0, 27, False),
    (0, 26, True),
    (0, 83, False),
    (0, 0, True),
    (1, 15, False),
    (2, 17, False),
    (2, 16, True),
    (3, 27, False),
    (3, 26, True),
    (4, 26, True),
    (5, 27, False),
    (2, 14, True),
]:
    settle(
        f"sx-draw-k{k}-r{r}",
        {"event": "draw_check", "kong_count": k, "tiles_remaining": r},
        {"huang_zhuang": exp},
        f"T({k}) stacks x 2 vs R={r} (§8 table 13/7/8/13)",
    )
for d, w, n in [(3, 3, 3), (2, None, 2), (3, 0, 0), (1, 3, 2), (0, 2, 1)]:
    settle(
        f"sx-next-{d}-{w}",
        {"event": "next_dealer", "dealer": d, "winner": w},
        {"next_dealer": n},
        "§2 dealer stays on own win / 荒庄, else dealer+1",
    )
for disc, cl, w in [(0, [1, 2, 3], 1), (1, [0], 0), (3, [2, 1], 1), (0, [3, 2], 2), (2, [1], 1)]:
    settle(
        f"sx-jiehu-{disc}-{''.join(map(str, cl))}",
        {"event": "jie_hu", "discarder": disc, "claimants": cl},
        {"winner": w},
        "§5 nearest in play order after the discarder",
    )
for p, name in [
    (-5, "白板"),
    (0, "白板"),
    (99, "白板"),
    (100, "一万"),
    (199, "一万"),
    (200, "二万"),
    (499, "二万"),
    (500, "三万"),
    (1000, "四万"),
    (2000, "五万"),
    (5000, "六万"),
    (10000, "七万"),
    (20000, "八万"),
    (50000, "九万"),
    (80000, "东风"),
    (99999, "东风"),
    (100000, "西风"),
    (200000, "南风"),
    (500000, "北风"),
    (800000, "中"),
    (1200000, "发"),
    (1999999, "发"),
    (2000000, "雀神"),
    (9000000, "雀神"),
]:
    settle(f"sx-rank-{p}", {"event": "rank", "points": p}, {"rank": name}, "§11 tier table")
settle(
    "sx-dice-seed",
    {"event": "dice", "dealer": 0, "dice1": [1, 2], "dice2": [2, 4]},
    {"second_roller": 2, "skip_stacks": 9},
    "§3 seed example: across rolls second, skip 9",
)
settle(
    "sx-dice-max",
    {"event": "dice", "dealer": 2, "dice1": [6, 6], "dice2": [6, 6]},
    {"second_roller": 1, "skip_stacks": 24},
    "(2+12-1)%4 = 1",
)
settle(
    "sx-dice-min",
    {"event": "dice", "dealer": 0, "dice1": [1, 1], "dice2": [1, 1]},
    {"second_roller": 1, "skip_stacks": 4},
    "(0+2-1)%4 = 1",
)
settle(
    "sx-dice-dealer",
    {"event": "dice", "dealer": 3, "dice1": [2, 3], "dice2": [1, 2]},
    {"second_roller": 3, "skip_stacks": 8},
    "s1=5 counts back to the dealer",
)
for id, ctx, why in [
    ("sx-settle-err-event", {"event": "chahuazhu"}, "unknown event"),
    ("sx-settle-err-noevent", {}, "missing event"),
    (
        "sx-settle-err-escaper",
        {"event": "escape", "escaper": 4, "paozi": [0, 0, 0, 0]},
        "seat outside 0-3",
    ),
    ("sx-settle-err-paozi", {"event": "escape", "escaper": 1, "paozi": [0, 0, 9, 0]}, "paozi 0-4"),
    (
        "sx-settle-err-dice",
        {"event": "dice", "dealer": 0, "dice1": [7, 1], "dice2": [1, 1]},
        "a die shows 1-6",
    ),
    (
        "sx-settle-err-coins",
        {"event": "coins", "points": [1, 2, -3]},
        "points needs 4 ints, N missing",
    ),
    (
        "sx-settle-err-kong",
        {"event": "kongs", "kongs": [{"seat": 1, "type": "kong_exposed"}]},
        "from_seat missing",
    ),
    ("sx-settle-err-rank", {"event": "rank", "points": "many"}, "points must be an int"),
    (
        "sx-settle-err-jiehu",
        {"event": "jie_hu", "discarder": 1, "claimants": [1]},
        "discarder cannot claim",
    ),
    (
        "sx-settle-err-draw",
        {"event": "draw_check", "kong_count": -1, "tiles_remaining": 20},
        "negative k",
    ),
]:
    err({"id": id, "kind": "settle", "context": ctx}, why)
err({"id": "sx-err-kind", "kind": "fan", "context": {}}, "unknown kind")

C = [c for c in C if c is not None]
ids = [c["id"] for c in C]
assert len(ids) == len(set(ids)), [i for i in ids if ids.count(i) > 1]
json.dump(
    {"variant": "shaanxi", "cases": C},
    open("tests/games/engine/cases/shaanxi.json", "w", encoding="utf-8"),
    ensure_ascii=False,
    indent=1,
)
print(len(C))
