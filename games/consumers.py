"""The table websocket: a thin protocol adapter (docs/protocol.md).

It authenticates, checks the Origin, rate-limits and parses frames, and calls games.runtime
services through database_sync_to_async. It never builds game state: the writer pushes each
viewer's frame once (games.runtime.push) to the group of the user in that seat, or to the
spectators' group, and the socket forwards it. It reads the database only to connect, to fill a
gap, and for a snapshot. Its presence is a TableSocket row that every way of ending removes
(games.runtime.presence).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from urllib.parse import parse_qs, urlparse

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.core.cache import cache
from django.http import Http404
from django.http.request import validate_host

from games.runtime import presence, push, selectors, services

log = logging.getLogger(__name__)

CLOSE_SERVER_ERROR = 1011
CLOSE_UNAUTHENTICATED = 4401
CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404
CLOSE_TOO_MANY_SOCKETS = 4409
#: Flooding (the frame limit). RFC 6455's 1008 cannot be sent by an application through ASGI
#: servers (they accept only 1000 and 3000-4999), so the code is ours, like the others.
CLOSE_FLOOD = 4429
MAX_FRAME_BYTES = 4096


def _origin_ok(scope) -> bool:
    """The Origin's host must be one of ALLOWED_HOSTS (a browser always sends Origin)."""
    headers = dict(scope.get("headers") or [])
    origin = headers.get(b"origin")
    if not origin:
        return False
    host = urlparse(origin.decode("latin1")).hostname
    if not host:
        return False
    allowed = list(settings.ALLOWED_HOSTS)
    if settings.DEBUG and not allowed:
        allowed = [".localhost", "127.0.0.1", "[::1]"]
    return validate_host(host, allowed) or validate_host(f"[{host}]", allowed)


def _has_nul(value) -> bool:
    """Does any string (key or value) in a decoded frame hold a NUL character? PostgreSQL
    refuses them in text and JSON, so they are refused at the door."""
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_has_nul(k) or _has_nul(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_nul(v) for v in value)
    return False


class TokenBucket:
    """Per-socket flood limit: `burst` frames at once, refilled at `rate` per second."""

    def __init__(self, *, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class TableConsumer(AsyncJsonWebsocketConsumer):
    table_id: int
    seat: int | None
    last_seq: int

    async def connect(self) -> None:
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.seat = None
        self.last_seq = -1
        self.user = self.scope.get("user")
        self.groups_joined: list[str] = []
        self.registered = False
        self.closing = False
        self.spectator_queue: list[tuple[float, dict]] = []
        self.spectator_flush: asyncio.TimerHandle | None = None
        self.hint_running = False
        self.bucket = TokenBucket(
            rate=float(getattr(settings, "TABLE_WS_RATE_PER_SECOND", 5)),
            burst=int(getattr(settings, "TABLE_WS_BURST", 30)),
        )
        push.serve_on(asyncio.get_running_loop())
        if not _origin_ok(self.scope):
            await self.close(code=CLOSE_FORBIDDEN)
            return
        if self.user is None or not self.user.is_authenticated:
            await self._refuse(CLOSE_UNAUTHENTICATED)
            return
        invite = _query_param(self.scope, "code")
        try:
            await database_sync_to_async(selectors.access_table)(
                self.user, self.table_id, invite_code=invite
            )
        except Http404:
            await self._refuse(CLOSE_NOT_FOUND)
            return
        await database_sync_to_async(presence.ensure_heartbeat)()
        # Join the user's group before reading anything: a change that commits meanwhile is
        # queued for this socket, and the snapshot below covers the ones before it.
        await self._join(push.user_group(self.table_id, self.user.pk))
        try:
            self.seat = await self._write(
                services.table_connect,
                table_id=self.table_id,
                user=self.user,
                channel_name=self.channel_name,
                process=presence.PROCESS_ID,
            )
        except services.TableRefused:
            await self._leave_groups()
            await self._refuse(CLOSE_TOO_MANY_SOCKETS)
            return
        self.registered = True
        if self.seat is None:
            await self._join(push.spectator_group(self.table_id))
        await self.accept()
        await self._send_snapshot()

    async def dispatch(self, message) -> None:
        """Hand a message to its handler without Channels' hop to the database thread first.

        Channels (4.2+) runs Django's close_old_connections on the database thread before every
        message, as Django does before a request: for a pushed frame that is a wake-up of that
        thread per socket per change, with no query behind it. Every database call of this
        consumer goes through database_sync_to_async, which closes stale connections around
        itself, so the hop does nothing for us."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']!r}")
        await handler(message)

    async def _refuse(self, code: int) -> None:
        """Refuse with a close code the client can read. A close before the handshake is
        answered reaches a browser as an HTTP 403, so as 1006, which the table client retries
        for ever; accepted, then closed, it carries the code and the client stops (nothing is
        sent in between). A foreign Origin is refused before the handshake instead."""
        await self.accept()
        await self.close(code=code)

    async def disconnect(self, code) -> None:
        await self._end_presence()

    async def _end_presence(self) -> None:
        """Leave the groups and remove this socket's presence; safe to call more than once."""
        if self.spectator_flush is not None:
            self.spectator_flush.cancel()
            self.spectator_flush = None
        await self._leave_groups()
        if self.registered:
            self.registered = False
            await self._write(
                services.table_disconnect,
                table_id=self.table_id,
                user=self.user,
                channel_name=self.channel_name,
            )

    async def _write(self, service, **kwargs):
        """Call a table service from the database thread; the frames its commits made are sent
        from here, the event loop, afterwards (games.runtime.push.collecting)."""
        result, deliveries = await database_sync_to_async(push.collecting)(service, **kwargs)
        await push.deliver(self.channel_layer, deliveries)
        return result

    async def _join(self, group: str) -> None:
        await self.channel_layer.group_add(group, self.channel_name)
        self.groups_joined.append(group)

    async def _leave_groups(self) -> None:
        while self.groups_joined:
            await self.channel_layer.group_discard(self.groups_joined.pop(), self.channel_name)

    async def _fail(self, where: str) -> None:
        """A server error: log it, end the presence, close with 1011 (never a dead socket)."""
        log.exception("table socket %s failed in %s", self.channel_name, where)
        if self.closing:
            return
        self.closing = True
        try:
            await self._end_presence()
        finally:
            await self.close(code=CLOSE_SERVER_ERROR)

    # --- client -> server -------------------------------------------------------------------
    async def receive(self, text_data=None, bytes_data=None, **kwargs) -> None:
        if self.closing:
            return
        try:
            await self._receive(text_data)
        except Exception:
            await self._fail("receive")

    async def _receive(self, text_data) -> None:
        if not self.bucket.take():
            self.closing = True
            await self._end_presence()
            await self.close(code=CLOSE_FLOOD)
            return
        if text_data is None or len(text_data) > MAX_FRAME_BYTES:
            await self._error("malformed", "Frames must be JSON text of at most 4096 bytes.")
            return
        try:
            content = json.loads(text_data)
        except ValueError:
            await self._error("malformed", "This frame is not valid JSON.")
            return
        if not isinstance(content, dict) or not isinstance(content.get("type"), str):
            await self._error("malformed", 'A frame is an object with a "type".')
            return
        if _has_nul(content):
            await self._error("malformed", "Frames must not contain NUL characters.")
            return
        await self.receive_json(content)

    async def receive_json(self, content, **kwargs) -> None:
        kind = content["type"]
        handler = {
            "action": self._on_action,
            "sync": self._on_sync,
            "ping": self._on_ping,
            "bots": self._on_bots,
            "ready": self._on_ready,
            "leave": self._on_leave,
            "back": self._on_back,
            "hint": self._on_hint,
        }.get(kind)
        if handler is None:
            await self._error("malformed", f"Unknown frame type {kind!r}.", _id(content))
            return
        await handler(content)

    async def _on_action(self, content) -> None:
        if self.seat is None:
            await self._error("not_seated", "Spectators cannot act.", _id(content))
            return
        answer = await self._write(
            services.table_submit_action,
            table_id=self.table_id,
            user=self.user,
            action_id=content.get("id"),
            expected_seq=content.get("seq"),
            action=content.get("action"),
        )
        await self._send(answer)

    async def _on_sync(self, content) -> None:
        seen = content.get("seq")
        if isinstance(seen, bool) or not isinstance(seen, int):
            await self._send_snapshot()
            return
        if seen >= self.last_seq >= 0:
            newest = cache.get(push.seq_cache_key(self.table_id))
            if newest is not None and newest <= seen:  # up to date: no database read
                await self._send({"type": "pong", "seq": self.last_seq})
                return
        frame = await database_sync_to_async(selectors.table_events_since)(
            table_id=self.table_id, seat=self.seat, after_seq=seen
        )
        if frame is None:
            await self._send({"type": "pong", "seq": self.last_seq})
            return
        await self._send_frame(frame)

    async def _on_ping(self, content) -> None:
        await self._send({"type": "pong", "seq": self.last_seq, "id": _id(content)})

    async def _on_bots(self, content) -> None:
        try:
            await self._write(services.table_fill_bots, table_id=self.table_id, user=self.user)
        except services.TableRefused as exc:
            await self._error(exc.code, exc.message, _id(content))

    async def _on_ready(self, content) -> None:
        await self._write(services.table_ready, table_id=self.table_id, user=self.user)

    async def _on_back(self, content) -> None:
        await self._write(services.table_back, table_id=self.table_id, user=self.user)

    async def _on_hint(self, content) -> None:
        """A live hint for this socket alone (practice rooms; docs/protocol.md, "Hints")."""
        if self.hint_running:
            await self._error(services.ERR_HINT_PENDING, "A hint is being computed.", _id(content))
            return
        try:
            context = await database_sync_to_async(services.table_hint_context)(
                table_id=self.table_id, user=self.user
            )
        except services.TableRefused as exc:
            await self._error(exc.code, exc.message, _id(content))
            return
        self.hint_running = True
        try:
            # CPU work (up to seconds): not on the one thread that serves every socket's
            # database calls (database_sync_to_async is thread-sensitive)
            hint = await asyncio.to_thread(services.table_hint_compute, *context)
        finally:
            self.hint_running = False
        await self._send({**hint, "id": _id(content)})

    async def _on_leave(self, content) -> None:
        result = await self._write(services.table_leave, table_id=self.table_id, user=self.user)
        await self._send({"type": "left", "result": result, "seq": self.last_seq})

    # --- server -> client: what the writer pushed ---------------------------------------------
    async def table_frame(self, message) -> None:
        if self.closing:
            return
        try:
            if self.seat is None and selectors.spectator_delay() > 0:
                self._spectator_later(message)
                return
            await self._forward(message)
        except Exception:
            await self._fail("table_frame")

    async def table_reseat(self, message) -> None:
        """The user sat down or was unseated: start over as the seat (or as a spectator)."""
        if self.closing:
            return
        try:
            seat = await database_sync_to_async(selectors.seat_of)(self.table_id, self.user)
            spectators = push.spectator_group(self.table_id)
            if seat is None and spectators not in self.groups_joined:
                await self._join(spectators)
            elif seat is not None and spectators in self.groups_joined:
                self.groups_joined.remove(spectators)
                await self.channel_layer.group_discard(spectators, self.channel_name)
            self.seat = seat
            self.last_seq = -1
            await self._send_snapshot()
        except Exception:
            await self._fail("table_reseat")

    async def _forward(self, message: dict) -> None:
        """Send a pushed frame (push.frame_message: its text, seq and first event's seq) in
        order: a duplicate is dropped, a gap is filled from the database first."""
        seq, first = message["seq"], message["first"]
        if first is None:  # a fresh view without an event (an answer inside a claim window)
            if seq >= self.last_seq:
                self.last_seq = seq
                await self.send(text_data=message["text"])
            return
        if seq <= self.last_seq:
            return  # already sent (a snapshot or a gap read covered it)
        if self.last_seq >= 0 and first > self.last_seq + 1:
            # a frame was lost on the way (the channel layer is at-most-once): read the gap
            caught = await database_sync_to_async(selectors.table_events_since)(
                table_id=self.table_id, seat=self.seat, after_seq=self.last_seq
            )
            if caught is not None and caught["seq"] >= seq:
                await self._send_frame(caught)
                return
        self.last_seq = seq
        await self.send(text_data=message["text"])

    def _spectator_later(self, message: dict) -> None:
        """Spectators see the table TABLE_SPECTATOR_DELAY_SECONDS late: hold each frame until
        then (one timer for the oldest frame, not a loop)."""
        due = time.monotonic() + selectors.spectator_delay()
        self.spectator_queue.append((due, message))
        if self.spectator_flush is None:
            self._arm_spectator_flush()

    def _arm_spectator_flush(self) -> None:
        loop = asyncio.get_running_loop()
        delay = max(0.0, self.spectator_queue[0][0] - time.monotonic())
        self.spectator_flush = loop.call_later(
            delay, lambda: asyncio.ensure_future(self._spectator_flush())
        )

    async def _spectator_flush(self) -> None:
        self.spectator_flush = None
        if self.closing:
            return
        try:
            now = time.monotonic()
            while self.spectator_queue and self.spectator_queue[0][0] <= now:
                _, message = self.spectator_queue.pop(0)
                await self._forward(message)
            if self.spectator_queue:
                self._arm_spectator_flush()
        except Exception:
            await self._fail("spectator_flush")

    async def _send_snapshot(self) -> None:
        frame = await database_sync_to_async(selectors.table_snapshot_for)(
            table_id=self.table_id, user=self.user, seat=self.seat
        )
        await self._send_frame(frame)

    async def _send_frame(self, frame: dict) -> None:
        self.last_seq = frame["seq"]
        await self._send(frame)

    async def _send(self, frame: dict) -> None:
        await self.send_json(frame)

    async def _error(self, code: str, message: str, action_id=None) -> None:
        await self._send(
            {
                "type": "error",
                "id": action_id,
                "code": code,
                "message": message,
                "seq": self.last_seq,
            }
        )


def _id(content: dict):
    """The client's frame id, echoed only when it is a short string (never a structure)."""
    value = content.get("id")
    return value if isinstance(value, str) and len(value) <= 64 else None


def _query_param(scope, name: str) -> str | None:
    values = parse_qs((scope.get("query_string") or b"").decode("latin1")).get(name)
    return values[0] if values else None
