"""The table websocket: a thin protocol adapter (docs/protocol.md).

It authenticates, checks the Origin, rate-limits, parses frames and calls games.runtime services
through database_sync_to_async. It never builds game state itself: on every `table.changed`
notification it reads the events it has not sent yet, redacted for its own seat.
"""

from __future__ import annotations

import asyncio
import json
import time
from urllib.parse import urlparse

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.http import Http404
from django.http.request import validate_host

from games.runtime import selectors, services
from games.runtime.notify import table_group

CLOSE_UNAUTHENTICATED = 4401
CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404
CLOSE_POLICY = 1008  # RFC 6455 policy violation: flooding
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
        self.joined = False
        self.tick_task = None
        self.send_lock = asyncio.Lock()
        self.bucket = TokenBucket(
            rate=float(getattr(settings, "TABLE_WS_RATE_PER_SECOND", 5)),
            burst=int(getattr(settings, "TABLE_WS_BURST", 30)),
        )
        if not _origin_ok(self.scope):
            await self.close(code=CLOSE_FORBIDDEN)
            return
        if self.user is None or not self.user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        invite = _query_param(self.scope, "code")
        try:
            await database_sync_to_async(selectors.access_table)(
                self.user, self.table_id, invite_code=invite
            )
        except Http404:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        await self.channel_layer.group_add(table_group(self.table_id), self.channel_name)
        self.joined = True
        await self.accept()
        self.seat = await database_sync_to_async(services.table_connect)(
            table_id=self.table_id, user=self.user
        )
        await self._send_snapshot()
        tick = float(getattr(settings, "TABLE_TICK_SECONDS", 1))
        if tick > 0:
            self.tick_task = asyncio.ensure_future(self._tick_loop(tick))

    async def disconnect(self, code) -> None:
        if self.tick_task is not None:
            self.tick_task.cancel()
        if not self.joined:
            return
        await self.channel_layer.group_discard(table_group(self.table_id), self.channel_name)
        if self.seat is not None:
            await database_sync_to_async(services.table_disconnect)(
                table_id=self.table_id, user=self.user
            )

    async def _tick_loop(self, every: float) -> None:
        # Deadlines and grace periods live in the database; any connected socket drives them
        # (as does `celery beat` / `manage.py run_tables` when nobody is connected).
        while True:
            await asyncio.sleep(every)
            try:
                await database_sync_to_async(services.table_tick)(table_id=self.table_id)
            except asyncio.CancelledError:
                raise
            except Exception:  # pragma: no cover - logged, the next tick retries
                import logging

                logging.getLogger(__name__).exception("tick failed")

    # --- client -> server -------------------------------------------------------------------
    async def receive(self, text_data=None, bytes_data=None, **kwargs) -> None:
        if not self.bucket.take():
            await self.close(code=CLOSE_POLICY)
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
        }.get(kind)
        if handler is None:
            await self._error("malformed", f"Unknown frame type {kind!r}.", content.get("id"))
            return
        await handler(content)

    async def _on_action(self, content) -> None:
        if self.seat is None:
            await self._error("not_seated", "Spectators cannot act.", content.get("id"))
            return
        answer = await database_sync_to_async(services.table_submit_action)(
            table_id=self.table_id,
            user=self.user,
            action_id=content.get("id"),
            expected_seq=content.get("seq"),
            action=content.get("action"),
        )
        sent = await self._catch_up()
        if answer.get("type") == "ack" and not sent:
            # An answer inside a claim window that stays open makes no event (the others must
            # not learn who was asked): this seat gets its fresh view as a snapshot.
            await self._send_snapshot()
        await self._send(answer)

    async def _on_sync(self, content) -> None:
        seen = content.get("seq")
        if isinstance(seen, bool) or not isinstance(seen, int):
            await self._send_snapshot()
            return
        async with self.send_lock:
            frame = await database_sync_to_async(selectors.table_events_since)(
                table_id=self.table_id, seat=self.seat, after_seq=seen
            )
            if frame is None:
                await self._send({"type": "pong", "seq": self.last_seq})
                return
            await self._send_frame(frame)

    async def _on_ping(self, content) -> None:
        await self._send({"type": "pong", "seq": self.last_seq, "id": content.get("id")})

    async def _on_bots(self, content) -> None:
        try:
            await database_sync_to_async(services.table_fill_bots)(
                table_id=self.table_id, user=self.user
            )
        except services.TableRefused as exc:
            await self._error(exc.code, exc.message, content.get("id"))

    async def _on_ready(self, content) -> None:
        await database_sync_to_async(services.table_ready)(table_id=self.table_id, user=self.user)

    async def _on_leave(self, content) -> None:
        result = await database_sync_to_async(services.table_leave)(
            table_id=self.table_id, user=self.user
        )
        await self._send({"type": "left", "result": result, "seq": self.last_seq})

    # --- server -> client -------------------------------------------------------------------
    async def table_changed(self, message) -> None:
        if message.get("seq", 0) <= self.last_seq:
            return
        if self.seat is None and selectors.spectator_delay() > 0:
            asyncio.ensure_future(self._delayed_catch_up(selectors.spectator_delay() + 0.05))
            return
        await self._catch_up()

    async def _delayed_catch_up(self, delay: float) -> None:
        await asyncio.sleep(delay)
        await self._catch_up()

    async def _catch_up(self) -> bool:
        """Send what this socket has not seen yet; False if there was nothing."""
        async with self.send_lock:
            if self.seat is None:
                seat = None
            else:
                seat = await database_sync_to_async(selectors.seat_of)(self.table_id, self.user)
                if seat != self.seat:  # seated/unseated meanwhile: start over from a snapshot
                    self.seat = seat
                    self.last_seq = -1
            frame = await database_sync_to_async(selectors.table_events_since)(
                table_id=self.table_id, seat=self.seat, after_seq=self.last_seq
            )
            if frame is None:
                return False
            await self._send_frame(frame)
            return True

    async def _send_snapshot(self) -> None:
        async with self.send_lock:
            frame = await database_sync_to_async(selectors.table_snapshot)(
                table_id=self.table_id, seat=self.seat
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


def _query_param(scope, name: str) -> str | None:
    from urllib.parse import parse_qs

    values = parse_qs((scope.get("query_string") or b"").decode("latin1")).get(name)
    return values[0] if values else None
