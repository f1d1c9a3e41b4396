"""Yiwu play: seeded bot tables (invariants) and the rule details the scenarios do not pin down."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from games.engine import (
    HandState,
    apply,
    legal_actions,
    new_hand,
    observe,
    redact_events,
    replay,
    to_act,
)
from games.engine.actions import Action
from games.engine.bots import bot_choose
from games.engine.core import default_action, rules_of
from games.engine.state import PHASE_CHOICE, PHASE_OVER
from games.engine.tiles import parse_tile
from tests.games.engine.generators.make_yiwu_scenarios import A, D, build_wall, no_bets

SCENARIOS = Path(__file__).parent / "scenarios"
TABLES = 25  # tables of HANDS_PER_TABLE hands each, carry passed from hand to hand
HANDS_PER_TABLE = 8


def _census(s: HandState) -> Counter[int]:
    c: Counter[int] = Counter()
    for seat in range(4):
        c.update(s.hands[seat])
        c.update(s.discards[seat])
        for m in s.melds[seat]:
            c.update(m.tiles)
    c.update(s.wall[s.head : len(s.wall) - s.tail])
    return c


def _no_leak(s: HandState, viewer: int | None) -> None:
    view = observe(s, viewer)
    text = json.dumps(view)
    assert '"wall"' not in text
    for h in view["hands"]:
        if h["seat"] != viewer and s.phase != PHASE_OVER:
            assert "concealed" not in h and "drawn" not in h
    assert view["wild"] == view["caishen"]


def _play_hand(dealer: int, carry: dict | None, seed: str, bot: str) -> HandState:
    state, events = new_hand("yiwu", {}, dealer=dealer, seed=seed, carry=carry)
    full = Counter(rules_of(state).tile_list())
    actions = []
    while state.phase != PHASE_OVER:
        assert _census(state) == full
        if len(actions) % 17 == 0:
            for viewer in (None, 0, 1, 2, 3):
                _no_leak(state, viewer)
        seat = to_act(state)[0]
        action = bot_choose(state, seat, kind=bot, rng_seed=len(actions))
        state, ev = apply(state, action)
        events.extend(ev)
        actions.append(action.to_json())
    assert _census(state) == full
    total = [0, 0, 0, 0]
    for e in events:
        if e["type"] == "score":
            assert sum(e["deltas"]) == 0
            total = [a + b for a, b in zip(total, e["deltas"], strict=True)]
    assert total == list(state.scores) == state.result["points"] and sum(total) == 0
    for viewer in (None, 0, 1, 2, 3):
        for e in redact_events(events, viewer):
            if e["type"] == "draw" and e["seat"] != viewer:
                assert e["tile"] is None
    again, events2 = replay("yiwu", {}, dealer=dealer, seed=seed, carry=carry, actions=actions)
    assert again == state and events2 == events
    assert HandState.from_json(json.loads(json.dumps(state.to_json()))) == state
    return state


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_it_keeps_the_invariants_over_seeded_bot_tables(bot: str) -> None:
    seen: Counter[str] = Counter()
    for t in range(TABLES):
        dealer, carry = t % 4, None
        for h in range(HANDS_PER_TABLE):
            state = _play_hand(dealer, carry, f"yw-{bot}-{t}-{h}", bot)
            result = state.result
            seen[result["reason"]] += 1
            for w in result["wins"]:
                seen.update(w["patterns"])
            # §2 rotation: dealer win or draw keeps the deal, a non-dealer win passes it on
            dealer_won = any(w["seat"] == dealer for w in result["wins"])
            expect = dealer if dealer_won or result["reason"] == "draw" else (dealer + 1) % 4
            assert result["next_dealer"] == expect
            carry, dealer = result["carry"], result["next_dealer"]
    assert seen["win"] and seen["draw"]
    if bot == "greedy":
        assert seen["zimo"] and seen["fangchong"]


def _scenario(name: str) -> dict:
    return json.loads((SCENARIOS / f"yiwu_{name}.json").read_text(encoding="utf-8"))


def run_scenario(data: dict) -> tuple[HandState, list[dict]]:
    # not games.engine.replay.run_scenario: importing that module rebinds games.engine.replay
    return replay("yiwu", data.get("options"), dealer=data["dealer"], wall=data["wall"],
                  carry=data.get("carry"), actions=data["actions"])  # fmt: skip


def _prefix(name: str, n: int) -> HandState:
    data = _scenario(name)
    data["actions"] = data["actions"][:n]
    return run_scenario(data)[0]


def _index(data: dict, action: dict) -> int:
    return next(i for i, a in enumerate(data["actions"]) if a == action)


def test_it_locks_a_passed_win_until_the_next_draw() -> None:
    data = _scenario("tongquan_lock")
    i = _index(data, A(1, "pass"))
    before = _prefix("tongquan_lock", i)
    assert Action(1, "hu", tile="2p") in legal_actions(before, 1)
    j = _index(data, D(0, "2p"))
    after = _prefix("tongquan_lock", j + 1)  # seat 0's 2p: seat 1 may still chow it, but not win
    types = {a.type for a in legal_actions(after, 1)}
    assert "hu" not in types and "chow" in types
    final, _ = run_scenario(data)  # seat 1's own draw lifts the lock; self-draws are never locked
    assert final.wins[0]["seat"] == 1 and all(lk[0] != 1 for lk in final.ext["locks"])


@pytest.mark.parametrize(
    ("name", "normal_draws"), [("danpiao_draw", 81 - 14), ("shuangpiao_draw", 81 - 6)]
)
def test_it_stops_at_the_reserve_of_the_piao_state(name: str, normal_draws: int) -> None:
    state, events = run_scenario(_scenario(name))
    assert sum(1 for e in events if e["type"] == "draw" and not e["tail"]) == normal_draws
    assert state.result["reason"] == "draw"


def _table(
    hands: dict[int, str], draws: dict[int, str], indicator: str, dealer: int = 0
) -> HandState:
    state, _ = new_hand("yiwu", {}, dealer=dealer, wall=build_wall(dealer, hands, draws, indicator))
    for a in no_bets():
        state, _ = apply(state, Action.from_json(a))
    return state


def _until(state: HandState, action: Action) -> HandState:
    for _ in range(200):
        if action in legal_actions(state, action.seat):
            return state
        state, _ = apply(state, default_action(state, to_act(state)[0]))
    raise AssertionError(f"{action} never became legal")


def test_it_blocks_discard_wins_during_danpiao_and_keeps_the_exposed_caishen() -> None:
    state = _table(
        {1: "33z", 2: "234m567m345s99s13p", 3: "2p3z"}, {0: "1z", 1: "1z", 2: "1z"}, "3z"
    )
    state = _until(state, Action(1, "discard", tile="3z"))
    state, events = apply(state, Action(1, "discard", tile="3z"))
    assert any(e["type"] == "piao" and e["seat"] == 1 for e in events)
    assert observe(state, 0)["hands"][1]["piao"] == 1
    state = _until(state, Action(3, "discard", tile="2p"))
    state, _ = apply(state, Action(3, "discard", tile="2p"))
    assert all(a.type != "hu" for a in legal_actions(state, 2))  # §9.3: no 放铳 while someone 飘s
    while not (state.turn == 1 and state.drawn is not None and state.phase == "turn"):
        state, _ = apply(state, default_action(state, to_act(state)[0]))
    assert Action(1, "discard", tile="3z") not in legal_actions(
        state, 1
    )  # §9.1: the exposed 财神 is locked


def test_it_treats_a_lone_caishen_discard_as_cuopiao() -> None:
    state = _table({1: "3z", 2: "234m567m345s99s13p", 3: "2p"}, {0: "1z", 1: "1z", 2: "1z"}, "3z")
    state = _until(state, Action(1, "discard", tile="3z"))
    state, events = apply(state, Action(1, "discard", tile="3z"))
    assert any(e["type"] == "cuopiao" for e in events) and state.ext["piao"] == [0, 0, 0, 0]
    state = _until(state, Action(3, "discard", tile="2p"))
    state, _ = apply(state, Action(3, "discard", tile="2p"))
    assert Action(2, "hu", tile="2p") in legal_actions(state, 2)  # §9.4: no restrictions


def test_it_writes_the_baiban_chow_with_physical_tiles() -> None:
    data = _scenario("baiban_chow_maizi")
    state = _prefix("baiban_chow_maizi", _index(data, A(1, "chow", "4s", tiles="45s5z")) + 1)
    assert observe(state, 2)["hands"][1]["melds"] == [{"type": "chow", "tiles": "45s5z", "from": 3}]
    assert HandState.from_json(json.loads(json.dumps(state.to_json()))) == state


def test_it_offers_bets_across_a_dealers_tenure() -> None:
    fresh, _ = new_hand("yiwu", {}, dealer=1, seed="tenure")
    assert fresh.phase == PHASE_CHOICE and sorted(to_act(fresh)) == [0, 1, 2, 3]
    kept = {"dealer": 1, "mai": [0, 1, 0, 0], "xiazi": [0, 0, 0, 0], "dealer_win_multiplier": None}
    after_draw, _ = new_hand("yiwu", {}, dealer=1, seed="tenure", carry=kept)
    assert after_draw.phase != PHASE_CHOICE and after_draw.ext["mai"] == [
        0,
        1,
        0,
        0,
    ]  # 连庄不退, no offer
    won = {**kept, "xiazi": [0, 0, 8, 0], "dealer_win_multiplier": 2}
    after_win, _ = new_hand("yiwu", {}, dealer=1, seed="tenure", carry=won)
    assert sorted(to_act(after_win)) == [0, 3] and after_win.ext["xiazi"] == [0, 0, 16, 0]
    passed = {"dealer": None, "previous_dealer": 1, "mai": [0, 0, 0, 0], "xiazi": [0, 0, 0, 0]}
    new_dealer, _ = new_hand("yiwu", {}, dealer=2, seed="tenure", carry=passed)
    assert sorted(to_act(new_dealer)) == [0, 1, 2, 3] and new_dealer.ext["xiazi"] == [0, 0, 0, 0]


def test_it_shows_the_indicator_and_keeps_the_dead_stack_out_of_play() -> None:
    state, events = new_hand("yiwu", {}, dealer=0, seed="indicator")
    caishen = state.ext["caishen"]
    view = observe(state, 0)
    assert view["wild"] == events[1]["caishen"] and parse_tile(view["wild"]) == caishen
    assert view["wall_remaining"] == 134 - 53 - 34
    assert sum(len(h) for h in state.hands) == 53 and len(state.hands[0]) == 14
    # T[132..135] (two orphans, the indicator, the tile under it) wait in front of the first replacement T[131]
    assert state.wall[133] == caishen and state.tail == 0
