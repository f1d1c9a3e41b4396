from __future__ import annotations

from django.db import transaction

from rooms.models import Room, RoomChange

AUDITED_FIELDS = (
    "name",
    "variant",
    "options",
    "base_points",
    "coefficient",
    "rake",
    "min_balance",
    "props_enabled",
    "bot_kind",
    "practice",
    "is_active",
)


def room_snapshot(room: Room) -> dict[str, str]:
    return {field: _as_text(getattr(room, field)) for field in AUDITED_FIELDS}


def room_record_changes(*, room: Room, before: dict[str, str] | None, actor) -> list[RoomChange]:
    """Write one RoomChange per field that differs from `before` (None = just created)."""
    after = room_snapshot(room)
    changes = [
        RoomChange(
            room=room,
            field=field,
            old="" if before is None else before[field],
            new=after[field],
            actor=actor,
        )
        for field in AUDITED_FIELDS
        if before is None or before[field] != after[field]
    ]
    return RoomChange.objects.bulk_create(changes)


@transaction.atomic
def room_update(*, room: Room, actor, **fields) -> Room:
    """Change a room's fields (validated) and record what changed."""
    before = room_snapshot(Room.objects.get(pk=room.pk))
    for name, value in fields.items():
        if name not in AUDITED_FIELDS:
            raise ValueError(f"unknown room field {name}")
        setattr(room, name, value)
    room.full_clean()
    room.save()
    room_record_changes(room=room, before=before, actor=actor)
    return room


def _as_text(value) -> str:
    if isinstance(value, dict):
        import json

        return json.dumps(value, sort_keys=True, ensure_ascii=False)
    return str(value)
