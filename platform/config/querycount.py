"""Opt-in count of the database queries a process runs, for benchmarks (bench/ws_load.py).

Off unless the environment variable QUE_QUERYCOUNT_DIR names a directory and a settings module
calls `install_from_env()` (bench/ws_load.py's settings module does; config.settings does not).
Then every query on every database connection of the process (an execute wrapper attached through
the `connection_created` signal, so on SQLite and PostgreSQL alike) appends one byte to
`<dir>/<pid>`: a file's size is the number of queries that process ran so far. Another process
reads it at any moment with `read()` (a stat per file), without stopping or asking the server, and
O_APPEND writes from several threads or forked children never lose a count.

Counted: every statement Django sends through a cursor (SELECT, INSERT, UPDATE, DELETE,
SAVEPOINT, an `executemany` as one). Not counted: what the backend runs itself when it opens a
connection, BEGIN/COMMIT of `atomic` (set through the driver, not a cursor).
"""

from __future__ import annotations

import os
from pathlib import Path

ENV = "QUE_QUERYCOUNT_DIR"

_fd: int | None = None


def _count(execute, sql, params, many, context):
    if _fd is not None:
        os.write(_fd, b".")
    return execute(sql, params, many, context)


def attach(connection) -> None:
    """Count the queries of this connection (idempotent: a wrapper is reused across reconnects)."""
    if _count not in connection.execute_wrappers:
        connection.execute_wrappers.append(_count)


def _on_connection_created(sender, connection, **kwargs) -> None:
    attach(connection)


def install(directory: str | os.PathLike) -> None:
    """Count every query of this process into `<directory>/<pid>`."""
    global _fd
    from django.db.backends.signals import connection_created

    Path(directory).mkdir(parents=True, exist_ok=True)
    _fd = os.open(Path(directory) / str(os.getpid()), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    connection_created.connect(_on_connection_created, weak=False, dispatch_uid="que.querycount")


def uninstall() -> None:
    """Stop counting (new connections are no longer wrapped; `detach` the open ones)."""
    global _fd
    from django.db.backends.signals import connection_created

    connection_created.disconnect(dispatch_uid="que.querycount")
    if _fd is not None:
        os.close(_fd)
        _fd = None


def detach(connection) -> None:
    if _count in connection.execute_wrappers:
        connection.execute_wrappers.remove(_count)


def install_from_env() -> bool:
    directory = os.environ.get(ENV)
    if not directory:
        return False
    install(directory)
    return True


def read(directory: str | os.PathLike) -> int:
    """Queries counted so far by all processes writing into `directory`."""
    total = 0
    for entry in os.scandir(directory):
        if entry.name.isdigit():
            total += entry.stat().st_size
    return total
