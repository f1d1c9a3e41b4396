"""Hands for the ratings tests: played by the real engine (bots choose every action), recorded as
the live tables record them, and settled through the real hand_settle (wallet + ratings hook)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils import timezone

import games.engine as engine
from games.engine.bots import bot_choose
from games.models import HandRecord, HandSeat, HandStatus, Table, TableStatus


def bot_actions(variant: str, options: dict, *, dealer: int, seed: str) -> tuple[list[dict], dict]:
    """Play a whole hand with greedy bots: the action log and the engine's result."""
    state, _ = engine.new_hand(variant, options, dealer=dealer, seed=seed)
    actions: list[dict] = []
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        action = bot_choose(state, seat, rng_seed=len(actions))
        actions.append(action.to_json())
        state, _ = engine.apply(state, action)
    return actions, engine.hand_result(state)


def hand_record(
    *,
    room,
    players: Sequence,
    seed: str = "ratings-1",
    dealer: int = 0,
    status: str = HandStatus.ENDED,
    table: Table | None = None,
    hand_no: int = 1,
    escaped: Sequence[int] = (),
) -> HandRecord:
    """A HandRecord of a real engine hand. ``players``: a user or None (bot) per seat."""
    salt = "salt-" + seed
    actions, result = bot_actions(room.variant, room.options, dealer=dealer, seed=seed)
    table = table or Table.objects.create(room=room, status=TableStatus.PLAYING)
    live = status == HandStatus.LIVE
    hand = HandRecord.objects.create(
        table=table, room=room, hand_no=hand_no, variant=room.variant, options=room.options,
        dealer=dealer, seed=seed, salt=salt, commitment=engine.commit_seed(seed, salt),
        wall_algorithm=engine.WALL_ALGORITHM, actions=[] if live else actions,
        result=None if live else result, points=None if live else result["points"],
        coefficient=room.coefficient, room_rake=room.rake, status=status,
        ended_at=None if live else timezone.now(),
    )  # fmt: skip
    for seat, user in enumerate(players):
        HandSeat.objects.create(
            hand=hand, seat=seat, user=user, is_bot=user is None, escaped=seat in escaped
        )
    return hand
