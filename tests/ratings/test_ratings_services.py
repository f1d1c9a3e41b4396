"""Recording settled hands: standings, ratings once per hand, tiers as data, seasons, escapes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from games.runtime.services import TableRefused, check_can_sit, hand_settle
from ratings import calc
from ratings.models import PlayerHand, RatedHand, RatingHistory, Season, Standing, Tier
from ratings.selectors import tier_for
from ratings.services import (
    escape_cooldown_remaining,
    ratings_record_escape,
    ratings_record_hand,
    season_for,
)
from tests.ratings.factories import hand_record

pytestmark = pytest.mark.django_db


def test_it_seeds_the_tier_tables_from_the_specs() -> None:
    for variant, table in calc.SEED_TIERS.items():
        rows = list(
            Tier.objects.filter(variant=variant)
            .order_by("position")
            .values_list("name", "threshold")
        )
        assert rows == list(table)


def test_it_records_a_settled_hand_for_its_human_players(settled, alice, bob) -> None:
    points = settled.points
    standings = {s.user_id: s for s in Standing.objects.all()}
    # bots are fixed default players: never stored
    assert set(standings) == {alice.pk, bob.pk}
    expected = calc.rate_hand([calc.Skill()] * 4, points)
    for user, seat in ((alice, 0), (bob, 1)):
        s = standings[user.pk]
        assert (s.points, s.hands) == (points[seat], 1)
        assert (s.mu, s.sigma, s.rating) == (
            expected[seat].mu,
            expected[seat].sigma,
            expected[seat].display,
        )
        row = PlayerHand.objects.get(user=user)
        assert (row.seat, row.points, row.coins) == (seat, points[seat], settled.coins[seat])
        assert RatingHistory.objects.get(user=user).rating == expected[seat].display


def test_it_applies_a_rating_once_even_if_settlement_is_retried(settled, alice) -> None:
    # given a settled, rated hand
    before = Standing.objects.get(user=alice)
    # when the settlement runs again and the hook is called again directly
    hand_settle(hand_id=settled.pk)
    assert ratings_record_hand(hand=settled) is False
    # then nothing moved
    after = Standing.objects.get(user=alice)
    assert (after.points, after.mu, after.sigma, after.hands) == (
        before.points,
        before.mu,
        before.sigma,
        1,
    )
    assert RatedHand.objects.count() == 1 and PlayerHand.objects.filter(user=alice).count() == 1
    assert RatingHistory.objects.filter(user=alice).count() == 1


def test_it_skips_a_hand_of_bots_only(room) -> None:
    hand = hand_record(room=room, players=[None] * 4, seed="bots")
    hand_settle(hand_id=hand.pk)
    assert Standing.objects.count() == 0 and RatedHand.objects.count() == 1


def test_it_counts_wins_self_draws_and_deal_ins(room, alice, bob) -> None:
    for i in range(6):
        hand = hand_record(
            room=room, players=[alice, bob, None, None], seed=f"count-{i}", hand_no=i + 1
        )
        hand_settle(hand_id=hand.pk)
    rows = PlayerHand.objects.filter(user=alice)
    s = Standing.objects.get(user=alice)
    assert s.hands == 6 and s.points == sum(r.points for r in rows)
    assert s.wins == sum(r.won for r in rows)
    assert s.deal_ins == sum(r.dealt_in for r in rows)
    assert s.self_draws == sum(r.self_draw for r in rows)


def test_a_tier_follows_points_down_and_up(alice) -> None:
    Standing.objects.create(user=alice, variant="sichuan", points=250, mu=25, sigma=8, rating=1500)
    assert tier_for(alice, "sichuan").name == "良品益都红"
    Standing.objects.filter(user=alice).update(points=-30)
    assert tier_for(alice, "sichuan").name == "初品益都红"
    assert tier_for(alice, "wuhan").name == "鸟蛋"  # no hands yet: the floor


def test_an_admin_edit_of_the_tier_table_takes_effect(alice) -> None:
    Standing.objects.create(user=alice, variant="shaanxi", points=150, mu=25, sigma=8, rating=1500)
    assert tier_for(alice, "shaanxi").name == "一万"
    Tier.objects.filter(variant="shaanxi", position=2).update(name="壹万", threshold=120)
    info = tier_for(alice, "shaanxi")
    assert (info.name, info.position, info.next_name, info.next_threshold) == (
        "壹万",
        2,
        "二万",
        200,
    )


def test_it_creates_monthly_seasons_that_do_not_overlap() -> None:
    feb = season_for(now=datetime(2027, 2, 10, tzinfo=UTC))
    assert (feb.starts_at, feb.ends_at) == (
        datetime(2027, 2, 1, tzinfo=UTC),
        datetime(2027, 3, 1, tzinfo=UTC),
    )
    assert season_for(now=datetime(2027, 2, 28, 23, tzinfo=UTC)) == feb
    # an admin-made season ending mid-March: the next one starts where it ended
    Season.objects.create(
        name="spring", starts_at=feb.ends_at, ends_at=datetime(2027, 3, 15, tzinfo=UTC)
    )
    later = season_for(now=datetime(2027, 3, 20, tzinfo=UTC))
    assert (later.starts_at, later.ends_at) == (
        datetime(2027, 3, 15, tzinfo=UTC),
        datetime(2027, 4, 1, tzinfo=UTC),
    )


# --- escapes --------------------------------------------------------------------------------
T0 = datetime(2027, 5, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def clock():
    with time_machine.travel(T0, tick=False) as traveller:
        yield traveller


def _escape(user, clock, after: timedelta) -> None:
    clock.shift(after)
    ratings_record_escape(user=user, hand=None)


def test_cool_downs_escalate_with_repeated_escapes(alice, clock) -> None:
    ratings_record_escape(user=alice, hand=None)
    assert escape_cooldown_remaining(alice) == 0  # one escape: a warning only
    _escape(alice, clock, timedelta(minutes=1))
    assert escape_cooldown_remaining(alice) == 10 * 60  # 2 in 24 h: 10 min
    clock.shift(timedelta(minutes=4))
    assert escape_cooldown_remaining(alice) == 6 * 60
    clock.shift(timedelta(minutes=6))
    assert escape_cooldown_remaining(alice) == 0
    _escape(alice, clock, timedelta(minutes=1))
    assert escape_cooldown_remaining(alice) == 3600  # 3: 1 h
    _escape(alice, clock, timedelta(hours=1))
    assert escape_cooldown_remaining(alice) == 3600  # 4: still 1 h
    _escape(alice, clock, timedelta(hours=1))
    assert escape_cooldown_remaining(alice) == 24 * 3600  # 5: 24 h
    clock.shift(timedelta(hours=24))
    assert escape_cooldown_remaining(alice) == 0  # the window has passed


def test_old_escapes_fall_out_of_the_window(alice, clock) -> None:
    ratings_record_escape(user=alice, hand=None)
    _escape(alice, clock, timedelta(hours=25))
    assert escape_cooldown_remaining(alice) == 0


def test_an_escape_is_recorded_once_per_hand(room, alice, bob, clock) -> None:
    hand = hand_record(room=room, players=[alice, bob, None, None], seed="esc")
    assert ratings_record_escape(user=alice, hand=hand) is True
    assert ratings_record_escape(user=alice, hand=hand) is False
    assert escape_cooldown_remaining(alice) == 0


def test_the_table_refuses_a_seat_during_a_cool_down(room, alice, clock) -> None:
    ratings_record_escape(user=alice, hand=None)
    _escape(alice, clock, timedelta(seconds=30))
    with pytest.raises(TableRefused) as refused:
        check_can_sit(user=alice, room=room)
    assert refused.value.code == "cooldown" and "10m 00s" in refused.value.message
    clock.shift(timedelta(minutes=10))
    check_can_sit(user=alice, room=room)


def test_settling_an_escaped_hand_records_the_escape(room, alice, bob, clock) -> None:
    hand = hand_record(room=room, players=[alice, bob, None, None], seed="esc2", escaped=[1])
    hand_settle(hand_id=hand.pk)
    hand_settle(hand_id=hand.pk)
    from ratings.models import Escape

    assert list(Escape.objects.values_list("user_id", "hand_id")) == [(bob.pk, hand.pk)]


def test_a_failing_rating_rolls_the_settlement_back_and_the_retry_rates_once(room, alice) -> None:
    # given an ended hand, and a receiver of hand_settled that fails the first time
    from games.interface import hand_settled
    from wallet.models import Transfer

    hand = hand_record(room=room, players=[alice, None, None, None], seed="rollback")
    failures = []

    def fail_once(sender, **kwargs):
        if not failures:
            failures.append(kwargs["hand"].pk)
            raise RuntimeError("ratings are down")

    hand_settled.connect(fail_once, dispatch_uid="test-fail-once")
    try:
        # when the settlement runs, then it fails as a whole: no coins moved, nothing rated
        with pytest.raises(RuntimeError):
            hand_settle(hand_id=hand.pk)
        hand.refresh_from_db()
        assert hand.status == "ended" and hand.transfer_id is None
        assert not Transfer.objects.filter(idempotency_key=f"hand:{hand.pk}").exists()
        assert RatedHand.objects.count() == 0 and PlayerHand.objects.count() == 0
        # and when it is retried, it pays and rates once
        hand_settle(hand_id=hand.pk)
        hand_settle(hand_id=hand.pk)
    finally:
        hand_settled.disconnect(dispatch_uid="test-fail-once")
    hand.refresh_from_db()
    assert hand.status == "settled" and failures == [hand.pk]
    assert Transfer.objects.filter(idempotency_key=f"hand:{hand.pk}").count() == 1
    assert RatedHand.objects.filter(hand=hand).count() == 1
    assert Standing.objects.get(user=alice).hands == 1
