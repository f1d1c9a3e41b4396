"""The expert's hand review (issue 19): the player's own seat of their own ended hands, over REST
and on the hand's page, computed once and kept (ratings.HandReview)."""

from __future__ import annotations

import pytest
from django.utils import translation

from accounts.models import User
from games.engine import expert
from games.models import HandStatus
from ratings.models import HandReview
from ratings.selectors import hand_record as record_of
from tests.ratings.factories import hand_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def live(room, alice, bob):
    return hand_record(
        room=room, players=[alice, bob, None, None], seed="live-1", status=HandStatus.LIVE
    )


def _url(hand) -> str:
    return f"/api/v1/ratings/hands/{hand.pk}/review"


# --- REST -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("who", "seat"), [("alice", 0), ("bob", 1)])
def test_each_player_gets_the_review_of_their_own_seat(api_client, settled, who, seat):
    # given a settled hand of alice (seat 0) and bob (seat 1)
    user = User.objects.get(username=who)
    api_client.force_authenticate(user)
    # when they ask for its review
    response = api_client.get(_url(settled))
    # then it is the expert's review of their own seat, and nobody else's
    assert response.status_code == 200
    data = response.json()
    expected = expert.review_hand(record_of(settled), seat)
    assert data == {**expected, "hand": settled.pk}
    assert data["seat"] == seat and data["variant"] == "sichuan"
    for d in data["decisions"]:
        assert settled.actions[d["index"]] == d["chosen"]
        assert d["chosen"]["seat"] == seat
        assert all(o["action"]["seat"] == seat for o in d["options"])


def test_the_review_shape_and_summary_agree(api_client, alice, settled):
    api_client.force_authenticate(alice)
    data = api_client.get(_url(settled)).json()
    decisions = data["decisions"]
    assert decisions, "a whole Sichuan hand has decisions with more than one option"
    summary = data["summary"]
    assert summary["decisions"] == len(decisions)
    assert summary["matched"] == sum(d["matched"] for d in decisions)
    losses = {d["index"]: d["loss"] for d in decisions}
    assert all(losses[i] > 0 for i in summary["costliest"]) and len(summary["costliest"]) <= 3
    assert [losses[i] for i in summary["costliest"]] == sorted(
        (losses[i] for i in summary["costliest"]), reverse=True
    )
    for d in decisions:
        values = [o["value"] for o in d["options"]]
        assert values == sorted(values, reverse=True) and 1 < len(values) <= 5
        assert d["matched"] == (d["options"][0]["action"] == d["chosen"])
        assert d["loss"] == pytest.approx(max(0.0, values[0] - d["chosen_value"]), abs=0.011)


def test_charlie_and_anonymous_get_no_review(api_client, charlie, settled):
    assert api_client.get(_url(settled)).status_code == 401
    api_client.force_authenticate(charlie)
    response = api_client.get(_url(settled))
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"
    assert api_client.get("/api/v1/ratings/hands/999999/review").status_code == 404
    assert not HandReview.objects.exists()


def test_staff_who_did_not_play_get_no_review(api_client, settled):
    """Staff may read any hand; a review is of one's own seat, and they had none."""
    staff = User.objects.create_user(username="staff", password="pw", is_staff=True)
    api_client.force_authenticate(staff)
    assert api_client.get(f"/api/v1/ratings/hands/{settled.pk}").status_code == 200
    response = api_client.get(_url(settled))
    assert response.status_code == 404
    assert "your own seat" in response.json()["error"]["message"]


def test_a_live_hand_has_no_review(api_client, alice, live):
    api_client.force_authenticate(alice)
    response = api_client.get(_url(live))
    assert response.status_code == 404
    assert response.json()["error"]["message"] == "This hand has not ended yet."
    assert not HandReview.objects.exists()


def test_the_review_is_computed_once_and_kept(api_client, alice, settled, monkeypatch):
    # given a counter on the engine's review (it still computes the real review)
    calls: list[int] = []
    real = expert.review_hand

    def counted(record, seat, **kw):
        calls.append(seat)
        return real(record, seat, **kw)

    monkeypatch.setattr(expert, "review_hand", counted)
    api_client.force_authenticate(alice)
    # when alice asks twice, and opens the page
    first = api_client.get(_url(settled)).json()
    second = api_client.get(_url(settled)).json()
    # then it was computed once, stored, and the same both times
    assert calls == [0] and first == second
    row = HandReview.objects.get(hand=settled)
    assert (row.seat, row.review["summary"]) == (0, first["summary"])


def test_a_review_of_another_expert_version_is_computed_again(
    api_client, alice, settled, monkeypatch
):
    api_client.force_authenticate(alice)
    api_client.get(_url(settled))
    HandReview.objects.filter(hand=settled).update(version="old", review={"stale": True})
    data = api_client.get(_url(settled)).json()
    assert "decisions" in data
    assert HandReview.objects.get(hand=settled).review == expert.review_hand(record_of(settled), 0)


# --- the hand's page ----------------------------------------------------------------------------
def test_the_hand_page_shows_alices_review(client, alice, settled):
    client.force_login(alice)
    page = client.get(f"/ratings/hands/{settled.pk}/").content.decode()
    review = expert.review_hand(record_of(settled), 0)
    assert 'data-testid="review"' in page and 'data-seat="0"' in page
    assert page.count('data-testid="review-decision"') == len(review["decisions"])
    matched, n = review["summary"]["matched"], review["summary"]["decisions"]
    assert f"<strong>{matched}</strong> of <strong>{n}</strong> decisions" in page
    # each costliest difference links to the replay at that decision
    for index in review["summary"]["costliest"]:
        assert f'href="#step-{index}" data-testid="review-step-link"' in page
    # the player's choice is marked in every decision where it differs
    differs = [d for d in review["decisions"] if not d["matched"]]
    assert page.count("← your choice") == len(differs)


def test_the_hand_page_review_is_in_chinese_too(client, alice, settled):
    alice.language = "zh-hans"
    alice.save(update_fields=["language"])
    client.force_login(alice)
    with translation.override("zh-hans"):
        page = client.get(f"/ratings/hands/{settled.pk}/").content.decode()
    review = expert.review_hand(record_of(settled), 0)
    matched, n = review["summary"]["matched"], review["summary"]["decisions"]
    assert "<h2>复盘</h2>" in page
    assert f"在 <strong>{n}</strong> 次决策中，你有 <strong>{matched}</strong> 次" in page


def test_the_page_has_no_review_for_staff_who_did_not_play(client, settled):
    staff = User.objects.create_user(username="staff", password="pw", is_staff=True)
    client.force_login(staff)
    page = client.get(f"/ratings/hands/{settled.pk}/").content.decode()
    assert 'data-testid="replay"' in page and 'data-testid="review"' not in page


def test_staff_see_stored_reviews_in_the_admin(client, api_client, alice, settled):
    api_client.force_authenticate(alice)
    api_client.get(_url(settled))
    admin = User.objects.create_superuser(username="boss", password="pw")
    client.force_login(admin)
    page = client.get("/admin/ratings/handreview/")
    assert (
        page.status_code == 200 and f"review of hand {settled.pk}, seat 0" in page.content.decode()
    )
