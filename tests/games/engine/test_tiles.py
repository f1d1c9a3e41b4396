import pytest

from games.engine.errors import InvalidNotationError
from games.engine.tiles import (
    Meld,
    counts_of,
    format_tiles,
    meld_to_json,
    parse_meld,
    parse_tile,
    parse_tiles,
    tile_str,
    tiles_of,
)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("123m456p11z", ["1m", "2m", "3m", "4p", "5p", "6p", "1z", "1z"]),
        ("5m", ["5m"]),
        ("7z1f8f", ["7z", "1f", "8f"]),
        ("", []),
    ],
)
def test_it_parses_compact_notation(text, names):
    assert [tile_str(t) for t in parse_tiles(text)] == names


@pytest.mark.parametrize("text", ["123", "m", "0m", "8z", "9f", "1x", "12 m3", 5])
def test_it_rejects_malformed_tiles(text):
    with pytest.raises(InvalidNotationError):
        parse_tiles(text)


def test_it_formats_in_notation_order():
    assert format_tiles(parse_tiles("1f7z9s1m11p")) == "1m11p9s7z1f"


def test_format_and_parse_round_trip_every_kind():
    every = list(range(42))
    assert parse_tiles(format_tiles(every)) == every
    assert tiles_of(counts_of(every)) == every


def test_parse_tile_wants_exactly_one():
    assert parse_tile("9s") == 26
    with pytest.raises(InvalidNotationError):
        parse_tile("99s")


def test_it_parses_and_serialises_melds():
    meld = parse_meld({"type": "kong_exposed", "tiles": "8888s", "from": 1})
    assert meld == Meld("kong_exposed", (25, 25, 25, 25), 1)
    assert meld.is_kong and meld.kind == 25
    assert meld_to_json(meld) == {"type": "kong_exposed", "tiles": "8888s", "from": 1}
    assert parse_meld({"type": "kong_concealed", "tiles": "7777m"}).from_ is None


@pytest.mark.parametrize(
    "meld",
    [
        {"type": "pong", "tiles": "555p", "from": 1},
        {"type": "pung", "tiles": "556p", "from": 1},
        {"type": "pung", "tiles": "5555p", "from": 1},
        {"type": "chow", "tiles": "135p", "from": 3},
        {"type": "chow", "tiles": "123z", "from": 3},
        {"type": "pung", "tiles": "555p", "from": 4},
        "555p",
    ],
)
def test_it_rejects_bad_melds(meld):
    with pytest.raises(InvalidNotationError):
        parse_meld(meld)
