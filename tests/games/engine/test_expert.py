"""The expert bot (games.engine.expert): legal in every mode, decides from its seat's knowledge,
and reasons as a player would on hand-built positions (docs/engine-expert.md)."""

from __future__ import annotations

import random

import pytest

from games.engine import IllegalActionError, apply, legal_actions, new_hand, parse_tiles, to_act
from games.engine.bots import KINDS, bot_choose
from games.engine.core import live_count
from games.engine.expert import RankedOption, expert_choose, rank_options, review_hand
from games.engine.registry import playable_modes
from games.engine.simulate import play_hand
from games.engine.state import PHASE_CLAIM, PHASE_OVER, PHASE_TURN
from games.engine.tiles import parse_meld
from tests.games.engine.standin import stand_in
from tests.games.engine.test_seat_knowledge import disguise

MODES = playable_modes()


def hand(text: str) -> tuple[int, ...]:
    return tuple(sorted(parse_tiles(text)))


def one(text: str) -> int:
    return parse_tiles(text)[0]


def play_expert(key, opts, seed, experts=(0, 1, 2, 3)):
    """Play one hand, the expert in ``experts`` and greedy bots elsewhere; yields every
    (state, seat) the expert decided on, then the final state."""
    state, _ = new_hand(key, opts, dealer=None, seed=seed)
    steps = []
    n = 0
    while state.phase != PHASE_OVER:
        n += 1
        assert n < 3000
        seat = to_act(state)[0]
        kind = "expert" if seat in experts else "greedy"
        action = bot_choose(state, seat, kind=kind, rng_seed=n)
        if kind == "expert":
            steps.append((state, seat, action))
        state, _ = apply(state, action)
    return steps, state


# ---------------------------------------------------------------------------------- every mode


@pytest.mark.parametrize(("key", "label", "opts"), MODES, ids=[f"{k}-{lb}" for k, lb, _ in MODES])
def test_it_plays_legal_actions_to_the_end_in_every_mode(key, label, opts):
    for i in range(2):
        steps, final = play_expert(key, opts, f"expert-legal:{i}")
        assert final.phase == PHASE_OVER and sum(final.result["points"]) == 0
        for state, seat, action in steps:
            assert action in legal_actions(state, seat)


@pytest.mark.parametrize(("key", "label", "opts"), MODES, ids=[f"{k}-{lb}" for k, lb, _ in MODES])
def test_it_ranks_every_legal_action_best_first(key, label, opts):
    steps, _ = play_expert(key, opts, "expert-rank", experts=(1,))
    assert steps
    for state, seat, action in steps[::3]:
        ranked = rank_options(state, seat)
        legal = [a for a in legal_actions(state, seat) if a.type != "prop"]
        assert sorted(map(repr, (r.action for r in ranked))) == sorted(map(repr, legal))
        values = [r.value for r in ranked]
        assert values == sorted(values, reverse=True)
        assert all(isinstance(r, RankedOption) and r.reason for r in ranked)
        if len(legal) > 1:
            assert ranked[0].action == action


@pytest.mark.parametrize(("key", "label", "opts"), MODES, ids=[f"{k}-{lb}" for k, lb, _ in MODES])
def test_it_decides_only_from_what_its_seat_may_know(key, label, opts):
    # given states that differ only in what the deciding seat cannot see (the other seats'
    # concealed tiles, the undrawn wall, secret choices and locks: test_seat_knowledge.disguise)
    rng = random.Random(f"expert-knowledge:{key}:{label}")
    checked = 0
    for i in range(2):
        steps, _ = play_expert(key, opts, f"expert-knowledge:{i}")
        for state, seat, action in steps[:: 1 + len(steps) // 25]:
            twin = disguise(state, seat, rng, keep_wall=0)
            if twin == state:
                continue
            # then the expert ranks the options alike and picks the same action
            assert rank_options(twin, seat) == rank_options(state, seat)
            assert expert_choose(twin, seat) == action
            checked += 1
    assert checked >= 5


def test_it_is_a_bot_kind():
    assert "expert" in KINDS
    state, _, _ = play_hand("sichuan", {}, "expert-kind", bot="expert")
    assert state.phase == PHASE_OVER


def test_it_is_deterministic():
    a = play_hand("wuhan", {}, "expert-det", bot="expert")[2]
    b = play_hand("wuhan", {}, "expert-det", bot="expert")[2]
    assert a == b


# ------------------------------------------------------------------------ hand-built positions

OTHERS = (hand("1112223334445m"), hand("1112223334445m"), hand("1112223334445m"))


def test_it_takes_the_obvious_self_drawn_win():
    state = stand_in(
        "sichuan",
        phase=PHASE_TURN,
        turn=0,
        choices=("s", "s", "p", "p"),
        hands=(hand("123m456m789m11p234p"), *OTHERS),
        drawn=one("4p"),
    )
    assert expert_choose(state, 0).type == "hu"
    assert rank_options(state, 0)[0].reason.startswith("wins")


def discard_win_window():
    """Seat 0 ready on 1p/4p, seat 3 has just thrown 4p: the claim window."""
    state = stand_in(
        "sichuan", phase=PHASE_TURN, turn=3, choices=("s", "s", "p", "s"),
        hands=(hand("123m456m789m11p23p"), hand("1112223334445m"), hand("1112223334445m"),
               hand("111222333444m4p")),
        drawn=one("4p"),
    )  # fmt: skip
    state, _ = apply(state, next(a for a in legal_actions(state, 3) if a.tile == "4p"))
    return state


def test_it_takes_the_obvious_discard_win():
    state = discard_win_window()
    assert state.phase == PHASE_CLAIM and 0 in to_act(state)
    assert expert_choose(state, 0).type == "hu"
    ranked = rank_options(state, 0)
    passed = next(r for r in ranked if r.action.type == "pass")
    assert ranked[0].action.type == "hu" and ranked[0].value > passed.value


def test_it_keeps_the_winning_shape():
    # given a ready hand (waits 1p/4p) and a drawn isolated 7p
    state = stand_in(
        "sichuan",
        phase=PHASE_TURN,
        turn=0,
        choices=("s", "s", "p", "p"),
        hands=(hand("123m456m789m11p23p7p"), *OTHERS),
        drawn=one("7p"),
    )
    best = rank_options(state, 0)[0]
    assert best.action.tile == "7p" and best.reason.startswith("ready")


def dangerous_position(live: int):
    """Seat 1 shows four pungs of dots (a flush, one tile in hand) and threw a dozen tiles; seat
    0 (void m) may keep its best wait by throwing 9p, or throw a bamboo, which seat 1 (void s)
    can never win on."""
    pungs = tuple(
        parse_meld({"type": "pung", "tiles": t, "from": 1})
        for t in ("111p", "444p", "777p", "555p")
    )
    state = stand_in(
        "sichuan",
        phase=PHASE_TURN,
        turn=0,
        choices=("m", "s", "m", "m"),
        hands=(hand("234p789s222s456s3s9p"), hand("8p"), hand("1112223334445p"), hand("2223334445556p")),
        melds=((), pungs, (), ()),
        discards=(hand("1m2m1s"), hand("1m3m5m6m9m1s2s3s4s5s6s8m"), hand("2m3m9m"), hand("4m5m8m")),
        drawn=one("9p"),
    )  # fmt: skip
    return stand_in("sichuan", **{**_fields(state), "head": len(state.wall) - live})


def _fields(state):
    from games.engine.state import FIELDS

    return {name: getattr(state, name) for name in FIELDS if name != "variant"}


def test_it_avoids_the_plainly_dangerous_discard():
    state = dangerous_position(live=8)
    assert live_count(state) == 8
    # the greedy bot keeps the best shape and throws 9p into the flush
    assert bot_choose(state, 0).tile == "9p"
    ranked = rank_options(state, 0)
    assert ranked[0].action.tile.endswith("s")
    nine = next(r for r in ranked if r.action.tile == "9p")
    assert "dangerous" in nine.reason


def test_it_keeps_the_best_wait_when_nobody_threatens():
    # the same hand early, before any opponent has melded or thrown much
    state = dangerous_position(live=50)
    quiet = stand_in(
        "sichuan",
        **{
            **_fields(state),
            "melds": ((), (), (), ()),
            "hands": (state.hands[0], hand("1112223334445p"), *state.hands[2:]),
            "discards": (hand("1m"), hand("2m"), hand("3m"), ()),
        },
    )
    assert rank_options(quiet, 0)[0].action.tile == "9p"


def test_it_chooses_the_void_suit_that_keeps_the_best_hand():
    # given 13 tiles: four of m, four of p (all loose), five of s in two sets minus one
    state = stand_in(
        "sichuan", phase="choice", turn=0, choices=(None, None, None, None),
        hands=(hand("1357m2468p12345s"), *OTHERS),
        drawn=None,
    )  # fmt: skip
    ranked = rank_options(state, 1 - 1)
    assert [r.action.type for r in ranked] == ["dingque"] * 3
    assert ranked[0].action.choice in ("m", "p")  # never void the suit that holds the sets


# ------------------------------------------------------------------------------------ review


def test_review_hand_lists_each_decision_of_the_seat():
    state, events, actions = play_hand("sichuan", {}, "expert-review")
    record = {"variant": "sichuan", "options": {}, "dealer": state.dealer, "seed": "expert-review",
              "actions": actions}  # fmt: skip
    review = review_hand(record, 2, top=3)
    assert review["seat"] == 2 and review["variant"] == "sichuan"
    decisions = review["decisions"]
    assert decisions and review["summary"]["decisions"] == len(decisions)
    assert review["summary"]["matched"] == sum(d["matched"] for d in decisions)
    for d in decisions:
        assert actions[d["index"]]["seat"] == 2
        assert d["chosen"] == actions[d["index"]]
        assert 2 <= len(d["options"]) <= 3 and d["loss"] >= 0
        assert d["matched"] == (d["options"][0]["action"] == d["chosen"])
        assert d["loss"] == round(d["options"][0]["value"] - d["chosen_value"], 2) or d["matched"]
    costliest = review["summary"]["costliest"]
    losses = {d["index"]: d["loss"] for d in decisions}
    assert len(costliest) <= 3 and all(losses[i] > 0 for i in costliest)
    assert [losses[i] for i in costliest] == sorted((losses[i] for i in costliest), reverse=True)


def test_review_hand_marks_a_passed_win_as_costly():
    # given a greedy hand won on a discard, and its record with that win passed instead
    for i in range(40):
        final, _events, actions = play_hand("sichuan", {}, f"expert-passed:{i}")
        wins = [w for w in final.wins if w["from"] is not None]
        if wins:
            break
    winner = wins[0]["seat"]
    at = next(j for j, a in enumerate(actions) if a["type"] == "hu" and a["seat"] == winner)
    passed = {"seat": winner, "type": "pass"}
    record = {"variant": "sichuan", "dealer": final.dealer, "seed": f"expert-passed:{i}",
              "actions": [*actions[:at], passed]}  # fmt: skip
    # when the winner's play is reviewed
    review = review_hand(record, winner)
    # then the pass is the decision that differs, a costly one
    last = review["decisions"][-1]
    assert last["index"] == at and last["chosen"] == passed and not last["matched"]
    assert last["options"][0]["action"]["type"] == "hu" and last["loss"] > 0
    assert at in review["summary"]["costliest"]


def test_it_refuses_a_seat_with_nothing_to_do():
    state = stand_in("sichuan", phase=PHASE_TURN, turn=0, choices=("s", "s", "p", "p"))
    with pytest.raises(IllegalActionError):
        expert_choose(state, 1)
    assert rank_options(state, 1) == []


def test_review_hand_replays_an_escape():
    # given the first actions of a hand, then seat 1 leaving it
    _state, _events, actions = play_hand("sichuan", {}, "expert-escape")
    record = {"variant": "sichuan", "dealer": _state.dealer, "seed": "expert-escape",
              "actions": [*actions[:12], {"seat": 1, "type": "escape"}]}  # fmt: skip
    review = review_hand(record, 0)
    assert all(d["index"] < 12 for d in review["decisions"])
    assert review["summary"]["decisions"] == len(review["decisions"])
