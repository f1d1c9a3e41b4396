"""The core's fast paths against plain reference versions, on seeded bot hands of every mode.

core's _claim_options skips the base hooks it knows the answer of, _turn_actions skips the kong
scan and can_kong_now when no kong is possible, draw_tile inlines live_count, legal_actions keeps
its last answer, simulate.play_hand drives the machine without to_act / per-action to_json. Each
is compared here with the straightforward version it replaces.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.engine import core
from games.engine.actions import (
    CHOW,
    DISCARD,
    HU,
    KONG_ADDED,
    KONG_CONCEALED,
    KONG_EXPOSED,
    PUNG,
    Action,
)
from games.engine.bots import bot_choose
from games.engine.core import (
    Rules,
    _apply_unchecked,
    apply,
    legal_actions,
    live_count,
    replace,
    rules_of,
    to_act,
)
from games.engine.registry import playable_modes
from games.engine.simulate import play_hand
from games.engine.state import PHASE_CLAIM, PHASE_OVER, PHASE_TURN, HandState
from games.engine.tiles import format_tiles, tile_str


def _modes() -> list[tuple[str, dict[str, Any]]]:
    return [(key, opts) for key, _label, opts in playable_modes()]


MODES = _modes()
HANDS = 12  # per bot kind and mode


def _walk(
    variant: str, opts: dict[str, Any], seed: str, bot: str
) -> list[tuple[HandState, Action]]:
    """Every (state, action) of one bot hand, the reference way: to_act, bot_choose, apply."""
    from games.engine import new_hand
    from games.engine.wall import dice_seat

    state, _ = new_hand(variant, opts, dealer=dice_seat(seed), seed=seed)
    out = []
    n = 0
    while state.phase != PHASE_OVER:
        action = bot_choose(state, to_act(state)[0], kind=bot, rng_seed=n)
        out.append((state, action))
        state, _ = apply(state, action)
        n += 1
    return out


def _states(variant: str, opts: dict[str, Any]) -> list[tuple[HandState, Action]]:
    return [
        step
        for bot in ("greedy", "random")
        for i in range(HANDS)
        for step in _walk(variant, opts, f"core-fast:{bot}:{i}", bot)
    ]


# -- references (the straightforward versions) ---------------------------------------------------


def _ref_turn_actions(state: HandState, seat: int, rules: Rules) -> list[Action]:
    out: list[Action] = []
    if state.drawn is not None and rules.can_win(state, seat, None, core.WIN_SELF):
        out.append(Action(seat, HU, tile=tile_str(state.drawn)))
    hand = state.hands[seat]
    if rules.can_kong_now(state):
        for t in sorted(set(hand)):
            if hand.count(t) == 4 and rules.can_meld(state, seat, KONG_CONCEALED, t):
                out.append(Action(seat, KONG_CONCEALED, tile=tile_str(t)))
        for m in state.melds[seat]:
            if (
                m.type == PUNG
                and m.kind in hand
                and rules.can_meld(state, seat, KONG_ADDED, m.kind)
            ):
                out.append(Action(seat, KONG_ADDED, tile=tile_str(m.kind)))
    out.extend(rules.own_turn_specials(state, seat))
    out.extend(Action(seat, DISCARD, tile=tile_str(t)) for t in rules.discard_options(state, seat))
    return out


def _ref_chow_options(state: HandState, seat: int, tile: int, rules: Rules) -> list[Action]:
    hand = state.hands[seat]
    out = []
    for low in (tile - 2, tile - 1, tile):
        if low < tile - tile % 9 or low % 9 > 6:
            continue
        run = (low, low + 1, low + 2)
        if all(t in hand for t in run if t != tile) and rules.can_meld(state, seat, CHOW, low):
            out.append(Action(seat, CHOW, tile=tile_str(tile), tiles=format_tiles(run)))
    return out


def _ref_claim_options(
    state: HandState, seat: int, tile: int, from_seat: int, kind: str, rules: Rules
) -> list[Action]:
    out: list[Action] = []
    how = core.WIN_ROB if kind == "rob" else core.WIN_DISCARD
    if rules.can_win(state, seat, tile, how):
        out.append(Action(seat, HU, tile=tile_str(tile)))
    if kind == "discard" and (live_count(state) > 0 or rules.claims_allowed_on_last_tile()):
        n = state.hands[seat].count(tile)
        if n >= 3 and rules.can_kong_now(state) and rules.can_meld(state, seat, KONG_EXPOSED, tile):
            out.append(Action(seat, KONG_EXPOSED, tile=tile_str(tile)))
        if n >= 2 and rules.can_meld(state, seat, PUNG, tile):
            out.append(Action(seat, PUNG, tile=tile_str(tile)))
        if rules.has_chow and seat == (from_seat + 1) % 4 and tile < 27:
            out.extend(_ref_chow_options(state, seat, tile, rules))
    out.extend(rules.claim_extras(state, seat, tile, from_seat, kind))
    if out:
        out.append(Action(seat, "pass"))
    return out


# -- the tests -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "opts"), MODES, ids=str)
def test_turn_actions_equal_the_reference(variant: str, opts: dict[str, Any]) -> None:
    rules = rules_of_variant(variant)
    n = 0
    for state, _a in _states(variant, opts):
        if state.phase != PHASE_TURN:
            continue
        for seat in range(4):
            got = legal_actions(state, seat)
            want = _ref_turn_actions(state, seat, rules) if seat == state.turn else []
            assert got == want
            n += 1
    assert n > 100


@pytest.mark.parametrize(("variant", "opts"), MODES, ids=str)
def test_claim_windows_equal_the_reference(variant: str, opts: dict[str, Any]) -> None:
    """After every discard, each seat's options in the window are _claim_options' (and the
    reference's); a seat with a forced win is answered for; no options, no window."""
    rules = rules_of_variant(variant)
    n_windows = 0
    for state, a in _states(variant, opts):
        if state.phase != PHASE_TURN or a.type != DISCARD:
            continue
        seat, tile = a.seat, core.parse_tile(a.tile or "")
        # the state _open_claim sees
        hand = list(state.hands[seat])
        hand.remove(tile)
        seen = replace(
            state,
            n_actions=state.n_actions + 1,
            hands=core._set(state.hands, seat, tuple(hand)),
            discards=core._set(state.discards, seat, state.discards[seat] + (tile,)),
            n_discards=state.n_discards + 1,
            last_discard=(seat, tile),
            drawn=None,
            after_kong=False,
        )
        want: dict[int, list[Action]] = {}
        forced: list[int] = []
        live = live_count(seen)
        for k in (1, 2, 3):
            s = (seat + k) % 4
            if seen.won[s]:
                continue
            ref = _ref_claim_options(seen, s, tile, seat, "discard", rules)
            assert core._claim_options(seen, s, tile, seat, "discard", rules, live) == ref
            if not ref:
                continue
            if ref[0].type == HU and rules.forced_win(seen, s):
                forced.append(s)
            else:
                want[s] = ref
        after, events = _apply_unchecked(state, a)
        assert events[0]["type"] == DISCARD
        answered = []
        for e in events[1:]:
            if e["type"] != "forced_win":
                break
            answered.append(e["seat"])
        assert answered == forced
        open_window = (
            after.phase == PHASE_CLAIM and after.claim is not None and after.claim.tile == tile
        )
        if open_window:
            assert after.claim is not None
            assert {s: list(acts) for s, acts in after.claim.options} == want
            n_windows += 1
        elif not forced:
            assert want == {}  # every seat with an option is waited for
    assert n_windows > 0


def rules_of_variant(variant: str) -> Rules:
    from games.engine import new_hand

    state, _ = new_hand(variant, {}, dealer=0, seed="rules")
    return rules_of(state)


@pytest.mark.parametrize(("variant", "opts"), MODES, ids=str)
@pytest.mark.parametrize("checked", [False, True], ids=["fast", "checked"])
def test_play_hand_equals_the_reference_loop(
    variant: str, opts: dict[str, Any], checked: bool
) -> None:
    for bot in ("greedy", "random"):
        for i in range(4):
            seed = f"core-fast-play:{i}"
            steps = _walk(variant, opts, seed, bot)
            from games.engine import new_hand
            from games.engine.wall import dice_seat

            state, events = new_hand(variant, opts, dealer=dice_seat(seed), seed=seed)
            for _s, a in steps:
                state, ev = apply(state, a)
                events += ev
            got = play_hand(variant, opts, seed, bot=bot, checked=checked)
            assert got[0] == state
            assert got[0].to_json() == state.to_json()
            assert got[1] == events
            assert got[2] == [a.to_json() for _s, a in steps]


def test_legal_actions_answers_a_fresh_list_for_the_same_state() -> None:
    state, a = next(
        (s, a)
        for s, a in _walk("sichuan", {}, "core-fast-legal", "greedy")
        if s.phase == PHASE_TURN
    )
    first = legal_actions(state, state.turn)
    first.clear()
    again = legal_actions(state, state.turn)
    assert again and again == _ref_turn_actions(state, state.turn, rules_of(state))
    other = (state.turn + 1) % 4
    assert legal_actions(state, other) == []
    assert legal_actions(state, state.turn) == again
    # an equal state that is another object is answered afresh, and equally
    copy = HandState.from_json(state.to_json())
    assert copy is not state and legal_actions(copy, state.turn) == again


def test_sorted_insert_equals_append_and_sort() -> None:
    rng = random.Random(7)
    for _ in range(2000):
        hand = tuple(sorted(rng.randrange(42) for _ in range(rng.randrange(15))))
        tile = rng.randrange(42)
        assert core._add(hand, tile) == tuple(sorted(hand + (tile,)))
        t = tuple(rng.randrange(9) for _ in range(4))
        i = rng.randrange(4)
        assert core._set(t, i, -1) == t[:i] + (-1,) + t[i + 1 :]


def test_chow_options_equal_the_reference() -> None:
    rng = random.Random(11)
    from games.engine import new_hand

    state, _ = new_hand("wuhan", {}, dealer=0, seed="chow")
    rules = Rules()
    for _ in range(3000):
        hand = tuple(sorted(rng.randrange(27) for _ in range(rng.randrange(1, 14))))
        st = replace(state, hands=core._set(state.hands, 1, hand))
        tile = rng.randrange(27)
        assert core._chow_options(st, 1, tile, rules) == _ref_chow_options(st, 1, tile, rules)


@pytest.mark.parametrize(("variant", "opts"), MODES, ids=str)
def test_states_handed_out_never_change(variant: str, opts: dict[str, Any]) -> None:
    """The machine writes the fields of its private working copy in place (core._own): every state
    apply took or returned keeps its value after later steps, and draw_tile / the discard path
    called on a state that is not the working copy leave that state alone."""
    from games.engine import new_hand
    from games.engine.wall import dice_seat

    for i in range(3):
        seed = f"core-fast-frozen:{i}"
        state, _ = new_hand(variant, opts, dealer=dice_seat(seed), seed=seed)
        seen = [(state, state.to_json())]
        n = 0
        while state.phase != PHASE_OVER:
            state, _ = _apply_unchecked(state, bot_choose(state, to_act(state)[0], rng_seed=n))
            seen.append((state, state.to_json()))
            n += 1
        for st, snap in seen:
            assert st.to_json() == snap
    # outside an apply nothing is the working copy: these build new states
    for st, snap in seen:
        if st.phase != PHASE_TURN:
            continue
        after = core.draw_tile(st, (st.turn + 1) % 4, [])
        assert after is not st and st.to_json() == snap
        if st.drawn is not None and st.drawn in st.hands[st.turn]:
            rules = rules_of(st)
            core._do_discard(st, st.turn, st.drawn, [], rules)
            assert st.to_json() == snap
