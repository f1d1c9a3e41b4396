"""The games app's interface to the apps layered above it, which games never imports.

ratings sits above games: it reads hand records (games.models) to rate them, so games may not
import ratings (docs/operations.md, "Module contracts"; the import-linter contracts in
pyproject.toml check it in `make lint`). What games tells and asks them goes through here:

* ``hand_settled``, a Django signal, announces a settled hand. hand_settle sends it inside the
  settlement's transaction, right after the hand is marked SETTLED, with ``hand`` (the
  HandRecord) and ``seats`` (its HandSeat rows in seat order, users loaded). Receivers write in
  that same transaction: what they record commits with the payment or not at all, and a hand is
  announced once however often its settlement is retried (a retry of a settled hand returns
  before sending; a rolled-back attempt took the receivers' rows with it). An exception in a
  receiver rolls the settlement back, to be retried like any failed settlement.
* ``player_facts()`` answers what a table needs to know of its players: the seating cool-down
  after escapes (and what another escape would cost), the ladder tiers shown on seats. An app provides them from its
  AppConfig.ready() with ``player_facts_provide`` (ratings does: ratings/signals.py); without a
  provider nobody is cooling down and nobody has a tier.
"""

from __future__ import annotations

from typing import Any, Protocol

from django.dispatch import Signal

#: Sent by games.runtime.services.hand_settle, inside its transaction: hand=, seats=.
hand_settled = Signal()

#: A variant's tier table: (name, lowest ladder points) from the floor up.
TierTable = list[tuple[str, int]]


class PlayerFacts(Protocol):
    def escape_cooldown(self, user: Any) -> int:
        """Seconds before ``user`` may sit at a table again (0: now)."""
        ...

    def escape_outlook(self, user: Any) -> dict[str, int]:
        """What another escape would cost ``user`` in cool-down: recent_escapes,
        cooldown_after (seconds), first_cooldown_at, first_cooldown_seconds, window_seconds."""
        ...

    def ladder(self, variant: str, user_ids: list[int]) -> tuple[TierTable, dict[int, int]]:
        """The variant's tier table and the ladder points of those users who have any."""
        ...

    def tier(self, variant: str, points: int, tiers: TierTable) -> tuple[str, int] | None:
        """The tier's name and 1-based position at ``points`` in ``tiers`` (None: no tier)."""
        ...


class _NoPlayerFacts:
    def escape_cooldown(self, user: Any) -> int:
        return 0

    def escape_outlook(self, user: Any) -> dict[str, int]:
        return dict.fromkeys(
            (
                "recent_escapes",
                "cooldown_after",
                "first_cooldown_at",
                "first_cooldown_seconds",
                "window_seconds",
            ),
            0,
        )

    def ladder(self, variant: str, user_ids: list[int]) -> tuple[TierTable, dict[int, int]]:
        return [], {}

    def tier(self, variant: str, points: int, tiers: TierTable) -> tuple[str, int] | None:
        return None


_provider: PlayerFacts = _NoPlayerFacts()


def player_facts_provide(provider: PlayerFacts) -> None:
    """Make ``provider`` the source of player facts (called once, from an AppConfig.ready())."""
    global _provider
    _provider = provider


def player_facts() -> PlayerFacts:
    return _provider
