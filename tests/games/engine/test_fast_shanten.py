"""games.engine.fast_shanten equals games.engine.hand.shanten (the bots depend on it)."""

from __future__ import annotations

import random

from games.engine import fast_shanten as fs
from games.engine import hand


def _random_counts(rng: random.Random, n: int, honours: bool) -> list[int]:
    kinds = [k for k in range(34 if honours else 27) for _ in range(4)]
    c = [0] * 34
    for t in rng.sample(kinds, n):
        c[t] += 1
    return c


def test_shanten_equals_hand_shanten_with_and_without_jokers():
    rng = random.Random(7)
    for _ in range(3000):
        n = rng.choice([1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17])
        c = _random_counts(rng, n, rng.random() < 0.7)
        wild = rng.choice([0, 0, 1, 2, 3])
        need = rng.choice([None, None, 3, 4, 5])
        assert fs.shanten(c, wild, need) == hand.shanten(c, wild, need), (c, wild, need)


def test_after_discards_equals_shanten_of_each_discard():
    rng = random.Random(8)
    for _ in range(1000):
        c = _random_counts(rng, 14, True)
        kinds = [k for k in range(34) if c[k]]
        got = fs.after_discards(c, 4, 0, kinds)
        for k, v in zip(kinds, got, strict=True):
            c[k] -= 1
            assert v == hand.shanten(c, 0, 4)
            c[k] += 1


def test_group_tables_equal_the_readings_of_hand_group_blocks():
    rng = random.Random(9)
    for size, suited in ((9, True), (7, False)):
        for _ in range(3000):
            c = [0] * size
            for _ in range(rng.randint(0, 14)):
                k = rng.randrange(size)
                if c[k] < 4:
                    c[k] += 1
            t = tuple(c)
            assert fs._raw(fs.group_key(t), suited) == fs._build_from_blocks(t, suited), t


def test_suit_tables_built_from_blocks_equal_the_whole_suit_recursion():
    rng = random.Random(10)
    for _ in range(4000):
        c = [0] * 9
        for _ in range(rng.randint(0, 17)):
            k = rng.randrange(9)
            if c[k] < 4:
                c[k] += 1
        key = fs.group_key(c)
        assert fs._TABLES[fs.group_table_key(key, 9)] == fs._raw(key, True), c


def test_count_lists_and_tuples_give_the_same_keys_and_shanten():
    """group_keys/shanten read a count list with a typed loop, any other sequence by slices."""
    rng = random.Random(11)
    for _ in range(2000):
        n = rng.choice([0, 1, 4, 8, 11, 13, 14, 17])
        c = _random_counts(rng, n, rng.random() < 0.7)
        if rng.random() < 0.2:
            c += [0] * 8  # a 42-long count vector (flowers) reads its first 34
        want = tuple(fs.group_key(c[lo:hi]) for lo, hi in ((0, 9), (9, 18), (18, 27), (27, 34)))
        assert fs.group_keys(c) == fs.group_keys(tuple(c)) == want
        wild = rng.choice([0, 0, 1, 2])
        need = rng.choice([None, None, 4])
        assert fs.shanten(c, wild, need) == fs.shanten(tuple(c), wild, need)
        assert fs.shanten(c, wild, need) == hand.shanten(c[:34], wild, need)


def test_after_discards_outside_the_cache_keys_equals_hand_shanten():
    """Wild counts of 16 and more are not in the value caches' index: computed uncached."""
    rng = random.Random(12)
    for _ in range(200):
        c = _random_counts(rng, rng.choice([2, 5, 8]), True)
        kinds = [k for k in range(34) if c[k]]
        wild = rng.choice([15, 16, 17])
        need = (sum(c) - 1 + wild) // 3
        got = fs.after_discards(c, need, wild, kinds)
        for k, v in zip(kinds, got, strict=True):
            c[k] -= 1
            assert v == hand.shanten(c, wild, need)
            assert fs.shanten(c, wild, need) == v
            c[k] += 1
