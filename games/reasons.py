"""The expert's reasons in Chinese, for the review page and the table's hints.

games.engine.expert gives each ranked option a short English phrase built from a few templates
(games/engine/expert/rank.py: "ready, 6 winning tiles", "2-shanten, 20 tiles; dangerous: 1 seat
may wait on it", "pung, then throw 9s: ..."). `reason_zh` translates those pieces; a reason with a
piece it does not know gives None, so a page shows no half-English phrase when the expert learns
a new one (the English stays available beside it).

>>> reason_zh("pung, then throw 9s: ready, 6 winning tiles; dangerous: 2 seats may wait on it")
'碰，再打九条：听牌，6 张可胡；危险：2 家可能在等这张'
>>> reason_zh("void m: 3 tiles to throw")
'缺万：要打 3 张'
>>> reason_zh("something new") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Callable

_NUM = ("", "一", "二", "三", "四", "五", "六", "七", "八", "九")
_SUIT = {"m": "万", "p": "筒", "s": "条"}
_HONOR = ("", "东", "南", "西", "北", "白", "发", "中")


def _tile(match: re.Match[str]) -> str:
    n, suit = int(match.group(1)), match.group(2)
    if suit in _SUIT and 1 <= n <= 9:
        return _NUM[n] + _SUIT[suit]
    if suit == "z" and 1 <= n <= 7:
        return _HONOR[n]
    return match.group(0)


_Repl = str | Callable[[re.Match[str]], str]

#: (English piece, Chinese), applied in order; each piece is a template of rank.py
_PIECES: tuple[tuple[re.Pattern[str], _Repl], ...] = tuple(
    (re.compile(p), r)
    for p, r in (
        (r"\b(\d)([mpsz])\b", _tile),
        (r"dangerous: (\d+) seats? may wait on it", r"危险：\1 家可能在等这张"),
        (r"some risk", "有点风险"),
        (r" \(plain\)$", "（常规打法）"),
        (r"ready, (\d+) winning tiles", r"听牌，\1 张可胡"),
        (r"(\d+)-shanten or worse", r"\1 向听或更差"),
        (r"(\d+)-shanten, (\d+) tiles", r"\1 向听，\2 张有效牌"),
        (r"complete hand", "已成和牌型"),
        (
            r"void ([mps]): (\d+) tiles to throw",
            lambda m: f"缺{_SUIT[m.group(1)]}：要打 {m.group(2)} 张",
        ),
        (r"the variant's rule of thumb for this hand", "本玩法对这手牌的经验选择"),
        (r"another choice", "另一种选择"),
        (r"outranks the win", "优先于胡"),
        (r"variant move", "本玩法的特殊动作"),
        (r"leaves nothing to throw", "没有牌可打"),
        (r"^wins\b", "胡牌"),
        (r"^pass; ", "过；"),
        (r"\bkeeps ", "保持"),
        (r"^kong, then ", "杠，然后"),
        (r"^pung, then throw ", "碰，再打"),
        (r"^chow, then throw ", "吃，再打"),
        (r"; ", "；"),
        (r": ", "："),
    )
)
_LATIN = re.compile(r"[A-Za-z]")


def reason_zh(reason: str) -> str | None:
    """``reason`` in Chinese, or None when a piece of it is not known here."""
    out = reason
    for pattern, repl in _PIECES:
        out = pattern.sub(repl, out)
    return None if _LATIN.search(out) else out
