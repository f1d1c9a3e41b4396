"""How ratings hears from the live tables (games.interface; docs/ratings.md, "Contract with the
live tables"). Connected once, from RatingsConfig.ready(): games never imports ratings.

* On ``hand_settled`` (sent inside hand_settle's transaction) the hand is rated and its escapes
  are recorded, in that transaction: they commit with the coins or not at all. Both writes are
  idempotent besides (RatedHand, Escape are unique per hand), so a duplicate signal changes
  nothing.
* The tables' player facts (seating cool-down, seat tiers) come from ratings' services and
  selectors through ``RatingsPlayerFacts``.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.dispatch import receiver
from django.utils import timezone

from games.interface import TierTable, hand_settled, player_facts_provide
from ratings import selectors, services
from ratings.models import Escape


@receiver(hand_settled, dispatch_uid="ratings.record_settled_hand")
def record_settled_hand(sender: Any, *, hand: Any, seats: list[Any], **kwargs: Any) -> None:
    services.ratings_record_hand(hand=hand)
    for seat in seats:
        if seat.escaped and seat.user_id:
            services.ratings_record_escape(user=seat.user, hand=hand)


class RatingsPlayerFacts:
    def escape_cooldown(self, user: Any) -> int:
        return services.escape_cooldown_remaining(user)

    def escape_outlook(self, user: Any) -> dict[str, int]:
        window = services.escape_window_seconds()
        recent = Escape.objects.filter(
            user=user, created_at__gt=timezone.now() - timedelta(seconds=window)
        ).count()
        steps = services.escape_cooldowns()
        return {
            "recent_escapes": recent,
            "cooldown_after": services.cooldown_for(recent + 1),
            "first_cooldown_at": steps[0][0] if steps else 0,
            "first_cooldown_seconds": steps[0][1] if steps else 0,
            "window_seconds": window,
        }

    def ladder(self, variant: str, user_ids: list[int]) -> tuple[TierTable, dict[int, int]]:
        return selectors.tier_table(variant), selectors.standing_points(user_ids, variant)

    def tier(self, variant: str, points: int, tiers: TierTable) -> tuple[str, int] | None:
        info = selectors.tier_of_points(variant, points, tiers)
        return (info.name, info.position) if info.name else None


def connect() -> None:
    """Called from RatingsConfig.ready(); the receiver above is connected by importing this."""
    player_facts_provide(RatingsPlayerFacts())
