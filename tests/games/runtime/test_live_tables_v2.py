"""Live tables v2 through the services: what a change costs, the one clock, claim windows that
tell nothing, settlement that cannot be lost, away players (docs/protocol.md)."""

from __future__ import annotations

import io
import json
from datetime import timedelta

import pytest
import time_machine
from django.core.management import CommandError, call_command
from django.db.backends.utils import CursorWrapper
from django.db.models import F
from django.utils import timezone

import games.engine as engine
from games.models import HandRecord, HandSeat, HandStatus, Seat, Table, TableEvent, TableStatus
from games.runtime import memo, push, selectors, services
from games.runtime.clock import Clock
from tests.factories import RoomFactory, UserFactory
from tests.games.runtime.conftest import choose
from wallet.models import Transfer
from wallet.selectors import wallet_audit

pytestmark = pytest.mark.django_db(transaction=True)

T0 = timezone.now().replace(microsecond=0) + timedelta(days=1)


TRANSACTION_CONTROL = {"BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE"}


class QueryCount:
    """Counts the SQL statements every thread runs inside the block (the writer's, the
    clock's, a socket's): a budget that does not depend on the machine."""

    def __enter__(self):
        self.n = 0
        self.sql: list[str] = []
        self.real = CursorWrapper.execute, CursorWrapper.executemany
        real_execute, real_many = self.real

        def execute(cursor, sql, params=None):
            if sql.split(" ", 1)[0] not in TRANSACTION_CONTROL:  # SQLite's BEGIN, savepoints
                self.n += 1
                self.sql.append(sql)
            return real_execute(cursor, sql, params)

        def executemany(cursor, sql, param_list):
            self.n += 1
            return real_many(cursor, sql, param_list)

        CursorWrapper.execute, CursorWrapper.executemany = execute, executemany
        return self

    def __exit__(self, *exc):
        CursorWrapper.execute, CursorWrapper.executemany = self.real

    def sql_reads(self, table_prefix: str) -> int:
        """The SELECTs that read a table whose name starts with ``table_prefix``."""
        return sum(1 for s in self.sql if s.startswith("SELECT") and f'"{table_prefix}' in s)


@pytest.fixture
def deliveries(monkeypatch):
    """Every delivery the writer pushes after commit, in order."""
    sent: list[push.Delivery] = []
    real = push.frames_send

    def record(delivery):
        sent.append(delivery)
        real(delivery)

    monkeypatch.setattr(push, "frames_send", record)
    return sent


def four_humans(variant="sichuan", seed="que-test-seed-1", monkeypatch=None, **room_kw):
    if monkeypatch is not None:
        monkeypatch.setattr(services, "seed_generate", lambda: seed)
    room = RoomFactory(variant=variant, coefficient=10, rake=20 if variant != "fuzhou" else 0)
    users = [UserFactory(username=f"h{i}") for i in range(4)]
    table = None
    for user in users:
        table = services.table_seat(user=user, room=room)
    Table.objects.filter(pk=table.pk)
    by_seat = {selectors.seat_of(table.pk, u): u for u in users}
    return Table.objects.get(pk=table.pk), [by_seat[s] for s in range(4)]


def next_move(table_id: int) -> tuple[int, dict, dict] | None:
    """The first seat with something to do, its snapshot and a plain player's move."""
    for seat in range(4):
        snap = selectors.table_snapshot(table_id=table_id, seat=seat)
        action = choose(snap["view"])
        if action is not None:
            return seat, snap, action
    return None


def submit(table_id: int, users, move) -> dict:
    seat, snap, action = move
    return services.table_submit_action(
        table_id=table_id,
        user=users[seat],
        action_id=f"a{snap['seq']}-{seat}-{timezone.now().timestamp()}",
        expected_seq=snap["seq"],
        action=action,
    )


def act_once(table_id: int, users) -> dict | None:
    move = next_move(table_id)
    return submit(table_id, users, move) if move else None


# --- cost budgets -----------------------------------------------------------------------------
@pytest.mark.parametrize("window", [0, 1.5])
def test_it_costs_at_most_4_queries_per_accepted_action_and_3_per_release(
    settings, monkeypatch, window
):
    # given four humans (no bot moves after the commit) playing a seeded hand
    settings.TABLE_CLAIM_WINDOW_SECONDS = window
    settings.TABLE_DISCONNECT_GRACE_SECONDS = 3600  # (no socket: none is handed to a bot)
    settled: list[int] = []
    monkeypatch.setattr(services, "_queue_settle", settled.append)
    counted, released = [], []
    with time_machine.travel(T0, tick=False) as clock:
        table, users = four_humans(monkeypatch=monkeypatch)
        for _ in range(120):
            table.refresh_from_db()
            if table.status != TableStatus.PLAYING:
                break
            move = next_move(table.pk)
            if move is None:  # every seat answered; the window waits for its least time
                clock.shift(window + 0.1)
                # the clock's release of the window costs the sweep's query and 3: the lock,
                # the events, the table (with the hand's actions appended in its UPDATE)
                with QueryCount() as queries:
                    assert services.table_sweep() == 1
                if not settled:
                    released.append(queries.n - 1)
                continue
            # when a player acts, the whole change (the engine, its events, the frames of the
            # four seats and the spectators, the seat answering at once) costs at most 4
            # queries: the lock, the receipt, the events, the table (the seats and the hand
            # this process wrote last are reused: games.runtime.memo)
            with QueryCount() as queries:
                answer = submit(table.pk, users, move)
            assert answer["type"] == "ack", answer
            if settled:  # (settling the hand is a job of its own, after the commit)
                break
            counted.append(queries.n)
    assert len(counted) > 20 and max(counted) <= 4, counted
    if window:
        assert len(released) > 10 and max(released) <= 3, released


def test_a_change_costs_the_same_database_work_whoever_watches(monkeypatch, deliveries):
    """Frames are built by the writer from what it holds: the number of queries of a change
    does not grow with the sockets watching (a socket's forwarding reads nothing)."""
    table, users = four_humans(monkeypatch=monkeypatch)
    move = next_move(table.pk)
    memo.clear()  # as if another process had written the table last: seats and hand are read
    with QueryCount() as queries:
        submit(table.pk, users, move)
    delivery = deliveries[-1]
    # one frame per seated human and one for the spectators, built in that transaction
    groups = [g for g, m in delivery.messages if m["type"] == "table.frame"]
    assert sorted(groups) == sorted(
        [push.user_group(table.pk, u.pk) for u in users] + [push.spectator_group(table.pk)]
    )
    assert queries.n <= 6


def test_a_change_leaves_before_the_settlement_it_queued_on_commit(
    settings, monkeypatch, deliveries
):
    """Found by the load bench: under eager Celery the settlement queued on commit by a hand's
    last action ran, and pushed its frame, before that action's own frame left: every seat saw
    a gap, read it from the database (four reads a hand) and dropped the late frame."""
    settings.TABLE_CLAIM_WINDOW_SECONDS = 0
    table, users = four_humans(monkeypatch=monkeypatch)
    for _ in range(400):
        if act_once(table.pk, users) is None:
            break
    table.refresh_from_db()
    kinds = list(TableEvent.objects.filter(table=table).values_list("kind", flat=True))
    assert table.status != TableStatus.PLAYING and "settled" in kinds
    # every change's frames left in the order the changes committed, the settlement's last
    seqs = [d.seq for d in deliveries]
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs), seqs
    assert seqs[-1] == table.seq


def _play_to_the_end(table_id: int, users, settled: list[int]) -> int:
    for _ in range(400):
        if settled:
            return settled.pop()
        answer = act_once(table_id, users)
        assert answer is not None and answer["type"] == "ack", answer
    raise AssertionError("the hand never ended")


def test_settling_a_hand_costs_at_most_33_queries(settings, monkeypatch):
    """The settlement (ledger, ratings, season ladder, the result frame) reads the humans' rows
    in one query per table and inserts theirs in one per table: 33 queries for four humans, two
    of them per human (their standing and season standing); it was 50, six per human."""
    settings.TABLE_CLAIM_WINDOW_SECONDS = 0
    settled: list[int] = []
    monkeypatch.setattr(services, "_queue_settle", settled.append)
    table, users = four_humans(monkeypatch=monkeypatch)
    services.hand_settle(hand_id=_play_to_the_end(table.pk, users, settled))  # standings made
    for user in users:
        services.table_ready(table_id=table.pk, user=user)
    hand_id = _play_to_the_end(table.pk, users, settled)
    with QueryCount() as queries:
        hand = services.hand_settle(hand_id=hand_id)
    assert hand.status == HandStatus.SETTLED
    assert Transfer.objects.filter(idempotency_key=f"hand:{hand_id}").count() == 1
    assert wallet_audit() == []
    assert queries.n <= 33, queries.n


def test_an_answer_that_crossed_the_end_of_the_hand_is_stale_not_no_hand(settings, monkeypatch):
    """Found by the load bench: a seat passing on a discard that another seat won with got
    `no_hand` (its client showed an error and did not resync). The game moved to another
    decision point after the seq it saw: `stale_seq`, the protocol's answer to that."""
    settings.TABLE_CLAIM_WINDOW_SECONDS = 0
    settled: list[int] = []
    monkeypatch.setattr(services, "_queue_settle", settled.append)
    table, users = four_humans(monkeypatch=monkeypatch)
    last = None
    for _ in range(400):
        move = next_move(table.pk)
        submit(table.pk, users, move)
        if settled:
            break
        last = move  # the move before the one that ended the hand
    assert settled and last is not None
    table.refresh_from_db()
    assert table.status != TableStatus.PLAYING
    before = (table.seq, TableEvent.objects.filter(table=table).count())
    # when an answer made on a view from before the hand's end arrives
    answer = submit(table.pk, users, last)
    # then it is stale and changes nothing; with the current seq it is no_hand
    assert answer["type"] == "error" and answer["code"] == "stale_seq", answer
    seat, _, action = last
    current = services.table_submit_action(
        table_id=table.pk, user=users[seat], action_id="after-the-end", expected_seq=table.seq,
        action=action,
    )  # fmt: skip
    assert current["code"] == "no_hand", current
    table.refresh_from_db()
    assert (table.seq, TableEvent.objects.filter(table=table).count()) == before


# --- the clock: a table nobody watches --------------------------------------------------------
def _alice_leaves_and_the_clock_plays_on(clock):
    """alice sits with three bots, presses Leave mid-hand and closes the browser (no socket is
    open at all); the clock alone plays the hand to its settlement. (table, alice, hand)."""
    room = RoomFactory(variant="sichuan", coefficient=10, rake=20)
    alice = UserFactory(username="alice")
    table = services.table_seat(user=alice, room=room)
    services.table_fill_bots(table_id=table.pk, user=alice)
    assert services.table_leave(table_id=table.pk, user=alice) == "escaping"
    hand = HandRecord.objects.get(table=table)
    for _ in range(3000):
        hand.refresh_from_db()
        if hand.status == HandStatus.SETTLED:
            return table, alice, hand
        clock.shift(0.5)
        Clock(every=0).step()
    raise AssertionError("the hand never finished")


def test_a_table_nobody_watches_finishes_its_hand_and_charges_the_escape(settings, monkeypatch):
    monkeypatch.setattr(services, "seed_generate", lambda: "que-test-seed-1")
    settings.TABLE_BOT_DELAY_MS = 500  # paced bots: only the clock moves them
    settings.TABLE_CLAIM_WINDOW_SECONDS = 1.5
    with time_machine.travel(T0, tick=False) as clock:
        table, alice, hand = _alice_leaves_and_the_clock_plays_on(clock)
        # then the escape was applied by the clock, and the hand settled with it
        assert HandSeat.objects.get(hand=hand, seat=0).escaped
        assert TableEvent.objects.filter(table=table, kind="escape").exists()
        assert any(a.get("type") == "escape" for a in hand.actions)
        assert Transfer.objects.filter(idempotency_key=f"hand:{hand.pk}").count() == 1
        assert hand.points[0] < 0 or hand.coins[0] < 0
        assert wallet_audit() == []


def test_a_player_who_escaped_is_not_seated_again_by_reopening_the_table(settings, monkeypatch):
    # found by playing as a new user: reopening the table page between hands cleared the leave
    monkeypatch.setattr(services, "seed_generate", lambda: "que-test-seed-1")
    settings.TABLE_CLAIM_WINDOW_SECONDS = 0
    with time_machine.travel(T0, tick=False) as clock:
        table, alice, hand = _alice_leaves_and_the_clock_plays_on(clock)
        assert HandSeat.objects.get(hand=hand, seat=0).escaped
        assert Table.objects.get(pk=table.pk).status == TableStatus.BETWEEN
        # when alice opens the table page again between hands
        services.table_connect(table_id=table.pk, user=alice, channel_name="c1", process="p1")
        # then she is still the player who left: the next hand frees her seat
        assert Seat.objects.get(table=table, user=alice).left_at is not None
        clock.shift(services.next_hand_seconds() + 1)
        Clock(every=0).step()
        assert not Seat.objects.filter(table=table, user=alice).exists()
        assert HandRecord.objects.filter(table=table).count() == 1  # no hand dealt to her


def test_a_player_who_closed_the_page_after_a_hand_is_not_dealt_the_next(settings, monkeypatch):
    # found by playing as a new user: a player who went back to the lobby after a hand (no
    # Leave, no Next hand) was dealt the next one, which a bot played and charged to them
    settings.TABLE_CLAIM_WINDOW_SECONDS = 0
    settings.TABLE_NEXT_HAND_SECONDS = 5  # (the two who never opened the table stay in grace)
    settled: list[int] = []
    monkeypatch.setattr(services, "_queue_settle", settled.append)
    with time_machine.travel(T0, tick=False) as clock:
        table, users = four_humans(monkeypatch=monkeypatch)
        walked, waited = users[0], users[1]
        for user in (walked, waited):
            services.table_connect(
                table_id=table.pk, user=user, channel_name=f"c{user.pk}", process="p1"
            )
        clock.shift(1)
        services.hand_settle(hand_id=_play_to_the_end(table.pk, users, settled))
        # when one closes the page without asking for the next hand, and another asks for it
        # and then loses the connection
        services.table_disconnect(table_id=table.pk, user=walked, channel_name=f"c{walked.pk}")
        services.table_ready(table_id=table.pk, user=waited)
        services.table_disconnect(table_id=table.pk, user=waited, channel_name=f"c{waited.pk}")
        clock.shift(services.next_hand_seconds() + 1)  # (well inside the grace period)
        Clock(every=0).step()
        # then the next hand is dealt (and, all seats played by bots, played out at once)
        # without the first (a bot has the seat), with the second, whom the bot stands in for
        # until they are back, and with the two who never opened the page (seated from the
        # lobby: their grace runs from the seating)
        hands = list(HandRecord.objects.filter(table=table).order_by("pk"))
        assert len(hands) == 2
        dealt = {hs.user_id: hs for hs in HandSeat.objects.filter(hand=hands[1])}
        assert walked.pk not in dealt and {waited.pk, users[2].pk, users[3].pk} <= set(dealt)
        assert Seat.objects.get(table=table, user=waited).autoplay
        assert not Seat.objects.filter(table=table, user=walked).exists()


def test_a_closed_table_still_names_the_bots_of_its_last_hand(settings, monkeypatch):
    # found by playing as a new user: reopening a table that had closed showed its result with
    # every bot as "empty seat" (the close freed the bots' seats before keeping the view)
    monkeypatch.setattr(services, "seed_generate", lambda: "que-test-seed-1")
    settings.TABLE_CLAIM_WINDOW_SECONDS = 0
    with time_machine.travel(T0, tick=False) as clock:
        table, alice, hand = _alice_leaves_and_the_clock_plays_on(clock)
        clock.shift(services.next_hand_seconds() + 1)
        Clock(every=0).step()  # alice left: her seat is freed, no human is left, it closes
    table.refresh_from_db()
    assert table.status == TableStatus.CLOSED
    names = [s["name"] for s in table.seats_view]
    assert names[1:] == ["Bot 2", "Bot 3", "Bot 4"], names
    assert not Seat.objects.filter(table=table, is_bot=True).exists()


# --- claim windows ------------------------------------------------------------------------------
def _window_facts(table_id: int, deliveries, users, *, window: float, clock) -> list[dict]:
    """Play a hand of four humans; for every discard window record what seat `obs` saw and
    how long the window lasted."""
    facts = []
    for _ in range(400):
        table = Table.objects.get(pk=table_id)
        if table.status != TableStatus.PLAYING:
            return facts
        state = engine.HandState.from_json(table.state)
        if state.phase == "claim":
            # every pending seat answers at once (plain players) ...
            answered = act_once(table_id, users)
            if answered is None:
                # ... and then only the least time of the window is left: it closes at it
                opened = table.window_closes_at - timedelta(seconds=window)
                before = len(deliveries)
                clock.shift(0.05)
                services.table_sweep()
                assert len(deliveries) == before, "a window closed before its least time"
                clock.move_to(table.window_closes_at)
                services.table_sweep()
                facts.append({"opened": opened, "closed": timezone.now()})
            continue
        start = len(deliveries)
        answer = act_once(table_id, users)
        assert answer and answer["type"] == "ack", answer
        table.refresh_from_db()
        state = engine.HandState.from_json(table.state)
        if state.phase == "claim":
            claimants = [
                s
                for s in range(4)
                if any(
                    a["type"] != "pass"
                    for a in selectors.table_snapshot(table_id=table_id, seat=s)["view"]["legal"]
                )
            ]
            facts.append({"discard_frames": deliveries[start:], "claimants": claimants})
    raise AssertionError("the hand did not end")


def test_every_claim_window_looks_and_lasts_the_same_whether_or_not_anybody_may_claim(
    settings, monkeypatch, deliveries
):
    settings.TABLE_CLAIM_WINDOW_SECONDS = 1.5
    with time_machine.travel(T0, tick=False) as clock:
        table, users = four_humans("fuzhou", seed="claim-0", monkeypatch=monkeypatch)
        facts = _window_facts(table.pk, deliveries, users, window=1.5, clock=clock)
    durations = [f["closed"] - f["opened"] for f in facts if "closed" in f]
    assert durations and set(durations) == {timedelta(seconds=1.5)}
    discards = [f for f in facts if "discard_frames" in f]
    with_claim = [f for f in discards if f["claimants"]]
    without = [f for f in discards if not f["claimants"]]
    assert with_claim and without  # the seed gives both kinds of window
    for fact in discards:
        # one delivery for the discard, whoever may claim; in it every seat sees the window
        assert len(fact["discard_frames"]) == 1
        frames = fact["discard_frames"][0].messages
        for _group, message in frames:
            if message["type"] != "table.frame":
                continue
            view = json.loads(message["text"])["view"]
            assert view["claim"] is not None and view["phase"] == "claim"
            seat = view["seat"]
            # to_act names nobody but the viewer, and only when it has a real option
            assert view["to_act"] in ([], [seat])
            if seat is not None and seat not in fact["claimants"]:
                assert view["legal"] == [] and view["to_act"] == []


def test_an_answer_inside_the_window_reaches_only_the_answering_seat(
    settings, monkeypatch, deliveries
):
    settings.TABLE_CLAIM_WINDOW_SECONDS = 1.5
    with time_machine.travel(T0, tick=False):
        table, users = four_humans("fuzhou", seed="claim-0", monkeypatch=monkeypatch)
        for _ in range(200):
            table.refresh_from_db()
            state = engine.HandState.from_json(table.state)
            if state.phase == "claim" and engine.to_act(state):
                break
            act_once(table.pk, users)
        else:
            pytest.skip("no window with a claimant at this seed")
        seat = engine.to_act(state)[0]
        start = len(deliveries)
        snap = selectors.table_snapshot(table_id=table.pk, seat=seat)
        answer = services.table_submit_action(
            table_id=table.pk,
            user=users[seat],
            action_id="w1",
            expected_seq=snap["seq"],
            action={"type": "pass"},
        )
        assert answer["type"] == "ack"
        sent = deliveries[start:]
        groups = [g for d in sent for g, _ in d.messages]
        assert groups == [push.user_group(table.pk, users[seat].pk)]
        assert Table.objects.get(pk=table.pk).seq == snap["seq"]


# --- settlement that cannot be lost -------------------------------------------------------------
def test_a_hand_left_unsettled_by_a_dead_worker_is_settled_once_by_the_clock(settings, monkeypatch):
    monkeypatch.setattr(services, "seed_generate", lambda: "que-test-seed-1")
    import wallet.services as wallet_services

    real_settle = wallet_services.wallet_settle
    crashes = []

    def crash(**kwargs):  # the worker dies half-way: its transaction never commits
        crashes.append(kwargs["key"])
        raise SystemExit("worker killed")

    monkeypatch.setattr(wallet_services, "wallet_settle", crash)
    room = RoomFactory(variant="sichuan", coefficient=10, rake=20)
    alice = UserFactory(username="alice")
    with time_machine.travel(T0, tick=False) as clock:
        table = services.table_seat(user=alice, room=room)
        services.table_fill_bots(table_id=table.pk, user=alice)
        # (a write beside the table's writer bumps Table.rev, as the writer does: games.runtime.memo)
        Seat.objects.filter(table=table, user=alice).update(autoplay=True)
        Table.objects.filter(pk=table.pk).update(rev=F("rev") + 1)
        try:
            services.table_run_bots(table_id=table.pk)
        except SystemExit:
            pass
        hand = HandRecord.objects.get(table=table)
        assert hand.status == HandStatus.ENDED and crashes
        assert not Transfer.objects.filter(idempotency_key=f"hand:{hand.pk}").exists()
        clock.shift(61)  # (no clock ran meanwhile) wallet_audit reports the unpaid hand
        with pytest.raises(CommandError):
            call_command("wallet_audit", stdout=io.StringIO(), stderr=(err := io.StringIO()))
        assert f"hand {hand.pk} " in err.getvalue() and "not settled" in err.getvalue()
        monkeypatch.setattr(wallet_services, "wallet_settle", real_settle)
        # within a minute the clock settles it; a late redelivery of the task pays nothing more
        Clock(every=0).step()
        hand.refresh_from_db()
        assert hand.status == HandStatus.SETTLED
        services.hand_settle(hand_id=hand.pk)
        assert Transfer.objects.filter(idempotency_key=f"hand:{hand.pk}").count() == 1
        assert wallet_audit() == []
        call_command("wallet_audit", stdout=io.StringIO())


# --- away players ---------------------------------------------------------------------------------
def test_two_timers_in_a_row_hand_a_connected_player_to_the_bot_until_they_act(
    settings, monkeypatch
):
    table, users = four_humans(monkeypatch=monkeypatch)
    for u in users:
        services.table_connect(table_id=table.pk, user=u, channel_name=f"c{u.pk}", process="p")
    with time_machine.travel(T0, tick=False) as clock:
        seat = None
        for _ in range(3):
            table.refresh_from_db()
            state = engine.HandState.from_json(table.state)
            seat = engine.to_act(state)[0]
            clock.move_to(table.deadline + timedelta(seconds=1))
            services.table_sweep()
            if Seat.objects.get(table=table, index=seat).autoplay:
                break
        away = Seat.objects.get(table=table, index=seat)
        assert away.autoplay and away.timeouts >= 2
        assert services.table_back(table_id=table.pk, user=users[seat])
        back = Seat.objects.get(table=table, index=seat)
        assert not back.autoplay and back.timeouts == 0


# --- the table's terms ------------------------------------------------------------------------------
def test_the_table_shows_the_terms_its_hand_settles_at(monkeypatch):
    table, users = four_humans(monkeypatch=monkeypatch)
    room = table.room
    info = selectors.table_snapshot(table_id=table.pk, seat=0)["table"]
    assert info["terms"] == {"N": 10, "A": 20} and info["next_terms"] is None
    room.coefficient, room.rake = 50, 30
    room.save()
    info = selectors.table_snapshot(table_id=table.pk, seat=0)["table"]
    assert info["terms"] == {"N": 10, "A": 20}  # the hand in play keeps its terms
    assert info["next_terms"] == {"N": 50, "A": 30}  # "from the next hand"


def test_a_player_back_at_a_closed_table_sees_their_own_seat_and_result(monkeypatch):
    monkeypatch.setattr(services, "seed_generate", lambda: "que-test-seed-1")
    room = RoomFactory(variant="sichuan", coefficient=10, rake=20)
    alice = UserFactory(username="alice")
    table = services.table_seat(user=alice, room=room)
    services.table_fill_bots(table_id=table.pk, user=alice)
    services.table_leave(table_id=table.pk, user=alice)
    with time_machine.travel(T0, tick=False) as clock:
        for _ in range(400):
            table.refresh_from_db()
            if table.status == TableStatus.CLOSED:
                break
            clock.shift(31)
            services.table_sweep()
            services.table_run_bots(table_id=table.pk)
    assert table.status == TableStatus.CLOSED
    snap = selectors.table_snapshot_for(table_id=table.pk, user=alice, seat=None)
    assert snap["table"]["you"] == 0
    assert snap["view"]["seat"] == 0 and snap["view"]["result"] is not None
