"""Table sessions (牌局) in the match history: grouping, filters, pagination, authorization, the
page and the REST endpoint. Hands are real engine hands settled through the live tables'
hand_settle, so the PlayerHand rows summed here are the ones the ratings hook wrote."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

import pytest
from django.utils import timezone, translation

from games.models import HandStatus, Table, TableStatus
from games.runtime.services import hand_settle
from ratings import selectors
from ratings.models import PlayerHand
from tests.factories import RoomFactory
from tests.ratings.factories import hand_record

pytestmark = pytest.mark.django_db


def _play(room, table, hand_no, players, *, settle=True):
    hand = hand_record(
        room=room, table=table, hand_no=hand_no, players=players, seed=f"s-{table.pk}-{hand_no}"
    )
    return hand_settle(hand_id=hand.pk) if settle else hand


@pytest.fixture
def played(room, alice, bob):
    """Table 1: alice in hands 1-2 (seat 0), not in 3, back in 4-5 (seat 2, then seat 1).
    Table 2: alice in hand 1 (seat 3). Returns (t1, t2)."""
    t1 = Table.objects.create(room=room, status=TableStatus.PLAYING)
    t2 = Table.objects.create(room=room, status=TableStatus.PLAYING)
    _play(room, t1, 1, [alice, bob, None, None])
    _play(room, t1, 2, [alice, bob, None, None])
    _play(room, t1, 3, [None, bob, None, None])
    _play(room, t1, 4, [None, bob, alice, None])
    _play(room, t1, 5, [None, alice, bob, None])
    _play(room, t2, 1, [bob, None, None, alice])
    return t1, t2


def _totals(user, table, hand_nos):
    rows = PlayerHand.objects.filter(user=user, table_id=table.pk, hand__hand_no__in=hand_nos)
    return (
        rows.count(),
        sum(r.points for r in rows),
        sum(r.coins for r in rows),
        sum(r.won for r in rows),
    )


def _key(s):
    return (s.table, s.first_hand_no, s.last_hand_no)


# --- grouping -------------------------------------------------------------------------------
def test_a_hand_without_the_player_splits_the_session(alice, played) -> None:
    t1, t2 = played
    got = selectors.sessions(alice)
    assert sorted(_key(s) for s in got) == sorted([(t1.pk, 1, 2), (t1.pk, 4, 5), (t2.pk, 1, 1)])
    by = {_key(s): s for s in got}
    for (table, nos), seats in [
        ((t1, [1, 2]), [0]),
        ((t1, [4, 5]), [1, 2]),
        ((t2, [1]), [3]),
    ]:
        s = by[(table.pk, nos[0], nos[-1])]
        assert (s.hands, s.points, s.coins, s.wins) == _totals(alice, table, nos)
        assert s.seats == seats and s.variant == "sichuan" and s.room_name == table.room.name
    # newest (last hand) first
    assert [s.last_at for s in got] == sorted((s.last_at for s in got), reverse=True)


def test_bob_who_sat_in_every_hand_has_one_session_per_table(bob, played) -> None:
    t1, t2 = played
    got = {_key(s): s for s in selectors.sessions(bob)}
    assert set(got) == {(t1.pk, 1, 5), (t2.pk, 1, 1)}
    assert got[(t1.pk, 1, 5)].seats == [1, 2] and got[(t1.pk, 1, 5)].hands == 5


def test_an_unsettled_hand_the_player_sat_in_does_not_split(room, alice, bob) -> None:
    table = Table.objects.create(room=room, status=TableStatus.PLAYING)
    _play(room, table, 1, [alice, bob, None, None])
    # hand 2: alice sat in it, it ended but is not settled (no PlayerHand row)
    unsettled = _play(room, table, 2, [alice, bob, None, None], settle=False)
    assert unsettled.status == HandStatus.ENDED
    _play(room, table, 3, [alice, bob, None, None])
    (only,) = selectors.sessions(alice)
    assert (only.first_hand_no, only.last_hand_no, only.hands) == (1, 3, 2)


# --- REST -----------------------------------------------------------------------------------
def test_the_api_lists_sessions_with_totals_and_a_hands_link(api_client, alice, played) -> None:
    t1, _ = played
    api_client.force_authenticate(alice)
    data = api_client.get(f"/api/v1/ratings/players/{alice.username}/sessions").json()
    assert data["count"] == 3
    row = next(r for r in data["results"] if r["table"] == t1.pk and r["first_hand_no"] == 4)
    hands, points, coins, wins = _totals(alice, t1, [4, 5])
    assert (row["hands"], row["points"], row["coins"], row["wins"]) == (hands, points, coins, wins)
    assert row["seats"] == [1, 2] and row["variant"] == "sichuan" and row["last_hand_no"] == 5
    assert row["hands_url"] == f"/api/v1/ratings/players/{alice.username}/history?table={t1.pk}"
    hands_of_table = api_client.get(row["hands_url"]).json()
    assert hands_of_table["count"] == 4  # both of alice's sessions at table 1
    assert {r["table"] for r in hands_of_table["results"]} == {t1.pk}


def test_the_api_filters_by_variant_and_date_and_pages(api_client, alice, played) -> None:
    t1, t2 = played
    wuhan = RoomFactory(name="Wuhan", variant="wuhan")
    wt = Table.objects.create(room=wuhan, status=TableStatus.PLAYING)
    _play(wuhan, wt, 1, [alice, None, None, None])
    # table 2's hand was played long ago
    old = timezone.make_aware(datetime(2020, 3, 5, 12, 0))
    PlayerHand.objects.filter(user=alice, table_id=t2.pk).update(played_at=old)
    api_client.force_authenticate(alice)
    url = f"/api/v1/ratings/players/{alice.username}/sessions"

    def tables(params):
        data = api_client.get(url, params).json()
        return sorted(r["table"] for r in data["results"])

    assert tables({"variant": "wuhan"}) == [wt.pk]
    assert tables({"variant": "sichuan"}) == [t1.pk, t1.pk, t2.pk]
    assert tables({"date_from": "2020-03-05", "date_to": "2020-03-05"}) == [t2.pk]
    assert tables({"date_to": "2020-03-04"}) == []
    today = timezone.localdate()
    assert tables({"date_from": (today - timedelta(days=1)).isoformat()}) == sorted(
        [t1.pk, t1.pk, wt.pk]
    )
    first = api_client.get(url, {"page_size": 2}).json()
    second = api_client.get(url, {"page_size": 2, "page": 2}).json()
    assert first["count"] == 4 and first["next"] is not None and len(first["results"]) == 2
    assert len(second["results"]) == 2 and second["next"] is None
    assert first["results"][-1]["last_at"] >= second["results"][0]["last_at"]
    assert api_client.get(url, {"variant": "nope"}).status_code == 400
    assert (
        api_client.get(url, {"date_from": "2020-03-06", "date_to": "2020-03-05"}).status_code == 400
    )
    assert api_client.get(url, {"page": 9}).status_code == 404


def test_only_the_owner_and_staff_see_sessions(api_client, alice, charlie, played) -> None:
    url = f"/api/v1/ratings/players/{alice.username}/sessions"
    assert api_client.get(url).status_code in (401, 403)  # anonymous
    api_client.force_authenticate(charlie)
    assert api_client.get(url).status_code == 403  # private, not "No such player"
    assert api_client.get("/api/v1/ratings/players/nobody/sessions").status_code == 404
    charlie.is_staff = True
    charlie.save(update_fields=["is_staff"])
    assert api_client.get(url).json()["count"] == 3
    api_client.force_authenticate(alice)
    assert api_client.get(url).json()["count"] == 3


# --- page -----------------------------------------------------------------------------------
def test_alice_sees_her_sessions_page(client, alice, played) -> None:
    t1, _ = played
    client.force_login(alice)
    page = client.get(f"/ratings/players/{alice.username}/sessions/")
    assert page.status_code == 200
    assert page.content.count(b'data-testid="session-row"') == 3
    # seats as the table numbers them, 1-4 (found by a player: the index "0" read as nothing)
    seats = re.findall(r'data-testid="session-seats">([^<]*)<', page.content.decode())
    assert sorted(seats) == ["1", "2, 3", "4"], seats
    link = f"/ratings/players/{alice.username}/history/?table={t1.pk}".encode()
    assert page.content.count(link) == 2
    hands = client.get(link.decode())
    assert hands.content.count(b'data-testid="history-row"') == 4
    assert b'data-testid="table-filter"' in hands.content
    assert b'data-testid="tab-sessions"' in hands.content
    paged = client.get(f"/ratings/players/{alice.username}/sessions/", {"variant": "wuhan"})
    assert paged.content.count(b'data-testid="session-row"') == 0


def test_the_sessions_page_speaks_chinese(client, alice, played) -> None:
    alice.language = "zh-hans"
    alice.save()
    client.force_login(alice)
    with translation.override("zh-hans"):
        text = client.get(f"/ratings/players/{alice.username}/sessions/").content.decode()
    assert "牌局" in text and "单局" in text and "胡牌" in text and "暂无牌局" not in text


def test_charlie_and_anonymous_do_not_get_the_sessions_page(client, alice, charlie, played):
    url = f"/ratings/players/{alice.username}/sessions/"
    anonymous = client.get(url)
    assert anonymous.status_code == 302 and "login" in anonymous["Location"]
    client.force_login(charlie)
    assert client.get(url).status_code == 403
