"""Builds scenarios/shaanxi_*.json (run: python tests/games/engine/generators/make_shaanxi_scenarios.py).

Explicit walls + scripted actions. The ``expect`` blocks are written by hand from shaanxi.md (the
§12 worked examples where they fit); the script only lays out the walls and fills the boring moves
(discard the drawn tile, pass) with the engine's default_action. The JSON files are the fixtures.
"""

# ruff: noqa: E402, E731
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[4]))
from games.engine import apply, new_hand, to_act
from games.engine.actions import Action
from games.engine.core import default_action, legal_actions
from games.engine.tiles import parse_tiles, tile_str
from games.engine.variants.shaanxi.play import deal_order

OUT = str(Path(__file__).parents[1] / "scenarios") + "/"


def build_wall(dealer, hands, draws=(), tail=(), filler_order=None):
    """hands: {seat: tile string} (dealer 14, others 13); draws: head draws after the deal; tail: replacement tiles."""
    pool = [k for k in range(34) for _ in range(4)]

    def take(t):
        pool.remove(t)
        return t

    per_seat = {s: [take(t) for t in parse_tiles(h)] for s, h in hands.items()}
    draws = [take(t) for t in parse_tiles(draws)] if isinstance(draws, str) else []
    tail = [take(t) for t in parse_tiles(tail)] if isinstance(tail, str) else []
    if filler_order:
        pool.sort(key=filler_order)
    order = deal_order(dealer)
    wall = []
    idx = {s: 0 for s in range(4)}
    for seat in order:
        wall.append(per_seat[seat][idx[seat]])
        idx[seat] += 1
    assert all(idx[s] == len(per_seat[s]) for s in range(4)), idx
    middle = pool
    wall += draws + middle + list(reversed(tail))
    assert len(wall) == 136
    return wall


def play(dealer, wall, script, paozi, carry=None, until_over=True, max_steps=2000):
    """script: list of (predicate(state) -> Action|None). Default moves fill the rest."""
    state, ev = new_hand(
        "shaanxi", {}, dealer=dealer, wall=[tile_str(t) for t in wall], carry=carry
    )
    actions = []
    for s in range(4):
        a = Action(s, "paozi", choice=paozi[s])
        state, e = apply(state, a)
        actions.append(a.to_json())
        ev += e
    script = list(script)
    steps = 0
    while state.phase != "over" and steps < max_steps:
        steps += 1
        a = None
        if script:
            a = script[0](state)
            if a is not None:
                script.pop(0)
                if a == "escape":
                    break
        if a is None:
            if not until_over and not script:
                break
            a = default_action(state, to_act(state)[0])
        state, e = apply(state, a)
        actions.append(a.to_json())
        ev += e
    assert not script, f"unused script steps: {len(script)}"
    return state, ev, actions


def when(seat, type_, tile=None, choice=None, phase=None):
    def f(state):
        for a in legal_actions(state, seat):
            if a.type == type_ and (tile is None or a.tile == tile):
                return a
        return None

    return f


def write(name, doc, dealer, wall, actions, expect, paozi, carry=None):
    data = {
        "variant": "shaanxi",
        "options": {},
        "dealer": dealer,
        "doc": doc,
        "wall": " ".join(tile_str(t) for t in wall),
        "actions": actions,
        "expect": expect,
    }
    if carry is not None:
        data["carry"] = carry
    with open(OUT + name, "w") as fh:
        json.dump(data, fh, ensure_ascii=False, indent=1)
    print(name, len(actions))


# ---------------------------------------------------------------- 截胡
hands = {
    0: "2468m2468s34567z5p",
    1: "123456789m11z46p",
    2: "123p789p123s456s5p",
    3: "111s999s222z333z5p",
}
wall = build_wall(0, hands)
st, ev, acts = play(
    0, wall, [when(0, "discard", "5p"), when(3, "hu"), when(2, "hu"), when(1, "hu")], [1, 0, 2, 0]
)
write(
    "shaanxi_jie_hu.json",
    "截胡 (§5): dealer 0 discards 5p; seats 3, 2 and 1 all say hu; only seat 1, nearest after the discarder, wins. "
    "paozi [1,0,2,0]: hu 6/3/3 (dealer pays double), paozi 3*(1+0), 3*(2+0), 0.",
    0,
    wall,
    acts,
    {
        "over": True,
        "reason": "win",
        "wins": [{"seat": 1, "from": 0, "patterns": ["fang_hu", "ping_hu"]}],
        "points": [-9, 21, -9, -3],
        "next_dealer": 1,
    },
    [1, 0, 2, 0],
)
assert st.result["points"] == [-9, 21, -9, -3], st.result

# ---------------------------------------------------------------- 漏胡
hands = {
    0: "1357m1357p2468s67z",
    1: "123m456m789m11z45p",
    2: "2468m2468p13579s",
    3: "9m9p9s2z3z4z5z1z1p7p3s5s7s",
}
wall = build_wall(0, hands, draws="8s3p3p6p")
script = [
    when(0, "discard", "7z"),
    when(1, "discard", "8s"),
    when(2, "discard", "3p"),
    when(1, "pass"),
    when(3, "discard", "3p"),
    when(0, "discard", "6p"),
    when(1, "hu"),
]
st, ev, acts = play(0, wall, script, [0, 0, 0, 0])
write(
    "shaanxi_lou_hu.json",
    "漏胡 (§6): seat 1 waits on 3p/6p and passes seat 2's 3p; seat 3's 3p then gets no claim window (seat 1 is "
    "blocked on 3p until it next draws or claims), but seat 0's 6p is another waiting kind: seat 1 wins on it. "
    "No 炮子: dealer pays 6, others 3.",
    0,
    wall,
    acts,
    {
        "over": True,
        "reason": "win",
        "wins": [{"seat": 1, "from": 0, "patterns": ["fang_hu", "ping_hu"]}],
        "points": [-6, 12, -3, -3],
        "next_dealer": 1,
        "event_types": ["lou_hu"],
    },
    [0, 0, 0, 0],
)
assert st.result["points"] == [-6, 12, -3, -3]

# 漏胡 cleared by a draw: seat 1 passes 3p, draws, then wins on a later 3p
hands = {
    0: "1357m1357p2468s67z",
    1: "123m456m789m11z45p",
    2: "2468m2468p13579s",
    3: "9m9p9s2z3z4z5z1z1p7p3s5s7s",
}
wall = build_wall(0, hands, draws="8s3p1s8s8m3p")
script = [
    when(0, "discard", "7z"),
    when(1, "discard", "8s"),
    when(2, "discard", "3p"),
    when(1, "pass"),
    when(3, "discard", "1s"),
    when(0, "discard", "8s"),
    when(1, "discard", "8m"),
    when(2, "discard", "3p"),
    when(1, "hu"),
]
st, ev, acts = play(0, wall, script, [0, 0, 0, 0])
write(
    "shaanxi_lou_hu_cleared.json",
    "漏胡 (§6) ends when the player moves tiles: seat 1 passes 3p, then draws (8m) and discards it; the next 3p "
    "(seat 2) is winnable again. Non-dealer wins on seat 2's discard: dealer pays 6, seats 2 and 3 pay 3.",
    0,
    wall,
    acts,
    {
        "over": True,
        "reason": "win",
        "wins": [{"seat": 1, "from": 2, "patterns": ["fang_hu", "ping_hu"]}],
        "points": [-6, 12, -3, -3],
        "next_dealer": 1,
        "event_types": ["lou_hu"],
    },
    [0, 0, 0, 0],
)

# ---------------------------------------------------------------- 抢杠 (E5)
hands = {
    1: "234m567p58s99s111z7z",
    2: "13579m1357p2478s",
    3: "1m9m1p9p66s2z3z4z5z6z9s3s",
    0: "2468m2468p147s34z",
}
wall = build_wall(1, hands, draws="6s5z7s8m6s")
script = [
    when(1, "discard", "7z"),
    when(2, "discard", "6s"),
    when(3, "pung", "6s"),
    when(3, "discard", "2z"),
    when(0, "discard", "5z"),
    when(1, "discard", "8s"),
    when(2, "discard", "8m"),
    when(3, "kong_added", "6s"),
    when(1, "hu"),
]
st, ev, acts = play(1, wall, script, [0, 2, 1, 0])
write(
    "shaanxi_qiang_gang.json",
    "抢杠 (§7, E5): dealer 1; seat 3 pungs 6s, later draws the fourth 6s and adds it; seat 1 (waiting on 6s) robs. "
    "Scored as 放胡 with paozi [0,2,1,0]: [-12, 39, -15, -12]; the kong is void (no kong money).",
    1,
    wall,
    acts,
    {
        "over": True,
        "reason": "win",
        "wins": [{"seat": 1, "from": 3, "patterns": ["qiang_gang", "ping_hu"]}],
        "points": [-12, 39, -15, -12],
        "next_dealer": 1,
        "event_types": ["kong_declared"],
        "no_event_types": ["kong"],
    },
    [0, 2, 1, 0],
)

# ---------------------------------------------------------------- 荒庄, no kong: the hand ends with 26 tiles left
hands = {
    0: "1357m1357p2468s12z",
    1: "2468m2468p13579s",
    2: "9m9p9s1z2z2z3z3z4z4z5z5z6z",
    3: "1m3m5m7m1p3p5p7p6z7z7z1z2z",
}
wall = build_wall(0, hands)
st, ev, acts = play(0, wall, [], [0, 0, 0, 0])
hz = [e for e in ev if e["type"] == "huang_zhuang"]
write(
    "shaanxi_huang_zhuang.json",
    "荒庄 (§8) with no kong: T(0)=13 stacks, so the hand ends when a regular draw is due with 26 tiles left; "
    "nobody scores and the dealer stays.",
    0,
    wall,
    acts,
    {
        "over": True,
        "reason": "draw",
        "points": [0, 0, 0, 0],
        "next_dealer": 0,
        "event_types": ["exhausted", "huang_zhuang"],
        "huang_zhuang": {"kong_count": 0, "tiles_remaining": 26},
    },
    [0, 0, 0, 0],
)
print(hz, st.wins)

# ---------------------------------------------------------------- 荒庄 after one 暗杠 (E8): reserve 7 stacks, kong money returned
hands = {
    0: "1357m1357p2468s12z",
    1: "2468m2468p13579s",
    2: "9999p9s2z2z3z3z4z4z5z6z",
    3: "1m3m5m7m1p3p5p7p6z7z7z1z2z",
}
wall = build_wall(0, hands)
st, ev, acts = play(0, wall, [when(2, "kong_concealed", "9p")], [3, 1, 0, 2])
hz = [e for e in ev if e["type"] == "huang_zhuang"]
write(
    "shaanxi_huang_zhuang_kong.json",
    "荒庄 (§8, E8) after seat 2's 暗杠: k=1 so the reserve is T(1)=7 stacks = 14 tiles; the draw due at R=15 is made, "
    "the one due at R=14 ends the hand. The 暗杠's 6 from each other seat is returned: all points 0; dealer stays.",
    0,
    wall,
    acts,
    {
        "over": True,
        "reason": "draw",
        "points": [0, 0, 0, 0],
        "next_dealer": 0,
        "event_types": ["kong", "exhausted", "huang_zhuang"],
        "huang_zhuang": {"kong_count": 1, "tiles_remaining": 14},
    },
    [3, 1, 0, 2],
)
print(hz, st.wins, [e for e in ev if e["type"] == "score"])

# ---------------------------------------------------------------- escape (E6)
hands = {
    0: "1357m1357p2468s12z",
    1: "2468m2468p13579s",
    2: "9m9p9s1z2z2z3z3z4z4z5z5z6z",
    3: "1m3m5m7m1p3p5p7p6z7z7z1z2z",
}
wall = build_wall(0, hands)
st, ev, acts = play(
    0, wall, [when(0, "discard", "1z"), when(1, "discard")], [2, 0, 1, 4], until_over=False
)
acts.append({"seat": 2, "type": "escape"})
write(
    "shaanxi_escape.json",
    "Escape (§10.6, E6): seat 2 leaves mid-hand with paozi [2,0,1,4]: it pays 3*(8+3*1+6) = 51, shared "
    "17/11/23. The next hand is a new game.",
    0,
    wall,
    acts,
    {"over": True, "reason": "escape", "points": [17, 11, -51, 23], "event_types": ["escape"]},
    [2, 0, 1, 4],
)
