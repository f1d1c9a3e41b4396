"""Template helpers: `{% load ratings_tags %}{% tier_badge user "sichuan" %}` shows a tier;
`{{ row.patterns|pattern_labels|join:", " }}` names win patterns in the page's language."""

from __future__ import annotations

from django import template
from django.utils.translation import get_language

from games.engine.patterns import pattern_name
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
