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

WALL_ALGORITHM = "que-wall-v1"
DICE_ALGORITHM = "que-dice-v1"


def wall_from_seed(variant: str, seed: object) -> list[int]:  # object: non-strings raise below
    """The wall (tile kinds; index 0 is dealt first) that ``seed`` gives for ``variant``."""
    from games.engine.registry import rules_for

    if not isinstance(seed, str):
        raise TypeError(f"seed must be a string, got {type(seed).__name__}")
    tiles = sorted(rules_for(variant).tile_list())
    random.Random(f"{WALL_ALGORITHM}:{variant}:{seed}").shuffle(tiles)
    return tiles


def dice_seat(seed: str, purpose: str = "dealer") -> int:
    """A seat 0-3 rolled from ``seed`` deterministically: ``Random(f"que-dice-v1:{purpose}:{seed}")``.

    Used for the first dealer of a table and for 血战's per-hand dice.

    >>> dice_seat("abc") == dice_seat("abc")
    True
    """
    return random.Random(f"{DICE_ALGORITHM}:{purpose}:{seed}").randrange(4)


def commit_seed(seed: str, salt: str) -> str:
    """The published commitment: hex SHA-256 of ``f"{seed}:{salt}"`` (UTF-8)."""
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()


def verify_seed(seed: str, salt: str, commitment: str) -> bool:
    """Does the revealed (seed, salt) match the commitment published at hand start?"""
    return hmac.compare_digest(commit_seed(seed, salt), commitment.lower())
