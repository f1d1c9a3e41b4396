"""Shaanxi mahjong (陕西麻将), shared/rules/shaanxi.md.

The rank-tier table lives in ``ranks`` and is re-exported here for the ratings app.
"""

from games.engine.variants.shaanxi.ranks import RANK_TIERS, rank_for

__all__ = ["RANK_TIERS", "rank_for"]
