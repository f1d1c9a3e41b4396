"""Live hints (issue 19): in practice rooms a seated player asks {"type": "hint"} and gets the
expert's best options for their own seat, on that socket only; every other room refuses."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games.engine import HandState, expert
from games.models import Table
from games.reasons import reason_zh
from games.runtime import selectors, services
from tests.factories import RoomFactory, UserFactory
from tests.games.runtime.conftest import WAIT, Player, ws_connect

pytestmark = [pytest.mark.django_db(transaction=True)]


def _table(*, practice: bool, humans: int = 2):
    """A table of a Sichuan room with `humans` players (seats 0..) and bots in the rest."""
    room = RoomFactory(variant="sichuan", coefficient=1, rake=0, practice=practice)
    users = [UserFactory(username=f"h{i}") for i in range(humans)]
    table = None
    for user in users:
        table = services.table_seat(user=user, room=room)
    services.table_fill_bots(table_id=table.pk, user=users[0])
    by_seat = {selectors.seat_of(table.pk, u): u for u in users}
    return Table.objects.get(pk=table.pk), by_seat


def _expected(table_id: int, seat: int) -> list[dict]:
    state = HandState.from_json(Table.objects.get(pk=table_id).state)
    return [
        {
            "action": o.action.to_json(),
            "value": round(o.value, 2),
            "reason": o.reason,
            "reason_zh": reason_zh(o.reason),
        }
        for o in expert.rank_options(state, seat)[: services.HINT_TOP]
    ]


async def _connected(user, table_id: int) -> Player:
    """A socket of ``user`` at the table, its snapshot taken."""
    comm, ok, _ = await ws_connect(user, table_id)
    assert ok
    player = Player(comm, user.username)
    await player.next_frame()
    return player


async def _answer(player: Player, frame_id: str) -> dict:
    while True:
        frame = await player.next_frame()
        if frame.get("id") == frame_id and frame["type"] in ("hint", "error"):
            return frame


@pytest.mark.asyncio
@pytest.mark.usefixtures("close_sockets")
async def test_a_practice_room_hints_the_asking_seat_only(seeded):
    # given a practice room's table with two humans, each connected, both asked for 定缺
    table, by_seat = await database_sync_to_async(_table)(practice=True)
    players = {seat: await _connected(user, table.pk) for seat, user in by_seat.items()}
    asker, other = players[0], players[1]
    assert asker.view["legal"], "the seeded hand starts with every seat's 定缺"
    # the second socket's arrival is a change too: the asker takes it before asking, so the
    # hint and the asker's view are of the same seq (a hint answers on the socket at once and
    # may overtake a change still on its way through the channel layer)
    await asker.drain(wait=0.3)
    expected = await database_sync_to_async(_expected)(table.pk, 0)
    # when seat 0 asks for a hint
    await asker.comm.send_json_to({"type": "hint", "id": "h1"})
    hint = await _answer(asker, "h1")
    # then it gets the expert's best options for its own seat, all of them legal for it
    assert hint["type"] == "hint" and hint["seat"] == 0, hint
    assert hint["options"] == expected and 1 <= len(expected) <= services.HINT_TOP
    assert all(o["action"] in asker.view["legal"] for o in hint["options"])
    assert hint["seq"] == asker.seq
    # and the other player received nothing of it
    await other.drain(wait=0.3)
    assert not [f for f in other.frames if f["type"] == "hint"]
    assert "h1" not in str(other.frames)


@pytest.mark.asyncio
@pytest.mark.usefixtures("close_sockets")
async def test_a_room_without_practice_refuses_hints(seeded):
    table, by_seat = await database_sync_to_async(_table)(practice=False)
    player = await _connected(by_seat[0], table.pk)
    assert player.view["legal"]  # something to decide, and still no hint
    await player.comm.send_json_to({"type": "hint", "id": "h1"})
    answer = await _answer(player, "h1")
    assert answer["type"] == "error" and answer["code"] == "not_practice", answer
    assert not [f for f in player.frames if f["type"] == "hint"]


@pytest.mark.asyncio
@pytest.mark.usefixtures("close_sockets")
async def test_a_spectator_gets_no_hint(seeded):
    table, _ = await database_sync_to_async(_table)(practice=True)
    watcher = await database_sync_to_async(UserFactory)(username="watcher")
    player = await _connected(watcher, table.pk)
    await player.comm.send_json_to({"type": "hint", "id": "h1"})
    answer = await _answer(player, "h1")
    assert answer["type"] == "error" and answer["code"] == "not_seated", answer


def test_a_seat_with_nothing_to_decide_gets_no_hint(seeded):
    # given seat 0 has made its 定缺 choice and waits for seat 1's
    table, by_seat = _table(practice=True)
    view = selectors.table_snapshot(table_id=table.pk, seat=0)
    answer = services.table_submit_action(
        table_id=table.pk,
        user=by_seat[0],
        action_id="d0",
        expected_seq=view["seq"],
        action=view["view"]["legal"][0],
    )
    assert answer["type"] == "ack", answer
    # when it asks for a hint, it is refused; seat 1 still gets one
    with pytest.raises(services.TableRefused) as refused:
        services.table_hint(table_id=table.pk, user=by_seat[0])
    assert refused.value.code == "not_your_turn"
    assert services.table_hint(table_id=table.pk, user=by_seat[1])["seat"] == 1


def test_a_hint_is_computed_once_per_decision(seeded, monkeypatch):
    table, by_seat = _table(practice=True)
    calls: list[int] = []
    real = expert.rank_options

    def counted(state, seat):
        calls.append(seat)
        return real(state, seat)

    monkeypatch.setattr(expert, "rank_options", counted)
    first = services.table_hint(table_id=table.pk, user=by_seat[0])
    second = services.table_hint(table_id=table.pk, user=by_seat[0])
    assert first == second and calls == [0]
    # another seat's hint is its own
    assert services.table_hint(table_id=table.pk, user=by_seat[1])["seat"] == 1
    assert calls == [0, 1]


def test_no_hint_between_hands_or_before_the_first(db):
    room = RoomFactory(variant="sichuan", practice=True)
    user = UserFactory(username="solo")
    table = services.table_seat(user=user, room=room)  # waiting for players: no hand yet
    with pytest.raises(services.TableRefused) as refused:
        services.table_hint(table_id=table.pk, user=user)
    assert refused.value.code == "no_hand"


@pytest.mark.asyncio
@pytest.mark.usefixtures("close_sockets")
async def test_hints_are_documented_frames(seeded):
    """The hint frame round-trips through JSON and carries what docs/protocol.md lists."""
    table, by_seat = await database_sync_to_async(_table)(practice=True)
    comm = (await _connected(by_seat[0], table.pk)).comm
    await comm.send_json_to({"type": "hint"})  # no id: answered all the same
    frame = await comm.receive_json_from(timeout=WAIT)
    while frame["type"] != "hint":
        frame = await comm.receive_json_from(timeout=WAIT)
    assert set(frame) == {"type", "id", "seq", "seat", "options"} and frame["id"] is None
    assert all(set(o) == {"action", "value", "reason", "reason_zh"} for o in frame["options"])
