"""Fuzhou play (games/engine/variants/fuzhou/play.py): seeded bot hands keep the invariants, and the
scenario files show the flows of fuzhou.md step by step.

Invariants over a few hundred seeded hands per bot kind: all 144 tiles accounted for after every
step (the gold indicator is set aside), zero-sum scores (an escape is the one exception, §14),
replay identity and JSON round trips, the reserve of §6.1, and observe()/redact_events() never
showing another seat's concealed tiles, draws or the wall.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

import pytest

from games.engine import (
    Action,
    HandState,
    apply,
    escape,
    legal_actions,
    new_hand,
    observe,
    redact_events,
    to_act,
)
from games.engine.bots import bot_choose
from games.engine.core import live_count, rules_of
from games.engine.state import PHASE_CLAIM, PHASE_OVER
from games.engine.tiles import format_tiles, parse_tile, parse_tiles
from games.engine.variants.fuzhou import scoring
from games.engine.variants.fuzhou.play import QIANGJIN, RULES, gold_of
from games.engine.variants.fuzhou.settle import SeatHolding, escape_penalty
from games.engine.wall import dice_seat

HANDS = int(os.environ.get("QUE_FUZHOU_HANDS", "150"))  # per bot kind
SCENARIOS = Path(__file__).parent / "scenarios"


def _census(s: HandState) -> Counter[int]:
    c: Counter[int] = Counter()
    for seat in range(4):
        c.update(s.hands[seat])
        c.update(s.discards[seat])
        c.update(s.flowers[seat])
        for m in s.melds[seat]:
            c.update(m.tiles)
    c.update(s.wall[s.head : len(s.wall) - s.tail])
    c.update(RULES.set_aside(s))
    return c


def _expected_reserve(s: HandState) -> int:
    exposed = sum(1 for ms in s.melds for m in ms if m.type in ("kong_exposed", "kong_added"))
    concealed = sum(1 for ms in s.melds for m in ms if m.type == "kong_concealed")
    quartets = sum(scoring.flower_quartets(f) for f in s.flowers)
    return 18 + exposed + 2 * concealed + 2 * quartets


def _check_view(s: HandState, viewer: int | None) -> None:
    view = observe(s, viewer)
    text = json.dumps(view)
    assert '"wall"' not in text
    gold = gold_of(s)
    assert view["wild"] == view["gold"] == (format_tiles([gold]) if gold is not None else None)
    for h in view["hands"]:
        assert h["flowers"] == format_tiles(s.flowers[h["seat"]])  # flowers are public (§4.3)
        if h["seat"] != viewer and s.phase != PHASE_OVER:
            assert "concealed" not in h and "drawn" not in h
            for m in h["melds"]:
                assert (m["tiles"] is None) == (m["type"] == "kong_concealed")  # §8.3 face down


def _play(seed: str, bot: str, *, escape_at: int | None = None) -> None:
    dealer = dice_seat(seed)
    state, events = new_hand("fuzhou", {}, dealer=dealer, seed=seed)
    full = Counter(RULES.tile_list())
    assert sum(full.values()) == 144
    assert all(t < 27 for h in state.hands for t in h), "补花 leaves only suited tiles"
    assert sorted(len(h) for h in state.hands) == [16, 16, 16, 17]
    actions: list[dict] = []
    escaped = None
    while state.phase != PHASE_OVER:
        assert _census(state) == full, "a tile appeared or vanished"
        if not state.ext["final_group"]:
            assert RULES.reserved_tail(state) == _expected_reserve(state)
        if len(actions) % 7 == 0 or any(
            m.type == "kong_concealed" for ms in state.melds for m in ms
        ):
            for viewer in (None, 0, 1, 2, 3):
                _check_view(state, viewer)
        seat = to_act(state)[0]
        if escape_at is not None and len(actions) == escape_at:
            escaped = seat
            state, ev = escape(state, seat)
            events.extend(ev)
            break
        action = bot_choose(state, seat, kind=bot, rng_seed=len(actions))
        assert action in legal_actions(state, seat)
        state, ev = apply(state, action)
        events.extend(ev)
        actions.append(action.to_json())
        assert len(actions) < 600
    assert _census(state) == full
    points = state.result["points"]
    total = [0, 0, 0, 0]
    for e in events:
        if e["type"] == "score":
            total = [a + b for a, b in zip(total, e["deltas"], strict=True)]
            if e["reason"] != "escape":
                assert sum(e["deltas"]) == 0
    assert total == list(state.scores) == points
    if escaped is None:
        assert sum(points) == 0
        assert len(state.wins) <= 1
        again, events2 = _replay({"dealer": dealer, "seed": seed, "actions": actions})
        assert events2 == events and again == state
    else:
        assert points[escaped] < 0 and sum(points) == points[escaped]
    for viewer in (None, 0, 1, 2, 3):
        for e in redact_events(events, viewer):
            if e["type"] == "draw" and e["seat"] != viewer:
                assert e["tile"] is None
            if e["type"] == "kong" and e["kind"] == "kong_concealed" and e["seat"] != viewer:
                assert e["tile"] is None
    wire = json.loads(json.dumps(state.to_json()))
    assert HandState.from_json(wire) == state
    assert json.loads(json.dumps(events)) == events


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_it_keeps_the_invariants_over_seeded_bot_hands(bot: str) -> None:
    for i in range(HANDS):
        _play(f"fz-{bot}-{i}", bot)


def test_it_charges_an_escape_to_nobody_mid_hand() -> None:
    for i in range(20):
        _play(f"fz-escape-{i}", "greedy", escape_at=10 + i)


def test_the_greedy_bot_wins_most_hands_and_never_throws_a_gold() -> None:
    reasons: Counter[str] = Counter()
    for i in range(60):
        seed = f"fz-bot-{i}"
        state, _ = new_hand("fuzhou", {}, dealer=dice_seat(seed), seed=seed)
        while state.phase != PHASE_OVER:
            seat = to_act(state)[0]
            action = bot_choose(state, seat, kind="greedy")
            if action.type == "discard":
                assert parse_tile(action.tile) != gold_of(state)
            state, _ = apply(state, action)
        reasons[state.result["reason"]] += 1
    assert reasons["win"] > reasons["draw"]


# -- scenario details -------------------------------------------------------------------------


def _replay(data: dict) -> tuple[HandState, list[dict]]:
    """A scenario or a recorded hand replayed through the public API. (Importing the module
    games.engine.replay here would shadow the games.engine.replay function for later tests.)"""
    state, events = new_hand(
        "fuzhou",
        {},
        dealer=data["dealer"],
        seed=data.get("seed"),
        wall=data.get("wall"),
        carry=data.get("carry"),
    )
    for a in data["actions"]:
        if a.get("type") == "escape":
            state, ev = escape(state, a["seat"])
        else:
            state, ev = apply(state, Action.from_json(a))
        events.extend(ev)
    return state, events


run_scenario = _replay


def _scenario(name: str) -> dict:
    return json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))


def _state_after(name: str, n_actions: int) -> HandState:
    data = _scenario(name)
    data["actions"] = data["actions"][:n_actions]
    return run_scenario(data)[0]


def test_it_replaces_flowers_in_rounds_and_credits_a_flower_gold_flip_to_the_dealer() -> None:
    state = _state_after("fuzhou_buhua_kaijin", 0)
    assert [format_tiles(f) for f in state.flowers] == ["134z5f", "2z", "", "67f"]
    assert gold_of(state) == parse_tile("5s") and RULES.set_aside(state) == (parse_tile("5s"),)
    assert len(state.hands[0]) == 17  # the flipped 4z brought no tile into the dealer's hand (F3)
    assert state.tail == 8 and live_count(state) == 79 - 8 - 18


def test_it_offers_qiangjin_to_every_waiting_seat_after_the_dealers_first_discard() -> None:
    state = _state_after("fuzhou_qiangjin_priority", 1)
    assert state.phase == PHASE_CLAIM
    for seat in (2, 0):
        assert any(a.type == QIANGJIN for a in legal_actions(state, seat))


def test_a_gold_discarder_is_offered_no_discard_win() -> None:
    data = _scenario("fuzhou_gold_discarder")
    throw = next(
        i
        for i, a in enumerate(data["actions"])
        if a == {"seat": 2, "type": "discard", "tile": "8s"}
    )
    state = _state_after("fuzhou_gold_discarder", throw + 1)
    assert not any(a.type == "hu" for a in legal_actions(state, 1))
    gold = _state_after("fuzhou_gold_discarder", 3)  # after seat 1 threw the gold 5s
    assert gold.last_discard == (1, parse_tile("5s")) and gold.phase != PHASE_CLAIM


def test_the_final_group_has_no_discards_and_a_frozen_reserve() -> None:
    data = _scenario("fuzhou_final_group_auto_win")
    state, events = run_scenario(data)
    start = next(i for i, e in enumerate(events) if e["type"] == "final_group")
    tail_events = [e["type"] for e in events[start:]]
    assert "discard" not in tail_events
    assert [e["seat"] for e in events[start:] if e["type"] == "draw"] == [
        0,
        1,
    ]  # after seat 3's draw
    assert state.ext["final_group"] and state.ext["frozen_reserve"] == 18


def test_it_hands_the_streak_on_in_carry() -> None:
    tianhu = run_scenario(_scenario("fuzhou_tianhu"))[0]
    assert tianhu.result["carry"] == {"streak": 2}
    draw = run_scenario(_scenario("fuzhou_final_group_draw"))[0]
    assert draw.result["carry"] == {"streak": 2} and draw.result["next_dealer"] == 0
    escaped = run_scenario(_scenario("fuzhou_escape"))[0]
    assert escaped.result["carry"]["streak"] == 0 and escaped.result["carry"]["new_game"]


def test_the_escape_penalty_matches_the_calculator() -> None:
    state = run_scenario(_scenario("fuzhou_escape"))[0]
    gold = gold_of(state)
    others = [
        SeatHolding(state.flowers[s], state.melds[s], state.hands[s].count(gold)) for s in (0, 1, 3)
    ]
    assert escape_penalty(others, 2) == 120 == -state.result["points"][2]


def test_every_live_win_is_a_legal_calculator_win() -> None:
    for i in range(40):
        seed = f"fz-legal-{i}"
        state, _ = new_hand("fuzhou", {}, dealer=dice_seat(seed), seed=seed)
        while state.phase != PHASE_OVER:
            seat = to_act(state)[0]
            state, _ = apply(state, bot_choose(state, seat, kind="greedy"))
        for w in state.wins:
            special = (
                "qiangjin"
                if "qiangjin" in w["patterns"]
                else ("tianhu" if "tianhu" in w["patterns"] else None)
            )
            tiles = parse_tiles(w["hand"])
            melds = state.melds[w["seat"]]
            ctx = scoring.WinContext(
                gold=gold_of(state),
                win_type=w["how"],
                win_tile=parse_tile(w["tile"]),
                special=special,
            )
            assert scoring.is_legal_win(tiles, melds, ctx), w
            assert rules_of(state).key == "fuzhou"


def test_an_exposed_kong_at_d4_leaves_a_final_group_of_two() -> None:
    state, events = run_scenario(_scenario("fuzhou_kong_shrinks_final_group"))
    start = next(i for i, e in enumerate(events) if e["type"] == "final_group")
    assert events[start]["tiles"] == 2
    kong = next(i for i, e in enumerate(events) if e["type"] == "kong")
    assert [e["seat"] for e in events[start - 1 :] if e["type"] == "draw"] == [3, 0]
    assert state.ext["frozen_reserve"] == 19 and kong < start
