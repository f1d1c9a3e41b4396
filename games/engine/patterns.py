"""Display names of the win patterns (番种) the variants' scorers emit, for pages and clients.

Each key is the id a variant's scorer writes into a win's ``patterns``; each name is the Chinese
name the variant's spec (``rules/<variant>.md``) gives it, with a short English gloss. Data only:
scoring never reads this module.

>>> pattern_name("qiangjin", "zh")
'抢金'
>>> pattern_name("duiduihu", "en")
'All pungs (对对胡)'
>>> pattern_name("pinghu_yihua", "zh"), pattern_name("no_such_key", "zh")
('平胡（一张花）', 'no_such_key')
"""

from __future__ import annotations

from collections.abc import Mapping

PatternNames = Mapping[str, tuple[str, str]]
"""Pattern key -> (Chinese name, English name)."""

SICHUAN: PatternNames = {
    "pinghu": ("平胡", "Plain win"),
    "duiduihu": ("对对胡", "All pungs"),
    "qingyise": ("清一色", "Full flush"),
    "daiyaojiu": ("带幺九", "Terminals in every set"),
    "qidui": ("七对", "Seven pairs"),
    "qingdui": ("清对", "Pure all pungs"),
    "jiangdui": ("将对", "2-5-8 all pungs"),
    "longqidui": ("龙七对", "Dragon seven pairs"),
    "qingqidui": ("清七对", "Pure seven pairs"),
    "qingyaojiu": ("清幺九", "Pure terminals"),
    "tianhu": ("天胡", "Heavenly hand"),
    "dihu": ("地胡", "Earthly hand"),
    "qinglongqidui": ("清龙七对", "Pure dragon seven pairs"),
    "gangshanghua": ("杠上花", "Win on a kong replacement"),
    "gangshangpao": ("杠上炮", "Win on a discard after a kong"),
}
"""sichuan.md §5.1 basic patterns and §5.2 add-ons."""

FUZHOU: PatternNames = {
    "tianhu": ("天胡", "Heavenly hand"),
    "qiangjin": ("抢金", "Robbing the gold"),
    "pinghu_wuhua": ("平胡（无花无杠）", "Plain win, no flower or kong"),
    "pinghu_yihua": ("平胡（一张花）", "Plain win, one flower"),
    "sanjindao": ("三金倒", "Three golds"),
    "jinque": ("金雀", "Golden sparrow"),
    "jinlong": ("金龙", "Golden dragon"),
}
"""fuzhou.md §11.1 specials."""

SHAANXI: PatternNames = {
    "fang_hu": ("放胡", "Win on a discard"),
    "zi_mo": ("自摸", "Self-draw"),
    "qiang_gang": ("抢杠", "Robbing a kong"),
    "ping_hu": ("平胡", "Standard hand"),
    "qi_dui": ("七对", "Seven pairs"),
    "shi_san_yao": ("十三幺", "Thirteen orphans"),
    "quan_bu_kao": ("全不靠", "Knitted and honours"),
    "zu_he_long": ("组合龙", "Knitted straight"),
}
"""shaanxi.md win types (§7, §10) and the five shapes (§9.1)."""

WUHAN: PatternNames = {
    "peng_peng_hu": ("碰碰胡", "All pungs"),
    "qing_yi_se": ("清一色", "Full flush"),
    "feng_yi_se": ("风一色", "All honours"),
    "jiang_yi_se": ("将一色", "All 2-5-8"),
    "quan_qiu_ren": ("全求人", "Fully melded"),
    "hai_di_lao": ("海底捞", "Last-tiles draw"),
    "gang_shang_hua": ("杠上花", "Win on a kong replacement"),
    "qiang_gang": ("抢杠", "Robbing a kong"),
    "xiao_hu": ("小胡", "Small win"),
    "ying_hu": ("硬胡", "Hard win"),
    "ruan_hu": ("软胡", "Soft win"),
}
"""wuhan.md §6 big patterns, 小胡 and 硬胡/软胡."""

YIWU: PatternNames = {
    "fangchong": ("放铳平胡", "Win on a discard"),
    "zimo": ("自摸", "Self-draw"),
    "qianggang": ("抢杠", "Robbing a kong"),
    "gangkai": ("杠开", "Win on a kong replacement"),
    "caishentou": ("财神头", "Caishen head"),
    "teshu_qiduizi": ("特殊七对子", "Special seven pairs"),
    "danpiao": ("单飘", "Single piao"),
    "shuangpiao": ("双飘", "Double piao"),
    "chengbao": ("承包", "Contractor pays"),
    "fan_chengbao": ("反承包", "Reverse contract"),
}
"""yiwu.md §8.1 ids."""

BASE: PatternNames = {"hu": ("胡", "Win")}
"""The plain win of the base ``Rules`` (games.engine.core), for a variant without its own scorer."""

BY_VARIANT: Mapping[str, PatternNames] = {
    "sichuan": SICHUAN,
    "fuzhou": FUZHOU,
    "shaanxi": SHAANXI,
    "wuhan": WUHAN,
    "yiwu": YIWU,
}
"""Each variant's pattern names."""


def _merged() -> dict[str, tuple[str, str]]:
    merged = dict(BASE)
    for names in BY_VARIANT.values():
        merged.update(names)
    return merged


PATTERN_NAMES: Mapping[str, tuple[str, str]] = _merged()
"""Every variant's names in one map. A key shared by variants (``tianhu``, ``qiang_gang``) has
the same names in each, which tests/games/engine/test_patterns.py checks."""


def pattern_name(key: str, lang: str) -> str:
    """The display name of pattern ``key``: ``lang`` "zh" (or "zh-hans", ...) gives the Chinese
    name, any other language "English (中文)". An unknown key comes back unchanged.

    >>> pattern_name("gangshanghua", "zh-hans"), pattern_name("gangshanghua", "en")
    ('杠上花', 'Win on a kong replacement (杠上花)')
    """
    names = PATTERN_NAMES.get(key)
    if names is None:
        return key
    zh, en = names
    return zh if lang.lower().startswith("zh") else f"{en} ({zh})"


def pattern_names_json() -> dict[str, list[str]]:
    """Every key as ``[English, 中文]``, for the browser clients (``json_script``).

    >>> pattern_names_json()["qiangjin"]
    ['Robbing the gold', '抢金']
    """
    return {key: [en, zh] for key, (zh, en) in PATTERN_NAMES.items()}
