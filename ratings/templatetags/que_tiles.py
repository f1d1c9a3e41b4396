"""Tile faces in server-rendered pages: `{% load que_tiles %}{{ "123m5z"|tile_faces }}` gives the
same faces as the table client (static/games/table.js): 一万 二万 三万 白, styled by
static/css/tiles.css. `wild` marks the wildcard: `{{ wall|tile_faces:hand.wild }}`."""

from __future__ import annotations

from django import template
from django.utils.html import format_html, format_html_join

register = template.Library()

NUM = ("", "一", "二", "三", "四", "五", "六", "七", "八", "九")
SUIT = {"m": "万", "p": "筒", "s": "条"}
HONOR = ("", "东", "南", "西", "北", "白", "发", "中")
FLOWER = ("", "春", "夏", "秋", "冬", "梅", "兰", "竹", "菊")


def split_tiles(text) -> list[str]:
    """Split "123m45p" into ["1m", "2m", "3m", "4p", "5p"]; a list of tiles is taken as it is."""
    if isinstance(text, list | tuple):
        return [str(t) for t in text]
    out: list[str] = []
    digits = ""
    for c in str(text or ""):
        if c.isdigit():
            digits += c
        else:
            out.extend(d + c for d in digits)
            digits = ""
    return out


def tile_label(tile: str) -> tuple[str, str]:
    """The face of one tile: ("三", "万"), ("中", ""), ("梅", "")."""
    if len(tile) != 2 or not tile[0].isdigit():
        return tile, ""
    n, s = int(tile[0]), tile[1]
    if s in SUIT and 1 <= n <= 9:
        return NUM[n], SUIT[s]
    if s == "z" and 1 <= n <= 7:
        return HONOR[n], ""
    if s == "f" and 1 <= n <= 8:
        return FLOWER[n], ""
    return tile, ""


@register.filter
def tile_text(tile) -> str:
    """One tile as text: "3m" -> "三万"."""
    return "".join(tile_label(str(tile)))


@register.filter
def tile_faces(text, wild=None):
    """Tiles as faces (spans), the wildcard marked with the class ``wild`` and a ★."""
    tiles = split_tiles(text)
    rows = (
        (
            t[1:] or "x",
            " wild" if wild and t == wild else "",
            t,
            *tile_label(t),
        )
        for t in tiles
    )
    return format_html(
        '<span class="tiles">{}</span>',
        format_html_join(
            "",
            '<span class="tile suit-{}{}" data-tile="{}"><span class="tn">{}</span>'
            '<span class="ts">{}</span></span>',
            rows,
        ),
    )
