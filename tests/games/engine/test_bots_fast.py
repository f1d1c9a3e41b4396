"""The bots' fast paths equal their plain definitions (games.engine.hand.shanten), on many seeded
random hands: the key-based shanten of games.engine.fast_shanten, the greedy discard pick and the
greedy pung test of games.engine.bots."""

from __future__ import annotations

import random

import pytest

from games.engine import bots, hand
from games.engine import fast_shanten as fs
from games.engine.actions import DISCARD, Action
from games.engine.tiles import tile_str


def _random_tiles(rng: random.Random, n: int, honours: bool = True) -> list[int]:
    pool = [k for k in range(34 if honours else 27) for _ in range(4)]
    if rng.random() < 0.4:  # crowd one suit now and then: long blocks, many readings
        suit = rng.randrange(3)
        pool = [k for k in pool if k // 9 == suit or rng.random() < 0.2]
    return sorted(rng.sample(pool, min(n, len(pool))))


def _counts(tiles: list[int]) -> list[int]:
    c = [0] * 34
    for t in tiles:
        c[t] += 1
    return c


def _pairs(c: list[int]) -> int:
    return sum(1 for n in c if n >= 2)


def test_tile_keys_equal_the_group_keys_of_the_counts():
    rng = random.Random(1)
    for _ in range(2000):
        tiles = _random_tiles(rng, rng.randint(0, 18))
        assert fs.tile_keys(tiles) == list(fs.group_keys(_counts(tiles)))


def test_shanten_keys_equals_hand_shanten():
    rng = random.Random(2)
    for _ in range(2000):
        tiles = _random_tiles(rng, rng.choice([1, 2, 4, 5, 7, 8, 10, 11, 13, 14]))
        c = _counts(tiles)
        wild = rng.choice([0, 0, 1, 2])
        need = rng.choice([(len(tiles) + wild) // 3, 3, 4])
        assert fs.shanten_keys(fs.tile_keys(tiles), need, wild) == hand.shanten(c, wild, need)


def test_after_discards_equals_shanten_of_each_discard_in_any_order():
    rng = random.Random(3)
    for _ in range(1500):
        tiles = _random_tiles(rng, rng.choice([2, 5, 8, 11, 14]))
        c = _counts(tiles)
        wild = rng.choice([0, 0, 0, 1, 2])
        need = (len(tiles) - 1 + wild) // 3
        kinds = sorted(set(tiles))
        rng.shuffle(kinds)
        kinds = kinds[: rng.randint(1, len(kinds))]
        got = fs.after_discards(c, need, wild, kinds)
        assert got == fs.after_discards_keys(fs.tile_keys(tiles), need, wild, kinds)
        for k, v in zip(kinds, got, strict=True):
            c[k] -= 1
            assert v == hand.shanten(c, wild, need), (tiles, k, wild, need)
            c[k] += 1


def test_after_discards_of_a_kind_not_held_is_unchanged():
    """Callers pass held kinds; anything else still gets the answer the key arithmetic gave."""
    rng = random.Random(4)
    for _ in range(300):
        tiles = _random_tiles(rng, 13)
        c = _counts(tiles)
        keys = fs.tile_keys(tiles)
        missing = [k for k in range(34) if not c[k] and keys[fs._KIND_GROUP[k]] >= fs._KIND_POW[k]]
        for k in missing[:3]:
            g = fs._KIND_GROUP[k]
            rest = [fs.group_table_key(keys[i], 7 if i == 3 else 9) for i in range(4) if i != g]
            other = fs.combine(fs.combine(rest[0], rest[1]), rest[2])
            try:
                tg = fs.group_table_key(keys[g] - fs._KIND_POW[k], 7 if g == 3 else 9)
            except ValueError:  # the borrow made a group of more than MAXM sets
                continue
            want = fs.value(fs.combine(other, tg), 4, 0)
            assert fs.after_discards_keys(keys, 4, 0, [k]) == [want]


def test_after_tables_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(fs, "_AFTER_LIMIT", 5)
    fs._AFTER[0].clear()
    rng = random.Random(5)
    for _ in range(50):
        tiles = _random_tiles(rng, 14, honours=False)
        kinds = sorted(set(tiles))
        c = _counts(tiles)
        got = fs.after_discards_keys(fs.tile_keys(tiles), 4, 0, kinds)
        for k, v in zip(kinds, got, strict=True):
            c[k] -= 1
            assert v == hand.shanten(c, 0, 4)
            c[k] += 1
        assert len(fs._AFTER[0]) <= 5


def _isolation(c: list[int], t: int) -> int:
    score = 2 * (c[t] - 1)
    if t < 27:
        pos = t % 9
        for d, w in ((-2, 1), (-1, 2), (1, 2), (2, 1)):
            if 0 <= pos + d <= 8 and c[t + d]:
                score += w
        if pos in (0, 8):
            score -= 1
    return score


def _reference_pick(tiles: list[int], kinds: list[int], seven: bool) -> int:
    """The index the greedy bot discards, straight from its definition."""
    if len(kinds) == 1:
        return 0
    c = _counts(tiles)
    order = range(len(kinds))
    if len(kinds) >= len(set(tiles)):
        after = []
        for k in kinds:
            c[k] -= 1
            s = hand.shanten(c, 0, (len(tiles) - 1) // 3)
            if seven:
                s = min(s, 6 - _pairs(c))
            after.append(s)
            c[k] += 1
        order = [i for i in order if after[i] == min(after)]
    return min(order, key=lambda i: (_isolation(c, kinds[i]), kinds[i], i))


@pytest.mark.parametrize("seed", range(4))
def test_pick_discard_equals_the_reference(seed):
    rng = random.Random(100 + seed)
    for _ in range(800):
        tiles = _random_tiles(rng, rng.choice([2, 5, 8, 11, 14, 14, 14]))
        kinds = sorted(set(tiles))
        if rng.random() < 0.3:  # a discard restriction: only some kinds may go
            kinds = rng.sample(kinds, rng.randint(1, len(kinds)))
        elif rng.random() < 0.3:
            rng.shuffle(kinds)
        seven = rng.random() < 0.5
        discards = [Action(0, DISCARD, tile=tile_str(k)) for k in kinds]
        got = bots._pick_discard(list(tiles), discards, seven)
        assert got is discards[_reference_pick(tiles, kinds, seven)], (tiles, kinds, seven)
        assert bots._pick_discard(tuple(tiles), discards, seven) is got


def _reference_pung(tiles: list[int], t: int, seven: bool) -> bool:
    c = _counts(tiles)
    now = hand.shanten(c)
    if seven and len(tiles) >= 13:
        now = min(now, 6 - _pairs(c))
    c[t] -= 2
    best = 99
    for k in range(34):
        if c[k]:
            c[k] -= 1
            best = min(best, hand.shanten(c, 0, (len(tiles) - 3) // 3))
            c[k] += 1
    return best < now


def test_pung_test_equals_the_reference():
    rng = random.Random(6)
    n_yes = 0
    for _ in range(2500):
        tiles = _random_tiles(rng, rng.choice([4, 7, 10, 13, 13, 13]))
        pairs = [k for k in set(tiles) if tiles.count(k) >= 2]
        if not pairs:
            continue
        t = rng.choice(pairs)
        seven = rng.random() < 0.5
        got = bots._pung_lowers_shanten(tuple(tiles), t, seven)
        assert got == _reference_pung(tiles, t, seven), (tiles, t, seven)
        n_yes += got
    assert n_yes > 100  # both answers were exercised


def test_pung_test_on_a_hand_of_the_pair_only():
    assert bots._pung_lowers_shanten((5, 5), 5, False) is False


def _clear_raw_suited() -> None:
    """Empty _raw's suited cache but for its seed (the empty key ends the recursion)."""
    empty = fs._RAW[1][0]
    fs._RAW[1].clear()
    fs._RAW[1][0] = empty


def test_raw_suit_table_from_its_mirror_equals_the_readings():
    """A suit read backwards has the same readings: _raw reuses a mirror's table when known."""
    rng = random.Random(7)
    for _ in range(1500):
        c = [rng.choice([0, 0, 1, 1, 2, 3, 4]) for _ in range(9)]
        if not 0 < sum(c) <= 14:
            continue
        key = fs.group_key(c)
        want = fs._build_from_blocks(tuple(c), True)
        fs._raw(fs.group_key(c[::-1]), True)  # the mirror first: key may now be answered by it
        assert fs._raw(key, True) == want, c
        _clear_raw_suited()  # fresh: key computed by the recursion, then its mirror from it
        assert fs._raw(key, True) == want, c
        assert fs._raw(fs.group_key(c[::-1]), True) == want, c


def test_shifted_tables_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(fs, "_SHIFTED_LIMIT", 3)
    _clear_raw_suited()
    fs._SHIFTED.clear()
    rng = random.Random(8)
    for _ in range(200):
        c = [rng.choice([0, 1, 1, 2, 3]) for _ in range(9)]
        if not 0 < sum(c) <= 14:
            continue
        assert fs._raw(fs.group_key(c), True) == fs._build_from_blocks(tuple(c), True), c
        assert len(fs._SHIFTED) <= 3
    _clear_raw_suited()


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("sichuan", {}),
        ("sichuan", {"bloody": True}),
        ("fuzhou", {}),
        ("shaanxi", {}),
        ("wuhan", {}),
        ("yiwu", {}),
    ],
)
def test_a_turn_lists_its_discards_last(variant, options):
    """The greedy bot reads a turn whose first action is a discard as discards only: the core
    lists wins, kongs and specials before the discards. Checked on every turn of bot hands,
    replayed action by action (the compiled engine's calls cannot be patched to watch them)."""
    from games.engine import apply, legal_actions, new_hand
    from games.engine.actions import DISCARD as D
    from games.engine.simulate import play_hand
    from games.engine.state import PHASE_TURN
    from games.engine.wall import dice_seat

    seen = 0
    for i in range(8):
        for seed, bot in ((f"order:{i}", "greedy"), (f"order-random:{i}", "random")):
            _, _, actions = play_hand(variant, options, seed, bot=bot, checked=False)
            state, _ = new_hand(variant, options, dealer=dice_seat(seed), seed=seed)
            for a in actions:
                if state.phase == PHASE_TURN:
                    types = [x.type for x in legal_actions(state, state.turn)]
                    if D in types:
                        first = types.index(D)
                        assert all(t == D for t in types[first:]), types
                        seen += 1
                state, _ = apply(state, Action.from_json(a))
    assert seen > 100


def test_pick_discard_reads_tiles_not_string_identity():
    """The pick finds most kinds by the identity of tile_str's strings; equal strings built
    elsewhere (a JSON round trip) and discards out of hand order pick the same tile."""
    rng = random.Random(13)
    for _ in range(600):
        tiles = _random_tiles(rng, rng.choice([5, 8, 11, 14]))
        kinds = sorted(set(tiles))
        if rng.random() < 0.5:
            rng.shuffle(kinds)
        seven = rng.random() < 0.5
        shared = [Action(0, DISCARD, tile=tile_str(k)) for k in kinds]
        copied = [Action(0, DISCARD, tile="".join(list(tile_str(k)))) for k in kinds]
        assert all(a.tile is not tile_str(k) for a, k in zip(copied, kinds, strict=True))
        i = shared.index(bots._pick_discard(tuple(tiles), shared, seven))
        assert bots._pick_discard(tuple(tiles), copied, seven) is copied[i]
        assert i == _reference_pick(tiles, kinds, seven)
