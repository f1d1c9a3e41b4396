"""The hand state machine through the public API (docs/engine-api.md), Sichuan as the variant."""

from __future__ import annotations

import json

import pytest

from games.engine import (
    Action,
    EngineError,
    HandState,
    IllegalActionError,
    InvalidOptionsError,
    UnknownVariantError,
    apply,
    coin_settlement,
    default_action,
    hand_result,
    is_over,
    legal_actions,
    new_hand,
    observe,
    options_validate,
    redact_events,
    to_act,
    variant_get,
)
from tests.games.engine.generators.make_scenarios import build_wall


def _hand(hands, draws=(), tail=(), options=None, voids=None):
    wall = build_wall(hands, list(draws), list(tail))
    state, events = new_hand("sichuan", options or {}, dealer=0, wall=wall)
    if voids:
        for seat, v in enumerate(voids):
            state, ev = apply(state, Action(seat, "dingque", choice=v))
            events += ev
    return state, events


def test_it_deals_thirteen_tiles_and_fourteen_to_the_dealer():
    state, events = new_hand("sichuan", {}, dealer=2, seed="deal")
    assert [len(h) for h in state.hands] == [13, 13, 14, 13]
    assert observe(state, 0)["wall_remaining"] == 55
    assert events[0]["type"] == "deal" and state.phase == "choice"


def test_it_keeps_dingque_secret_until_all_four_have_chosen():
    state, _ = new_hand("sichuan", {}, dealer=0, seed="dq")
    state, ev = apply(state, Action(1, "dingque", choice="p"))
    assert redact_events(ev, 0)[0]["choice"] is None
    assert redact_events(ev, 1)[0]["choice"] == "p"
    assert observe(state, 0)["hands"][1]["dingque"] is None
    assert observe(state, 1)["hands"][1]["dingque"] == "p"
    with pytest.raises(IllegalActionError, match="already made"):
        apply(state, Action(1, "dingque", choice="m"))
    for seat in (0, 2, 3):
        state, ev = apply(state, default_action(state, seat))
    assert ev[-1] == {
        "type": "reveal",
        "kind": "dingque",
        "choices": [state.choices[s] for s in range(4)],
    }
    assert observe(state, 0)["hands"][1]["dingque"] == "p"
    assert to_act(state) == [0]


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("1234m123456789p", "s"),
        ("123m456p789s1239s", "m"),
        ("1234m1234p12345s", "m"),
        ("12345m1234p1234s", "p"),
    ],
)
def test_it_defaults_dingque_to_the_fewest_suit_with_ties_m_p_s(hand, expected):
    state, _ = _hand([None, hand, None, None])
    assert default_action(state, 1) == Action(1, "dingque", choice=expected)


def test_it_forces_void_suit_discards_first():
    state, _ = _hand(["1m2m3m4p5p6p7p8p9p1s2s3s4s5s", None, None, None], voids=["m", "p", "p", "p"])
    assert {a.tile for a in legal_actions(state, 0) if a.type == "discard"} == {"1m", "2m", "3m"}
    with pytest.raises(IllegalActionError, match="may not discard 4p"):
        apply(state, Action(0, "discard", tile="4p"))


def test_it_names_why_an_action_is_illegal_and_leaves_the_state_unchanged():
    state, _ = _hand(["1m2m3m4p5p6p7p8p9p1s2s3s4s5s", None, None, None], voids=["s", "s", "s", "s"])
    before = state.to_json()
    cases = [
        (Action(1, "discard", tile="1m"), "not seat 1's turn"),
        (Action(0, "discard", tile="9m"), "does not hold 9m"),
        (Action(7, "discard", tile="1m"), "seat must be 0-3"),
        (Action(0, "pung", tile="1m"), "pung is not allowed now"),
        (Action(0, "hu", tile="1m"), "hu is not allowed now"),
    ]
    for action, why in cases:
        with pytest.raises(IllegalActionError, match=why):
            apply(state, action)
    assert state.to_json() == before


def test_it_round_trips_actions_and_state_through_json():
    state, _ = new_hand("sichuan", {"bloody": True}, dealer=1, seed="json")
    for a in [Action(0, "dingque", choice="m"), Action(2, "chow", tile="3m", tiles="345m")]:
        assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a
    with pytest.raises(IllegalActionError, match="seat must be an integer"):
        Action.from_json({"seat": "x", "type": "pass"})
    assert HandState.from_json(json.loads(json.dumps(state.to_json()))) == state


def test_it_shows_a_seat_only_its_own_concealed_tiles():
    state, events = new_hand("sichuan", {}, dealer=0, seed="obs")
    view = observe(state, 2)
    assert "concealed" in view["hands"][2] and all(
        "concealed" not in view["hands"][s] for s in (0, 1, 3)
    )
    assert view["legal"] == [{"seat": 2, "type": "dingque", "choice": c} for c in "mps"]
    spectator = observe(state, None)
    assert all("concealed" not in h for h in spectator["hands"]) and spectator["legal"] == []
    assert '"wall"' not in json.dumps(view)
    assert redact_events(events, None)[0]["hands"] == [None] * 4


def test_it_scores_tianhu_for_the_dealers_dealt_win():
    state, _ = _hand(["123m456m789m123p11p", None, None, None], voids=["s", "m", "m", "m"])
    assert Action(0, "hu", tile=default_action(state, 0).tile) in legal_actions(state, 0)
    hu = next(a for a in legal_actions(state, 0) if a.type == "hu")
    state, _ = apply(state, hu)
    assert is_over(state)
    result = hand_result(state)
    assert result["wins"][0]["patterns"] == ["tianhu"]
    assert result["points"] == [576, -192, -192, -192]
    assert result["next_dealer"] == 0


def test_it_pays_a_concealed_kong_and_scores_gangshanghua_on_the_replacement():
    state, _ = _hand(
        ["1111m234m567m99p12p", None, None, None], tail=["3p"], voids=["s", "m", "m", "m"]
    )
    state, events = apply(state, Action(0, "kong_concealed", tile="1m"))
    assert [e for e in events if e["type"] == "score"][0]["deltas"] == [36, -12, -12, -12]
    assert events[-1]["type"] == "draw" and events[-1]["tail"] is True
    hu = next(a for a in legal_actions(state, 0) if a.type == "hu")
    state, _ = apply(state, hu)
    win = hand_result(state)["wins"][0]
    assert sorted(win["patterns"]) == ["gangshanghua", "pinghu"] and win["fan"] == 3
    assert hand_result(state)["points"] == [36 + 72, -36, -36, -36]


def test_it_refuses_kongs_and_pungs_of_the_void_suit():
    state, _ = _hand(["1111m234m567m99p12p", None, None, None], voids=["m", "s", "s", "s"])
    assert not any(a.type == "kong_concealed" for a in legal_actions(state, 0))


def test_it_validates_variants_and_options():
    assert options_validate("sichuan", None) == {"bloody": False}
    with pytest.raises(InvalidOptionsError, match="unknown option"):
        options_validate("sichuan", {"koukou": True})
    with pytest.raises(InvalidOptionsError, match="must be bool"):
        options_validate("sichuan", {"bloody": "yes"})
    with pytest.raises(UnknownVariantError, match="unknown variant 'mars'"):
        variant_get("mars")
    with pytest.raises(EngineError, match="exactly one of seed and wall"):
        new_hand("sichuan", {}, dealer=0)
    with pytest.raises(EngineError, match="dealer must be"):
        new_hand("sichuan", {}, dealer=4, seed="x")


def test_it_settles_coins_with_and_without_rake():
    assert coin_settlement("sichuan", [-48, 144, -48, -48], 50, 30) == (
        [-2430, 7170, -2430, -2430],
        120,
    )
    assert coin_settlement("fuzhou", [-3, 9, -3, -3], 10, 5) == ([-30, 90, -30, -30], 0)


def test_it_rolls_the_bloody_dealer_from_the_seed():
    from games.engine.simulate import play_hand

    a, _, _ = play_hand("sichuan", {"bloody": True}, "dice-1")
    b, _, _ = play_hand("sichuan", {"bloody": True}, "dice-1")
    assert a.result["next_dealer"] == b.result["next_dealer"] in range(4)


DIHU_DEALER = "11s23s45s67s89s4567p"


def test_it_scores_dihu_on_a_non_dealers_first_uninterrupted_draw():
    state, _ = _hand(
        [DIHU_DEALER, "123456789m1399p", None, None], draws=["2p"], voids=["m", "s", "m", "m"]
    )
    state, _ = apply(state, Action(0, "discard", tile="9s"))
    while to_act(state) != [1]:
        state, _ = apply(state, Action(to_act(state)[0], "pass"))
    hu = next(a for a in legal_actions(state, 1) if a.type == "hu")
    state, _ = apply(state, hu)
    assert hand_result(state)["wins"][0]["patterns"] == ["dihu"]
    assert hand_result(state)["points"] == [-192, 576, -192, -192]


def test_it_charges_the_discarder_for_an_exposed_kong():
    state, _ = _hand([DIHU_DEALER, None, "999s1234m1234p56m", None], voids=["m", "s", "p", "m"])
    state, _ = apply(state, Action(0, "discard", tile="9s"))
    assert Action(2, "kong_exposed", tile="9s") in legal_actions(state, 2)
    state, events = apply(state, Action(2, "kong_exposed", tile="9s"))
    assert [e["deltas"] for e in events if e["type"] == "score"] == [[-6, 0, 6, 0]]
    assert state.melds[2][0].type == "kong_exposed" and state.melds[2][0].from_ == 2
    assert to_act(state) == [2] and events[-1]["type"] == "draw" and events[-1]["tail"]
    assert state.discards[0] == ()
