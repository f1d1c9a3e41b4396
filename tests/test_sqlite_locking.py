"""SQLite, the default database, while tables play: an admin save waits for a table's write
instead of failing with "database is locked" (it did: an HTTP 500 on a room save). Issue 14, 10.

pytest-django tests SQLite in memory, where none of this applies; so these tests open a SQLite
file of their own with the OPTIONS that config/settings.py gives the default database. Every
connection to it is opened in a thread of its own: the test's thread may hold an event loop left
running by an earlier async test, where Django refuses to open a connection.
"""

from __future__ import annotations

import json
import threading
import time

import pytest
from django.conf import settings
from django.db import OperationalError, connections, transaction
from django.db.models import F

from rooms.models import Room
from tests.test_layout import run_python

ALIAS = "sqlite_file"

PRINT_DATABASE = """
import json, django
django.setup()
from django.conf import settings
print(json.dumps(settings.DATABASES["default"]))
"""


def test_the_default_sqlite_database_uses_wal_immediate_transactions_and_a_timeout():
    result = run_python(["-c", PRINT_DATABASE], {})
    assert result.returncode == 0, result.stderr
    database = json.loads(result.stdout)
    assert database["ENGINE"] == "django.db.backends.sqlite3"
    assert database["OPTIONS"] == settings.SQLITE_OPTIONS
    assert settings.SQLITE_OPTIONS["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in settings.SQLITE_OPTIONS["init_command"]
    assert settings.SQLITE_OPTIONS["timeout"] >= 10


def _in_thread(work):
    """Run ``work()`` in a new thread with its own connection; return its result or raise."""
    out: dict = {}

    def run() -> None:
        try:
            out["value"] = work()
        except BaseException as exc:
            out["error"] = exc
        finally:
            connections[ALIAS].close()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(60)
    assert not thread.is_alive()
    if "error" in out:
        raise out["error"]
    return out.get("value")


def _create_rooms_table() -> None:
    with connections[ALIAS].schema_editor() as editor:
        editor.create_model(Room)


@pytest.fixture
def sqlite_file(tmp_path, django_db_blocker):
    """A SQLite file with a rooms table, reachable as ALIAS from every thread. Yields a function
    that sets the OPTIONS the connections opened next use."""

    def use(options: dict) -> None:
        config = {"ENGINE": "django.db.backends.sqlite3", "NAME": str(tmp_path / "que.sqlite3")}
        databases = {
            "default": connections.settings["default"],
            ALIAS: {**config, "OPTIONS": options},
        }
        connections.settings[ALIAS] = connections.configure_settings(databases)[ALIAS]

    with django_db_blocker.unblock():
        use(settings.SQLITE_OPTIONS)
        _in_thread(_create_rooms_table)
        yield use
        del connections.settings[ALIAS]


def _table_writes_while_the_admin_saves() -> list[BaseException]:
    """A table's settlement holds a write transaction; meanwhile an admin saves another room the
    way ModelAdmin.changeform_view does (one transaction: read the row, then write it)."""
    rooms = Room.objects.using(ALIAS)
    playing = _in_thread(lambda: rooms.create(name="playing", variant="sichuan", rake=0))
    edited = _in_thread(lambda: rooms.create(name="edited", variant="sichuan", rake=0))
    writing = threading.Event()
    errors: list[BaseException] = []

    def table() -> None:
        try:
            with transaction.atomic(using=ALIAS):
                rooms.filter(pk=playing.pk).update(rake=F("rake") + 1)
                writing.set()
                time.sleep(0.5)  # the write transaction stays open while the admin saves
        except BaseException as exc:
            errors.append(exc)
        finally:
            writing.set()
            connections[ALIAS].close()

    def admin() -> None:
        try:
            writing.wait()
            with transaction.atomic(using=ALIAS):
                room = rooms.get(pk=edited.pk)
                room.rake = 7
                room.save(using=ALIAS)
        except BaseException as exc:
            errors.append(exc)
        finally:
            connections[ALIAS].close()

    threads = [threading.Thread(target=table), threading.Thread(target=admin)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not any(thread.is_alive() for thread in threads)
    return errors


def test_a_connection_to_the_default_file_is_in_wal_mode_and_syncs_at_checkpoints(sqlite_file):
    # synchronous=NORMAL: in WAL mode a commit is safe against a killed process (the log is in
    # the operating system's hands) and syncs the disk only at checkpoints, not per commit
    def pragmas() -> tuple:
        with connections[ALIAS].cursor() as cursor:
            cursor.execute("PRAGMA journal_mode")
            mode = cursor.fetchone()[0]
            cursor.execute("PRAGMA synchronous")
            return mode, cursor.fetchone()[0]

    assert _in_thread(pragmas) == ("wal", 1)  # 1 is NORMAL (2 FULL, the default)


def test_an_admin_save_waits_for_a_table_write_instead_of_failing(sqlite_file):
    errors = _table_writes_while_the_admin_saves()
    assert errors == []
    rakes = _in_thread(lambda: dict(Room.objects.using(ALIAS).values_list("name", "rake")))
    assert rakes == {"playing": 1, "edited": 7}


def test_without_the_options_the_same_save_fails_with_database_is_locked(sqlite_file):
    # the regression this guards against: Django's SQLite defaults (rollback journal, deferred
    # transactions) turn the admin's read-then-write into an immediate "database is locked"
    sqlite_file({})
    errors = _table_writes_while_the_admin_saves()
    assert [type(e) for e in errors] == [OperationalError]
    assert "database is locked" in str(errors[0])
