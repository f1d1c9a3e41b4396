"""The writer's hot statements, without the ORM's per-call query building.

Every accepted action writes the same few rows: the table (its state and a few columns), the
hand's action list, the change's TableEvents and the action's receipt. Django builds each of
those statements anew on every call (query compilation and model bookkeeping were about two
thirds of an action's server time, the database itself under a tenth). Here each statement is
built once per (model, columns) from the models' own metadata, so column names, types and the
backends' value adaptation (JSON, datetimes) stay Django's; only the SQL text is reused.

Used only inside the writer's transaction (services._writing); errors are Django's
(an IntegrityError for a duplicate receipt, as with the ORM).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from django.db import connections, models, router
from django.utils import timezone


def _connection(model: type[models.Model]):
    return connections[router.db_for_write(model)]


@cache
def _update_sql(model: type[models.Model], vendor: str, names: tuple[str, ...]) -> tuple[str, list]:
    meta = model._meta
    quote = _connection(model).ops.quote_name
    fields = [meta.get_field(name) for name in names]
    sets = ", ".join(f"{quote(f.column)} = %s" for f in fields)
    return f"UPDATE {quote(meta.db_table)} SET {sets} WHERE {quote(meta.pk.column)} = %s", fields


@cache
def _insert_sql(model: type[models.Model], vendor: str) -> tuple[str, list]:
    meta = model._meta
    quote = _connection(model).ops.quote_name
    fields = [f for f in meta.concrete_fields if not f.primary_key]
    columns = ", ".join(quote(f.column) for f in fields)
    values = ", ".join(["%s"] * len(fields))
    return f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES ({values})", fields


def _values(fields: Sequence[models.Field], obj: models.Model, connection) -> list[Any]:
    return [f.get_db_prep_save(getattr(obj, f.attname), connection) for f in fields]


def update(obj: models.Model, names: Sequence[str]) -> None:
    """UPDATE the columns ``names`` (attribute names, e.g. ``current_hand_id``) of ``obj``'s row;
    a DateTimeField with auto_now among them is set to now, as Model.save does."""
    model = type(obj)
    connection = _connection(model)
    sql, fields = _update_sql(model, connection.vendor, tuple(names))
    for f in fields:
        if getattr(f, "auto_now", False):
            setattr(obj, f.attname, timezone.now())
    with connection.cursor() as cursor:
        cursor.execute(sql, [*_values(fields, obj, connection), obj.pk])


def insert(objs: Sequence[models.Model]) -> None:
    """INSERT new rows of one model (their keys are not read back: the writer's rows are
    found by their natural keys, table and seq or table, user and action id). A DateTimeField
    with auto_now_add is set to now, as Model.save does."""
    if not objs:
        return
    model = type(objs[0])
    connection = _connection(model)
    sql, fields = _insert_sql(model, connection.vendor)
    stamped = [
        f for f in fields if getattr(f, "auto_now_add", False) or getattr(f, "auto_now", False)
    ]
    now = timezone.now()
    for obj in objs:
        for f in stamped:
            setattr(obj, f.attname, now)
    rows = [_values(fields, obj, connection) for obj in objs]
    with connection.cursor() as cursor:
        if len(rows) == 1:
            cursor.execute(sql, rows[0])
        else:
            cursor.executemany(sql, rows)
