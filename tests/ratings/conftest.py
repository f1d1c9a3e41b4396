from __future__ import annotations

import pytest

from games.runtime.services import hand_settle
from tests.ratings.factories import hand_record


@pytest.fixture
def settled(room, alice, bob):
    """A real Sichuan hand (alice seat 0, bob seat 1, bots 2-3), settled by the live tables."""
    hand = hand_record(room=room, players=[alice, bob, None, None], seed="ratings-1")
    return hand_settle(hand_id=hand.pk)
