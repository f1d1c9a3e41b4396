"""Props (道具, games/engine/props.py): every effect and every refusal of sichuan.md §13.

Sichuan hands run on explicit walls built here (seat 0 deals first: wall[0:13] is the dealer's,
wall[52] its 14th tile, the live wall starts at 53). Wuhan deals in blocks, so its walls are a
seed's wall with only live-wall positions rearranged (the deal stays the same).
"""

from __future__ import annotations

from collections import Counter

import pytest

from games.engine import (
    Action,
    EngineError,
    IllegalActionError,
    apply,
    legal_actions,
    new_hand,
    observe,
    redact_events,
    replay,
    to_act,
)
from games.engine.bots import bot_choose
from games.engine.core import WIN_SELF, rules_of
from games.engine.props import BAND, PLAY_PROPS
from games.engine.state import PHASE_OVER, HandState
from games.engine.tiles import format_tiles, parse_tile, parse_tiles

ALL = {"toutian": 2, "yihua": 2, "qianliyan": 2, "shunfeng": 2, "jinshouzhi": 1}
NINE_GATES = "11112345678999m"  # the dealer's 14: wins (天胡), and holds a concealed quad


def sichuan_wall(dealer14: str, live: str = "") -> list[int]:
    """A 108-tile wall: the dealer's 14 tiles, the other seats' from the rest (s first, then p from
    the top), the live wall ``live`` first and then every other tile in sorted order."""
    pool = Counter(rules_of_sichuan().tile_list())
    mine = parse_tiles(dealer14)
    head = parse_tiles(live)
    pool.subtract(mine + head)
    rest = sorted(pool.elements(), reverse=True)
    others, tail = rest[:39], sorted(rest[39:])
    return mine[:13] + others + mine[13:] + head + tail


def rules_of_sichuan():
    state, _ = new_hand("sichuan", {}, dealer=0, seed="x")
    return rules_of(state)


LIVE = "7p5m1p5m2p3p4s"  # draws 1..7 after the deal; 4s is draw 7 and the live wall's only 4s


def started(
    live: str = LIVE, props=None, hand: str = NINE_GATES, options=None, **kw
) -> tuple[HandState, list]:
    """Seat 0 on its first turn (定缺 made: seat 0 void in s, which it does not hold)."""
    props = [dict(ALL), dict(ALL), {}, {}] if props is None else props
    state, events = new_hand(
        "sichuan", options or {}, dealer=0, wall=sichuan_wall(hand, live), props=props, **kw
    )
    for seat, void in enumerate("smpm"):
        state, ev = apply(state, Action(seat, "dingque", choice=void))
        events += ev
    return state, events


def prop(seat: int, key: str, **kw) -> Action:
    return Action(seat, "prop", choice=key, **kw)


def held(state: HandState, seat: int) -> dict:
    return state.ext["props"]["held"][seat]


def legal_types(state: HandState, seat: int) -> set[str]:
    return {a.type for a in legal_actions(state, seat)}


def refused(state: HandState, action: Action, match: str) -> None:
    """The use is refused with a reason, and nothing changes."""
    before = HandState.from_json(state.to_json())
    with pytest.raises(IllegalActionError, match=match):
        apply(state, action)
    assert state == before


# -- offering and refusing --------------------------------------------------------------------------


def test_legal_actions_offer_each_held_prop_on_the_own_turn_only():
    state, _ = started(props=[dict(ALL), {"shunfeng": 1}, {}, {}])
    offered = [a for a in legal_actions(state, 0) if a.type == "prop"]
    assert offered == [prop(0, k) for k in PLAY_PROPS]
    assert legal_actions(state, 1) == []  # not seat 1's turn
    refused(state, prop(1, "shunfeng"), "own turn")


def test_props_are_not_offered_in_the_dingque_phase():
    state, _ = new_hand("sichuan", {}, dealer=0, wall=sichuan_wall(NINE_GATES), props=[ALL] * 4)
    assert state.phase == "choice"
    assert all(a.type == "dingque" for a in legal_actions(state, 0))
    refused(state, prop(0, "shunfeng"), "own turn")


def test_a_hand_without_holdings_has_no_props():
    state, _ = new_hand("sichuan", {}, dealer=0, wall=sichuan_wall(NINE_GATES))
    for seat, void in enumerate("smpm"):
        state, _ = apply(state, Action(seat, "dingque", choice=void))
    assert "prop" not in legal_types(state, 0)
    refused(state, prop(0, "shunfeng"), "not enabled")


def test_a_prop_not_held_is_refused():
    state, _ = started(props=[{"shunfeng": 1}, {}, {}, {}])
    assert [a.choice for a in legal_actions(state, 0) if a.type == "prop"] == ["shunfeng"]
    refused(state, prop(0, "qianliyan", tile="5m"), "holds no qianliyan")
    refused(state, prop(0, "qiankun"), "before the deal only")
    refused(state, prop(0, "teleport"), "unknown prop")


@pytest.mark.parametrize(
    ("action", "match"),
    [
        (prop(0, "toutian"), "needs 'tiles'"),
        (prop(0, "toutian", tiles="5m"), "2 tile"),
        (prop(0, "toutian", tiles="4m4m"), "two different"),
        (prop(0, "toutian", tiles="1p5m"), "does not hold 1p"),
        (prop(0, "toutian", tiles="4mxx"), "bad tile"),
        (prop(0, "toutian", tiles="4m1z"), "not a tile of sichuan"),
        (prop(0, "toutian", tiles="4m4s", tile="4m"), "takes no tile"),
        (prop(0, "yihua"), "needs 'tile'"),
        (prop(0, "yihua", tile="5p"), "does not hold 5p"),
        (prop(0, "qianliyan"), "needs 'tile'"),
        (prop(0, "qianliyan", tile="5m5m"), "1 tile"),
        (prop(0, "shunfeng", tile="5m"), "takes no tile"),
        (prop(0, "jinshouzhi", tiles="5m6m"), "takes no tiles"),
    ],
)
def test_a_malformed_use_is_refused_and_changes_nothing(action, match):
    state, _ = started()
    refused(state, action, match)


def test_bad_holdings_and_before_deal_entries_are_refused():
    wall = sichuan_wall(NINE_GATES)
    for props, before, match in [
        ([{}] * 3, None, "4 seats"),
        ([{"toutian": -1}, {}, {}, {}], None, "integer >= 0"),
        ([{"toutian": True}, {}, {}, {}], None, "integer >= 0"),
        ([{"magic": 1}, {}, {}, {}], None, "unknown prop"),
        ([{}] * 4, [{"seat": 0, "prop": "qiankun"}], "holds no qiankun"),
        ([{"qiankun": 2}, {}, {}, {}], [{"seat": 0, "prop": "qiankun"}] * 2, "twice"),
        ([{"qiankun": 1}, {}, {}, {}], [{"seat": 0, "prop": "toutian"}], "only qiankun"),
        ([{"qiankun": 1}, {}, {}, {}], [{"seat": 4, "prop": "qiankun"}], "seat must be 0-3"),
    ]:
        with pytest.raises(EngineError, match=match):
            new_hand("sichuan", {}, dealer=0, wall=wall, props=props, before_deal=before)
    with pytest.raises(EngineError, match="has no props"):
        new_hand("fuzhou", {}, dealer=0, seed="x", props=[{"shunfeng": 1}, {}, {}, {}])


# -- 偷天换日 ----------------------------------------------------------------------------------------


def test_toutian_swaps_the_named_tile_with_the_nearest_live_copy():
    state, _ = started()
    head = state.head
    assert state.wall[head : head + 4] == tuple(parse_tiles("7p5m1p5m"))
    after, events = apply(state, prop(0, "toutian", tiles="4m5m"))
    assert format_tiles(after.hands[0]) == "11112355678999m"
    assert after.wall[head + 1] == parse_tile("4m")  # the nearest 5m's place
    assert after.wall[head + 3] == parse_tile("5m")  # the farther copy stays
    assert after.head == head and Counter(_census(after)) == Counter(_census(state))
    assert held(after, 0)["toutian"] == 1 and held(state, 0)["toutian"] == 2
    assert events == [
        {"type": "prop", "seat": 0, "choice": "toutian", "use": 0},
        {"type": "prop_reveal", "seat": 0, "private": True, "choice": "toutian",
         "out": "4m", "in": "5m"},
    ]  # fmt: skip


def test_toutian_is_rejected_without_a_live_copy_and_consumes_nothing():
    state, _ = started()
    # every 1m is in seat 0's hand, every 9s in other hands: none is in the live wall
    refused(state, prop(0, "toutian", tiles="4m9s"), "no 9s in the live wall")
    assert held(state, 0)["toutian"] == 2


def test_after_a_swap_the_turn_may_only_discard():
    state, _ = started()
    assert {"hu", "kong_concealed", "discard", "prop"} <= legal_types(state, 0)
    after, _ = apply(state, prop(0, "toutian", tiles="4m5m"))
    assert rules_of(after).can_win(after, 0, None, WIN_SELF)  # still a winning hand ...
    assert legal_types(after, 0) == {"discard", "prop"}  # ... but no win and no kong
    refused(after, Action(0, "hu", tile="9m"), "hu is not allowed")
    refused(after, Action(0, "kong_concealed", tile="1m"), "kong_concealed is not allowed")


def test_each_swap_once_per_turn_and_both_in_one_turn():
    state, _ = started()
    state, _ = apply(state, prop(0, "toutian", tiles="4m5m"))
    refused(state, prop(0, "toutian", tiles="5m7p"), "toutian this turn already")
    state, _ = apply(state, prop(0, "yihua", tile="9m"))
    refused(state, prop(0, "yihua", tile="9m"), "yihua this turn already")
    assert [a.choice for a in legal_actions(state, 0) if a.type == "prop"] == [
        "qianliyan", "shunfeng", "jinshouzhi",
    ]  # fmt: skip


def test_the_next_turn_of_the_same_seat_may_swap_again():
    state, _ = new_hand("sichuan", {}, dealer=0, seed="turns", props=[dict(ALL)] * 4)
    for seat in range(4):
        state, _ = apply(state, Action(seat, "dingque", choice="m"))
    state, _ = apply(state, prop(0, "yihua", tile=format_tiles(state.hands[0][:1])))
    assert "yihua" not in {a.choice for a in legal_actions(state, 0)}
    state, _ = apply(state, bot_choose(state, 0))
    while to_act(state) != [0] or state.phase != "turn":
        state, _ = apply(state, bot_choose(state, to_act(state)[0]))
    assert state.phase == "turn" and state.ext["props"]["swaps"][0] == ["yihua"]
    assert {"toutian", "yihua"} <= {a.choice for a in legal_actions(state, 0) if a.type == "prop"}


def test_swaps_are_offered_after_a_pung_too():
    state, _ = started(props=[dict(ALL), {}, dict(ALL), {}])
    state, _ = apply(state, prop(0, "toutian", tiles="4m4s"))  # seat 2 holds 4s4s4s
    state, _ = apply(state, Action(0, "discard", tile="4s"))
    assert state.phase == "claim" and 2 in state.claim.pending
    state, _ = apply(state, Action(2, "pung", tile="4s"))
    assert state.phase == "turn" and state.turn == 2 and state.drawn is None
    assert {"toutian", "yihua"} <= {a.choice for a in legal_actions(state, 2) if a.type == "prop"}
    own = format_tiles(state.hands[2][:1])
    after, _ = apply(state, prop(2, "toutian", tiles=own + "5m"))
    assert parse_tile("5m") in after.hands[2] and after.drawn is None


def test_no_props_in_a_claim_window():
    state, _ = started(props=[dict(ALL), {}, dict(ALL), {}])
    state, _ = apply(state, prop(0, "toutian", tiles="4m4s"))
    state, _ = apply(state, Action(0, "discard", tile="4s"))
    assert state.phase == "claim" and 2 in state.claim.pending
    assert "prop" not in legal_types(state, 2)
    refused(state, prop(2, "shunfeng"), "own turn")
    refused(state, prop(0, "shunfeng"), "own turn")


# -- 移花接木 ----------------------------------------------------------------------------------------


def test_yihua_swaps_with_a_seeded_random_live_position():
    state, _ = started()
    after, events = apply(state, prop(0, "yihua", tile="4m"))
    moved = [i for i in range(len(state.wall)) if after.wall[i] != state.wall[i]]
    assert len(moved) <= 1  # one position (none if it held a 4m already)
    got = parse_tile(events[1]["in"])
    if moved:
        (pos,) = moved
        assert state.head <= pos < len(state.wall) and after.wall[pos] == parse_tile("4m")
        assert state.wall[pos] == got
    hand = Counter(state.hands[0])
    hand.subtract([parse_tile("4m")])
    hand.update([got])
    assert Counter(after.hands[0]) == +hand
    assert held(after, 0)["yihua"] == 1
    again, _ = apply(state, prop(0, "yihua", tile="4m"))
    assert again == after  # the position comes from the seed (here: the wall's hash)


def test_yihua_positions_spread_over_the_live_wall():
    picks = set()
    for seed in range(40):
        state, _ = new_hand("sichuan", {}, dealer=0, seed=f"s{seed}", props=[ALL] * 4)
        for seat in range(4):
            state, _ = apply(state, Action(seat, "dingque", choice="m"))
        tile = format_tiles(state.hands[0][:1])
        after, _ = apply(state, prop(0, "yihua", tile=tile))
        picks.update(i for i in range(len(state.wall)) if after.wall[i] != state.wall[i])
        assert all(i >= state.head for i in picks)
    assert len(picks) > 20  # 40 hands, 55 live positions: not one fixed place


# -- 千里眼 ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "band"),
    [("7p", [1, 6]), ("5m", [1, 6]), ("4s", [7, 12]), ("1m", None), ("9s", None)],
)
def test_qianliyan_answers_the_band_of_the_next_copy(kind, band):
    state, _ = started()
    after, events = apply(state, prop(0, "qianliyan", tile=kind))
    assert events[1] == {
        "type": "prop_reveal", "seat": 0, "private": True, "choice": "qianliyan",
        "tile": kind, "band": band,
    }  # fmt: skip
    assert after.wall == state.wall and after.hands == state.hands
    assert held(after, 0)["qianliyan"] == 1
    assert legal_types(after, 0) >= {"hu", "kong_concealed"}  # a look is no swap


def test_qianliyan_bands_follow_the_draw_count():
    # the 8p are near the end of the live wall (after it the sorted rest of m and p)
    state, _ = started()
    first = min(i for i in range(state.head, len(state.wall)) if state.wall[i] == parse_tile("8p"))
    n = first - state.head + 1
    assert n > 2 * BAND
    _, events = apply(state, prop(0, "qianliyan", tile="8p"))
    lo, hi = events[1]["band"]
    assert hi - lo + 1 == BAND and lo <= n <= hi and (lo - 1) % BAND == 0


# -- 顺风耳 ------------------------------------------------------------------------------------------


def test_shunfeng_shows_the_next_draw():
    state, _ = started(live="3p5m1p")
    after, events = apply(state, prop(0, "shunfeng"))
    assert events[1]["tile"] == "3p" and after.hands == state.hands
    after, events = apply(after, Action(0, "discard", tile="9m"))
    draws = [e for e in events if e["type"] == "draw"]
    assert draws[0]["tile"] == "3p"  # the next normal draw


# -- 金手指 ------------------------------------------------------------------------------------------


def test_jinshouzhi_turns_the_golden_finger_on_for_everyone_to_see():
    state, _ = started()
    after, events = apply(state, prop(0, "jinshouzhi"))
    assert events == [{"type": "prop", "seat": 0, "choice": "jinshouzhi", "use": 0}]
    for viewer in (None, 0, 1, 2, 3):
        assert observe(after, viewer)["props"]["golden"] == [True, False, False, False]
    assert "jinshouzhi" not in held(after, 0)
    refused(after, prop(0, "jinshouzhi"), "holds no jinshouzhi")


def test_a_golden_finger_from_an_earlier_hand_is_carried_in_the_holdings():
    state, _ = started(props=[{"golden": 1, "jinshouzhi": 1}, {}, {}, {}])
    assert observe(state, 2)["props"]["golden"] == [True, False, False, False]
    assert "jinshouzhi" not in {a.choice for a in legal_actions(state, 0)}
    refused(state, prop(0, "jinshouzhi"), "already on")


# -- 乾坤大挪移 --------------------------------------------------------------------------------------


def _suit_counts(hand) -> list[int]:
    return [sum(1 for t in hand if t // 9 == s and t < 27) for s in range(3)]


@pytest.mark.parametrize("variant", ["sichuan", "wuhan"])
def test_qiankun_deals_close_to_one_suit(variant):
    holdings = [{"qiankun": 1}, {"qiankun": 1}, {}, {"qiankun": 1}]
    before = [{"seat": s, "prop": "qiankun"} for s in (0, 1, 3)]
    for seed in range(12):
        plain, _ = new_hand(variant, {}, dealer=0, seed=f"q{seed}")
        state, events = new_hand(
            variant, {}, dealer=0, seed=f"q{seed}", props=holdings, before_deal=before
        )
        suits = []
        for seat in (0, 1, 3):
            counts = _suit_counts(state.hands[seat])
            need = len(state.hands[seat]) - 3  # 11 of 14 for the dealer, 10 of 13
            assert max(counts) >= need
            suits.append(counts.index(max(counts)))
            assert held(state, seat) == {}
        assert len(set(suits)) == 3  # different suits while possible
        assert state.hands[2] == plain.hands[2]  # the rest are dealt normally
        assert state.head == plain.head and Counter(_census(state)) == Counter(_census(plain))
        assert state.drawn in state.hands[0]
        reveals = [e for e in events if e["type"] == "prop_reveal"]
        assert [e["seat"] for e in reveals] == [0, 1, 3]
        assert all(e["choice"] == "qiankun" and e["private"] for e in reveals)
        deal = next(e for e in events if e["type"] == "deal")
        assert deal["hands"][1] == format_tiles(state.hands[1])
        again, events2 = new_hand(
            variant, {}, dealer=0, seed=f"q{seed}", props=holdings, before_deal=before
        )
        assert again == state and events2 == events


def _census(state: HandState) -> list[int]:
    out = list(state.wall[state.head : len(state.wall) - state.tail])
    for seat in range(4):
        out += list(state.hands[seat]) + list(state.discards[seat]) + list(state.flowers[seat])
        for m in state.melds[seat]:
            out += list(m.tiles)
    return out + list(rules_of(state).set_aside(state))


def test_qiankun_is_seen_by_its_user_alone():
    state, events = new_hand(
        "sichuan", {}, dealer=0, seed="q", props=[{}, {"qiankun": 1}, {}, {}],
        before_deal=[{"seat": 1, "prop": "qiankun"}],
    )  # fmt: skip
    for viewer in (None, 0, 2, 3):
        seen = redact_events(events, viewer)
        assert not [e for e in seen if e["type"] == "prop_reveal"]
        assert {"type": "prop", "seat": 1, "choice": "qiankun", "use": 0} in seen
        assert next(e for e in seen if e["type"] == "deal")["hands"][1] is None
    mine = redact_events(events, 1)
    assert [e["suit"] for e in mine if e["type"] == "prop_reveal"] in (["m"], ["p"], ["s"])


# -- secrecy -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        prop(0, "toutian", tiles="4m5m"),
        prop(0, "yihua", tile="4m"),
        prop(0, "qianliyan", tile="5m"),
        prop(0, "shunfeng"),
        prop(0, "jinshouzhi"),
    ],
    ids=lambda a: a.choice,
)
def test_others_see_which_prop_was_used_and_nothing_more(action):
    state, _ = started()
    after, events = apply(state, action)
    public = [{"type": "prop", "seat": 0, "choice": action.choice, "use": 0}]
    for viewer in (None, 1, 2, 3):
        assert redact_events(events, viewer) == public
        view = observe(after, viewer)["props"]
        assert set(view) == {"golden"} if viewer is None else not view["answers"]
        assert view.get("held", {}) == ({} if viewer is None or viewer > 1 else dict(ALL))
        assert "wall" not in observe(after, viewer)
    mine = redact_events(events, 0)
    assert mine == events
    answers = observe(after, 0)["props"]["answers"]
    assert [dict(e, type="prop_reveal", seat=0, private=True) for e in answers] == events[1:]


# -- replays and scenarios --------------------------------------------------------------------------


def _play_with_props(variant: str, seed: str, options=None) -> tuple[HandState, list, list]:
    """A whole hand where every seat uses a random prop about a third of its turns."""
    import random

    rng = random.Random(seed)
    holdings = [dict(ALL, qiankun=1) for _ in range(4)]
    before = [{"seat": 2, "prop": "qiankun"}]
    state, events = new_hand(
        variant, options or {}, dealer=1, seed=seed, props=holdings, before_deal=before
    )
    actions: list[dict] = []
    kinds = rules_of(state).tile_kinds
    while state.phase != PHASE_OVER:
        seat = to_act(state)[0]
        usable = [a.choice for a in legal_actions(state, seat) if a.type == "prop"]
        action = bot_choose(state, seat)
        if usable and rng.random() < 0.35:
            key = rng.choice(usable)
            own = format_tiles([rng.choice(state.hands[seat])])
            other = format_tiles([rng.choice(kinds)])
            kw = {"toutian": {"tiles": own + other}, "yihua": {"tile": own},
                  "qianliyan": {"tile": other}}.get(key, {})  # fmt: skip
            try:
                apply(state, prop(seat, key, **kw))
                action = prop(seat, key, **kw)
            except IllegalActionError:
                pass  # e.g. no such tile in the live wall: play on
        state, ev = apply(state, action)
        _check_secrecy(state, ev)
        events += ev
        actions.append(action.to_json())
        assert Counter(_census(state)) == Counter(rules_of(state).tile_list())
        for s in range(4):
            if state.won[s]:
                assert not [a for a in legal_actions(state, s) if a.type == "prop"]
        if state.ext.get("haidi"):
            assert not [a for a in legal_actions(state, seat) if a.type == "prop"]
    return state, events, actions


def _check_secrecy(state: HandState, events: list) -> None:
    """What any other seat or a spectator gets of a step: which prop, never its answer."""
    for viewer in (None, 0, 1, 2, 3):
        for e in redact_events(events, viewer):
            if e["type"] == "prop":
                assert set(e) == {"type", "seat", "choice", "use"}
            if e["type"] == "prop_reveal" or e.get("private"):
                assert e["seat"] == viewer
        view = observe(state, viewer)["props"]
        assert set(view) == (
            {"golden"} if viewer is None else {"golden", "held", "answers", "swapped"}
        )
        if viewer is not None:
            assert view["held"] == state.ext["props"]["held"][viewer]
            assert view["answers"] == state.ext["props"]["answers"][viewer]


@pytest.mark.parametrize(
    ("variant", "options"),
    [("sichuan", {}), ("sichuan", {"bloody": True}), ("wuhan", {}), ("wuhan", {"koukou": True})],
)
def test_hands_with_props_replay_exactly(variant, options):
    used = 0
    for n in range(15):
        seed = f"{variant}-{n}"
        state, events, actions = _play_with_props(variant, seed, options)
        used += sum(1 for a in actions if a["type"] == "prop")
        again, events2 = replay(
            variant, options, dealer=1, seed=seed, actions=actions,
            props=[dict(ALL, qiankun=1) for _ in range(4)],
            before_deal=[{"seat": 2, "prop": "qiankun"}],
        )  # fmt: skip
        assert again == state and events2 == events
        assert HandState.from_json(state.to_json()) == state
        total = [0] * 4
        for e in events:
            if e["type"] == "score":
                total = [a + b for a, b in zip(total, e["deltas"], strict=True)]
        assert total == list(state.scores) and sum(total) == 0
    assert used > 20


def test_a_replay_without_the_holdings_refuses_the_prop_use():
    state, events, actions = _play_with_props("sichuan", "sichuan-1")
    assert any(a["type"] == "prop" for a in actions)
    with pytest.raises(IllegalActionError):
        replay("sichuan", {}, dealer=1, seed="sichuan-1", actions=actions)


def test_a_blood_battle_winner_cannot_use_props():
    state, _ = started(options={"bloody": True})
    state, _ = apply(state, Action(0, "hu", tile="9m"))
    assert state.won[0] and state.phase != PHASE_OVER
    state2 = state
    with pytest.raises(IllegalActionError, match="already won"):
        apply(state2, prop(0, "shunfeng"))
    assert observe(state, 0)["props"]["held"] == ALL


# -- Wuhan: the live wall includes the 海底 reserve ---------------------------------------------------


def _wuhan(seed: str = "w1") -> tuple[HandState, list[int]]:
    state, _ = new_hand("wuhan", {}, dealer=0, seed=seed)
    return state, list(state.wall)


def test_wuhan_qianliyan_and_toutian_see_the_reserve_as_live_wall():
    plain, wall = _wuhan()
    head, n = plain.head, len(wall)
    kind = wall[head]  # move every live copy of this kind into the last 10 tiles (the reserve)
    live = list(range(head, n))
    copies = [i for i in live if wall[i] == kind]
    others = [i for i in live[: len(live) - 10] if wall[i] != kind]
    tail_slots = live[-10:]
    for src in copies:
        if src not in tail_slots:
            j = next(i for i in tail_slots if wall[i] != kind)
            wall[src], wall[j] = wall[j], wall[src]
    assert others and all(wall[i] != kind for i in live[:-10])
    state, _ = new_hand("wuhan", {}, dealer=0, wall=wall, props=[dict(ALL), {}, {}, {}])
    assert state.hands == plain.hands and state.ext["laizi"] == plain.ext["laizi"]
    first = min(i for i in live if wall[i] == kind)
    _, events = apply(state, prop(0, "qianliyan", tile=format_tiles([kind])))
    lo, hi = events[1]["band"]
    assert lo <= first - head + 1 <= hi and hi > len(live) - 10  # in the reserve, still answered
    own = state.hands[0][0] if state.hands[0][0] != kind else state.hands[0][-1]
    after, _ = apply(state, prop(0, "toutian", tiles=format_tiles([own, kind])))
    assert after.wall[first] == own and kind in after.hands[0]
    _, events = apply(state, prop(0, "shunfeng"))
    assert events[1]["tile"] == format_tiles([wall[head]])


def test_wuhan_props_follow_the_same_turn_rules():
    state, _ = new_hand("wuhan", {}, dealer=0, seed="w2", props=[dict(ALL)] * 4)
    assert to_act(state) == [0] and "prop" in legal_types(state, 0)
    assert legal_actions(state, 1) == []
    own = format_tiles(state.hands[0][:1])
    after, _ = apply(state, prop(0, "yihua", tile=own))
    assert legal_types(after, 0) <= {"discard", "prop"}
    refused(after, prop(0, "yihua", tile=format_tiles(after.hands[0][:1])), "once per turn")


def test_wuhan_haidi_turns_offer_no_props():
    # seed hd58 with random bots reaches a 海底 turn that can win (wuhan.md §7: only the win)
    state, _ = new_hand("wuhan", {}, dealer=0, seed="hd58", props=[dict(ALL)] * 4)
    while not (state.ext.get("haidi") and state.phase == "turn"):
        assert state.phase != PHASE_OVER
        state, _ = apply(state, bot_choose(state, to_act(state)[0], kind="random", rng_seed=58))
    seat = state.turn
    assert "hu" in legal_types(state, seat) and "prop" not in legal_types(state, seat)
    refused(state, prop(seat, "shunfeng"), "discard phase")
