"""Wuhan mahjong (武汉麻将, 开口翻 / 口口翻): shared/rules/wuhan.md.

The rank-tier table is data for the ratings app: ``RANK_TIERS`` and ``rank_for(points)``.
"""

from games.engine.variants.wuhan.rules import RANK_TIERS, rank_for

__all__ = ["RANK_TIERS", "rank_for"]
