"""Fan-out after commit. The message carries only the table's new seq: every consumer then reads
the events it has not seen from the database and redacts them for its own seat, so nothing
secret ever travels through the channel layer (which is at-most-once anyway)."""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)


def table_group(table_id: int) -> str:
    return f"table.{table_id}"


def notify_table_changed(table_id: int, seq: int) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(
            table_group(table_id), {"type": "table.changed", "seq": seq}
        )
    except Exception:  # delivery is best effort: clients resync on the next seq they see
        log.exception("group_send failed for table %s seq %s", table_id, seq)
