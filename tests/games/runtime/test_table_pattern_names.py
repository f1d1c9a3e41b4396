"""The table page hands the client the win pattern (番种) names as json_script "pattern-names"
(games/engine/patterns.py), instead of a map written into table.js."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from games.engine.patterns import pattern_names_json
from games.runtime import services
from tests.factories import RoomFactory

pytestmark = pytest.mark.django_db

JSON_MAP = re.compile(r'<script id="pattern-names" type="application/json">(.*?)</script>', re.S)
TABLE_JS = Path(__file__).resolve().parents[3] / "static" / "games" / "table.js"


def test_the_table_page_carries_the_pattern_names(client, alice) -> None:
    room = RoomFactory(variant="fuzhou")
    table = services.table_seat(user=alice, room=room)
    client.force_login(alice)
    page = client.get(f"/table/{table.pk}/")
    assert page.status_code == 200
    match = JSON_MAP.search(page.content.decode())
    assert match, "no pattern-names json_script on the table page"
    names = json.loads(match.group(1))
    assert names == pattern_names_json()
    assert names["qiangjin"] == ["Robbing the gold", "抢金"]


def test_table_js_reads_the_map_and_writes_none_of_its_own() -> None:
    source = TABLE_JS.read_text(encoding="utf-8")
    assert 'getElementById("pattern-names")' in source
    assert "PATTERN_NAMES = {" not in source
    assert "pinghu_wuhua" not in source and "duiduihu" not in source
