from __future__ import annotations

from django.db.models import QuerySet
from django.http import Http404

from rooms.models import Room


def room_list(*, variant: str | None = None) -> QuerySet[Room]:
    rooms = Room.objects.filter(is_active=True)
    if variant:
        rooms = rooms.filter(variant=variant)
    return rooms.order_by("variant", "coefficient", "pk")


def room_get(room_id: int) -> Room:
    """An active room, or 404."""
    room = Room.objects.filter(pk=room_id, is_active=True).first()
    if room is None:
        raise Http404("No such room.")
    return room
