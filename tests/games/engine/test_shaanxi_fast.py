"""Shaanxi's fast win test against the slow reference (shared/rules/shaanxi.md §9).

``shapes.wait_mask`` answers "which kinds complete this hand" as a bit mask, and live play's
``can_win`` is a bit test on it (cached per hand). Both must agree with the readable reference,
``shapes.waits`` / ``shapes.is_win`` one shape at a time, on every input: random hands with and
without melds, hands one tile from each of the five shapes, illegal ones, and every can_win call of
seeded bot hands.
"""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

from games.engine import new_hand
from games.engine.bots import bot_choose
from games.engine.core import WIN_DISCARD, WIN_ROB, WIN_SELF, _apply_unchecked, to_act
from games.engine.state import PHASE_OVER, HandState
from games.engine.tiles import Meld, counts_of, parse_tiles
from games.engine.variants.shaanxi import play, shapes
from tests.games.engine.standin import stand_in

KONGS = ("kong_exposed", "kong_concealed", "kong_added")


def _reference_mask(hand: list[int], melds: list[Meld]) -> int:
    return sum(1 << t for t in shapes.waits(counts_of(hand), melds))


def _brute_mask(hand: list[int], melds: list[Meld]) -> int:
    """is_win on hand + t for every kind, without waits' own legality shortcut."""
    mask = 0
    for t in range(shapes.N_PLAYABLE):
        counts = counts_of(hand)
        counts[t] += 1
        if shapes.is_win(counts, melds):
            mask |= 1 << t
    return mask


def _random_melds(rng: random.Random, pool: list[int], n: int) -> list[Meld]:
    """``n`` pungs/kongs whose tiles come out of ``pool``."""
    melds = []
    for _ in range(n):
        kinds = [k for k in set(pool) if pool.count(k) >= 3]
        kind = rng.choice(kinds)
        size = 4 if pool.count(kind) == 4 and rng.random() < 0.3 else 3
        for _ in range(size):
            pool.remove(kind)
        mtype = rng.choice(KONGS) if size == 4 else "pung"
        melds.append(Meld(mtype, (kind,) * size, 1 if mtype in ("pung", "kong_exposed") else None))
    return melds


def _random_hand(rng: random.Random) -> tuple[list[int], list[Meld]]:
    pool = [k for k in range(34) for _ in range(4)]
    rng.shuffle(pool)
    melds = _random_melds(rng, pool, rng.choice((0, 0, 0, 1, 1, 2, 3, 4)))
    return sorted(pool[: 13 - 3 * len(melds)]), melds


def _sets(rng: random.Random, n: int) -> list[int]:
    tiles: list[int] = []
    for _ in range(n):
        if rng.random() < 0.5:
            suit = rng.randrange(3)
            low = 9 * suit + rng.randrange(7)
            tiles += [low, low + 1, low + 2]
        else:
            tiles += [rng.randrange(34)] * 3
    return tiles


def _winning_hand(rng: random.Random) -> tuple[list[int], list[Meld]]:
    """A 14-tile hand of one of the five shapes (may hold a fifth copy: illegal ones are tested
    too)."""
    shape = rng.randrange(6)
    honors = list(range(27, 34))
    if shape == 0:  # 平胡, some sets as melds
        n_melds = rng.randrange(5)
        melds = [
            Meld(rng.choice(("pung", *KONGS)), (k,) * 3) for k in rng.sample(range(34), n_melds)
        ]
        melds = [Meld(m.type, (m.kind,) * (4 if m.type in KONGS else 3)) for m in melds]
        pair = rng.randrange(34)
        return [pair, pair, *_sets(rng, 4 - n_melds)], melds
    if shape == 1:  # 七对
        return [k for k in rng.sample(range(34), 7) for _ in range(2)], []
    if shape == 2:  # 十三幺
        return [*shapes.ORPHANS, rng.choice(shapes.ORPHANS)], []
    nine = list(rng.choice(shapes.KNITTED_NINES))
    if shape == 3:  # 全不靠
        return rng.sample(nine + honors, 14), []
    # 组合龙: the nine, one set (maybe a pung/kong meld) and a pair
    pair = rng.randrange(34)
    if rng.random() < 0.5:
        kind = rng.randrange(34)
        size = 4 if rng.random() < 0.3 else 3
        meld = Meld("pung" if size == 3 else rng.choice(KONGS), (kind,) * size)
        return [*nine, pair, pair], [meld]
    return [*nine, pair, pair, *_sets(rng, 1)], []


def _near_win(rng: random.Random) -> tuple[list[int], list[Meld]]:
    """A winning hand minus one tile, sometimes with one more tile swapped."""
    hand, melds = _winning_hand(rng)
    hand.pop(rng.randrange(len(hand)))
    if rng.random() < 0.3:
        hand[rng.randrange(len(hand))] = rng.randrange(34)
    return sorted(hand), melds


@pytest.mark.parametrize("seed", range(3))
def test_wait_mask_matches_waits_on_random_hands(seed: int) -> None:
    rng = random.Random(f"shaanxi-fast:{seed}")
    for _ in range(800):
        hand, melds = _random_hand(rng)
        assert shapes.wait_mask(hand, melds) == _reference_mask(hand, melds), (hand, melds)


@pytest.mark.parametrize("seed", range(3))
def test_wait_mask_matches_is_win_near_every_shape(seed: int) -> None:
    rng = random.Random(f"shaanxi-near:{seed}")
    nonzero = 0
    for _ in range(1000):
        hand, melds = _near_win(rng)
        mask = shapes.wait_mask(hand, melds)
        assert mask == _brute_mask(hand, melds), (hand, melds)
        nonzero += mask != 0
    assert nonzero > 300  # the hands do exercise the shapes


@pytest.mark.parametrize(
    ("tiles", "melds", "waits"),
    [
        ("112233m445566p7s", [], "7s"),
        ("19m19p19s1234567z", [], "19m19p19s1234567z"),
        ("19m19p19s1234566z", [], "7z"),
        ("147m258p369s1234z", [], "567z"),
        ("147m258p369s2345z", [], "167z"),
        ("147m258p369s123s5z", [], "5z"),
        ("147m258p69s123s55z", [], "3s"),
        ("147m258p369s5z", ["666z"], "5z"),
        ("147m258p369s5z", ["123s"], ""),  # a chow meld: no Shaanxi win
        ("1111m223m", ["555m", "777m"], "23m"),
        ("11112222333344m", [], ""),  # 14 tiles: not a 13-tile hand
    ],
)
def test_wait_mask_examples(tiles: str, melds: list[str], waits: str) -> None:
    from games.engine.tiles import parse_meld

    parsed = [
        parse_meld({"type": "chow" if len(set(m[:-1])) > 1 else "pung", "tiles": m, "from": 1})
        for m in melds
    ]
    hand = parse_tiles(tiles)
    expected = sum(1 << t for t in parse_tiles(waits)) if waits else 0
    assert shapes.wait_mask(hand, parsed) == expected
    assert shapes.wait_mask(hand, parsed) == _reference_mask(hand, parsed)


def test_wait_mask_rejects_illegal_hands() -> None:
    five = parse_tiles("11111m2345678m9m")  # a fifth copy
    assert shapes.wait_mask(five, []) == _reference_mask(five, []) == 0
    flower = [*parse_tiles("112233m445566p"), 34]
    assert shapes.wait_mask(flower, []) == 0
    kong4 = parse_tiles("1m23456789p111s")  # 1m wait blocked by the kong holding four
    meld = [Meld("kong_concealed", (0, 0, 0, 0))]
    assert shapes.wait_mask(kong4[:10], meld) == _reference_mask(kong4[:10], meld)


def _reference_can_win(state: Any, seat: int, tile: int | None, how: str) -> bool:
    """ShaanxiRules.can_win before the wait-mask cache: 漏胡 block, then shapes.is_win."""
    if tile is not None and how != WIN_SELF and tile in state.ext["lou_hu"][seat]:
        return False
    counts = counts_of(state.hands[seat])
    if tile is not None:
        counts[tile] += 1
    return shapes.is_win(counts, state.melds[seat])


@pytest.mark.parametrize("seed", range(3))
def test_can_win_matches_the_reference_on_every_tile(seed: int) -> None:
    rng = random.Random(f"shaanxi-can-win:{seed}")
    rules = play.RULES
    for _ in range(200):
        if rng.random() < 0.5:
            hand, melds = _near_win(rng)
        else:
            hand, melds = _random_hand(rng)
        lou = [rng.randrange(34) for _ in range(rng.randrange(3))]
        ns = stand_in(
            "shaanxi",
            hands=(tuple(hand),),
            melds=(tuple(melds),),
            ext={"lou_hu": [lou]},
            drawn=None,
        )
        state = cast(HandState, ns)
        for t in range(34):
            for how in (WIN_DISCARD, WIN_ROB, WIN_SELF):
                assert rules.can_win(state, 0, t, how) == _reference_can_win(ns, 0, t, how)
            # the same hand holding t, as a self-draw: drawn t, another drawn tile, or none
            ns.hands = (tuple(sorted([*hand, t])),)
            for drawn in (t, None, rng.randrange(34)):
                ns.drawn = drawn
                got = rules.can_win(state, 0, None, WIN_SELF)
                assert got == _reference_can_win(ns, 0, None, WIN_SELF), (hand, melds, t, drawn)
            ns.hands = (tuple(hand),)
            ns.drawn = None


def _bot_states(n_hands: int, seed: str) -> list[HandState]:
    """Every state of ``n_hands`` greedy self-play hands, in order."""
    out = []
    for i in range(n_hands):
        state, _ = new_hand("shaanxi", {}, dealer=i % 4, seed=f"{seed}:{i}")
        while state.phase != PHASE_OVER:
            out.append(state)
            seat = to_act(state)[0]
            state, _ = _apply_unchecked(state, bot_choose(state, seat, rng_seed=len(out)))
    return out


def test_can_win_matches_the_reference_in_bot_play() -> None:
    """can_win on live states, asked in play order (its per-seat memory of the last hand is hit
    by the same and by equal hands) and for every seat, tile and manner."""
    rules = play.RULES
    checked = won = 0
    for state in _bot_states(8, "shaanxi-fast"):
        for seat in range(4):
            if state.drawn is not None and state.turn == seat:
                got = rules.can_win(state, seat, None, WIN_SELF)
                assert got == _reference_can_win(state, seat, None, WIN_SELF)
                won += got
            for t in range(34):
                for how in (WIN_DISCARD, WIN_ROB):
                    got = rules.can_win(state, seat, t, how)
                    assert got == _reference_can_win(state, seat, t, how), (state.hands[seat], t)
                    checked += 1
                    won += got
    assert checked > 30_000 and won > 30


def test_can_win_in_any_seat_order() -> None:
    """The per-seat memory never answers for another hand: hands asked in a shuffled order,
    equal hands as fresh tuples, the same hand with other melds."""
    rng = random.Random("shaanxi-seat-order")
    rules = play.RULES
    pool = [_near_win(rng) if rng.random() < 0.6 else _random_hand(rng) for _ in range(60)]
    for _ in range(3000):
        hand, melds = rng.choice(pool)
        if rng.random() < 0.2 and melds:
            melds = melds[:-1]
        seat = rng.randrange(4)
        hands = [(), (), (), ()]
        hands[seat] = tuple(hand)  # a fresh tuple: equal to an earlier one, not the same object
        ns = stand_in(
            "shaanxi",
            hands=tuple(hands),
            melds=((),) * seat + (tuple(melds),),
            ext={"lou_hu": [[]] * 4},
        )
        ns.drawn = None
        state = cast(HandState, ns)
        t = rng.randrange(34)
        assert rules.can_win(state, seat, t, WIN_DISCARD) == _reference_can_win(
            ns, seat, t, WIN_DISCARD
        )


def test_dealer_paozi_uses_the_best_shanten_after_one_discard() -> None:
    """bot_choice's dealer case (fast_shanten.after_discards) against shanten per discard."""
    from games.engine.fast_shanten import after_discards, shanten

    rng = random.Random("shaanxi-paozi")
    for _ in range(300):
        pool = [k for k in range(34) for _ in range(4)]
        rng.shuffle(pool)
        hand = sorted(pool[:14])
        counts = counts_of(hand)
        slow = []
        for t in sorted(set(hand)):
            less = list(counts)
            less[t] -= 1
            slow.append(shanten(less))
        assert after_discards(counts, 4, 0, sorted(set(hand))) == slow


def test_discard_options_and_paozi_pick_match_the_plain_rules() -> None:
    """discard_options (a walk of the sorted hand) is every held kind; the 炮子 bot's shanten from
    its own group keys is fast_shanten.shanten / after_discards on the counts."""
    from games.engine.fast_shanten import after_discards, shanten
    from games.engine.state import PHASE_CHOICE

    rules = play.RULES
    unsorted = stand_in("shaanxi", hands=((5, 3, 3, 1),))
    assert rules.discard_options(cast(HandState, unsorted), 0) == [1, 3, 5]
    picks = 0
    for state in _bot_states(6, "shaanxi-options"):
        for seat in range(4):
            hand = state.hands[seat]
            assert rules.discard_options(state, seat) == sorted(set(hand))
            if state.phase == PHASE_CHOICE and state.choices[seat] is None:
                counts = counts_of(hand)
                if len(hand) == 14:
                    best = min(after_discards(counts, 4, 0, sorted(set(hand))))
                else:
                    best = shanten(counts)
                want = 3 if best <= 1 else 2 if best == 2 else 1 if best == 3 else 0
                got = rules.bot_choice(state, seat, rules.choice_actions(state, seat))
                assert got is not None and got.choice == want
                picks += 1
    assert picks >= 12
