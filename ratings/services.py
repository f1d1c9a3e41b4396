"""Ratings writes. The live tables reach three of these through games.interface, which
ratings/signals.py answers (docs/ratings.md, "Contract with the live tables"):

* ``ratings_record_hand(hand=...)`` on hand_settled, inside hand_settle's transaction, after the
  wallet settlement;
* ``escape_cooldown_remaining(user) -> int`` seconds, before seating a user (refused if > 0);
* ``ratings_record_escape(user=..., hand=...)`` on hand_settled, for each escaped human seat.

All are idempotent: RatedHand (one per hand) and Escape (one per user and hand) carry unique
constraints, so a retried settlement records nothing twice.
"""

from __future__ import annotations

import calendar
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from config.locks import for_update
from games.models import HandRecord, HandSeat
from ratings import calc
from ratings.models import (
    Escape,
    HandReview,
    Outcome,
    PlayerHand,
    RatedHand,
    RatingHistory,
    Season,
    SeasonStanding,
    Standing,
)

#: Default escalation: (escapes within the window, cool-down seconds), checked from the top.
DEFAULT_ESCAPE_COOLDOWNS: tuple[tuple[int, int], ...] = ((2, 10 * 60), (3, 60 * 60), (5, 24 * 3600))


def escape_window_seconds() -> int:
    return int(getattr(settings, "RATINGS_ESCAPE_WINDOW_SECONDS", 24 * 3600))


def escape_cooldowns() -> list[tuple[int, int]]:
    steps = getattr(settings, "RATINGS_ESCAPE_COOLDOWNS", DEFAULT_ESCAPE_COOLDOWNS)
    return sorted((int(n), int(s)) for n, s in steps)


# --- seasons --------------------------------------------------------------------------------
def _month_bounds(now: datetime) -> tuple[datetime, datetime]:
    start = now.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    days = calendar.monthrange(start.year, start.month)[1]
    return start, start + timedelta(days=days)


def season_for(*, now: datetime | None = None) -> Season:
    """The season containing ``now``; if the admin has none, a calendar-month season is created
    (starting where the last season ended, so seasons never overlap)."""
    now = now or timezone.now()
    season = (
        Season.objects.filter(starts_at__lte=now, ends_at__gt=now).order_by("-starts_at").first()
    )
    if season is not None:
        return season
    start, end = _month_bounds(timezone.localtime(now))
    previous = (
        Season.objects.filter(ends_at__lte=now, ends_at__gt=start).order_by("-ends_at").first()
    )
    if previous is not None:
        start = previous.ends_at
    following = (
        Season.objects.filter(starts_at__gt=now, starts_at__lt=end).order_by("starts_at").first()
    )
    if following is not None:
        end = following.starts_at
    return Season.objects.create(name=f"{start:%Y-%m}", starts_at=start, ends_at=end)


# --- hands ----------------------------------------------------------------------------------
def _rows_by_user(queryset, user_ids: Sequence[int], new) -> dict[int, Any]:
    """``queryset``'s rows by user id, the missing ones first made by ``new(user_id)`` in one
    insert (ON CONFLICT DO NOTHING: a concurrent first hand of the same user may have made them)
    and read again: one query once the rows exist, three the first time."""
    found = {row.user_id: row for row in queryset}
    missing = [u for u in user_ids if u not in found]
    if missing:
        queryset.model.objects.bulk_create([new(u) for u in missing], ignore_conflicts=True)
        found = {row.user_id: row for row in queryset.all()}
    return found


def _lock_standings(user_ids: Sequence[int], variant: str) -> dict[int, Standing]:
    """Get or create and lock the standings of the users, in pk order (no deadlocks)."""
    base = calc.Skill()
    queryset = Standing.objects.filter(user_id__in=user_ids, variant=variant).order_by("pk")
    return _rows_by_user(
        for_update(queryset),
        user_ids,
        lambda u: Standing(
            user_id=u, variant=variant, mu=base.mu, sigma=base.sigma, rating=base.display
        ),
    )


def _season_rows(season: Season, user_ids: Sequence[int], variant: str, skills) -> dict:
    """The season standings of the users (made with their new skill where missing). Written
    under the users' Standing locks, so no other settlement changes them meanwhile."""
    queryset = SeasonStanding.objects.filter(season=season, user_id__in=user_ids, variant=variant)
    return _rows_by_user(
        queryset,
        user_ids,
        lambda u: SeasonStanding(
            season=season,
            user_id=u,
            variant=variant,
            mu=skills[u].mu,
            sigma=skills[u].sigma,
            rating=skills[u].display,
        ),
    )


def _seat_facts(result: dict[str, Any], seat: int) -> dict[str, Any]:
    wins = result.get("wins") or []
    mine = [w for w in wins if w.get("seat") == seat]
    patterns: list[str] = []
    for w in mine:
        patterns.extend(str(p) for p in w.get("patterns") or [])
    return {
        "won": bool(mine),
        "self_draw": any(w.get("from") is None for w in mine),
        "dealt_in": any(w.get("from") == seat and w.get("seat") != seat for w in wins),
        "patterns": patterns,
    }


def _outcome(points: int) -> str:
    if points > 0:
        return Outcome.WIN
    return Outcome.LOSS if points < 0 else Outcome.DRAW


def ratings_record_hand(*, hand: HandRecord) -> bool:
    """Rate a settled hand once: points (积分) into standings, OpenSkill update, history rows.

    Returns False when the hand was already rated (a retried settlement). Bots are fixed default
    players: they take part in the ranking with the default skill and are never stored.
    """
    with transaction.atomic():
        try:
            with transaction.atomic():
                _, created = RatedHand.objects.get_or_create(hand=hand)
        except IntegrityError:  # a concurrent settlement of the same hand got there first
            return False
        if not created:
            return False
        _rate(hand)
    return True


def _rate(hand: HandRecord) -> None:
    """Runs inside every settlement: the humans' standings and season standings are read in one
    query each and the hand's rows and chart points inserted in one each, not one per player."""
    seats = list(HandSeat.objects.filter(hand=hand).order_by("seat"))
    humans = [hs for hs in seats if hs.user_id and not hs.is_bot]
    if not humans:
        return
    n = max(len(seats), 4)
    points = [int(p) for p in (hand.points or [0] * n)]
    coins = [int(c) for c in (hand.coins or [0] * n)]
    result = hand.result or {}
    when = hand.settled_at or timezone.now()
    user_ids = [hs.user_id for hs in humans]
    standings = _lock_standings(user_ids, hand.variant)
    by_seat = {hs.seat: standings[hs.user_id] for hs in humans}
    skills = [
        calc.Skill(by_seat[i].mu, by_seat[i].sigma) if i in by_seat else calc.Skill()
        for i in range(len(points))
    ]
    after = calc.rate_hand(skills, points)
    skill_of = {hs.user_id: after[hs.seat] for hs in humans}
    season_rows = _season_rows(season_for(now=when), user_ids, hand.variant, skill_of)
    played, charted = [], []
    for hs in humans:
        facts = _seat_facts(result, hs.seat)
        skill, mine = skill_of[hs.user_id], points[hs.seat]
        standing, season_row = standings[hs.user_id], season_rows[hs.user_id]
        before = standing.rating
        standing.points += mine
        standing.mu, standing.sigma, standing.rating = skill.mu, skill.sigma, skill.display
        standing.hands += 1
        standing.wins += facts["won"]
        standing.self_draws += facts["self_draw"]
        standing.deal_ins += facts["dealt_in"]
        season_row.hands += 1
        season_row.points += mine
        season_row.mu, season_row.sigma, season_row.rating = skill.mu, skill.sigma, skill.display
        played.append(PlayerHand(
            user_id=hs.user_id, hand=hand, variant=hand.variant, room_id=hand.room_id,
            table_id=hand.table_id, seat=hs.seat, points=mine, coins=coins[hs.seat],
            outcome=_outcome(mine), won=facts["won"], self_draw=facts["self_draw"],
            dealt_in=facts["dealt_in"], escaped=hs.escaped, patterns=facts["patterns"],
            rating_before=before, rating_after=skill.display, played_at=when,
        ))  # fmt: skip
        charted.append(RatingHistory(
            user_id=hs.user_id, variant=hand.variant, hand=hand, mu=skill.mu, sigma=skill.sigma,
            rating=skill.display, created_at=when,
        ))  # fmt: skip
    # one UPDATE per row: bulk_update's CASE per field and row cost more CPU than it saves
    for row in (*standings.values(), *season_rows.values()):
        row.save(update_fields=UPDATED[type(row)])
    PlayerHand.objects.bulk_create(played)
    RatingHistory.objects.bulk_create(charted)


#: The columns a rated hand changes
UPDATED = {
    # (updated_at is auto_now: save sets it only when it is listed)
    Standing: "points mu sigma rating hands wins self_draws deal_ins updated_at".split(),
    SeasonStanding: "hands points mu sigma rating".split(),
}


# --- escapes --------------------------------------------------------------------------------
def ratings_record_escape(
    *, user, hand: HandRecord | None = None, now: datetime | None = None
) -> bool:
    """Record that ``user`` left a live hand; once per (user, hand). Returns True if new."""
    now = now or timezone.now()
    if hand is None:
        Escape.objects.create(user=user, hand=None, created_at=now)
        return True
    try:
        with transaction.atomic():
            _, created = Escape.objects.get_or_create(
                user=user, hand=hand, defaults={"created_at": now}
            )
    except IntegrityError:  # a concurrent record of the same escape
        return False
    return created


def cooldown_for(count: int) -> int:
    """Cool-down seconds for ``count`` escapes inside the window (0 below the first step)."""
    seconds = 0
    for threshold, length in escape_cooldowns():
        if count >= threshold:
            seconds = length
    return seconds


def escape_cooldown_remaining(user, *, now: datetime | None = None) -> int:
    """Seconds before ``user`` may sit again: the cool-down earned by the escapes inside the
    window, counted from the latest of them (lichess-style escalation)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return 0
    now = now or timezone.now()
    since = now - timedelta(seconds=escape_window_seconds())
    recent = list(
        Escape.objects.filter(user=user, created_at__gt=since, created_at__lte=now)
        .order_by("-created_at")
        .values_list("created_at", flat=True)
    )
    if not recent:
        return 0
    length = cooldown_for(len(recent))
    remaining = (recent[0] + timedelta(seconds=length) - now).total_seconds()
    return max(0, int(-(-remaining // 1)))


# --- hand reviews ---------------------------------------------------------------------------
def expert_version() -> str:
    """The version of the expert a review is computed with (games.engine.expert.VERSION when
    it says one): a stored review of another version is computed again."""
    from games.engine import expert

    return str(getattr(expert, "VERSION", ""))


def hand_review_get(*, hand: HandRecord, seat: int) -> dict[str, Any] | None:
    """The expert's review of ``hand`` from ``seat`` (games.engine.expert.review_hand), computed
    once and kept in HandReview. None if the engine cannot rebuild the hand from its record.

    Computed on the first request, not at settlement: it costs tens of ms to seconds of CPU,
    and most hands are never reviewed; settling would pay it four times a hand inside the
    table's follow-ups (Celery is eager on the defaults). Two first requests at once both
    compute it (the same record gives the same review) and the unique key keeps one row."""
    from games.engine import EngineError
    from games.engine.expert import review_hand
    from ratings.selectors import hand_record

    version = expert_version()
    row = HandReview.objects.filter(hand=hand, seat=seat).first()
    if row is not None and row.version == version:
        return row.review
    try:
        review = review_hand(hand_record(hand), seat)
    except EngineError:
        return None
    if row is not None:
        HandReview.objects.filter(pk=row.pk).update(version=version, review=review)
        return review
    try:
        with transaction.atomic():
            HandReview.objects.create(hand=hand, seat=seat, version=version, review=review)
    except IntegrityError:
        pass  # another request stored it meanwhile
    return review
