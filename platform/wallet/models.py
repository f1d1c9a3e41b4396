"""Double-entry coin ledger.

Every Transfer has LedgerEntry rows that sum to zero. Entries are append-only; Account.balance is a
cache of the sum of the account's entries, updated in the same transaction under a row lock
(wallet/locks.py) and rebuilt by `manage.py wallet_audit`. Coins are integers. See docs/wallet.md.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class AccountKind(models.TextChoices):
    USER = "user", "user"
    HOUSE = "house", "house"
    MINT = "mint", "mint"


class Account(models.Model):
    """One coin account. The mint is where coins come from, so only it may go negative."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="wallet_account",
    )
    kind = models.CharField(max_length=10, choices=AccountKind.choices, default=AccountKind.USER)
    balance = models.BigIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(balance__gte=0) | Q(kind=AccountKind.MINT),
                name="wallet_account_balance_non_negative",
            ),
            models.CheckConstraint(
                condition=(Q(kind=AccountKind.USER) & Q(user__isnull=False))
                | (~Q(kind=AccountKind.USER) & Q(user__isnull=True)),
                name="wallet_account_user_iff_user_kind",
            ),
            # One house and one mint account.
            models.UniqueConstraint(
                fields=["kind"],
                condition=~Q(kind=AccountKind.USER),
                name="wallet_account_one_per_system_kind",
            ),
        ]

    def __str__(self) -> str:
        if self.kind == AccountKind.USER:
            return f"account of {self.user_id}"
        return f"{self.kind} account"


class TransferKind(models.TextChoices):
    SIGNUP_GRANT = "signup_grant", _("sign-up grant")
    ADMIN_ADJUST = "admin_adjust", _("admin adjustment")
    TRANSFER = "transfer", _("transfer")
    SETTLEMENT = "settlement", _("room settlement")
    PENALTY = "penalty", _("penalty")


class Transfer(models.Model):
    kind = models.CharField(max_length=20, choices=TransferKind.choices)
    # Retries and duplicate deliveries carry the same key; the UNIQUE index makes them no-ops.
    idempotency_key = models.CharField(max_length=200, unique=True)
    memo = models.CharField(max_length=500, blank=True)
    room = models.ForeignKey(
        "rooms.Room", null=True, blank=True, on_delete=models.PROTECT, related_name="transfers"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="Who caused the transfer (admin adjustments); empty for system transfers.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-pk"]

    def __str__(self) -> str:
        return f"{self.kind} {self.idempotency_key}"


class AppendOnlyError(Exception):
    """Ledger entries are never changed or deleted: a correction is a new transfer."""


class LedgerEntryQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise AppendOnlyError("ledger entries are append-only")

    def delete(self):
        raise AppendOnlyError("ledger entries are append-only")


class LedgerEntry(models.Model):
    transfer = models.ForeignKey(Transfer, on_delete=models.PROTECT, related_name="entries")
    account = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="entries")
    amount = models.BigIntegerField()

    objects = LedgerEntryQuerySet.as_manager()

    class Meta:
        ordering = ["-pk"]
        indexes = [models.Index(fields=["account", "-id"], name="wallet_entry_account_idx")]

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise AppendOnlyError("ledger entries are append-only")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError("ledger entries are append-only")

    def __str__(self) -> str:
        return f"{self.amount:+d} to {self.account_id} ({self.transfer_id})"
