"""rooms migration 0002: props come on in the existing Sichuan and Wuhan rooms, off elsewhere."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_migration_turns_props_on_in_sichuan_and_wuhan_rooms():
    executor = MigrationExecutor(connection)
    executor.migrate([("rooms", "0001_initial")])
    old = executor.loader.project_state([("rooms", "0001_initial")]).apps.get_model("rooms", "Room")
    for variant in ("sichuan", "wuhan", "fuzhou", "yiwu", "shaanxi"):
        old.objects.create(name=variant, variant=variant, props_enabled=variant == "yiwu")
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    from rooms.models import Room

    got = dict(Room.objects.values_list("variant", "props_enabled"))
    assert got == {"sichuan": True, "wuhan": True, "fuzhou": False, "yiwu": False, "shaanxi": False}
