"""Ratings reads: tiers, standings, ladders, history, profiles, hands and their replays.

Access rules (docs/ratings.md): profiles and ladders are public; a player's match history and a
hand's page, log and replay belong to the players who sat in the hand (and staff). Everybody else
gets 404 from the access_* functions. Nobody gets a hand's seed, actions or concealed tiles
before the hand has ended.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404
from django.utils import timezone

import games.engine as engine
from games.engine.tiles import format_tiles, meld_to_json
from games.models import HandRecord, HandSeat, HandStatus
from props.selectors import props_hand_setup
from ratings import calc
from ratings.models import PlayerHand, RatingHistory, Season, SeasonStanding, Standing, Tier
from rooms.models import Variant


def min_hands() -> int:
    return int(getattr(settings, "RATINGS_LEADERBOARD_MIN_HANDS", 10))


# --- tiers ----------------------------------------------------------------------------------
def tier_table(variant: str) -> list[tuple[str, int]]:
    """The variant's tier table from the database (admin-editable), the seed table if empty."""
    rows = list(
        Tier.objects.filter(variant=variant).order_by("position").values_list("name", "threshold")
    )
    return rows or list(calc.SEED_TIERS.get(variant, ()))


@dataclass(frozen=True)
class TierInfo:
    variant: str
    position: int  # 1-based
    name: str
    points: int
    count: int  # tiers in the table
    next_name: str | None
    next_threshold: int | None


def tier_of_points(
    variant: str, points: int, table: list[tuple[str, int]] | None = None
) -> TierInfo:
    table = table if table is not None else tier_table(variant)
    if not table:
        return TierInfo(variant, 0, "", points, 0, None, None)
    i = calc.tier_index(points, table)
    nxt = table[i + 1] if i + 1 < len(table) else None
    return TierInfo(
        variant, i + 1, table[i][0], points, len(table),
        nxt[0] if nxt else None, nxt[1] if nxt else None,
    )  # fmt: skip


def standing_points(user_ids: list[int], variant: str) -> dict[int, int]:
    """Ladder points in ``variant`` by user id, for the users that have a standing (one query)."""
    if not user_ids:
        return {}
    rows = Standing.objects.filter(user_id__in=user_ids, variant=variant)
    return dict(rows.values_list("user_id", "points"))


def tier_for(user, variant: str) -> TierInfo:
    """The user's tier in ``variant`` (the floor tier for a user with no hands yet)."""
    points = 0
    if user is not None and getattr(user, "pk", None):
        points = (
            Standing.objects.filter(user=user, variant=variant)
            .values_list("points", flat=True)
            .first()
            or 0
        )
    return tier_of_points(variant, points)


# --- players --------------------------------------------------------------------------------
def player_get(username: str):
    """An active player by username, or 404 (bots are inactive users)."""
    user = get_user_model().objects.filter(username=username, is_active=True).first()
    if user is None:
        raise Http404("No such player.")
    return user


def access_history(viewer, username: str):
    """The player whose history ``viewer`` may read: only their own (or staff).

    404 for a name that is not a player (as their public profile answers), 403 "private" for
    somebody else's: that the player exists is public, their history is not."""
    user = get_user_model().objects.filter(username=username).first()
    if viewer is None or not viewer.is_authenticated:
        raise Http404("No such player.")
    if viewer.is_staff and user is not None:
        return user
    if user is None or not user.is_active:
        raise Http404("No such player.")
    if viewer.pk != user.pk:
        raise PermissionDenied("This match history is private.")
    return user


def standings_of(user) -> list[dict[str, Any]]:
    """Per variant: tier, points, rating and counters (every variant, played or not)."""
    rows = {s.variant: s for s in Standing.objects.filter(user=user)}
    out = []
    for variant, label in Variant.choices:
        s = rows.get(variant)
        points = s.points if s else 0
        out.append({
            "variant": variant, "variant_label": label, "tier": tier_of_points(variant, points),
            "points": points, "rating": s.rating if s else calc.Skill().display,
            "mu": s.mu if s else calc.MU, "sigma": s.sigma if s else calc.SIGMA,
            "hands": s.hands if s else 0,
        })  # fmt: skip
    return out


def player_stats(user, variant: str | None = None) -> dict[str, Any]:
    """Hands, win / deal-in / self-draw rates, mean points and patterns made."""
    rows = PlayerHand.objects.filter(user=user)
    if variant:
        rows = rows.filter(variant=variant)
    facts = list(rows.values_list("won", "dealt_in", "self_draw", "points", "patterns"))
    hands = len(facts)
    patterns: Counter[str] = Counter()
    for *_, pats in facts:
        patterns.update(pats or [])

    def rate(k: int) -> float:
        return round(sum(1 for f in facts if f[k]) / hands, 4) if hands else 0.0

    return {
        "hands": hands,
        "win_rate": rate(0),
        "deal_in_rate": rate(1),
        "self_draw_rate": rate(2),
        "mean_points": round(sum(f[3] for f in facts) / hands, 2) if hands else 0.0,
        "patterns": dict(patterns.most_common()),
    }


def rating_series(user, variant: str) -> list[dict[str, Any]]:
    return [
        {"at": at, "rating": rating, "hand": hand_id}
        for at, rating, hand_id in RatingHistory.objects.filter(user=user, variant=variant)
        .order_by("created_at", "pk")
        .values_list("created_at", "rating", "hand_id")
    ]


def rating_chart(
    series: list[dict[str, Any]], *, width: int = 600, height: int = 160
) -> dict[str, Any]:
    """Polyline points for an inline SVG chart (no JS): x by hand number, y by rating."""
    if not series:
        return {"points": "", "min": None, "max": None, "width": width, "height": height}
    values = [calc.Skill().display] + [p["rating"] for p in series]
    lo, hi = min(values), max(values)
    span = max(hi - lo, 1)
    step = width / max(len(values) - 1, 1)
    pts = " ".join(
        f"{round(i * step, 1)},{round(height - 8 - (v - lo) * (height - 16) / span, 1)}"
        for i, v in enumerate(values)
    )
    return {"points": pts, "min": lo, "max": hi, "width": width, "height": height}


# --- ladders --------------------------------------------------------------------------------
def season_list() -> QuerySet[Season]:
    return Season.objects.order_by("-starts_at")


def season_get(season_id: int | None) -> Season | None:
    """The season by id (404 if unknown), or the current one (None before any hand was rated)."""
    if season_id is not None:
        season = Season.objects.filter(pk=season_id).first()
        if season is None:
            raise Http404("No such season.")
        return season
    now = timezone.now()
    return (
        Season.objects.filter(starts_at__lte=now, ends_at__gt=now).order_by("-starts_at").first()
        or Season.objects.order_by("-starts_at").first()
    )


def leaderboard(
    *, variant: str, season: Season | None, viewer=None, limit: int = 100
) -> dict[str, Any]:
    """Ranked rows of a season's ladder (rating, then hands), players with min_hands() or more;
    ``me`` is the viewer's row wherever it is (None if not ranked)."""
    out: dict[str, Any] = {
        "variant": variant,
        "season": season,
        "min_hands": min_hands(),
        "rows": [],
        "me": None,
    }
    if season is None:
        return out
    qs = (
        SeasonStanding.objects.filter(season=season, variant=variant, hands__gte=min_hands())
        .select_related("user")
        .order_by("-rating", "-hands", "user_id")
    )
    points = dict(
        Standing.objects.filter(variant=variant, user__in=qs.values("user")).values_list(
            "user_id", "points"
        )
    )
    table = tier_table(variant)
    viewer_id = getattr(viewer, "pk", None)
    for rank, row in enumerate(qs, start=1):
        item = {
            "rank": rank, "user": row.user, "username": row.user.username,
            "name": row.user.display_name or row.user.username,
            "tier": tier_of_points(variant, points.get(row.user_id, 0), table),
            "rating": row.rating, "hands": row.hands, "points": row.points,
            "is_me": row.user_id == viewer_id,
        }  # fmt: skip
        if item["is_me"]:
            out["me"] = item
        if rank <= limit:
            out["rows"].append(item)
        elif out["me"] is not None or viewer_id is None:
            break
    return out


# --- history --------------------------------------------------------------------------------
_EARLIEST = date(1970, 1, 2)  # nothing was played before this
_LATEST = date(9999, 12, 30)


def history(
    user,
    *,
    variant: str | None = None,
    date_from: date | None = None,
    date_to: date | None = None,
    table: int | None = None,
) -> QuerySet[PlayerHand]:
    """The user's settled hands, newest first; dates are inclusive days in the site's time zone;
    ``table`` keeps the hands of one table (the "hands" link of a session)."""
    qs = PlayerHand.objects.filter(user=user).select_related("room", "hand")
    if variant:
        qs = qs.filter(variant=variant)
    if table:
        qs = qs.filter(table_id=table)
    return _in_days(qs, date_from, date_to)


def _in_days(qs: QuerySet[PlayerHand], date_from: date | None, date_to: date | None):
    tz = timezone.get_current_timezone()
    # A bound at the ends of the calendar (0001-01-01, 9999-12-31) is no bound; building its
    # datetime would overflow (the day after date.max, or a time zone shift before year 1).
    if date_from and date_from > _EARLIEST:
        qs = qs.filter(played_at__gte=datetime.combine(date_from, time.min, tzinfo=tz))
    if date_to and date_to < _LATEST:
        qs = qs.filter(
            played_at__lt=datetime.combine(date_to + timedelta(days=1), time.min, tzinfo=tz)
        )
    return qs.order_by("-played_at", "-pk")


@dataclass
class Session:
    """A table session (牌局): consecutive hands one player played at one table."""

    table: int
    variant: str
    room_id: int
    room_name: str
    first_hand_no: int
    last_hand_no: int
    first_at: datetime
    last_at: datetime
    seats: list[int]
    hands: int = 0
    wins: int = 0
    self_draws: int = 0
    dealt_in: int = 0
    escapes: int = 0
    points: int = 0
    coins: int = 0
    rating_before: int = 0
    rating_after: int = 0

    @property
    def variant_label(self) -> str:
        return Variant(self.variant).label if self.variant in Variant.values else self.variant


def sessions(
    user, *, variant: str | None = None, date_from: date | None = None, date_to: date | None = None
) -> list[Session]:
    """The user's table sessions, newest (last hand) first.

    A session is a run of the user's settled hands at one table with consecutive hand numbers
    among the hands the user sat in: a table numbers its hands 1, 2, 3… (``Table.hand_no``), so a
    gap in the numbers of the hands the user was seated in (any ``HandSeat``, settled or not)
    means a hand of that table was played without them, and the next hand starts a new session.
    Filters: ``variant``; the dates (inclusive days) keep sessions with at least one settled hand
    in the range, and a kept session's totals cover all its hands.
    """
    rows = PlayerHand.objects.filter(user=user)
    if variant:
        rows = rows.filter(variant=variant)
    if date_from or date_to:
        tables = _in_days(rows, date_from, date_to).values("table_id")
        rows = rows.filter(table_id__in=tables)
    facts = list(
        rows.order_by("table_id", "hand__hand_no").values_list(
            "table_id", "hand__hand_no", "variant", "room_id", "room__name", "seat", "won",
            "self_draw", "dealt_in", "escaped", "points", "coins", "rating_before",
            "rating_after", "played_at",
        )
    )  # fmt: skip
    seated: dict[int, set[int]] = {}
    for table_id, hand_no in HandSeat.objects.filter(
        user=user, hand__table_id__in={f[0] for f in facts}
    ).values_list("hand__table_id", "hand__hand_no"):
        seated.setdefault(table_id, set()).add(hand_no)
    out: list[Session] = []
    current: Session | None = None
    for (table_id, hand_no, var, room_id, room_name, seat, won, self_draw, dealt_in, escaped,
         points, coins, before, after, played_at) in facts:  # fmt: skip
        seats_here = seated.get(table_id, set())
        if (
            current is None
            or current.table != table_id
            or any(n not in seats_here for n in range(current.last_hand_no + 1, hand_no))
        ):
            current = Session(
                table=table_id, variant=var, room_id=room_id, room_name=room_name,
                first_hand_no=hand_no, last_hand_no=hand_no, first_at=played_at,
                last_at=played_at, seats=[], rating_before=before,
            )  # fmt: skip
            out.append(current)
        current.last_hand_no = hand_no
        current.first_at = min(current.first_at, played_at)
        current.last_at = max(current.last_at, played_at)
        if seat not in current.seats:
            current.seats = sorted([*current.seats, seat])
        current.hands += 1
        current.wins += bool(won)
        current.self_draws += bool(won and self_draw)
        current.dealt_in += bool(dealt_in)
        current.escapes += bool(escaped)
        current.points += points
        current.coins += coins
        current.rating_after = after
    if date_from or date_to:
        kept = {
            (t, n)
            for t, n in _in_days(rows, date_from, date_to).values_list("table_id", "hand__hand_no")
        }
        out = [
            s
            for s in out
            if any((s.table, n) in kept for n in range(s.first_hand_no, s.last_hand_no + 1))
        ]
    out.sort(key=lambda s: (s.last_at, s.table, s.last_hand_no), reverse=True)
    return out


# --- hands ----------------------------------------------------------------------------------
def access_hand(user, hand_id: int) -> HandRecord:
    """A hand for one of its players (or staff); 404 for everybody else."""
    hand = HandRecord.objects.select_related("room").filter(pk=hand_id).first()
    if hand is None or user is None or not user.is_authenticated:
        raise Http404("No such hand.")
    if not user.is_staff and not HandSeat.objects.filter(hand=hand, user=user).exists():
        raise Http404("No such hand.")
    return hand


def hand_ended(hand: HandRecord) -> bool:
    return hand.status != HandStatus.LIVE


def access_hand_review(user, hand_id: int) -> tuple[HandRecord, int]:
    """An ended hand and the seat ``user`` played in it: a review is of one's own seat only.
    404 for everybody else (staff who did not sit included) and while the hand is live."""
    hand = access_hand(user, hand_id)
    if not hand_ended(hand):
        raise Http404("This hand has not ended yet.")
    seat = hand_seat_of(hand, user)
    if seat is None:
        raise Http404("You did not play this hand: a review is of your own seat.")
    return hand, seat


def hand_seat_of(hand: HandRecord, user) -> int | None:
    """The seat ``user`` played in ``hand`` (None: not a player of it)."""
    if user is None or not user.is_authenticated:
        return None
    return HandSeat.objects.filter(hand=hand, user=user).values_list("seat", flat=True).first()


def hand_record(hand: HandRecord) -> dict[str, Any]:
    """The hand's record as games.engine.replay (and games.engine.expert.review_hand) take it."""
    setup = props_hand_setup(hand.pk)
    return {
        "variant": hand.variant, "options": hand.options, "dealer": hand.dealer,
        "seed": hand.seed, "carry": hand.carry, "props": setup.get("props"),
        "before_deal": setup.get("before_deal"), "actions": hand.actions,
    }  # fmt: skip


def hand_players(hand: HandRecord) -> list[dict[str, Any]]:
    return [
        {
            "seat": hs.seat,
            "username": hs.user.username if hs.user_id else None,
            "name": (hs.user.display_name or hs.user.username)
            if hs.user_id
            else f"Bot {hs.seat + 1}",
            "is_bot": hs.is_bot or not hs.user_id,
            "escaped": hs.escaped,
        }
        for hs in HandSeat.objects.filter(hand=hand).select_related("user").order_by("seat")
    ]


def hand_detail(hand: HandRecord) -> dict[str, Any]:
    """What a player of the hand may see: everything once it has ended; while it is live only the
    public header (never the seed, salt, actions, result or anybody's tiles)."""
    out: dict[str, Any] = {
        "id": hand.pk, "table": hand.table_id, "hand_no": hand.hand_no,
        "room": {"id": hand.room_id, "name": hand.room.name}, "variant": hand.variant,
        "options": hand.options, "dealer": hand.dealer, "status": hand.status,
        "ended": hand_ended(hand), "commitment": hand.commitment,
        "wall_algorithm": hand.wall_algorithm, "started_at": hand.started_at,
        "ended_at": hand.ended_at, "players": hand_players(hand),
    }  # fmt: skip
    if not hand_ended(hand):
        return out
    result = hand.result or {}
    for player in out["players"]:
        seat = player["seat"]
        player["points"] = (hand.points or [0] * 4)[seat]
        player["coins"] = (hand.coins or [0] * 4)[seat]
    out.update(
        seed=hand.seed, salt=hand.salt, points=hand.points, coins=hand.coins, rake=hand.rake,
        reason=result.get("reason"), wins=result.get("wins") or [], hands=result.get("hands") or [],
    )  # fmt: skip
    return out


def hand_log(hand: HandRecord) -> dict[str, Any]:
    """The replay log of an ended hand in the scenario format (docs/scenarios.md), with an
    ``expect`` block holding the recorded result so ``python -m games.engine replay`` checks it."""
    if not hand_ended(hand):
        raise Http404("This hand has not ended yet.")
    result = hand.result or {}
    expect: dict[str, Any] = {"over": True, "points": hand.points}
    if result.get("reason"):
        expect["reason"] = result["reason"]
    return {
        "format": "que-scenario", "version": 1,
        "title": f"{hand.room.name}: table {hand.table_id}, hand {hand.hand_no}",
        "variant": hand.variant, "options": hand.options, "dealer": hand.dealer,
        "seed": hand.seed, "carry": hand.carry, **props_hand_setup(hand.pk),
        "actions": hand.actions, "expect": expect,
        "fairness": {"salt": hand.salt, "commitment": hand.commitment, "wall_algorithm": hand.wall_algorithm},
    }  # fmt: skip


def _frame(state: engine.HandState) -> dict[str, Any]:
    return {
        "phase": state.phase,
        "turn": state.turn,
        "wall_remaining": len(state.wall) - state.head - state.tail,
        "hands": [format_tiles(h) for h in state.hands],
        "melds": [[meld_to_json(m) for m in ms] for ms in state.melds],
        "discards": [format_tiles(d) for d in state.discards],
        "flowers": [format_tiles(f) for f in state.flowers],
        "scores": list(state.scores),
        "won": list(state.won),
    }


def hand_replay(hand: HandRecord) -> dict[str, Any]:
    """Rebuild an ended hand with the engine, action by action: one frame (every seat's tiles)
    per step, the events between frames, and whether the rebuild matches the record."""
    if not hand_ended(hand):
        raise Http404("This hand has not ended yet.")
    steps: list[dict[str, Any]] = []
    out: dict[str, Any] = {
        "steps": steps, "ok": False, "error": None, "points": None,
        "fairness": engine.verify_seed(hand.seed, hand.salt, hand.commitment),
    }  # fmt: skip
    try:
        state, events = engine.new_hand(
            hand.variant, hand.options, dealer=hand.dealer, seed=hand.seed, carry=hand.carry,
            **props_hand_setup(hand.pk),
        )  # fmt: skip
        steps.append({"action": None, "events": events, "frame": _frame(state)})
        for raw in hand.actions:
            if isinstance(raw, dict) and raw.get("type") == "escape":
                state, events = engine.escape(state, raw.get("seat"))
            else:
                state, events = engine.apply(state, engine.Action.from_json(raw))
            steps.append({"action": raw, "events": events, "frame": _frame(state)})
    except engine.EngineError as exc:
        out["error"] = str(exc)
        return out
    result = engine.hand_result(state) or {}
    out["points"] = result.get("points")
    out["ok"] = engine.is_over(state) and result.get("points") == hand.points
    return out
