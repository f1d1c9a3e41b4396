"""Honest ratings fields (issue 15, point 6): a penalty paid to nobody is `forfeit`, not rake;
tier 1's threshold is the floor it is; somebody else's history is "private", not missing."""

from __future__ import annotations

import pytest

from games.runtime.services import hand_settle
from ratings.apis import house_split
from tests.factories import RoomFactory
from tests.ratings.factories import hand_record
from wallet.models import Account
from wallet.settlement import Seat, settle

pytestmark = pytest.mark.django_db


def house_balance() -> int:
    return Account.objects.filter(kind="house").values_list("balance", flat=True).first() or 0


def test_a_fuzhou_escape_penalty_is_forfeit_not_rake(api_client, alice, bob):
    # given a Fuzhou room without rake (A = 0) and a hand where seat 3 paid a penalty of 66
    # points to nobody (rules/fuzhou.md §14: the house books it), as an escape leaves it
    room = RoomFactory(name="Fuzhou", variant="fuzhou", coefficient=20, rake=0)
    hand = hand_record(room=room, players=[alice, bob, None, None], seed="forfeit-1")
    hand.points = [*hand.points[:3], hand.points[3] - 66]
    hand.save(update_fields=["points"])
    before = house_balance()
    # when it is settled and alice reads it
    hand = hand_settle(hand_id=hand.pk)
    api_client.force_authenticate(alice)
    detail = api_client.get(f"/api/v1/ratings/hands/{hand.pk}").json()
    # then the house got 1,320 coins, all of them forfeit: no rake in a room with A = 0
    assert house_balance() - before == 1320 == hand.rake
    assert (detail["rake"], detail["forfeit"]) == (0, 1320)


def test_a_hand_with_rake_and_no_penalty_has_no_forfeit(api_client, alice, bob, room):
    before = house_balance()
    hand = hand_settle(hand_id=hand_record(room=room, players=[alice, bob, None, None]).pk)
    api_client.force_authenticate(alice)
    detail = api_client.get(f"/api/v1/ratings/hands/{hand.pk}").json()
    assert (detail["rake"], detail["forfeit"]) == (4 * room.rake, 0)
    assert house_balance() - before == detail["rake"]


@pytest.mark.parametrize(
    ("points", "balances", "n", "a", "forfeit"),
    [
        ([0, 0, 0, -66], [9999] * 4, 20, 0, 1320),  # the Fuzhou escape of the issue
        ([10, -5, -5, -30], [9999] * 4, 10, 100, 300),
        ([9, -3, -3, -3], [9999] * 4, 200, 20, 0),
        ([30, -10, -10, -10], [0, 9999, 9999, 1000], 200, 10, 0),  # a loser short of coins
        ([30, -10, -10, -40], [0, 9999, 9999, 300], 20, 10, 90),  # short, penalty to nobody
        ([30, -10, -10, -40], [0, 9999, 9999, 9999], 20, 10, 600),
        ([0, 0, 0, 0], [5, 0, 9999, 9999], 20, 10, 0),  # some cannot pay the rake
    ],
)
def test_house_split_recovers_rake_and_forfeit_of_any_settlement(points, balances, n, a, forfeit):
    # the wallet's own settlement maths makes the coins; the split recovers what it did
    seats = [
        Seat(key=i, points=p, balance=b)
        for i, (p, b) in enumerate(zip(points, balances, strict=True))
    ]
    settled = settle(seats, coefficient=n, rake=a)
    coins = [settled.coins[i] for i in range(4)]
    rake, got = house_split(points=points, coins=coins, coefficient=n, rake=a)
    assert (rake + got, got) == (settled.house, forfeit)
    assert 0 <= rake <= 4 * a


def test_tier_one_threshold_is_the_floor(api_client, alice):
    api_client.force_authenticate(alice)
    tiers = api_client.get("/api/v1/ratings/tiers/wuhan").json()
    assert tiers[0]["position"] == 1 and tiers[0]["threshold"] is None
    assert all(isinstance(t["threshold"], int) for t in tiers[1:])
    schema = api_client.get("/api/schema/", {"format": "json"}).json()
    threshold = schema["components"]["schemas"]["TierRow"]["properties"]["threshold"]
    assert threshold["nullable"] is True and "negative" in threshold["description"]


def test_somebody_elses_history_is_private_not_missing(api_client, alice, charlie):
    api_client.force_authenticate(charlie)
    for tail in ("history", "sessions"):
        response = api_client.get(f"/api/v1/ratings/players/alice/{tail}")
        assert response.status_code == 403
        assert response.json()["error"] == {
            "code": "permission_denied",
            "message": "This match history is private.",
        }
        missing = api_client.get(f"/api/v1/ratings/players/nobody/{tail}")
        assert missing.status_code == 404
