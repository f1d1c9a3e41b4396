"""Concurrent settlements and transfers from several threads, on PostgreSQL (real row locks).

SQLite serialises writers on the whole database file, so this only means something on Postgres.
"""

from __future__ import annotations

import random
import threading

import pytest
from django.db import connection

from tests.conftest import using_postgres
from tests.factories import RoomFactory, UserFactory
from wallet.errors import InsufficientFunds
from wallet.models import Account, Transfer
from wallet.selectors import wallet_audit
from wallet.services import wallet_settle, wallet_transfer

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not using_postgres(), reason="needs DATABASE_URL=postgres://..."),
]

THREADS = 4
HANDS_PER_THREAD = 12


def test_it_settles_concurrently_without_lost_updates_or_deadlocks():
    # given six players and a room; every thread settles the same hand keys (duplicate
    # deliveries) and sends transfers, touching overlapping sets of wallets in random order
    users = [UserFactory(username=f"c{i}") for i in range(6)]
    room = RoomFactory(coefficient=10, rake=20)
    errors: list[BaseException] = []
    barrier = threading.Barrier(THREADS)

    def work(thread_no: int) -> None:
        rng = random.Random(thread_no)
        try:
            barrier.wait()
            for hand in range(HANDS_PER_THREAD):
                seated = random.Random(hand).sample(users, 4)  # same seats for the same key
                points = dict(zip(seated, (9, -3, -3, -3), strict=True))
                wallet_settle(key=f"hand:{hand}", room=room, points_by_user=points)
                payer, payee = rng.sample(users, 2)
                try:
                    wallet_transfer(
                        key=f"t:{thread_no}:{hand}", from_user=payer, to_user=payee, amount=7
                    )
                except InsufficientFunds:
                    pass
        except BaseException as exc:  # deadlock detected, serialization failure ...
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=work, args=(n,)) for n in range(THREADS)]
    # when
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    # then no thread failed, each hand was paid exactly once, and the ledger is consistent
    assert errors == []
    assert Transfer.objects.filter(kind="settlement").count() == HANDS_PER_THREAD
    assert Transfer.objects.filter(kind="transfer").count() == THREADS * HANDS_PER_THREAD
    assert wallet_audit() == []
    house = Account.objects.get(kind="house").balance
    assert house == HANDS_PER_THREAD * 4 * 20
    player_total = sum(Account.objects.filter(kind="user").values_list("balance", flat=True))
    assert player_total + house == 6 * 10000
