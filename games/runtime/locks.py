"""Row locks for tables. The only place that takes them, so the order is always the same:
Table first, then (inside settle) the HandRecord, then wallet accounts (wallet.locks).

The lock itself is config.locks.for_update, the one every app uses: on PostgreSQL FOR NO KEY
UPDATE, which serialises the writers of one table without blocking the inserts of TableEvent rows
that reference it. SQLite serialises writers on the whole database.
"""

from __future__ import annotations

from django.db import connections, router
from django.db.models import QuerySet

from config.locks import for_update
from games.models import HandRecord, Table
from games.runtime import rows


def _table_locked(table_id: int) -> QuerySet[Table]:
    # (only the room is joined, which no writer changes: a joined row is read as of the query's
    # start on PostgreSQL, services._current_hand says why the hand is read after the lock;
    # the live hand's actions are only ever appended to, services._writing)
    return (
        for_update(Table.objects.filter(pk=table_id)).select_related("room").defer("hand_actions")
    )


def lock_table(table_id: int) -> Table:
    """Lock the table row (inside a transaction) and return it fresh, its room joined;
    Table.DoesNotExist if gone. Every writer transaction starts here, so the query is compiled
    once per database (games.runtime.rows.loader)."""
    vendor = connections[router.db_for_write(Table)].vendor
    return rows.loader(_table_locked, "room", vendor).get(table_id)


def lock_hand(hand_id: int) -> HandRecord:
    return for_update(HandRecord.objects.filter(pk=hand_id)).select_related("room").get()
