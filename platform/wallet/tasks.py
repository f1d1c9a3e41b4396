from __future__ import annotations

from celery import shared_task
from django.contrib.auth import get_user_model

from rooms.models import Room
from wallet.services import wallet_settle


@shared_task(bind=True, max_retries=5, default_retry_delay=1, acks_late=True)
def wallet_settle_task(
    self, *, key: str, room_id: int, points_by_user_id: dict[str, int], rake: int | None = None
) -> int:
    """Settle a hand from a worker. Idempotent by key: retries and redeliveries pay once.

    JSON turns the user ids into strings; the order of the mapping is the seat order.
    """
    room = Room.objects.get(pk=room_id)
    users = get_user_model().objects.in_bulk([int(uid) for uid in points_by_user_id])
    points = {users[int(uid)]: int(p) for uid, p in points_by_user_id.items()}
    return wallet_settle(key=key, room=room, points_by_user=points, rake=rake).pk
