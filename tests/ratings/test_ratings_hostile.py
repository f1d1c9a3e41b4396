"""Hostile query strings against the ratings API (and the history page): JSON 400/404, never a
500 or a silently ignored parameter."""

from __future__ import annotations

import pytest

from ratings.models import PlayerHand

pytestmark = pytest.mark.django_db


@pytest.fixture
def as_alice(api_client, alice, settled):
    api_client.force_authenticate(alice)
    return api_client


def assert_json_error(response, status: int, field: str | None = None) -> dict:
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json")
    error = response.json()["error"]
    assert error["message"]
    if field:
        assert field in error["fields"], error
    return error


@pytest.mark.parametrize(
    "dates",
    [
        {"date_from": "0001-01-01", "date_to": "9999-12-31"},
        {"date_from": "0001-01-01"},
        {"date_to": "9999-12-31"},
    ],
)
def test_it_treats_calendar_end_dates_as_open_bounds(as_alice, alice, dates):
    response = as_alice.get(f"/api/v1/ratings/players/{alice.username}/history", dates)
    assert response.status_code == 200, response.content
    assert response.json()["count"] == PlayerHand.objects.filter(user=alice).count() == 1


def test_the_history_page_survives_calendar_end_dates(client, alice, settled):
    client.force_login(alice)
    response = client.get(
        f"/ratings/players/{alice.username}/history/",
        {"date_from": "0001-01-01", "date_to": "9999-12-31"},
    )
    assert response.status_code == 200


def test_it_refuses_a_date_range_that_ends_before_it_starts(as_alice, alice):
    response = as_alice.get(
        f"/api/v1/ratings/players/{alice.username}/history",
        {"date_from": "2026-01-02", "date_to": "2026-01-01"},
    )
    assert_json_error(response, 400, "date_to")


@pytest.mark.parametrize("page_size", ["0", "-3", "abc", "201", "999999999999999999999"])
def test_it_refuses_bad_history_page_sizes(as_alice, alice, page_size):
    response = as_alice.get(
        f"/api/v1/ratings/players/{alice.username}/history", {"page_size": page_size}
    )
    assert_json_error(response, 400, "page_size")


@pytest.mark.parametrize("season", ["abc", "-1", "0", "1.5", "99999999999999999999999"])
def test_it_refuses_a_malformed_season(as_alice, season):
    response = as_alice.get("/api/v1/ratings/leaderboards/sichuan", {"season": season})
    assert_json_error(response, 400, "season")


def test_it_gives_404_for_an_unknown_season(as_alice):
    response = as_alice.get("/api/v1/ratings/leaderboards/sichuan", {"season": 2**31 - 1})
    assert_json_error(response, 404)


def test_it_requires_a_variant_for_the_rating_series(as_alice, alice):
    response = as_alice.get(f"/api/v1/ratings/players/{alice.username}/rating")
    assert_json_error(response, 400, "variant")


@pytest.mark.parametrize(
    "path", ["/api/v1/ratings/players/{u}/rating", "/api/v1/ratings/players/{u}"]
)
def test_it_names_the_variants_for_an_unknown_variant_query(as_alice, alice, path):
    response = as_alice.get(path.format(u=alice.username), {"variant": "mars"})
    error = assert_json_error(response, 400, "variant")
    assert "sichuan" in error["message"]


@pytest.mark.parametrize("page_size", ["-1", "0"])
def test_it_ignores_paging_on_unpaged_lists(as_alice, page_size):
    # Seasons are a short unpaged list: paging parameters do not apply and are not an error.
    assert as_alice.get("/api/v1/ratings/seasons", {"page_size": page_size}).status_code == 200


def test_the_history_page_says_when_the_range_is_reversed(client, alice, settled):
    client.force_login(alice)
    response = client.get(
        f"/ratings/players/{alice.username}/history/",
        {"date_from": "2026-01-02", "date_to": "2026-01-01"},
    )
    assert response.status_code == 200
    assert "The end date is before the start date." in response.content.decode()


def test_the_hand_page_names_the_variant_and_has_no_raw_dict(client, alice, settled):
    client.force_login(alice)
    page = client.get(f"/ratings/hands/{settled.pk}/").content.decode()
    assert "Sichuan" in page and "{&#x27;" not in page and "⏮" not in page
