"""The one coin formula (wallet.settlement.coins_due) and what is built on it: the hand's expected
coins, a bot's bankroll, the settlement's report by user (issue 14, item 9)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import games.engine as engine
from tests.factories import RoomFactory, UserFactory
from wallet.selectors import transfer_amounts_by_user, wallet_balance
from wallet.services import wallet_admin_adjust, wallet_settle
from wallet.settlement import Seat, coins_due, most_payable, settle, settle_in_full

points_4 = st.lists(st.integers(-500, 500), min_size=4, max_size=4)
zero_sum_4 = st.lists(st.integers(-500, 500), min_size=3, max_size=3).map(lambda p: [*p, -sum(p)])
coefficients = st.integers(1, 1000)
rakes = st.integers(0, 5000)


@given(st.sampled_from(sorted(engine.VARIANTS)), zero_sum_4, coefficients, rakes)
def test_the_platform_settles_as_the_engine_rules_say(variant, points, n, a):
    # the live layer passes A = 0 for a variant without a rake (HandRecord.room_rake)
    rake = a if engine.VARIANTS[variant].has_rake else 0
    expected = engine.coin_settlement(variant, points, n, a)
    assert settle_in_full(points, coefficient=n, rake=rake) == expected
    assert coins_due(points, coefficient=n, rake=rake) == expected[0]


@given(points_4, coefficients, rakes, st.lists(st.integers(0, 10**6), min_size=4, max_size=4))
def test_no_seat_ever_pays_more_than_most_payable(points, n, a, balances):
    # whatever the balances, a seat never pays more than most_payable (a bot's bankroll)
    seats = [
        Seat(key=i, points=p, balance=b)
        for i, (p, b) in enumerate(zip(points, balances, strict=True))
    ]
    result = settle(seats, coefficient=n, rake=a)
    most = most_payable(points, coefficient=n, rake=a)
    assert all(-result.coins[i] <= most[i] for i in range(4))
    assert sum(result.coins.values()) + result.house == 0  # and coins are never created


@given(points_4, coefficients, rakes)
def test_a_settlement_in_full_is_the_settlement_of_balances_that_cover_it(points, n, a):
    most = most_payable(points, coefficient=n, rake=a)
    rich = [Seat(key=i, points=p, balance=most[i] + 10**6) for i, p in enumerate(points)]
    result = settle(rich, coefficient=n, rake=a)
    assert settle_in_full(points, coefficient=n, rake=a) == (
        [result.coins[i] for i in range(4)],
        result.house,
    )


def test_a_penalty_to_nobody_goes_to_the_house_in_the_expected_coins():
    # 10 points lost to nobody: 10 × N more for the house than the 4 × A rake
    assert settle_in_full([3, -1, -1, -2], coefficient=10, rake=2) == ([28, -12, -12, -22], 18)


@pytest.mark.django_db
def test_it_reports_a_settlement_by_user_and_house_in_one_query(django_assert_num_queries):
    # given four players, one of whom cannot cover the loss, and a settled hand
    room = RoomFactory(coefficient=10, rake=5)
    east, south, west, north = (UserFactory(username=n) for n in ("e", "s", "w", "n"))
    poor = wallet_balance(north)
    wallet_admin_adjust(user=north, amount=-(poor - 30), reason="test: nearly broke", actor=None)
    before = {u.pk: wallet_balance(u) for u in (east, south, west, north)}
    transfer = wallet_settle(
        key="hand:report", room=room, points_by_user={east: 9, south: -3, west: -3, north: -3}
    )
    # when
    with django_assert_num_queries(1):
        amounts = transfer_amounts_by_user(transfer)
    # then it is what each balance moved by, and the rest went to the house
    moved = {u.pk: wallet_balance(u) - before[u.pk] for u in (east, south, west, north)}
    assert amounts.users == {pk: c for pk, c in moved.items() if c}
    assert amounts.users[north.pk] == -30  # paid what they held
    assert amounts.house == -sum(moved.values()) == 4 * 5
