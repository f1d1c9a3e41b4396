"""Whole-hand scenario files (docs/scenarios.md) replayed through the public API and the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.engine import IllegalActionError, escape, replay, to_act
from games.engine.replay import check_expect, load_scenario, run_scenario

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.json"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_it_plays_the_scenario_to_its_expected_outcome(path):
    data = load_scenario(str(path))
    state, events = run_scenario(data)
    assert check_expect(state, events, data.get("expect") or {}) == []
    again, events2 = replay(
        data["variant"],
        data.get("options"),
        dealer=data.get("dealer", 0),
        seed=data.get("seed"),
        wall=data.get("wall"),
        carry=data.get("carry"),
        props=data.get("props"),
        before_deal=data.get("before_deal"),
        actions=data["actions"],
    )
    assert events2 == events and again == state


def _load(name):
    return load_scenario(str(Path(__file__).parent / "scenarios" / f"{name}.json"))


def test_it_prints_events_and_points_from_the_cli():
    path = Path(__file__).parent / "scenarios" / "multi_win_gangshangpao.json"
    out = subprocess.run(
        [sys.executable, "-m", "games.engine", "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    assert json.loads(out[-1]) == {"points": [-54, 24, -6, 36]}
    assert any(json.loads(line).get("type") == "hu" for line in out[:-2])


def test_it_stops_the_cli_on_an_illegal_action(tmp_path):
    data = _load("escape_normal")
    data["actions"].insert(4, {"seat": 2, "type": "discard", "tile": "1m"})
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    proc = subprocess.run(
        [sys.executable, "-m", "games.engine", "replay", str(bad)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 1
    assert "not seat 2's turn" in proc.stderr


def test_it_raises_with_the_action_index_on_an_illegal_step():
    data = _load("escape_normal")
    data["actions"][4] = {"seat": 0, "type": "discard", "tile": "3m"}
    with pytest.raises(
        IllegalActionError, match=r"action #4 .*does not hold 3m|action #4 .*may not discard"
    ):
        run_scenario(data)


def test_it_lets_a_bloody_winner_escape_without_ending_the_game():
    # given the 血战 double win of Example 5
    state, _ = run_scenario(_load("bloody_play_on"))
    # when winner seat 1 leaves
    state2, events = escape(state, 1)
    # then there is no penalty and seat 0 still has to play
    assert state2.scores == state.scores
    assert to_act(state2) == [0] and not state2.result
    assert state2.escaped[1]
    assert [e["type"] for e in events] == ["escape"]


def test_it_ends_a_bloody_game_when_an_unwon_player_escapes():
    state, _ = run_scenario(_load("bloody_play_on"))
    state2, _ = escape(state, 2)
    assert state2.result["reason"] == "escape"
    # §10.3: 96 to each other un-won player (only seat 0)
    assert list(state2.scores) == [-54 + 96, 24, -6 - 96, 36]


def test_it_keeps_the_replay_function_after_the_replay_module_is_imported():
    import games.engine
    import games.engine.replay  # noqa: F401

    assert callable(games.engine.replay)
