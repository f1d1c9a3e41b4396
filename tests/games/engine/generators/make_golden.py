"""Write tests/games/engine/golden/<variant>-<mode>.json.gz: the events, actions and results of
seeded bot hands, recorded with the engine as it was before the hot-loop redesign.

    .venv/bin/python tests/games/engine/generators/make_golden.py

Only re-run it for a deliberate rule change (the golden files guard that speed work changes no
behaviour: test_golden.py replays the same seeds and compares everything)."""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
sys.path.insert(0, str(ROOT))

from games.engine.simulate import play_hand  # noqa: E402
from tests.games.engine.test_golden import GOLDEN, HANDS, modes, record  # noqa: E402


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for key, label, opts in modes():
        hands = []
        for bot, n in HANDS:
            for i in range(n):
                seed = f"golden:{bot}:{i}"
                state, events, actions = play_hand(key, opts, seed, bot=bot, checked=True)
                hands.append(record(bot, seed, state, events, actions))
        path = GOLDEN / f"{key}-{label}.json.gz"
        with gzip.open(path, "wt", encoding="utf-8") as f:
            json.dump(hands, f, separators=(",", ":"), sort_keys=True)
        print(path, len(hands))


if __name__ == "__main__":
    main()
