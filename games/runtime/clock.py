"""The one clock of every table (docs/operations.md, "The table clock").

Deadlines live in the database: `Table.wake_at` is the earliest of a table's turn deadline,
claim-window close, paced bot move, bot fill, next hand and its seats' grace periods (indexed).
One scheduler loop asks for the tables whose wake_at has passed and ticks each under its row
lock (services.table_tick); every few seconds it also ends the sockets of dead server processes
(presence) and settles hands that ended but were not settled (a worker died mid-settlement).
No socket drives time, so a table nobody watches plays on by its timers.

Where it runs: inside the ASGI process on the embedded defaults (`make run`; TABLE_CLOCK =
"embedded"), or as one named process on PostgreSQL + Redis: `manage.py run_tables` (Procfile
`clock`). Two clocks at once are safe, only wasteful: every tick takes the table lock and is
idempotent.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from django.conf import settings
from django.db import close_old_connections

log = logging.getLogger(__name__)


def interval() -> float:
    return float(getattr(settings, "TABLE_CLOCK_INTERVAL", 0.25))


class Clock:
    """The scheduler loop. `step()` is one pass; `run()` loops until `stop` is set."""

    #: How often the slower sweeps run (seconds)
    PRESENCE_EVERY = 5.0
    SETTLE_EVERY = 15.0

    def __init__(
        self, *, every: float | None = None, monotonic: Callable[[], float] = time.monotonic
    ):
        self.every = interval() if every is None else every
        self.monotonic = monotonic
        self.stop = threading.Event()
        self._presence_at = 0.0
        self._settle_at = 0.0

    def step(self) -> int:
        from games.runtime import presence, services

        ticked = services.table_sweep()
        now = self.monotonic()
        if now >= self._presence_at:
            self._presence_at = now + self.PRESENCE_EVERY
            presence.presence_sweep()
        if now >= self._settle_at:
            self._settle_at = now + self.SETTLE_EVERY
            services.hands_settle_overdue()
        return ticked

    def run(self) -> None:
        log.info("table clock running every %.2f s", self.every)
        while not self.stop.is_set():
            try:
                self.step()
            except Exception:  # a database hiccup must not stop the clock for good
                log.exception("table clock step failed")
                close_old_connections()  # a broken connection is replaced at the next step
            self.stop.wait(self.every)


_embedded: Clock | None = None
_embedded_lock = threading.Lock()


def start_embedded() -> bool:
    """Start the clock in a daemon thread of this process, once (TABLE_CLOCK = "embedded")."""
    global _embedded
    if getattr(settings, "TABLE_CLOCK", "off") != "embedded":
        return False
    with _embedded_lock:
        if _embedded is not None:
            return False
        _embedded = Clock()
        threading.Thread(target=_embedded.run, name="que-table-clock", daemon=True).start()
    return True
