"""Row locks for tables. The only place that takes them, so the order is always the same:
Table first, then (inside settle) the HandRecord, then wallet accounts (wallet.locks).

On PostgreSQL FOR NO KEY UPDATE: it serialises the writers of one table without blocking the
inserts of TableEvent rows that reference it. SQLite serialises writers on the whole database.
"""

from __future__ import annotations

from django.db import connection

from games.models import HandRecord, Table


def _for_update(queryset):
    if not connection.features.has_select_for_update:
        return queryset
    if connection.vendor == "postgresql":
        return queryset.select_for_update(of=("self",), no_key=True)
    return queryset.select_for_update()


def lock_table(table_id: int) -> Table:
    """Lock the table row (inside a transaction) and return it fresh; Table.DoesNotExist if gone."""
    return (
        _for_update(Table.objects.filter(pk=table_id)).select_related("room", "current_hand").get()
    )


def lock_hand(hand_id: int) -> HandRecord:
    return _for_update(HandRecord.objects.filter(pk=hand_id)).select_related("room").get()
