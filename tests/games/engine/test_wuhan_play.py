"""Wuhan play (games/engine/variants/wuhan/play.py): seeded bot hands and rule checks.

The property part plays a few hundred seeded hands (greedy and random bots, 开口翻 and 口口翻) and
checks tile conservation (the flipped indicator included), zero-sum scores, replay identity, JSON
round trips and that observe() never shows another seat's concealed tiles. The rest pins Wuhan
rules on the scenario walls of scenarios/wuhan_*.json.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

import pytest

from games.engine import HandState, apply, legal_actions, new_hand, observe, replay, to_act
from games.engine.actions import Action
from games.engine.bots import bot_choose
from games.engine.core import rules_of
from games.engine.state import PHASE_OVER
from games.engine.tiles import parse_tiles, tile_str
from games.engine.variants.wuhan.rules import RED_DRAGON, laizi_for

HANDS = int(os.environ.get("QUE_WUHAN_HANDS", "150"))  # per (mode, bot)
SCENARIOS = Path(__file__).parent / "scenarios"


def _census(s: HandState) -> Counter[int]:
    c: Counter[int] = Counter()
    for seat in range(4):
        c.update(s.hands[seat])
        c.update(s.discards[seat])
        c.update(s.flowers[seat])  # 红中杠 / 癞子杠 tiles lie in the seat's kong area
        for m in s.melds[seat]:
            c.update(m.tiles)
    c.update(s.wall[s.head : len(s.wall) - s.tail])
    c.update(rules_of(s).set_aside(s))
    return c


def _check_rules(s: HandState) -> None:
    laizi = s.ext["laizi"]
    assert laizi == laizi_for(s.ext["indicator"]) and laizi != RED_DRAGON
    for seat in range(4):
        for m in s.melds[seat]:
            assert laizi not in m.tiles and RED_DRAGON not in m.tiles, "癞子 / 红中 in a meld"
        assert all(t in (laizi, RED_DRAGON) for t in s.flowers[seat])
        for a in legal_actions(s, seat):
            if a.type == "discard":
                assert a.tile not in (tile_str(laizi), "7z")


def _play(options: dict, seed: str, bot: str, deep: bool) -> HandState:
    state, events = new_hand("wuhan", options, dealer=len(seed) % 4, seed=seed)
    full = Counter(rules_of(state).tile_list())
    actions = []
    while state.phase != PHASE_OVER:
        assert _census(state) == full
        _check_rules(state)
        if deep:
            for viewer in (None, 0, 1, 2, 3):
                _check_view(state, viewer)
        seat = to_act(state)[0]
        action = bot_choose(state, seat, kind=bot, rng_seed=len(actions))
        state, ev = apply(state, action)
        events.extend(ev)
        actions.append(action.to_json())
        assert len(actions) < 1000
    assert _census(state) == full
    total = [0, 0, 0, 0]
    for e in events:
        if e["type"] == "score":
            assert sum(e["deltas"]) == 0
            total = [a + b for a, b in zip(total, e["deltas"], strict=True)]
    assert total == list(state.scores) == state.result["points"] and sum(total) == 0
    gold = 500 if options.get("koukou") else 400
    for w in state.wins:
        assert w["patterns"][-1] in ("ying_hu", "ruan_hu")
        # 封顶/金顶: a loser pays at most the 金顶, a 承包 payer at most three of them
        assert max(-d for d in w["deltas"]) <= (gold if w["cheng_bao"] is None else 3 * gold)
    if state.result["reason"] == "draw":
        assert state.result["points"] == [0, 0, 0, 0]
        assert state.result["next_dealer"] == state.dealer
    again, events2 = replay("wuhan", options, dealer=state.dealer, seed=seed, actions=actions)
    assert events2 == events and again == state
    assert HandState.from_json(json.loads(json.dumps(state.to_json()))) == state
    return state


def _check_view(state: HandState, viewer: int | None) -> None:
    view = observe(state, viewer)
    text = json.dumps(view, ensure_ascii=False)
    assert '"wall"' not in text
    assert view["wild"] == tile_str(state.ext["laizi"])
    assert view["indicator"] == tile_str(state.ext["indicator"])
    for h in view["hands"]:
        if h["seat"] != viewer and state.phase != PHASE_OVER:
            assert "concealed" not in h and "drawn" not in h


@pytest.mark.parametrize("options", [{}, {"koukou": True}], ids=["kaikou", "koukou"])
@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_it_keeps_invariants_over_seeded_bot_hands(options: dict, bot: str) -> None:
    reasons: Counter[str] = Counter()
    for i in range(HANDS):
        state = _play(options, f"wuhan-prop-{bot}-{i}", bot, deep=i % 30 == 0)
        reasons[state.result["reason"]] += 1
    if bot == "greedy":
        assert reasons["win"] > HANDS // 3, reasons  # the greedy bot opens and wins


def _scenario(name: str) -> dict:
    return json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))


def run_scenario(data: dict) -> tuple[HandState, list[dict]]:
    return replay(
        "wuhan",
        data.get("options"),
        dealer=data["dealer"],
        wall=data.get("wall"),
        seed=data.get("seed"),
        actions=data["actions"],
    )


def test_it_offers_no_hu_to_an_unopened_complete_hand() -> None:
    # given seat 1 holding 123m456m789m55s46p, unopened, and the dealer discarding 5p
    data = _scenario("wuhan_kaikou_required")
    state, _ = new_hand("wuhan", {}, dealer=0, wall=data["wall"])
    state, _ = apply(state, Action(0, "discard", tile="5p"))
    # then seat 1 may only chow or pass
    assert {a.type for a in legal_actions(state, 1)} == {"chow", "pass"}


def test_it_lays_out_red_dragon_with_a_tail_replacement() -> None:
    data = _scenario("wuhan_hongzhong_laizi_gang_shang_hua")
    state, _ = new_hand("wuhan", {}, dealer=0, wall=data["wall"])
    assert Action(0, "hongzhong_gang", tile="7z") in legal_actions(state, 0)
    assert Action(0, "discard", tile="7z") not in legal_actions(state, 0)
    state2, events = apply(state, Action(0, "hongzhong_gang", tile="7z"))
    assert [e["type"] for e in events] == ["hongzhong_gang", "draw"]
    assert events[1]["tail"] is True and events[1]["tile"] == "7p"
    assert state2.flowers[0] == (RED_DRAGON,) and state2.ext["hongzhong_gang"] == [1, 0, 0, 0]
    assert observe(state2, 2)["hands"][0]["hongzhong_gang"] == 1


def test_it_shows_the_indicator_and_keeps_it_out_of_play() -> None:
    data = _scenario("wuhan_qiang_gang_cheng_bao")
    state, events = new_hand("wuhan", {}, dealer=2, wall=data["wall"])
    assert {"type": "laizi", "indicator": "3z", "laizi": "4z"} in events
    assert state.head == 54 and state.wall[53] == parse_tiles("3z")[0]
    view = observe(state, None)
    assert view["wild"] == "4z" and view["indicator"] == "3z"
    assert view["wall_remaining"] == 136 - 54 - 10


def test_it_gives_a_double_hu_to_the_dealer_first() -> None:
    state, events = run_scenario(_scenario("wuhan_single_winner_dealer_order"))
    (single,) = [e for e in events if e["type"] == "single_winner"]
    assert single == {"type": "single_winner", "winner": 2, "claimants": [0, 2]}
    assert [w["seat"] for w in state.wins] == [2]


def test_it_scores_a_robbed_kong_as_cheng_bao() -> None:
    state, _ = run_scenario(_scenario("wuhan_qiang_gang_cheng_bao"))
    (win,) = state.wins
    assert win["cheng_bao"] == 1 and win["raw"] == [40, 120, 40, 0]
    assert [m["type"] for m in state.result["hands"][1]["melds"]] == ["pung"]  # the kong is void


def test_it_rejects_unknown_options() -> None:
    from games.engine.errors import InvalidOptionsError

    with pytest.raises(InvalidOptionsError):
        new_hand("wuhan", {"kaikou": True}, dealer=0, seed="x")


def test_it_hides_a_concealed_kong_from_the_other_seats() -> None:
    from games.engine import redact_events

    # given a seeded hand played by greedy bots until someone makes an 暗杠
    for i in range(400):
        state, _ = new_hand("wuhan", {}, dealer=0, seed=f"wuhan-ankong-{i}")
        while state.phase != PHASE_OVER:
            seat = to_act(state)[0]
            action = bot_choose(state, seat, rng_seed=i)
            state, events = apply(state, action)
            if action.type == "kong_concealed":
                break
        else:
            continue
        # then the kong's tile reaches only its owner, in events and in observe()
        (kong,) = [e for e in events if e["type"] == "kong"]
        other = (seat + 1) % 4
        assert [e["tile"] for e in redact_events(events, other) if e["type"] == "kong"] == [None]
        assert [e["tile"] for e in redact_events(events, seat) if e["type"] == "kong"] == [
            kong["tile"]
        ]
        hidden = observe(state, other)["hands"][seat]["melds"]
        assert {"type": "kong_concealed", "tiles": None} in hidden
        own = observe(state, seat)["hands"][seat]["melds"]
        assert {"type": "kong_concealed", "tiles": kong["tile"][0] * 4 + kong["tile"][1]} in own
        return
    pytest.fail("no 暗杠 in 400 seeded hands")


@pytest.mark.parametrize("mode", [{}, {"koukou": True}])
@pytest.mark.parametrize("dealer", range(4))
def test_an_escape_passes_the_deal_to_the_next_seat(mode: dict[str, bool], dealer: int) -> None:
    from games.engine import escape

    # given a hand a few discards in, nobody has won (Wuhan ends the hand on the first win)
    state, _ = new_hand("wuhan", mode, dealer=dealer, seed=f"wuhan-escape-{dealer}")
    for _ in range(6):
        seat = to_act(state)[0]
        state, _ = apply(state, bot_choose(state, seat, rng_seed=dealer))
    assert state.phase != PHASE_OVER and not state.wins
    # when any seat, the dealer too, escapes, then the hand is not a draw: §1 passes the deal
    for escaper in range(4):
        gone, _ = escape(state, escaper)
        assert gone.result["reason"] == "escape"
        assert gone.result["next_dealer"] == (dealer + 1) % 4
