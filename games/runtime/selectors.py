"""Read side of live tables: what one seat (or a spectator) is sent.

Every frame is built here, per viewer: engine views come only from `observe(state, seat)` and
engine events only through `redact_events(events, seat)`. Spectators (seat None) see the table as
it was TABLE_SPECTATOR_DELAY_SECONDS ago, from the public views stored with each event.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.http import Http404
from django.utils import timezone

import games.engine as engine
from games.engine import HandState
from games.models import HandRecord, HandSeat, HandStatus, Seat, Table, TableEvent, TableStatus

#: Past this many missed events a client gets a fresh snapshot instead.
MAX_CATCH_UP = 300
#: Events of the current hand sent with a snapshot (for the client's log).
SNAPSHOT_RECENT = 40


def spectator_delay() -> int:
    return int(getattr(settings, "TABLE_SPECTATOR_DELAY_SECONDS", 10))


def table_get(table_id: int) -> Table:
    table = Table.objects.select_related("room").filter(pk=table_id).first()
    if table is None:
        raise Http404("No such table.")
    return table


def access_table(
    user, table_id: int, *, invite_code: str | None = None
) -> tuple[Table, int | None]:
    """The table and the viewer's seat (None = spectator). Private tables are visible only to
    their players and to holders of the invite code; everybody else gets 404."""
    table = table_get(table_id)
    seat = None
    if user is not None and user.is_authenticated:
        seat = Seat.objects.filter(table=table, user=user).values_list("index", flat=True).first()
    if (
        table.is_private
        and seat is None
        and (not invite_code or invite_code.strip().upper() != table.invite_code)
    ):
        raise Http404("No such table.")
    return table, seat


def seat_of(table_id: int, user) -> int | None:
    return Seat.objects.filter(table_id=table_id, user=user).values_list("index", flat=True).first()


#: seat_public's ``tier`` when the caller does not know it: looked up.
LOOK_UP: Any = object()


def seat_public(
    seat: Seat, variant: str, ladder: _Ladder | None = None, *, tier: Any = LOOK_UP
) -> dict:
    """What every client may know of a seat, its human's tier in ``variant`` included (so a
    badge shows for a player who sits down after the page loaded). ``ladder`` holds the tier
    table and the seated humans' points when the caller fetched them for several seats;
    ``tier`` is the badge itself when the caller has it (the same human's, as already shown)."""
    if seat.is_bot:
        name = f"Bot {seat.index + 1}"
    elif seat.user_id:
        name = seat.user.display_name or seat.user.username
    else:
        name = None
    return {
        "index": seat.index,
        "name": name,
        "is_bot": seat.is_bot,
        "empty": seat.is_empty,
        "autoplay": seat.autoplay,
        "connected": seat.is_bot or seat.connections > 0,
        "left": seat.left_at is not None,
        "ready": seat.ready or seat.is_bot,
        "tier": _seat_tier(seat, variant, ladder) if tier is LOOK_UP else tier,
    }


#: (the variant's tier table, ladder points by user id)
_Ladder = tuple[list[tuple[str, int]], dict[int, int]]


def _ladder(variant: str, seats: list[Seat]) -> _Ladder:
    """Two queries: the tier table and the seated humans' points (from ratings, through
    games.interface: games never imports ratings)."""
    from games.interface import player_facts

    humans = [s.user_id for s in seats if s.user_id and not s.is_bot]
    return player_facts().ladder(variant, humans)


def _seat_tier(seat: Seat, variant: str, ladder: _Ladder | None) -> dict | None:
    from games.interface import player_facts

    if seat.is_bot or seat.user_id is None:
        return None
    tiers, points = ladder if ladder is not None else _ladder(variant, [seat])
    tier = player_facts().tier(variant, points.get(seat.user_id, 0), tiers)
    return {"name": tier[0], "position": tier[1]} if tier else None


def seats_public(table: Table) -> list[dict]:
    """``seat_public`` of the table's four seats, sharing one tier look-up."""
    seats = list(Seat.objects.filter(table=table).select_related("user").order_by("index"))
    return seats_public_of(table, seats)


def seats_public_of(table: Table, seats: list[Seat]) -> list[dict]:
    """``seat_public`` of seats already read (the writer's), sharing one tier look-up."""
    variant = table.room.variant
    ladder = _ladder(variant, seats)
    return [seat_public(s, variant, ladder) for s in seats]


def _hand_info(hand: HandRecord | None) -> dict | None:
    if hand is None:
        return None
    info = {
        "id": hand.pk,
        "hand_no": hand.hand_no,
        "status": hand.status,
        "dealer": hand.dealer,
        "commitment": hand.commitment,
        "wall_algorithm": hand.wall_algorithm,
    }
    if hand.status != HandStatus.LIVE:  # the seed is revealed only once the hand is over
        info.update(
            seed=hand.seed, salt=hand.salt, points=hand.points, coins=hand.coins, rake=hand.rake
        )
    return info


def hand_actions(hand: HandRecord) -> list[dict]:
    """A hand's actions so far, in order: its table holds them while it is played (the writers
    append there), its record once it has ended. Staff tools and tests only: no client sees a
    live hand's actions."""
    if hand.status != HandStatus.LIVE:
        return hand.actions
    table = Table.objects.filter(pk=hand.table_id, current_hand_id=hand.pk)
    return table.values_list("hand_actions", flat=True).first() or []


def table_public(table: Table, *, seat: int | None) -> dict:
    """The public table info for a viewer, read from the database (snapshots, gap reads)."""
    hand = HandRecord.objects.filter(pk=table.current_hand_id).first()
    seats = table.seats_view or seats_public(table)
    return table_info(table, hand, seats, seat=seat, now=timezone.now())


def _ms_until(when, now) -> int | None:
    return max(0, int((when - now).total_seconds() * 1000)) if when else None


def table_info(
    table: Table, hand: HandRecord | None, seats: list[dict], *, seat: int | None, now
) -> dict:
    """The public table info (docs/protocol.md, `table`) from rows already in hand: the writer
    builds every frame with it, so a change costs no query per viewer."""
    room = table.room
    variant = engine.VARIANTS.get(room.variant)
    has_rake = variant is None or variant.has_rake
    room_terms = {"N": room.coefficient, "A": room.rake if has_rake else 0}
    out = {
        "id": table.pk,
        "status": table.status,
        "seq": table.seq,
        "hand_no": table.hand_no,
        "dealer": table.dealer,
        "private": table.is_private,
        "deadline": table.deadline.isoformat() if table.deadline else None,
        "deadline_ms": _ms_until(table.deadline, now),
        "next_hand_ms": (
            _ms_until(table.next_hand_at, now) if table.status == TableStatus.BETWEEN else None
        ),
        "bot_fill_ms": (
            _ms_until(table.bot_fill_at, now) if table.status == TableStatus.WAITING else None
        ),
        "room": {
            "id": room.pk,
            "name": room.name,
            "variant": room.variant,
            "variant_zh": variant.name_zh if variant else room.variant,
            "variant_en": variant.name_en if variant else room.variant,
            "options": room.options,
            **room_terms,
            "base": room.base_points,
            "min_balance": room.min_balance,
            "bot_kind": room.bot_kind,
            "practice": room.practice,
        },
        # The N and A the current (or last) hand settles at; `next_terms` when the room was
        # changed since that hand began ("from the next hand").
        "terms": room_terms,
        "next_terms": None,
        "seats": seats,
        "hand": _hand_info(hand),
        "you": seat,
    }
    if hand is not None and table.status != TableStatus.WAITING:
        terms = {"N": hand.coefficient, "A": hand.room_rake}
        out["terms"] = terms
        if terms != room_terms:
            out["next_terms"] = room_terms
    if seat is not None and table.is_private:
        out["invite_code"] = table.invite_code
    return out


def _view(table: Table, seat: int | None) -> dict | None:
    if table.state is None:
        return None
    held = {int(a["seat"]) for a in table.held or []}
    return view_of(HandState.from_json(table.state), seat, held)


def view_of(state: HandState | None, seat: int | None, held: set[int]) -> dict | None:
    """``observe(state, seat)``; a seat whose answer waits for the claim window's least time
    (services._play) has answered: it is asked nothing more."""
    if state is None:
        return None
    view = engine.observe(state, seat)
    if seat is not None and seat in held:
        view["legal"] = []
        view["to_act"] = []
    return view


def event_frame(event: TableEvent, seat: int | None) -> dict:
    data = event.data
    if event.kind in ("engine", "escape"):
        out = {"events": engine.redact_events(data.get("events", []), seat)}
        action = data.get("action")
        if action is not None and (
            event.kind == "escape" or (seat is not None and action.get("seat") == seat)
        ):
            out["action"] = action
        data = out
    return {"seq": event.seq, "kind": event.kind, "data": data}


def table_snapshot(*, table_id: int, seat: int | None) -> dict:
    """A full fresh state for a player: table info, observe() of their seat, recent events."""
    if seat is None:
        return spectator_snapshot(table_id=table_id)
    table = table_get(table_id)
    recent = []
    if table.current_hand_id:
        recent = list(
            TableEvent.objects.filter(
                table=table, hand_id=table.current_hand_id, seq__lte=table.seq
            ).order_by("-seq")[:SNAPSHOT_RECENT]
        )[::-1]
    return {
        "type": "snapshot",
        "seq": table.seq,
        "table": table_public(table, seat=seat),
        "view": _view(table, seat),
        "recent": [event_frame(e, seat) for e in recent],
    }


def table_snapshot_for(*, table_id: int, user, seat: int | None) -> dict:
    """The snapshot a socket gets on connect. A player who comes back to a table that closed
    while a bot played their seat sees their own seat and the hand's result, not the empty
    seats a spectator sees."""
    if seat is None:
        table = table_get(table_id)
        if table.status == TableStatus.CLOSED and table.current_hand_id:
            seat = (
                HandSeat.objects.filter(hand_id=table.current_hand_id, user=user)
                .values_list("seat", flat=True)
                .first()
            )
    return table_snapshot(table_id=table_id, seat=seat)


def table_events_since(*, table_id: int, seat: int | None, after_seq: int) -> dict | None:
    """The events a player has not seen (redacted for their seat) and their fresh view; None if
    they are up to date; a snapshot if too much was missed."""
    if seat is None:
        return spectator_events_since(table_id=table_id, after_seq=after_seq)
    table = table_get(table_id)
    if after_seq >= table.seq:
        return None
    if after_seq < 0 or table.seq - after_seq > MAX_CATCH_UP:
        return table_snapshot(table_id=table_id, seat=seat)
    events = list(
        TableEvent.objects.filter(table=table, seq__gt=after_seq, seq__lte=table.seq).order_by(
            "seq"
        )
    )
    if not events or events[0].seq != after_seq + 1:
        return table_snapshot(table_id=table_id, seat=seat)
    return {
        "type": "events",
        "seq": table.seq,
        "events": [event_frame(e, seat) for e in events],
        "table": table_public(table, seat=seat),
        "view": _view(table, seat),
    }


# --- spectators -----------------------------------------------------------------------------
def _spectator_cut(table: Table) -> TableEvent | None:
    cutoff = timezone.now() - timedelta(seconds=spectator_delay())
    return TableEvent.objects.filter(table=table, created_at__lte=cutoff).order_by("-seq").first()


def _spectator_view(table: Table, upto: int) -> dict | None:
    last = (
        TableEvent.objects.filter(table=table, seq__lte=upto, public_view__isnull=False)
        .order_by("-seq")
        .first()
    )
    return last.public_view if last else None


def spectator_table_info(table: Table, hand: HandRecord | None, seats: list[dict], *, now) -> dict:
    """The table info of a spectators' frame (pushed, then delayed by each spectator socket)."""
    info = table_info(table, hand, seats, seat=None, now=now)
    info["delay_s"] = spectator_delay()
    return info


def _spectator_table(table: Table, upto: int) -> dict:
    info = table_public(table, seat=None)
    info["seq"] = upto
    info["delay_s"] = spectator_delay()
    hand = info.get("hand")
    if hand is not None:
        # Do not reveal the seed before the delayed view has reached the hand's end.
        ended = TableEvent.objects.filter(
            table=table, seq__lte=upto, kind="hand_end", hand_id=hand["id"]
        ).exists()
        if not ended:
            for key in ("seed", "salt", "points", "coins", "rake"):
                hand.pop(key, None)
            hand["status"] = HandStatus.LIVE
    return info


def spectator_snapshot(*, table_id: int) -> dict:
    table = table_get(table_id)
    cut = _spectator_cut(table)
    upto = cut.seq if cut else 0
    return {
        "type": "snapshot",
        "seq": upto,
        "table": _spectator_table(table, upto),
        "view": _spectator_view(table, upto),
        "recent": [],
    }


def spectator_events_since(*, table_id: int, after_seq: int) -> dict | None:
    table = table_get(table_id)
    cut = _spectator_cut(table)
    upto = cut.seq if cut else 0
    if after_seq >= upto:
        return None
    if after_seq < 0 or upto - after_seq > MAX_CATCH_UP:
        return spectator_snapshot(table_id=table_id)
    events = list(
        TableEvent.objects.filter(table=table, seq__gt=after_seq, seq__lte=upto).order_by("seq")
    )
    return {
        "type": "events",
        "seq": upto,
        "events": [event_frame(e, None) for e in events],
        "table": _spectator_table(table, upto),
        "view": _spectator_view(table, upto),
    }


def lobby_rooms() -> list[dict]:
    """Active rooms grouped by variant, for the lobby."""
    from rooms.selectors import room_list

    groups: dict[str, dict] = {}
    for room in room_list():
        variant = engine.VARIANTS.get(room.variant)
        group = groups.setdefault(
            room.variant,
            {
                "key": room.variant,
                "name_zh": variant.name_zh if variant else room.variant,
                "name_en": variant.name_en if variant else room.variant,
                "playable": bool(variant and variant.playable),
                "has_rake": bool(variant is None or variant.has_rake),
                "rooms": [],
            },
        )
        group["rooms"].append(
            {
                "room": room,
                "rake": room.rake if group["has_rake"] else 0,
                "open_tables": Table.objects.filter(
                    room=room,
                    status__in=[TableStatus.WAITING, TableStatus.BETWEEN, TableStatus.PLAYING],
                    is_private=False,
                ).count(),
            }
        )
    return list(groups.values())


#: A hand still unsettled this long after it ended is a problem for wallet_audit (the clock
#: settles overdue hands after 30 s).
UNSETTLED_AFTER_SECONDS = 60


def unsettled_hands_problems(**kwargs) -> list[str]:
    """wallet_audit's check (wallet.audit): hands that ended over a minute ago and are not
    settled."""
    cutoff = timezone.now() - timedelta(seconds=UNSETTLED_AFTER_SECONDS)
    late = HandRecord.objects.filter(status=HandStatus.ENDED, ended_at__lte=cutoff)
    return [
        f"hand {pk} (table {table_id}) ended at {ended_at:%Y-%m-%d %H:%M:%S} and is not settled"
        for pk, table_id, ended_at in late.order_by("pk").values_list("pk", "table_id", "ended_at")
    ]
