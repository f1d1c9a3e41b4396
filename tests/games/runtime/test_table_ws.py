"""Websocket protocol tests: four authenticated clients play whole hands through
config.asgi.application (Origin check, session auth, Channels layer, Celery eager or real)."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async

from games.models import HandRecord, HandStatus, Table, TableEvent
from games.runtime import services
from tests.factories import RoomFactory, UserFactory
from tests.games.runtime.conftest import WAIT, Player, application, play_until, ws_connect

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.asyncio,
    pytest.mark.usefixtures("close_sockets"),
]


def _setup_table(n_humans: int = 4, **room_kw):
    room = RoomFactory(name="Sichuan ×10", variant="sichuan", coefficient=10, rake=20, **room_kw)
    users = [UserFactory(username=f"p{i}") for i in range(n_humans)]
    table = None
    for user in users:
        table = services.table_seat(user=user, room=room)
    return room, users, Table.objects.get(pk=table.pk)


def _hand_over_and_settled(table_id: int) -> bool:
    return HandRecord.objects.filter(table_id=table_id, status=HandStatus.SETTLED).exists()


def assert_no_hidden_information(frame: dict, seat: int | None, live_seeds: set[str]) -> None:
    """Nothing in `frame` reveals another seat's concealed tiles, the wall, or a live seed."""
    text = json.dumps(frame)
    for seed in live_seeds:
        assert seed not in text, "a live hand's seed leaked"
    assert '"wall"' not in text and '"state"' not in text

    def check_view(view):
        if not view:
            return
        assert view["seat"] == seat
        over = view["phase"] == "over"
        for h in view["hands"]:
            if h["seat"] != seat and not over and not h.get("won"):
                assert "concealed" not in h and "drawn" not in h, (seat, h)
        if seat is None:
            assert view["legal"] == []

    def check_events(frames):
        for f in frames:
            if f["kind"] not in ("engine", "escape"):
                continue
            for e in f["data"]["events"]:
                if e["type"] == "draw" and e.get("seat") != seat:
                    assert e["tile"] is None, e
                if e["type"] == "deal":
                    for s, hand in enumerate(e["hands"]):
                        if s != seat:
                            assert hand is None, e
                if e["type"] == "choice" and e.get("seat") != seat:
                    assert e.get("choice") is None, e
            action = f["data"].get("action")
            if action is not None and f["kind"] == "engine":
                assert action["seat"] == seat

    check_view(frame.get("view"))
    check_events(frame.get("events", []) + frame.get("recent", []))


def claim_windows_asked(frames: list[dict], seat: int) -> set[tuple]:
    """The claim windows (hand, discarder, tile) in which `seat` was asked, from its own views."""
    asked = set()
    for f in frames:
        view = f.get("view")
        if view and view["phase"] == "claim" and view["legal"]:
            asked.add((f["table"]["hand"]["id"], view["claim"]["from"], view["claim"]["tile"]))
    return asked


def assert_claim_windows_neutral(frames: list[dict], seat: int | None) -> None:
    """Frames to `seat` during a claim window say "window open until X" and its own options,
    nothing about who else was asked or answered."""
    window_deadline = None  # the deadline shown since the current claim window opened
    for f in frames:
        view = f.get("view")
        opened = any(
            ev["type"] in ("discard", "kong_added")
            for e in f.get("events", [])
            if e["kind"] == "engine"
            for ev in e["data"]["events"]
        )
        if not view or view["phase"] != "claim" or opened or f["type"] == "snapshot":
            window_deadline = None
        if view and view["phase"] == "claim":
            mine = [seat] if seat is not None and view["legal"] else []
            assert view["to_act"] == mine, (seat, view["to_act"], view["legal"])
            # the timer others see is the window's: an answer inside it does not restart it
            if window_deadline is None:
                window_deadline = f["table"]["deadline"]
            assert f["table"]["deadline"] == window_deadline, (seat, view["claim"])
        for e in f.get("events", []) + f.get("recent", []):
            if e["kind"] != "engine":
                continue
            for ev in e["data"]["events"]:
                assert ev["type"] != "response" or ev["seat"] == seat, (seat, ev)
            # a change this seat cannot see at all would still tell it that someone answered
            assert e["data"]["events"] or e["data"].get("action"), (seat, e)


async def test_it_plays_a_full_seeded_hand_to_settlement(seeded, celery_worker_real):
    # given four authenticated players seated at one table, and a spectator
    room, users, table = await database_sync_to_async(_setup_table)()
    spectator_user = await database_sync_to_async(UserFactory)(username="watcher")
    players = []
    for user in users:
        comm, ok, _ = await ws_connect(user, table.pk)
        assert ok
        players.append(Player(comm, user.username))
    comm, ok, _ = await ws_connect(spectator_user, table.pk)
    assert ok
    spectator = Player(comm, "watcher")

    # when they play until the hand is settled
    async def done():
        return await database_sync_to_async(_hand_over_and_settled)(table.pk)

    sent = await play_until(players, done)
    for p in [*players, spectator]:
        while not p.saw_kind("settled"):
            await p.next_frame()

    # then the hand is recorded, paid through the wallet and the seed is revealed
    hand = await database_sync_to_async(HandRecord.objects.get)(table_id=table.pk)
    assert sent > 0
    assert hand.seed == seeded and hand.status == HandStatus.SETTLED
    assert sum(hand.points) == 0 and len(hand.actions) >= sent
    assert hand.rake == 4 * 20
    assert sum(hand.coins) == -hand.rake
    from wallet.selectors import wallet_audit

    assert await database_sync_to_async(wallet_audit)() == []
    # every frame every seat and the spectator received hid what it had to hide
    for seat, p in enumerate(players):
        live = {seeded}
        for frame in p.frames:
            if frame["type"] == "events" and any(e["kind"] == "hand_end" for e in frame["events"]):
                live = set()  # the seed is revealed with the hand's end
            assert_no_hidden_information(frame, seat, live)
        assert p.view["phase"] == "over"
        assert p.table["hand"]["seed"] == seeded
    live = {seeded}
    for frame in spectator.frames:
        if frame["type"] == "events" and any(e["kind"] == "hand_end" for e in frame["events"]):
            live = set()
        assert_no_hidden_information(frame, None, live)
    # claim windows: nobody learns who else was asked (the seeded hand has such windows)
    asked = {seat: claim_windows_asked(p.frames, seat) for seat, p in enumerate(players)}
    assert any(asked.values())
    for seat, p in enumerate(players):
        assert_claim_windows_neutral(p.frames, seat)
    assert_claim_windows_neutral(spectator.frames, None)
    # the client's seq is the table's seq, and events arrived in order without gaps
    seqs = players[0].accepted
    assert seqs and seqs == sorted(seqs) and len(seqs) == len(set(seqs))
    for p in [*players, spectator]:
        await p.comm.disconnect(timeout=WAIT)


async def test_it_resumes_after_a_reconnect_mid_hand(seeded, celery_worker_real):
    room, users, table = await database_sync_to_async(_setup_table)(n_humans=1)
    await database_sync_to_async(services.table_fill_bots)(table_id=table.pk, user=users[0])
    comm, ok, _ = await ws_connect(users[0], table.pk)
    me = Player(comm, "p0")
    await me.next_frame()
    # play a few moves, then drop the connection
    for _ in range(3):
        await me.drain()
        while me.view is None or not me.view["legal"]:
            await me.next_frame()
        answer = await me.send_action(_first_choice(me.view))
        assert answer["type"] in ("ack", "error")
    await me.drain()
    seen = me.seq
    await comm.disconnect(timeout=WAIT)

    # when reconnecting: a fresh snapshot equal to the table now
    comm2, ok, _ = await ws_connect(users[0], table.pk)
    again = Player(comm2, "p0")
    snap = await again.next_frame()
    assert snap["type"] == "snapshot"
    t = await database_sync_to_async(Table.objects.get)(pk=table.pk)
    assert seen <= snap["seq"] <= t.seq  # bots may move on meanwhile (real worker)
    assert_no_hidden_information(snap, 0, {seeded})
    # and asking for what was missed since `seen` returns exactly those events
    await comm2.send_json_to({"type": "sync", "seq": seen})
    for _ in range(50):  # (with a real worker, bot moves may be pushed before the answer)
        frame = await again.next_frame()
        if frame["type"] == "events" and frame["events"][0]["seq"] == seen + 1:
            break
    assert [e["seq"] for e in frame["events"]] == list(range(seen + 1, frame["seq"] + 1))

    # the game goes on to the end from the reconnected socket
    async def done():
        return await database_sync_to_async(_hand_over_and_settled)(table.pk)

    await play_until([again], done)
    await comm2.disconnect(timeout=WAIT)


def _first_choice(view):
    from tests.games.runtime.conftest import choose

    return choose(view)


async def test_it_answers_duplicate_stale_out_of_turn_and_malformed_messages(seeded):
    room, users, table = await database_sync_to_async(_setup_table)()
    players = []
    for user in users:
        comm, ok, _ = await ws_connect(user, table.pk)
        players.append(Player(comm, user.username))
        await players[-1].next_frame()
    for p in players:
        await p.drain()
    # the hand opens with 定缺 for everybody; let seats 1-3 choose first
    for p in players[1:]:
        answer = await p.send_action(p.view["legal"][0], action_id=f"dq-{p.name}")
        assert answer["type"] == "ack"
    p0 = players[0]
    await p0.drain()
    before = await database_sync_to_async(lambda: Table.objects.get(pk=table.pk).seq)()

    # a duplicate action id gets the original answer and changes nothing
    dup = await players[1].send_action(
        players[1].view["legal"][0] if players[1].view["legal"] else {"type": "pass"},
        action_id="dq-p1",
    )
    assert dup["type"] == "ack" and dup["duplicate"] is True

    # a stale seq: an error, nothing changes
    stale = await p0.send_action(p0.view["legal"][0], seq=0)
    assert stale["type"] == "error" and stale["code"] == "stale_seq"
    # malformed: unknown tile, missing id, not JSON, unknown frame type
    bad = await p0.send_action({"type": "discard", "tile": 5})
    assert bad["type"] == "error" and bad["code"] == "malformed"
    await p0.comm.send_to(text_data="{not json")
    assert (await p0.next_frame())["code"] == "malformed"
    await p0.comm.send_json_to({"type": "action", "seq": p0.seq, "action": {"type": "pass"}})
    assert (await p0.next_frame())["code"] == "malformed"
    await p0.comm.send_json_to({"type": "teleport"})
    assert (await p0.next_frame())["code"] == "malformed"
    illegal = await p0.send_action({"type": "dingque", "choice": "z"})
    assert illegal["type"] == "error" and illegal["code"] == "illegal"
    # out of turn: seat 1 has chosen already and may not act now
    await players[1].drain()
    oot = await players[1].send_action({"type": "discard", "tile": "1m"})
    assert oot["type"] == "error" and oot["code"] == "not_your_turn"
    after = await database_sync_to_async(lambda: Table.objects.get(pk=table.pk).seq)()
    assert after == before
    # a legal action with the right seq still works
    ok = await p0.send_action(p0.view["legal"][0])
    assert ok["type"] == "ack" and ok["seq"] > before
    for p in players:
        await p.comm.disconnect(timeout=WAIT)


async def test_it_closes_a_flooding_socket_with_4429_and_ends_its_presence(settings):
    settings.TABLE_WS_BURST = 10
    settings.TABLE_WS_RATE_PER_SECOND = 1
    room, users, table = await database_sync_to_async(_setup_table)(n_humans=1)
    comm, ok, _ = await ws_connect(users[0], table.pk)
    await comm.receive_json_from(timeout=WAIT)
    assert await database_sync_to_async(_connections)(table.pk, users[0]) == (1, 1)
    for i in range(40):
        await comm.send_json_to({"type": "ping", "id": str(i)})
    closed = None
    for _ in range(60):
        out = await comm.receive_output(timeout=WAIT)
        if out["type"] == "websocket.close":
            closed = out
            break
    assert closed is not None and closed["code"] == 4429
    # the seat is not left looking connected: no socket row, no connection counted
    assert await database_sync_to_async(_connections)(table.pk, users[0]) == (0, 0)


def _connections(table_id: int, user) -> tuple[int, int]:
    from games.models import Seat, TableSocket

    sockets = TableSocket.objects.filter(table_id=table_id, user=user).count()
    seat = Seat.objects.get(table_id=table_id, user=user)
    return sockets, seat.connections


async def test_it_refuses_anonymous_and_foreign_origin_sockets():
    room, users, table = await database_sync_to_async(_setup_table)(n_humans=1)
    _, ok, code = await ws_connect(None, table.pk)
    assert not ok and code == 4401  # a close code the browser reads (not a bare HTTP 403)
    _, ok, _ = await ws_connect(users[0], table.pk, origin="http://evil.example")
    assert not ok
    _, ok, _ = await ws_connect(users[0], table.pk, origin="")
    assert not ok
    comm, ok, _ = await ws_connect(users[0], table.pk)
    assert ok
    await comm.disconnect(timeout=WAIT)


async def test_a_refusal_answers_the_handshake_so_the_browser_reads_its_code():
    # a close before the handshake is answered reaches a browser as HTTP 403 (code 1006), and
    # the table client reconnects for ever; the refusal codes stop it (static/games/table.js)
    from channels.testing import WebsocketCommunicator

    room, users, table = await database_sync_to_async(_setup_table)(n_humans=1)
    comm = WebsocketCommunicator(
        application(), f"/ws/table/{table.pk}/", headers=[(b"host", b"testserver"),
                                                          (b"origin", b"http://testserver")]
    )  # fmt: skip
    connected, _ = await comm.connect(timeout=WAIT)
    assert connected  # the handshake was answered
    assert await comm.receive_output(WAIT) == {"type": "websocket.close", "code": 4401}


async def test_it_hides_private_tables_from_outsiders():
    room = await database_sync_to_async(RoomFactory)(variant="sichuan")
    alice = await database_sync_to_async(UserFactory)(username="alice")
    charlie = await database_sync_to_async(UserFactory)(username="charlie")
    table = await database_sync_to_async(services.table_seat)(user=alice, room=room, private=True)
    _, ok, code = await ws_connect(charlie, table.pk)
    assert not ok and code == 4404
    comm, ok, _ = await ws_connect(
        charlie, table.pk, path=f"/ws/table/{table.pk}/?code={table.invite_code}"
    )
    assert ok
    snap = await comm.receive_json_from(timeout=WAIT)
    assert snap["table"]["you"] is None and "invite_code" not in snap["table"]
    await comm.disconnect(timeout=WAIT)
    events = await database_sync_to_async(lambda: TableEvent.objects.filter(table=table).count())()
    assert events >= 1
