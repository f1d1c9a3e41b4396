"""Seeded walls (docs/engine-wall.md) and seed commitments."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from games.engine import WALL_ALGORITHM, commit_seed, new_hand, verify_seed, wall_from_seed
from games.engine.tiles import tile_str

ROOT = Path(__file__).resolve().parents[3]


def test_it_builds_the_documented_wall():
    assert WALL_ALGORITHM == "que-wall-v1"
    expected = sorted(k for k in range(27) for _ in range(4))
    random.Random("que-wall-v1:sichuan:seed-42").shuffle(expected)
    assert wall_from_seed("sichuan", "seed-42") == expected
    assert wall_from_seed("sichuan", "seed-43") != expected


def test_it_deals_from_the_seeded_wall_in_order():
    wall = wall_from_seed("sichuan", "deal-order")
    state, _ = new_hand("sichuan", {}, dealer=1, seed="deal-order")
    assert state.hands[1] == tuple(sorted(wall[0:13] + [wall[52]]))
    assert state.hands[2] == tuple(sorted(wall[13:26]))
    assert state.hands[0] == tuple(sorted(wall[39:52]))


def test_it_commits_to_a_seed_and_verifies_the_reveal():
    c = commit_seed("s", "salt")
    assert len(c) == 64 and verify_seed("s", "salt", c)
    assert not verify_seed("s2", "salt", c)


def test_it_prints_the_wall_from_the_cli():
    out = subprocess.run(
        [sys.executable, "-m", "games.engine", "wall", "--variant", "sichuan", "--seed", "x"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    data = json.loads(out)
    assert data["wall"].split() == [tile_str(t) for t in wall_from_seed("sichuan", "x")]


def test_it_simulates_from_the_cli():
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "games.engine",
            "simulate",
            "--variant",
            "sichuan",
            "--bloody",
            "--hands",
            "5",
            "--seed",
            "cli",
            "--json",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    summary = json.loads(out)
    assert summary["hands"] == 5 and sum(summary["results"].values()) == 5


def test_roll_die_is_randint() -> None:
    """wall.roll_die (the dice of Shaanxi, Wuhan and Yiwu) draws what random.randint(1, 6) draws,
    from the same generator state."""
    import random

    from games.engine.wall import roll_die

    for i in range(300):
        ref, fast = random.Random(f"die:{i}"), random.Random(f"die:{i}")
        assert [roll_die(fast) for _ in range(8)] == [ref.randint(1, 6) for _ in range(8)]


def test_seed_basis_is_the_seed_or_the_walls_digest() -> None:
    from games.engine.wall import seed_basis

    assert seed_basis("abc", [1, 2, 3]) == "abc"
    basis = seed_basis(None, [1, 2, 3])
    assert basis.startswith("wall:") and len(basis) == 21
    assert basis == seed_basis(None, (1, 2, 3)) != seed_basis(None, [1, 2, 4])
