"""The digit-walking fills of hand's code tables against their references.

``hand._suit_code`` / ``hand._honor_code`` must equal ``_pack`` of the entry functions they stand
for, the w0 codes (no wildcard) the packed codes' low bits, and ``waits_from_keys`` (its per-group cache keyed
by one packed int) the kinds that win by the plain win test.
"""

from __future__ import annotations

import itertools
import random

from games.engine import hand

_POW5 = [5**i for i in range(9)]


def _key(counts: tuple[int, ...] | list[int]) -> int:
    return sum(c * p for c, p in zip(counts, _POW5, strict=False))


def _random_suit(rng: random.Random, max_tiles: int = 14) -> list[int]:
    counts = [0] * 9
    for _ in range(rng.randrange(0, max_tiles + 1)):
        k = rng.randrange(9)
        if counts[k] < 4:
            counts[k] += 1
    return counts


def test_suit_code_equals_the_packed_block_entry() -> None:
    rng = random.Random(21)
    seen = 0
    for counts in itertools.product(range(5), repeat=9):
        if sum(counts) <= 4 or rng.random() < 0.003:
            key = _key(counts)
            want = hand._pack(hand._suit_blocks_entry(key))
            assert hand._suit_code(key) == want, counts
            assert hand._SUIT_CODES[key] == want, counts
            assert hand._pack(hand.suit_entry(key)) == want, counts
            seen += 1
    assert seen > 5000


def test_honor_code_equals_the_packed_honor_entry_on_every_group() -> None:
    for counts in itertools.product(range(5), repeat=7):
        key = _key(counts)
        want = hand._pack(hand.honor_entry(key))
        assert hand._honor_code(key) == want, counts
        assert hand._HONOR_CODES[key] == want, counts


def test_w0_codes_are_the_low_bits_of_the_packed_codes() -> None:
    rng = random.Random(22)
    for _ in range(20000):
        counts = _random_suit(rng, 17)
        key = _key(counts)
        assert hand._suit_w0(key) == hand._suit_code(key) & 63, counts
        assert hand.SUIT_W0[key] == hand._suit_code(key) & 63, counts
    for counts in itertools.product(range(5), repeat=7):
        key = _key(counts)
        assert hand.HONOR_W0[key] == hand._honor_code(key) & 63, counts


def test_waits_from_keys_equal_the_kinds_that_win() -> None:
    rng = random.Random(23)
    for _ in range(3000):
        wild = rng.choice((0, 0, 1, 2, 3))
        n = rng.choice((1, 4, 7, 10, 13)) - wild
        if n < 0:
            continue
        counts = [0] * 34
        kinds = rng.sample(range(34), rng.randint(1, 9))
        placed = 0
        while placed < n and any(counts[k] < 4 for k in kinds):
            t = rng.choice(kinds)
            if counts[t] < 4:
                counts[t] += 1
                placed += 1
        if placed < n:
            continue
        keys = hand.group_keys(counts)
        want = []
        for t in range(34):
            if counts[t] < 4:
                counts[t] += 1
                if hand.is_standard_win(counts, wild):
                    want.append(t)
                counts[t] -= 1
        # twice: the second answer comes from the per-group cache
        assert hand.waits_from_keys(*keys, wild) == want, (counts, wild)
        assert hand.waits_from_keys(*keys, wild) == want, (counts, wild)


def test_waits_cache_key_is_one_to_one() -> None:
    rng = random.Random(24)
    seen: dict[int, tuple[int, int, int, int]] = {}
    for _ in range(20000):
        g = rng.randrange(4)
        key = _key(_random_suit(rng, 36))
        budget = rng.randrange(0, 128)
        dp2 = rng.randrange(0, 5)
        packed = hand._waits_key(g, key, budget, dp2)
        assert seen.setdefault(packed, (g, key, budget, dp2)) == (g, key, budget, dp2)
    # budgets beyond the cap share the capped key (no group costs that much)
    assert hand._waits_key(0, 1, 500, 2) == hand._waits_key(0, 1, 127, 2)
