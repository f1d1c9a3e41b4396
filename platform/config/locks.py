"""Row locks: the one helper every app takes them with (games.runtime.locks, wallet.locks,
ratings.services), so every lock is the same kind of lock on every database.

Callers lock inside a transaction and in a fixed order (each caller's docstring says which), so
two writers touching the same rows queue instead of deadlocking.
"""

from __future__ import annotations

from typing import TypeVar

from django.db import connections, models
from django.db.models import QuerySet

M = TypeVar("M", bound=models.Model)


def for_update(queryset: QuerySet[M]) -> QuerySet[M]:
    """`queryset` locking the rows it reads until the transaction ends.

    On PostgreSQL FOR NO KEY UPDATE OF the queried table only: it serialises the writers of a row
    without blocking the inserts of rows that reference it by foreign key (FOR UPDATE would, and
    ledger entries, table events and history rows are inserted under these locks). SQLite has no
    row locks: it serialises writers on the whole database (every transaction takes the write lock
    when it begins: BEGIN IMMEDIATE, config/settings.py), so the queryset is returned unchanged.
    """
    connection = connections[queryset.db]
    if not connection.features.has_select_for_update:
        return queryset
    if connection.vendor == "postgresql":
        return queryset.select_for_update(of=("self",), no_key=True)
    return queryset.select_for_update()
