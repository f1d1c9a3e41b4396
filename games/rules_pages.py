"""The rules pages (/rules/<variant>/): each variant's rules in the platform's own words, in English
and Chinese, written from the normative specs (../shared/rules/<variant>.md, which win where this
summary is shorter). Numbers that the engine keeps in tables (pattern values, bases, caps) are read
from the engine here, not copied; pattern names come from games/engine/patterns.py and rank tiers
from ratings (admin-editable, the spec's table by default).

Text is data: ``RULES[variant][lang]`` is a list of sections ``(id, title, [paragraph, ...])``; a
paragraph starting with "- " is a bullet. ``{N}``-style fields are not used: worked examples are
written out with their arithmetic.
"""

from __future__ import annotations

from typing import Any

from games.engine.patterns import BY_VARIANT

VARIANTS = ("sichuan", "fuzhou", "shaanxi", "wuhan", "yiwu")
SECTION_IDS = ("tiles", "deal", "play", "claims", "patterns", "settlement", "escape", "tiers")


def _sichuan_values() -> list[dict[str, Any]]:
    from games.engine.variants.sichuan import scoring

    rows = [
        {"key": k, "value": f, "en": f"{f} fan = ×{2 ** (f - 1)} = {scoring.BASE * 2 ** (f - 1)} points",
         "zh": f"{f} 番 = {2 ** (f - 1)} 倍 = {scoring.BASE * 2 ** (f - 1)} 分"}
        for k, f in scoring.BASIC_FAN.items()
    ]  # fmt: skip
    for key in ("gangshanghua", "gangshangpao"):
        rows.append({"key": key, "value": 1, "en": "+1 fan", "zh": "加 1 番"})
    rows.append({"key": "gen", "value": 1, "en": "+1 fan for each root", "zh": "每根加 1 番",
                 "name": ("根", "Root (four of a kind)")})  # fmt: skip
    return rows


def _fuzhou_values() -> list[dict[str, Any]]:
    from games.engine.variants.fuzhou import scoring

    return [
        {"key": k, "value": v, "en": f"special fan {v}", "zh": f"特殊番 {v}"}
        for k, v in sorted(scoring.SPECIAL_FAN.items(), key=lambda kv: kv[1])
    ]


def _shaanxi_values() -> list[dict[str, Any]]:
    from games.engine.variants.shaanxi import scoring

    b = scoring.BASE
    rows = [
        {"key": "fang_hu", "en": f"H = 1, A = 1: each loser pays {b} (×2 with the dealer)",
         "zh": f"H = 1，A = 1：每位输家付 {b}（与庄家之间 ×2）"},
        {"key": "qiang_gang", "en": "scored as a win on a discard (H = 1, A = 1)",
         "zh": "按放胡计分（H = 1，A = 1）"},
        {"key": "zi_mo", "en": f"H = 2, A = 2: each loser pays {2 * b} (×2 with the dealer)",
         "zh": f"H = 2，A = 2：每位输家付 {2 * b}（与庄家之间 ×2）"},
    ]  # fmt: skip
    for key in ("ping_hu", "qi_dui", "shi_san_yao", "quan_bu_kao", "zu_he_long"):
        rows.append({"key": key, "en": "a winning shape; shapes do not change the score",
                     "zh": "胡牌牌型；牌型不影响得分"})  # fmt: skip
    return rows


def _wuhan_values() -> list[dict[str, Any]]:
    from games.engine.variants.wuhan import scoring

    rows = [{"key": "xiao_hu", "en": "base 1", "zh": "基础分 1"}]
    for key in scoring.BIG_PATTERNS:
        rows.append(
            {"key": key, "en": "base +10 (big patterns add up)", "zh": "基础分 +10（大胡可累计）"}
        )
    rows.append({"key": "ying_hu", "en": "winner ×2", "zh": "赢家番数 ×2"})
    rows.append({"key": "ruan_hu", "en": "×1", "zh": "×1"})
    return rows


def _yiwu_values() -> list[dict[str, Any]]:
    from games.engine.variants.yiwu import scoring

    rows = [
        {"key": k, "value": m, "en": f"×{m}", "zh": f"×{m}"}
        for k, m in sorted(scoring.MULTIPLIER.items(), key=lambda kv: kv[1])
    ]
    rows.append(
        {"key": "chengbao", "en": "the contractor pays for all three", "zh": "承包者一人付三家"}
    )
    rows.append({"key": "fan_chengbao", "en": "×2, the 飘 player pays for all three",
                 "zh": "×2，飘财者一人付三家"})  # fmt: skip
    return rows


_VALUES = {
    "sichuan": _sichuan_values,
    "fuzhou": _fuzhou_values,
    "shaanxi": _shaanxi_values,
    "wuhan": _wuhan_values,
    "yiwu": _yiwu_values,
}


def pattern_rows(variant: str, lang: str) -> list[dict[str, str]]:
    """Every pattern of the variant with its value, in ``lang`` ("zh" or "en")."""
    names = BY_VARIANT.get(variant, {})
    out = []
    for row in _VALUES[variant]():
        zh, en = row.get("name") or names.get(row["key"], (row["key"], row["key"]))
        out.append(
            {
                "key": row["key"],
                "name": zh if lang == "zh" else f"{en} ({zh})",
                "value": row[lang],
                "define": DEFINITIONS.get(variant, {}).get(row["key"], {}).get(lang, ""),
            }
        )
    return out


def rules_page(variant: str, lang: str) -> dict[str, Any]:
    """Everything the page shows for one variant, or KeyError for an unknown one."""
    lang = "zh" if lang == "zh" else "en"
    text = RULES[variant][lang]
    return {
        "variant": variant,
        "lang": lang,
        "title": text["title"],
        "intro": text["intro"],
        "sections": [
            {"id": sid, "title": title, "paras": paras} for sid, title, paras in text["sections"]
        ],
        "patterns": pattern_rows(variant, lang),
    }


# --- pattern definitions ----------------------------------------------------------------------
def _d(en: str, zh: str) -> dict[str, str]:
    return {"en": en, "zh": zh}


DEFINITIONS: dict[str, dict[str, dict[str, str]]] = {
    "sichuan": {
        "pinghu": _d("any standard win: four sets and a pair", "任何标准胡：四组加一对"),
        "duiduihu": _d("all four sets are pungs or kongs", "四组都是刻子或杠"),
        "qingyise": _d("every tile, melds included, of one suit", "所有牌（含副露）同一花色"),
        "daiyaojiu": _d("every set and the pair contains a 1 or a 9", "每组和将都带 1 或 9"),
        "qidui": _d("seven pairs, no melds, no four of a kind", "七个对子，无副露，无四张相同"),
        "qingdui": _d("full flush and all pungs", "清一色加对对胡"),
        "jiangdui": _d("all pungs, every tile a 2, 5 or 8", "对对胡且全是二、五、八"),
        "longqidui": _d(
            "seven pairs with a four of a kind (uses up one root)", "含四张相同的七对（减一根）"
        ),
        "qingqidui": _d("seven pairs in one suit", "清一色七对"),
        "qingyaojiu": _d("full flush and terminals in every set", "清一色加带幺九"),
        "tianhu": _d("the dealer's 14 dealt tiles already win", "庄家起手 14 张即胡"),
        "dihu": _d(
            "a non-dealer wins on the first draw, nothing claimed before",
            "闲家第一次摸牌自摸，之前无人碰杠胡",
        ),
        "qinglongqidui": _d(
            "dragon seven pairs in one suit (uses up one root)", "清一色龙七对（减一根）"
        ),
        "gangshanghua": _d("self-draw on a kong replacement tile", "杠后补牌自摸"),
        "gangshangpao": _d("win on the discard made right after a kong", "杠后打出的牌被胡"),
        "gen": _d(
            "each kind of which the winner holds all four tiles", "胡牌者持有四张相同牌的每一种"
        ),
    },
    "fuzhou": {
        "tianhu": _d(
            "the dealer's 17 tiles win right after the gold is opened", "开金后庄家 17 张即胡"
        ),
        "qiangjin": _d(
            "a waiting player takes the opened gold at the start", "开局听牌者抢开出的金"
        ),
        "pinghu_wuhua": _d("the winner has no flower and no kong", "胡牌者无花无杠"),
        "pinghu_yihua": _d(
            "the winner has exactly one flower and no kong", "胡牌者只有一张花且无杠"
        ),
        "sanjindao": _d("self-draw holding three golds, no shape needed", "手持三金自摸，不需牌型"),
        "jinque": _d("two golds form the pair", "两张金作将"),
        "jinlong": _d("three golds form a pung", "三张金成刻"),
    },
    "shaanxi": {
        "fang_hu": _d("win on a discard; all three others pay", "胡别人打出的牌，三家都付"),
        "zi_mo": _d("win on an own draw, replacement tiles included", "自己摸牌胡（含杠后补牌）"),
        "qiang_gang": _d("win on the tile of another player's added kong", "抢别人补杠的牌"),
        "ping_hu": _d("four sets and a pair; any pair", "四组加一对，任何将"),
        "qi_dui": _d("seven pairs, no melds", "七个对子，无副露"),
        "shi_san_yao": _d("one of each terminal and honour plus one pair", "幺九字各一张再加一对"),
        "quan_bu_kao": _d(
            "14 different knitted 147/258/369 tiles and honours",
            "147/258/369 分属三门加字牌，14 张各不相同",
        ),
        "zu_he_long": _d("the knitted nine plus one set and a pair", "组合龙九张加一组一对"),
    },
    "wuhan": {
        "xiao_hu": _d("a legal win with no big pattern", "无大胡的胡牌（屁胡）"),
        "peng_peng_hu": _d("all sets are pungs or kongs", "全是刻子或杠"),
        "qing_yi_se": _d("every tile of one suit", "全是同一花色"),
        "feng_yi_se": _d("every tile an honour; no shape needed", "全是风字牌，不需牌型"),
        "jiang_yi_se": _d("every tile a 2, 5 or 8; no shape needed", "全是二五八，不需牌型"),
        "quan_qiu_ren": _d(
            "four melds, only the pair in hand, won on another's tile",
            "四副副露，手中只剩将，胡别人的牌",
        ),
        "hai_di_lao": _d("self-draw on one of the last four drawable tiles", "最后四张牌中自摸"),
        "gang_shang_hua": _d("self-draw on a replacement tile after any kong", "杠后补牌自摸"),
        "qiang_gang": _d("win on another player's added kong", "抢别人的蓄杠"),
        "ying_hu": _d("no 癞子 used as a wild tile", "没有癞子当百搭用"),
        "ruan_hu": _d("at least one 癞子 stands for another tile", "至少一张癞子当别的牌用"),
    },
    "yiwu": {
        "fangchong": _d("win on another player's discard", "胡别人打出的牌"),
        "zimo": _d("win on a normal draw", "正常摸牌自摸"),
        "qianggang": _d("win on another player's added kong", "抢别人的补杠"),
        "gangkai": _d("win on one's own kong replacement tile", "自己杠后补牌胡"),
        "caishentou": _d(
            "self-draw; before the draw: one 财神 and complete sets",
            "自摸，摸牌前为一张财神加完整的组",
        ),
        "teshu_qiduizi": _d(
            "self-draw, no melds; before the draw: one 财神 and six pairs",
            "自摸无副露，摸牌前为一张财神加六对",
        ),
        "danpiao": _d("one 飘 discard, then a 财神头 win", "飘财一次后财神头胡"),
        "shuangpiao": _d("two 飘 discards, then a 财神头 win", "飘财两次后财神头胡"),
        "chengbao": _d("a 飘 player wins and a contractor exists", "飘财者胡且有承包者"),
        "fan_chengbao": _d(
            "the contractor wins while the other player is in 飘", "承包者在对方飘财时胡"
        ),
    },
}


# --- the text ---------------------------------------------------------------------------------
RULES: dict[str, dict[str, dict[str, Any]]] = {
    "sichuan": {
        "en": {
            "title": "Sichuan mahjong (四川麻将) and Blood Battle (血战到底)",
            "intro": "Three suits only, a void suit declared at the start, no chow. In the normal "
            "room the first win ends the hand; in Blood Battle play goes on until three players "
            "have won or the wall is used up.",
            "sections": [
                (
                    "tiles",
                    "Tiles",
                    [
                        "108 tiles: characters (万), dots (筒) and bamboo (条), 1 to 9, four of each. "
                        "No winds, no dragons, no flowers, no wild tile.",
                    ],
                ),
                (
                    "deal",
                    "Dealer and deal",
                    [
                        "Each player gets 13 tiles, the dealer 14; 55 tiles stay in the wall. Normal "
                        "draws come from its head, kong replacements from its tail.",
                        "The first dealer is chosen by dice. In the normal room the player who dealt "
                        "in becomes the next dealer, a self-drawing winner deals next, and after a "
                        "draw the dealer stays. In Blood Battle the dice choose the dealer every hand.",
                        "Void suit (定缺): before the dealer's first move every player secretly picks a "
                        "suit; the four choices are shown together and hold for the hand. Whoever does "
                        "not choose in time gets the suit they hold fewest of.",
                    ],
                ),
                (
                    "play",
                    "Play",
                    [
                        "On your turn you draw, then you may win by self-draw, declare a concealed kong "
                        "or add the fourth tile to your own pung, and you discard one tile. After a "
                        "kong you draw a replacement from the tail.",
                        "While you hold a tile of your void suit you must discard one of them first, "
                        "and you cannot win with any tile of it in your hand or melds.",
                        "- A win is four sets (pungs or runs in one suit) and a pair, or seven pairs "
                        "with no melds.",
                        "- When 4 or fewer tiles are left in the wall, every possible win is taken "
                        "automatically.",
                    ],
                ),
                (
                    "claims",
                    "Claims",
                    [
                        "On a discard the others may win, pung or kong it (never a tile of their void "
                        "suit). A win beats a pung or kong, and several players can win on one discard "
                        "(一炮多响). There is no chow.",
                        "An added kong can be robbed (抢杠): the robber wins, the kong does not happen "
                        "and the robbed player pays as the discarder.",
                    ],
                ),
                (
                    "patterns",
                    "Patterns and values",
                    [
                        "Basic patterns do not add up: only the highest counts. Add-ons and roots (根, "
                        "each kind of which you hold all four) add one fan each. The hand is worth "
                        "6 × 2^(fan − 1) points, without a cap.",
                    ],
                ),
                (
                    "settlement",
                    "Settlement",
                    [
                        "A discard win is paid by the discarder alone; a self-draw by every other "
                        "player still in the hand. Kongs are paid at once: 6 by the discarder for an "
                        "exposed kong, 6 from each other player for an added kong, 12 from each for a "
                        "concealed kong. After a kong, a win on your next discard (杠上炮) also takes "
                        "that kong's income.",
                        "At a draw: a player still holding their void suit (花猪) pays 96 to each "
                        "other player who is not one; players who are not ready pay the ready ones "
                        "their best possible win (查大叫) and return their kong income.",
                        "Coins: each seat gets points × N − A, where N is the room's coefficient and A "
                        "its rake; the house keeps 4 × A.",
                        "Worked example: in a room with N = 10 and A = 2, seat 2 wins a plain hand "
                        "(平胡, 1 fan = 6 points) on seat 0's discard. Points are [−6, 0, +6, 0]; "
                        "coins are −6 × 10 − 2 = −62, 0 × 10 − 2 = −2, +6 × 10 − 2 = +58 and −2; the "
                        "house keeps 8.",
                    ],
                ),
                (
                    "escape",
                    "Leaving mid-hand (escape)",
                    [
                        "A player who has not won and leaves the hand (or does not come back within "
                        "the reconnect time) ends it. Everything already paid stands, and the escaper "
                        "pays 96 points to each other player who has not won. In the last four tiles "
                        "the escaper pays instead the ready players' 大叫 values if those come to more.",
                        "A Blood Battle winner who leaves does not end the game: a bot plays on, and "
                        "what they won so far is theirs.",
                        "Repeated escapes within 24 hours also keep you away from the tables for a "
                        "while (the table tells you how long before you leave).",
                    ],
                ),
                (
                    "tiers",
                    "Rank tiers",
                    [
                        "Your tier in this variant follows your total points from Sichuan tables: the "
                        "highest tier whose threshold you reach; below the first threshold you are in "
                        "the first tier.",
                    ],
                ),
            ],
        },
        "zh": {
            "title": "四川麻将与血战到底",
            "intro": "只有三门花色，开局定缺，不能吃牌。普通场第一次胡牌即结束本局；血战到底一直打到三家胡牌或牌墙摸完。",
            "sections": [
                (
                    "tiles",
                    "牌",
                    [
                        "共 108 张：万、筒、条，一到九各四张。没有风牌、箭牌、花牌，也没有百搭。",
                    ],
                ),
                (
                    "deal",
                    "庄家与发牌",
                    [
                        "每人 13 张，庄家 14 张，牌墙剩 55 张。正常摸牌从牌头摸，杠后补牌从牌尾摸。",
                        "第一局掷骰定庄。普通场由点炮者做下一局庄家，自摸者做庄，流局连庄；血战到底每局掷骰定庄。",
                        "定缺：庄家行动前，每人暗中选一门花色，四人同时亮出，本局不变。超时未选的，系统替你选手中最少的一门。",
                    ],
                ),
                (
                    "play",
                    "行牌",
                    [
                        "轮到你时先摸牌，可以自摸、暗杠或把第四张补到自己的碰上（补杠），然后打出一张。杠后从牌尾补一张。",
                        "手中还有缺门的牌时必须先打缺门；手牌或副露中有缺门的牌不能胡。",
                        "- 胡牌：四组（刻子或同花色顺子）加一对，或者没有副露的七对。",
                        "- 牌墙只剩 4 张或更少时，能胡就自动胡。",
                    ],
                ),
                (
                    "claims",
                    "吃碰杠胡",
                    [
                        "别人打出的牌可以胡、碰或杠（缺门的牌不行）。胡优先于碰杠，一张牌可以多人同时胡（一炮多响）。不能吃。",
                        "补杠可以被抢（抢杠）：抢杠者胡牌，杠不成立，被抢者按点炮付分。",
                    ],
                ),
                (
                    "patterns",
                    "番种与分值",
                    [
                        "基本番种不叠加，只取最高的一个；另加番和根（持有四张相同的牌，每种一根）各加一番。一手牌值 6 × 2^(番数−1) 分，不封顶。",
                    ],
                ),
                (
                    "settlement",
                    "结算",
                    [
                        "点炮由点炮者一人付；自摸由其他未胡的玩家各付一份。杠分即时结算：直杠由引杠者付 6，补杠其他每家付 6，暗杠其他每家付 12。杠后打出的牌被胡（杠上炮），杠的收入也转给胡牌者。",
                        "流局时：仍持有缺门牌的玩家（花猪）赔给每位非花猪 96 分；没听牌的玩家按听牌者可能的最大番赔付（查大叫），并退回杠的收入。",
                        "金币：每位玩家得 分数 × N − A，N 为房间系数，A 为每局抽水；系统收取 4 × A。",
                        "算例：房间 N = 10，A = 2。2 号位胡 0 号位打出的牌，平胡 1 番 = 6 分。分数为 [−6, 0, +6, 0]；金币为 −6 × 10 − 2 = −62，0 × 10 − 2 = −2，+6 × 10 − 2 = +58，−2；系统收 8。",
                    ],
                ),
                (
                    "escape",
                    "中途离开（逃跑）",
                    [
                        "未胡的玩家离开（或在重连时间内没有回来），本局立即结束。已付的分照算，逃跑者另付给每位未胡的其他玩家 96 分。在最后四张牌阶段，如果听牌者的大叫总额更高，则按大叫赔付。",
                        "血战到底中已胡的玩家离开不会结束本局：机器人接着打，已赢的分归他。",
                        "24 小时内多次逃跑，还会有一段时间不能入座（离开前牌桌会告诉你多久）。",
                    ],
                ),
                (
                    "tiers",
                    "等级",
                    [
                        "本玩法的等级按你在四川麻将中的累计积分计算：取达到门槛的最高一级；不到第一个门槛的算第一级。",
                    ],
                ),
            ],
        },
    },
    "fuzhou": {
        "en": {
            "title": "Fuzhou mahjong (福州麻将)",
            "intro": "16-tile hands, every honour is a flower, and a gold (金) opened at the start "
            "is wild. Flowers, kongs, golds and the dealer's streak make a hand's value.",
            "sections": [
                (
                    "tiles",
                    "Tiles",
                    [
                        "144 tiles. The 108 suited tiles (万, 饼, 条) are played. The 36 others are "
                        "flowers used only for scoring: the winds and dragons (4 of each) and the "
                        "eight seasons and plants (1 of each). Four identical flowers, or a full set "
                        "of seasons or plants, is a quartet.",
                    ],
                ),
                (
                    "deal",
                    "Dealer, deal and the gold",
                    [
                        "The dealer gets 17 tiles, the others 16. Flowers are laid out and replaced "
                        "from the tail, in rounds, until nobody holds one.",
                        "Then the gold is opened: the next tail tile is turned up (a flower turned up "
                        "goes to the dealer and another is turned). Its face is the gold face; the "
                        "other three copies are golds, wild for any suited tile. Golds are never "
                        "chowed, punged or konged.",
                        "The first dealer is chosen at random. A dealer who wins, or a draw, keeps "
                        "the deal (连庄) and the streak count rises with each dealer win; otherwise "
                        "the next seat deals.",
                    ],
                ),
                (
                    "play",
                    "Play",
                    [
                        "Draw, then win, kong or discard. A flower drawn is laid out and replaced. "
                        "A win is five sets and a pair (17 tiles), golds standing in for any tile.",
                        "The last tiles of the wall are held back (the reserve grows with kongs and "
                        "quartets). When at most four drawable tiles are left, they are the final group: "
                        "the players draw them one each in turn, with no discards; a winning draw is "
                        "declared at once as a self-draw, and if nobody wins the hand is a draw.",
                    ],
                ),
                (
                    "claims",
                    "Claims",
                    [
                        "On a discard: a win beats a pung or kong, which beats a chow; only the next "
                        "player may chow. Only one player wins on a discard: a 金雀 first, else the "
                        "nearest in play order.",
                        "A discarded gold is dead: nobody may claim it, and whoever threw it may win "
                        "only by self-draw for the rest of the hand.",
                    ],
                ),
                (
                    "patterns",
                    "Special wins and values",
                    [
                        "Special wins add their special fan M; only the largest counts.",
                    ],
                ),
                (
                    "settlement",
                    "Settlement",
                    [
                        "X = (F + G + S + 5) × 2 + M, where F are the winner's flower points (1 per "
                        "flower, a quartet 6, an exposed kong 1, a concealed kong 2), G the golds in "
                        "the winning hand, S the dealer's streak and M the special fan.",
                        "On a discard win the discarder pays X; on a self-draw each of the three "
                        "others pays X. A draw pays nothing.",
                        "Coins: points × N, no rake.",
                        "Worked example: seat 2 wins on seat 1's discard with three flowers and one "
                        "gold, no streak, no special: X = (3 + 1 + 0 + 5) × 2 = 18. Points "
                        "[0, −18, +18, 0]; with N = 10 the coins are [0, −180, +180, 0].",
                    ],
                ),
                (
                    "escape",
                    "Leaving mid-hand (escape)",
                    [
                        "Leaving during a hand ends it and the game. The escaper loses "
                        "P = 4 × (the three others' (flower points + golds in hand + 5), added up, "
                        "+ the streak). Nobody receives it: it goes to the house. Leaving between "
                        "hands costs nothing.",
                    ],
                ),
                (
                    "tiers",
                    "Rank tiers",
                    [
                        "Your tier follows your total points from Fuzhou tables.",
                    ],
                ),
            ],
        },
        "zh": {
            "title": "福州麻将",
            "intro": "每人 16 张，风字牌都算花，开局开出的金是百搭。花、杠、金和连庄数决定一手牌的分值。",
            "sections": [
                (
                    "tiles",
                    "牌",
                    [
                        "共 144 张。万、饼、条 108 张参与行牌；其余 36 张是只用于计分的花：东南西北中发白各 4 张，春夏秋冬梅兰竹菊各 1 张。四张一样的花，或一整套四季、四君子，算一组齐花。",
                    ],
                ),
                (
                    "deal",
                    "庄家、发牌与开金",
                    [
                        "庄家 17 张，其他人 16 张。手中的花摆出并从牌尾补牌，一轮轮补到无人持花为止。",
                        "然后开金：从牌尾翻开一张（翻到花归庄家，再翻一张）。这张牌的牌面就是金，其余三张同样的牌都是金，可以当任何数牌用。金不能吃、碰、杠。",
                        "第一局随机定庄。庄家胡牌或流局则连庄，庄家每胡一次连庄数加一；闲家胡牌则由下家坐庄。",
                    ],
                ),
                (
                    "play",
                    "行牌",
                    [
                        "摸牌后可以胡、杠或打出一张。摸到花就摆出并补牌。胡牌为五组加一对（17 张），金可以当任何牌。",
                        "牌墙最后几张保留不摸（杠和齐花会增加保留数）。可摸的牌只剩四张或更少时为最后一组：按顺序每人摸一张，不再出牌；摸到能胡即自动胡，按自摸算；无人胡则和局。",
                    ],
                ),
                (
                    "claims",
                    "吃碰杠胡",
                    [
                        "别人打出的牌：胡优先于碰、杠，碰杠优先于吃；只有下家可以吃。一张牌只能一人胡：金雀优先，否则按出牌顺序最近的一家。",
                        "打出的金是死牌，不能被吃碰杠胡；打金的人本局只能自摸。",
                    ],
                ),
                (
                    "patterns",
                    "特殊胡牌与分值",
                    [
                        "特殊胡牌加特殊番 M；同时出现几种时只算最高的一种。",
                    ],
                ),
                (
                    "settlement",
                    "结算",
                    [
                        "X = (F + G + S + 5) × 2 + M。F 为胡牌者的花番（每朵花 1，齐花一组算 6，明杠 1，暗杠 2），G 为胡牌时手中的金数，S 为连庄数，M 为特殊番。",
                        "放胡由放胡者付 X；自摸由其他三家各付 X。流局不付分。",
                        "金币：分数 × N，不抽水。",
                        "算例：2 号位胡 1 号位打出的牌，有三朵花、一张金，无连庄，无特殊胡：X = (3 + 1 + 0 + 5) × 2 = 18。分数 [0, −18, +18, 0]；N = 10 时金币为 [0, −180, +180, 0]。",
                    ],
                ),
                (
                    "escape",
                    "中途离开（逃跑）",
                    [
                        "对局中离开，本局和本牌局都结束。逃跑者扣 P = 4 ×（其余三家的（花番 + 手中金数 + 5）之和 + 连庄数）。这些分不给任何玩家，归系统。两局之间离开不扣分。",
                    ],
                ),
                ("tiers", "等级", ["等级按你在福州麻将中的累计积分计算。"]),
            ],
        },
    },
    "shaanxi": {
        "en": {
            "title": "Shaanxi mahjong (陕西麻将)",
            "intro": "136 tiles, no chow, five winning shapes, and a side bet (炮子) chosen before "
            "every hand. Everybody who did not win pays the winner.",
            "sections": [
                (
                    "tiles",
                    "Tiles",
                    [
                        "136 tiles: the three suits and the seven honours, four of each. No flowers, "
                        "no wild tile.",
                    ],
                ),
                (
                    "deal",
                    "Dealer and deal",
                    [
                        "The first dealer is random. A dealer who wins, or a draw (荒庄), keeps the "
                        "deal; otherwise the next seat deals. Two rolls of the dice decide where the "
                        "wall is broken; the dealer gets 14 tiles, the others 13.",
                        "炮子: before the dealer's first discard each player secretly chooses 0 to 4. "
                        "The choices are shown when the dealer discards; the default is your previous "
                        "hand's value (0 at the start of a game).",
                    ],
                ),
                (
                    "play",
                    "Play",
                    [
                        "Draw, then win, kong or discard. A win is 14 tiles in one of five shapes: "
                        "four sets and a pair, seven pairs, thirteen orphans, knitted-and-honours "
                        "(全不靠) or a knitted straight plus a set and a pair (组合龙). Any pair will do.",
                        "A player who passes a win on a discard may not win on that same tile again "
                        "until they next draw, pung or kong (漏胡). When the wall's reserve is reached the hand is a draw and all "
                        "kong payments are returned.",
                    ],
                ),
                (
                    "claims",
                    "Claims",
                    [
                        "On a discard: win, pung or exposed kong; no chow. An added kong can be robbed.",
                    ],
                ),
                (
                    "patterns",
                    "Ways of winning and values",
                    [
                        "Shapes do not change the score; how you win does (H and A below).",
                    ],
                ),
                (
                    "settlement",
                    "Settlement",
                    [
                        "With base b = 3, each loser L pays the winner W: b × H (doubled if the dealer "
                        "is W or L) + b × A × (炮子 of L + 炮子 of W). Kongs are paid at once: a "
                        "concealed kong 6 from each other player, an exposed kong 6 from the "
                        "discarder, an added kong 3 from each.",
                        "Coins: points × N, no rake.",
                        "Worked example: dealer 0; seat 2 wins on seat 1's discard; all 炮子 are 0. "
                        "The dealer pays 3 × 1 × 2 = 6, seats 1 and 3 pay 3 each: points "
                        "[−6, −3, +12, −3]; with N = 10 the coins are [−60, −30, +120, −30].",
                    ],
                ),
                (
                    "escape",
                    "Leaving mid-hand (escape)",
                    [
                        "Leaving during a hand ends it. The escaper E pays 3 × (8 + 3 × 炮子 of E + "
                        "the others' 炮子), shared by the other three; kong payments already made "
                        "stand. The next hand starts a new game.",
                    ],
                ),
                (
                    "tiers",
                    "Rank tiers",
                    ["Your tier follows your total points from Shaanxi tables."],
                ),
            ],
        },
        "zh": {
            "title": "陕西麻将",
            "intro": "136 张牌，不能吃，五种胡牌牌型，每局开始前下炮子。没胡的三家都付给胡牌者。",
            "sections": [
                ("tiles", "牌", ["共 136 张：三门数牌和七种字牌，各四张。没有花牌，没有百搭。"]),
                (
                    "deal",
                    "庄家与发牌",
                    [
                        "第一局随机定庄。庄家胡或荒庄则连庄，否则下家坐庄。掷两次骰子决定开牌位置；庄家 14 张，其他人 13 张。",
                        "下炮子：庄家第一次出牌前，每人暗中选 0 到 4。庄家出牌时亮出；默认是你上一局的炮子（每个牌局第一局为 0）。",
                    ],
                ),
                (
                    "play",
                    "行牌",
                    [
                        "摸牌后可以胡、杠或打出一张。胡牌为 14 张，符合五种牌型之一：四组加一对、七对、十三幺、全不靠、组合龙（加一组一对）。任何对子都可以作将。",
                        "放过别人打出的某张牌没胡的玩家，在自己下次摸牌、碰或杠之前不能再胡同样的牌（漏胡）。摸到保留牌时荒庄，本局所有杠分退回。",
                    ],
                ),
                ("claims", "碰杠胡", ["别人打出的牌可以胡、碰或明杠；不能吃。补杠可以被抢。"]),
                ("patterns", "胡法与分值", ["牌型不影响得分；胡法决定 H 和 A（见下表）。"]),
                (
                    "settlement",
                    "结算",
                    [
                        "底分 b = 3。每位输家 L 付给赢家 W：b × H（庄家是 W 或 L 时翻倍）+ b × A ×（L 的炮子 + W 的炮子）。杠分即时结算：暗杠其他每家付 6，放杠由放杠者付 6，明杠（补杠）其他每家付 3。",
                        "金币：分数 × N，不抽水。",
                        "算例：0 号位坐庄，2 号位胡 1 号位打出的牌，炮子都是 0。庄家付 3 × 1 × 2 = 6，1 号和 3 号各付 3：分数 [−6, −3, +12, −3]；N = 10 时金币为 [−60, −30, +120, −30]。",
                    ],
                ),
                (
                    "escape",
                    "中途离开（逃跑）",
                    [
                        "对局中离开，本局结束。逃跑者 E 付 3 ×（8 + 3 × E 的炮子 + 其他三家炮子之和），由其他三家分得；已付的杠分照算。下一局重新开始新牌局。",
                    ],
                ),
                ("tiers", "等级", ["等级按你在陕西麻将中的累计积分计算。"]),
            ],
        },
    },
    "wuhan": {
        "en": {
            "title": "Wuhan mahjong (武汉麻将): 开口翻 and 口口翻",
            "intro": "A wild tile (癞子) turned up after the deal, red-dragon and 癞子 kongs that "
            "double your stakes, and you must have opened (claimed a meld) to win. The 口口翻 "
            "room doubles for every opening.",
            "sections": [
                (
                    "tiles",
                    "Tiles",
                    ["136 tiles: three suits and seven honours, four of each; no flowers."],
                ),
                (
                    "deal",
                    "Dealer, deal and the 癞子",
                    [
                        "The dealer gets 14 tiles, the others 13. A dealer who wins, or a draw, keeps "
                        "the deal; otherwise the next seat deals.",
                        "The next wall tile is turned up as the indicator; the 癞子 is the tile after "
                        "it (9 → 1 within a suit; 东 → 南 → 西 → 北 → 发 → 白 → 东, and 中 → 发). The "
                        "three live copies are wild. 红中 is never the 癞子.",
                    ],
                ),
                (
                    "play",
                    "Play",
                    [
                        "Draw, then win, kong or discard. Laying out (or discarding) a 红中 is a 红中杠 "
                        "and laying out a 癞子 is a 癞子杠: you draw a replacement and your stakes "
                        "double for each.",
                        "To win you need at least one opening (a chow, pung or exposed kong), no 红中 "
                        "in hand, and four sets and a pair whose pair is a 2, 5 or 8 (except for "
                        "碰碰胡, 清一色, 风一色 and 将一色). No seven pairs. With two or more 癞子 in "
                        "hand only a big win is allowed.",
                        "The last 10 tiles are never drawn; with 4 drawable tiles left each player "
                        "draws once and may only win by self-draw (海底). Otherwise the hand is a draw.",
                    ],
                ),
                (
                    "claims",
                    "Claims",
                    [
                        "On a discard: win, pung or exposed kong, and chow from the previous player "
                        "only. Never on a 红中 or a 癞子. An added kong can be robbed.",
                    ],
                ),
                (
                    "patterns",
                    "Patterns and values",
                    [
                        "A small win has base 1; each big pattern adds 10 to the base and they add up.",
                    ],
                ),
                (
                    "settlement",
                    "Settlement",
                    [
                        "Every player has a multiplier: ×2 for having opened (口口翻: ×2 per opening), "
                        "×4 per concealed kong, ×2 per exposed kong, 红中杠 and 癞子杠; the winner ×2 "
                        "for a self-draw (×1.5 on a big win) and ×2 for a hard win; the discarder ×2 "
                        "(×1.5 on a big win); on a small win the dealer pair ×2. Each of the three "
                        "losers pays base × own multiplier × winner's multiplier.",
                        "Each loser pays at most 300; if all three are above 300 each pays 400 "
                        "(口口翻: 500). In some cases one player pays for all three (承包).",
                        "Coins: points × N − A for every seat; the house keeps 4 × A.",
                        "Worked example: seat 0 wins a small hand on seat 3's discard with a winner "
                        "multiplier of 4; the losers' multipliers are 2, 8 and 16, so they pay "
                        "1 × 2 × 4 = 8, 1 × 8 × 4 = 32 and 1 × 16 × 4 = 64: points [+104, −8, −32, −64]. With N = 10, A = 5: coins "
                        "[+1035, −85, −325, −645].",
                    ],
                ),
                (
                    "escape",
                    "Leaving mid-hand (escape)",
                    [
                        "Leaving during a hand ends it with no other settlement: the escaper loses "
                        "400 points (口口翻: 500), shared by the other three (134/133/133 or "
                        "167/167/166), and pays the rake like everybody.",
                    ],
                ),
                ("tiers", "Rank tiers", ["Your tier follows your total points from Wuhan tables."]),
            ],
        },
        "zh": {
            "title": "武汉麻将（开口翻 / 口口翻）",
            "intro": "发牌后翻出癞子当百搭，红中杠和癞子杠让你的番数翻倍，必须开口（吃碰明杠）才能胡。口口翻每开一次口翻一倍。",
            "sections": [
                ("tiles", "牌", ["共 136 张：三门数牌和七种字牌，各四张；没有花牌。"]),
                (
                    "deal",
                    "庄家、发牌与癞子",
                    [
                        "庄家 14 张，其他人 13 张。庄家胡或荒庄则连庄，否则下家坐庄。",
                        "发牌后翻开牌墙下一张作为翻牌；癞子是它的下一张（同门 9 → 1；东 → 南 → 西 → 北 → 发 → 白 → 东，中 → 发）。在场的三张癞子是百搭。红中永远不是癞子。",
                    ],
                ),
                (
                    "play",
                    "行牌",
                    [
                        "摸牌后可以胡、杠或打出一张。摆出（或打出）红中算红中杠，摆出癞子算癞子杠：补摸一张，每杠一次你的番数翻倍。",
                        "胡牌需要：至少开口一次（吃、碰或明杠），手中没有红中，四组加一对，将必须是二、五、八（碰碰胡、清一色、风一色、将一色除外）。没有七对。手中有两张或以上癞子时只能胡大胡。",
                        "最后 10 张不摸（海底）；只剩 4 张可摸时每人摸一张，只能自摸（海底捞），否则荒庄。",
                    ],
                ),
                (
                    "claims",
                    "吃碰杠胡",
                    [
                        "别人打出的牌可以胡、碰、冲杠，上家的牌可以吃。红中和癞子不能被吃碰杠胡。蓄杠可以被抢。"
                    ],
                ),
                ("patterns", "番种与分值", ["小胡基础分 1；每个大胡基础分加 10，可以累计。"]),
                (
                    "settlement",
                    "结算",
                    [
                        "每位玩家有自己的番数：开口 ×2（口口翻每开口一次 ×2），每个暗杠 ×4，每个明杠、红中杠、癞子杠 ×2；赢家自摸 ×2（大胡 ×1.5），硬胡 ×2；放冲者 ×2（大胡 ×1.5）；小胡时庄闲之间 ×2。三位输家各付 基础分 × 自己番数 × 赢家番数。",
                        "每位输家最多付 300；三家都超过 300 时每家付金顶 400（口口翻 500）。某些情况由一人承包三家。",
                        "金币：每位玩家 分数 × N − A；系统收取 4 × A。",
                        "算例：0 号位胡 3 号位打出的牌，小胡，赢家番数 4；三位输家番数为 2、8、16，分别付 1 × 2 × 4 = 8、1 × 8 × 4 = 32、1 × 16 × 4 = 64：分数 [+104, −8, −32, −64]。N = 10，A = 5 时金币为 [+1035, −85, −325, −645]。",
                    ],
                ),
                (
                    "escape",
                    "中途离开（逃跑）",
                    [
                        "对局中离开，本局结束，不做其他结算：逃跑者扣 400 分（口口翻 500），由其他三家分得（134/133/133 或 167/167/166），抽水照付。",
                    ],
                ),
                ("tiers", "等级", ["等级按你在武汉麻将中的累计积分计算。"]),
            ],
        },
    },
    "yiwu": {
        "en": {
            "title": "Yiwu mahjong (义乌麻将)",
            "intro": "A 财神 wild tile with the White dragon standing in for its face, 飘财 "
            "(throwing a wild tile away to raise the stakes), and the 买子/下子 bets.",
            "sections": [
                (
                    "tiles",
                    "Tiles",
                    ["136 tiles: three suits, winds and dragons, four of each; no flowers."],
                ),
                (
                    "deal",
                    "Dealer, deal and the 财神",
                    [
                        "The first dealer is random; a dealer who wins, or a draw, keeps the deal, "
                        "otherwise the next seat deals.",
                        "A tile is turned up before the deal: its face is the 财神. The three copies "
                        "still in play are wild; the turned tile's stack is out of play. Every White "
                        "dragon (白板) is an ordinary tile of the 财神's face.",
                        "买子: before the first hand of each dealer's run every player may buy (+2 base "
                        "in every payment they take part in, until the deal passes). 下子: after a "
                        "dealer win, non-dealers may bet on the dealer's streak; a bet doubles with "
                        "every further dealer win.",
                    ],
                ),
                (
                    "play",
                    "Play",
                    [
                        "Draw, then win, kong or discard. A win is four sets and a pair, seven pairs "
                        "or thirteen unrelated tiles; a 财神 can stand for any tile.",
                        "Discarding a 财神 is 飘财: it raises what your 财神头 win is worth (单飘 ×8, "
                        "双飘 ×16), and it limits what the others may do.",
                    ],
                ),
                (
                    "claims",
                    "Claims",
                    [
                        "On a discard: win, pung, kong, and chow from the previous player; a win "
                        "beats a pung or kong, which beats a chow. Only one player wins: the nearest "
                        "in play order. A discarded 财神 cannot be claimed. An added kong can be robbed.",
                    ],
                ),
                (
                    "patterns",
                    "Patterns and multipliers",
                    [
                        "The hand takes the largest multiplier of its patterns; they do not stack.",
                    ],
                ),
                (
                    "settlement",
                    "Settlement",
                    [
                        "Each other player Q pays the winner (stake + 1 for the discarder of a "
                        "discard win) × multiplier, where stake = 9 between the dealer and a "
                        "non-dealer, 7 between two non-dealers, + 2 for each side that bought, + the "
                        "non-dealer's 下子 between dealer and non-dealer. All three pay, on discard "
                        "wins too.",
                        "Coins: points × N − A for every seat; the house keeps 4 × A.",
                        "Worked example: dealer 0, no bets; seat 2 wins on seat 3's discard (×1). The "
                        "dealer pays 9, seat 1 pays 7, the discarder 7 + 1 = 8: points "
                        "[−9, −7, +24, −8]. With N = 10, A = 2: coins [−92, −72, +238, −82].",
                    ],
                ),
                (
                    "escape",
                    "Leaving mid-hand",
                    [
                        "Yiwu has no escape penalty: a bot plays your seat to the end of the hand and "
                        "you get that hand's result. Repeated escapes within 24 hours still keep you "
                        "away from the tables for a while.",
                    ],
                ),
                ("tiers", "Rank tiers", ["Your tier follows your total points from Yiwu tables."]),
            ],
        },
        "zh": {
            "title": "义乌麻将",
            "intro": "财神是百搭，白板代替财神的牌面；飘财（打出财神）提高胡牌倍数；还有买子和下子。",
            "sections": [
                ("tiles", "牌", ["共 136 张：三门数牌、风牌和箭牌，各四张；没有花牌。"]),
                (
                    "deal",
                    "庄家、发牌与财神",
                    [
                        "第一局随机定庄；庄家胡或流局则连庄，否则下家坐庄。",
                        "发牌前翻开一张牌，它的牌面就是财神；仍在场的三张是百搭，翻牌所在那一墩不用。所有白板都当作财神牌面的普通牌。",
                        "买子：每个庄家坐庄的第一局前，每人都可以买子（在他参与的每笔收付中基础分 +2，直到换庄）。下子：庄家胡牌连庄后，闲家可以下子押庄家连庄；庄家每再胡一次，下子翻倍。",
                    ],
                ),
                (
                    "play",
                    "行牌",
                    [
                        "摸牌后可以胡、杠或打出一张。胡牌为四组加一对、七对子或十三不靠；财神可以当任何牌。",
                        "打出财神叫飘财：提高你财神头胡牌的倍数（单飘 ×8，双飘 ×16），也限制其他人的行动。",
                    ],
                ),
                (
                    "claims",
                    "吃碰杠胡",
                    [
                        "别人打出的牌可以胡、碰、杠，上家的牌可以吃；胡优先于碰杠，碰杠优先于吃。只能一人胡：按出牌顺序最近的一家。打出的财神不能被吃碰杠胡。补杠可以被抢。"
                    ],
                ),
                ("patterns", "番种与倍数", ["一手牌取其番种中最大的倍数，不叠加。"]),
                (
                    "settlement",
                    "结算",
                    [
                        "其他每位玩家 Q 付给胡牌者：（基础分 + 放铳者多 1）× 倍数。庄闲之间基础分 9，闲闲之间 7，每方买子 +2，庄闲之间再加闲家的下子。放铳时三家也都付。",
                        "金币：每位玩家 分数 × N − A；系统收取 4 × A。",
                        "算例：0 号位坐庄，无买子下子；2 号位胡 3 号位打出的牌（×1）。庄家付 9，1 号位付 7，放铳者付 7 + 1 = 8：分数 [−9, −7, +24, −8]。N = 10，A = 2 时金币为 [−92, −72, +238, −82]。",
                    ],
                ),
                (
                    "escape",
                    "中途离开",
                    [
                        "义乌麻将没有逃跑罚分：机器人替你打完本局，你得到本局的结果。24 小时内多次逃跑仍会有一段时间不能入座。",
                    ],
                ),
                ("tiers", "等级", ["等级按你在义乌麻将中的累计积分计算。"]),
            ],
        },
    },
}
