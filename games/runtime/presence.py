"""Presence: which sockets are open, with an expiry instead of a counter.

Each open socket is a TableSocket row naming the server process that holds it. Every process
that holds sockets beats a heartbeat (its ServerProcess row's `beat_at`, every
PROCESS_BEAT_SECONDS) from one small thread: a loop per process, not per socket, so an idle
socket costs nothing. A socket that closes in any way its process sees (normal close, flood
limit, a refused frame, a server error) deletes its row at once; the sockets of a process that
dies (killed, crashed) end when the clock finds its beat older than TABLE_PRESENCE_TTL_SECONDS
(`presence_sweep`).
"""

from __future__ import annotations

import logging
import os
import threading
import uuid
from datetime import timedelta

from django.db import close_old_connections
from django.utils import timezone

log = logging.getLogger(__name__)

PROCESS_BEAT_SECONDS = 5.0


def process_ttl_seconds() -> float:
    """A process whose beat is older than this is dead (TABLE_PRESENCE_TTL_SECONDS, 20)."""
    from django.conf import settings

    return float(getattr(settings, "TABLE_PRESENCE_TTL_SECONDS", 20))


#: This process's id in TableSocket.process (new at every start, so a restarted server never
#: inherits the rows of the process it replaced).
PROCESS_ID = f"{os.getpid()}-{uuid.uuid4().hex[:12]}"

_started = threading.Lock()
_beating = False


def beat(process: str = PROCESS_ID) -> None:
    from games.models import ServerProcess

    now = timezone.now()
    if not ServerProcess.objects.filter(name=process).update(beat_at=now):
        ServerProcess.objects.update_or_create(name=process, defaults={"beat_at": now})


def ensure_heartbeat() -> None:
    """Start this process's heartbeat once (every socket calls this as it connects; the first
    beat is written before the socket's row, so a new socket is never taken for dead)."""
    global _beating
    beat()
    from django.conf import settings

    if not getattr(settings, "TABLE_PRESENCE_THREAD", True):
        return  # (tests: the beat on every connect is enough, no thread writes behind them)
    with _started:
        if _beating:
            return
        threading.Thread(target=_beat_forever, name="que-presence", daemon=True).start()
        _beating = True


def _beat_forever() -> None:  # pragma: no cover - a daemon thread for the process's life
    stop = threading.Event()
    every = min(PROCESS_BEAT_SECONDS, process_ttl_seconds() / 4)
    while not stop.wait(every):
        try:
            beat()
        except Exception:
            log.exception("presence heartbeat failed")
        finally:
            close_old_connections()


def presence_sweep() -> int:
    """End the sockets of processes that stopped beating. Returns how many sockets ended."""
    from games.models import ServerProcess, TableSocket
    from games.runtime.services import presence_expire

    cutoff = timezone.now() - timedelta(seconds=process_ttl_seconds())
    alive = ServerProcess.objects.filter(beat_at__gte=cutoff).values("name")
    channels = list(
        TableSocket.objects.exclude(process__in=alive).values_list("channel_name", flat=True)
    )
    if channels:
        log.warning("presence: %d socket(s) of dead processes ended", len(channels))
        presence_expire(channel_names=channels)
    # the rows of processes gone for good
    ServerProcess.objects.filter(beat_at__lt=cutoff - timedelta(hours=1)).delete()
    return len(channels)
