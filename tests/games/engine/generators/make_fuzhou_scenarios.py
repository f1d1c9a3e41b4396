"""Builds the Fuzhou whole-hand scenario files (run: python tests/games/engine/generators/make_fuzhou_scenarios.py).

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

sys.path.insert(0, str(Path(__file__).resolve().parents[4]))

from games.engine import Action, apply, default_action, escape, legal_actions, new_hand, to_act  # noqa: E402
from games.engine.registry import rules_for  # noqa: E402
from games.engine.state import PHASE_OVER  # noqa: E402
from games.engine.tiles import parse_tile, parse_tiles, tile_str  # noqa: E402

OUT = Path(__file__).parents[1] / "scenarios"
AUTO = "auto"


def build_wall(
    hands: dict[int, str], head: list[str], tail: list[str], *, dealer: int = 0, reserve: str = ""
) -> list[str]:
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
    state, _ = new_hand(
        "fuzhou", {}, dealer=scn["dealer"], wall=scn["wall"], carry=scn.get("carry")
    )
    actions = []
    for step in steps:
        if isinstance(step, tuple):
            seat, atype = step
            while not any(x.type == atype for x in legal_actions(state, seat)):
                a = default_action(state, to_act(state)[0])
                state, _ = apply(state, a)
                actions.append(a.to_json())
            continue
        if step == AUTO and state.phase == PHASE_OVER:
            break
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
    "fuzhou_buhua_kaijin",
    [D(0, "9s"), D(1, "1s"), P(2), D(2, "8s"), A(1, "hu", "8s")],
    dealer=0,
    title="Fuzhou 补花 rounds (a seat that drew no flower is skipped) and 开金 turning up a flower "
    "for the dealer; then 平胡（一张花） on a discard",
    wall=build_wall(
        {
            0: "1z5f147m258p369s147p258m",
            1: "2z123m456m789m123p99p6s",
            3: "6f258m36p369p2s4s8s9s147p",
        },
        head=["7s", "8s"],
        tail=["7s", "3z", "1s", "7f", "8p", "5p", "4z", "5s"],
    ),
    expect={
        "reason": "win",
        "points": [0, 27, -27, 0],
        "next_dealer": 1,
        "wins": [{"seat": 1, "from": 2, "patterns": ["pinghu_yihua"]}],
        "event_types": ["flower", "gold", "dice", "hu"],
    },
)

# --- 抢金: the nearest non-dealer robs; 金雀 does not jump ahead (§11.3) -----------------------------
# Dealer 1, gold 3m (no flowers). Dealer throws 9m first. Seat 2 (d+1) waits (11s 23s) and seat 0
# (d+3) holds two golds (a 金雀 抢金); seat order alone decides: seat 2 robs.
# Seat 2: qiangjin 30 = pinghu_wuhua 30; G=1 (the robbed gold): X=(0+1+0+5)*2+30 = 42, from each.
QJ_HANDS = {
    1: "147m258p369s147p258s9m9p",
    2: "456m789m123p456p11s23s",
    0: "3m3m456s789s234p567p11m",
}
scenario(
    "fuzhou_qiangjin_priority",
    [D(1, "9m"), A(2, "qiangjin", "3m")],
    dealer=1,
    title="Fuzhou 抢金 window after the dealer's first discard: seat 2 (d+1) robs the gold ahead "
    "of seat 0's 金雀 抢金; self-draw, qiangjin and pinghu_wuhua (30 each)",
    wall=build_wall(QJ_HANDS, head=[], tail=["3m"], dealer=1),
    expect={
        "reason": "win",
        "points": [-42, -42, 126, -42],
        "next_dealer": 2,
        "wins": [{"seat": 2, "from": None, "patterns": ["qiangjin", "pinghu_wuhua"]}],
        "event_types": ["qiangjin", "hu"],
    },
)

# --- 庄家抢金 beats a 胡 on his discard, loses to none here (§11.3) ----------------------------------
# Dealer 0, gold 5p. The dealer discards 9m and robs the gold (67p + gold). Seat 1 waits on 6m/9m and
# could rob too, but chooses to win on the 9m instead: any 抢金 ranks above claims on that discard,
# so the dealer wins. Dealer: qiangjin 30, pinghu_wuhua 30; G=1: X=42 from each.
scenario(
    "fuzhou_qiangjin_dealer",
    [A(0, "qiangjin", "9m"), A(1, "hu", "9m"), P(2)],
    dealer=0,
    title="Fuzhou 庄家抢金: the dealer discards 9m and robs the gold; seat 1 declines its own 抢金 "
    "and claims 胡 on the 9m, which the dealer's 抢金 outranks",
    wall=build_wall(
        {0: "123m456m789s234s67p9m11p", 1: "78m111s345s789p22s123m"}, head=[], tail=["5p"]
    ),
    expect={
        "reason": "win",
        "points": [126, -42, -42, -42],
        "next_dealer": 0,
        "wins": [{"seat": 0, "from": None, "patterns": ["qiangjin", "pinghu_wuhua"]}],
    },
)

# --- 金雀 beats position (§8.2, E9) ------------------------------------------------------------------
# Dealer 0, gold 1s. Seat 1 lays 1f (gets 7s), seat 3 lays 3f 5z (gets 1s 1s); the gold flip is 1s.
# The dealer throws 5p. Seat 1 (nearer) and seat 3 both claim 胡 (both pass on 抢金); seat 3's win
# uses the two golds as the pair: 金雀, so seat 3 wins alone. F=2 G=2: X=(2+2+0+5)*2+60 = 78.
scenario(
    "fuzhou_jinque_beats_position",
    [D(0, "5p"), A(1, "hu", "5p"), A(3, "hu", "5p"), P(2)],
    dealer=0,
    title="Fuzhou 金雀 beats position: seats 1 and 3 both win on the dealer's 5p; seat 3's 金雀 "
    "wins although seat 1 is nearer (fuzhou.md E9)",
    wall=build_wall(
        {0: "5p147m258s369m19p369s28m", 1: "1f123m456m789m234p46p7s", 3: "3f5z234m678m345p678p55p"},
        head=[],
        tail=["7s", "1s", "1s", "1s"],
    ),
    expect={
        "reason": "win",
        "points": [-78, 0, 0, 78],
        "next_dealer": 1,
        "wins": [{"seat": 3, "from": 0, "patterns": ["jinque"]}],
    },
)


# --- the final group of four (§6.3) ---------------------------------------------------------------
# 18 flowers in the hands (three of each 1z-6z: no quartet) are replaced from the tail, the gold flip
# is 9s: W = 79 - 18 - 1 = 60, R = 18, D = 42. The other 18 flowers sit in the reserve and are never
# drawn. Everyone throws what he draws (the default). After 38 normal draws D = 4: the final group
# is drawn by seats 3, 0, 1, 2 without discards. Seat 1 (123m456m789m123p99p67s) draws 8s there:
# the server declares its self-draw at once. Flowers 2z 3z 3z 3z 4z: F=5, G=0, no special:
# X=(5+0+0+5)*2 = 20 from each other seat.
FG_DEALT = {
    0: ("1z1z1z2z2z" + "147m147p147s1m4m7m", "1p4p1s4s7p"),
    1: ("2z3z3z3z4z" + "123m456m789m12p", "3p9p9p6s7s"),
    2: ("4z4z5z5z" + "258m258p258s5m8m5p", "8p5s8s2s"),
    3: ("5z6z6z6z" + "3m3m6m6m9m9m3p3p6p6p7p9p", "3s3s6s4s"),
}
FG_RESERVE = "123456z7777z12345678f"


def final_group_wall(group: list[str]) -> list[str]:
    """The layout above; ``group`` holds the four tiles of the final group (seats 3, 0, 1, 2)."""
    dealt = {s: parse_tiles(d) for s, (d, _) in FG_DEALT.items()}
    tail = [t for s in range(4) for t in parse_tiles(FG_DEALT[s][1])] + parse_tiles("9s")
    used = (
        Counter(t for d in dealt.values() for t in d)
        + Counter(tail)
        + Counter(parse_tiles(FG_RESERVE))
    )
    used += Counter(parse_tiles("".join(group)))
    rest = sorted(
        (Counter(rules_for("fuzhou").tile_list()) - used).elements(), key=lambda k: (k % 9, k)
    )
    assert len(rest) == 38 and all(k < 27 for k in rest), len(rest)
    wall: list[int] = []
    for rnd in range(4):
        for s in range(4):
            wall += dealt[s][4 * rnd : 4 * rnd + 4]
    wall.append(dealt[0][16])
    wall += rest + parse_tiles("".join(group)) + parse_tiles(FG_RESERVE) + tail[::-1]
    assert len(wall) == 144
    return [tile_str(t) for t in wall]


scenario(
    "fuzhou_final_group_auto_win",
    ["auto"] * 200,
    dealer=0,
    title="Fuzhou final group: after 38 normal draws D=4; seats 3 and 0 draw without discarding, "
    "seat 1's draw of 8s wins automatically as a self-draw (F=5: X=20 each)",
    wall=final_group_wall(["1m", "2p", "8s", "3s"]),
    expect={
        "reason": "win",
        "points": [-20, 60, -20, -20],
        "next_dealer": 1,
        "wins": [{"seat": 1, "from": None, "patterns": []}],
        "event_types": ["final_group", "forced_win"],
    },
)
scenario(
    "fuzhou_final_group_draw",
    ["auto"] * 200,
    carry={"streak": 2},
    dealer=0,
    title="Fuzhou final group without a win: all four tiles drawn, nobody wins: a draw (和局); "
    "the dealer keeps the deal and S=2",
    wall=final_group_wall(["1m", "2p", "3s", "8s"]),
    expect={
        "reason": "draw",
        "points": [0, 0, 0, 0],
        "next_dealer": 0,
        "event_types": ["final_group", "exhausted"],
        "no_event_types": ["hu"],
    },
)


# --- a discarded gold is dead and its discarder may only self-draw (§9) -----------------------------
# Gold 5s, no flowers. Seat 1 passes on its 抢金, draws 7s (a win it does not take) and throws the
# gold 5s: nobody may claim it. Seat 2 throws 8s, which would complete seat 1's 67s, but a
# gold-discarder is offered no 胡. Seat 1 later draws 8s: self-draw, no flower, no kong, no gold in
# hand: pinghu_wuhua 30; X=(0+0+0+5)*2+30 = 40 from each.
scenario(
    "fuzhou_gold_discarder",
    [D(0, "9m"), P(1), D(1, "5s"), D(2, "8s"), until(1, "hu"), A(1, "hu", "8s")],
    dealer=0,
    title="Fuzhou discarded gold: nobody claims the thrown gold, its discarder may not win on "
    "a discard (no 胡 on 8s) but wins by self-draw",
    wall=build_wall(
        {
            0: "147m147p147s258m258p9m9p",
            1: "123m456m789m123p99p6s5s",
            2: "369m369p369s3m6m3p6p3s6s9s",
            3: "28m28p28s4m4p4s7m7p7s1p1s5p8p",
        },
        head=["7s", "8s", "1m", "5m", "8s"],
        tail=["5s"],
    ),
    expect={
        "reason": "win",
        "points": [-40, 120, -40, -40],
        "next_dealer": 1,
        "wins": [{"seat": 1, "from": None, "patterns": ["pinghu_wuhua"]}],
    },
)

# --- 天胡 (§11.2, E7) --------------------------------------------------------------------------------
# Dealer 2 with S=1 (carry), gold 5s. The dealer lays 6f and gets 9p: 123m456m789p111s23s5s99p wins
# at once (the gold plays 4s). tianhu 30 and pinghu_yihua 15: M=30; F=1 G=1 S=1:
# X=(1+1+1+5)*2+30 = 46 from each; the dealer keeps the deal with S=2.
scenario(
    "fuzhou_tianhu",
    [A(2, "hu", "9p")],
    carry={"streak": 1},
    dealer=2,
    title="Fuzhou 天胡 (fuzhou.md E7): the dealer's 17 tiles after 补花 and 开金 already win",
    wall=build_wall({2: "6f123m456m789p111s23s5s9p"}, head=[], tail=["9p", "5s"], dealer=2),
    expect={
        "reason": "win",
        "points": [-46, -46, 138, -46],
        "next_dealer": 2,
        "wins": [{"seat": 2, "from": None, "patterns": ["tianhu", "pinghu_yihua"]}],
    },
)

# --- escape (§14, E10 without kongs) ---------------------------------------------------------------
# Dealer 0, S=2 (carry), gold 9m. Seat 2 leaves at once. Seat 0: flowers 1z 2z 5f, one gold:
# 3+1+5 = 9; seat 1: 春夏秋冬 + 7z = 5+2 = 7, no gold: 12; seat 3: two golds: 7.
# P = 4*(9+12+7+2) = 120; nobody receives it (the points do not sum to zero).
scenario(
    "fuzhou_escape",
    [{"seat": 2, "type": "escape"}],
    carry={"streak": 2},
    dealer=0,
    title="Fuzhou escape: P = 4 x (sum of the others' (flowers + golds + 5) + S) leaves the table",
    wall=build_wall(
        {
            0: "1z2z5f9m123p456p789p12s1m5m",
            1: "1f2f3f4f7z147m258m36s9s2p5p",
            3: "9m9m13579p2468s1m3m7m8m1s",
        },
        head=[],
        tail=["4s", "5s", "6s", "1s", "2p", "4p", "6p", "8p", "9m"],
    ),
    expect={"reason": "escape", "points": [0, 0, -120, 0], "next_dealer": 0},
)


# --- a kong shrinks the final group (§6.3 "特殊", E11) ------------------------------------------------
# All 36 flowers are dealt (nine per seat, no quartet) and replaced from the tail; the gold flip is
# 9s: W = 79 - 37 = 42, R = 18, D = 24, and the reserve holds only suited tiles. Everyone throws
# what he draws. Draw #20 (the dealer's) leaves D = 4; he throws 5m and seat 2 makes an exposed kong
# on it: R = 19 and the replacement comes from the tail, so W = 21 and D = 2. Seat 2 throws its
# replacement; nobody claims; the final group is only two tiles, drawn by seats 3 and 0; nobody
# wins: a draw.
KG_SUITED = {
    0: "1m1m4m4m7m7m1p1p4p4p7p7p1s1s4s4s7s",
    1: "2m2m8m8m2p2p5p5p8p8p2s2s5s5s8s8s",
    2: "5m5m5m1m8m9m1p2p4p7p9p1s3s4s6s7s",
    3: "3m3m6m6m9m9m3p3p6p6p9p9p3s3s6s6s",
}
KG_FLOWERS = {0: "1234567z1f5f", 1: "1234567z2f6f", 2: "1234567z3f7f", 3: "1234567z4f8f"}


def kong_group_wall() -> list[str]:
    dealt: dict[int, list[int]] = {}
    tail: list[int] = []
    for s in range(4):
        suited = parse_tiles(KG_SUITED[s])
        flowers = parse_tiles(KG_FLOWERS[s])
        keep = len(suited) - len(flowers)
        dealt[s] = flowers + suited[:keep]
        tail += suited[keep:]
    tail.append(parse_tile("9s"))
    used = (
        Counter(t for d in dealt.values() for t in d) + Counter(tail) + Counter(parse_tiles("5m"))
    )
    rest = sorted(
        (Counter(rules_for("fuzhou").tile_list()) - used).elements(), key=lambda k: (k % 9, k)
    )
    assert len(rest) == 41 and all(k < 27 for k in rest)
    head = rest[:19] + parse_tiles("5m") + rest[19:23]
    reserve = rest[23:]
    wall: list[int] = []
    for rnd in range(4):
        for s in range(4):
            wall += dealt[s][4 * rnd : 4 * rnd + 4]
    wall.append(dealt[0][16])
    wall += head + reserve + tail[::-1]
    assert len(wall) == 144
    return [tile_str(t) for t in wall]


scenario(
    "fuzhou_kong_shrinks_final_group",
    [until(2, "kong_exposed"), A(2, "kong_exposed", "5m"), *["auto"] * 20],
    dealer=0,
    title="Fuzhou: an exposed kong at D=4 raises R by one and takes a tail replacement, so the "
    "final group is only two tiles (seats 3 and 0); nobody wins: a draw (fuzhou.md §6.3, E11)",
    wall=kong_group_wall(),
    expect={
        "reason": "draw",
        "points": [0, 0, 0, 0],
        "next_dealer": 0,
        "event_types": ["kong", "final_group", "exhausted"],
        "no_event_types": ["hu"],
    },
)


# --- 三金倒 right after a pung (§7.6, §11.5) -----------------------------------------------------
# Gold 5p, no flowers. Seat 1 holds the three live golds; it pungs the dealer's first discard 9m and
# declares 三金倒 instead of discarding (a self-draw). No flower, no kong: pinghu_wuhua 30 too;
# M = 40; G=3: X=(0+3+0+5)*2+40 = 56 from each other seat.
scenario(
    "fuzhou_sanjindao_after_pung",
    [D(0, "9m"), A(1, "pung", "9m"), P(2), P(3), A(1, "sanjindao", "5p")],
    dealer=0,
    title="Fuzhou 三金倒 declared on the turn of a pung (no draw): settled as a self-draw",
    wall=build_wall(
        {0: "368m147p258s369p9s5m14m9m", 1: "5p5p5p9m9m1m4m7m1s4s7s2p8p3s6s2m"},
        head=[],
        tail=["5p"],
    ),
    expect={
        "reason": "win",
        "points": [-56, 168, -56, -56],
        "next_dealer": 1,
        "wins": [{"seat": 1, "from": None, "patterns": ["sanjindao", "pinghu_wuhua"]}],
    },
)


def main() -> None:
    names = sys.argv[1:] or list(SCENARIOS)
    for name in names:
        scn, steps = SCENARIOS[name]
        write(name, play(dict(scn), steps))


if __name__ == "__main__":
    main()
