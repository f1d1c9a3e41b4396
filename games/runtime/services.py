"""Table services: the one writer of every live table.

Every write runs inside `_writing(table_id)`: one transaction holding the Table row lock
(games.runtime.locks). Under it a service reads the engine state, applies the engine, appends one
TableEvent per change (bumping Table.seq), saves, commits; only then (transaction.on_commit) the
table's group is notified and follow-up tasks (bots, settlement, escape) are queued.

Nothing here is variant-specific: the engine's public API (docs/engine-api.md) decides what is
legal, what a timeout plays, what a bot plays, what an escape costs and how points become coins.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

import games.engine as engine
from games.engine import Action, HandState, IllegalActionError
from games.models import (
    ActionReceipt,
    HandRecord,
    HandSeat,
    HandStatus,
    Seat,
    Table,
    TableEvent,
    TableStatus,
)
from games.runtime.locks import lock_hand, lock_table
from games.runtime.notify import notify_table_changed
from games.runtime.selectors import seat_public

log = logging.getLogger(__name__)

#: The engine's claim-window phase (docs/engine-api.md).
PHASE_CLAIM = "claim"

#: TableEvent kinds that change the game (an action that saw an older seq is stale after them).
GAME_KINDS = ("hand_start", "engine", "escape", "hand_end")


def cfg(name: str, default: int | str) -> Any:
    return getattr(settings, name, default)


def bot_fill_seconds() -> int:
    return int(cfg("TABLE_BOT_FILL_SECONDS", 5))


def turn_seconds() -> int:
    return int(cfg("TABLE_TURN_SECONDS", 20))


def grace_seconds() -> int:
    return int(cfg("TABLE_DISCONNECT_GRACE_SECONDS", 30))


def next_hand_seconds() -> int:
    return int(cfg("TABLE_NEXT_HAND_SECONDS", 30))


def bot_kind() -> str:
    return str(cfg("TABLE_BOT_KIND", "greedy"))


# --- errors ---------------------------------------------------------------------------------
class TableRefused(Exception):
    """A player may not do this (sit, join, ...). `code` is stable, `message` is for humans."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


# Error codes of actions (docs/protocol.md).
ERR_MALFORMED = "malformed"
ERR_STALE = "stale_seq"
ERR_NOT_SEATED = "not_seated"
ERR_NO_HAND = "no_hand"
ERR_NOT_YOUR_TURN = "not_your_turn"
ERR_ILLEGAL = "illegal"


def seed_generate() -> str:
    """A fresh secret wall seed (tests replace this to play seeded hands)."""
    return secrets.token_hex(16)


# --- the writer -----------------------------------------------------------------------------
@contextmanager
def _writing(table_id: int) -> Iterator[Table]:
    with transaction.atomic():
        table = lock_table(table_id)
        yield table
        table.save()


def _append(
    table: Table, kind: str, data: dict, *, hand: HandRecord | None = None, public_view=None
) -> TableEvent:
    table.seq += 1
    event = TableEvent.objects.create(
        table=table, seq=table.seq, hand=hand, kind=kind, data=data, public_view=public_view
    )
    table_id, seq = table.pk, table.seq
    transaction.on_commit(lambda: notify_table_changed(table_id, seq))
    return event


def _seats(table: Table) -> list[Seat]:
    return list(Seat.objects.filter(table=table).select_related("user").order_by("index"))


def _seat_public(table: Table, seat: Seat) -> dict:
    return seat_public(seat, table.room.variant)


def _state(table: Table) -> HandState:
    return HandState.from_json(table.state)


# --- seating --------------------------------------------------------------------------------
def check_can_sit(*, user, room) -> None:
    """Raise TableRefused unless `user` may sit in `room` (playable variant, balance, cooldown)."""
    from games.interface import player_facts
    from wallet.selectors import wallet_balance

    variant = engine.VARIANTS.get(room.variant)
    if variant is None or not variant.playable:
        raise TableRefused(
            "variant_unavailable", f"{room.variant} tables are not playable yet on this server."
        )
    balance = wallet_balance(user)
    if balance < room.min_balance:
        raise TableRefused(
            "below_minimum",
            f"Your balance is {balance} coins; this room needs at least {room.min_balance} "
            f"coins to sit. / 余额 {balance}，本房间最低需要 {room.min_balance}。",
        )
    remaining = int(player_facts().escape_cooldown(user) or 0)
    if remaining > 0:
        minutes, seconds = divmod(remaining, 60)
        raise TableRefused(
            "cooldown",
            f"You left a live hand recently: you can sit again in {minutes}m {seconds:02d}s. "
            f"/ 逃跑冷却中，还需 {minutes} 分 {seconds} 秒。",
        )


def table_seat(*, user, room, private: bool = False, invite_code: str | None = None) -> Table:
    """Seat `user`: at their current table of the room, the invited table, an open public table,
    or a new one. Raises TableRefused with a clear message."""
    if invite_code:
        code = invite_code.strip().upper()
        table = (
            Table.objects.filter(invite_code=code)
            .exclude(status=TableStatus.CLOSED)
            .select_related("room")
            .first()
        )
        if table is None:
            raise TableRefused("not_found", "No open table has this invite code.")
        room = table.room
    current = (
        Seat.objects.filter(user=user, table__room=room)
        .exclude(table__status=TableStatus.CLOSED)
        .select_related("table")
        .first()
    )
    if current is not None:
        return current.table
    check_can_sit(user=user, room=room)
    if invite_code:
        if not _sit_at(table.pk, user):
            raise TableRefused("full", "This table is full.")
        return table
    if not private:
        open_tables = Table.objects.filter(
            room=room, is_private=False, status__in=[TableStatus.WAITING, TableStatus.BETWEEN]
        ).order_by("pk")
        for table_id in open_tables.values_list("pk", flat=True)[:20]:
            if _sit_at(table_id, user):
                return Table.objects.get(pk=table_id)
    table = _table_create(room=room, user=user, private=private)
    if not _sit_at(table.pk, user):  # pragma: no cover - a new table always has room
        raise TableRefused("full", "This table is full.")
    return table


def _table_create(*, room, user, private: bool) -> Table:
    with transaction.atomic():
        table = Table.objects.create(
            room=room,
            is_private=private,
            invite_code=_invite_code() if private else "",
            created_by=user,
            dealer=secrets.randbelow(4),
            bot_fill_at=timezone.now() + timedelta(seconds=bot_fill_seconds()),
        )
        Seat.objects.bulk_create([Seat(table=table, index=i) for i in range(4)])
    return table


def _invite_code() -> str:
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    while True:
        code = "".join(secrets.choice(alphabet) for _ in range(6))
        if not Table.objects.filter(invite_code=code).exists():
            return code


def _sit_at(table_id: int, user) -> bool:
    with _writing(table_id) as table:
        if table.status not in (TableStatus.WAITING, TableStatus.BETWEEN):
            return False
        seats = _seats(table)
        if any(s.user_id == user.pk for s in seats):
            return True
        empty = [s for s in seats if s.is_empty]
        if not empty:
            return False
        seat = empty[0]
        seat.user = user
        seat.connections = 0
        seat.disconnected_at = timezone.now()
        seat.left_at = None
        seat.autoplay = False
        seat.ready = False
        seat.save()
        _append(table, "seat", _seat_public(table, seat))
        if table.status == TableStatus.WAITING and all(not s.is_empty for s in seats):
            _hand_start(table, now=timezone.now())
    return True


def table_fill_bots(*, table_id: int, user=None) -> bool:
    """Fill the empty seats with bots now (a seated player asked) and start if waiting."""
    with _writing(table_id) as table:
        if user is not None and not Seat.objects.filter(table=table, user=user).exists():
            raise TableRefused("not_seated", "Only a seated player can call bots.")
        if table.status != TableStatus.WAITING:
            return False
        _fill_bots(table)
        _hand_start(table, now=timezone.now())
    return True


def _fill_bots(table: Table) -> None:
    for seat in _seats(table):
        if seat.is_empty:
            seat.is_bot = True
            seat.save()
            _append(table, "seat", _seat_public(table, seat))


def _free_seat(table: Table, seat: Seat) -> None:
    seat.user = None
    seat.is_bot = False
    seat.autoplay = False
    seat.connections = 0
    seat.disconnected_at = None
    seat.left_at = None
    seat.ready = False
    seat.save()
    _append(table, "seat", _seat_public(table, seat))


# --- hands ----------------------------------------------------------------------------------
def _hand_start(table: Table, *, now: datetime) -> HandRecord:
    room = table.room
    variant = engine.variant_get(room.variant)
    options = engine.options_validate(room.variant, room.options)
    seed, salt = seed_generate(), secrets.token_hex(16)
    state, events = engine.new_hand(
        room.variant, options, dealer=table.dealer, seed=seed, carry=table.carry
    )
    table.hand_no += 1
    hand = HandRecord.objects.create(
        table=table,
        room=room,
        hand_no=table.hand_no,
        variant=room.variant,
        options=options,
        dealer=table.dealer,
        carry=table.carry,
        seed=seed,
        salt=salt,
        commitment=engine.commit_seed(seed, salt),
        wall_algorithm=engine.WALL_ALGORITHM,
        coefficient=room.coefficient,
        room_rake=room.rake if variant.has_rake else 0,
    )
    seats = _seats(table)
    HandSeat.objects.bulk_create(
        [HandSeat(hand=hand, seat=s.index, user=s.user, is_bot=s.is_bot) for s in seats]
    )
    Seat.objects.filter(table=table).update(ready=False)
    table.status = TableStatus.PLAYING
    table.current_hand = hand
    table.bot_fill_at = None
    table.next_hand_at = None
    _append(
        table,
        "hand_start",
        {
            "hand_id": hand.pk,
            "hand_no": hand.hand_no,
            "variant": hand.variant,
            "options": options,
            "dealer": hand.dealer,
            "commitment": hand.commitment,
            "wall_algorithm": hand.wall_algorithm,
        },
        hand=hand,
    )
    _record_engine(table, hand, state, events, action=None, now=now, seats=seats)
    return hand


def _record_engine(
    table: Table,
    hand: HandRecord,
    state: HandState,
    events: list[dict],
    *,
    action: dict | None,
    now: datetime,
    kind: str = "engine",
    seats: list[Seat] | None = None,
) -> None:
    still_open = kind == "engine" and _same_claim_window(table, hand, state)
    table.state = state.to_json()
    if action is not None:
        hand.actions = [*hand.actions, action]
        hand.save(update_fields=["actions"])
    if still_open:
        # An answer that leaves the claim window open is nobody else's business: who was asked
        # (and when they answered) tells who holds a pair or a pung of the tile. No event, no
        # seq, no new deadline: the others keep seeing "claim window open until X" unchanged;
        # the answering seat gets its fresh view directly, the outcome is broadcast when the
        # window closes. (The answer is in hand.actions for the replay.)
        seats = seats if seats is not None else _seats(table)
        if any(seats[s].bot_plays for s in engine.to_act(state)):
            _schedule_bots(table)
        return
    _append(
        table,
        kind,
        {"action": action, "events": events, "window": _window(hand, state)},
        hand=hand,
        public_view=engine.observe(state, None),
    )
    if engine.is_over(state):
        _hand_end(table, hand, state, now=now)
        return
    table.deadline = now + timedelta(seconds=turn_seconds())
    seats = seats if seats is not None else _seats(table)
    if any(seats[s].bot_plays for s in engine.to_act(state)):
        _schedule_bots(table)


def _same_claim_window(table: Table, hand: HandRecord, state: HandState) -> bool:
    """Does `state` (not yet saved) stay in the claim window the table is in now?"""
    if state.phase != PHASE_CLAIM or state.claim is None or table.state is None:
        return False
    return _window(hand, _state(table)) == _window(hand, state)


def _hand_end(table: Table, hand: HandRecord, state: HandState, *, now: datetime) -> None:
    result = engine.hand_result(state) or {}
    points = [int(p) for p in result.get("points", [0, 0, 0, 0])]
    coins, rake = _expected_coins(hand, points)
    hand.status = HandStatus.ENDED
    hand.ended_at = now
    hand.result = result
    hand.points = points
    hand.coins = coins
    hand.rake = rake
    hand.save()
    table.status = TableStatus.BETWEEN
    table.deadline = None
    table.dealer = int(result.get("next_dealer", table.dealer))
    table.carry = result.get("carry")
    table.next_hand_at = now + timedelta(seconds=next_hand_seconds())
    _append(
        table,
        "hand_end",
        {
            "hand_id": hand.pk,
            "hand_no": hand.hand_no,
            "reason": result.get("reason"),
            "points": points,
            "coins": coins,
            "rake": rake,
            "next_dealer": table.dealer,
            "seed": hand.seed,
            "salt": hand.salt,
            "commitment": hand.commitment,
            "wall_algorithm": hand.wall_algorithm,
        },
        hand=hand,
        public_view=engine.observe(state, None),
    )
    hand_id = hand.pk
    transaction.on_commit(lambda: _queue_settle(hand_id))


def _expected_coins(hand: HandRecord, points: list[int]) -> tuple[list[int], int]:
    """What the hand pays when every balance covers its loss (the wallet's one coin formula):
    N × points − A each; the house A each, plus points owed to nobody (a penalty "to nobody")."""
    from wallet.settlement import settle_in_full

    return settle_in_full(points, coefficient=hand.coefficient, rake=hand.room_rake)


def _queue_settle(hand_id: int) -> None:
    from games.tasks import settle_hand

    settle_hand.delay(hand_id)


# --- actions --------------------------------------------------------------------------------
def _error(code: str, message: str, *, action_id: str | None, seq: int) -> dict:
    return {"type": "error", "id": action_id, "code": code, "message": message, "seq": seq}


def table_submit_action(
    *, table_id: int, user, action_id: Any, expected_seq: Any, action: Any
) -> dict:
    """A seated player's move. Returns the answer frame (ack or error); a duplicate action id
    gets the original answer, and an error changes nothing at the table."""
    if not isinstance(action_id, str) or not 1 <= len(action_id) <= 64:
        return _error(
            ERR_MALFORMED,
            "An action needs an id: a string of 1-64 characters.",
            action_id=None,
            seq=-1,
        )
    with _writing(table_id) as table:
        receipt = ActionReceipt.objects.filter(table=table, user=user, action_id=action_id).first()
        if receipt is not None:
            return {**receipt.response, "duplicate": True}
        answer = _try_action(table, user, action_id, expected_seq, action)
        ActionReceipt.objects.create(table=table, user=user, action_id=action_id, response=answer)
    return answer


def _try_action(table: Table, user, action_id: str, expected_seq: Any, raw: Any) -> dict:
    def error(code: str, message: str) -> dict:
        return _error(code, message, action_id=action_id, seq=table.seq)

    seat = Seat.objects.filter(table=table, user=user).first()
    if seat is None:
        return error(ERR_NOT_SEATED, "You are not seated at this table.")
    if isinstance(expected_seq, bool) or not isinstance(expected_seq, int):
        return error(ERR_MALFORMED, "An action needs the seq it saw (an integer).")
    if not isinstance(raw, dict):
        return error(
            ERR_MALFORMED, 'An action must be an object like {"type": "discard", "tile": "5m"}.'
        )
    if table.status != TableStatus.PLAYING or table.state is None:
        return error(ERR_NO_HAND, "No hand is being played at this table.")
    if expected_seq > table.seq or _game_moved_since(table, expected_seq):
        return error(
            ERR_STALE,
            f"The table moved on (now at seq {table.seq}, you saw {expected_seq}); "
            "nothing was done, here is the fresh state.",
        )
    try:
        act = Action.from_json({**raw, "seat": seat.index})
    except IllegalActionError as exc:
        return error(ERR_MALFORMED, str(exc))
    state = _state(table)
    legal = engine.legal_actions(state, seat.index)
    if not legal:
        return error(ERR_NOT_YOUR_TURN, "It is not your turn to act.")
    if act not in legal:
        return error(
            ERR_ILLEGAL,
            f"{act.type} {act.tile or act.tiles or act.choice or ''} is not "
            "one of your legal actions now.".replace("  ", " "),
        )
    try:
        state2, events = engine.apply(state, act)
    except IllegalActionError as exc:
        return error(ERR_ILLEGAL, str(exc))
    hand = HandRecord.objects.get(pk=table.current_hand_id)
    _record_engine(table, hand, state2, events, action=act.to_json(), now=timezone.now())
    return {"type": "ack", "id": action_id, "ok": True, "seq": table.seq}


def _window(hand: HandRecord, state: HandState) -> str:
    """The decision point a change leaves the hand at: while it stays the same (the four 定缺
    choices, the responses of one claim window) the others' answers do not make an action stale."""
    claim = state.claim
    claim_key = f"{claim.kind}:{claim.from_seat}:{claim.tile}" if claim is not None else "-"
    return f"{hand.pk}:{state.phase}:{state.turn}:{claim_key}"


def _game_moved_since(table: Table, seen: int) -> bool:
    """Is an action that saw `seen` stale? Seat/connection changes bump seq too and never make it
    stale; game changes do, unless they all stayed inside the decision point the client saw
    (legality is then checked against the current state anyway)."""
    if seen == table.seq:
        return False
    game = TableEvent.objects.filter(table=table, kind__in=GAME_KINDS)
    seen_event = game.filter(seq__lte=seen).order_by("-seq").first()
    windows = set()
    for kind, data in game.filter(seq__gt=seen).values_list("kind", "data"):
        if kind not in ("engine", "escape") or "window" not in data:
            return True
        windows.add(data["window"])
    if not windows:
        return False
    if seen_event is None or seen_event.kind not in ("engine", "escape"):
        return True
    return windows != {seen_event.data.get("window")}


# --- bots -----------------------------------------------------------------------------------
_local = threading.local()


def _schedule_bots(table: Table) -> None:
    if getattr(_local, "bots_running", False) or getattr(table, "_bots_queued", False):
        return  # the running loop picks the next move up itself (no recursion under eager Celery)
    table._bots_queued = True
    table_id = table.pk
    transaction.on_commit(lambda: _queue_bots(table_id))


def _queue_bots(table_id: int) -> None:
    from games.tasks import table_bots

    table_bots.delay(table_id)


def table_bot_step(*, table_id: int) -> bool:
    """Play one move of a bot (or of a seat on autoplay) that has to act. False if none."""
    from games.engine.bots import bot_choose

    with _writing(table_id) as table:
        if table.status != TableStatus.PLAYING or table.state is None:
            return False
        state = _state(table)
        seats = _seats(table)
        for index in engine.to_act(state):
            if seats[index].bot_plays:
                action = bot_choose(state, index, kind=bot_kind(), rng_seed=table.seq * 4 + index)
                state2, events = engine.apply(state, action)
                hand = HandRecord.objects.get(pk=table.current_hand_id)
                _record_engine(
                    table,
                    hand,
                    state2,
                    events,
                    action=action.to_json(),
                    now=timezone.now(),
                    seats=seats,
                )
                return True
    return False


def table_run_bots(*, table_id: int, limit: int = 2000) -> int:
    """Play bot moves (each in its own transaction, broadcast as it commits) until a human must
    act or the hand ends. Returns the number of moves."""
    if getattr(_local, "bots_running", False):
        return 0
    _local.bots_running = True
    try:
        moves = 0
        while moves < limit and table_bot_step(table_id=table_id):
            moves += 1
        return moves
    finally:
        _local.bots_running = False


# --- presence, leaving, escape --------------------------------------------------------------
def table_connect(*, table_id: int, user) -> int | None:
    """A socket of `user` opened. Returns their seat index, or None for a spectator."""
    with _writing(table_id) as table:
        seat = Seat.objects.filter(table=table, user=user).select_related("user").first()
        if seat is None:
            return None
        was_connected = seat.connections > 0
        seat.connections += 1
        seat.disconnected_at = None
        escaped = _escaped(table, seat)
        if seat.left_at is not None and not escaped:
            seat.left_at = None  # back within the grace period: no escape
        if seat.autoplay and seat.left_at is None:
            seat.autoplay = False  # the bot hands the seat back
        seat.save()
        if not was_connected:
            _append(table, "seat", _seat_public(table, seat))
        return seat.index


def table_disconnect(*, table_id: int, user) -> None:
    with _writing(table_id) as table:
        seat = Seat.objects.filter(table=table, user=user).select_related("user").first()
        if seat is None:
            return
        seat.connections = max(0, seat.connections - 1)
        if seat.connections == 0:
            seat.disconnected_at = timezone.now()
            seat.save()
            _append(table, "seat", _seat_public(table, seat))
        else:
            seat.save()


def _escaped(table: Table, seat: Seat) -> bool:
    if table.status != TableStatus.PLAYING or table.current_hand_id is None:
        return False
    return HandSeat.objects.filter(
        hand_id=table.current_hand_id, seat=seat.index, escaped=True
    ).exists()


def table_leave(*, table_id: int, user) -> str:
    """Leave the table. Between hands the seat is freed; during a live hand it is an escape:
    after the grace period escape_penalty applies the variant's rule, then a bot plays the seat
    for whatever is left of the hand (血战: a winner who leaves)."""
    with _writing(table_id) as table:
        seat = Seat.objects.filter(table=table, user=user).select_related("user").first()
        if seat is None:
            return "not_seated"
        if table.status == TableStatus.PLAYING:
            if seat.left_at is None:
                # Within the grace period the player may come back; meanwhile the turn timer
                # plays their default actions. After it, escape_penalty settles the escape.
                seat.left_at = timezone.now()
                seat.save()
                _append(table, "seat", _seat_public(table, seat))
            return "escaping"
        _free_seat(table, seat)
        if not Seat.objects.filter(table=table, user__isnull=False).exists():
            _close(table)
        return "left"


def _close(table: Table) -> None:
    table.status = TableStatus.CLOSED
    table.deadline = None
    table.bot_fill_at = None
    table.next_hand_at = None
    Seat.objects.filter(table=table, is_bot=True).update(is_bot=False)
    _append(table, "closed", {})


def escape_apply(*, table_id: int, hand_id: int, seat_index: int) -> bool:
    """Apply the variant's escape settlement for a seat that left the live hand — once.
    False (nothing done) if the hand moved on, the player came back, or it was already applied."""
    with _writing(table_id) as table:
        if table.status != TableStatus.PLAYING or table.current_hand_id != hand_id:
            return False
        hand_seat = HandSeat.objects.filter(hand_id=hand_id, seat=seat_index).first()
        seat = Seat.objects.filter(table=table, index=seat_index).first()
        if hand_seat is None or hand_seat.escaped or seat is None or seat.left_at is None:
            return False
        state = _state(table)
        if state.escaped[seat_index]:
            return False
        state2, events = engine.escape(state, seat_index)
        hand_seat.escaped = True
        hand_seat.autoplayed = True
        hand_seat.save()
        seat.autoplay = True
        seat.save()
        hand = HandRecord.objects.get(pk=hand_id)
        _record_engine(
            table,
            hand,
            state2,
            events,
            action={"type": "escape", "seat": seat_index},
            now=timezone.now(),
            kind="escape",
        )
    return True


def table_ready(*, table_id: int, user) -> bool:
    """A seated player asks for the next hand; it starts when every seated human is ready."""
    with _writing(table_id) as table:
        seat = Seat.objects.filter(table=table, user=user).select_related("user").first()
        if seat is None or table.status != TableStatus.BETWEEN:
            return False
        if not seat.ready:
            seat.ready = True
            seat.save()
            _append(table, "seat", _seat_public(table, seat))
        humans = Seat.objects.filter(table=table, user__isnull=False)
        if all(s.ready for s in humans):
            _next_hand(table, now=timezone.now())
    return True


def _next_hand(table: Table, *, now: datetime) -> None:
    grace = timedelta(seconds=grace_seconds())
    from wallet.selectors import wallet_balance

    for seat in _seats(table):
        if seat.user_id is None:
            continue
        gone = (
            seat.connections == 0 and seat.disconnected_at and now - seat.disconnected_at >= grace
        )
        poor = wallet_balance(seat.user) < table.room.min_balance
        if seat.left_at is not None or gone or poor:
            _free_seat(table, seat)
    if not Seat.objects.filter(table=table, user__isnull=False).exists():
        _close(table)
        return
    _fill_bots(table)
    Seat.objects.filter(table=table, autoplay=True).update(autoplay=False)
    for seat in Seat.objects.filter(table=table, user__isnull=False, connections=0):
        seat.autoplay = True  # disconnected (within grace): a bot plays until they return
        seat.save()
    _hand_start(table, now=now)


# --- the sweeper ----------------------------------------------------------------------------
def table_tick(*, table_id: int, now: datetime | None = None) -> None:
    """Everything time-driven for one table: bot fill, disconnect grace (bot takes over), escape
    after the grace period, turn deadlines (default action), and the next hand."""
    now = now or timezone.now()
    if not _tick_due(table_id, now):
        return
    with _writing(table_id) as table:
        if table.status == TableStatus.WAITING:
            if table.bot_fill_at and now >= table.bot_fill_at and _has_human(table):
                _fill_bots(table)
                _hand_start(table, now=now)
        elif table.status == TableStatus.PLAYING:
            _tick_playing(table, now)
        elif table.status == TableStatus.BETWEEN:
            if table.next_hand_at and now >= table.next_hand_at:
                _next_hand(table, now=now)


def _tick_due(table_id: int, now: datetime) -> bool:
    table = (
        Table.objects.filter(pk=table_id)
        .only("status", "deadline", "bot_fill_at", "next_hand_at")
        .first()
    )
    if table is None or table.status == TableStatus.CLOSED:
        return False
    if table.status == TableStatus.WAITING:
        return bool(table.bot_fill_at and now >= table.bot_fill_at)
    if table.status == TableStatus.BETWEEN:
        return bool(table.next_hand_at and now >= table.next_hand_at)
    if table.deadline and now >= table.deadline:
        return True
    cutoff = now - timedelta(seconds=grace_seconds())
    seats = Seat.objects.filter(table_id=table_id, user__isnull=False)
    return (
        seats.filter(autoplay=False, connections=0, disconnected_at__lte=cutoff).exists()
        or seats.filter(left_at__lte=cutoff).exists()
    )


def _has_human(table: Table) -> bool:
    return Seat.objects.filter(table=table, user__isnull=False).exists()


def _tick_playing(table: Table, now: datetime) -> None:
    cutoff = now - timedelta(seconds=grace_seconds())
    seats = _seats(table)
    for seat in seats:
        if seat.user_id is None:
            continue
        if seat.left_at and seat.left_at <= cutoff:
            if not _escaped(table, seat):
                _queue_escape_on_commit(table.pk, table.current_hand_id, seat.index)
            continue  # escape_penalty hands the seat to a bot after settling the escape
        gone = seat.connections == 0 and seat.disconnected_at and seat.disconnected_at <= cutoff
        if gone and not seat.autoplay:
            seat.autoplay = True
            seat.save()
            HandSeat.objects.filter(hand_id=table.current_hand_id, seat=seat.index).update(
                autoplayed=True
            )
            _append(table, "seat", _seat_public(table, seat))
            _schedule_bots(table)
    if table.deadline and now >= table.deadline:
        _play_defaults(table, now, seats)


def _queue_escape_on_commit(table_id: int, hand_id: int, seat_index: int) -> None:
    def queue() -> None:
        from games.tasks import escape_penalty

        escape_penalty.delay(table_id, hand_id, seat_index)

    transaction.on_commit(queue)


def _play_defaults(table: Table, now: datetime, seats: list[Seat]) -> None:
    state = _state(table)
    hand = HandRecord.objects.get(pk=table.current_hand_id)
    for index in list(engine.to_act(state)):
        if table.status != TableStatus.PLAYING:
            break
        state = _state(table)
        if index not in engine.to_act(state):
            continue
        action = engine.default_action(state, index)
        state2, events = engine.apply(state, action)
        _record_engine(table, hand, state2, events, action=action.to_json(), now=now, seats=seats)


def table_sweep(*, now: datetime | None = None) -> int:
    """table_tick for every open table (Celery beat / the run_tables command)."""
    count = 0
    for table_id in Table.objects.exclude(status=TableStatus.CLOSED).values_list("pk", flat=True):
        try:
            table_tick(table_id=table_id, now=now)
        except Exception:  # one broken table must not stop the sweep of the others
            log.exception("tick of table %s failed", table_id)
        count += 1
    return count


# --- settlement -----------------------------------------------------------------------------
def bot_user(index: int):
    """The house's bot player for seat `index`: a disabled user whose wallet the mint funds."""
    User = get_user_model()
    user, created = User.objects.get_or_create(
        username=f"~bot{index + 1}",
        defaults={"is_active": False, "display_name": f"Bot {index + 1}"},
    )
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def _bot_bankroll(*, user, need: int, key: str) -> None:
    from wallet.selectors import wallet_balance
    from wallet.services import wallet_admin_adjust

    balance = wallet_balance(user)
    if balance < need:
        wallet_admin_adjust(
            user=user, amount=need - balance, reason="bot bankroll", actor=None, key=key
        )


def hand_settle(*, hand_id: int) -> HandRecord:
    """Pay an ended hand through wallet_settle, exactly once (key "hand:<id>"), and announce it
    (games.interface.hand_settled: ratings records it) in the same transaction."""
    from games.interface import hand_settled
    from wallet.selectors import transfer_amounts_by_user
    from wallet.services import wallet_settle
    from wallet.settlement import most_payable

    table_id = HandRecord.objects.values_list("table_id", flat=True).get(pk=hand_id)
    with _writing(table_id) as table:
        hand = lock_hand(hand_id)
        if hand.status == HandStatus.SETTLED:
            return hand
        if hand.status != HandStatus.ENDED:
            raise ValueError(f"hand {hand_id} has not ended")
        hand_seats = list(hand.seats.select_related("user").order_by("seat"))
        points = hand.points or [0, 0, 0, 0]
        most = most_payable(points, coefficient=hand.coefficient, rake=hand.room_rake)
        users = []
        for hs in hand_seats:
            user = hs.user if hs.user_id else bot_user(hs.seat)
            if not hs.user_id:
                _bot_bankroll(
                    user=user, need=most[hs.seat], key=f"botfund:hand:{hand.pk}:{hs.seat}"
                )
            users.append(user)
        room = hand.room
        room.coefficient = hand.coefficient  # the N the hand started with, even if the room changed
        transfer = wallet_settle(
            key=f"hand:{hand.pk}",
            room=room,
            points_by_user={u.pk: points[hs.seat] for u, hs in zip(users, hand_seats, strict=True)},
            rake=hand.room_rake,
        )
        shares = transfer_amounts_by_user(transfer)
        hand.coins = [shares.users.get(u.pk, 0) for u in users]
        hand.rake = shares.house
        hand.status = HandStatus.SETTLED
        hand.settled_at = timezone.now()
        hand.transfer = transfer
        hand.save()
        hand_settled.send(sender=HandRecord, hand=hand, seats=hand_seats)
        _append(
            table,
            "settled",
            {"hand_id": hand.pk, "hand_no": hand.hand_no, "coins": hand.coins, "rake": hand.rake},
            hand=hand,
        )
    return hand
