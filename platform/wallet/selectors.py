"""Reads of the ledger. With wallet.services (the writes) the only way other apps reach it:
wallet.models and wallet.locks are private to the wallet (docs/wallet.md; pyproject.toml's
import-linter contracts check it)."""

from __future__ import annotations

from typing import NamedTuple

from django.db.models import QuerySet, Sum
from django.http import Http404

from wallet.models import Account, AccountKind, LedgerEntry, Transfer


def wallet_balance(user) -> int:
    """The user's coins (0 before their account exists)."""
    balance = Account.objects.filter(user=user).values_list("balance", flat=True).first()
    return balance or 0


def wallet_entries(user) -> QuerySet[LedgerEntry]:
    """The user's own ledger entries, newest first."""
    return LedgerEntry.objects.filter(account__user=user).select_related("transfer").order_by("-pk")


class TransferAmounts(NamedTuple):
    users: dict[int, int]  # net coins by user id (a user the transfer did not move is absent)
    house: int  # the house's net coins


def transfer_amounts_by_user(transfer: Transfer) -> TransferAmounts:
    """What a transfer moved, by user and for the house (one query): how a settlement reports
    the coins each seat paid or won and the rake."""
    users: dict[int, int] = {}
    house = 0
    rows = LedgerEntry.objects.filter(transfer=transfer).values_list(
        "account__user_id", "account__kind", "amount"
    )
    for user_id, kind, amount in rows:
        if kind == AccountKind.HOUSE:
            house += amount
        elif user_id is not None:
            users[user_id] = users.get(user_id, 0) + amount
    return TransferAmounts(users, house)


def wallet_audit() -> list[str]:
    """Check the ledger; returns the problems found (empty = clean).

    - every cached balance equals the sum of its entries,
    - all accounts including the mint sum to zero,
    - every transfer's entries sum to zero,
    - no balance is negative except the mint's.
    """
    problems: list[str] = []
    sums = dict(
        LedgerEntry.objects.values_list("account_id").annotate(total=Sum("amount")).order_by()
    )
    total = 0
    for account in Account.objects.order_by("pk"):
        rebuilt = sums.get(account.pk, 0) or 0
        total += account.balance
        if rebuilt != account.balance:
            problems.append(
                f"account {account.pk} ({account}): cached balance {account.balance} "
                f"!= sum of entries {rebuilt}"
            )
        if account.kind != AccountKind.MINT and account.balance < 0:
            problems.append(f"account {account.pk} ({account}): negative balance {account.balance}")
    if total != 0:
        problems.append(f"balances of all accounts sum to {total}, not 0")
    unbalanced = (
        Transfer.objects.annotate(total=Sum("entries__amount"))
        .exclude(total=0)
        .exclude(total__isnull=True)
        .values_list("pk", "idempotency_key", "total")
    )
    for pk, key, transfer_total in unbalanced:
        problems.append(f"transfer {pk} ({key}): entries sum to {transfer_total}, not 0")
    return problems


def access_entry(user, entry_id: int) -> LedgerEntry:
    """One of the user's own entries; anybody else's is 404, as if it did not exist."""
    entry = wallet_entries(user).filter(pk=entry_id).first()
    if entry is None:
        raise Http404("No such ledger entry.")
    return entry
