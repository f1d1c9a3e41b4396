"""Row locks for coins. The only place that takes them, so the order is always the same.

Accounts are locked in primary-key order: two settlements touching the same wallets then queue
instead of deadlocking. The lock is config.locks.for_update, the one every app uses: on
PostgreSQL FOR NO KEY UPDATE, which does not block inserts of ledger entries referencing the
account (FOR UPDATE would, through the foreign key). SQLite has no row locks; it serialises
writers on the whole database instead.
"""

from __future__ import annotations

from collections.abc import Iterable

from config.locks import for_update
from wallet.models import Account


def lock_accounts(account_ids: Iterable[int]) -> dict[int, Account]:
    """Lock the accounts (inside a transaction) and return them fresh, keyed by pk."""
    ids = sorted(set(account_ids))
    queryset = for_update(Account.objects.filter(pk__in=ids).order_by("pk"))
    accounts = {account.pk: account for account in queryset}
    missing = set(ids) - set(accounts)
    if missing:
        raise Account.DoesNotExist(f"wallet accounts {sorted(missing)} do not exist")
    return accounts
