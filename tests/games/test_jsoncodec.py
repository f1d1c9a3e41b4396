"""games.jsoncodec: orjson's speed with the json module's answers."""

from __future__ import annotations

import json
import math

import pytest

from games.jsoncodec import Decoder, Encoder, dumps


@pytest.mark.parametrize(
    "value",
    [
        {"type": "events", "seq": 7, "events": [{"kind": "discard", "tile": "5m"}], "you": 2},
        {"name": "雀 東", "nested": {"list": [1, 2.5, None, True]}},
        {1: "seat one", "t": (1, 2)},  # int keys and tuples, as json.dumps writes them
        [],
    ],
)
def test_dumps_is_the_compact_json_text(value):
    assert dumps(value) == json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    assert json.loads(dumps(value)) == json.loads(json.dumps(value))


def test_what_orjson_refuses_the_json_module_still_encodes():
    lone = {"id": "\ud800"}  # a lone surrogate, as json.loads gives it for a client's "\ud800"
    big = {"n": 2**70}
    assert dumps(lone) == json.dumps(lone, ensure_ascii=False, separators=(",", ":"))
    assert json.loads(dumps(big)) == big
    assert json.loads(json.dumps(big, cls=Encoder)) == big
    assert json.loads(json.dumps(lone, cls=Encoder)) == lone


def test_the_field_codec_round_trips_and_keeps_the_json_modules_leniency():
    value = {"state": {"hands": [[1, 2], [3]], "名": "中"}, "k": None}
    assert json.loads(json.dumps(value, cls=Encoder), cls=Decoder) == value
    # NaN: json.dumps writes it, orjson.loads refuses it; a stored NaN still reads back
    text = json.dumps({"x": float("nan")})
    assert math.isnan(json.loads(text, cls=Decoder)["x"])
    with pytest.raises(json.JSONDecodeError):
        json.loads("{not json", cls=Decoder)  # what JSONField.from_db_value catches


@pytest.mark.django_db
def test_a_json_column_reads_back_what_was_saved():
    from games.models import Table
    from tests.factories import RoomFactory

    state = {"hands": [[1, 2], [3]], "note": "自摸 \U0001f004", "held": {"2": "pass"}}
    table = Table.objects.create(room=RoomFactory(), state=state, held=[{"seat": 1}])
    again = Table.objects.get(pk=table.pk)
    assert (again.state, again.held) == (state, [{"seat": 1}])
