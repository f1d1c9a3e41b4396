"""Ratings: tier tables, standings per player and variant, seasons, match history, escapes.

Everything is written by ratings.services inside the live tables' settlement transaction
(games.runtime.services.hand_settle). `RatedHand` is the idempotency key: one row per hand, so a
retried settlement never rates a hand twice. See docs/ratings.md.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from rooms.models import Variant


class Tier(models.Model):
    """One row of a variant's rank-tier table (等级). Position 1 is the floor tier."""

    variant = models.CharField(max_length=20, choices=Variant.choices)
    position = models.PositiveSmallIntegerField(help_text="1 = the lowest tier (the floor).")
    name = models.CharField(max_length=40)
    threshold = models.BigIntegerField(
        help_text="Cumulative points needed (≥). Tier 1's value is informational: it is the floor."
    )

    class Meta:
        ordering = ["variant", "position"]
        constraints = [
            models.UniqueConstraint(fields=["variant", "position"], name="ratings_tier_position"),
            models.UniqueConstraint(fields=["variant", "name"], name="ratings_tier_name"),
        ]

    def __str__(self) -> str:
        return f"{self.variant} {self.position} {self.name} (≥{self.threshold})"


class Season(models.Model):
    """A ladder window [starts_at, ends_at). Created monthly on demand; editable in the admin."""

    name = models.CharField(max_length=60)
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()

    class Meta:
        ordering = ["-starts_at"]
        constraints = [
            models.CheckConstraint(
                condition=Q(ends_at__gt=F("starts_at")), name="ratings_season_positive"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Standing(models.Model):
    """A player's running totals in one variant: 积分 (tier), OpenSkill belief, counters."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="standings"
    )
    variant = models.CharField(max_length=20, choices=Variant.choices)
    points = models.BigIntegerField(default=0)
    mu = models.FloatField()
    sigma = models.FloatField()
    rating = models.IntegerField(help_text="Displayed rating (calc.Skill.display).")
    hands = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    self_draws = models.PositiveIntegerField(default=0)
    deal_ins = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "variant"], name="ratings_standing_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.variant}: {self.points} pts, {self.rating}"


class SeasonStanding(models.Model):
    """A player's season in one variant: hands and points in the season, rating after the last."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="standings")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    variant = models.CharField(max_length=20, choices=Variant.choices)
    hands = models.PositiveIntegerField(default=0)
    points = models.BigIntegerField(default=0)
    mu = models.FloatField()
    sigma = models.FloatField()
    rating = models.IntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["season", "user", "variant"], name="ratings_seasonstanding_unique"
            ),
        ]
        indexes = [
            models.Index(fields=["season", "variant", "-rating"], name="ratings_ladder_idx"),
        ]


class RatedHand(models.Model):
    """The idempotency key of ratings_record_hand: a hand is rated once, whatever retries."""

    hand = models.OneToOneField("games.HandRecord", on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"rated hand {self.hand_id}"


class Outcome(models.TextChoices):
    WIN = "win", "win"
    LOSS = "loss", "loss"
    DRAW = "draw", "even"


class PlayerHand(models.Model):
    """One human player's line in one settled hand: the match-history row."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    hand = models.ForeignKey("games.HandRecord", on_delete=models.CASCADE, related_name="+")
    variant = models.CharField(max_length=20, choices=Variant.choices)
    room = models.ForeignKey("rooms.Room", on_delete=models.PROTECT, related_name="+")
    table_id = models.BigIntegerField()
    seat = models.PositiveSmallIntegerField()
    points = models.BigIntegerField()
    coins = models.BigIntegerField(default=0)
    outcome = models.CharField(max_length=4, choices=Outcome.choices)
    won = models.BooleanField(default=False)
    self_draw = models.BooleanField(default=False)
    dealt_in = models.BooleanField(default=False)
    escaped = models.BooleanField(default=False)
    patterns = models.JSONField(default=list)
    rating_before = models.IntegerField()
    rating_after = models.IntegerField()
    played_at = models.DateTimeField()

    class Meta:
        ordering = ["-played_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["user", "hand"], name="ratings_playerhand_unique"),
        ]
        indexes = [
            models.Index(fields=["user", "variant", "-played_at"], name="ratings_history_idx"),
        ]


class RatingHistory(models.Model):
    """A player's rating after a hand: the points of the rating-over-time chart."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    variant = models.CharField(max_length=20, choices=Variant.choices)
    hand = models.ForeignKey("games.HandRecord", on_delete=models.CASCADE, related_name="+")
    mu = models.FloatField()
    sigma = models.FloatField()
    rating = models.IntegerField()
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name_plural = "rating history"  # not "Rating historys" in the admin
        constraints = [
            models.UniqueConstraint(fields=["user", "hand"], name="ratings_history_unique"),
        ]
        indexes = [
            models.Index(fields=["user", "variant", "created_at"], name="ratings_chart_idx"),
        ]


class Escape(models.Model):
    """A player left a live hand (逃跑). Recent escapes decide the cool-down before sitting again."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    hand = models.ForeignKey(
        "games.HandRecord", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "hand"], condition=Q(hand__isnull=False), name="ratings_escape_once"
            ),
        ]
        indexes = [models.Index(fields=["user", "created_at"], name="ratings_escape_idx")]

    def __str__(self) -> str:
        return f"escape of {self.user_id} at {self.created_at:%Y-%m-%d %H:%M}"


class HandReview(models.Model):
    """The expert's review of one ended hand from one seat (games.engine.expert.review_hand):
    the seat's decisions with the expert's ranked options, computed on the first request for it
    and kept (ratings.services.hand_review_get). `version` is the expert's version the review
    was computed with; a different one computes it again."""

    hand = models.ForeignKey("games.HandRecord", on_delete=models.CASCADE, related_name="+")
    seat = models.PositiveSmallIntegerField()
    version = models.CharField(max_length=40, blank=True, default="")
    review = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["hand", "seat"], name="ratings_handreview_unique"),
            models.CheckConstraint(condition=Q(seat__lte=3), name="ratings_handreview_seat_0_3"),
        ]

    def __str__(self) -> str:
        return f"review of hand {self.hand_id}, seat {self.seat}"
