"""Fan-out after commit: the writer builds each viewer's frame once and pushes it.

A change (one writer transaction) appends TableEvents; before it commits, `frames_build` turns
them into one `events` frame per seated human (the engine's `redact_events` for that seat and
`observe(state, seat)`) and one for spectators (the public view). After the commit
`frames_send` hands them to the channel layer: seat frames to the group of the user in that seat,
the spectators' frame to the table's spectator group. A socket forwards what it is sent; it reads
the database only to connect, on a gap, or for a snapshot (docs/protocol.md). The same database
work is done whether 0 or 40 sockets watch.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from channels.layers import get_channel_layer
from django.core.cache import cache

from games import jsoncodec

log = logging.getLogger(__name__)

T = TypeVar("T")


def user_group(table_id: int, user_id: int) -> str:
    """The sockets of one user at one table (any process)."""
    return f"table.{table_id}.user.{user_id}"


def spectator_group(table_id: int) -> str:
    return f"table.{table_id}.spectators"


def seq_cache_key(table_id: int) -> str:
    """The table's newest seq, set after every commit: a keep-alive `sync` is answered from it
    without a database read."""
    return f"que:table-seq:{table_id}"


def encode(value: Any) -> str:
    """JSON text as the sockets send it (UTF-8 as it is, no spaces)."""
    return jsoncodec.dumps(value)


def with_member(text: str, name: str, value: Any, *, value_encoded: bool = False) -> str:
    """An encoded JSON object (``text``) with one more member; ``value_encoded``: ``value`` is
    JSON text already."""
    member = f"{encode(name)}:{value if value_encoded else encode(value)}"
    return f"{text[:-1]},{member}}}" if text != "{}" else f"{{{member}}}"


def frame_message(frame: dict, *, encoded: dict[str, str] | None = None) -> dict:
    """The channel-layer message of a frame: its JSON text, encoded once for every socket that
    gets it, with its `seq` and the seq of its first event (None for a fresh view without an
    event) so a socket keeps its place without decoding it. ``encoded`` members (name -> JSON
    text) go into the text as they are: a member that several frames share is encoded once."""
    events = frame.get("events") or []
    text = encode(frame)
    for name, value in (encoded or {}).items():
        text = with_member(text, name, value, value_encoded=True)
    return {
        "type": "table.frame",
        "seq": frame["seq"],
        "first": events[0]["seq"] if events else None,
        "text": text,
    }


@dataclass
class Outbox:
    """What one writer transaction has to tell: its events, the seats that get a fresh view
    without an event (an answer inside a claim window), the users whose seat changed."""

    events: list = field(default_factory=list)
    refresh: set[int] = field(default_factory=set)
    reseat: set[int] = field(default_factory=set)

    def __bool__(self) -> bool:
        return bool(self.events or self.refresh or self.reseat)


@dataclass
class Delivery:
    table_id: int
    seq: int
    #: (group, frame) pairs, in order
    messages: list[tuple[str, dict]]


_collecting = threading.local()


def collecting(service: Callable[..., T], /, **kwargs: Any) -> tuple[T, list[Delivery]]:
    """Run ``service(**kwargs)`` and return its result with the deliveries its commits made,
    unsent: a socket (games.consumers) calls the services this way from the database thread and
    sends them itself, from its event loop (`deliver`), so the database thread does not wait for
    a hop to the loop after every commit. Everything else (the clock, Celery) sends at once."""
    outer = getattr(_collecting, "deliveries", None)
    if outer is not None:  # already collecting: the outer caller sends them
        return service(**kwargs), []
    _collecting.deliveries = collected = []
    try:
        result = service(**kwargs)
    except BaseException:
        _collecting.deliveries = None
        for delivery in collected:  # what committed before the failure is sent as usual
            frames_send(delivery)
        raise
    _collecting.deliveries = None
    return result, collected


_send_locks: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


async def deliver(layer, deliveries: list[Delivery]) -> None:
    """Send collected deliveries in the order they committed: the sockets of one process take
    turns (one lock per event loop, first come first served), so two changes of a table made by
    two sockets of the process leave in seq order even when a send waits for Redis."""
    if layer is None or not deliveries:
        return
    loop = asyncio.get_running_loop()
    lock = _send_locks.get(loop)
    if lock is None:
        lock = _send_locks[loop] = asyncio.Lock()
    async with lock:
        for delivery in deliveries:
            try:
                await _send_all(layer, delivery.messages)
            except Exception:
                log.exception("push failed for table %s seq %s", delivery.table_id, delivery.seq)


def frames_send(delivery: Delivery) -> None:
    """Push a delivery (after commit). Best effort, like the channel layer itself: a client that
    misses a frame sees the gap on the next one, or on its keep-alive `sync`, and catches up."""
    try:
        cache.set(seq_cache_key(delivery.table_id), delivery.seq, timeout=None)
    except Exception:  # the cache is an optimisation; a sync then reads the database
        log.exception("could not cache seq of table %s", delivery.table_id)
    pending = getattr(_collecting, "deliveries", None)
    if pending is not None:  # a socket's call: it sends them from its event loop (`collecting`)
        pending.append(delivery)
        return
    layer = get_channel_layer()
    if layer is None or not delivery.messages:
        return
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    try:
        if running is not None:  # (sync code on a loop's own thread: it cannot wait here)
            running.create_task(deliver(layer, [delivery]))
        else:
            future = asyncio.run_coroutine_threadsafe(deliver(layer, [delivery]), _sending_loop())
            future.result(timeout=SEND_TIMEOUT)
    except Exception:
        log.exception("push failed for table %s seq %s", delivery.table_id, delivery.seq)


#: How long a thread waits for its frames to be handed to the channel layer (seconds).
SEND_TIMEOUT = 30.0

#: The event loop of this process's sockets, once one connected (games.consumers calls
#: `serve_on`); frames committed by the other threads of the process (the embedded clock, a
#: view) are sent on it, in turn with the sockets' own (`deliver`).
_server_loop: asyncio.AbstractEventLoop | None = None
_own_loop: asyncio.AbstractEventLoop | None = None
_own_loop_lock = threading.Lock()


def serve_on(loop: asyncio.AbstractEventLoop) -> None:
    """The sockets of this process run on ``loop`` (the newest one, for test runs)."""
    global _server_loop
    _server_loop = loop


def _sending_loop() -> asyncio.AbstractEventLoop:
    """Where a thread without an event loop sends frames: the sockets' loop, or in a process
    that has none (the clock process, a Celery worker) one loop of its own, in a daemon thread,
    kept for the life of the process. (asgiref's async_to_sync would make a new loop, and the
    Redis layer a new connection, for every change.)"""
    global _own_loop
    loop = _server_loop
    if loop is not None and loop.is_running():
        return loop
    with _own_loop_lock:
        if _own_loop is None or _own_loop.is_closed():
            _own_loop = asyncio.new_event_loop()
            thread = threading.Thread(
                target=_own_loop.run_forever, name="que-frame-sender", daemon=True
            )
            thread.start()
        return _own_loop


async def _send_all(layer, messages: list[tuple[str, dict]]) -> None:
    for group, message in messages:
        await layer.group_send(group, message)
