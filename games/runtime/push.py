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

import json
import logging
from dataclasses import dataclass, field

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.cache import cache

log = logging.getLogger(__name__)


def user_group(table_id: int, user_id: int) -> str:
    """The sockets of one user at one table (any process)."""
    return f"table.{table_id}.user.{user_id}"


def spectator_group(table_id: int) -> str:
    return f"table.{table_id}.spectators"


def seq_cache_key(table_id: int) -> str:
    """The table's newest seq, set after every commit: a keep-alive `sync` is answered from it
    without a database read."""
    return f"que:table-seq:{table_id}"


def frame_message(frame: dict) -> dict:
    """The channel-layer message of a frame: its JSON text, encoded once for every socket that
    gets it, with its `seq` and the seq of its first event (None for a fresh view without an
    event) so a socket keeps its place without decoding it."""
    events = frame.get("events") or []
    return {
        "type": "table.frame",
        "seq": frame["seq"],
        "first": events[0]["seq"] if events else None,
        "text": json.dumps(frame, ensure_ascii=False, separators=(",", ":")),
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


def frames_send(delivery: Delivery) -> None:
    """Push a delivery (after commit). Best effort, like the channel layer itself: a client that
    misses a frame sees the gap on the next one, or on its keep-alive `sync`, and catches up."""
    try:
        cache.set(seq_cache_key(delivery.table_id), delivery.seq, timeout=None)
    except Exception:  # the cache is an optimisation; a sync then reads the database
        log.exception("could not cache seq of table %s", delivery.table_id)
    layer = get_channel_layer()
    if layer is None or not delivery.messages:
        return
    try:
        async_to_sync(_send_all)(layer, delivery.messages)
    except Exception:
        log.exception("push failed for table %s seq %s", delivery.table_id, delivery.seq)


async def _send_all(layer, messages: list[tuple[str, dict]]) -> None:
    for group, message in messages:
        await layer.group_send(group, message)
