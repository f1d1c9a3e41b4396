from __future__ import annotations

import json

import pytest
from django import forms
from django.contrib.admin.models import LogEntry
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.urls import reverse

from accounts.models import User
from rooms.models import Room, RoomChange
from rooms.validation import room_options_validate
from tests.factories import RoomFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    admin = User.objects.create_superuser(username="boss", password="pw")
    client.force_login(admin)
    client.admin = admin
    return client


def change_form_data(client, url: str) -> dict:
    """What the browser would post back unchanged from the admin change form."""
    page = client.get(url)
    form = page.context["adminform"].form
    data: dict = {}
    for name, field in form.fields.items():
        value = form.initial.get(name, field.initial)
        if isinstance(field, forms.BooleanField):
            if value:
                data[name] = "on"
        elif isinstance(field, forms.JSONField):
            data[name] = json.dumps(value)
        elif value is not None:
            data[name] = value
    for inline in page.context["inline_admin_formsets"]:
        management = inline.formset.management_form
        for key, value in management.initial.items():
            data[f"{inline.formset.prefix}-{key}"] = value
    return data


def test_it_changes_n_and_a_from_the_list_and_records_it(admin_client):
    # given
    room = RoomFactory(name="Yiwu", variant="yiwu", coefficient=10, rake=20)
    # when the admin edits N and A in the list's editable columns
    response = admin_client.post(
        reverse("admin:rooms_room_changelist"),
        {
            "form-TOTAL_FORMS": "1",
            "form-INITIAL_FORMS": "1",
            "form-0-id": str(room.pk),
            "form-0-coefficient": "200",
            "form-0-rake": "400",
            "form-0-is_active": "on",
            "_save": "Save",
        },
    )
    # then
    assert response.status_code == 302
    room.refresh_from_db()
    assert (room.coefficient, room.rake) == (200, 400)
    changes = {c.field: (c.old, c.new, c.actor) for c in RoomChange.objects.filter(room=room)}
    assert changes == {
        "coefficient": ("10", "200", admin_client.admin),
        "rake": ("20", "400", admin_client.admin),
    }
    assert LogEntry.objects.filter(object_id=str(room.pk)).exists()
    # and the history is visible on the room's page
    page = admin_client.get(reverse("admin:rooms_room_change", args=[room.pk])).content.decode()
    assert "change history" in page.lower() and "400" in page


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("coefficient", "0", "greater than or equal to 1"),
        ("rake", "-5", "greater than or equal to 0"),
        ("options", '{"bloody": "yes"}', "bloody"),
        ("options", '{"koukou": true}', "koukou"),
    ],
)
def test_it_refuses_invalid_values_with_a_message(admin_client, field, value, message):
    room = RoomFactory(name="Sichuan", variant="sichuan", coefficient=5, rake=1)
    url = reverse("admin:rooms_room_change", args=[room.pk])
    data = change_form_data(admin_client, url)
    data[field] = value
    response = admin_client.post(url, data)
    assert response.status_code == 200  # the form again, not a redirect
    assert message in response.content.decode()
    room.refresh_from_db()
    assert (room.coefficient, room.rake, room.options) == (5, 1, {})
    assert not RoomChange.objects.filter(room=room).exists()


def test_the_change_form_saves_options(admin_client):
    room = RoomFactory(name="Wuhan", variant="wuhan")
    url = reverse("admin:rooms_room_change", args=[room.pk])
    data = change_form_data(admin_client, url)
    data["options"] = '{"koukou": true}'
    assert admin_client.post(url, data).status_code == 302
    room.refresh_from_db()
    assert room.options["koukou"] is True
    assert RoomChange.objects.get(room=room, field="options").new.find("koukou") >= 0


def test_it_validates_variants():
    with pytest.raises(ValidationError, match="Unknown variant"):
        room_options_validate("riichi", {})


def test_demo_setup_is_idempotent_and_covers_every_variant(capsys):
    call_command("demo_setup")
    call_command("demo_setup")
    rooms = Room.objects.all()
    assert {r.variant for r in rooms} == {"sichuan", "fuzhou", "shaanxi", "wuhan", "yiwu"}
    assert rooms.filter(variant="sichuan", options__bloody=True).exists()
    assert rooms.filter(variant="wuhan", options__koukou=True).exists()
    assert len({r.coefficient for r in rooms}) >= 3
    assert not rooms.filter(variant__in=["shaanxi", "fuzhou"], rake__gt=0).exists()
    assert rooms.count() == 21 + 5  # 7 modes x 3 tiers, and a practice room per variant
    assert {r.variant for r in rooms.filter(practice=True)} == {
        "sichuan",
        "fuzhou",
        "shaanxi",
        "wuhan",
        "yiwu",
    }
    assert set(rooms.values_list("bot_kind", flat=True)) == {"expert"}  # new rooms' default
    assert User.objects.get(username="admin").is_superuser
    assert "admin" in capsys.readouterr().out
