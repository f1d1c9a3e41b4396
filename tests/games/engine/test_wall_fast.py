"""wall.shuffle (Random.shuffle written out for the compiled engine), dice_seat's written-out
randrange(4) and core's counting wall check, against the standard library they replace."""

from __future__ import annotations

import random

import pytest

from games.engine import new_hand
from games.engine.deal import _is_tile_set, start_hand
from games.engine.errors import EngineError
from games.engine.registry import VARIANTS, rules_for
from games.engine.wall import dice_seat, shuffle, wall_from_seed


@pytest.mark.parametrize("batch", [64, 1, 3, 7])
def test_shuffle_is_random_shuffle(batch: int) -> None:
    # every length up to a big wall, and some long lists (draws of more than 8 bits)
    for n in [*range(0, 150), 255, 256, 257, 1000, 70_000]:
        for s in range(4 if n < 1000 else 1):
            seed = f"shuffle:{n}:{s}"
            want = list(range(n))
            random.Random(seed).shuffle(want)
            got = list(range(n))
            shuffle(random.Random(seed), got, batch)
            assert got == want, (n, s, batch)


def test_walls_are_the_documented_stdlib_shuffle() -> None:
    for key in VARIANTS:
        try:
            rules = rules_for(key)
        except EngineError:
            continue  # a variant without play
        for i in range(200):
            want = sorted(rules.tile_list())
            random.Random(f"que-wall-v1:{key}:s{i}").shuffle(want)
            assert wall_from_seed(key, f"s{i}") == want
    w = wall_from_seed("sichuan", "x")
    w.append(99)  # the caller's copy: the cached tile list is not touched
    assert wall_from_seed("sichuan", "x") == w[:-1]


def test_dice_seat_is_randrange() -> None:
    for i in range(5000):
        for purpose in ("dealer", "bloody"):
            want = random.Random(f"que-dice-v1:{purpose}:d{i}").randrange(4)
            assert dice_seat(f"d{i}", purpose) == want


def test_tile_set_check_is_the_sorted_comparison() -> None:
    rng = random.Random(7)
    expect = sorted(k for k in range(27) for _ in range(4))
    cases: list[list[object]] = [list(expect), expect[:-1], [*expect, 3], [], [0] * 108]
    for _ in range(300):
        w: list[object] = list(expect)
        rng.shuffle(w)
        j = rng.randrange(len(w))
        r = rng.random()
        if r < 0.25:
            w[j] = rng.randrange(42)
        elif r < 0.35:
            w[j] = True if expect[j] == 1 else w[j]  # a bool equal to a kind
        elif r < 0.45:
            w[j] = w[j] + 64  # type: ignore[operator]
        elif r < 0.5:
            w[j] = -1
        cases.append(w)
    for w in cases:
        assert _is_tile_set(w, expect) == (sorted(w) == expect)  # type: ignore[type-var]
    with pytest.raises(TypeError):
        _is_tile_set(["1m"] + expect[1:], expect)  # as sorted() would
    assert _is_tile_set([str(t) for t in expect], expect) is False


def test_start_hand_rejects_a_wrong_wall() -> None:
    wall = wall_from_seed("sichuan", "w")
    wall[5] = 30  # an honour in a suits-only set
    with pytest.raises(EngineError, match="not the sichuan tile set"):
        start_hand("sichuan", {"bloody": False}, dealer=0, wall=wall, seed=None, carry=None)
    with pytest.raises(EngineError, match="not the sichuan tile set"):
        new_hand("sichuan", {}, dealer=0, wall=wall_from_seed("sichuan", "w")[:-1])
