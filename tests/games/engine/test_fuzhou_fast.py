"""Fuzhou's live win tests (games/engine/variants/fuzhou/play.py) answer as the rules say.

* can_win on cached group keys, against ``can_win_by_counts`` here (counts + is_standard_win);
* the dealer's 抢金 candidates, against the calculator's is_legal_win per discard;
* the non-dealers' 抢金 claim, against the calculator's is_legal_win;
* the reserve cached on the state's tuples, against reserve_of;
* the bot's discard pick, against the pick written plainly.

The random hands are built near a win (sets and a pair, some tiles turned into golds, one tile
taken out or swapped), so wins and near-misses both come up often, with melds and every gold count.
"""

from __future__ import annotations

import random
from typing import Any

from games.engine import new_hand
from games.engine.actions import HU, KONG_ADDED, KONG_CONCEALED, Action
from games.engine.bots import _pick_discard, bot_choose
from games.engine.core import (
    WIN_DISCARD,
    WIN_ROB,
    WIN_SELF,
    apply,
    legal_actions,
    parse_tile,
    replace,
    to_act,
)
from games.engine.hand import group_keys, is_standard_win
from games.engine.state import PHASE_OVER, PHASE_TURN, HandState
from games.engine.tiles import Meld, counts_of, tile_str
from games.engine.variants.fuzhou import deal, play, scoring
from games.engine.variants.fuzhou.play import QIANGJIN, RULES, SANJINDAO

Hand = list[int]


def _base_state() -> HandState:
    state, _events = new_hand("fuzhou", {}, dealer=0, seed="fuzhou-fast")
    return state


def _random_sets(rng: random.Random, n: int, left: list[int]) -> list[list[int]] | None:
    sets: list[list[int]] = []
    for _ in range(n):
        for _attempt in range(20):
            if rng.random() < 0.55:
                low = rng.randrange(27)
                if low % 9 > 6:
                    continue
                s = [low, low + 1, low + 2]
            else:
                k = rng.randrange(27)
                s = [k, k, k]
            if all(left[t] >= s.count(t) for t in s):
                for t in s:
                    left[t] -= 1
                sets.append(s)
                break
        else:
            return None
    return sets


def _random_case(rng: random.Random) -> tuple[int, Hand, tuple[Meld, ...]] | None:
    """(gold, 17 - 3m concealed tiles, m melds): a win, then perturbed."""
    gold = rng.randrange(27)
    left = [4] * 27
    left[gold] = 3  # the indicator is set aside
    n_melds = rng.choice((0, 0, 0, 1, 1, 2, 3))
    sets = _random_sets(rng, 5, left)
    if sets is None:
        return None
    pair = rng.randrange(27)
    if left[pair] < 2:
        return None
    left[pair] -= 2
    melds: list[Meld] = []
    concealed: Hand = [pair, pair]
    for s in sets:
        if len(melds) < n_melds and gold not in s:
            if s[0] == s[1]:
                mtype = rng.choice(("pung", "kong_exposed", "kong_concealed"))
                tiles = tuple(s) if mtype == "pung" else tuple(s + [s[0]])
            else:
                mtype, tiles = "chow", tuple(s)
            melds.append(Meld(mtype, tiles, 3 if mtype == "chow" else None))
        else:
            concealed += s
    # some tiles become golds (wildcards), within the three live ones
    held_golds = concealed.count(gold)
    for _ in range(rng.choice((0, 0, 1, 1, 2, 3))):
        i = rng.randrange(len(concealed))
        if concealed[i] != gold and held_golds < 3:
            concealed[i] = gold
            held_golds += 1
    # perturb: swap one or two tiles for random ones
    for _ in range(rng.choice((0, 0, 1, 1, 2))):
        i = rng.randrange(len(concealed))
        concealed[i] = rng.randrange(27)
    counts = counts_of(concealed)
    for m in melds:
        for t in m.tiles:
            counts[t] += 1
    if any(c > 4 for c in counts[:27]) or counts[gold] > 3:
        return None
    return gold, sorted(concealed), tuple(melds)


def _state_for(
    base: HandState, seat: int, gold: int, hand: Hand, melds: tuple[Meld, ...], **more: Any
) -> HandState:
    hands = list(base.hands)
    hands[seat] = tuple(sorted(hand))
    all_melds = list(base.melds)
    all_melds[seat] = melds
    return replace(
        base,
        hands=tuple(hands),
        melds=tuple(all_melds),
        ext={**base.ext, "gold": gold},
        **more,
    )


def can_win_by_counts(state: HandState, seat: int, tile: int | None, how: str) -> bool:
    """can_win by definition (§10.3, §11.5): the hand's counts, the golds as jokers, no flower."""
    gold = play.gold_of(state)
    if gold is None or how == WIN_ROB:
        return False
    counts = counts_of(state.hands[seat])
    if how == WIN_DISCARD:
        assert tile is not None
        if tile == gold or play.is_gold_discarder(state, seat):
            return False
        counts[tile] += 1
    if any(counts[27:]):
        return False  # a flower is laid down, never part of a winning hand (F1)
    if how != WIN_DISCARD and counts[gold] >= 3:
        return True  # 三金倒 (§11.5)
    golds = counts[gold]
    counts[gold] = 0
    if sum(counts) + golds + 3 * len(state.melds[seat]) != scoring.HAND_SIZE:
        return False
    return is_standard_win(counts, golds)


def dealer_robs_by_calculator(state: HandState, seat: int) -> list[int]:
    """§11.3 dealer 抢金 by definition: the discards after which is_legal_win takes his tiles and
    the gold."""
    gold = play.gold_of(state)
    if seat != state.dealer or state.n_discards or gold is None:
        return []
    ctx = scoring.WinContext(gold=gold, special=scoring.QIANGJIN)
    out = []
    for t in sorted(set(state.hands[seat])):
        rest = list(state.hands[seat])
        rest.remove(t)
        if scoring.is_legal_win([*rest, gold], state.melds[seat], ctx):
            out.append(t)
    return out


def _cases(seed: int, n: int) -> list[tuple[int, Hand, tuple[Meld, ...]]]:
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        case = _random_case(rng)
        if case is not None:
            out.append(case)
    return out


def test_suit_keys_are_the_group_keys_without_the_golds() -> None:
    rng = random.Random(1)
    for _ in range(3000):
        hand = tuple(sorted(rng.randrange(27) for _ in range(rng.randrange(1, 18))))
        gold = rng.randrange(27)
        counts = counts_of(hand)
        golds = counts[gold]
        counts[gold] = 0
        km, kp, ks, _kz = group_keys(counts)
        assert play.suit_keys(hand, gold) == (km, kp, ks, golds)
        assert play.suit_keys((*hand, 30), gold) is None


def test_may_win_is_false_only_when_the_full_test_is() -> None:
    rng = random.Random(9)
    passed = wins = 0
    for _ in range(20000):
        n = rng.randrange(1, 18)
        counts = [0] * 34
        for _t in range(n):
            k = rng.randrange(27) if rng.random() < 0.5 else rng.randrange(9) + 9 * rng.randrange(3)
            if counts[k] < 4:
                counts[k] += 1
        km, kp, ks, _kz = group_keys(counts)
        golds = rng.randrange(7)
        if (sum(counts) + golds) % 3 != 2:
            continue
        full = is_standard_win(counts, golds)
        bound = play.may_win(km, kp, ks, golds)
        assert bound or not full, (counts, golds)
        passed += bound
        wins += full
    assert wins > 300 and passed > wins


def test_can_win_equals_the_reference_on_random_hands() -> None:
    base = _base_state()
    rng = random.Random(2)
    wins = {WIN_DISCARD: 0, WIN_SELF: 0}
    checked = 0
    for gold, full, melds in _cases(3, 6000):
        seat = rng.randrange(4)
        # discard: the 16 held tiles, asked about the tile taken out and about random tiles
        i = rng.randrange(len(full))
        held = full[:i] + full[i + 1 :]
        state = _state_for(base, seat, gold, held, melds, discards=((),) * 4)
        tiles = {full[i], rng.randrange(27), rng.randrange(27), gold}
        for t in tiles:
            if counts_of(held)[t] >= 4:
                continue  # no fifth copy exists
            for how in (WIN_DISCARD, WIN_ROB):
                got = RULES.can_win(state, seat, t, how)
                assert got == can_win_by_counts(state, seat, t, how), (gold, held, melds, t)
                wins[WIN_DISCARD] += got
                checked += 1
        # a gold discarder wins on no discard
        gd = replace(state, discards=tuple((gold,) if s == seat else () for s in range(4)))
        assert not RULES.can_win(gd, seat, full[i], WIN_DISCARD)
        # self-draw: the 17 tiles, the drawn tile any of them (or unknown)
        for drawn in {full[i], rng.choice(full), None}:
            state = _state_for(base, seat, gold, full, melds, drawn=drawn)
            got = RULES.can_win(state, seat, None, WIN_SELF)
            assert got == can_win_by_counts(state, seat, None, WIN_SELF), (gold, full, drawn)
            wins[WIN_SELF] += got
            checked += 1
        # wrong sizes are never wins
        state = _state_for(base, seat, gold, held, melds, drawn=held[0])
        assert RULES.can_win(state, seat, None, WIN_SELF) == can_win_by_counts(
            state, seat, None, WIN_SELF
        )
    assert checked > 20000
    assert wins[WIN_DISCARD] > 500 and wins[WIN_SELF] > 500, wins


def test_a_hand_holding_a_flower_never_wins() -> None:
    """Nor does a flower offered: is_legal_win refuses a hand with one (flowers are laid down)."""
    base = _base_state()
    for gold, full, melds in _cases(4, 300):
        held = [*full[1:-1], 30]
        state = _state_for(base, 1, gold, held, melds, discards=((),) * 4)
        for t in (full[0], full[-1]):
            assert not RULES.can_win(state, 1, t, WIN_DISCARD)
            drawn = _state_for(base, 1, gold, [*held, t], melds, drawn=t)
            assert not RULES.can_win(drawn, 1, None, WIN_SELF)
        assert not RULES.can_win(_state_for(base, 1, gold, full[1:], melds), 1, 35, WIN_DISCARD)


def test_the_dealers_qiangjin_equals_the_calculator() -> None:
    base = _base_state()
    robs = 0
    for gold, full, melds in _cases(5, 4000):
        state = _state_for(base, base.dealer, gold, full, melds, n_discards=0)
        got = RULES._dealer_can_rob(state, base.dealer)
        assert got == dealer_robs_by_calculator(state, base.dealer), (gold, full, melds)
        robs += bool(got)
        # only on the dealer's first turn
        later = replace(state, n_discards=1)
        assert RULES._dealer_can_rob(later, base.dealer) == []
        other = (base.dealer + 1) % 4
        assert RULES._dealer_can_rob(_state_for(state, other, gold, full, melds), other) == []
    assert robs > 200


def test_the_non_dealers_qiangjin_equals_the_calculator() -> None:
    base = _base_state()
    dealer = base.dealer
    seat = (dealer + 1) % 4
    window = replace(base, n_discards=1)
    robs = 0
    for gold, full, melds in _cases(6, 4000):
        held = list(full)
        held.remove(gold if gold in held else held[0])
        state = _state_for(window, seat, gold, held, melds)
        got = RULES.claim_extras(state, seat, held[0], dealer, "discard")
        ctx = scoring.WinContext(gold=gold, special=scoring.QIANGJIN)
        want = scoring.is_legal_win([*held, gold], melds, ctx)
        assert got == ([Action(seat, QIANGJIN, tile=tile_str(gold))] if want else []), (gold, held)
        robs += want
        assert RULES.claim_extras(state, seat, held[0], (dealer + 1) % 4, "discard") == []
    assert robs > 200


def test_the_cached_reserve_follows_melds_and_flowers() -> None:
    base = _base_state()
    rng = random.Random(7)
    kinds = ("pung", "chow", "kong_exposed", "kong_added", "kong_concealed")
    for _ in range(500):
        melds = tuple(
            tuple(Meld(rng.choice(kinds), (1, 1, 1)) for _ in range(rng.randrange(3)))
            for _ in range(4)
        )
        flowers = tuple(tuple(rng.sample(range(27, 42), rng.randrange(8))) for _ in range(4))
        state = replace(base, melds=melds, flowers=flowers)
        want = play.reserve_of(melds, flowers)
        assert RULES.reserved_tail(state) == want
        assert RULES.reserved_tail(state) == want  # the cached answer
        frozen = replace(state, ext={**state.ext, "final_group": True, "frozen_reserve": 3})
        assert RULES.reserved_tail(frozen) == 3


def _reference_bot_choice(state: HandState, seat: int, legal: list[Action]) -> Action | None:
    """The bot's choice as first written (parsing every discard's tile)."""
    for a in legal:
        if a.type in (QIANGJIN, SANJINDAO):
            return a
    if state.phase != PHASE_TURN:
        return None
    if any(a.type in (HU, KONG_CONCEALED, KONG_ADDED) for a in legal):
        return None
    gold = play.gold_of(state)
    discards = [
        a
        for a in legal
        if a.type == "discard" and a.tile is not None and parse_tile(a.tile) != gold
    ]
    if not discards:
        return None
    hand = [t for t in state.hands[seat] if t != gold]
    return _pick_discard(hand, discards, False)


def test_the_bot_choice_equals_the_plain_one_over_seeded_hands() -> None:
    seen = 0
    for i in range(20):
        state, _events = new_hand("fuzhou", {}, dealer=i % 4, seed=f"fast-bot:{i}")
        while state.phase != PHASE_OVER:
            seat = to_act(state)[0]
            legal = legal_actions(state, seat)
            want = _reference_bot_choice(state, seat, legal)
            assert RULES.bot_choice(state, seat, legal) == want
            seen += 1
            state, _ev = apply(state, bot_choose(state, seat))
    assert seen > 500


def test_quartets_and_the_reserve_equal_the_calculator() -> None:
    """_quartets (one typed pass) against scoring.flower_quartets, reserve_of against §6.1 written
    out with it."""
    from games.engine.variants.fuzhou.settle import reserve

    rng = random.Random(11)
    pool = [k for k in range(27, 34) for _ in range(4)] + list(range(34, 42))
    kinds = ("pung", "chow", "kong_exposed", "kong_added", "kong_concealed")
    for _ in range(3000):
        flowers = tuple(
            tuple(rng.sample(pool, rng.choice((0, 2, 4, 6, 8, 12, 20)))) for _ in range(4)
        )
        melds = tuple(
            tuple(Meld(rng.choice(kinds), (1, 1, 1)) for _ in range(rng.randrange(3)))
            for _ in range(4)
        )
        for f in flowers:
            assert deal._quartets(f) == scoring.flower_quartets(f), f
        all_melds = [m for ms in melds for m in ms]
        want = reserve(
            exposed=sum(m.type in ("kong_exposed", "kong_added") for m in all_melds),
            concealed=sum(m.type == "kong_concealed" for m in all_melds),
            quartets=sum(scoring.flower_quartets(f) for f in flowers),
        )
        assert play.reserve_of(melds, flowers) == want
    assert deal._quartets((27, 27, 27, 27, 34, 35, 36, 37, 38, 39, 40, 41)) == 3


def test_plain_is_suited_tiles_at_most_four_of_a_face() -> None:
    rng = random.Random(12)
    for _ in range(3000):
        hand = tuple(sorted(rng.randrange(30) for _ in range(rng.randrange(0, 18))))
        want = all(t < 27 for t in hand) and all(hand.count(t) <= 4 for t in hand)
        assert play._plain(hand) == want, hand
    assert not play._plain((3, 3, 3, 3, 3)) and play._plain((3, 3, 3, 3, 4))


def test_the_held_hand_entry_is_reused_only_when_it_matches() -> None:
    """The per-seat entry of the claim windows: the same tuple, an equal tuple (a new object), the
    same tuple with another gold, and a self-draw after it, all as the reference."""
    base = _base_state()
    rng = random.Random(13)
    for gold, full, melds in _cases(14, 1500):
        seat = rng.randrange(4)
        i = rng.randrange(len(full))
        held = full[:i] + full[i + 1 :]
        other_gold = (gold + 1 + rng.randrange(26)) % 27
        state = _state_for(base, seat, gold, held, melds, discards=((),) * 4)
        same = replace(
            state,
            hands=tuple(tuple(list(h)) if s == seat else h for s, h in enumerate(state.hands)),
        )
        assert same.hands[seat] == state.hands[seat] and same.hands[seat] is not state.hands[seat]
        regilded = replace(state, ext={**state.ext, "gold": other_gold})
        for st in (state, same, regilded, same):
            for t in {full[i], rng.randrange(27), rng.randrange(27)}:
                if counts_of(held)[t] >= 4:
                    continue
                assert RULES.can_win(st, seat, t, WIN_DISCARD) == can_win_by_counts(
                    st, seat, t, WIN_DISCARD
                )
        for g in (gold, other_gold):
            drawn = _state_for(base, seat, g, full, melds, drawn=full[i])
            assert RULES.can_win(drawn, seat, None, WIN_SELF) == can_win_by_counts(
                drawn, seat, None, WIN_SELF
            )
