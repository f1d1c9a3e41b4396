"""Celery tasks of live tables. Each fetches by id and calls one service; all are idempotent, so
retries and duplicate deliveries are harmless. Eager without REDIS_URL (settings)."""

from __future__ import annotations

import logging

from celery import shared_task

from games.runtime import services

log = logging.getLogger(__name__)


@shared_task(bind=True, max_retries=5, default_retry_delay=2, acks_late=True)
def settle_hand(self, hand_id: int) -> dict:
    """Pay an ended hand (wallet_settle, key "hand:<id>"): delivered twice, paid once."""
    try:
        hand = services.hand_settle(hand_id=hand_id)
    except Exception as exc:
        log.exception("settle_hand %s failed", hand_id)
        raise self.retry(exc=exc) from exc
    return {"hand": hand.pk, "status": hand.status, "coins": hand.coins, "rake": hand.rake}


@shared_task(bind=True, max_retries=5, default_retry_delay=2, acks_late=True)
def escape_penalty(self, table_id: int, hand_id: int, seat_index: int) -> bool:
    """Apply the variant's escape settlement for a seat that left the live hand, exactly once."""
    try:
        return services.escape_apply(table_id=table_id, hand_id=hand_id, seat_index=seat_index)
    except Exception as exc:
        log.exception("escape_penalty %s/%s/%s failed", table_id, hand_id, seat_index)
        raise self.retry(exc=exc) from exc


@shared_task(acks_late=True)
def table_bots(table_id: int) -> int:
    """Play the bots' (and autoplayed seats') moves until a human must act."""
    return services.table_run_bots(table_id=table_id)


@shared_task
def table_sweep() -> int:
    """One pass of the table clock's tick (the clock itself is games.runtime.clock)."""
    return services.table_sweep()
