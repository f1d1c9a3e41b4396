"""Row locks for coins. The only place that takes them, so the order is always the same.

Accounts are locked in primary-key order: two settlements touching the same wallets then queue
instead of deadlocking. On PostgreSQL the lock is FOR NO KEY UPDATE, which does not block
inserts of ledger entries referencing the account (FOR UPDATE would, through the foreign key).
SQLite has no row locks; it serialises writers on the whole database instead.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import connection

from wallet.models import Account


def lock_accounts(account_ids: Iterable[int]) -> dict[int, Account]:
    """Lock the accounts (inside a transaction) and return them fresh, keyed by pk."""
    ids = sorted(set(account_ids))
    queryset = Account.objects.filter(pk__in=ids).order_by("pk")
    if connection.features.has_select_for_update:
        if connection.vendor == "postgresql":
            queryset = queryset.select_for_update(of=("self",), no_key=True)
        else:
            queryset = queryset.select_for_update()
    accounts = {account.pk: account for account in queryset}
    missing = set(ids) - set(accounts)
    if missing:
        raise Account.DoesNotExist(f"wallet accounts {sorted(missing)} do not exist")
    return accounts
