from __future__ import annotations

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models


class Variant(models.TextChoices):
    SICHUAN = "sichuan", "Sichuan 四川"
    FUZHOU = "fuzhou", "Fuzhou 福州"
    SHAANXI = "shaanxi", "Shaanxi 陕西"
    WUHAN = "wuhan", "Wuhan 武汉"
    YIWU = "yiwu", "Yiwu 义乌"


#: the variants with props (道具), games/engine/props.py
PROPS_VARIANTS = ("sichuan", "wuhan")


class BotKind(models.TextChoices):
    """How the room's bots play: games.engine.bots.KINDS without "random" (a test keeps the two
    in step). The bots fill empty seats and stand in for an away or disconnected player."""

    GREEDY = "greedy", "greedy (fast, weak)"
    EXPERT = "expert", "expert"


class Room(models.Model):
    """A lobby room: which game is played and what a point is worth in coins.

    Settlement (seed 001): coins = coefficient × points − rake for every seated player.
    """

    name = models.CharField(max_length=80)
    variant = models.CharField(max_length=20, choices=Variant.choices)
    options = models.JSONField(default=dict, blank=True, help_text='e.g. {"bloody": true}')
    base_points = models.PositiveIntegerField(default=1)
    coefficient = models.PositiveIntegerField(
        "coefficient N", default=1, validators=[MinValueValidator(1)]
    )
    rake = models.PositiveIntegerField("rake A", default=0)
    min_balance = models.PositiveBigIntegerField("minimum balance to sit", default=0)
    #: 道具 (sichuan.md §13): on by default; only Sichuan and Wuhan rooms have props (save())
    props_enabled = models.BooleanField("props allowed", default=True)
    #: New rooms get the expert (issue #19: the bots a player meets should play well); rooms
    #: that existed before keep the greedy bot they had (migration 0003): a stronger house
    #: player changes what a room costs its players, so that is the admin's decision.
    bot_kind = models.CharField(
        "bot strength",
        max_length=10,
        choices=BotKind.choices,
        default=BotKind.EXPERT,
        help_text="How the bots play that fill empty seats and stand in for away players.",
    )
    #: Practice rooms offer live hints at the table (the expert's top options for your seat).
    practice = models.BooleanField(
        "practice room",
        default=False,
        help_text="Players may ask for live hints (the expert's best options) at the table.",
    )
    is_active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["variant", "coefficient", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(coefficient__gte=1), name="room_coefficient_gte_1"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        from rooms.validation import room_options_validate

        self.options = room_options_validate(self.variant, self.options)

    def save(self, *args, **kwargs) -> None:
        if self.variant not in PROPS_VARIANTS:
            self.props_enabled = False  # no props in this variant: never shown as allowed
        super().save(*args, **kwargs)

    @property
    def mode_label(self) -> str:
        if self.options.get("bloody"):
            return "血战到底"
        if self.options.get("koukou"):
            return "口口翻"
        return ""


class RoomChange(models.Model):
    """Audit trail: one row per changed field of a room, with who changed it."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="changes")
    field = models.CharField(max_length=50)
    old = models.TextField(blank=True)
    new = models.TextField(blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.room_id}.{self.field}: {self.old} -> {self.new}"
