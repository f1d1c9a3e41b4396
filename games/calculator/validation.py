"""Strict input checks for the REST calculator.

The command-line calculator follows CASES.md §1.3 to the letter: a well-formed hand that cannot
win (wrong count, fifth copy) answers ``false``. An API client sending such a hand has made a
mistake, so the REST endpoint refuses it with a 400 that says what is wrong before the engine sees it.
"""

from __future__ import annotations

from typing import Any

from games.engine.errors import InvalidCaseError, InvalidNotationError
from games.engine.tiles import N_KINDS, parse_meld, parse_tiles, tile_str

HAND_SIZE = {"fuzhou": 17}
DEFAULT_HAND_SIZE = 14


def check_case_tiles(variant: str, case: dict[str, Any]) -> None:
    """Raise InvalidCaseError for malformed tiles, a fifth copy or a wrong tile count."""
    kind = case.get("kind")
    if kind not in ("win", "waits", "score"):
        return
    concealed_text = case.get("concealed")
    if not isinstance(concealed_text, str):
        raise InvalidCaseError('concealed: a tile string is required, e.g. "123m456p"')
    melds_data = case.get("melds", [])
    if not isinstance(melds_data, list):
        raise InvalidCaseError("melds: must be a list of meld objects")
    try:
        concealed = parse_tiles(concealed_text)
        melds = [parse_meld(m) for m in melds_data]
    except InvalidNotationError as exc:
        raise InvalidCaseError(str(exc)) from exc
    counts = [0] * N_KINDS
    for tile in concealed:
        counts[tile] += 1
    for meld in melds:
        for tile in meld.tiles:
            counts[tile] += 1
    for tile, n in enumerate(counts):
        if n > 4:
            raise InvalidCaseError(f"{n} copies of {tile_str(tile)}: a set holds only four")
    full = HAND_SIZE.get(variant, DEFAULT_HAND_SIZE)
    expected = full - 1 if kind == "waits" else full
    size = len(concealed) + 3 * len(melds)
    if size != expected:
        raise InvalidCaseError(
            f"wrong tile count: concealed + 3 per meld = {size}, a {kind} case needs {expected}"
        )
