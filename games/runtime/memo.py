"""What a process remembers of a table between two of its writer transactions.

A writer transaction reads the table's four seats (with their users) and its current hand after
taking the table's lock. On a busy table the same process writes it again a second later, and
nothing else has changed those rows meanwhile: every write of a seat or of a playing hand runs
under the table's lock (services._writing). ``Table.rev`` counts the transactions that change
what a memo holds: a seat, or the table's status or current hand (a hand starts or ends). A
transaction that only plays (a move, a claim window's release by the clock process) changes the
table's state and appends to the live hand's actions in SQL (``Table.hand_actions``), which
nobody reads from a memo, so it leaves ``rev`` alone. So a process keeps the objects its last
committed transaction left, stamped with the revision that transaction left; the next writer
that finds the same revision on the locked row reuses them instead of querying (two queries
and their model building, about a third of an action's cost), even when other processes have
played on the table in between.

A memo is taken out of the store by the transaction that uses it (so two threads never share
the objects) and put back only after that transaction commits: a rollback leaves no memo behind,
and the next writer reads the rows again. A seat changed by another process bumps the
revision, which makes this process's memo stale: it is dropped, never trusted. (A live hand's
record holds no actions yet: they are on its table until it ends.)
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TableMemo:
    rev: int
    seats: list[Any]  # games.models.Seat, by index, users joined
    hand: Any  # games.models.HandRecord (a playing hand) or None


#: Tables a process serves at once are few (hundreds); this bounds the store anyway.
MAX_TABLES = 5000

_store: dict[int, TableMemo] = {}
_lock = threading.Lock()


def take(table_id: int, rev: int) -> TableMemo | None:
    """The memo of ``table_id`` if it is of revision ``rev`` (removed from the store either way)."""
    with _lock:
        memo = _store.pop(table_id, None)
    return memo if memo is not None and memo.rev == rev else None


def keep(table_id: int, memo: TableMemo) -> None:
    """Remember a committed transaction's objects (call after commit)."""
    with _lock:
        if len(_store) >= MAX_TABLES and table_id not in _store:
            _store.pop(next(iter(_store)))  # the oldest entry
        _store[table_id] = memo


def clear() -> None:
    with _lock:
        _store.clear()
