import random
from functools import cache

import pytest

from games.engine.hand import (
    decompositions,
    group_keys,
    is_all_pungs_win,
    is_standard_win,
    seven_pairs,
    shanten,
    standard_win_pair258,
    waits_standard,
    wild_cost,
    win_from_keys,
    win_from_tiles,
)
from games.engine.tiles import counts_of, parse_tiles, tile_str


def c(text):
    return counts_of(parse_tiles(text))


@cache
def _reference(counts: tuple, wild: int, need_pair: bool) -> bool:
    """Slow, obviously-correct reference: try every set on the lowest tile; jokers fill holes."""
    i = next((k for k, n in enumerate(counts) if n), -1)
    if i < 0:
        return (wild % 3 == 0) if not need_pair else (wild >= 2 and (wild - 2) % 3 == 0)
    cs = list(counts)
    options = []
    for real in (1, 2, 3):
        if cs[i] >= real and 3 - real <= wild:
            options.append(([(i, real)], 3 - real, need_pair))
    if need_pair:
        for real in (1, 2):
            if cs[i] >= real and 2 - real <= wild:
                options.append(([(i, real)], 2 - real, False))
    if i < 27:
        pos = i % 9
        for start in range(max(0, pos - 2), min(pos, 6) + 1):
            for mask in range(8):
                kinds = [i - pos + start + d for d in range(3)]
                take = [k for bit, k in enumerate(kinds) if mask >> bit & 1]
                if i not in take or any(k < i for k in take):
                    continue
                jokers = 3 - len(take)
                if jokers <= wild and all(cs[k] >= 1 for k in take):
                    options.append(([(k, 1) for k in take], jokers, need_pair))
    for taken, jokers, pair_left in options:
        nxt = list(cs)
        for k, n in taken:
            nxt[k] -= n
        if _reference(tuple(nxt), wild - jokers, pair_left):
            return True
    return False


def _random_hand(rng, size, wild):
    while True:
        tiles = [rng.randrange(34) for _ in range(size - wild)]
        counts = counts_of(tiles)
        if max(counts) <= 4:
            return tiles, counts


@pytest.mark.parametrize("wild", [0, 1, 2, 3, 4])
def test_win_test_agrees_with_a_brute_force_reference(wild):
    rng = random.Random(wild)
    for _ in range(400):
        tiles, counts = _random_hand(rng, 14, wild)
        expected = _reference(tuple(counts[:34]), wild, True)
        assert is_standard_win(counts, wild) is expected, (tiles, wild)
        assert win_from_tiles(tiles, wild) is expected
        assert bool(decompositions(counts, wild)) is expected


@pytest.mark.parametrize("pair", [False, True])
def test_wild_cost_is_the_fewest_jokers_the_reference_completes_with(pair):
    # counts of up to six of a kind: a waits query may ask about a fifth copy (yiwu.md §16)
    rng = random.Random(7 + pair)
    for _ in range(300):
        counts = [0] * 34
        for _ in range(rng.randint(1, 11)):
            counts[rng.choice(rng.sample(range(34), 4))] += rng.choice([1, 1, 2, 3])
        counts = [min(n, 6) for n in counts]
        fewest = next(w for w in range(40) if _reference(tuple(counts), w, pair))
        assert wild_cost(counts, pair) == fewest, (counts, pair)


def test_win_test_on_near_winning_hands_agrees_with_the_reference():
    # Random hands rarely win; build winning hands and perturb one tile.
    rng = random.Random(7)
    for _ in range(300):
        tiles = []
        for _ in range(4):
            k = rng.randrange(34)
            if k < 27 and k % 9 <= 6 and rng.random() < 0.6:
                tiles += [k, k + 1, k + 2]
            else:
                tiles += [k, k, k]
        p = rng.randrange(34)
        tiles += [p, p]
        if rng.random() < 0.5:
            tiles[rng.randrange(14)] = rng.randrange(34)
        counts = counts_of(tiles)
        if max(counts) > 4:
            continue
        wild = rng.randrange(3)
        real = tiles[wild:]
        rc = counts_of(real)
        assert is_standard_win(rc, wild) is _reference(tuple(rc[:34]), wild, True), (tiles, wild)


@pytest.mark.parametrize(
    ("hand", "wild", "expected"),
    [
        ("234567m33456789p", 0, True),
        ("234567m34567899p", 0, True),
        ("234567m3456789p", 1, True),
        ("11122233344455m", 0, True),
        ("1234567m", 0, False),
        ("19m19p19s1234567z", 0, False),
        ("", 2, True),
        ("123m", 2, True),
        ("1z", 1, True),
        ("12z", 3, True),
    ],
)
def test_it_knows_standard_wins(hand, wild, expected):
    assert is_standard_win(c(hand), wild) is expected


def test_win_from_keys_matches_counts():
    counts = c("123m456p789s11z555z")
    assert win_from_keys(*group_keys(counts), 0) is True


def test_waits_of_the_sichuan_example():
    assert [tile_str(t) for t in waits_standard(c("34578m11123789p"))] == ["6m", "9m"]


def test_waits_with_a_wildcard():
    # fuzhou.md E1 without the gold's own face: the gold makes the hand wait on many tiles.
    assert [tile_str(t) for t in waits_standard(c("123m345m678m22p456p7s"), wild=1)] == [
        "2p",
        "5s",
        "6s",
        "7s",
        "8s",
        "9s",
    ]


def test_waits_never_add_a_fifth_copy():
    # Only a fifth 1m would complete this hand.
    assert waits_standard(c("1111m234p567p789s")) == []
    assert waits_standard(c("111m234p567p789s1z")) == [27]


def test_seven_pairs_count_quads_as_two_pairs():
    assert seven_pairs(c("11112255m333344p"))
    assert not seven_pairs(c("11112255m333345p"))
    assert seven_pairs(c("1112255m333344p"), wild=1)


def test_all_pungs_and_258_pairs():
    assert is_all_pungs_win(c("111222444m33399p"))
    assert not is_all_pungs_win(c("123222444m33399p"))
    assert standard_win_pair258(c("123456789m22p123s"))
    assert not standard_win_pair258(c("123456789m11p123s"))
    assert standard_win_pair258(c("123456789m1p123s"), wild=1) is False
    assert standard_win_pair258(c("123456789m123s"), wild=2)


def test_decompositions_list_every_reading():
    readings = decompositions(c("11123777888999p"))
    assert {d.sets for d in readings} == {
        (("chow", 9), ("chow", 15), ("chow", 15), ("chow", 15)),
        (("chow", 9), ("pung", 15), ("pung", 16), ("pung", 17)),
    }
    assert all(d.pair == 9 and d.wild_pair == 0 for d in readings)


def test_decompositions_say_what_the_jokers_became():
    readings = decompositions(c("123m345m678m22p456p7s8s"), 1)
    (reading,) = [d for d in readings if ("chow", 23) in d.sets]  # 678s, the joker as 6s
    assert reading.filled_counts()[23] == 1
    assert sum(reading.wild_sets) + reading.wild_pair == 1
    assert any(("chow", 24) in d.sets for d in readings)  # or 789s, the joker as 9s


@pytest.mark.parametrize(
    ("hand", "wild", "expected"),
    [
        ("123456789m1234p", 0, 0),
        ("123456789m12344p", 0, -1),
        ("123456789m1258p", 0, 1),
        ("123456789m1258p", 1, 0),
    ],
)
def test_shanten(hand, wild, expected):
    assert shanten(c(hand), wild) == expected


@pytest.mark.parametrize("wild", [0, 1, 2])
def test_waits_agree_with_adding_each_tile(wild):
    rng = random.Random(100 + wild)
    for _ in range(300):
        tiles, counts = _random_hand(rng, 13, wild)
        expected = []
        for t in range(34):
            if counts[t] < 4:
                counts[t] += 1
                if _reference(tuple(counts[:34]), wild, True):
                    expected.append(t)
                counts[t] -= 1
        assert waits_standard(counts, wild) == expected, (tiles, wild)
        suited = [t for t in expected if t < 27]
        assert waits_standard(counts, wild, candidates=range(27)) == suited
        assert waits_standard(counts, wild, candidates=[t for t in range(0, 34, 2)]) == [
            t for t in expected if t % 2 == 0
        ]


def test_it_prices_a_suit_from_its_blocks_as_the_whole_suit_recursion_does():
    # suit_entry and the packed codes compose a suit from its blocks (hand._blocks); every part
    # of the entry, the 2/5/8 pair included, must equal the recursion over the whole suit,
    # wherever the blocks sit.
    import random

    from games.engine import hand

    rng = random.Random(5)
    for _ in range(4000):
        counts = [0] * 9
        for _ in range(rng.randrange(0, 15)):
            k = rng.randrange(9)
            if counts[k] < 4:
                counts[k] += 1
        key = sum(c * 5**i for i, c in enumerate(counts))
        c = tuple(counts)
        np = hand._suit_min(c, 0)
        whole = (np, hand._suit_min(c, 1) - np, hand._suit_min(c, 2) - np)
        assert hand.suit_entry(key) == whole, counts
        assert hand._SUIT_CODES[key] == hand._pack(whole), counts
