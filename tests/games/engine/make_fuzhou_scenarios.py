"""Builds the Fuzhou whole-hand scenario files (run: python tests/games/engine/make_fuzhou_scenarios.py).

Walls are laid out from chosen hands, head draws and tail draws (fuzhou.md §3.2: four rounds of four
tiles, dealer first, then the dealer's 17th tile; tail draws take the wall's last tile first). The
action lists are written out here; ``AUTO`` plays one default action (discard the drawn tile /
pass) and ``until(seat, type)`` plays default actions until ``seat`` may play ``type``. Every
``expect`` block is computed by hand from fuzhou.md (the reasoning is in each ``title``); the JSON
files are the fixtures, this script documents how they were made.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from games.engine import Action, apply, default_action, escape, legal_actions, new_hand, to_act  # noqa: E402
from games.engine.registry import rules_for  # noqa: E402
from games.engine.state import PHASE_OVER  # noqa: E402
from games.engine.tiles import parse_tiles, tile_str  # noqa: E402

OUT = Path(__file__).parent / "scenarios"
AUTO = "auto"


def build_wall(hands: dict[int, str], head: list[str], tail: list[str], *, dealer: int = 0,
               reserve: str = "") -> list[str]:
    """``hands[s]``: the dealt tiles (dealer 17, others 16; missing seats get filler). ``head``: the
    normal draws in order. ``tail``: tail draws in order (flower replacements, the gold flip, kong
    replacements). ``reserve``: tiles placed right after the filler, i.e. in the reserved part."""
    full = Counter(rules_for("fuzhou").tile_list())
    given: Counter[int] = Counter()
    for text in [*hands.values(), *head, *tail, reserve]:
        given.update(parse_tiles(text))
    if any(given[k] > full[k] for k in given):
        raise SystemExit(f"too many copies: {[tile_str(k) for k in given if given[k] > full[k]]}")
    spare = sorted((full - given).elements(), key=lambda k: (k >= 27, k % 9, k))
    seat_tiles: dict[int, list[int]] = {}
    for s in range(4):
        n = 17 if s == dealer else 16
        if s in hands:
            seat_tiles[s] = parse_tiles(hands[s])
        else:
            seat_tiles[s] = [t for t in spare if t < 27][:n]
            for t in seat_tiles[s]:
                spare.remove(t)
        assert len(seat_tiles[s]) == n, (s, len(seat_tiles[s]))
    wall: list[int] = []
    for rnd in range(4):
        for i in range(4):
            wall += seat_tiles[(dealer + i) % 4][4 * rnd : 4 * rnd + 4]
    wall.append(seat_tiles[dealer][16])
    wall += [t for d in head for t in parse_tiles(d)]
    back = [t for d in tail for t in parse_tiles(d)]
    wall += spare + parse_tiles(reserve) + back[::-1]
    assert len(wall) == 144
    return [tile_str(t) for t in wall]


def until(seat: int, atype: str) -> tuple[int, str]:
    return (seat, atype)


def play(scn: dict, steps: list) -> dict:
    state, _ = new_hand("fuzhou", {}, dealer=scn["dealer"], wall=scn["wall"], carry=scn.get("carry"))
    actions = []
    for step in steps:
        if isinstance(step, tuple):
            seat, atype = step
            while not any(x.type == atype for x in legal_actions(state, seat)):
                a = default_action(state, to_act(state)[0])
                state, _ = apply(state, a)
                actions.append(a.to_json())
            continue
        a = default_action(state, to_act(state)[0]).to_json() if step == AUTO else step
        if a.get("type") == "escape":
            state, _ = escape(state, a["seat"])
        else:
            state, _ = apply(state, Action.from_json(a))
        actions.append(a)
    scn["actions"] = actions
    return scn


def D(seat: int, tile: str) -> dict:
    return {"seat": seat, "type": "discard", "tile": tile}


def A(seat: int, atype: str, tile: str | None = None, tiles: str | None = None) -> dict:
    out: dict = {"seat": seat, "type": atype}
    if tile:
        out["tile"] = tile
    if tiles:
        out["tiles"] = tiles
    return out


def P(seat: int) -> dict:
    return {"seat": seat, "type": "pass"}


def write(name: str, scn: dict) -> None:
    OUT.mkdir(exist_ok=True)
    scn["wall"] = " ".join(scn["wall"])
    path = OUT / f"{name}.json"
    path.write_text(json.dumps(scn, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print("wrote", path)


BASE = {"format": "que-scenario", "version": 1, "variant": "fuzhou", "options": {}}
SCENARIOS: dict[str, tuple[dict, list]] = {}


def scenario(name: str, steps: list, **scn) -> None:
    SCENARIOS[name] = ({**BASE, **scn}, steps)


# --- 补花 rounds and 开金 with a flower (§4.1, §5) --------------------------------------------------
# Round 1 (dealer first): seat 0 lays 1z 5f and draws 7s, 3z; seat 1 lays 2z, draws 1s; seat 2 has no
# flower; seat 3 lays 6f, draws 7f. Round 2: only seats 0 and 3 drew flowers: 3z -> 8p, 7f -> 5p.
# 开金: 4z is a flower and goes to the dealer (no tile enters his hand), then 5s is the gold.
# Seat 1 draws 7s, throws 1s (waiting on 5s/8s with 67s); seat 2 draws 8s and throws it: seat 1 wins.
# One flower, no kong: 平胡（一张花）15; F=1 G=0 S=0: X=(1+0+0+5)*2+15 = 27, paid by seat 2.
scenario(
    "fuzhou_buhua_kaijin", [D(0, "9s"), D(1, "1s"), P(2), D(2, "8s"), A(1, "hu", "8s")],
    dealer=0, title="Fuzhou 补花 rounds (a seat that drew no flower is skipped) and 开金 turning up a flower "
    "for the dealer; then 平胡（一张花） on a discard",
    wall=build_wall({0: "1z5f147m258p369s147p258m", 1: "2z123m456m789m123p99p6s", 3: "6f258m36p369p2s4s8s9s147p"},
                    head=["7s", "8s"], tail=["7s", "3z", "1s", "7f", "8p", "5p", "4z", "5s"]),
    expect={"reason": "win", "points": [0, 27, -27, 0], "next_dealer": 1,
            "wins": [{"seat": 1, "from": 2, "patterns": ["pinghu_yihua"]}],
            "event_types": ["flower", "gold", "dice", "hu"]},
)

# --- 抢金: the nearest non-dealer robs; 金雀 does not jump ahead (§11.3) -----------------------------
# Dealer 1, gold 3m (no flowers). Dealer throws 9m first. Seat 2 (d+1) waits (11s 23s) and seat 0
# (d+3) holds two golds (a 金雀 抢金); seat order alone decides: seat 2 robs.
# Seat 2: qiangjin 30 = pinghu_wuhua 30; G=1 (the robbed gold): X=(0+1+0+5)*2+30 = 42, from each.
QJ_HANDS = {1: "147m258p369s147p258s9m9p", 2: "456m789m123p456p11s23s", 0: "3m3m456s789s234p567p11m"}
scenario(
    "fuzhou_qiangjin_priority", [D(1, "9m"), A(2, "qiangjin", "3m")],
    dealer=1, title="Fuzhou 抢金 window after the dealer's first discard: seat 2 (d+1) robs the gold ahead "
    "of seat 0's 金雀 抢金; self-draw, qiangjin and pinghu_wuhua (30 each)",
    wall=build_wall(QJ_HANDS, head=[], tail=["3m"], dealer=1),
    expect={"reason": "win", "points": [-42, -42, 126, -42], "next_dealer": 2,
            "wins": [{"seat": 2, "from": None, "patterns": ["qiangjin", "pinghu_wuhua"]}],
            "event_types": ["qiangjin", "hu"]},
)

# --- 庄家抢金 beats a 胡 on his discard, loses to none here (§11.3) ----------------------------------
# Dealer 0, gold 5p. The dealer discards 9m and robs the gold (67p + gold). Seat 1 waits on 6m/9m and
# could rob too, but chooses to win on the 9m instead: any 抢金 ranks above claims on that discard,
# so the dealer wins. Dealer: qiangjin 30, pinghu_wuhua 30; G=1: X=42 from each.
scenario(
    "fuzhou_qiangjin_dealer", [A(0, "qiangjin", "9m"), A(1, "hu", "9m"), P(2)],
    dealer=0, title="Fuzhou 庄家抢金: the dealer discards 9m and robs the gold; seat 1 declines its own 抢金 "
    "and claims 胡 on the 9m, which the dealer's 抢金 outranks",
    wall=build_wall({0: "123m456m789s234s67p9m11p", 1: "78m111s345s789p22s123m"}, head=[], tail=["5p"]),
    expect={"reason": "win", "points": [126, -42, -42, -42], "next_dealer": 0,
            "wins": [{"seat": 0, "from": None, "patterns": ["qiangjin", "pinghu_wuhua"]}]},
)

# --- 金雀 beats position (§8.2, E9) ------------------------------------------------------------------
# Dealer 0, gold 1s. Seat 1 lays 1f (gets 7s), seat 3 lays 3f 5z (gets 1s 1s); the gold flip is 1s.
# The dealer throws 5p. Seat 1 (nearer) and seat 3 both claim 胡 (both pass on 抢金); seat 3's win
# uses the two golds as the pair: 金雀, so seat 3 wins alone. F=2 G=2: X=(2+2+0+5)*2+60 = 78.
scenario(
    "fuzhou_jinque_beats_position", [D(0, "5p"), A(1, "hu", "5p"), A(3, "hu", "5p"), P(2)],
    dealer=0, title="Fuzhou 金雀 beats position: seats 1 and 3 both win on the dealer's 5p; seat 3's 金雀 "
    "wins although seat 1 is nearer (fuzhou.md E9)",
    wall=build_wall({0: "5p147m258s369m19p369s28m", 1: "1f123m456m789m234p46p7s", 3: "3f5z234m678m345p678p55p"},
                    head=[], tail=["7s", "1s", "1s", "1s"]),
    expect={"reason": "win", "points": [-78, 0, 0, 78], "next_dealer": 1,
            "wins": [{"seat": 3, "from": 0, "patterns": ["jinque"]}]},
)


def main() -> None:
    names = sys.argv[1:] or list(SCENARIOS)
    for name in names:
        scn, steps = SCENARIOS[name]
        write(name, play(dict(scn), steps))


if __name__ == "__main__":
    main()
