"""Concurrent purchases and uses from several threads, on PostgreSQL (real row locks): duplicate
deliveries of one idempotency key buy once, uses of one key consume once, and the counts and the
ledger still agree. SQLite serialises writers on the whole file, so this needs Postgres."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from props.models import PropPurchase, PropUse
from props.selectors import props_audit, props_held
from props.services import prop_buy, prop_consume
from tests.conftest import using_postgres
from tests.factories import UserFactory
from wallet.selectors import wallet_audit, wallet_balance

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not using_postgres(), reason="needs DATABASE_URL=postgres://..."),
]

THREADS = 4


def _run(work) -> list[BaseException]:
    errors: list[BaseException] = []
    barrier = threading.Barrier(THREADS)

    def run(n: int) -> None:
        try:
            barrier.wait()
            work(n)
        except BaseException as exc:  # deadlock, serialization failure, IntegrityError ...
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return errors


def test_concurrent_buys_and_uses_count_once_per_key():
    user = UserFactory(username="buyer")
    before = wallet_balance(user)

    def work(n: int) -> None:
        for k in range(6):
            prop_buy(user=user, key="shunfeng", quantity=2, idempotency_key=f"buy-{k}")  # dup
            prop_buy(user=user, key="jinshouzhi", quantity=1, idempotency_key=f"own-{n}-{k}")
        for k in range(5):
            prop_consume(user=user, key="shunfeng", use_key=f"hand:1:prop:{k}")  # dup

    assert _run(work) == []
    assert PropPurchase.objects.filter(prop__key="shunfeng").count() == 6
    assert PropUse.objects.count() == 5
    assert props_held(user=user) == {"shunfeng": 12 - 5, "jinshouzhi": THREADS * 6}
    assert before - wallet_balance(user) == 6 * 2 * 300 + THREADS * 6 * 100
    assert props_audit() == [] and wallet_audit() == []
