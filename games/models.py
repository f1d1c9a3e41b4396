"""Live tables: Table, Seat, HandRecord, HandSeat, TableEvent, ActionReceipt.

One writer per table: every change goes through games.runtime.services under a row lock on the
Table (games.runtime.locks) and bumps `Table.seq`; each change appends exactly one TableEvent with
that seq. Engine events are stored raw (unredacted) and redacted per seat when they are sent.
See docs/protocol.md.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from games.jsoncodec import Decoder, Encoder


class TableStatus(models.TextChoices):
    WAITING = "waiting", "waiting for players"
    PLAYING = "playing", "hand in progress"
    BETWEEN = "between", "between hands"
    CLOSED = "closed", "closed"


class Table(models.Model):
    room = models.ForeignKey("rooms.Room", on_delete=models.PROTECT, related_name="tables")
    status = models.CharField(
        max_length=10, choices=TableStatus.choices, default=TableStatus.WAITING
    )
    is_private = models.BooleanField(default=False)
    invite_code = models.CharField(max_length=12, blank=True, default="")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The table's version: one TableEvent per value. Clients send the seq they saw.
    seq = models.PositiveBigIntegerField(default=0)
    # Bumped by every writer transaction that changes a seat, the status or the current hand
    # (games.runtime.memo: a process reuses the seats and hand it last wrote only while the
    # row still has the revision it left).
    rev = models.PositiveBigIntegerField(default=0)
    hand_no = models.PositiveIntegerField(default=0)
    dealer = models.PositiveSmallIntegerField(default=0)
    carry = models.JSONField(null=True, blank=True, encoder=Encoder, decoder=Decoder)
    # The live engine state (HandState.to_json()); it holds the wall, so it never leaves the server.
    state = models.JSONField(null=True, blank=True, encoder=Encoder, decoder=Decoder)
    current_hand = models.ForeignKey(
        "HandRecord", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Turn timer: when it passes, the server plays default_action for the seats to act.
    deadline = models.DateTimeField(null=True, blank=True)
    # When empty seats are filled with bots (waiting tables), or the next hand starts (between).
    bot_fill_at = models.DateTimeField(null=True, blank=True)
    next_hand_at = models.DateTimeField(null=True, blank=True)
    # A claim window lasts at least until window_closes_at, whoever may claim: an answer that
    # would close it earlier waits in `held` (docs/protocol.md, "Claim windows").
    window_closes_at = models.DateTimeField(null=True, blank=True)
    held = models.JSONField(default=list, blank=True, encoder=Encoder, decoder=Decoder)
    # The decision point the game is at (services._window) and the seq of the event that opened
    # it: an action that saw an older seq is stale (no scan of the events needed).
    window = models.CharField(max_length=120, blank=True, default="")
    window_seq = models.PositiveBigIntegerField(default=0)
    # When the bots (and seats on autoplay) move next: their human-like pause.
    bot_due_at = models.DateTimeField(null=True, blank=True)
    # The earliest of every time above (and the grace periods of the seats): the one clock
    # (games.runtime.clock) looks only at tables whose wake_at has passed.
    wake_at = models.DateTimeField(null=True, blank=True)
    # What every client may know of the four seats (selectors.seat_public), kept by the writer
    # whenever a seat changes, so a frame needs no seat query.
    seats_view = models.JSONField(null=True, blank=True, encoder=Encoder, decoder=Decoder)
    # The actions of the hand being played, in order (HandRecord.actions' format): each writer
    # appends its own in SQL in the UPDATE it makes of this row anyway, and never reads them
    # (games.runtime.locks leaves the column out); the hand's end moves them to its record.
    hand_actions = models.JSONField(default=list, blank=True, encoder=Encoder, decoder=Decoder)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [
            models.Index(fields=["room", "status"], name="games_table_room_status_idx"),
            models.Index(fields=["deadline"], name="games_table_deadline_idx"),
            models.Index(fields=["wake_at"], name="games_table_wake_at_idx"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["invite_code"],
                condition=~Q(invite_code=""),
                name="games_table_invite_code_unique",
            ),
        ]

    def __str__(self) -> str:
        return f"table {self.pk} ({self.room_id}, {self.status})"


class Seat(models.Model):
    """A chair at a table. user is null for a bot; `autoplay` means a bot plays for the user."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    is_bot = models.BooleanField(default=False)
    autoplay = models.BooleanField(default=False)
    # Open sockets of the user (a cache of their TableSocket rows, kept by the writer).
    connections = models.PositiveIntegerField(default=0)
    # Turn timers run out in a row for this human; at 2 the bot stand-in plays until they act.
    timeouts = models.PositiveSmallIntegerField(default=0)
    disconnected_at = models.DateTimeField(null=True, blank=True)
    left_at = models.DateTimeField(null=True, blank=True)
    ready = models.BooleanField(default=False)

    class Meta:
        ordering = ["table", "index"]
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="games_seat_table_index"),
            models.UniqueConstraint(
                fields=["table", "user"],
                condition=Q(user__isnull=False),
                name="games_seat_one_per_user",
            ),
            models.CheckConstraint(condition=Q(index__lte=3), name="games_seat_index_0_3"),
        ]

    def __str__(self) -> str:
        who = "bot" if self.is_bot else f"user {self.user_id}"
        return f"seat {self.index} of table {self.table_id}: {who}"

    @property
    def is_empty(self) -> bool:
        return self.user_id is None and not self.is_bot

    @property
    def bot_plays(self) -> bool:
        return self.is_bot or self.autoplay


class HandStatus(models.TextChoices):
    LIVE = "live", "live"
    ENDED = "ended", "ended, not yet settled"
    SETTLED = "settled", "settled"


class HandRecord(models.Model):
    """One hand: everything needed to replay it with the engine, and its settlement."""

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="hands")
    room = models.ForeignKey("rooms.Room", on_delete=models.PROTECT, related_name="hands")
    hand_no = models.PositiveIntegerField()
    variant = models.CharField(max_length=20)
    options = models.JSONField(default=dict, encoder=Encoder, decoder=Decoder)
    dealer = models.PositiveSmallIntegerField()
    carry = models.JSONField(null=True, blank=True, encoder=Encoder, decoder=Decoder)
    seed = models.CharField(max_length=128)
    salt = models.CharField(max_length=128)
    commitment = models.CharField(max_length=64)
    wall_algorithm = models.CharField(max_length=40)
    actions = models.JSONField(default=list, encoder=Encoder, decoder=Decoder)
    result = models.JSONField(null=True, blank=True, encoder=Encoder, decoder=Decoder)
    points = models.JSONField(null=True, blank=True, encoder=Encoder, decoder=Decoder)
    coins = models.JSONField(null=True, blank=True, encoder=Encoder, decoder=Decoder)
    rake = models.BigIntegerField(default=0)
    coefficient = models.PositiveIntegerField(default=1)
    room_rake = models.PositiveIntegerField(default=0)
    transfer = models.ForeignKey(
        "wallet.Transfer", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    status = models.CharField(max_length=10, choices=HandStatus.choices, default=HandStatus.LIVE)
    started_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    settled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-pk"]
        constraints = [
            models.UniqueConstraint(fields=["table", "hand_no"], name="games_hand_table_no"),
        ]

    def __str__(self) -> str:
        return f"hand {self.hand_no} of table {self.table_id} ({self.status})"

    @property
    def seed_revealed(self) -> bool:
        return self.status != HandStatus.LIVE


class HandSeat(models.Model):
    """Who sat where in one hand: user is null for a bot seat. `escaped` = left the live hand."""

    hand = models.ForeignKey(HandRecord, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    is_bot = models.BooleanField(default=False)
    escaped = models.BooleanField(default=False)
    autoplayed = models.BooleanField(default=False)

    class Meta:
        ordering = ["hand", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "seat"], name="games_handseat_hand_seat"),
        ]

    def __str__(self) -> str:
        return f"seat {self.seat} of {self.hand_id}"


class TableEvent(models.Model):
    """One change of a table, with the seq it produced. `data` is raw; redact before sending."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveBigIntegerField()
    hand = models.ForeignKey(
        HandRecord, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    kind = models.CharField(max_length=20)
    data = models.JSONField(default=dict, encoder=Encoder, decoder=Decoder)
    # What a spectator sees after this change (observe(state, None)); spectators get it delayed.
    public_view = models.JSONField(null=True, blank=True, encoder=Encoder, decoder=Decoder)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seq"], name="games_event_table_seq"),
        ]

    def __str__(self) -> str:
        return f"{self.table_id}#{self.seq} {self.kind}"


class ActionReceipt(models.Model):
    """The answer given to a client action id, so a duplicate gets the original answer."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    action_id = models.CharField(max_length=64)
    response = models.JSONField(encoder=Encoder, decoder=Decoder)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["table", "user", "action_id"], name="games_receipt_unique"
            ),
        ]


class ServerProcess(models.Model):
    """A server process that holds sockets, with its heartbeat (games.runtime.presence): one
    row per process, beaten every few seconds; a process whose beat is older than the expiry is
    dead, and its sockets end."""

    name = models.CharField(max_length=64, primary_key=True)
    beat_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"process {self.name}"


class TableSocket(models.Model):
    """One open websocket of a user at a table: presence. `process` names the server process
    that holds it; that process keeps a heartbeat with an expiry (ServerProcess), so the sockets
    of a process that died end by themselves when the clock sees the heartbeat gone."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    channel_name = models.CharField(max_length=200, unique=True)
    process = models.CharField(max_length=64, db_index=True)
    opened_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["table", "user"], name="games_socket_table_user_idx")]

    def __str__(self) -> str:
        return f"socket of user {self.user_id} at table {self.table_id}"
