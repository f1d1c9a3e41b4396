"""wallet_settle_task through Celery: a real worker on Redis with REDIS_URL, eager otherwise."""

from __future__ import annotations

import pytest
from celery.result import EagerResult

from tests.factories import RoomFactory, UserFactory
from wallet.models import Transfer
from wallet.selectors import wallet_audit, wallet_balance
from wallet.tasks import wallet_settle_task


@pytest.mark.django_db(transaction=True)
def test_it_settles_a_hand_through_celery_once(celery_worker_real):
    # given
    east, south = UserFactory(username="east"), UserFactory(username="south")
    room = RoomFactory(coefficient=100, rake=10)
    kwargs = {
        "key": "hand:celery",
        "room_id": room.pk,
        "points_by_user_id": {str(east.pk): 5, str(south.pk): -5},
    }
    # when the task is delivered twice
    delivery = wallet_settle_task.apply_async(kwargs=kwargs)
    first = delivery.get(timeout=30)
    second = wallet_settle_task.apply_async(kwargs=kwargs).get(timeout=30)
    # (with REDIS_URL the task really went through the broker to the worker thread)
    assert isinstance(delivery, EagerResult) == (celery_worker_real is None)
    # then it paid once
    assert first == second == Transfer.objects.get(idempotency_key="hand:celery").pk
    assert wallet_balance(east) == 10000 + 500 - 10
    assert wallet_balance(south) == 10000 - 500 - 10
    assert wallet_audit() == []
