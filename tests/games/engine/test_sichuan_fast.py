"""The Sichuan rules against their definitions, on thousands of seeded random hands.

* ``scoring.basic_candidates`` (closed-form pattern tests) against ``reference_candidates`` here
  (§5.1 read off every reading from ``hand.decompositions``);
* ``scoring.waits`` (per-suit wait masks) against ``scoring.waits_by_trial`` (one ``is_win`` per
  kind), and the cached ``dajiao_value`` against a recomputation from the references;
* ``SichuanRules.can_win`` (cached win masks of the hand before the tile) against §4 on the whole
  hand (``_wins_by_definition``: no void tile, a standard shape or seven pairs);
* ``SichuanRules.discard_options`` (bisected void range of the sorted hand) against its definition.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from games.engine.hand import decompositions, is_standard_win, seven_pairs
from games.engine.tiles import Meld, counts_of, number_of
from games.engine.variants.sichuan import play, scoring, settle
from tests.games.engine.standin import stand_in

SEEDS = range(4000)
SUITS = ("m", "p", "s")


def _terminal(t: int) -> bool:
    return number_of(t) in (1, 9)


def reference_candidates(concealed: list[int], melds: list[Meld]) -> frozenset[str]:
    """§5.1 by definition: the basic patterns some standard reading or seven pairs qualifies for."""
    tiles = scoring.all_tiles(concealed, melds)
    qing = len(scoring.suits_held(tiles)) == 1
    counts = counts_of(concealed)
    found: set[str] = set()
    if is_standard_win(counts):
        found.add("pinghu")
        all_258 = all(number_of(t) in (2, 5, 8) for t in tiles)
        for d in decompositions(counts):
            if all(kind == "pung" for kind, _ in d.sets):
                found |= {"qingdui" if qing else "duiduihu", "duiduihu"}
                if all_258:
                    found.add("jiangdui")
            sets_ok = all(
                _terminal(t) if k == "pung" else number_of(t) in (1, 7) for k, t in d.sets
            )
            if _terminal(d.pair) and sets_ok and all(_terminal(m.tiles[0]) for m in melds):
                found |= {"daiyaojiu", "qingyaojiu"} if qing else {"daiyaojiu"}
    if not melds and seven_pairs(counts):
        dragon = 4 in counts
        found.add("longqidui" if dragon else "qidui")
        if qing:
            found.add("qinglongqidui" if dragon else "qingqidui")
    if found and qing:
        found.add("qingyise")
    return frozenset(found)


def _wins_by_definition(hand: tuple[int, ...], melds: list[Meld], void: str) -> bool:
    """§4 on the whole hand: no void-suit tile, then a standard shape or (no melds) seven pairs."""
    if any(t // 9 == SUITS.index(void) for t in hand):
        return False
    counts = counts_of(hand)
    return is_standard_win(counts) or (not melds and seven_pairs(counts))


def _meld(rng: random.Random, kind: int) -> Meld:
    mtype = rng.choice(("pung", "pung", "kong_exposed", "kong_added", "kong_concealed"))
    n = 3 if mtype == "pung" else 4
    return Meld(mtype, (kind,) * n, None if mtype == "kong_concealed" else rng.randrange(1, 4))


Hand = tuple[list[int], list[Meld], str]


def _winning_hand(rng: random.Random) -> Hand:
    """A complete hand (14 − 3 per meld concealed tiles) that keeps its void suit, with the shapes
    the patterns look for made likely: one suit only, terminals, 2/5/8, pungs, seven pairs."""
    while True:
        hand = _try_winning_hand(rng)
        if hand is not None:
            return hand


def _try_winning_hand(rng: random.Random) -> Hand | None:
    """One attempt at ``_winning_hand``; None when the chosen shapes run out of tiles."""
    void = rng.randrange(3)
    suits = [g for g in range(3) if g != void]
    if rng.random() < 0.4:
        suits = [rng.choice(suits)]
    style = rng.choice(("any", "yaojiu", "258", "pungs"))
    held = [0] * 27

    def number() -> int:
        if style == "yaojiu":
            return rng.choice((0, 8))
        if style == "258":
            return rng.choice((1, 4, 7))
        return rng.randrange(9)

    tries = [0]

    def take(tiles: list[int]) -> bool:
        tries[0] += 1
        if tries[0] > 60:
            raise _OutOfTiles
        if any(held[t] + tiles.count(t) > 4 for t in tiles):
            return False
        for t in tiles:
            held[t] += 1
        return True

    concealed: list[int] = []
    melds: list[Meld] = []
    try:
        _fill(rng, suits, number, take, concealed, melds)
    except _OutOfTiles:
        return None
    return concealed, melds, SUITS[void]


class _OutOfTiles(Exception):
    pass


def _fill(
    rng: random.Random,
    suits: list[int],
    number: Callable[[], int],
    take: Callable[[list[int]], bool],
    concealed: list[int],
    melds: list[Meld],
) -> None:
    style_pungs = rng.random() < 0.25
    if rng.random() < 0.25:  # seven pairs
        while len(concealed) < 14:
            t = 9 * rng.choice(suits) + number()
            if take([t, t]):
                concealed += [t, t]
        return
    for _ in range(rng.choice((0, 0, 0, 1, 1, 2, 3, 4))):
        meld = _meld(rng, 9 * rng.choice(suits) + number())
        if take(list(meld.tiles)):
            melds.append(meld)
    while len(concealed) + 3 * len(melds) < 12:
        g = rng.choice(suits)
        if style_pungs or rng.random() < 0.3:
            t = 9 * g + number()
            tiles = [t, t, t]
        else:
            start = rng.choice((0, 6)) if number() in (0, 8) else rng.randrange(7)
            tiles = [9 * g + start + i for i in range(3)]
        if take(tiles):
            concealed += tiles
    while True:
        t = 9 * rng.choice(suits) + number()
        if take([t, t]):
            concealed += [t, t]
            break


def _random_hand(rng: random.Random, size: int) -> tuple[list[int], list[Meld], str | None]:
    """Any tiles (some void-suit ones, now and then an honour or a chow meld)."""
    n_melds = rng.choice((0, 0, 1, 2))
    melds = [_meld(rng, rng.randrange(27)) for _ in range(n_melds)]
    if rng.random() < 0.05:
        melds.append(Meld("chow", (3, 4, 5), 3))
    n = max(size - 3 * len(melds), 1)
    suits = rng.sample(range(3), rng.choice((1, 2, 2, 3)))
    concealed = [9 * rng.choice(suits) + rng.randrange(9) for _ in range(n)]
    if rng.random() < 0.03:
        concealed[0] = 27 + rng.randrange(7)
    return concealed, melds, rng.choice((*SUITS, None))


def _hands14(seed: int) -> Iterator[tuple[list[int], list[Meld], str | None]]:
    rng = random.Random(f"sichuan-fast-14:{seed}")
    yield _winning_hand(rng)
    yield _random_hand(rng, 14)


def _hands13(seed: int) -> Iterator[tuple[list[int], list[Meld], str | None]]:
    rng = random.Random(f"sichuan-fast-13:{seed}")
    concealed, melds, void = _winning_hand(rng)
    concealed.pop(rng.randrange(len(concealed)))
    yield concealed, melds, void if rng.random() < 0.9 else None
    yield _random_hand(rng, 13)


def test_candidates_match_the_readings() -> None:
    covered: set[str] = set()
    for seed in SEEDS:
        for concealed, melds, _ in _hands14(seed):
            fast = scoring._candidates(concealed, melds)
            if fast is None:
                assert (
                    any(t >= 27 for t in concealed)
                    or any(m.type == "chow" for m in melds)
                    or (max(counts_of(concealed)) > 4)
                )
                continue
            assert fast == reference_candidates(concealed, melds), (concealed, melds)
            covered |= fast
    # the generator reaches every pattern the readings decide
    assert covered >= set(scoring.BASIC_FAN) - {"tianhu", "dihu"}


def test_candidates_refuse_what_no_sichuan_hand_holds() -> None:
    scoring._cached_candidates.cache_clear()
    for concealed, melds in (
        ([27, 27, 27, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9], []),
        ([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9], [Meld("chow", (3, 4, 5), 3)]),
    ):
        with pytest.raises(ValueError):
            scoring.basic_candidates(concealed, melds)


def _dajiao_reference(concealed: list[int], melds: list[Meld], waits: list[int]) -> int:
    best = 0
    for t in waits:
        hand = [*concealed, t]
        roots = scoring.count_roots(hand, melds)
        for pid in reference_candidates(hand, melds):
            gen = roots - 1 if pid in scoring.DRAGON_PATTERNS else roots
            best = max(best, scoring.BASIC_FAN[pid] + gen)
    return scoring.hand_points(best) if best else 0


def test_waits_and_dajiao_match_the_trial() -> None:
    ready = 0
    for seed in range(2500):
        for concealed, melds, void in _hands13(seed):
            found = scoring.waits(concealed, melds, void)
            trial = scoring.waits_by_trial(concealed, melds, void)
            assert found == trial, (concealed, melds, void)
            ready += bool(found)
            if len(concealed) + 3 * len(melds) == 13:
                expect = _dajiao_reference(concealed, melds, trial)
                assert settle.dajiao_value(concealed, melds, void) == expect
                assert settle.dajiao_value(concealed, melds, void) == expect  # cached
    assert ready > 1250


def test_waits_edge_inputs() -> None:
    five = [0, 0, 0, 0, 0, 1, 2, 9, 10, 11, 12, 13, 14]
    assert scoring.waits(five, [], "s") == scoring.waits_by_trial(five, [], "s") == []
    honour = [27, 27, 0, 1, 2, 3, 4, 5, 9, 10, 11, 12, 12]
    assert scoring.waits(honour, [], "s") == scoring.waits_by_trial(honour, [], "s") == []
    odd_void = [0, 1, 2, 3, 4, 5, 9, 10, 11, 12, 12, 18, 19]
    assert scoring.waits(odd_void, [], "x") == scoring.waits_by_trial(odd_void, [], "x")


def test_can_win_masks_match_the_whole_hand_test() -> None:
    rules = play.RULES
    wins = 0
    for seed in range(1500):
        for concealed, melds, void in _hands13(seed):
            rng = random.Random(f"sichuan-fast-cw:{seed}")
            if any(t >= 27 for t in concealed) or void is None:
                continue
            if sum(concealed.count(t) > 4 for t in set(concealed)):
                continue
            hand = tuple(sorted(concealed))
            for tile in range(27):
                if hand.count(tile) >= 4:
                    continue  # no fifth copy in play
                state: Any = stand_in(
                    "sichuan",  # HandState's field types: tuples
                    hands=(hand,),
                    choices=(void,),
                    melds=(tuple(melds),),
                    turn=1,
                    drawn=None,
                )
                won = rules.can_win(state, 0, tile, "discard")
                want = hand.count(tile) < 4 and _wins_by_definition((*hand, tile), melds, void)
                assert won == want, (hand, melds, void, tile)
                wins += won
                # the same tile drawn: a self-draw test on the 14-tile hand
                state = stand_in(
                    "sichuan",
                    hands=(tuple(sorted((*hand, tile))),),
                    choices=(void,),
                    melds=(tuple(melds),),
                    turn=0,
                    drawn=tile if rng.random() < 0.8 else None,
                )
                assert rules.can_win(state, 0, None, "self") == won
    assert wins > 500


def _discard_options_reference(hand: tuple[int, ...], void: str | None) -> list[int]:
    """§2.5 by definition: the held void-suit kinds while any is held (先打缺), else every kind."""
    if void is not None:
        forced = sorted({t for t in hand if t // 9 == SUITS.index(void)})
        if forced:
            return forced
    return sorted(set(hand))


def test_discard_options_match_the_definition() -> None:
    rules = play.RULES
    for seed in range(3000):
        rng = random.Random(f"sichuan-fast-do:{seed}")
        suits = rng.sample(range(3), rng.choice((1, 2, 3)))
        hand = tuple(sorted(9 * rng.choice(suits) + rng.randrange(9) for _ in range(14)))
        void = rng.choice((*SUITS, None))
        state: Any = stand_in("sichuan", hands=(hand,), choices=(void,))
        assert rules.discard_options(state, 0) == _discard_options_reference(hand, void)


def _win_masks_reference(hand: tuple[int, ...], lo: int) -> int:
    """``play._win_masks`` as first written: every suit's code looked up, no completeness filter."""
    if any(lo <= t < lo + 9 for t in hand):
        return 0
    keys = [0, 0, 0]
    for t in hand:
        keys[t // 9] += 5 ** (t % 9)
    masks = scoring.standard_wait_mask(keys[0], keys[1], keys[2]) & ~(0x1FF << lo)
    if len(hand) == 13 and len(set(hand)) <= 7:
        odd = 0
        for t in hand:
            odd ^= 1 << t
        if odd & (odd - 1) == 0:
            masks |= odd << 27
    return masks


def test_win_masks_match_the_unfiltered_masks() -> None:
    ready = 0
    for seed in range(2500):
        for concealed, _melds, void in _hands13(seed):
            if void is None or any(t >= 27 for t in concealed):
                continue
            if any(concealed.count(t) > 4 for t in concealed):
                continue
            hand = tuple(sorted(concealed))
            lo = 9 * SUITS.index(void)
            play._WIN_MASKS.pop((hand, lo), None)
            want = _win_masks_reference(hand, lo)
            assert play._win_masks(hand, lo) == want, (hand, void)
            ready += want != 0
    assert ready > 1000


def test_claim_tests_on_the_same_hand_reuse_its_masks() -> None:
    """The per-seat cache keys on the hand tuple itself and the void: a new tuple, another void or
    another seat is tested afresh."""
    rules = play.RULES
    hand = (0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9)  # 1-9m with 11m extra: waits on m tiles
    for void, wins in (("s", True), ("m", False)):
        state: Any = stand_in("sichuan", hands=(hand, hand), choices=(void, void), melds=((), ()))
        got = [rules.can_win(state, 0, t, "discard") for t in range(27)]
        assert got == [_wins_by_definition((*hand, t), [], void) for t in range(27)]
        assert any(got) == wins
        assert [rules.can_win(state, 1, t, "discard") for t in range(27)] == got
    # a new tuple with other contents, same seat and void: not the cached masks
    other = (0, 0, 0, 9, 10, 11, 12, 13, 14, 15, 16, 17, 17)
    state = stand_in("sichuan", hands=(other,), choices=("s",), melds=((),))
    got = [rules.can_win(state, 0, t, "discard") for t in range(27)]
    assert got == [_wins_by_definition((*other, t), [], "s") for t in range(27)]
    assert any(got)


def test_best_fan_is_the_max_over_the_candidates() -> None:
    """best_fan's one-pass pick against max() by (total, basic fan, tie order)."""
    for seed in range(1500):
        rng = random.Random(f"sichuan-fast-fan:{seed}")
        concealed, melds, _void = _winning_hand(rng)
        add_ons = rng.choice((0, 0, 1, 2))
        special = rng.choice((None, None, "tianhu", "dihu"))
        roots = sum(
            1
            for t in set(scoring.all_tiles(concealed, melds))
            if scoring.all_tiles(concealed, melds).count(t) == 4
        )
        assert scoring.count_roots(concealed, melds) == roots
        candidates = set(reference_candidates(concealed, melds))
        if special is not None:
            candidates.add(special)

        def key(pid: str, roots: int = roots, add_ons: int = add_ons) -> tuple[int, int, int]:
            gen = roots - 1 if pid in scoring.DRAGON_PATTERNS else roots
            base = scoring.BASIC_FAN[pid]
            return (base + add_ons + gen, base, -scoring.TIE_ORDER.index(pid))

        best = max(candidates, key=key)
        gen = roots - 1 if best in scoring.DRAGON_PATTERNS else roots
        want = scoring.FanResult(best, gen, scoring.BASIC_FAN[best] + add_ons + gen)
        assert scoring.best_fan(concealed, melds, add_ons=add_ons, special=special) == want


def test_dingque_actions_are_the_three_suits() -> None:
    from games.engine.actions import DINGQUE, Action

    rules = play.RULES
    for seat in range(4):
        hand = tuple(sorted(random.Random(seat).randrange(27) for _ in range(13)))
        state: Any = stand_in("sichuan", hands=(hand,) * 4)
        acts = rules.choice_actions(state, seat)
        assert acts == [Action(seat, DINGQUE, choice=s) for s in SUITS]
        acts.clear()  # the caller's own list
        assert len(rules.choice_actions(state, seat)) == 3
        default = rules.choice_default(state, seat)
        assert default == Action(seat, DINGQUE, choice=play.fewest_suit(hand))
