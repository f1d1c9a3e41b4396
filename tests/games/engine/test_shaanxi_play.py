"""Shaanxi play: scenario files (tests/games/engine/scenarios/shaanxi_*.json) and seeded bot hands.

Scenarios are explicit walls + action lists (made by generators/make_shaanxi_scenarios.py) whose
``expect`` blocks are computed by hand from shared/rules/shaanxi.md. The property test plays a few
hundred seeded bot hands and checks tile conservation, zero-sum money, Shaanxi's money model (a win
pays exactly the calculator's win deltas plus the kong money; a 荒庄 nets zero), replay identity and
that observe() leaks no hidden tile, 炮子 choice or 漏胡 list.
"""

from __future__ import annotations

import json
import pathlib
from collections import Counter
from typing import Any

import pytest

from games.engine import (
    Action,
    HandState,
    apply,
    escape,
    new_hand,
    observe,
    redact_events,
    replay,
    to_act,
)
from games.engine.bots import bot_choose
from games.engine.core import legal_actions, replace, rules_of
from games.engine.replay import check_expect, run_scenario
from games.engine.state import PHASE_CHOICE, PHASE_OVER
from games.engine.tiles import parse_tiles
from games.engine.variants.shaanxi import scoring
from games.engine.variants.shaanxi.play import deal_order, paozi_in_force
from games.engine.wall import dice_seat

SCENARIO_DIR = pathlib.Path(__file__).parent / "scenarios"
SCENARIOS = sorted(SCENARIO_DIR.glob("shaanxi_*.json"))


def _load(name: str) -> dict[str, Any]:
    return json.loads((SCENARIO_DIR / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_it_plays_the_scenario_as_expected(path: pathlib.Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    state, events = run_scenario(data)
    assert check_expect(state, events, data["expect"]) == []
    if "huang_zhuang" in data["expect"]:
        (hz,) = [e for e in events if e["type"] == "huang_zhuang"]
        for key, value in data["expect"]["huang_zhuang"].items():
            assert hz[key] == value


def _steps(data: dict[str, Any]) -> list[tuple[HandState, dict[str, Any]]]:
    """(state after the action, action) for every action of a scenario."""
    state, _ = new_hand("shaanxi", {}, dealer=data["dealer"], wall=data["wall"])
    out = []
    for a in data["actions"]:
        if a["type"] == "escape":
            state, _ = escape(state, a["seat"])
        else:
            state, _ = apply(state, Action.from_json(a))
        out.append((state, a))
    return out


def test_it_blocks_a_passed_win_until_the_player_moves() -> None:
    # given seat 1 passed seat 2's 3p
    steps = _steps(_load("shaanxi_lou_hu.json"))
    i = next(i for i, (_, a) in enumerate(steps) if a == {"seat": 1, "type": "pass"})
    after_pass = steps[i][0]
    assert after_pass.ext["lou_hu"][1] == [parse_tiles("3p")[0]]
    # when seat 3 discards another 3p, then seat 1 is offered nothing and seat 0 simply draws
    after_3p = steps[i + 1][0]
    assert steps[i + 1][1] == {"seat": 3, "type": "discard", "tile": "3p"}
    assert after_3p.claim is None and to_act(after_3p) == [0]
    # and the other waiting tile (6p) is still winnable
    assert steps[-1][1] == {"seat": 1, "type": "hu", "tile": "6p"}


def test_it_clears_the_block_on_the_next_draw() -> None:
    steps = _steps(_load("shaanxi_lou_hu_cleared.json"))
    drew = next(s for s, a in steps if a == {"seat": 0, "type": "discard", "tile": "8s"})
    assert drew.ext["lou_hu"][1] == []  # seat 1 has drawn 8m
    assert steps[-1][1] == {"seat": 1, "type": "hu", "tile": "3p"}


def test_it_gives_the_win_to_the_nearest_claimant() -> None:
    steps = _steps(_load("shaanxi_jie_hu.json"))
    before_last = steps[-2][0]
    assert before_last.claim is not None and list(before_last.claim.pending) == [1]
    final = steps[-1][0]
    assert [w["seat"] for w in final.wins] == [1]


def test_it_pays_no_money_for_a_robbed_kong() -> None:
    state, events = run_scenario(_load("shaanxi_qiang_gang.json"))
    assert not state.kongs
    assert [e["reason"] for e in events if e["type"] == "score"] == ["win"]
    assert state.melds[3][0].type == "pung"


def test_it_refunds_kong_money_on_huang_zhuang() -> None:
    state, events = run_scenario(_load("shaanxi_huang_zhuang_kong.json"))
    scores = [e for e in events if e["type"] == "score"]
    assert [e["reason"] for e in scores] == ["kong", "huang_zhuang_refund"]
    assert scores[0]["deltas"] == [-6, -6, 18, -6]
    assert scores[1]["deltas"] == [6, 6, -18, 6]
    draws = [e for e in events if e["type"] == "draw" and not e["tail"]]
    assert len(state.wall) - state.head - state.tail == 14
    assert len(draws) == 83 - 14 - 1  # every regular draw down to the reserve; one replacement


def test_it_deals_in_two_stack_rounds_then_singles() -> None:
    tiles = [f"{n}{s}" for s in "mpsz" for n in range(1, 10 if s != "z" else 8) for _ in range(4)]
    state, _ = new_hand("shaanxi", {}, dealer=2, wall=tiles)
    order = deal_order(2)
    wall = parse_tiles("".join(tiles))
    for seat in range(4):
        got = sorted(wall[i] for i, s in enumerate(order) if s == seat)
        assert list(state.hands[seat]) == got
    assert [len(h) for h in state.hands] == [13, 13, 14, 13]
    assert state.drawn == wall[52]


def test_it_defaults_paozi_to_the_previous_hand_and_hides_choices_until_the_lock() -> None:
    state, _ = new_hand("shaanxi", {}, dealer=0, seed="carry", carry={"paozi": [4, 0, 2, 1]})
    assert [a.choice for a in [rules_of(state).choice_default(state, s) for s in range(4)]] == [
        4,
        0,
        2,
        1,
    ]
    state, ev = apply(state, Action(0, "paozi", choice=3))
    # §4: nobody learns whether or what seat 0 chose: no event, no view, no to_act list
    for other in (1, 2, 3, None):
        assert redact_events(ev, other) == []
        view = observe(state, other)
        assert view["hands"][0]["paozi"] is None
        assert view["to_act"] == ([other] if other is not None else [])
    assert redact_events(ev, 0) == ev
    assert observe(state, 0)["hands"][0]["paozi"] == 3
    assert observe(state, 0)["to_act"] == []
    # §10.6: an escape before the lock settles on every seat's default, the chooser's too
    gone, _ = escape(state, 1)
    assert gone.result["points"] == scoring.escape_deltas(1, [4, 0, 2, 1])
    assert gone.result["carry"]["paozi"] == [0, 0, 0, 0]  # a new game starts
    for seat in (1, 2, 3):
        state, ev = apply(state, Action(seat, "paozi", choice=seat))
        assert redact_events(ev, 0) == []
    assert state.phase != PHASE_CHOICE
    # all four are in, yet nothing is shown before the dealer's first discard
    assert [observe(state, 2)["hands"][s]["paozi"] for s in range(4)] == [None, None, 2, None]
    assert paozi_in_force(state) == [4, 0, 2, 1]
    gone, _ = escape(state, 3)
    assert gone.result["points"] == scoring.escape_deltas(3, [4, 0, 2, 1])
    # the dealer's first discard locks the choices and shows them to everyone, in that event
    discard = next(a for a in legal_actions(state, 0) if a.type == "discard")
    state, ev = apply(state, discard)
    assert [e["type"] for e in ev[:2]] == ["discard", "reveal"]
    for viewer in (None, 0, 1, 2, 3):
        (reveal,) = [e for e in redact_events(ev, viewer) if e["type"] == "reveal"]
        assert reveal["choices"] == [3, 1, 2, 3]
        assert [observe(state, viewer)["hands"][s]["paozi"] for s in range(4)] == [3, 1, 2, 3]
    assert paozi_in_force(state) == [3, 1, 2, 3]
    gone, _ = escape(state, 3)
    assert gone.result["points"] == scoring.escape_deltas(3, [3, 1, 2, 3])


def test_it_offers_paozi_zero_to_four() -> None:
    state, _ = new_hand("shaanxi", {}, dealer=1, seed="choices")
    assert [a.choice for a in legal_actions(state, 2)] == [0, 1, 2, 3, 4]
    assert observe(state, 2)["wild"] is None and observe(state, 2)["dice"][
        "second_roller"
    ] in range(4)


# ------------------------------------------------------------------ property test

HANDS = 200


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
    assert "wall" not in json.dumps(view).replace("wall_remaining", "")
    for h in view["hands"]:
        if h["seat"] != viewer and s.phase != PHASE_OVER:
            assert "concealed" not in h and "drawn" not in h and "lou_hu" not in h
            if s.n_discards == 0:  # §4: secret until the dealer's first discard
                assert h["paozi"] is None


def _expected_points(s: HandState) -> list[int]:
    """Shaanxi's money model, recomputed from the hand's facts with the calculator functions."""
    result = s.result
    assert result is not None
    kongs = scoring.kong_deltas(
        scoring.KongPayment(k["seat"], k["type"], k["from_seat"]) for k in s.kongs
    )
    if result["reason"] == "draw":
        return [0, 0, 0, 0]
    if result["reason"] == "escape":
        seat = next(i for i in range(4) if s.escaped[i])
        esc = scoring.escape_deltas(seat, paozi_in_force(s))
        return [a + b for a, b in zip(esc, kongs, strict=True)]
    (win,) = s.wins
    sc = scoring.score_win(
        winner=win["seat"],
        dealer=s.dealer,
        self_draw=win["how"] == "self_draw",
        paozi=paozi_in_force(s),
    )
    return [a + b for a, b in zip(sc.deltas, kongs, strict=True)]


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_it_keeps_the_invariants_over_seeded_bot_hands(bot: str) -> None:
    reasons: Counter[str] = Counter()
    n = HANDS if bot == "greedy" else HANDS // 2
    for i in range(n):
        seed = f"sx-{bot}-{i}"
        dealer = dice_seat(seed)
        state, events = new_hand("shaanxi", {}, dealer=dealer, seed=seed)
        full = _census(state)
        actions = []
        while state.phase != PHASE_OVER:
            assert _census(state) == full
            if i % 20 == 0:
                for viewer in (None, 0, 1, 2, 3):
                    _no_leak(state, viewer)
            seat = to_act(state)[0]
            if bot == "random" and i % 10 == 3 and len(actions) == 30:
                state, ev = escape(state, seat)
                actions.append({"seat": seat, "type": "escape"})
                events.extend(ev)
                break
            action = bot_choose(state, seat, kind=bot, rng_seed=i)
            state, ev = apply(state, action)
            events.extend(ev)
            actions.append(action.to_json())
        assert _census(state) == full
        points = state.result["points"]
        assert sum(points) == 0
        assert points == _expected_points(state)
        assert all(sum(e["deltas"]) == 0 for e in events if e["type"] == "score")
        assert len(state.wins) <= 1
        reasons[state.result["reason"]] += 1
        if not any(a["type"] == "escape" for a in actions):
            again, events2 = replay("shaanxi", {}, dealer=dealer, seed=seed, actions=actions)
            assert again == state and events2 == events
        assert HandState.from_json(json.loads(json.dumps(state.to_json()))) == state
    assert reasons["draw"] and (reasons["win"] or bot == "random")


def test_it_ends_the_hand_after_a_third_kong_below_the_new_reserve() -> None:
    # given a dealer holding four 9p, two kongs already made and R = 20 undrawn tiles
    tiles = [f"{n}{s}" for s in "mpsz" for n in range(1, 10 if s != "z" else 8) for _ in range(4)]
    nines = [i for i, t in enumerate(tiles) if t == "9p"]
    order = deal_order(0)
    dealer_slots = [i for i, s in enumerate(order) if s == 0][:4]
    for a, b in zip(nines, dealer_slots, strict=True):
        tiles[a], tiles[b] = tiles[b], tiles[a]
    state, _ = new_hand("shaanxi", {}, dealer=0, wall=tiles)
    fake = {
        "seat": 1,
        "type": "kong_concealed",
        "tile": "1z",
        "from_seat": None,
        "payments": [],
        "transferred": False,
    }
    state = replace(state, kongs=(fake, fake), head=len(state.wall) - 20)
    for seat in range(4):
        state, _ = apply(state, Action(seat, "paozi", choice=0))
    # when the dealer makes the third kong (reserve T(3) = 13 stacks = 26 > R)
    state, events = apply(state, Action(0, "kong_concealed", tile="9p"))
    # then the replacement tile is still drawn ...
    assert [e["tail"] for e in events if e["type"] == "draw"] == [True]
    assert state.phase != PHASE_OVER
    # ... and the next regular draw ends the hand as 荒庄 with the kong money returned
    discard = next(a for a in legal_actions(state, 0) if a.type == "discard")
    state, events = apply(state, discard)
    while state.phase != PHASE_OVER:
        state, more = apply(state, Action(to_act(state)[0], "pass"))
        events.extend(more)
    hz = next(e for e in events if e["type"] == "huang_zhuang")
    assert hz["kong_count"] == 3 and hz["tiles_remaining"] == 19 and hz["reserve_tiles"] == 26
    assert state.result["reason"] == "draw" and state.result["points"] == [0, 0, 0, 0]
