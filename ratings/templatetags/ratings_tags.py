"""Template helpers: `{% load ratings_tags %}{% tier_badge user "sichuan" %}` shows a tier;
`{{ row.patterns|pattern_labels|join:", " }}` names win patterns in the page's language."""

from __future__ import annotations

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.engine.patterns import pattern_name
from games.engine.registry import TABLE_OPTIONS
from ratings.selectors import tier_for

register = template.Library()


@register.inclusion_tag("ratings/_tier_badge.html")
def tier_badge(user, variant: str):
    """The user's tier in ``variant`` as a small badge (lobby, table, profile)."""
    return {"tier": tier_for(user, variant)}


@register.simple_tag
def tier_of(user, variant: str):
    """The TierInfo, for templates that lay it out themselves: `{% tier_of u v as t %}`."""
    return tier_for(user, variant)


@register.filter
def duration(seconds) -> str:
    """Seconds as "1h 05m" / "9m 30s"."""
    seconds = int(seconds or 0)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}h {minutes:02d}m" if hours else f"{minutes}m {secs:02d}s"


@register.filter
def pattern_label(key) -> str:
    """One win pattern key (``"pinghu"``) as its name in the page's language (games/engine/patterns.py):
    Chinese on a zh-hans page, "English (中文)" otherwise."""
    return pattern_name(str(key), get_language() or "")


@register.filter
def pattern_labels(keys) -> list[str]:
    """A list of pattern keys as names: `{{ row.patterns|pattern_labels|join:", " }}`."""
    lang = get_language() or ""
    return [pattern_name(str(k), lang) for k in keys or ()]


@register.simple_tag
def rating_note() -> str:
    """The one line that says why a rating can rise after a losing hand."""
    return _(
        "The rating ranks each hand's points among the four players and is a cautious estimate "
        "that firms up with every hand played, so it can rise after a loss."
    )


_OPTION_NAMES = {
    ("bloody", True): ("Bloody battle", "血战到底"),
    ("bloody", False): ("Normal", "普通场"),
    ("koukou", True): ("Every-meld doubling", "口口翻"),
    ("koukou", False): ("Open-hand doubling", "开口翻"),
}


def _zh() -> bool:
    return (get_language() or "").lower().startswith("zh")


@register.filter
def options_label(options) -> str:
    """A hand's rule options in words (``{"bloody": True}`` -> 血战到底), never ``key=value``."""
    names = []
    for key, value in sorted((options or {}).items()):
        if key in TABLE_OPTIONS:
            continue  # how the table conducted the hand (open_windows), not a rule of it
        pair = _OPTION_NAMES.get((key, bool(value)))
        names.append((pair[1] if _zh() else f"{pair[0]} ({pair[1]})") if pair else key)
    return " · ".join(names)


@register.filter
def hand_status_label(status) -> str:
    return {
        "live": _("being played"),
        "ended": _("ended, coins not yet settled"),
        "settled": _("settled"),
    }.get(str(status), str(status))


WINDS_ZH = ("东", "南", "西", "北")
WINDS_EN = ("East", "South", "West", "North")


@register.simple_tag
def seat_wind(seat, dealer) -> str:
    """The wind of ``seat`` in a hand dealt by ``dealer`` (the dealer is East)."""
    k = (int(seat) - int(dealer)) % 4
    return WINDS_ZH[k] if _zh() else f"{WINDS_EN[k]} {WINDS_ZH[k]}"


@register.filter
def variant_name(key) -> str:
    """A variant's name in the page's language: 四川麻将 / Sichuan (四川麻将)."""
    import games.engine as engine

    v = engine.VARIANTS.get(str(key))
    if v is None:
        return str(key)
    return v.name_zh if _zh() else f"{v.name_en} ({v.name_zh})"


@register.filter
def player_name(player) -> str:
    """A hand's player as named on the page: a bot is "机器人 2" on a Chinese page."""
    if player.get("is_bot") and _zh():
        return f"机器人 {int(player['seat']) + 1}"
    return str(player.get("name", ""))


@register.filter
def outcome_label(outcome) -> str:
    """A hand's outcome for a player (ratings.models.Outcome) in the page's language."""
    return {"win": _("win"), "loss": _("loss"), "draw": _("even")}.get(str(outcome), str(outcome))


# What each engine action is called ([English, 中文]); the table client's ACTION_NAMES
# (static/games/table.js) has the same. An unknown type shows as its key.
_ACTION_NAMES = {
    "discard": ("Discard", "打"), "chow": ("Chow", "吃"), "pung": ("Pung", "碰"),
    "kong_exposed": ("Kong", "杠"), "kong_added": ("Add kong", "补杠"),
    "kong_concealed": ("Concealed kong", "暗杠"), "hu": ("Win", "胡"), "pass": ("Pass", "过"),
    "dingque": ("Void suit", "定缺"), "paozi": ("Paozi", "炮子"), "maizi": ("Buy", "买子"),
    "xiazi": ("Bet", "下子"), "hongzhong_gang": ("Red-dragon kong", "红中杠"),
    "laizi_gang": ("Laizi kong", "癞子杠"), "qiangjin": ("Rob the gold", "抢金"),
    "sanjindao": ("Three golds", "三金倒"), "buhua": ("Flower", "补花"), "piao": ("Piao", "飘"),
}  # fmt: skip
_CHOICE_NAMES = {
    ("maizi", 0): ("Don't buy", "不买"), ("maizi", 1): ("Buy", "买子"),
    ("xiazi", 0): ("Don't bet", "不下"), ("xiazi", 1): ("Bet", "下子"),
}  # fmt: skip
_SUITS = {"m": "万", "p": "筒", "s": "条"}


@register.filter
def action_label(action):
    """An engine action (its JSON) in words and tile faces: 碰 Pung 五万, 定缺 Void suit 条."""
    from ratings.templatetags.que_tiles import tile_faces

    if not isinstance(action, dict):
        return str(action)
    kind = str(action.get("type", ""))
    choice = action.get("choice")
    pair = _CHOICE_NAMES.get((kind, choice)) if choice is not None else None
    if pair is None:
        pair = _ACTION_NAMES.get(kind)
    name = (pair[1] if _zh() else f"{pair[1]} {pair[0]}") if pair else kind
    parts = [format_html("{}", name)]
    tiles = action.get("tiles") or action.get("tile")
    if tiles:
        parts.append(tile_faces(tiles))
    if choice is not None and (kind, choice) not in _CHOICE_NAMES:
        parts.append(format_html("{}", _SUITS.get(str(choice), str(choice))))
    return format_html_join(" ", "{}", ((p,) for p in parts))


@register.filter
def decision_phase(phase) -> str:
    """A reviewed decision's kind: your turn, a claim (on another's discard), a choice."""
    return {"turn": _("your turn"), "claim": _("claim"), "choice": _("choice")}.get(
        str(phase), str(phase)
    )


@register.filter
def reason_label(reason) -> str:
    """The expert's reason for an option in the page's language: on a Chinese page its
    translation (games.reasons), or nothing for a phrase not translated yet."""
    from games.reasons import reason_zh

    text = str(reason or "")
    return (reason_zh(text) or "") if _zh() else text
