"""hand's win test without wildcards (the greedy w0 tables) answers as its packed codes, which
price the jokers: the codes' low bits, and the win test read off them."""

from __future__ import annotations

import itertools
import random

from games.engine import hand

_POW5 = tuple(5**i for i in range(9))


def _key(counts: tuple[int, ...]) -> int:
    return sum(c * p for c, p in zip(counts, _POW5, strict=False))


def test_suit_w0_codes_are_the_packed_codes_low_bits() -> None:
    rng = random.Random(7)
    checked = 0
    for counts in itertools.product(range(5), repeat=9):
        n = sum(counts)
        if n <= 5 or (n <= 17 and rng.random() < 0.002):
            key = _key(counts)
            assert hand.SUIT_W0[key] == hand._SUIT_CODES[key] & 63, counts
            checked += 1
    assert checked > 2000


def test_honour_w0_codes_are_the_packed_codes_low_bits() -> None:
    for counts in itertools.product(range(5), repeat=7):
        key = _key(counts)
        assert hand.HONOR_W0[key] == hand._HONOR_CODES[key] & 63, counts


def test_win_tests_equal_the_packed_codes_on_random_hands() -> None:
    rng = random.Random(11)
    for _ in range(3000):
        counts = [0] * 34
        n = rng.choice((2, 5, 8, 11, 14, 14, 14, 13, 17))
        kinds = rng.sample(range(34), rng.randint(1, 8))
        while n:
            t = rng.choice(kinds)
            if counts[t] < 4:
                counts[t] += 1
                n -= 1
            elif all(counts[k] == 4 for k in kinds):
                break
        wild = rng.choice((0, 0, 0, 1, 2))
        keys = hand.group_keys(counts)
        codes = [hand._SUIT_CODES[k] for k in keys[:3]] + [hand._HONOR_CODES[keys[3]]]
        want = (sum(counts) + wild) % 3 == 2 and hand.win_from_codes(*codes, wild)
        assert hand.is_standard_win(counts, wild) == want, (counts, wild)
        if (sum(counts) + wild) % 3 == 2:
            assert hand.win_from_keys(*keys, wild) == want
            if not wild:
                assert hand.win0_from_keys(*keys) == want
