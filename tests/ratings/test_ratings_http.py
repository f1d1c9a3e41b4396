"""Pages and REST API: authorization (alice sees hers, charlie gets 404), nothing secret while a
hand is live, ladder, profile, template tag."""

from __future__ import annotations

import pytest
from django.template import Context, Template

from games.models import HandStatus
from games.runtime.services import hand_settle
from ratings.models import SeasonStanding
from tests.ratings.factories import hand_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def live(room, alice, bob):
    return hand_record(
        room=room,
        players=[alice, bob, None, None],
        seed="live-1",
        status=HandStatus.LIVE,
        hand_no=9,
    )


# --- history --------------------------------------------------------------------------------
def test_alice_sees_her_history(client, api_client, alice, settled) -> None:
    client.force_login(alice)
    page = client.get(f"/ratings/players/{alice.username}/history/")
    assert page.status_code == 200 and page.content.count(b'data-testid="history-row"') == 1
    # her seat reads as its wind in that hand, as on every other page (seat 0 is not "0")
    wind = ["East 东", "South 南", "West 西", "North 北"][(0 - settled.dealer) % 4]
    assert f"<td>{wind}</td>" in page.content.decode()
    api_client.force_authenticate(alice)
    data = api_client.get(f"/api/v1/ratings/players/{alice.username}/history").json()
    assert data["count"] == 1
    row = data["results"][0]
    assert (row["hand"], row["seat"], row["points"], row["coins"]) == (
        settled.pk,
        0,
        settled.points[0],
        settled.coins[0],
    )


@pytest.mark.parametrize(
    "path", ["/ratings/players/{u}/history/", "/api/v1/ratings/players/{u}/history"]
)
def test_charlie_gets_403_private_for_alices_history(client, charlie, alice, settled, path) -> None:
    """Alice exists (her profile is public); her history is private, not "No such player"."""
    client.force_login(charlie)
    response = client.get(path.format(u=alice.username))
    assert response.status_code == 403
    if path.startswith("/api/"):
        assert response.json()["error"]["message"] == "This match history is private."
    assert client.get(path.format(u="nobody")).status_code == 404


def test_history_filters_by_variant_and_date_and_pages(api_client, alice, bob, room) -> None:
    for i in range(3):
        hand_settle(
            hand_id=hand_record(
                room=room, players=[alice, bob, None, None], seed=f"h{i}", hand_no=i + 1
            ).pk
        )
    api_client.force_authenticate(alice)
    url = f"/api/v1/ratings/players/{alice.username}/history"
    assert api_client.get(url, {"page_size": 2}).json()["next"] is not None
    assert api_client.get(url, {"variant": "wuhan"}).json()["count"] == 0
    assert api_client.get(url, {"variant": "sichuan"}).json()["count"] == 3
    assert (
        api_client.get(url, {"date_from": "2000-01-01", "date_to": "2000-01-02"}).json()["count"]
        == 0
    )
    assert api_client.get(url, {"variant": "nope"}).status_code == 400


# --- hands ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "path",
    [
        "/ratings/hands/{h}/",
        "/ratings/hands/{h}/log.json",
        "/api/v1/ratings/hands/{h}",
        "/api/v1/ratings/hands/{h}/log",
    ],
)
def test_charlie_gets_404_for_alices_hand(client, charlie, settled, path) -> None:
    client.force_login(charlie)
    assert client.get(path.format(h=settled.pk)).status_code == 404


def test_alice_replays_her_ended_hand(client, alice, settled) -> None:
    client.force_login(alice)
    page = client.get(f"/ratings/hands/{settled.pk}/")
    assert page.status_code == 200
    assert b'data-testid="replay-ok"' in page.content and b'id="replay-steps"' in page.content
    assert settled.seed.encode() in page.content
    log = client.get(f"/ratings/hands/{settled.pk}/log.json")
    assert log.status_code == 200 and "attachment" in log["Content-Disposition"]
    assert log.json()["actions"] == settled.actions


def test_the_hand_api_reveals_everything_once_ended(api_client, alice, settled) -> None:
    api_client.force_authenticate(alice)
    data = api_client.get(f"/api/v1/ratings/hands/{settled.pk}").json()
    assert data["ended"] is True and data["seed"] == settled.seed and len(data["hands"]) == 4
    assert [p["points"] for p in data["players"]] == settled.points


def test_nobody_sees_a_live_hands_tiles_or_seed(client, api_client, alice, live) -> None:
    # alice plays in it, and still sees only the public header
    api_client.force_authenticate(alice)
    data = api_client.get(f"/api/v1/ratings/hands/{live.pk}").json()
    assert data["ended"] is False and data["commitment"] == live.commitment
    assert not {"seed", "salt", "hands", "wins", "points"} & set(data)
    assert live.seed not in str(data)
    assert api_client.get(f"/api/v1/ratings/hands/{live.pk}/log").status_code == 404
    client.force_login(alice)
    page = client.get(f"/ratings/hands/{live.pk}/")
    assert page.status_code == 200 and b'data-testid="hand-live"' in page.content
    assert live.seed.encode() not in page.content and live.salt.encode() not in page.content
    assert client.get(f"/ratings/hands/{live.pk}/log.json").status_code == 404


def test_anonymous_visitors_get_no_hand(client, api_client, settled) -> None:
    assert client.get(f"/ratings/hands/{settled.pk}/").status_code == 302  # to the login page
    assert api_client.get(f"/api/v1/ratings/hands/{settled.pk}").status_code == 401


# --- ladders, profiles ----------------------------------------------------------------------
def test_the_ladder_ranks_players_with_enough_hands_and_marks_mine(
    client, api_client, alice, bob, settled, settings
) -> None:
    settings.RATINGS_LEADERBOARD_MIN_HANDS = 1
    api_client.force_authenticate(bob)
    board = api_client.get("/api/v1/ratings/leaderboards/sichuan").json()
    rows = board["rows"]
    assert [r["rank"] for r in rows] == [1, 2]
    ratings = {r["username"]: r["rating"] for r in rows}
    assert [r["rating"] for r in rows] == sorted(ratings.values(), reverse=True)
    assert board["me"]["username"] == "bob" and board["me"]["is_me"] is True
    assert {r["hands"] for r in rows} == {1}
    client.force_login(alice)
    page = client.get("/ratings/?variant=sichuan")
    assert page.status_code == 200 and b'data-testid="me-row"' in page.content
    settings.RATINGS_LEADERBOARD_MIN_HANDS = 2
    assert api_client.get("/api/v1/ratings/leaderboards/sichuan").json()["rows"] == []
    assert SeasonStanding.objects.count() == 2


def test_the_profile_shows_tiers_chart_and_stats(client, api_client, alice, settled) -> None:
    client.force_login(alice)
    page = client.get(f"/ratings/players/{alice.username}/")
    assert page.status_code == 200
    for marker in (
        b'data-testid="tier-sichuan"',
        b'data-testid="rating-chart"',
        b'data-testid="stats"',
        b"<polyline",
    ):
        assert marker in page.content
    api_client.force_authenticate(alice)
    data = api_client.get(f"/api/v1/ratings/players/{alice.username}").json()
    sichuan = next(s for s in data["standings"] if s["variant"] == "sichuan")
    assert sichuan["hands"] == 1 and sichuan["points"] == settled.points[0]
    assert data["stats"]["hands"] == 1
    series = api_client.get(
        f"/api/v1/ratings/players/{alice.username}/rating", {"variant": "sichuan"}
    ).json()
    assert [p["hand"] for p in series] == [settled.pk]


def test_the_cooldown_is_shown_to_the_player(client, api_client, alice) -> None:
    from ratings.services import ratings_record_escape

    ratings_record_escape(user=alice, hand=None)
    ratings_record_escape(user=alice, hand=None)
    api_client.force_authenticate(alice)
    assert 590 <= api_client.get("/api/v1/ratings/me/cooldown").json()["remaining_seconds"] <= 600
    client.force_login(alice)
    assert b'data-testid="cooldown"' in client.get(f"/ratings/players/{alice.username}/").content


def test_the_tier_tag_renders_a_badge(alice) -> None:
    html = Template('{% load ratings_tags %}{% tier_badge user "wuhan" %}').render(
        Context({"user": alice})
    )
    assert "鸟蛋" in html and 'data-testid="tier-wuhan"' in html


def test_the_tier_api_lists_the_table(api_client, alice) -> None:
    api_client.force_authenticate(alice)
    rows = api_client.get("/api/v1/ratings/tiers/shaanxi").json()
    assert len(rows) == 17 and rows[-1] == {"position": 17, "name": "雀神", "threshold": 2_000_000}
    assert api_client.get("/api/v1/ratings/tiers/mars").status_code == 404


def test_the_ladder_costs_a_fixed_number_of_queries(
    api_client, alice, bob, room, settings, django_assert_max_num_queries
) -> None:
    settings.RATINGS_LEADERBOARD_MIN_HANDS = 1
    for i in range(3):
        hand_settle(
            hand_id=hand_record(
                room=room, players=[alice, bob, None, None], seed=f"q{i}", hand_no=i + 1
            ).pk
        )
    api_client.force_authenticate(alice)
    # auth, season, standings (with users), points, tier table - not one per row
    with django_assert_max_num_queries(6):
        assert len(api_client.get("/api/v1/ratings/leaderboards/sichuan").json()["rows"]) == 2
