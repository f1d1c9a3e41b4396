"""Template helpers: `{% load ratings_tags %}{% tier_badge user "sichuan" %}` shows a tier;
`{{ row.patterns|pattern_labels|join:", " }}` names win patterns in the page's language."""

from __future__ import annotations

from django import template
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
