"""Yiwu fast paths equal the plain rule on seeded random inputs.

* ``shapes.wins_with`` (the tile added to a 13-tile hand's prepared tally) equals
  ``shapes.is_winning_shape`` of the hand plus the tile (the whole tally);
* ``YiwuRules.can_win`` (shape pre-check first) equals ``play.legal_win`` (the §15 checks alone);
* the bot's per-discard shanten (``bot._face_shanten_after``) equals ``hand.shanten`` of every
  discard, and ``bot.bot_pick`` picks what the straightforward greedy bot below picks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.engine import hand as hand_mod
from games.engine import new_hand
from games.engine.actions import (
    CHOW,
    DISCARD,
    KONG_ADDED,
    KONG_CONCEALED,
    KONG_EXPOSED,
    PASS,
    PUNG,
    Action,
)
from games.engine.bots import bot_choose
from games.engine.core import (
    WIN_DISCARD,
    WIN_ROB,
    WIN_SELF,
    _apply_unchecked,
    legal_actions,
    to_act,
)
from games.engine.state import PHASE_CHOICE, PHASE_CLAIM, PHASE_OVER, PHASE_TURN, HandState
from games.engine.tiles import Meld, parse_tile, parse_tiles, tile_str
from games.engine.variants.yiwu import bot, play, shapes
from games.engine.variants.yiwu.shapes import WHITE, natural_face, ready_patterns

# -- shapes.wins_with ---------------------------------------------------------------------------------


def _random_hand(rng: random.Random, size: int, caishen: int) -> tuple[int, ...]:
    """A sorted hand within the physical copies, often from few kinds (near a win), sometimes
    with more than four of a kind (the reference's waits-only branch)."""
    if rng.random() < 0.05:
        kinds = rng.sample(range(34), 3)
        return tuple(sorted(rng.choice(kinds) for _ in range(size)))
    wall = [k for k in range(34) for _ in range(4)]
    if rng.random() < 0.7:
        few = {*rng.sample(range(34), rng.randint(2, 7)), caishen, WHITE}
        wall = [k for k in wall if k in few or rng.random() < 0.08]
    return tuple(sorted(rng.sample(wall, size)))


def test_wins_with_equals_is_winning_shape():
    rng = random.Random(11)
    wins = 0
    for _ in range(2500):
        n_melds = rng.choice([0, 0, 0, 1, 2, 3, 4])
        caishen = rng.choice([WHITE, rng.randrange(34)])
        held = _random_hand(rng, 13 - 3 * n_melds, caishen)
        melds = [Meld(PUNG, (0, 0, 0))] * n_melds
        for t in range(34):
            got = shapes.wins_with(held, melds, caishen, t)
            assert got == shapes.is_winning_shape((*held, t), melds, caishen), (held, caishen, t)
            wins += got
    assert wins > 2000  # the random hands do reach every shape's winning branch


def test_wins_with_wrong_size_is_no_win():
    c = parse_tile("7p")
    held = tuple(parse_tiles("234m567m123p345s9s"))
    assert shapes.wins_with(held, [], c, parse_tile("9s"))
    assert not shapes.wins_with(held, [Meld(PUNG, (0, 0, 0))], c, parse_tile("9s"))
    assert not shapes.wins_with(held[1:], [], c, parse_tile("9s"))


# -- can_win and the bot on live states ---------------------------------------------------------------


def _states(n_hands: int, seed: str) -> list[HandState]:
    """Every state of ``n_hands`` greedy self-play hands."""
    out = []
    for i in range(n_hands):
        state, _ = new_hand("yiwu", {}, dealer=i % 4, seed=f"{seed}:{i}")
        while state.phase != PHASE_OVER:
            out.append(state)
            seat = to_act(state)[0]
            state, _ = _apply_unchecked(state, bot_choose(state, seat, rng_seed=len(out)))
    return out


def test_the_shape_pre_check_never_refuses_a_legal_win():
    rules = play.RULES
    checked = wins = 0
    for state in _states(12, "yiwu-fast-cw"):
        for seat in range(4):
            if state.won[seat]:
                continue
            if state.drawn is not None:
                for how in (WIN_SELF,):
                    got = rules.can_win(state, seat, None, how)
                    assert got == play.legal_win(state, seat, None, how)
                    wins += got
            for tile in range(34):
                for how in (WIN_DISCARD, WIN_ROB):
                    got = rules.can_win(state, seat, tile, how)
                    assert got == play.legal_win(state, seat, tile, how), (seat, tile)
                    checked += 1
                    wins += got
    assert checked > 10000 and wins > 200


def _ref_split(tiles: Sequence[int], c: int) -> tuple[list[int], int]:
    counts = [0] * 34
    wild = 0
    for t in tiles:
        if t == c:
            wild += 1
        else:
            counts[natural_face(t, c)] += 1
    return counts, wild


def _ref_shanten(tiles: Sequence[int], n_melds: int, c: int) -> int:
    counts, wild = _ref_split(tiles, c)
    s = hand_mod.shanten(counts, wild, sets_needed=4 - n_melds)
    if not n_melds:
        pairs = sum(n // 2 for n in counts)
        singles = sum(n % 2 for n in counts)
        s = min(s, 6 - min(pairs + min(wild, singles) + max(0, wild - singles) // 2, 7))
    return s


def _without(tiles: Sequence[int], t: int) -> list[int]:
    rest = list(tiles)
    rest.remove(t)
    return rest


def _ref_isolation(held: Sequence[int], t: int, c: int) -> int:
    face = natural_face(t, c)
    faces = [natural_face(x, c) for x in held if x != c]
    score = 2 * (faces.count(face) - 1)
    if face < 27:
        pos = face % 9
        for d in (-2, -1, 1, 2):
            if 0 <= pos + d <= 8 and face + d in faces:
                score += 3 - abs(d)
        if pos in (0, 8):
            score -= 1
    return score


def _ref_pick(state: HandState, seat: int, legal: list[Action]) -> Action | None:
    """The greedy Yiwu bot written plainly (hand.shanten of every discard, no caches)."""
    if state.phase == PHASE_CHOICE:
        return next((a for a in legal if a.choice == 1), None)
    c = state.ext["caishen"]
    held = list(state.hands[seat])
    n_melds = len(state.melds[seat])
    if state.phase == PHASE_CLAIM:
        kong = next((a for a in legal if a.type == KONG_EXPOSED), None)
        if kong is not None:
            return kong
        best, best_s = None, _ref_shanten(held, n_melds, c)
        for a in legal:
            if a.type not in (PUNG, CHOW):
                continue
            tile = parse_tile(a.tile or "")
            used = [tile, tile] if a.type == PUNG else _without(parse_tiles(a.tiles or ""), tile)
            rest = list(held)
            for t in used:
                rest.remove(t)
            after = min(_ref_shanten(_without(rest, t), n_melds + 1, c) for t in set(rest))
            if after < best_s:
                best, best_s = a, after
        return best or next((a for a in legal if a.type == PASS), None)
    if state.phase != PHASE_TURN:
        return None
    for a in legal:
        if a.type in (KONG_CONCEALED, KONG_ADDED):
            return a
    discards = [a for a in legal if a.type == DISCARD]
    if not discards:
        return None
    if held.count(c) >= 2 and any(a.tile == tile_str(c) for a in discards):
        if ready_patterns(_without(held, c), state.melds[seat], c):
            return Action(seat, DISCARD, tile=tile_str(c))
    cands = [(parse_tile(a.tile or ""), a) for a in discards]
    if len(discards) > 1:
        cands = [(t, a) for t, a in cands if t != c]
    keys = [
        (_ref_shanten(_without(held, t), n_melds, c), _ref_isolation(held, t, c), t, a)
        for t, a in cands
    ]
    return min(keys, key=lambda k: k[:3])[3]


def test_bot_pick_equals_plain_greedy_bot():
    picks = 0
    for state in _states(25, "yiwu-fast-bot"):
        seat = to_act(state)[0]
        legal = legal_actions(state, seat)
        assert bot.bot_pick(state, seat, legal) == _ref_pick(state, seat, legal)
        picks += 1
    assert picks > 500


def test_face_shanten_after_equals_hand_shanten():
    rng = random.Random(12)
    for _ in range(1500):
        n_melds = rng.choice([0, 0, 1, 2, 3, 4])
        c = rng.choice([WHITE, rng.randrange(34)])
        held = list(_random_hand(rng, 14 - 3 * n_melds, c))
        if max(held.count(t) for t in held) > 4:
            continue
        counts, wild = shapes.split_wild(held, c)
        assert (counts, wild) == _ref_split(held, c)
        got, got_counts, best = bot._face_shanten_after(held, c, n_melds)
        assert got_counts == counts
        faces = {natural_face(t, c) for t in held if t != c}
        assert {f for f in range(34) if got[f] != bot._NOT_HELD} == faces
        for t in set(held) - {c}:
            assert got[natural_face(t, c)] == _ref_shanten(_without(held, t), n_melds, c)
        assert best == min((got[f] for f in faces), default=bot._NOT_HELD)


def test_best_after_equals_min_over_every_discard():
    rng = random.Random(13)
    for _ in range(1500):
        n_melds = rng.choice([0, 1, 1, 2, 3])
        c = rng.choice([WHITE, rng.randrange(34)])
        held = list(_random_hand(rng, 14 - 3 * n_melds, c))
        if rng.random() < 0.3:
            held = [c if rng.random() < 0.4 else t for t in held]  # many 财神, even all
        if max(held.count(t) for t in held) > 4:
            continue
        want = min(_ref_shanten(_without(held, t), n_melds, c) for t in set(held))
        assert bot._best_after(held, n_melds, c) == want, (held, n_melds, c)


def test_chow_options_and_bet_actions_equal_plain_ones():
    """chow_options (offers cached per seat, discard and 财神) against the §6.1 rule written out;
    the shared bet actions against fresh ones."""
    rules = play.RULES
    offers = 0
    for state in _states(6, "yiwu-fast-chow"):
        c = state.ext["caishen"]
        if state.phase == PHASE_CHOICE:
            for seat in range(4):
                kind = state.ext["offer"]
                want = (
                    [Action(seat, kind, choice=0), Action(seat, kind, choice=1)]
                    if kind is not None and seat in state.ext["offer_seats"]
                    else []
                )
                assert rules.choice_actions(state, seat) == want
        for seat in range(4):
            hand = state.hands[seat]
            for tile in range(34):
                want = []
                face = natural_face(tile, c)
                if tile != c and face < 27:
                    for low in range(face - face % 9, face - face % 9 + 7):
                        if not low <= face <= low + 2:
                            continue
                        need = [WHITE if f == c else f for f in range(low, low + 3) if f != face]
                        if c == WHITE and WHITE in need:
                            continue
                        if all(t in hand for t in need):
                            want.append(sorted(need))
                got = rules.chow_options(state, seat, tile)
                used = []
                for a in got:
                    assert a.seat == seat and a.type == CHOW and a.tile == tile_str(tile)
                    run = parse_tiles(a.tiles or "")
                    run.remove(tile)
                    used.append(sorted(run))
                assert used == want, (hand, tile, c)
                offers += len(got)
    assert offers > 100
