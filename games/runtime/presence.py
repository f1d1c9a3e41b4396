"""Presence: which sockets are open, with an expiry instead of a counter.

Each open socket is a TableSocket row naming the server process that holds it. Every process
that holds sockets keeps a heartbeat in the cache (`que:proc:<id>`, refreshed every
PROCESS_BEAT_SECONDS, expiring after PROCESS_TTL_SECONDS): one small thread per process, not a
loop per socket, and no database work. A socket that closes in any way its process sees (normal
close, flood limit, a refused frame, a server error) deletes its row at once; the sockets of a
process that dies (killed, crashed) end when the clock finds its heartbeat gone
(`presence_sweep`). Needs a cache shared by the processes (Redis) when there are several; the
embedded default is one process, whose local-memory cache its clock thread shares.
"""

from __future__ import annotations

import logging
import os
import threading
import uuid

from django.core.cache import cache

log = logging.getLogger(__name__)

PROCESS_BEAT_SECONDS = 5.0
PROCESS_TTL_SECONDS = 20

#: This process's id in TableSocket.process (new at every start, so a restarted server never
#: inherits the rows of the process it replaced).
PROCESS_ID = f"{os.getpid()}-{uuid.uuid4().hex[:12]}"

_started = threading.Lock()
_beating = False


def _key(process: str) -> str:
    return f"que:proc:{process}"


def beat() -> None:
    cache.set(_key(PROCESS_ID), 1, timeout=PROCESS_TTL_SECONDS)


def ensure_heartbeat() -> None:
    """Start this process's heartbeat thread once (called by every socket as it connects)."""
    global _beating
    with _started:
        if _beating:
            return
        beat()
        threading.Thread(target=_beat_forever, name="que-presence", daemon=True).start()
        _beating = True


def _beat_forever() -> None:  # pragma: no cover - a daemon thread for the process's life
    stop = threading.Event()
    while not stop.wait(PROCESS_BEAT_SECONDS):
        try:
            beat()
        except Exception:
            log.exception("presence heartbeat failed")


def alive(processes: list[str]) -> set[str]:
    """The processes whose heartbeat has not expired."""
    found = cache.get_many([_key(p) for p in processes])
    return {p for p in processes if _key(p) in found}


def presence_sweep() -> int:
    """End the sockets of processes that stopped beating. Returns how many sockets ended."""
    from games.models import TableSocket
    from games.runtime.services import presence_expire

    processes = list(TableSocket.objects.values_list("process", flat=True).distinct())
    if not processes:
        return 0
    dead = set(processes) - alive(processes)
    if not dead:
        return 0
    channels = list(
        TableSocket.objects.filter(process__in=dead).values_list("channel_name", flat=True)
    )
    log.warning("presence: %d socket(s) of %d dead process(es) ended", len(channels), len(dead))
    return presence_expire(channel_names=channels)
