"""Every frame a seated client receives shows only what its seat may know (issue 13).

Four users sit at a table of each playable mode (through the lobby's HTTP endpoint) and play whole
seeded hands over websockets with mixed play; now and then a client asks for a `sync` from an
older seq, and one reconnects mid-hand for a fresh `snapshot`. Every frame each client receives
(snapshots, events, sync answers, the hand's end) is recorded, and afterwards held against what the
seat may know at that moment: the hand is replayed with the engine from the seed revealed at its
end and the actions the clients sent (nobody else moves: no bots, no timers), and

* the engine events a seat receives are exactly the engine's events of each step redacted for it
  (docs/protocol.md), in order, one entry per step, none for an answer that leaves a claim window
  open; each of them also passes the engine test's own checks (a `deal` shows exactly the seat's
  dealt tiles, another seat's draw no tile, no tile the seat cannot see, no secret choice);
* every `view` is `observe(state, seat)` of a state the hand was in at that `seq`;
* no frame holds the wall, the state or the live hand's seed; the same `seq` always carries the same
  entry, whichever frame (events, sync answer, snapshot `recent`) brings it.

Written against the documented frames only (docs/protocol.md): snapshot, events, ack, error, pong.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import uuid
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.test import Client as HttpClient

from games.engine import Action, HandState, apply, new_hand, observe, redact_events
from games.engine.registry import playable_modes
from games.engine.state import PHASE_CLAIM
from games.models import HandRecord
from games.runtime import services
from tests.factories import RoomFactory, UserFactory
from tests.games.engine.seat_knowledge import check_event, known_tiles
from tests.games.runtime.conftest import WAIT, ws_connect

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.asyncio,
    pytest.mark.usefixtures("close_sockets"),
]


@pytest.fixture(autouse=True)
def _machine_pace(settings):
    """These clients answer at machine speed (a sync from an older seq now and then on top):
    the per-socket flood limit, made for people, is not what this test is about."""
    settings.TABLE_WS_BURST = 10_000
    settings.TABLE_WS_RATE_PER_SECOND = 10_000


MODES = playable_modes()


def _hands(key: str) -> int:
    """Hands per mode: one (a live hand takes ~0.5 s an action here), two for Shaanxi, whose 炮子
    carry over to the next hand; QUE_FRAME_HANDS sets another number for every mode."""
    return int(os.environ.get("QUE_FRAME_HANDS", "2" if key == "shaanxi" else "1"))


class SeatClient:
    """One seated user's websocket: every frame it receives, and the entries (seq -> entry)."""

    def __init__(self, comm: Any, user: Any) -> None:
        self.comm = comm
        self.user = user
        self.seat: int | None = None
        self.frames: list[dict[str, Any]] = []
        self.entries: dict[int, dict[str, Any]] = {}
        self.seq = -1
        self.view: dict[str, Any] | None = None
        self.answers: dict[str, dict[str, Any]] = {}

    def take(self, frame: dict[str, Any]) -> None:
        assert json.loads(json.dumps(frame)) == frame
        self.frames.append(frame)
        kind = frame["type"]
        entries = frame.get("events", []) + frame.get("recent", [])
        for e in entries:
            seen = self.entries.setdefault(e["seq"], e)
            assert seen == e, ("seq carried two entries", seen, e)
        if kind in ("snapshot", "events"):
            if self.seat is None:
                self.seat = frame["table"]["you"]
            if frame["seq"] >= self.seq:
                self.seq = frame["seq"]
                self.view = frame["view"]
        elif kind in ("ack", "error") and frame.get("id"):
            self.answers[frame["id"]] = frame

    async def next_frame(self) -> dict[str, Any]:
        out = await self.comm.receive_output(timeout=WAIT)
        assert out["type"] == "websocket.send", out  # (a close says its code)
        frame = json.loads(out["text"])
        self.take(frame)
        return frame

    async def catch_up(self, seq: int) -> None:
        while self.seq < seq:
            await self.next_frame()

    async def send_action(self, action: dict[str, Any]) -> dict[str, Any]:
        action_id = uuid.uuid4().hex
        payload = {k: v for k, v in action.items() if k != "seat"}
        await self.comm.send_json_to(
            {"type": "action", "id": action_id, "seq": self.seq, "action": payload}
        )
        while action_id not in self.answers:
            await self.next_frame()
        return self.answers[action_id]

    async def sync(self, since: int) -> None:
        """Ask for everything after ``since``; the pong to a ping sent next ends the answer."""
        ping = uuid.uuid4().hex
        await self.comm.send_json_to({"type": "sync", "seq": since})
        await self.comm.send_json_to({"type": "ping", "id": ping})
        while True:
            frame = await self.next_frame()
            if frame["type"] == "pong" and frame.get("id") == ping:
                return

    async def reconnect(self, table_id: int) -> None:
        await self.comm.disconnect(timeout=WAIT)
        self.comm, ok, _ = await ws_connect(self.user, table_id)
        assert ok
        assert (await self.next_frame())["type"] == "snapshot"

    def saw(self, kind: str, after: int = -1, **data: Any) -> bool:
        """Has an entry of ``kind`` (with these data) after seq ``after`` arrived?"""
        return any(
            q > after and e["kind"] == kind and all(e["data"].get(k) == v for k, v in data.items())
            for q, e in self.entries.items()
        )


def _pick(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """Mixed play: usually take a win, otherwise now a plain move (the last discard, a pass),
    now any legal move."""
    wins = [a for a in legal if a["type"] == "hu"]
    if wins and rng.random() < 0.8:
        return wins[0]
    if rng.random() < 0.5:
        for kind in ("discard", "pass"):
            plain = [a for a in legal if a["type"] == kind]
            if plain:
                return plain[-1]
    return rng.choice(legal)


def _sit_four(key: str, opts: dict[str, Any]) -> tuple[int, list[Any]]:
    room = RoomFactory(name=f"frames {key} {opts}", variant=key, options=opts)
    users = [UserFactory(username=f"frames{i}") for i in range(4)]
    location = ""
    for user in users:
        http = HttpClient()
        http.force_login(user)
        response = http.post(f"/play/room/{room.pk}/")
        assert response.status_code == 302, response
        location = response["Location"]
    table_id = int(location.rstrip("/").rsplit("/", 1)[1])
    return table_id, users


async def _play_hand(
    clients: list[SeatClient], rng: random.Random, table_id: int, start: int
) -> list[dict[str, Any]]:
    """Play the hand to its settlement; returns the actions taken, in the order applied."""
    actions: list[dict[str, Any]] = []
    reconnect_at = rng.randrange(5, 30)
    while True:
        if all(c.saw("hand_end", after=start) for c in clients):
            break
        movers = [c for c in clients if c.view and c.view["legal"]]
        for _ in range(3):  # a notification still on its way: ask, as the client's keep-alive does
            if movers:
                break
            for c in clients:
                await c.sync(c.seq)
            movers = [c for c in clients if c.view and c.view["legal"]]
        assert movers, "nobody to act in a live hand"
        client = rng.choice(movers)
        action = _pick(client.view["legal"], rng)
        answer = await client.send_action(action)
        assert answer["type"] == "ack", answer
        actions.append({**action, "seat": client.seat})
        for c in clients:
            await c.catch_up(answer["seq"])
        if rng.random() < 0.1:  # a sync answer from an older seq
            c = rng.choice(clients)
            await c.sync(max(0, c.seq - rng.randrange(1, 6)))
        if len(actions) == reconnect_at:
            await rng.choice(clients).reconnect(table_id)
    for c in clients:
        while not c.saw("settled", after=start):
            await c.next_frame()
    return actions


@pytest.mark.parametrize(("key", "label", "opts"), MODES, ids=[f"{k}-{m}" for k, m, _ in MODES])
async def test_every_frame_shows_each_seat_only_what_it_may_know(
    monkeypatch, key: str, label: str, opts: dict[str, Any]
) -> None:
    # given four users at a table of this mode, each hand on its own known seed
    seeds = (f"frames-{key}-{label}-{i}" for i in itertools.count())
    monkeypatch.setattr(services, "seed_generate", lambda: next(seeds))
    table_id, users = await database_sync_to_async(_sit_four)(key, opts)
    clients = []
    for user in users:
        comm, ok, _ = await ws_connect(user, table_id)
        assert ok
        client = SeatClient(comm, user)
        await client.next_frame()
        clients.append(client)
    assert sorted(c.seat for c in clients) == [0, 1, 2, 3]
    rng = random.Random(f"frames-{key}-{label}")

    # when they play whole hands
    hands = []
    n_hands = _hands(key)
    for n in range(n_hands):
        for c in clients:
            while not any(e["kind"] == "hand_start" for e in c.entries.values()) or not c.view:
                await c.next_frame()
        start = max(q for q, e in clients[0].entries.items() if e["kind"] == "hand_start")
        sent = await _play_hand(clients, rng, table_id, start)
        # The hand's record: the clients' actions and, in every claim window, the passes the
        # server made for seats with nothing to claim (open windows, docs/protocol.md).
        hand_id = clients[0].entries[start]["data"]["hand_id"]
        actions = await database_sync_to_async(
            lambda hand_id=hand_id: HandRecord.objects.get(pk=hand_id).actions
        )()
        assert _is_subsequence(sent, actions), "an action a client sent is not in the record"
        hands.append((start, actions))
        if n + 1 < n_hands:
            for c in clients:
                await c.comm.send_json_to({"type": "ready"})
            for c in clients:
                while not c.saw("hand_start", after=start):
                    await c.next_frame()

    # then every frame each seat received holds what it may know, and nothing more
    carry = None
    for start, actions in hands:
        carry = _check_hand(clients, start, actions, carry)


def _is_subsequence(part: list[dict[str, Any]], whole: list[dict[str, Any]]) -> bool:
    rest = iter(whole)
    return all(any(a == b for b in rest) for a in part)


def _check_hand(
    clients: list[SeatClient], start_seq: int, actions: list[dict[str, Any]], carry: Any
) -> Any:
    start = clients[0].entries[start_seq]
    end = min(
        (e for q, e in clients[0].entries.items() if q > start_seq and e["kind"] == "hand_end"),
        key=lambda e: e["seq"],
    )
    variant, seed = start["data"]["variant"], end["data"]["seed"]
    state, events = new_hand(
        variant, start["data"]["options"], dealer=start["data"]["dealer"], seed=seed, carry=carry
    )
    # the replay: (state before, state after, events) per step; step 0 is the deal
    steps: list[tuple[HandState | None, HandState, list[dict[str, Any]]]] = [(None, state, events)]
    for a in actions:
        after, events = apply(state, Action.from_json(a))
        steps.append((state, after, events))
        state = after
    assert state.result is not None and state.result["points"] == end["data"]["points"]
    # an answer that leaves a claim window open appends no entry (docs/protocol.md)
    shown = [
        k
        for k, (before, after, _) in enumerate(steps)
        if not (before is not None and before.phase == PHASE_CLAIM and after.phase == PHASE_CLAIM)
    ]
    for client in clients:
        seat = client.seat
        assert seat is not None
        entries = [
            e
            for q, e in sorted(client.entries.items())
            if start["seq"] < q < end["seq"] and e["kind"] in ("engine", "escape")
        ]
        assert len(entries) == len(shown), (variant, seat, len(entries), len(shown))
        step_of_seq: dict[int, int] = {}
        for e, k in zip(entries, shown, strict=True):
            before, after, events = steps[k]
            assert e["data"]["events"] == redact_events(events, seat), (variant, seed, seat, k)
            known = known_tiles(seat, before, after)
            for ev in e["data"]["events"]:
                check_event(variant, seed, seat, ev, before, after, known)
            action = e["data"].get("action")
            assert action is None or (k > 0 and action["seat"] == seat == actions[k - 1]["seat"])
            step_of_seq[e["seq"]] = k
        _check_frames(client, variant, seed, steps, shown, step_of_seq, start["seq"], end["seq"])
    return state.result["carry"]


def _check_frames(
    client: SeatClient,
    variant: str,
    seed: str,
    steps: list[tuple[HandState | None, HandState, list[dict[str, Any]]]],
    shown: list[int],
    step_of_seq: dict[int, int],
    start: int,
    end: int,
) -> None:
    """Every frame of this hand: no secret in it, and its view one the seat had at that seq."""
    seat = client.seat
    for frame in client.frames:
        text = json.dumps(frame)
        assert '"wall"' not in text and '"state"' not in text
        seq = frame.get("seq", -1)
        if not start <= seq < end:
            continue
        assert seed not in text, (variant, seat, "the live hand's seed")
        view = frame.get("view")
        if frame["type"] not in ("snapshot", "events") or view is None:
            continue
        done = [k for q, k in step_of_seq.items() if q <= seq]
        if not done:
            continue  # the hand_start entry alone: its deal comes in the next seq
        k = max(done)
        # the state after step k, or after answers that left its claim window open
        later = shown[shown.index(k) + 1] if k != shown[-1] else len(steps)
        views = [observe(steps[j][1], seat) for j in range(k, later)]
        assert view in views, (variant, seed, seat, seq, frame["type"])
