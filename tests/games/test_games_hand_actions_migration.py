"""games migration 0005: a hand being played keeps its actions on its table from then on."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("games", "0004_json_codec")]


def test_the_migration_moves_a_live_hands_actions_to_its_table_and_leaves_ended_ones():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    rooms = executor.loader.graph.leaf_nodes("rooms")  # (not migrated back: their rows as now)
    old = executor.loader.project_state(BEFORE + rooms).apps
    room = old.get_model("rooms", "Room").objects.create(name="r", variant="sichuan")
    Table, Hand = old.get_model("games", "Table"), old.get_model("games", "HandRecord")
    played = [{"type": "discard", "seat": 0, "tile": "5m"}, {"type": "pass", "seat": 1}]

    def table_with_hand(status: str):
        table = Table.objects.create(room=room, status="playing")
        hand = Hand.objects.create(
            table=table, room=room, hand_no=1, variant="sichuan", dealer=0, seed="s", salt="x",
            commitment="c", status=status, actions=played,
        )  # fmt: skip
        table.current_hand = hand
        table.save()
        return table.pk, hand.pk

    live, ended = table_with_hand("live"), table_with_hand("ended")
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    from games.models import HandRecord
    from games.models import Table as NewTable
    from games.runtime.selectors import hand_actions

    assert NewTable.objects.get(pk=live[0]).hand_actions == played
    assert HandRecord.objects.get(pk=live[1]).actions == []
    assert hand_actions(HandRecord.objects.get(pk=live[1])) == played
    assert NewTable.objects.get(pk=ended[0]).hand_actions == []
    assert HandRecord.objects.get(pk=ended[1]).actions == played
