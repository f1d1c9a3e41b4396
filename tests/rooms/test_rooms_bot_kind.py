"""Room.bot_kind and Room.practice (issue 19): the default, the migration, the admin, the API and
the lobby."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from accounts.models import User
from games.engine.bots import KINDS
from rooms.models import BotKind, Room, RoomChange
from tests.factories import RoomFactory
from tests.rooms.test_rooms_admin import change_form_data


def test_the_room_choices_are_the_engines_bot_kinds_but_random():
    assert set(BotKind.values) == set(KINDS) - {"random"}


@pytest.mark.django_db
def test_a_new_room_has_expert_bots_and_no_hints():
    room = Room.objects.create(name="New", variant="yiwu")
    room.refresh_from_db()
    assert (room.bot_kind, room.practice) == ("expert", False)


@pytest.mark.django_db(transaction=True)
def test_the_migration_keeps_existing_rooms_on_the_greedy_bot():
    # given rooms made before the field existed
    executor = MigrationExecutor(connection)
    executor.migrate([("rooms", "0002_props_on_by_default")])
    old = executor.loader.project_state([("rooms", "0002_props_on_by_default")]).apps
    for variant in ("sichuan", "fuzhou", "shaanxi", "wuhan", "yiwu"):
        old.get_model("rooms", "Room").objects.create(name=variant, variant=variant)
    # when the migration runs
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    # then they keep the bot they were played with, hints off; a room made now gets the expert
    rows = set(Room.objects.values_list("bot_kind", "practice"))
    assert rows == {("greedy", False)}
    assert Room.objects.create(name="new", variant="wuhan").bot_kind == "expert"


@pytest.fixture
def admin_client(client, db):
    admin = User.objects.create_superuser(username="boss", password="pw")
    client.force_login(admin)
    client.admin = admin
    return client


def test_the_admin_sets_bot_strength_and_practice_and_records_it(admin_client):
    room = RoomFactory(name="Wuhan", variant="wuhan", bot_kind="greedy")
    url = reverse("admin:rooms_room_change", args=[room.pk])
    data = change_form_data(admin_client, url)
    data["bot_kind"] = "expert"
    data["practice"] = "on"
    assert admin_client.post(url, data).status_code == 302
    room.refresh_from_db()
    assert (room.bot_kind, room.practice) == ("expert", True)
    changes = {c.field: (c.old, c.new) for c in RoomChange.objects.filter(room=room)}
    assert changes["bot_kind"] == ("greedy", "expert")
    assert changes["practice"] == ("False", "True")


def test_the_admin_refuses_an_unknown_bot_kind(admin_client):
    room = RoomFactory(name="Wuhan", variant="wuhan", bot_kind="greedy")
    url = reverse("admin:rooms_room_change", args=[room.pk])
    data = change_form_data(admin_client, url)
    data["bot_kind"] = "random"  # the engine knows it, rooms do not offer it
    response = admin_client.post(url, data)
    assert response.status_code == 200 and "Select a valid choice" in response.content.decode()
    room.refresh_from_db()
    assert room.bot_kind == "greedy"


@pytest.mark.django_db
def test_the_api_shows_bot_strength_and_practice(api_client, alice):
    practice = RoomFactory(name="Practice", variant="sichuan", bot_kind="expert", practice=True)
    RoomFactory(name="Plain", variant="sichuan", bot_kind="greedy")
    api_client.force_authenticate(alice)
    rows = api_client.get("/api/v1/rooms").json()
    assert {(r["name"], r["bot_kind"], r["practice"]) for r in rows} == {
        ("Practice", "expert", True),
        ("Plain", "greedy", False),
    }
    one = api_client.get(f"/api/v1/rooms/{practice.pk}").json()
    assert (one["bot_kind"], one["practice"]) == ("expert", True)


@pytest.mark.django_db
def test_the_lobby_shows_bot_strength_and_practice(client, alice):
    practice = RoomFactory(name="Practice", variant="sichuan", bot_kind="expert", practice=True)
    plain = RoomFactory(name="Plain", variant="sichuan", bot_kind="greedy")
    client.force_login(alice)
    page = client.get("/play/").content.decode()
    assert f'data-testid="room-practice-{practice.pk}"' in page
    assert f'data-testid="room-practice-{plain.pk}"' not in page
    bots = page.split(f'data-testid="room-bots-{plain.pk}">', 1)[1].split("</td>", 1)[0]
    assert bots.strip() == "greedy"
