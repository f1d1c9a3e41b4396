"""Table services through their Python API: seating, bots, deadlines, presence, escape,
settlement idempotency, fairness. Celery is eager here (tasks run on commit)."""

from __future__ import annotations

import io
import time
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

import games.engine as engine
from games import interface, tasks
from games.models import HandRecord, HandSeat, HandStatus, Seat, Table, TableEvent, TableStatus
from games.runtime import selectors, services
from tests.factories import RoomFactory
from wallet.models import Transfer
from wallet.selectors import wallet_audit, wallet_balance

pytestmark = pytest.mark.django_db(transaction=True)


def _actions(hand_id: int) -> list[dict]:
    """The hand's actions so far (on its table while it is played)."""
    return selectors.hand_actions(HandRecord.objects.get(pk=hand_id))


@pytest.fixture(autouse=True)
def _worker(celery_worker_real):
    """Eager Celery on embedded defaults; a real worker (thread, Redis broker) with REDIS_URL."""
    return celery_worker_real


def wait_for(predicate, *, timeout: float = 30.0):
    """Poll until a Celery-driven change is visible (immediate when Celery is eager)."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError("condition not reached")
        time.sleep(0.05)


@pytest.fixture
def sichuan(db):
    return RoomFactory(name="Sichuan ×10", variant="sichuan", coefficient=10, rake=20)


def _solo_table(user, room):
    table = services.table_seat(user=user, room=room)
    services.table_fill_bots(table_id=table.pk, user=user)
    return Table.objects.get(pk=table.pk)


def _play_human(table_id: int, user, *, max_moves: int = 400) -> int:
    """Play the human seat's moves with the engine view until the hand is over."""
    from tests.games.runtime.conftest import choose

    seat = selectors.seat_of(table_id, user)
    moves = refused = 0
    while moves < max_moves:

        def my_turn():
            # One read of the table gives both the view and the seq it belongs to (two reads
            # would pair a view with an older seq whenever a bot moves in between: stale).
            snap = selectors.table_snapshot(table_id=table_id, seat=seat)
            if snap["table"]["status"] != TableStatus.PLAYING:
                return ("over", snap)
            action = choose(snap["view"])
            return ("act", snap, action) if action else None

        found = wait_for(my_turn)
        if found[0] == "over":
            wait_for(
                lambda: HandRecord.objects.filter(
                    table_id=table_id, status=HandStatus.SETTLED
                ).exists()
            )
            return moves
        _, snap, action = found
        answer = services.table_submit_action(
            table_id=table_id,
            user=user,
            action_id=f"m{moves}-{refused}",
            expected_seq=snap["seq"],
            action=action,
        )
        if answer["type"] == "error":
            # Only a real worker's bot answering in the same decision point after our read can
            # get here (a 定缺 choice, a claim window), and only once per bot and window.
            assert answer["code"] in ("stale_seq", "not_your_turn"), answer
            refused += 1
            assert refused <= 20 + moves, f"the human seat's moves keep being refused: {answer}"
            continue
        moves += 1
    raise AssertionError("hand did not end")


def test_it_plays_a_hand_with_bots_and_settles_with_rake(alice, sichuan, seeded):
    before = wallet_balance(alice)
    table = _solo_table(alice, sichuan)
    assert table.status == TableStatus.PLAYING and table.seq > 0
    _play_human(table.pk, alice)
    hand = HandRecord.objects.get(table=table)
    assert hand.status == HandStatus.SETTLED
    assert hand.coins[0] == wallet_balance(alice) - before
    expected, rake = engine.coin_settlement("sichuan", hand.points, 10, 20)
    assert hand.coins == expected and hand.rake == rake == 80
    assert [hs.is_bot for hs in hand.seats.order_by("seat")] == [False, True, True, True]
    assert wallet_audit() == []


def test_it_shows_each_humans_tier_to_everyone_at_the_table(alice, bob, sichuan):
    # given bob has climbed the Sichuan ladder and alice has no hands yet
    from ratings.calc import SICHUAN_TIERS
    from ratings.models import Standing

    name, threshold = SICHUAN_TIERS[2]
    Standing.objects.create(
        user=bob, variant="sichuan", points=threshold, mu=25.0, sigma=8.3, rating=0
    )
    # when alice sits first and bob joins her table afterwards
    table = services.table_seat(user=alice, room=sichuan)
    assert services.table_seat(user=bob, room=sichuan).pk == table.pk
    # then the table info alice receives carries bob's tier (a late joiner's badge needs no
    # reload), the floor tier for alice, and none for empty seats
    seats = selectors.table_public(Table.objects.get(pk=table.pk), seat=0)["seats"]
    tiers = {s["name"]: s["tier"] for s in seats if not s["empty"]}
    assert tiers[bob.display_name or bob.username] == {"name": name, "position": 3}
    assert tiers[alice.display_name or alice.username] == {
        "name": SICHUAN_TIERS[0][0],
        "position": 1,
    }
    assert all(s["tier"] is None for s in seats if s["empty"])
    seat_events = TableEvent.objects.filter(table=table, kind="seat").order_by("seq")
    assert seat_events.last().data["tier"] == {"name": name, "position": 3}


def test_a_seat_change_of_the_same_human_keeps_their_badge_and_the_next_deal_reads_it_again(
    alice, bob, sichuan
):
    # given alice and bob at a table, bob's badge shown as the floor tier
    from ratings.calc import SICHUAN_TIERS
    from ratings.models import Standing

    table = services.table_seat(user=alice, room=sichuan)
    services.table_seat(user=bob, room=sichuan)
    table = Table.objects.get(pk=table.pk)
    bob_seat = selectors.seat_of(table.pk, bob)
    assert table.seats_view[bob_seat]["tier"]["position"] == 1
    # when bob climbs (as a settlement moves him) and then his seat changes (his socket)
    name, threshold = SICHUAN_TIERS[2]
    Standing.objects.create(
        user=bob, variant="sichuan", points=threshold, mu=25.0, sigma=8.3, rating=0
    )
    from tests.games.runtime.test_live_tables_v2 import QueryCount

    with QueryCount() as queries:
        services.table_connect(table_id=table.pk, user=bob, channel_name="b1", process="p1")
    # then the seat event names the badge already shown, without reading the ladder
    event = TableEvent.objects.filter(table=table, kind="seat").order_by("seq").last()
    assert event.data["connected"] and event.data["tier"]["position"] == 1
    assert queries.sql_reads("ratings_") == 0
    # and the next deal reads every seat's tier again: bob's new badge shows
    services.table_fill_bots(table_id=table.pk, user=alice)
    table = Table.objects.get(pk=table.pk)
    assert table.status == TableStatus.PLAYING
    assert table.seats_view[bob_seat]["tier"] == {"name": name, "position": 3}


def test_it_pays_a_hand_once_when_settle_is_delivered_twice(alice, sichuan, seeded):
    table = _solo_table(alice, sichuan)
    _play_human(table.pk, alice)
    hand = HandRecord.objects.get(table=table)
    balance = wallet_balance(alice)
    transfers = Transfer.objects.count()
    tasks.settle_hand.apply(args=[hand.pk]).get()
    tasks.settle_hand.delay(hand.pk).get(timeout=30)
    assert wallet_balance(alice) == balance
    assert Transfer.objects.count() == transfers
    assert Transfer.objects.filter(idempotency_key=f"hand:{hand.pk}").count() == 1
    assert wallet_audit() == []


def test_it_applies_the_escape_penalty_once(alice, sichuan, seeded):
    table = _solo_table(alice, sichuan)
    hand = HandRecord.objects.get(table=table)
    before = wallet_balance(alice)
    # when alice leaves the live hand
    assert services.table_leave(table_id=table.pk, user=alice) == "escaping"
    # nothing happens within the grace period
    services.table_tick(table_id=table.pk, now=timezone.now() + timedelta(seconds=5))
    assert not HandSeat.objects.get(hand=hand, seat=0).escaped
    # after it, the escape settlement is applied (Celery task) and the hand ends
    services.table_tick(table_id=table.pk, now=timezone.now() + timedelta(seconds=31))
    wait_for(lambda: HandRecord.objects.get(pk=hand.pk).status == HandStatus.SETTLED)
    assert HandSeat.objects.get(hand=hand, seat=0).escaped
    hand.refresh_from_db()
    assert hand.status == HandStatus.SETTLED and hand.result["reason"] == "escape"
    assert hand.points[0] < 0 and hand.coins[0] < 0
    assert wallet_balance(alice) == before + hand.coins[0]
    assert {"type": "escape", "seat": 0} in hand.actions
    # delivered again: nothing more
    assert tasks.escape_penalty.apply(args=[table.pk, hand.pk, 0]).get() is False
    services.table_tick(table_id=table.pk, now=timezone.now() + timedelta(seconds=62))
    assert TableEvent.objects.filter(table=table, kind="escape").count() == 1
    assert wallet_balance(alice) == before + hand.coins[0]
    assert wallet_audit() == []


def test_it_cancels_the_escape_when_the_player_returns_in_time(alice, sichuan, seeded):
    table = _solo_table(alice, sichuan)
    services.table_leave(table_id=table.pk, user=alice)
    services.table_connect(table_id=table.pk, user=alice, channel_name="c1", process="p1")
    services.table_tick(table_id=table.pk, now=timezone.now() + timedelta(seconds=60))
    assert not TableEvent.objects.filter(table=table, kind="escape").exists()
    seat = Seat.objects.get(table=table, user=alice)
    assert seat.left_at is None and not seat.autoplay


def test_it_plays_the_default_action_when_the_deadline_passes(alice, sichuan, seeded):
    table = _solo_table(alice, sichuan)
    services.table_connect(table_id=table.pk, user=alice, channel_name="c1", process="p1")

    def only_alice_to_act():
        state = engine.HandState.from_json(Table.objects.get(pk=table.pk).state)
        return state if engine.to_act(state) == [0] else None

    state = wait_for(only_alice_to_act)  # the bots have made their choices
    expected = engine.default_action(state, 0)
    seq = Table.objects.get(pk=table.pk).seq
    services.table_tick(table_id=table.pk, now=timezone.now() + timedelta(seconds=5))
    assert Table.objects.get(pk=table.pk).seq == seq  # not yet
    services.table_tick(table_id=table.pk, now=timezone.now() + timedelta(seconds=21))
    hand = HandRecord.objects.get(table=table)
    wait_for(lambda: any(a["seat"] == 0 for a in _actions(hand.pk)))
    assert [a for a in _actions(hand.pk) if a["seat"] == 0][0] == expected.to_json()


def test_it_hands_a_disconnected_seat_to_a_bot_and_back(alice, sichuan, seeded):
    table = _solo_table(alice, sichuan)
    services.table_connect(table_id=table.pk, user=alice, channel_name="c1", process="p1")
    services.table_disconnect(table_id=table.pk, user=alice, channel_name="c1")
    services.table_tick(table_id=table.pk, now=timezone.now() + timedelta(seconds=31))
    hand = HandRecord.objects.get(table=table)
    assert HandSeat.objects.get(hand=hand, seat=0).autoplayed
    wait_for(lambda: len(_actions(hand.pk)) > 1)
    hand.refresh_from_db()
    # the bot played alice's seat: the hand went on without her (here: to its end)
    assert len(_actions(hand.pk)) > 1
    if hand.status == HandStatus.LIVE:
        assert Seat.objects.get(table=table, user=alice).autoplay
    services.table_connect(table_id=table.pk, user=alice, channel_name="c1", process="p1")
    assert not Seat.objects.get(table=table, user=alice).autoplay


def test_it_refuses_a_player_below_the_minimum_balance(alice):
    rich_room = RoomFactory(variant="sichuan", coefficient=200, rake=400, min_balance=10**9)
    with pytest.raises(services.TableRefused) as exc:
        services.table_seat(user=alice, room=rich_room)
    assert exc.value.code == "below_minimum" and "1000000000" in exc.value.message
    assert not Seat.objects.filter(user=alice).exists()


def test_it_refuses_during_the_escape_cooldown(alice, sichuan, monkeypatch):
    class Cooling:  # the player facts ratings would give: 125 s of cool-down left
        def escape_cooldown(self, user):
            return 125

    monkeypatch.setattr(interface, "_provider", Cooling())
    with pytest.raises(services.TableRefused) as exc:
        services.table_seat(user=alice, room=sichuan)
    assert exc.value.code == "cooldown" and "2m 05s" in exc.value.message


def test_it_announces_a_settled_hand_once(alice, sichuan, seeded):
    calls = []

    def heard(sender, *, hand, seats, **kwargs):
        escaped = [s.user_id for s in seats if s.escaped]
        calls.append((hand.pk, HandRecord.objects.get(pk=hand.pk).status, escaped))

    interface.hand_settled.connect(heard, dispatch_uid="test-heard")
    try:
        table = _solo_table(alice, sichuan)
        services.table_leave(table_id=table.pk, user=alice)
        services.table_tick(table_id=table.pk, now=timezone.now() + timedelta(seconds=31))
        hand = HandRecord.objects.get(table=table)
        wait_for(lambda: HandRecord.objects.get(pk=hand.pk).status == HandStatus.SETTLED)
        tasks.settle_hand.apply(args=[hand.pk])  # a duplicate delivery: settled already
    finally:
        interface.hand_settled.disconnect(dispatch_uid="test-heard")
    assert calls == [(hand.pk, HandStatus.SETTLED, [alice.pk])]


def test_it_seats_players_together_and_fills_bots_after_the_wait(alice, bob, sichuan):
    table = services.table_seat(user=alice, room=sichuan)
    assert services.table_seat(user=bob, room=sichuan).pk == table.pk
    assert services.table_seat(user=alice, room=sichuan).pk == table.pk  # already seated
    services.table_tick(table_id=table.pk, now=timezone.now() + timedelta(seconds=1))
    assert Table.objects.get(pk=table.pk).status == TableStatus.WAITING
    services.table_tick(table_id=table.pk, now=timezone.now() + timedelta(seconds=6))
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING
    assert Seat.objects.filter(table=table, is_bot=True).count() == 2


def test_it_opens_private_tables_by_invite_code(alice, bob, charlie, sichuan):
    table = services.table_seat(user=alice, room=sichuan, private=True)
    assert table.invite_code
    assert services.table_seat(user=bob, room=sichuan).pk != table.pk  # not matched publicly
    joined = services.table_seat(user=charlie, room=None, invite_code=table.invite_code.lower())
    assert joined.pk == table.pk
    with pytest.raises(services.TableRefused):
        services.table_seat(user=charlie, room=None, invite_code="NOPE42")


def test_it_starts_the_next_hand_with_the_next_dealer(alice, sichuan, seeded):
    table = _solo_table(alice, sichuan)
    _play_human(table.pk, alice)
    hand = HandRecord.objects.get(table=table)
    services.table_connect(table_id=table.pk, user=alice, channel_name="c1", process="p1")
    services.table_ready(table_id=table.pk, user=alice)
    table.refresh_from_db()
    assert table.hand_no == 2 and table.status == TableStatus.PLAYING
    second = HandRecord.objects.get(table=table, hand_no=2)
    assert second.dealer == hand.result["next_dealer"]


def test_it_verifies_a_hand_by_endpoint_and_command(alice, sichuan, seeded, client):
    table = _solo_table(alice, sichuan)
    live = HandRecord.objects.get(table=table)
    body = client.get(f"/fairness/hand/{live.pk}/").json()
    assert body["commitment"] == engine.commit_seed(seeded, live.salt)
    assert "seed" not in body and "wall" not in body  # not before the end
    _play_human(table.pk, alice)
    body = client.get(f"/fairness/hand/{live.pk}/").json()
    assert body["ok"] and body["commitment_ok"] and body["replay_ok"]
    assert body["seed"] == seeded and len(body["wall"]) == 108
    out = io.StringIO()
    call_command("verify_hand", str(live.pk), stdout=out)
    assert "fairness check passed" in out.getvalue()
    check = client.get(
        "/fairness/check/",
        {"variant": "sichuan", "seed": seeded, "salt": live.salt, "commitment": "0" * 64},
    ).json()
    assert check["commitment_ok"] is False


def test_it_shows_the_lobby_grouped_by_variant(client, alice, sichuan):
    RoomFactory(name="Shaanxi ×5", variant="shaanxi", coefficient=5, rake=9)
    client.force_login(alice)
    page = client.get("/play/").content.decode()
    assert "Sichuan ×10" in page and "四川麻将" in page and "Shaanxi ×5" in page
    # a mode is named once: after a room name that lacks it, not after one that has it
    RoomFactory(name="四川 血战到底 ×1", variant="sichuan", options={"bloody": True})
    RoomFactory(name="Bloody ×2", variant="sichuan", options={"bloody": True})
    page = client.get("/play/").content.decode()
    assert "四川 血战到底 ×1</td>" in page and "Bloody ×2 · 血战到底</td>" in page
    response = client.post(f"/play/room/{sichuan.pk}/", {"bots": "1"})
    assert response.status_code == 302 and "/table/" in response["Location"]
    table_page = client.get(response["Location"])
    assert table_page.status_code == 200 and b"que-table" in table_page.content


def test_it_tells_a_poor_player_why_in_the_lobby(client, alice):
    room = RoomFactory(variant="sichuan", min_balance=10**9)
    client.force_login(alice)
    page = client.post(f"/play/room/{room.pk}/", follow=True).content.decode()
    assert "this room needs at least 1000000000" in page


def test_a_claim_window_does_not_tell_a_seat_who_else_was_asked(alice, bob, charlie, monkeypatch):
    """While a claim window is open each seat sees "window open until X" and its own options.
    Who else was asked (they hold a pair or a pung of the tile, or a chow) and whether they
    answered is in no frame: the others' views, seq and deadline do not change when one of
    several asked seats answers and the window stays open."""
    from tests.factories import UserFactory
    from tests.games.runtime.conftest import choose

    # Fuzhou "claim-0", dealer 0, the first seat with something to do acts: on the 4th move
    # seats 2 and 3 are both asked, and seat 2's pass leaves the window open (engine-only search).
    monkeypatch.setattr(services, "seed_generate", lambda: "claim-0")
    users = [alice, bob, charlie, UserFactory(username="dave")]
    room = RoomFactory(variant="fuzhou", coefficient=1, rake=0)
    table = services.table_seat(user=alice, room=room)
    Table.objects.filter(pk=table.pk).update(dealer=0)
    for user in users[1:]:
        services.table_seat(user=user, room=room)
    assert [selectors.seat_of(table.pk, u) for u in users] == [0, 1, 2, 3]

    def snapshots():
        return [selectors.table_snapshot(table_id=table.pk, seat=s) for s in range(4)]

    checked = 0
    for step in range(60):
        snaps = snapshots()
        state = engine.HandState.from_json(Table.objects.get(pk=table.pk).state)
        if state.phase == "claim":
            asked = engine.to_act(state)
            for s, snap in enumerate(snaps):  # to_act names nobody but the viewer
                assert snap["view"]["to_act"] == ([s] if s in asked else [])
            assert selectors.table_snapshot(table_id=table.pk, seat=None)["view"]["to_act"] == []
        seat, action = next(
            (s, choose(sn["view"])) for s, sn in enumerate(snaps) if choose(sn["view"])
        )
        answer = services.table_submit_action(
            table_id=table.pk,
            user=users[seat],
            action_id=f"a{step}",
            expected_seq=snaps[seat]["seq"],
            action=action,
        )
        assert answer["type"] == "ack", answer
        after = snapshots()
        state2 = engine.HandState.from_json(Table.objects.get(pk=table.pk).state)
        still_open = (
            state.phase == "claim"
            and state2.phase == "claim"
            and state2.claim is not None
            and (state2.claim.from_seat, state2.claim.tile)
            == (state.claim.from_seat, state.claim.tile)
        )
        if still_open:
            # seat answered, the window is still open for another asked seat
            assert seat in asked and engine.to_act(state2)
            for other in range(4):
                if other == seat:
                    continue
                assert after[other]["seq"] == snaps[other]["seq"]
                assert after[other]["view"] == snaps[other]["view"]
                assert after[other]["table"]["deadline"] == snaps[other]["table"]["deadline"]
                events = selectors.table_events_since(
                    table_id=table.pk, seat=other, after_seq=snaps[other]["seq"]
                )
                assert events is None  # nothing at all is sent to the others
            assert after[seat]["view"]["legal"] == []  # the answering seat's options are gone
            checked += 1
            break
    assert checked == 1
