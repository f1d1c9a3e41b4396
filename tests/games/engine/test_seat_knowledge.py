"""Every seat sees only what it may know (issue 13): a property test over every playable mode.

Seeded hands with mixed greedy and random play (and an escape in some of them). At every step
(``new_hand``, each ``apply``, ``escape``), for every seat and a spectator, the events redacted
for it (``redact_events``) and its view (``observe``) are held against what it may know. The checker
does not ask the redaction code what is secret; it works it out from the state and the specs:

* a ``deal`` shows the seat exactly the tiles the deal gave it (flowers included: they are laid
  out from the hand afterwards), computed here from the wall and each variant's deal order
  (sichuan.md §1 contiguous; shaanxi.md §3.5, wuhan.md §1, yiwu.md §4.2: blocks of four then
  single tiles; fuzhou.md §3.2: four rounds of four), and nothing of another seat;
* another seat's ``draw`` shows no tile;
* every tile an event shows the seat is one it can see: its own tiles and the public ones (the
  view of the seat, which the swap tests below check independently);
* 定缺, 炮子 and 买子/下子 choices are secret until their reveal (all four in; 炮子: the dealer's
  first discard, and nobody even learns *whether* another seat chose);
* swap tests: shuffle everything the seat may not know (the other seats' concealed tiles, the
  undrawn wall, secret choices, other seats' 漏胡 / 同圈 locks) into another state that the seat
  cannot tell from the real one. Its view must not change, and the same action must give it the
  same events (when the public course of the hand is the same in both).
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from typing import Any

import pytest

from games.engine import (
    Action,
    HandState,
    IllegalActionError,
    apply,
    escape,
    new_hand,
    observe,
    redact_events,
    to_act,
    wall_from_seed,
)
from games.engine.bots import bot_choose
from games.engine.core import legal_actions, replace, rules_of
from games.engine.registry import playable_modes
from games.engine.state import N_SEATS, PHASE_CHOICE, PHASE_CLAIM, PHASE_OVER
from games.engine.tiles import parse_tiles, tile_str
from tests.games.engine.seat_knowledge import (
    check_event,
    choices_revealed,
    dealt_hands,
    known_tiles,
    whether_secret,
)

HANDS = int(os.environ.get("QUE_SEAT_HANDS", "6"))  # per playable mode
MODES = playable_modes()

Step = Action | tuple[str, int]  # an action, or ("escape", seat)
VIEWERS = (0, 1, 2, 3, None)  # the four seats and a spectator


# ------------------------------------------------------------------ the swap: another state the seat cannot tell apart


def _is_flower(state: HandState, tile: int) -> bool:
    return state.variant == "fuzhou" and tile >= 27  # fuzhou.md §1: honours and f are flowers


def disguise(
    state: HandState,
    viewer: int | None,
    rng: random.Random,
    *,
    pins: dict[int, list[int]] | None = None,
    keep_wall: int = 0,
    secret_choices: bool = True,
) -> HandState:
    """``state`` with everything ``viewer`` may not know shuffled: the concealed tiles of the other
    seats still in the hand (minus ``pins``, and the drawn tile), the undrawn wall but
    ``keep_wall`` tiles at each end, secret choices (unless ``secret_choices`` is False: a step
    about to reveal them) and the other seats' 漏胡 / 同圈 locks."""
    pins = pins or {}
    seats = [s for s in range(N_SEATS) if s != viewer and not state.won[s]]
    if state.phase == PHASE_CLAIM and state.claim is not None:
        # the window's options were computed from the hands: leave those hands as they are
        asked = {s for s, _ in state.claim.options} | {a.seat for a in state.claim.responses}
        seats = [s for s in seats if s not in asked]
    kept: dict[int, list[int]] = {}
    free: dict[int, list[int]] = {}
    for s in seats:
        hand = list(state.hands[s])
        held = Counter(pins.get(s, []))
        if state.turn == s and state.drawn is not None:
            held |= Counter([state.drawn])
        if state.variant == "yiwu" and state.ext["piao"][s]:
            held |= Counter([state.ext["caishen"]])  # yiwu.md §9.1: one 财神 lies face up
        keep = list(held.elements())
        for t in keep:
            hand.remove(t)
        kept[s] = keep
        free[s] = [t for t in hand if not _is_flower(state, t)]
        kept[s] += [t for t in hand if _is_flower(state, t)]
    lo = state.head + keep_wall
    hi = len(state.wall) - state.tail - keep_wall
    slots = [i for i in range(lo, hi) if not _is_flower(state, state.wall[i])]
    pool = [t for s in seats for t in free[s]] + [state.wall[i] for i in slots]
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in seats:
        n = len(free[s])
        hands[s], pool = tuple(sorted(kept[s] + pool[:n])), pool[n:]
    wall = list(state.wall)
    for i, t in zip(slots, pool, strict=True):
        wall[i] = t
    choices = list(state.choices)
    if secret_choices and not choices_revealed(state):
        rules = rules_of(state)
        for s in range(N_SEATS):
            if s == viewer:
                continue
            values = [a.choice for a in rules.choice_actions(state, s)]
            if whether_secret(state) and state.phase == PHASE_CHOICE:
                choices[s] = rng.choice([None, *values])
            elif choices[s] is not None and values:
                choices[s] = rng.choice(values)
    ext = dict(state.ext)
    if "lou_hu" in ext:  # shaanxi.md §6: a seat's 漏胡 list is its own
        ext["lou_hu"] = [
            lst if s == viewer else sorted(rng.sample(range(34), rng.randrange(3)))
            for s, lst in enumerate(ext["lou_hu"])
        ]
    if "locks" in ext:  # yiwu.md §6.5: a seat's 同圈 locks are its own
        ext["locks"] = [lk for lk in ext["locks"] if lk[0] == viewer] + [
            [s, rng.randrange(34), rng.choice(["win", "pung"]), len(state.melds[s])]
            for s in seats
            if rng.random() < 0.3
        ]
    claim = state.claim
    if claim is not None and claim.kind == "discard":
        # what a seat that has passed could have claimed is its own secret (漏胡, 同圈 locks)
        passed = {a.seat for a in claim.responses if a.type == "pass"} - {viewer}
        tile = tile_str(claim.tile)
        menus = (("hu", "pass"), ("pung", "pass"), ("hu", "pung", "pass"))
        options = tuple(
            (s, tuple(Action(s, t, tile=None if t == "pass" else tile) for t in rng.choice(menus)))
            if s in passed
            else (s, opts)
            for s, opts in claim.options
        )
        claim = replace(claim, options=options)
    return replace(
        state,
        hands=tuple(hands),
        wall=tuple(wall),
        choices=tuple(choices),
        ext=ext,
        claim=claim,
    )


def step_tiles(state: HandState, step: Step) -> dict[int, list[int]]:
    """The tiles of the actor's hand that its action needs (pinned in the disguise)."""
    if not isinstance(step, Action):
        return {}
    if step.type == "hu":  # a self-drawn win shows the whole hand
        return {step.seat: list(state.hands[step.seat])}
    named = parse_tiles(step.tiles) if step.tiles else []
    if step.tile is not None:
        (t,) = parse_tiles(step.tile)
        if step.type in ("kong_concealed",):
            named = [t] * 4
        elif not named:
            named = [t]
    hand = Counter(state.hands[step.seat])
    need = Counter(named)
    caishen = state.ext.get("caishen") if state.variant == "yiwu" else None
    if step.type == "discard" and named == [caishen]:
        # yiwu.md §9: discarding a 财神 shows whether another is held (飘 turns one face up; a
        # 错飘 leaves none): leave the discarder's hand as it is
        return {step.seat: list(state.hands[step.seat])}
    return {step.seat: list((need & hand).elements())}


def do(state: HandState, step: Step) -> tuple[HandState, list[dict[str, Any]]]:
    if isinstance(step, Action):
        return apply(state, step)
    return escape(state, step[1])


def same_course(before: HandState, a: HandState, b: HandState) -> bool:
    """Did the two states take the same public course (phase, turn, open window), with no win
    (a win shows the winner's hand, 血战 plays on)?"""
    return (
        a.won == before.won
        and b.won == before.won
        and a.phase == b.phase
        and a.turn == b.turn
        and (a.claim is None) == (b.claim is None)
        and a.phase != PHASE_OVER
    )


# ------------------------------------------------------------------ the checks


class Checker:
    def __init__(self, variant: str, seed: str, rng: random.Random) -> None:
        self.variant = variant
        self.seed = seed
        self.rng = rng
        self.event_swaps = 0

    def events(
        self, before: HandState | None, after: HandState, events: list[dict[str, Any]]
    ) -> None:
        for seat in VIEWERS:
            seen = redact_events(events, seat)
            assert json.loads(json.dumps(seen)) == seen  # JSON-ready
            known = known_tiles(seat, before, after)
            for e in seen:
                check_event(self.variant, self.seed, seat, e, before, after, known)

    def views(self, state: HandState) -> None:
        """observe() of every seat and of a spectator, against a disguised state."""
        for viewer in VIEWERS:
            view = observe(state, viewer)
            assert "wall" not in json.dumps(view).replace("wall_remaining", ""), viewer
            if state.phase == PHASE_OVER:
                continue
            for h in view["hands"]:
                if h["seat"] != viewer and not state.won[h["seat"]]:
                    assert "concealed" not in h and "drawn" not in h
            if whether_secret(state) and state.phase == PHASE_CHOICE:
                # who is still to choose: the viewer itself at most
                assert set(view["to_act"]) <= {viewer}
            other = disguise(state, viewer, self.rng)
            assert observe(other, viewer) == view, f"{self.variant} {self.seed} seat {viewer}"

    def step_swaps(self, state: HandState, step: Step, after: HandState, events: list) -> None:
        """The same step from disguised states gives every other seat the same events."""
        actor = step.seat if isinstance(step, Action) else step[1]
        for viewer in VIEWERS:
            pins = step_tiles(state, step) if actor != viewer else {}
            other = disguise(
                state,
                viewer,
                self.rng,
                pins=pins,
                keep_wall=12,
                secret_choices=not choices_revealed(after),
            )
            try:
                other_after, other_events = do(other, step)
            except IllegalActionError:
                continue  # e.g. a self-drawn win that the disguised hand does not make
            if not same_course(state, after, other_after):
                continue
            self.event_swaps += 1
            assert redact_events(other_events, viewer) == redact_events(events, viewer), (
                f"{self.variant} {self.seed} seat {viewer} after {step}"
            )
            assert observe(other_after, viewer) == observe(after, viewer)


def play_and_check(key: str, opts: dict[str, Any], i: int) -> Checker:
    seed = f"seat-knowledge-{key}-{i}"
    rng = random.Random(seed)
    check = Checker(key, seed, rng)
    state, events = new_hand(key, opts, dealer=i % N_SEATS, seed=seed)
    check.events(None, state, events)
    check.views(state)
    escape_at = rng.randrange(20, 120) if i % 4 == 3 else -1
    greedy_share = (0.9, 0.5, 0.1)[i % 3]
    n = 0
    while state.phase != PHASE_OVER:
        seats = to_act(state)
        step: Step
        if n == escape_at:
            step = ("escape", rng.choice([s for s in range(N_SEATS) if not state.escaped[s]]))
        else:
            seat = rng.choice(seats)
            kind = "greedy" if rng.random() < greedy_share else "random"
            step = bot_choose(state, seat, kind=kind, rng_seed=rng.randrange(1 << 30))
            assert step in legal_actions(state, seat)
        after, events = do(state, step)
        check.events(state, after, events)
        check.step_swaps(state, step, after, events)
        check.views(after)
        state = after
        n += 1
    return check


@pytest.mark.parametrize(("key", "label", "opts"), MODES, ids=[f"{k}-{m}" for k, m, _ in MODES])
def test_every_seat_sees_only_what_it_may_know(key: str, label: str, opts: dict[str, Any]) -> None:
    swaps = 0
    for i in range(HANDS):
        swaps += play_and_check(key, opts, i).event_swaps
    assert swaps > HANDS * 20  # the event swaps ran on most steps, not on a handful


# ------------------------------------------------------------------ the regressions behind it


@pytest.mark.parametrize("variant", ["wuhan", "shaanxi", "sichuan", "yiwu", "fuzhou"])
@pytest.mark.parametrize("dealer", range(4))
def test_the_deal_event_shows_each_seat_its_own_hand(variant: str, dealer: int) -> None:
    # given the hand of issue 13 (Wuhan seat 2 was shown 267m267p446s1377z, holding
    # 69m279p688s11167z)
    state, events = new_hand(variant, {}, dealer=dealer, seed="abc")
    (deal,) = [e for e in events if e["type"] == "deal"]
    dealt = dealt_hands(variant, wall_from_seed(variant, "abc"), dealer)
    for seat in range(4):
        # then every seat is shown its dealt tiles and no other seat's
        (mine,) = [e for e in redact_events(events, seat) if e["type"] == "deal"]
        assert mine["hands"] == [h if s == seat else None for s, h in enumerate(dealt)]
        if variant != "fuzhou":  # no flowers to lay out: the hand is the dealt hand
            assert observe(state, seat)["hands"][seat]["concealed"] == dealt[seat]
    assert deal["wall_remaining"] == observe(state, 0)["wall_remaining"] or variant == "fuzhou"


@pytest.mark.parametrize(("variant", "etype"), [("shaanxi", "lou_hu"), ("yiwu", "tongquan_lock")])
def test_a_passed_win_or_pung_lock_is_the_seats_own(variant: str, etype: str) -> None:
    # given greedy play, except that every seat passes the wins it is offered on a discard,
    # until a seat is locked by passing a win (漏胡) or a pung (同圈)
    for i in range(300):
        state, _ = new_hand(variant, {}, dealer=0, seed=f"lock-{i}")
        while state.phase != PHASE_OVER:
            seat = to_act(state)[0]
            legal = legal_actions(state, seat)
            if state.phase == PHASE_CLAIM and any(a.type == "hu" for a in legal):
                action = next(a for a in legal if a.type == "pass")
            else:
                action = bot_choose(state, seat, rng_seed=i)
            state, events = apply(state, action)
            locks = [e for e in events if e["type"] == etype]
            if locks:
                break
        else:
            continue
        # then only the locked seat learns of it: it tells that the seat held the tile's wait
        owner = locks[0]["seat"]
        for viewer in (None, 0, 1, 2, 3):
            shown = [e for e in redact_events(events, viewer) if e["type"] == etype]
            assert all(e["seat"] == viewer for e in shown)
            assert bool(shown) == (viewer == owner)
        return
    pytest.fail(f"no {etype} in 300 hands")
