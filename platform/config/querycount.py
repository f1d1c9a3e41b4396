"""Opt-in count of the database queries a process runs, for benchmarks (bench/ws_load.py).

Off unless the environment variable QUE_QUERYCOUNT_DIR names a directory and a settings module
calls `install_from_env()` (bench/ws_load.py's settings module does; config.settings does not).
Then every query on every database connection of the process (an execute wrapper attached through
the `connection_created` signal, so on SQLite and PostgreSQL alike) adds one to a counter kept in
`<dir>/<pid>`: eight bytes, a little-endian count, mapped into memory, so a query costs no system
call (a write per query was 3 % of a web process's CPU in the bench it measures). Another process
reads the files at any moment with `read()`, without stopping or asking the server; the threads of
a process count under a lock, and a forked child counts into a file of its own.

Counted: every statement Django sends through a cursor (SELECT, INSERT, UPDATE, DELETE,
SAVEPOINT, an `executemany` as one). Not counted: what the backend runs itself when it opens a
connection, BEGIN/COMMIT of `atomic` (set through the driver, not a cursor).
"""

from __future__ import annotations

import mmap
import os
import threading
from pathlib import Path

ENV = "QUE_QUERYCOUNT_DIR"
_SIZE = 8

_directory: Path | None = None
_map: mmap.mmap | None = None
_count_lock = threading.Lock()
_fork_hook = False


def _open(directory: Path) -> mmap.mmap:
    fd = os.open(directory / str(os.getpid()), os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        os.ftruncate(fd, _SIZE)
        return mmap.mmap(fd, _SIZE)
    finally:
        os.close(fd)  # the mapping stays


def _count(execute, sql, params, many, context):
    if _map is not None:
        with _count_lock:
            _map[:_SIZE] = (int.from_bytes(_map[:_SIZE], "little") + 1).to_bytes(_SIZE, "little")
    return execute(sql, params, many, context)


def _after_fork() -> None:
    global _map
    if _directory is not None:
        _map = _open(_directory)


def attach(connection) -> None:
    """Count the queries of this connection (idempotent: a wrapper is reused across reconnects)."""
    if _count not in connection.execute_wrappers:
        connection.execute_wrappers.append(_count)


def _on_connection_created(sender, connection, **kwargs) -> None:
    attach(connection)


def install(directory: str | os.PathLike) -> None:
    """Count every query of this process into `<directory>/<pid>`."""
    global _directory, _map, _fork_hook
    from django.db.backends.signals import connection_created

    _directory = Path(directory)
    _directory.mkdir(parents=True, exist_ok=True)
    _map = _open(_directory)
    if not _fork_hook:
        os.register_at_fork(after_in_child=_after_fork)
        _fork_hook = True
    connection_created.connect(_on_connection_created, weak=False, dispatch_uid="que.querycount")


def uninstall() -> None:
    """Stop counting (new connections are no longer wrapped; `detach` the open ones)."""
    global _directory, _map
    from django.db.backends.signals import connection_created

    connection_created.disconnect(dispatch_uid="que.querycount")
    if _map is not None:
        _map.close()
    _directory = _map = None


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
    """Queries counted so far by all processes counting into `directory`."""
    total = 0
    for entry in os.scandir(directory):
        if entry.name.isdigit():
            with open(entry.path, "rb") as f:
                total += int.from_bytes(f.read(_SIZE), "little")
    return total
