"""Golden hands: the same seeds give exactly the same events, actions and results as recorded in
golden/ (written by generators/make_golden.py before the hot-path redesign). Guards every speed
change to the engine core, the bots and the variants' play modules against any change of
behaviour."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from games.engine.registry import playable_modes
from games.engine.simulate import play_hand

GOLDEN = Path(__file__).resolve().parent / "golden"
HANDS = (("greedy", 30), ("random", 10))  # (bot, hands) per variant/mode


def modes() -> list[tuple[str, str, dict[str, Any]]]:
    return playable_modes()


def record(bot: str, seed: str, state: Any, events: list, actions: list) -> dict[str, Any]:
    # a JSON round trip: the files hold lists where the engine may hold tuples
    return json.loads(
        json.dumps(
            {
                "bot": bot,
                "seed": seed,
                "events": events,
                "actions": actions,
                "result": state.result,
                "final": state.to_json(),
            },
            sort_keys=True,
        )
    )


def _load(key: str, label: str) -> list[dict[str, Any]]:
    path = GOLDEN / f"{key}-{label}.json.gz"
    if not path.exists():
        pytest.skip(f"no golden file {path.name} (run generators/make_golden.py)")
    with gzip.open(path, "rt", encoding="utf-8") as f:
        data: list[dict[str, Any]] = json.load(f)
    return data


@pytest.mark.parametrize("checked", [False, True], ids=["fast", "checked"])
@pytest.mark.parametrize(("key", "label", "opts"), modes(), ids=lambda x: str(x))
def test_same_seeds_same_hands(key: str, label: str, opts: dict[str, Any], checked: bool) -> None:
    golden = _load(key, label)
    assert golden
    for g in golden:
        state, events, actions = play_hand(key, opts, g["seed"], bot=g["bot"], checked=checked)
        got = record(g["bot"], g["seed"], state, events, actions)
        for part in ("actions", "events", "result", "final"):
            assert got[part] == g[part], f"{key}/{label} {g['seed']}: {part} differ"
