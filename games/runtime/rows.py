"""The writer's hot statements, without the ORM's per-call query building.

Every accepted action writes the same few rows: the table (its state, a few columns and the live
hand's action list, appended to in SQL), the change's TableEvents and the action's receipt.
Django builds each of those statements anew on every call (query compilation and model
bookkeeping were about two thirds of an action's server time, the database itself under a
tenth). Here each statement is built once per (model, columns) from the models' own metadata,
so column names, types and the backends' value adaptation (JSON, datetimes) stay Django's; only
the SQL text is reused.

Used only inside the writer's transaction (services._writing); errors are Django's
(an IntegrityError for a duplicate receipt, as with the ORM).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from typing import Any

from django.db import connections, models, router
from django.utils import timezone


def _connection(model: type[models.Model]):
    return connections[router.db_for_write(model)]


def _grown(column: str, vendor: str, count: int) -> str:
    """SQL for the JSON list in ``column`` with ``count`` items (parameters) added at its end."""
    if vendor == "postgresql":  # jsonb: array || array is the two arrays end to end
        return f"{column} || %s::jsonb"
    if vendor == "sqlite":  # json_insert applies its edits left to right, each at the end
        edits = ", '$[#]', json(%s)" * count
        return f"json_insert({column}{edits})"
    raise NotImplementedError(f"appending to a JSON list on {vendor}")


@cache
def _update_sql(
    model: type[models.Model], vendor: str, names: tuple[str, ...], append: str | None, count: int
) -> tuple[str, list]:
    meta = model._meta
    quote = _connection(model).ops.quote_name
    fields = [meta.get_field(name) for name in names]
    sets = [f"{quote(f.column)} = %s" for f in fields]
    if append is not None:
        column = quote(meta.get_field(append).column)
        sets.append(f"{column} = {_grown(column, vendor, count)}")
    return (
        f"UPDATE {quote(meta.db_table)} SET {', '.join(sets)} WHERE {quote(meta.pk.column)} = %s",
        fields,
    )


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


def _list_params(field: models.Field, items: Sequence[Any], vendor: str) -> list[str]:
    encode = field.encoder  # the field's own JSON encoder (None: the json module's)
    if vendor == "postgresql":
        return [json.dumps(list(items), cls=encode)]
    return [json.dumps(item, cls=encode) for item in items]


def update(
    obj: models.Model, names: Sequence[str], *, append: tuple[str, Sequence[Any]] | None = None
) -> None:
    """UPDATE the columns ``names`` (attribute names, e.g. ``current_hand_id``) of ``obj``'s row;
    a DateTimeField with auto_now among them is set to now, as Model.save does.

    ``append=(name, items)`` also adds ``items`` to the end of the JSON list in column ``name``,
    in the database: the statement carries only the new items, whatever the list holds (the
    writer need not read the list, which may be long)."""
    model = type(obj)
    connection = _connection(model)
    name, items = append if append and append[1] else (None, ())
    sql, fields = _update_sql(model, connection.vendor, tuple(names), name, len(items))
    for f in fields:
        if getattr(f, "auto_now", False):
            setattr(obj, f.attname, timezone.now())
    params = _values(fields, obj, connection)
    if name is not None:
        params += _list_params(model._meta.get_field(name), items, connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, obj.pk])


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


class _Loader:
    """A SELECT of one model's rows, with at most one joined model (``select_related``),
    compiled once: the SQL is Django's for that queryset (deferred columns left out), the
    values go through the converters Django applies (JSON decoding, SQLite's datetimes), and
    the instances are built by Model.from_db. A joined row of NULLs (a nullable foreign key,
    LEFT JOIN) is None."""

    def __init__(self, queryset: models.QuerySet, related: str | None) -> None:
        compiler = queryset.query.get_compiler(queryset.db)
        self.sql, params = compiler.as_sql()
        self.key_at = list(params).index(_KEY)
        self.params = list(params)
        self.db = queryset.db
        self.model = queryset.model
        self.related = queryset.model._meta.get_field(related) if related else None
        connection = connections[queryset.db]
        infos = [compiler.klass_info, *compiler.klass_info.get("related_klass_infos", [])]
        self.parts = []
        for info in infos:  # the queried model, then the joined one
            at = list(info["select_fields"])
            columns = [compiler.select[i][0] for i in at]
            fields = [col.target for col in columns]
            converters = [
                connection.ops.get_db_converters(col) + col.get_db_converters(connection)
                for col in columns
            ]
            pk_at = fields.index(info["model"]._meta.pk)
            self.parts.append(
                (info["model"], [f.attname for f in fields], at, converters, columns, pk_at)
            )

    def all(self, key: Any) -> list[models.Model]:
        params = list(self.params)
        params[self.key_at] = key
        connection = connections[self.db]
        with connection.cursor() as cursor:
            cursor.execute(self.sql, params)
            found = cursor.fetchall()
        return [self._build(row, connection) for row in found]

    def get(self, key: Any) -> models.Model:
        found = self.all(key)
        if not found:
            raise self.model.DoesNotExist(
                f"{self.model._meta.object_name} matching query does not exist."
            )
        return found[0]

    def _build(self, row: Sequence[Any], connection) -> models.Model:
        built: list[models.Model | None] = []
        for model, names, at, converters, columns, pk_at in self.parts:
            values = [row[i] for i in at]
            if values[pk_at] is None:  # a LEFT JOIN that found nothing
                built.append(None)
                continue
            for i, convs in enumerate(converters):
                for conv in convs:
                    values[i] = conv(values[i], columns[i], connection)
            built.append(model.from_db(self.db, names, values))
        main = built[0]
        assert main is not None
        if self.related is not None:
            self.related.set_cached_value(main, built[1])
        return main


#: A placeholder key compiled into a _Loader's SQL and replaced at each call.
_KEY = -7_340_033


@cache
def loader(build: Any, related: str | None, vendor: str) -> _Loader:
    """``build(key)`` returns the queryset for one key (the key is compiled as a placeholder);
    the loader runs it for any key."""
    return _Loader(build(_KEY), related)
