"""Table services: the one writer of every live table.

Every write runs inside `_writing(table_id)`: one transaction holding the Table row lock
(games.runtime.locks). Under it a service reads the engine state, applies the engine, appends one
TableEvent per change (bumping Table.seq), keeps `Table.wake_at` (when the clock must look at the
table next), builds each viewer's frame once (games.runtime.push) and commits; only then the
frames are pushed and follow-up tasks (bots, settlement) are queued.

Nothing here is variant-specific: the engine's public API (docs/engine-api.md) decides what is
legal, what a timeout plays, what a bot plays, what an escape costs and how points become coins.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, connections, router, transaction
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
    TableSocket,
    TableStatus,
)
from games.runtime import memo, push, rows
from games.runtime.locks import lock_hand, lock_table
from games.runtime.selectors import (
    LOOK_UP,
    event_frame,
    seat_public,
    seats_public_of,
    spectator_table_info,
    table_info,
    view_of,
)
from props.services import (
    props_consume_events,
    props_for_hand,
    props_golden_clear,
    props_hand_record,
)

log = logging.getLogger(__name__)

#: The engine's claim-window phase (docs/engine-api.md).
PHASE_CLAIM = "claim"

#: TableEvent kinds that change the game (an action that saw an older seq is stale after them).
GAME_KINDS = ("hand_start", "engine", "escape", "hand_end")

#: Turn timers a connected human lets run out in a row before the bot stand-in takes the seat.
AWAY_AFTER_TIMEOUTS = 2


def cfg(name: str, default: int | float | str) -> Any:
    return getattr(settings, name, default)


def bot_fill_seconds() -> int:
    return int(cfg("TABLE_BOT_FILL_SECONDS", 5))


def turn_seconds() -> int:
    return int(cfg("TABLE_TURN_SECONDS", 20))


def grace_seconds() -> int:
    return int(cfg("TABLE_DISCONNECT_GRACE_SECONDS", 30))


def next_hand_seconds() -> int:
    return int(cfg("TABLE_NEXT_HAND_SECONDS", 30))


def claim_window_seconds() -> float:
    """The least time every claim window stays open, whoever may claim (0: no hold)."""
    return float(cfg("TABLE_CLAIM_WINDOW_SECONDS", 1.5))


def bot_delay_seconds() -> float:
    """The bots' human-like pause before each move (0: at once, through Celery)."""
    return float(cfg("TABLE_BOT_DELAY_MS", 0)) / 1000


def sockets_per_user() -> int:
    return int(cfg("TABLE_SOCKETS_PER_USER", 4))


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
ERR_NOT_PRACTICE = "not_practice"
ERR_HINT_PENDING = "hint_pending"

#: How many of the expert's options a live hint shows (practice rooms).
HINT_TOP = 3
#: How long a computed hint is kept (seconds): one computation per seat and decision point.
HINT_CACHE_SECONDS = 600


def seed_generate() -> str:
    """A fresh secret wall seed (tests replace this to play seeded hands)."""
    return secrets.token_hex(16)


# --- the writer -----------------------------------------------------------------------------
@contextmanager
def _writing(table_id: int) -> Iterator[Table]:
    with transaction.atomic():
        table = lock_table(table_id)
        loaded = _row_values(table)
        remembered = memo.take(table_id, table.rev)
        if remembered is not None:  # nobody changed these rows since this process kept them
            table._seats_cache = remembered.seats
            table._seats_loaded = _seat_values(remembered.seats)
            table._hand_cache = remembered.hand
        table._outbox = push.Outbox()
        table._new_actions = []  # this transaction's actions of the live hand (_record_engine)
        table._actions_restart = False  # a hand ended (its actions went to its record) or began
        table._state_obj = None  # the engine state, parsed and encoded once (`_state`)
        table._state_changed = False
        # This change's own after-commit work, registered first so it runs before what the
        # change queued on commit: an eager settlement or bot move writes the table again, and
        # its frames must leave after this change's, or every seat sees a gap and reads it.
        after_commit: list[Callable[[], None]] = []
        transaction.on_commit(lambda: _run_all(after_commit))
        yield table
        if table._state_changed:
            table.state = table._state_obj.to_json()
        rows.insert(table._outbox.events)  # this change's events, in one statement
        _wake_update(table)
        if _rows_changed(table, loaded):
            table.rev += 1
        changed = _changed_fields(table, loaded)
        if table._actions_restart:  # a new list: this transaction's actions of the next hand
            table.hand_actions = table._new_actions
            rows.update(table, [*changed, "hand_actions"])
        else:  # appended in SQL, in the table's own UPDATE
            rows.update(table, changed, append=("hand_actions", table._new_actions))
        kept = _memo_of(table)
        if kept is not None:
            after_commit.append(lambda: memo.keep(table_id, kept))
        if table._outbox:
            delivery = _delivery(table)
            after_commit.append(lambda: push.frames_send(delivery))


def _run_all(steps: list[Callable[[], None]]) -> None:
    for step in steps:
        step()


#: The Table columns a writer may change (all but the key; updated_at is always written; the
#: live hand's actions are appended to, never read).
_TABLE_FIELDS = [
    f.attname
    for f in Table._meta.concrete_fields
    if not f.primary_key and f.name not in ("updated_at", "hand_actions")
]


def _row_values(table: Table) -> dict[str, Any]:
    return {name: getattr(table, name) for name in _TABLE_FIELDS}


def _changed_fields(table: Table, loaded: dict[str, Any]) -> list[str]:
    """The columns this transaction changed, so the UPDATE writes (and encodes) only those: the
    engine state changes with nearly every action, the seats' view and the held answers rarely.
    The services assign a new value to a field they change and never edit one in place."""
    changed = [name for name in _TABLE_FIELDS if getattr(table, name) != loaded[name]]
    return [*changed, "updated_at"]


_SEAT_FIELDS = [f.attname for f in Seat._meta.concrete_fields]


def _seat_values(seats: list[Seat]) -> list[tuple]:
    return [tuple(getattr(seat, name) for name in _SEAT_FIELDS) for seat in seats]


def _rows_changed(table: Table, loaded: dict[str, Any]) -> bool:
    """Whether this transaction changed what a process's memo holds (``Table.rev`` counts
    those changes): a seat, or the table's status or current hand (a hand starts or ends). A
    transaction that only plays (the table's state, events, actions appended in SQL) leaves
    every other process's memo valid. The services change seats through ``_seats(table)``."""
    if table.status != loaded["status"] or table.current_hand_id != loaded["current_hand_id"]:
        return True
    seats = getattr(table, "_seats_cache", None)
    return seats is not None and _seat_values(seats) != table._seats_loaded


def _memo_of(table: Table) -> memo.TableMemo | None:
    """What the next writer of this table in this process may reuse while a hand plays: the
    seats this transaction read (and saved) and the hand. Between hands (seating, settlement,
    the next deal) every writer reads the rows again, so a player's new name or tier is seen."""
    seats = getattr(table, "_seats_cache", None)
    if seats is None or table.status != TableStatus.PLAYING:
        return None
    hand = getattr(table, "_hand_cache", None)
    if hand is not None and (hand.pk != table.current_hand_id or hand.status != HandStatus.LIVE):
        hand = None
    return memo.TableMemo(rev=table.rev, seats=seats, hand=hand)


def _append(
    table: Table, kind: str, data: dict, *, hand: HandRecord | None = None, public_view=None
) -> TableEvent:
    table.seq += 1
    event = TableEvent(
        table=table, seq=table.seq, hand=hand, kind=kind, data=data, public_view=public_view
    )
    table._outbox.events.append(event)  # inserted when the writer's transaction ends
    if kind in GAME_KINDS:
        key = data.get("window") or f"{kind}:{table.seq}"
        if key != table.window:  # a new decision point: actions that saw less are stale
            table.window = key
            table.window_seq = table.seq
    return event


def _seats(table: Table) -> list[Seat]:
    """The table's four seats, read once per writer transaction (the objects are the ones the
    services change and save)."""
    seats = getattr(table, "_seats_cache", None)
    if seats is None:
        seats = rows.loader(_seats_of, "user", _vendor()).all(table.pk)
        table._seats_cache = seats
        table._seats_loaded = _seat_values(seats)
    return seats


# The writer's reads of seats and hand, compiled once (games.runtime.rows): every writer
# transaction that follows another process's write runs them.
def _seats_of(table_id: int):
    return Seat.objects.filter(table_id=table_id).select_related("user").order_by("index")


def _hand_of(hand_id: int):
    return HandRecord.objects.filter(pk=hand_id)


def _vendor() -> str:
    return connections[router.db_for_write(Table)].vendor


def _seat_users(seats: list[Seat]) -> list:
    """The human in each seat (None for a bot or an empty seat)."""
    return [None if s.is_bot else s.user for s in seats]


def _seat_of(table: Table, user) -> Seat | None:
    return next((s for s in _seats(table) if s.user_id == user.pk), None)


def _current_hand(table: Table) -> HandRecord | None:
    """The table's current hand, read once per writer transaction, after the table's lock.

    Not joined into the lock's query: on PostgreSQL a SELECT ... FOR UPDATE OF the table that
    waited for another writer re-reads the locked row but takes joined rows from the snapshot
    it started with, so the hand's actions would be those from before the other writer's
    commit (and appending to them would lose its action). A query after the lock is fresh."""
    if table.current_hand_id is None:
        return None
    hand = getattr(table, "_hand_cache", None)
    if hand is None or hand.pk != table.current_hand_id:
        hand = rows.loader(_hand_of, None, _vendor()).get(table.current_hand_id)
        table._hand_cache = hand
    return hand


def _seat_event(table: Table, seat: Seat) -> None:
    """A seat changed (joined, bot, online/offline, autoplay, ready, left): save it, keep the
    table's seats view and tell everyone."""
    seat.save()
    view = list(table.seats_view or seats_public_of(table, _seats(table)))
    public = seat_public(seat, table.room.variant, tier=_shown_tier(table, seat, view))
    view[seat.index] = public
    table.seats_view = view
    _append(table, "seat", public)


_USER_AT, _BOT_AT = _SEAT_FIELDS.index("user_id"), _SEAT_FIELDS.index("is_bot")


def _shown_tier(table: Table, seat: Seat, view: list[dict | None]) -> Any:
    """The tier badge the table's view shows for ``seat`` if the same human sat there when this
    transaction began (their ready, their socket, their bot stand-in): no look-up. A tier moves
    only with a settlement, and the next deal reads every seat's again (_hand_start). A human
    who just sat down is looked up (LOOK_UP)."""
    shown = view[seat.index]
    if seat.user_id is None or seat.is_bot or shown is None:
        return LOOK_UP
    loaded = table._seats_loaded[seat.index]
    if loaded[_USER_AT] != seat.user_id or loaded[_BOT_AT]:
        return LOOK_UP
    return shown.get("tier")


def _state(table: Table) -> HandState:
    """The table's engine state: parsed once per writer transaction, and the state the
    transaction's last engine step left (encoded into `table.state` when the writer ends)."""
    state = table._state_obj
    if state is None:
        state = table._state_obj = HandState.from_json(table.state)
    return state


def _has_state(table: Table) -> bool:
    return table._state_obj is not None or table.state is not None


def _held_seats(table: Table) -> set[int]:
    return {int(a["seat"]) for a in table.held or []}


def _delivery(table: Table) -> push.Delivery:
    """Every viewer's frame of this change, built once, before commit (docs/protocol.md)."""
    out = table._outbox
    hand = _current_hand(table)
    now = timezone.now()
    state = _state(table) if _has_state(table) else None
    held = _held_seats(table)
    seats_view = table.seats_view or seats_public_of(table, _seats(table))
    messages: list[tuple[str, dict]] = [
        (push.user_group(table.pk, uid), {"type": "table.reseat"}) for uid in sorted(out.reseat)
    ]
    # The table info is the same for every seat but its "you": built and encoded once.
    seat_table: str | None = None
    for seat in _seats(table):
        if seat.user_id is None or seat.user_id in out.reseat:
            continue
        if not out.events and seat.index not in out.refresh:
            continue
        if seat_table is None:
            info = table_info(table, hand, seats_view, seat=seat.index, now=now)
            del info["you"]
            seat_table = push.encode(info)
        frame = {
            "type": "events",
            "seq": table.seq,
            "events": [event_frame(e, seat.index) for e in out.events],
            "view": view_of(state, seat.index, held),
        }
        table_text = push.with_member(seat_table, "you", seat.index)
        message = push.frame_message(frame, encoded={"table": table_text})
        messages.append((push.user_group(table.pk, seat.user_id), message))
    if out.events:
        frame = {
            "type": "events",
            "seq": table.seq,
            "events": [event_frame(e, None) for e in out.events],
            "table": spectator_table_info(table, hand, seats_view, now=now),
            "view": view_of(state, None, held),
        }
        messages.append((push.spectator_group(table.pk), push.frame_message(frame)))
    return push.Delivery(table.pk, table.seq, messages)


def _wake_update(table: Table) -> None:
    """When the clock must look at this table next: the earliest deadline it has."""
    times: list[datetime] = []
    if table.status == TableStatus.WAITING and table.bot_fill_at:
        times.append(table.bot_fill_at)
    elif table.status == TableStatus.BETWEEN and table.next_hand_at:
        times.append(table.next_hand_at)
    elif table.status == TableStatus.PLAYING:
        if table.deadline:
            times.append(table.deadline)
        if table.held and table.window_closes_at:
            times.append(table.window_closes_at)
        if table.bot_due_at:
            times.append(table.bot_due_at)
        grace = timedelta(seconds=grace_seconds())
        for seat in _seats(table):
            if seat.user_id is None or seat.autoplay:
                continue
            if seat.left_at is not None:
                times.append(seat.left_at + grace)
            elif seat.connections == 0 and seat.disconnected_at is not None:
                times.append(seat.disconnected_at + grace)
    table.wake_at = min(times) if times else None


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
        seat.connections = TableSocket.objects.filter(table=table, user=user).count()
        seat.disconnected_at = None if seat.connections else timezone.now()
        seat.left_at = None
        seat.autoplay = False
        seat.ready = False
        seat.timeouts = 0
        _seat_event(table, seat)
        table._outbox.reseat.add(user.pk)  # a socket watching as a spectator becomes the seat
        if table.status == TableStatus.WAITING and all(not s.is_empty for s in seats):
            _hand_start(table, now=timezone.now())
    return True


def table_fill_bots(*, table_id: int, user=None) -> bool:
    """Fill the empty seats with bots now (a seated player asked) and start if waiting."""
    with _writing(table_id) as table:
        if user is not None and _seat_of(table, user) is None:
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
            _seat_event(table, seat)


def _free_seat(table: Table, seat: Seat) -> None:
    if seat.user_id is not None:
        table._outbox.reseat.add(seat.user_id)  # their sockets watch on as spectators
        props_golden_clear(user=seat.user, table_id=table.pk)  # a golden finger stays here
    seat.user = None
    seat.is_bot = False
    seat.autoplay = False
    seat.connections = 0
    seat.disconnected_at = None
    seat.left_at = None
    seat.ready = False
    seat.timeouts = 0
    _seat_event(table, seat)


# --- hands ----------------------------------------------------------------------------------
def _hand_start(table: Table, *, now: datetime) -> HandRecord:
    room = table.room
    variant = engine.variant_get(room.variant)
    # open_windows: a claim window after every discard, asking every seat (docs/protocol.md)
    options = engine.options_validate(room.variant, {**room.options, "open_windows": True})
    seed, salt = seed_generate(), secrets.token_hex(16)
    seats = _seats(table)
    users = _seat_users(seats)
    # the props (道具) each seat holds, in rooms that allow them: {} or new_hand's arguments
    setup = props_for_hand(room=room, users=users, table_id=table.pk)
    state, events = engine.new_hand(
        room.variant, options, dealer=table.dealer, seed=seed, carry=table.carry, **setup
    )
    table.hand_no += 1
    table._new_actions, table._actions_restart = [], True
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
    props_hand_record(hand_id=hand.pk, setup=setup)
    props_consume_events(hand_id=hand.pk, table_id=table.pk, users=users, events=events)
    HandSeat.objects.bulk_create(
        [HandSeat(hand=hand, seat=s.index, user=s.user, is_bot=s.is_bot) for s in seats]
    )
    for seat in seats:
        seat.ready = False
        seat.timeouts = 0
    Seat.objects.filter(table=table).update(ready=False, timeouts=0)
    # a new hand: the tiers shown may have moved with the last settlement
    table.seats_view = seats_public_of(table, seats)
    table.status = TableStatus.PLAYING
    table.current_hand = hand
    table._hand_cache = hand
    table.bot_fill_at = None
    table.next_hand_at = None
    table.held = []
    table.window_closes_at = None
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
    _record_engine(table, hand, state, events, action=None, now=now)
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
) -> None:
    window = _window(hand, state)
    # An answer that leaves the claim window open is nobody else's business: who was asked (and
    # when they answered) tells who holds a pair or a pung of the tile. No event, no seq, no new
    # deadline: the others keep seeing "claim window open until X" unchanged; the answering seat
    # gets its fresh view alone, the outcome is broadcast when the window closes. (The answer is
    # in hand.actions for the replay.)
    still_open = kind == "engine" and state.phase == PHASE_CLAIM and window == table.window
    table._state_obj, table._state_changed = state, True
    if any(e.get("type") == "prop" for e in events):  # a prop use took effect: it is spent
        props_consume_events(
            hand_id=hand.pk, table_id=table.pk, users=_seat_users(_seats(table)), events=events
        )
    if action is not None:  # appended to the table's list of them when the writer ends
        table._new_actions.append(action)
    if still_open:
        if action is not None:
            table._outbox.refresh.add(int(action["seat"]))
        _after_change(table, hand, state, now)
        return
    _append(
        table,
        kind,
        {"action": action, "events": events, "window": window},
        hand=hand,
        public_view=engine.observe(state, None),
    )
    if engine.is_over(state):
        _hand_end(table, hand, state, now=now)
        return
    table.deadline = now + timedelta(seconds=turn_seconds())
    table.held = []
    if state.phase == PHASE_CLAIM:
        table.window_closes_at = now + timedelta(seconds=claim_window_seconds())
    else:
        table.window_closes_at = None
    _after_change(table, hand, state, now)


def _after_change(table: Table, hand: HandRecord, state: HandState, now: datetime) -> None:
    """Inside a claim window a seat with nothing to claim passes at once (it was asked only so
    that the window tells nothing); then the bots (and seats on autoplay) are scheduled."""
    if state.phase == PHASE_CLAIM:
        held = _held_seats(table)
        for index in engine.to_act(state):
            if index in held:
                continue
            legal = engine.legal_actions(state, index)
            if len(legal) == 1 and legal[0].type == "pass":
                _play(table, hand, state, legal[0], now)
                return  # _play recorded the pass and came back here for the next seat
    held = _held_seats(table)
    seats = _seats(table)
    if any(seats[s].bot_plays and s not in held for s in engine.to_act(state)):
        _schedule_bots(table, now)


def _play(table: Table, hand: HandRecord, state: HandState, action: Action, now: datetime) -> None:
    """Apply one seat's action (a human's, a bot's, a timer's default). An answer that would
    close the claim window before `window_closes_at` is held until then, so every window lasts
    as long whether or not anybody may claim (docs/protocol.md, "Claim windows")."""
    state2, events = engine.apply(state, action)
    closes = state.phase == PHASE_CLAIM and (
        state2.phase != PHASE_CLAIM or _window(hand, state2) != table.window
    )
    if closes and table.window_closes_at is not None and now < table.window_closes_at:
        table.held = [*(table.held or []), action.to_json()]
        table._outbox.refresh.add(action.seat)
        return
    _record_engine(table, hand, state2, events, action=action.to_json(), now=now)


def _release_held(table: Table, now: datetime) -> None:
    """The claim window's least time is over: apply the answers that waited for it."""
    held, table.held = table.held or [], []
    table.window_closes_at = None
    hand = _current_hand(table)
    for raw in held:
        if table.status != TableStatus.PLAYING or hand is None:
            return
        state = _state(table)
        action = Action.from_json(raw)
        if action not in engine.legal_actions(state, action.seat):
            continue  # outranked meanwhile: nothing to apply
        _play(table, hand, state, action, now)


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
    hand.actions = _hand_actions(table)
    table._new_actions, table._actions_restart = [], True
    hand.save(update_fields=["status", "ended_at", "result", "points", "coins", "rake", "actions"])
    table.status = TableStatus.BETWEEN
    table.deadline = None
    table.held = []
    table.window_closes_at = None
    table.bot_due_at = None
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


def _hand_actions(table: Table) -> list[dict]:
    """Every action of the table's live hand: those its writers committed (under the lock
    this transaction holds, so none is missing) and this transaction's."""
    committed = Table.objects.values_list("hand_actions", flat=True).get(pk=table.pk)
    return [*committed, *table._new_actions]


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
    try:
        with _writing(table_id) as table:
            answer = _try_action(table, user, action_id, expected_seq, action)
            # The receipt is written last and its unique key is the duplicate check: a repeated
            # id fails here, the whole transaction (the action included) rolls back, and the
            # original answer is returned. No query to look for it first.
            rows.insert(
                [ActionReceipt(table=table, user=user, action_id=action_id, response=answer)]
            )
    except IntegrityError:
        receipt = ActionReceipt.objects.filter(
            table_id=table_id, user=user, action_id=action_id
        ).first()
        if receipt is None:  # pragma: no cover - another constraint: not a duplicate
            raise
        return {**receipt.response, "duplicate": True}
    return answer


def _try_action(table: Table, user, action_id: str, expected_seq: Any, raw: Any) -> dict:
    def error(code: str, message: str) -> dict:
        return _error(code, message, action_id=action_id, seq=table.seq)

    seat = _seat_of(table, user)
    if seat is None:
        return error(ERR_NOT_SEATED, "You are not seated at this table.")
    if isinstance(expected_seq, bool) or not isinstance(expected_seq, int):
        return error(ERR_MALFORMED, "An action needs the seq it saw (an integer).")
    if not isinstance(raw, dict):
        return error(
            ERR_MALFORMED, 'An action must be an object like {"type": "discard", "tile": "5m"}.'
        )
    # (stale before no_hand: an answer that crossed the win ending the hand saw an older
    # decision point, and its client resyncs instead of showing "no hand")
    if expected_seq > table.seq or expected_seq < table.window_seq:
        return error(
            ERR_STALE,
            f"The table moved on (now at seq {table.seq}, you saw {expected_seq}); "
            "nothing was done, here is the fresh state.",
        )
    if table.status != TableStatus.PLAYING or not _has_state(table):
        return error(ERR_NO_HAND, "No hand is being played at this table.")
    try:
        act = Action.from_json({**raw, "seat": seat.index})
    except IllegalActionError as exc:
        return error(ERR_MALFORMED, str(exc))
    state = _state(table)
    legal = [] if seat.index in _held_seats(table) else engine.legal_actions(state, seat.index)
    if not legal:
        return error(ERR_NOT_YOUR_TURN, "It is not your turn to act.")
    if act.type == "prop":
        # legal_actions offers a prop as a template without its tiles: the engine checks the use
        try:
            engine.apply(state, act)
        except IllegalActionError as exc:
            return error(ERR_ILLEGAL, str(exc))
    elif act not in legal:
        return error(
            ERR_ILLEGAL,
            f"{act.type} {act.tile or act.tiles or act.choice or ''} is not "
            "one of your legal actions now.".replace("  ", " "),
        )
    _back_from_away(table, seat)
    hand = _current_hand(table)
    assert hand is not None
    _play(table, hand, state, act, timezone.now())
    return {"type": "ack", "id": action_id, "ok": True, "seq": table.seq}


def _back_from_away(table: Table, seat: Seat) -> None:
    """The player acted: their timer count starts again, and a bot standing in for them because
    they were away (not because they left) hands the seat back."""
    if seat.timeouts == 0 and not (seat.autoplay and seat.left_at is None):
        return
    seat.timeouts = 0
    if seat.autoplay and seat.left_at is None and seat.connections > 0:
        seat.autoplay = False
        _seat_event(table, seat)
    else:
        seat.save(update_fields=["timeouts"])


def table_back(*, table_id: int, user) -> bool:
    """A player on autoplay (away) says they are back: the bot hands the seat over."""
    with _writing(table_id) as table:
        seat = _seat_of(table, user)
        if seat is None or not seat.autoplay or seat.left_at is not None or _escaped(table, seat):
            return False
        seat.timeouts = 0
        seat.autoplay = False
        _seat_event(table, seat)
    return True


def _window(hand: HandRecord, state: HandState) -> str:
    """The decision point a change leaves the hand at: while it stays the same (the four 定缺
    choices, the responses of one claim window) the others' answers do not make an action stale."""
    claim = state.claim
    claim_key = f"{claim.kind}:{claim.from_seat}:{claim.tile}" if claim is not None else "-"
    return f"{hand.pk}:{state.phase}:{state.turn}:{claim_key}"


# --- bots -----------------------------------------------------------------------------------
_local = threading.local()


def _schedule_bots(table: Table, now: datetime) -> None:
    delay = bot_delay_seconds()
    if delay > 0:
        # the clock plays the move after a human-like pause
        due = now + timedelta(seconds=delay)
        if table.bot_due_at is None or table.bot_due_at > due:
            table.bot_due_at = due
        return
    if getattr(_local, "bots_running", False) or getattr(table, "_bots_queued", False):
        return  # the running loop picks the next move up itself (no recursion under eager Celery)
    table._bots_queued = True
    table_id = table.pk
    transaction.on_commit(lambda: _queue_bots(table_id))


def _queue_bots(table_id: int) -> None:
    from games.tasks import table_bots

    table_bots.delay(table_id)


def _bot_move(table: Table, now: datetime) -> bool:
    """One move of a bot (or a seat on autoplay) that has to act; False if none. The bot plays
    as strong as the room says (Room.bot_kind: the room came with the table's lock, no query)
    and decides from what its seat may know (games.engine.bots)."""
    from games.engine.bots import bot_choose

    if table.status != TableStatus.PLAYING or not _has_state(table):
        return False
    state = _state(table)
    seats = _seats(table)
    held = _held_seats(table)
    kind = table.room.bot_kind
    for index in engine.to_act(state):
        if seats[index].bot_plays and index not in held:
            action = bot_choose(state, index, kind=kind, rng_seed=table.seq * 4 + index)
            hand = _current_hand(table)
            assert hand is not None
            _play(table, hand, state, action, now)
            return True
    return False


def table_bot_step(*, table_id: int) -> bool:
    """Play one move of a bot (or of a seat on autoplay) that has to act. False if none."""
    with _writing(table_id) as table:
        if table.bot_due_at is not None:
            return False  # paced: the clock plays it when it is due
        return _bot_move(table, timezone.now())


def table_run_bots(*, table_id: int, limit: int = 2000) -> int:
    """Play bot moves (each in its own transaction, pushed as it commits) until a human must
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


# --- hints (practice rooms) -----------------------------------------------------------------
def table_hint_context(*, table_id: int, user) -> tuple[HandState, int, str, int]:
    """What a live hint is computed from: (state, the user's seat, the hint's cache key, the
    table's seq). Only in practice rooms (Room.practice), only for the asking user's own seat,
    only while that seat has something to do; otherwise TableRefused: not_practice, not_seated,
    no_hand, not_your_turn. Two queries, no lock: it changes nothing."""
    table = Table.objects.select_related("room").get(pk=table_id)
    if not table.room.practice:
        raise TableRefused(ERR_NOT_PRACTICE, "Hints are offered only in practice rooms.")
    seat = Seat.objects.filter(table=table, user=user).values_list("index", flat=True).first()
    if seat is None:
        raise TableRefused(ERR_NOT_SEATED, "Only a player gets hints, for their own seat.")
    if table.status != TableStatus.PLAYING or table.state is None:
        raise TableRefused(ERR_NO_HAND, "No hand is being played.")
    state = HandState.from_json(table.state)
    held = {int(a["seat"]) for a in table.held or []}
    if seat in held or not engine.legal_actions(state, seat):
        raise TableRefused(ERR_NOT_YOUR_TURN, "You have nothing to decide now.")
    key = f"que:hint:{table.pk}:{table.current_hand_id}:{seat}:{state.n_actions}"
    return state, seat, key, table.seq


def table_hint_compute(state: HandState, seat: int, key: str, seq: int) -> dict:
    """The hint frame: the expert's best HINT_TOP options for ``seat`` (rank_options decides
    from what that seat may know), computed once per seat and decision point (the cache key
    holds the action count) so asking again costs nothing. Pure CPU besides the cache: the
    socket runs it off the thread that serves the database calls."""
    from django.core.cache import cache

    from games.engine.expert import rank_options
    from games.reasons import reason_zh

    options = cache.get(key)
    if options is None:
        options = [
            {
                "action": o.action.to_json(),
                "value": round(o.value, 2),
                "reason": o.reason,
                "reason_zh": reason_zh(o.reason),
            }
            for o in rank_options(state, seat)[:HINT_TOP]
        ]
        cache.set(key, options, HINT_CACHE_SECONDS)
    return {"type": "hint", "seq": seq, "seat": seat, "options": options}


def table_hint(*, table_id: int, user) -> dict:
    """table_hint_context then table_hint_compute, in one call."""
    return table_hint_compute(*table_hint_context(table_id=table_id, user=user))


# --- presence, leaving, escape --------------------------------------------------------------
def table_connect(*, table_id: int, user, channel_name: str, process: str) -> int | None:
    """A socket of `user` opened (presence: games.runtime.presence). Returns their seat index,
    or None for a spectator. TableRefused("too_many_sockets") past TABLE_SOCKETS_PER_USER."""
    with _writing(table_id) as table:
        open_now = TableSocket.objects.filter(table=table, user=user).count()
        if open_now >= sockets_per_user():
            raise TableRefused(
                "too_many_sockets",
                f"You already have {open_now} connections to this table; close one first.",
            )
        TableSocket.objects.create(
            table=table, user=user, channel_name=channel_name, process=process
        )
        seat = _seat_of(table, user)
        if seat is None:
            return None
        was_connected = seat.connections > 0
        seat.connections = open_now + 1
        seat.disconnected_at = None
        escaped = _escaped(table, seat)
        if seat.left_at is not None and not escaped:
            seat.left_at = None  # back within the grace period: no escape
        if seat.autoplay and seat.left_at is None and seat.timeouts < AWAY_AFTER_TIMEOUTS:
            seat.autoplay = False  # back after a disconnect: the bot hands the seat back
        if was_connected:
            seat.save()
        else:
            _seat_event(table, seat)
        return seat.index


def table_disconnect(*, table_id: int, user, channel_name: str) -> None:
    """A socket closed (any way: the consumer's disconnect, or the clock finding its process
    dead). Idempotent: a socket that is already gone changes nothing."""
    with _writing(table_id) as table:
        if not TableSocket.objects.filter(channel_name=channel_name).delete()[0]:
            return
        _presence_recount(table, [user.pk])


def _presence_recount(table: Table, user_ids: list[int]) -> None:
    now = timezone.now()
    for seat in _seats(table):
        if seat.user_id not in user_ids:
            continue
        left = TableSocket.objects.filter(table=table, user_id=seat.user_id).count()
        if left == seat.connections:
            continue
        seat.connections = left
        if left == 0:
            seat.disconnected_at = now
            _seat_event(table, seat)
        else:
            seat.save()


def presence_expire(*, channel_names: list[str]) -> int:
    """End the sockets whose process stopped beating (the clock calls this): their presence goes
    exactly as if each had closed."""
    rows = list(
        TableSocket.objects.filter(channel_name__in=channel_names).values_list(
            "table_id", "user_id", "channel_name"
        )
    )
    by_table: dict[int, list[tuple[int, str]]] = {}
    for table_id, user_id, channel in rows:
        by_table.setdefault(table_id, []).append((user_id, channel))
    for table_id, sockets in by_table.items():
        with _writing(table_id) as table:
            TableSocket.objects.filter(channel_name__in=[c for _, c in sockets]).delete()
            _presence_recount(table, sorted({u for u, _ in sockets}))
    return len(rows)


def _escaped(table: Table, seat: Seat) -> bool:
    """Whether the seat's player escaped from the table's current hand: the one playing, or
    between hands the one that just ended (whose escape frees the seat at the next deal)."""
    if table.status not in (TableStatus.PLAYING, TableStatus.BETWEEN):
        return False
    if table.current_hand_id is None:
        return False
    return HandSeat.objects.filter(
        hand_id=table.current_hand_id, seat=seat.index, escaped=True
    ).exists()


def table_leave(*, table_id: int, user) -> str:
    """Leave the table. Between hands the seat is freed; during a live hand it is an escape:
    after the grace period the clock applies the variant's escape rule, then a bot plays the
    seat for whatever is left of the hand (血战: a winner who leaves)."""
    with _writing(table_id) as table:
        seat = _seat_of(table, user)
        if seat is None:
            return "not_seated"
        if table.status == TableStatus.PLAYING:
            if seat.left_at is None:
                # Within the grace period the player may come back; meanwhile the turn timer
                # plays their default actions. After it, the escape is settled.
                seat.left_at = timezone.now()
                _seat_event(table, seat)
            return "escaping"
        _free_seat(table, seat)
        if not any(s.user_id for s in _seats(table)):
            _close(table)
        return "left"


def _close(table: Table) -> None:
    table.status = TableStatus.CLOSED
    table.deadline = None
    table.bot_fill_at = None
    table.next_hand_at = None
    table.bot_due_at = None
    # the view keeps the seats as the last hand had them (a returning player's result names
    # its bots, not "empty seat"); the bots' rows are freed
    table.seats_view = seats_public_of(table, _seats(table))
    for seat in _seats(table):
        if seat.is_bot:
            seat.is_bot = False
            seat.save()
    _append(table, "closed", {})


def escape_apply(*, table_id: int, hand_id: int, seat_index: int) -> bool:
    """Apply the variant's escape settlement for a seat that left the live hand — once.
    False (nothing done) if the hand moved on, the player came back, or it was already applied."""
    with _writing(table_id) as table:
        if table.status != TableStatus.PLAYING or table.current_hand_id != hand_id:
            return False
        return _escape(table, seat_index, timezone.now())


def _escape(table: Table, seat_index: int, now: datetime) -> bool:
    hand_seat = HandSeat.objects.filter(hand_id=table.current_hand_id, seat=seat_index).first()
    seat = _seats(table)[seat_index]
    if hand_seat is None or hand_seat.escaped or seat.left_at is None:
        return False
    state = _state(table)
    if state.escaped[seat_index]:
        return False
    state2, events = engine.escape(state, seat_index)
    hand_seat.escaped = True
    hand_seat.autoplayed = True
    hand_seat.save()
    seat.autoplay = True
    _seat_event(table, seat)
    hand = _current_hand(table)
    assert hand is not None
    # an escape is a change of its own: a window it interrupts is over, nothing stays held
    table.held = []
    table.window_closes_at = None
    _record_engine(
        table,
        hand,
        state2,
        events,
        action={"type": "escape", "seat": seat_index},
        now=now,
        kind="escape",
    )
    return True


def table_ready(*, table_id: int, user) -> bool:
    """A seated player asks for the next hand; it starts when every seated human is ready."""
    with _writing(table_id) as table:
        seat = _seat_of(table, user)
        if seat is None or table.status != TableStatus.BETWEEN:
            return False
        if not seat.ready:
            seat.ready = True
            _seat_event(table, seat)
        if all(s.ready for s in _seats(table) if s.user_id is not None):
            _next_hand(table, now=timezone.now())
    return True


def _next_hand(table: Table, *, now: datetime) -> None:
    grace = timedelta(seconds=grace_seconds())
    from wallet.selectors import wallet_balance

    last = _current_hand(table)
    ended_at = last.ended_at if last is not None else None
    for seat in _seats(table):
        if seat.user_id is None:
            continue
        # Gone: no socket for the grace period, or (found by playing as a new user) closed the
        # page after seeing the hand end without asking for the next one: a player who walked
        # away is not dealt in for a bot to play at their cost (the grace is for reconnecting)
        walked_away = (
            ended_at is not None
            and seat.disconnected_at is not None
            and seat.disconnected_at >= ended_at
            and not seat.ready
        )
        gone = (
            seat.connections == 0
            and seat.disconnected_at
            and (now - seat.disconnected_at >= grace or walked_away)
        )
        poor = wallet_balance(seat.user) < table.room.min_balance
        if seat.left_at is not None or gone or poor:
            _free_seat(table, seat)
    if not any(s.user_id for s in _seats(table)):
        _close(table)
        return
    _fill_bots(table)
    for seat in _seats(table):
        # disconnected (within grace) or away: a bot plays until they return; else their own
        autoplay = seat.user_id is not None and (
            seat.connections == 0 or seat.timeouts >= AWAY_AFTER_TIMEOUTS
        )
        if seat.autoplay != autoplay:
            seat.autoplay = autoplay
            _seat_event(table, seat)
    _hand_start(table, now=now)


# --- time: what the clock drives ------------------------------------------------------------
def table_tick(*, table_id: int, now: datetime | None = None) -> None:
    """Everything time-driven for one table: bot fill, disconnect grace (bot takes over), escape
    after the grace period, held claim answers, paced bot moves, turn deadlines (default
    action), and the next hand. The clock (games.runtime.clock) calls it when wake_at passes."""
    now = now or timezone.now()
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


def _has_human(table: Table) -> bool:
    return any(s.user_id for s in _seats(table))


def _tick_playing(table: Table, now: datetime) -> None:
    cutoff = now - timedelta(seconds=grace_seconds())
    for seat in _seats(table):
        if seat.user_id is None or table.status != TableStatus.PLAYING:
            continue
        if seat.left_at and seat.left_at <= cutoff:
            _escape(table, seat.index, now)  # then a bot plays the seat
            continue
        gone = seat.connections == 0 and seat.disconnected_at and seat.disconnected_at <= cutoff
        if gone and not seat.autoplay:
            seat.autoplay = True
            HandSeat.objects.filter(hand_id=table.current_hand_id, seat=seat.index).update(
                autoplayed=True
            )
            _seat_event(table, seat)
            _schedule_bots(table, now)
    if table.status != TableStatus.PLAYING:
        return
    if table.held and table.window_closes_at and now >= table.window_closes_at:
        _release_held(table, now)
    if table.bot_due_at and now >= table.bot_due_at and table.status == TableStatus.PLAYING:
        table.bot_due_at = None
        _bot_move(table, now)
    if table.deadline and now >= table.deadline and table.status == TableStatus.PLAYING:
        _play_defaults(table, now)


def _play_defaults(table: Table, now: datetime) -> None:
    """The turn timer ran out: the default action for every seat still to act. A human who lets
    AWAY_AFTER_TIMEOUTS timers in a row run out is handed to the bot stand-in."""
    if table.held:
        _release_held(table, now)
    hand = _current_hand(table)
    state = _state(table)
    for index in list(engine.to_act(state)):
        if table.status != TableStatus.PLAYING or hand is None:
            break
        state = _state(table)
        if index not in engine.to_act(state) or index in _held_seats(table):
            continue
        seat = _seats(table)[index]
        if seat.user_id is not None and not seat.bot_plays:
            seat.timeouts += 1
            if seat.timeouts >= AWAY_AFTER_TIMEOUTS:
                seat.autoplay = True
                HandSeat.objects.filter(hand=hand, seat=index).update(autoplayed=True)
                _seat_event(table, seat)
            else:
                seat.save(update_fields=["timeouts"])
        _play(table, hand, state, engine.default_action(state, index), now)


def table_sweep(*, now: datetime | None = None) -> int:
    """table_tick for every table whose wake_at has passed (the clock's step)."""
    now = now or timezone.now()
    count = 0
    due = Table.objects.filter(wake_at__lte=now).exclude(status=TableStatus.CLOSED)
    for table_id in due.order_by("wake_at").values_list("pk", flat=True)[:500]:
        try:
            table_tick(table_id=table_id, now=now)
        except Exception:  # one broken table must not stop the sweep of the others
            log.exception("tick of table %s failed", table_id)
        count += 1
    return count


def hands_settle_overdue(*, now: datetime | None = None, older_than: float = 30.0) -> int:
    """Settle the hands that ended and were not settled (a worker died mid-settlement, a lost
    task): the clock runs this, and hand_settle pays each exactly once."""
    now = now or timezone.now()
    cutoff = now - timedelta(seconds=older_than)
    overdue = HandRecord.objects.filter(status=HandStatus.ENDED, ended_at__lte=cutoff)
    done = 0
    for hand_id in overdue.order_by("pk").values_list("pk", flat=True)[:100]:
        try:
            hand_settle(hand_id=hand_id)
            done += 1
        except Exception:
            log.exception("overdue settlement of hand %s failed", hand_id)
    return done


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
