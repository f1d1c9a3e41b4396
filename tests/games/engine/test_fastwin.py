"""games.engine.fastwin answers exactly as games.engine.hand with no wildcard."""

from __future__ import annotations

import itertools
import random

from games.engine import fastwin, hand

_POW5 = tuple(5**i for i in range(9))


def _key(counts: tuple[int, ...]) -> int:
    return sum(c * p for c, p in zip(counts, _POW5, strict=False))


def test_suit_codes_equal_hand_on_small_and_random_groups() -> None:
    rng = random.Random(7)
    checked = 0
    for counts in itertools.product(range(5), repeat=9):
        n = sum(counts)
        if n <= 5 or (n <= 17 and rng.random() < 0.002):
            key = _key(counts)
            assert fastwin.SUIT_W0[key] == hand._SUIT_CODES[key] & 63, counts
            assert fastwin.SUIT_CODES[key] == hand._SUIT_CODES[key], counts
            checked += 1
    assert checked > 2000


def test_honour_codes_equal_hand_on_every_group() -> None:
    for counts in itertools.product(range(5), repeat=7):
        key = _key(counts)
        assert fastwin.HONOR_W0[key] == hand._HONOR_CODES[key] & 63, counts
        assert fastwin.HONOR_CODES[key] == hand._HONOR_CODES[key], counts


def test_win_tests_equal_hand_on_random_hands() -> None:
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
        assert fastwin.is_standard_win(counts, wild) == hand.is_standard_win(counts, wild)
        keys = hand.group_keys(counts)
        if (sum(counts) + wild) % 3 == 2:
            assert fastwin.win_from_keys(*keys, wild) == hand.win_from_keys(*keys, wild)
            if not wild:
                assert fastwin.win0_from_keys(*keys) == hand.win_from_keys(*keys)
