"""Walls from seeds, dice, and seed commitments (docs/engine-wall.md).

The algorithm is versioned: ``WALL_ALGORITHM = "que-wall-v1"``. A wall is the variant's canonical
sorted tile list shuffled by ``random.Random(f"que-wall-v1:{variant}:{seed}")`` (Python's Mersenne
Twister seeded with that string, ``Random.shuffle``). Changing any detail means a new version name.

>>> w = wall_from_seed("sichuan", "abc")
>>> len(w), w == wall_from_seed("sichuan", "abc")
(108, True)
>>> verify_seed("abc", "salt", commit_seed("abc", "salt"))
True
"""

from __future__ import annotations

import hashlib
import hmac
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from games.engine.core import Rules

WALL_ALGORITHM = "que-wall-v1"
DICE_ALGORITHM = "que-dice-v1"


def wall_from_seed(variant: str, seed: str) -> list[int]:
    """The wall (tile kinds; index 0 is dealt first) that ``seed`` gives for ``variant``."""
    from games.engine.registry import rules_for

    if not isinstance(seed, str):
        raise TypeError(f"seed must be a string, got {type(seed).__name__}")
    rules = rules_for(variant)
    base = _SORTED_TILES.get(rules)
    if base is None:
        if len(_SORTED_TILES) > 64:
            _SORTED_TILES.clear()
        base = _SORTED_TILES[rules] = sorted(rules.tile_list())
    tiles = list(base)
    shuffle(random.Random(f"{WALL_ALGORITHM}:{variant}:{seed}"), tiles)
    return tiles


#: sorted(rules.tile_list()) per Rules object (the hook takes no state: a fixed list per variant)
_SORTED_TILES: Final[dict[Rules, list[int]]] = {}


def shuffle(rng: random.Random, x: list[int], batch: int = 64) -> None:
    """``rng.shuffle(x)``: the same swaps in the same order (``rng`` is left in another state).

    CPython's ``Random.shuffle`` swaps ``x[i]`` with ``x[rng._randbelow(i + 1)]`` for i from the
    end down to 1, and ``_randbelow(n)`` (``_randbelow_with_getrandbits``) takes
    ``getrandbits(k)`` with ``k = n.bit_length()``, again while the value is not below ``n``.
    ``getrandbits(k)`` (k <= 32) is the top k bits of the generator's next 32-bit word, and
    ``getrandbits(32 * m)`` is its next m words, the first one lowest: one call gives the words of
    ``batch`` draws. Written out for the compiled engine, where it runs as C instead of one
    interpreted ``_randbelow`` call per draw; the words past the last draw are used up too, so
    ``rng`` should be a generator of its own. tests/games/engine/test_wall_fast.py checks it
    against the stdlib."""
    n = len(x)
    if n >= 1 << 32:
        rng.shuffle(x)
        return
    size = 4 * batch
    data = b""
    q = size
    for i in range(n - 1, 0, -1):
        m = i + 1
        k = m.bit_length()
        while True:
            if q == size:
                data = rng.getrandbits(8 * size).to_bytes(size, "little")
                q = 0
            if k <= 8:  # the top byte of the little-endian word is enough
                r = data[q + 3] >> (8 - k)
            else:
                r = (data[q] | data[q + 1] << 8 | data[q + 2] << 16 | data[q + 3] << 24) >> (32 - k)
            q += 4
            if r < m:
                break
        x[i], x[r] = x[r], x[i]


def dice_seat(seed: str, purpose: str = "dealer") -> int:
    """A seat 0-3 rolled from ``seed`` deterministically: ``Random(f"que-dice-v1:{purpose}:{seed}")``.

    Used for the first dealer of a table and for 血战's per-hand dice.

    >>> dice_seat("abc") == dice_seat("abc")
    True
    """
    rng = random.Random(f"{DICE_ALGORITHM}:{purpose}:{seed}")
    r = rng.getrandbits(3)  # randrange(4): _randbelow(4), as in shuffle
    while r >= 4:
        r = rng.getrandbits(3)
    return r


def roll_die(rng: random.Random) -> int:
    """``rng.randint(1, 6)`` written out: ``1 + _randbelow(6)``, which draws ``getrandbits(3)``
    until it is below 6 (as ``dice_seat`` does for 4)."""
    r = rng.getrandbits(3)
    while r >= 6:
        r = rng.getrandbits(3)
    return r + 1


def seed_basis(seed: str | None, wall: Sequence[int]) -> str:
    """What a hand's dice and other draws are seeded with: its seed, or for a hand dealt from an
    explicit wall, a digest of that wall."""
    if seed is not None:
        return seed
    return "wall:" + hashlib.sha256(",".join(map(str, wall)).encode()).hexdigest()[:16]


def commit_seed(seed: str, salt: str) -> str:
    """The published commitment: hex SHA-256 of ``f"{seed}:{salt}"`` (UTF-8)."""
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()


def verify_seed(seed: str, salt: str, commitment: str) -> bool:
    """Does the revealed (seed, salt) match the commitment published at hand start?"""
    return hmac.compare_digest(commit_seed(seed, salt), commitment.lower())
