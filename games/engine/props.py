"""Props (道具) in Sichuan and Wuhan hands: sichuan.md §13 (normative for both variants).

A prop use is an action, ``Action(seat, "prop", choice=KEY, tile=..., tiles=...)``, so a hand with
props replays exactly like any other (docs/scenarios.md, docs/engine-props.md):

========== ============ ===========================================================================
key        prop         parameters and effect
========== ============ ===========================================================================
toutian    偷天换日     ``tiles="5m7p"``: own tile 5m swaps places with the nearest 7p of the live
                        wall (rejected when the live wall has none)
yihua      移花接木     ``tile="5m"``: own tile 5m swaps places with a random live-wall tile
qianliyan  千里眼       ``tile="7p"``: the band of 6 head draws holding the next 7p, or none
shunfeng   顺风耳       the tile at the head of the live wall (the next normal draw)
jinshouzhi 金手指       cosmetic: the seat's discard marker becomes a golden finger
qiankun    乾坤大挪移   before the deal (``new_hand(before_deal=...)``): ≥ 10 of 13 (11 of 14)
                        starting tiles from one random suit
========== ============ ===========================================================================

"The live wall" is every tile not yet drawn, in head-draw order: ``wall[head:len(wall) - tail]``
(Wuhan's 海底 reserve is a count, wuhan.md §7, so its tiles are in it too).

Holdings are per seat (``new_hand(props=[{"toutian": 1}, {}, {}, {}])``); without them a hand has
no props at all (a room that disables props passes none). Uses happen on the seat's own turn while
it may discard (never in a choice phase, a claim window or Wuhan's 海底 phase, never by a seat that
has won); a swap (toutian, yihua) at most once each per turn, and after a swap the turn may only
discard (no win, no kong, no variant special). A rejected use raises IllegalActionError and
changes nothing; only a use that takes effect takes one prop from the holdings.

Every use emits a public ``{"type": "prop", "seat", "choice", "use"}`` event (``use`` numbers the
prop uses of the hand from 0: the runtime's idempotency key for consuming the prop) and, when it has
an answer or moves tiles, a ``{"type": "prop_reveal", "private": True, "seat", ...}`` event that
``redact_events`` gives to that seat alone. Randomness (qiankun's suit and tiles, yihua's position)
comes from the hand's seed (an explicit wall: its hash), so replays reproduce it.

The prop state lives in ``state.ext["props"]`` (absent: no props in this hand).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final

from games.engine.actions import DISCARD, PROP, Action
from games.engine.errors import EngineError, IllegalActionError
from games.engine.state import N_SEATS, PHASE_TURN, HandState
from games.engine.tiles import format_tiles, tile_str
from games.engine.wall import seed_basis

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from games.engine.core import Events

PROP_REVEAL: Final = "prop_reveal"
"""The private event type: what only the user of a prop learns."""

TOUTIAN: Final = "toutian"
"""偷天换日 (§13.2): swap an own tile with the nearest live-wall copy of a named kind."""
YIHUA: Final = "yihua"
"""移花接木 (§13.3): swap an own tile with a uniformly random live-wall tile."""
QIANLIYAN: Final = "qianliyan"
"""千里眼 (§13.4): the band of 6 head draws where the next copy of a kind lies."""
SHUNFENG: Final = "shunfeng"
"""顺风耳 (§13.5): the tile at the head of the live wall."""
JINSHOUZHI: Final = "jinshouzhi"
"""金手指 (§13.6): a golden discard marker (cosmetic)."""
QIANKUN: Final = "qiankun"
"""乾坤大挪移 (§13.1): a near-清一色 deal; used before the deal only."""

PLAY_PROPS: Final = (TOUTIAN, YIHUA, QIANLIYAN, SHUNFENG, JINSHOUZHI)
"""Props used during play, in the order legal_actions offers them."""
ALL_PROPS: Final = (QIANKUN, *PLAY_PROPS)
SWAPS: Final = (TOUTIAN, YIHUA)
"""The props limited to one use per turn, after which the turn may only discard."""
GOLDEN: Final = "golden"
"""Holdings key (not a prop): the seat's golden finger is already on from an earlier hand."""
VARIANTS: Final = ("sichuan", "wuhan")
"""The variants with props (sichuan.md §13; wuhan follows it)."""
BAND: Final = 6
"""千里眼 answers in bands of this many head draws (§13.4)."""
ALGORITHM: Final = "que-props-v1"
"""Names the random draws below; changing any of them means a new name."""

#: the 偷天换日 / 移花接木 / 千里眼 parameters (legal_actions offers a template without them)
_TEMPLATE: Final = {TOUTIAN: "tiles", YIHUA: "tile", QIANLIYAN: "tile"}


# ================================================================================================
# Set-up: holdings and 乾坤大挪移
# ================================================================================================


def setup(
    state: HandState,
    events: Events,
    props: Sequence[Mapping[str, Any]] | None,
    before_deal: Sequence[Mapping[str, Any]] | None,
) -> tuple[HandState, Events]:
    """The dealt ``state`` with the seats' holdings and the before-deal props applied.

    Raises EngineError on bad holdings or a before-deal use the seat cannot make."""
    if state.variant not in VARIANTS:
        raise EngineError(f"{state.variant} has no props (only {', '.join(VARIANTS)})")
    held, golden = _holdings(props)
    ext = {
        "held": held,
        "golden": golden,
        "turn": [-1] * N_SEATS,
        "swaps": [[] for _ in range(N_SEATS)],
        "uses": 0,
        "answers": [[] for _ in range(N_SEATS)],
    }
    from games.engine.core import replace

    state = replace(state, ext={**state.ext, "props": ext})
    seats = _before_deal_seats(before_deal, held)
    if seats:
        state = _qiankun(state, seats, events)
    return state, events


def _holdings(
    props: Sequence[Mapping[str, Any]] | None,
) -> tuple[list[dict[str, int]], list[bool]]:
    if props is None:
        props = [{}] * N_SEATS
    if isinstance(props, (str, bytes)) or len(props) != N_SEATS:
        raise EngineError(f"props must list {N_SEATS} seats' holdings, got {props!r}")
    held: list[dict[str, int]] = []
    golden: list[bool] = []
    for seat, h in enumerate(props):
        if h is None:
            h = {}
        if not isinstance(h, dict):
            raise EngineError(f"seat {seat}'s props must be an object, got {h!r}")
        mine: dict[str, int] = {}
        for key, n in h.items():
            if key not in ALL_PROPS and key != GOLDEN:
                raise EngineError(f"unknown prop {key!r} (props: {', '.join(ALL_PROPS)})")
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise EngineError(f"seat {seat}'s {key} count must be an integer >= 0, got {n!r}")
            if n and key != GOLDEN:
                mine[key] = n
        held.append(mine)
        golden.append(bool(h.get(GOLDEN)))
    return held, golden


def _before_deal_seats(
    before_deal: Sequence[Mapping[str, Any]] | None, held: list[dict[str, int]]
) -> list[int]:
    seats: list[int] = []
    for entry in before_deal or ():
        if not isinstance(entry, dict):
            raise EngineError(f"a before_deal entry must be an object, got {entry!r}")
        seat, prop = entry.get("seat"), entry.get("prop")
        if prop != QIANKUN:
            raise EngineError(f"only {QIANKUN} is used before the deal, got {prop!r}")
        if isinstance(seat, bool) or not isinstance(seat, int) or seat not in range(N_SEATS):
            raise EngineError(f"before_deal seat must be 0-3, got {seat!r}")
        if seat in seats:
            raise EngineError(f"seat {seat} uses {QIANKUN} twice")
        if held[seat].get(QIANKUN, 0) < 1:
            raise EngineError(f"seat {seat} holds no {QIANKUN}")
        seats.append(seat)
    return seats


def _basis(state: HandState) -> str:
    """What the props' random draws are seeded with (``wall.seed_basis``)."""
    return seed_basis(state.seed, state.wall)


def _rng(state: HandState, what: str, *extra: object) -> random.Random:
    tail = ":".join(str(x) for x in extra)
    return random.Random(f"{ALGORITHM}:{what}:{state.variant}:{_basis(state)}:{tail}")


def _live_range(state: HandState) -> range:
    """Wall indices of the live wall, in head-draw order."""
    return range(state.head, len(state.wall) - state.tail)


def _qiankun(state: HandState, seats: list[int], events: Events) -> HandState:
    """§13.1: each seat gets at least all-but-3 dealt tiles of one random suit (different suits
    while possible), by swapping off-suit tiles with random live-wall tiles of that suit."""
    from games.engine.core import replace

    rng = _rng(state, QIANKUN)
    wall = list(state.wall)
    hands = [list(h) for h in state.hands]
    drawn = state.drawn
    taken: list[int] = []
    for seat in seats:
        free = [s for s in range(3) if s not in taken] or [0, 1, 2]
        suit = free[rng.randrange(len(free))]
        taken.append(suit)
        hand = hands[seat]
        need = len(hand) - 3 - sum(1 for t in hand if t // 9 == suit and t < 27)
        if need > 0:
            outs = rng.sample([i for i, t in enumerate(hand) if t // 9 != suit or t >= 27], need)
            pool = [i for i in _live_range(state) if wall[i] // 9 == suit and wall[i] < 27]
            ins = rng.sample(pool, min(need, len(pool)))
            for hi, wi in zip(outs, ins, strict=False):
                hand[hi], wall[wi] = wall[wi], hand[hi]
        hand.sort()
        if seat == state.turn and drawn is not None and drawn not in hand:
            drawn = next((t for t in reversed(hand) if t // 9 == suit), hand[-1])
        events.append({"type": PROP, "seat": seat, "choice": QIANKUN, "use": _uses(state)})
        reveal = {"suit": "mps"[suit], "hand": format_tiles(hand)}
        state = _after_use(state, seat, QIANKUN, reveal, events)
    for e in events:
        if e.get("type") == "deal" and isinstance(e.get("hands"), list):
            e["hands"] = [format_tiles(h) for h in hands]
    return replace(state, wall=tuple(wall), hands=tuple(tuple(h) for h in hands), drawn=drawn)


# ================================================================================================
# What is legal
# ================================================================================================


def _ext(state: HandState) -> dict[str, Any] | None:
    p: dict[str, Any] | None = state.ext.get("props")
    return p


def swapped_this_turn(state: HandState, seat: int) -> list[str]:
    """The swaps ``seat`` made in its current turn ([] outside it)."""
    p = _ext(state)
    if p is None or state.phase != PHASE_TURN or state.turn != seat:
        return []
    if p["turn"][seat] != state.n_discards:
        return []
    swaps: list[str] = p["swaps"][seat]
    return swaps


def turn_actions(state: HandState, seat: int, out: list[Action]) -> list[Action]:
    """The own-turn actions ``out`` with the props hooked in: after a swap only discards stay
    (no win, no kong, no special), and a template per prop the seat may use now is appended."""
    p = _ext(state)
    if p is None:
        return out
    if swapped_this_turn(state, seat):
        out = [a for a in out if a.type == DISCARD]
    if state.won[seat] or state.escaped[seat] or not any(a.type == DISCARD for a in out):
        return out  # a winner, or no discard phase (Wuhan's 海底): no props
    return out + [Action(seat, PROP, choice=k) for k in usable(state, seat)]


def usable(state: HandState, seat: int) -> list[str]:
    """The play props ``seat`` holds and may use now (its own turn, discard phase)."""
    p = _ext(state)
    if p is None:
        return []
    held: dict[str, int] = p["held"][seat]
    done = swapped_this_turn(state, seat)
    live = len(_live_range(state)) > 0
    out = []
    for k in PLAY_PROPS:
        if held.get(k, 0) < 1 or k in done:
            continue
        if k == JINSHOUZHI and p["golden"][seat]:
            continue
        if k in (YIHUA, SHUNFENG, TOUTIAN) and not live:
            continue
        out.append(k)
    return out


def check_use(state: HandState, a: Action) -> None:
    """Raise IllegalActionError (saying why) unless ``a`` is a prop use ``state`` allows."""
    from games.engine.core import legal_actions

    if isinstance(a.seat, bool) or a.seat not in range(N_SEATS):
        raise IllegalActionError(f"seat must be 0-3, got {a.seat!r}")
    p = _ext(state)
    if p is None:
        raise IllegalActionError("props are not enabled in this hand")
    key = a.choice
    if key not in PLAY_PROPS:
        if key == QIANKUN:
            raise IllegalActionError(f"{QIANKUN} is used before the deal only")
        raise IllegalActionError(f"unknown prop {key!r} (props: {', '.join(PLAY_PROPS)})")
    seat = a.seat
    if Action(seat, PROP, choice=key) not in legal_actions(state, seat):
        raise IllegalActionError(_why_not(state, seat, key))
    _check_params(state, a)


def _why_not(state: HandState, seat: int, key: str) -> str:
    p = _ext(state)
    assert p is not None
    if state.won[seat]:
        return f"seat {seat} has already won: no props"
    if p["held"][seat].get(key, 0) < 1:
        return f"seat {seat} holds no {key}"
    if state.phase != PHASE_TURN or state.turn != seat:
        return f"props are used on one's own turn (not seat {seat}'s turn now)"
    if key in swapped_this_turn(state, seat):
        return f"seat {seat} has used {key} this turn already (once per turn)"
    if key == JINSHOUZHI and p["golden"][seat]:
        return f"seat {seat}'s golden finger is already on"
    if not _live_range(state):
        return "the live wall is empty"
    return f"seat {seat} may not use {key} now (only in the discard phase)"


def _check_params(state: HandState, a: Action) -> None:
    key = a.choice
    want = _TEMPLATE.get(str(key))
    for name in ("tile", "tiles"):
        if name != want and getattr(a, name) is not None:
            raise IllegalActionError(f"{key} takes no {name}")
    if want is None:
        return
    value = getattr(a, want)
    if value is None:
        raise IllegalActionError(
            f"{key} needs {want!r}" + (' e.g. "5m7p"' if key == TOUTIAN else "")
        )
    kinds = _kinds(state, value, 2 if key == TOUTIAN else 1)
    if key in (TOUTIAN, YIHUA) and kinds[0] not in state.hands[a.seat]:
        raise IllegalActionError(f"seat {a.seat} does not hold {tile_str(kinds[0])}")
    if key == TOUTIAN:
        if kinds[0] == kinds[1]:
            raise IllegalActionError(f"{TOUTIAN} needs two different tiles, got {value}")
        if _nearest(state, kinds[1]) is None:
            raise IllegalActionError(
                f"no {tile_str(kinds[1])} in the live wall: {TOUTIAN} rejected"
            )


def _kinds(state: HandState, text: str, n: int) -> list[int]:
    from games.engine.core import rules_of
    from games.engine.tiles import parse_tiles

    try:
        kinds = parse_tiles(text)
    except EngineError as exc:
        raise IllegalActionError(f"bad tile {text!r}: {exc}") from exc
    if len(kinds) != n:
        raise IllegalActionError(f"expected {n} tile(s), got {text!r}")
    valid = rules_of(state).tile_kinds
    for k in kinds:
        if k not in valid:
            raise IllegalActionError(f"{tile_str(k)} is not a tile of {state.variant}")
    return kinds


def _nearest(state: HandState, kind: int) -> int | None:
    """Wall index of the first copy of ``kind`` in the live wall (head-draw order), or None."""
    wall = state.wall
    for i in _live_range(state):
        if wall[i] == kind:
            return i
    return None


# ================================================================================================
# Doing it
# ================================================================================================


def apply_use(state: HandState, a: Action, events: Events) -> HandState:
    """Carry out the checked prop use ``a`` (the core's apply calls check_use first)."""
    key = str(a.choice)
    seat = a.seat
    events.append({"type": PROP, "seat": seat, "choice": key, "use": _uses(state)})
    if key == TOUTIAN:
        own, target = _kinds(state, a.tiles or "", 2)
        pos = _nearest(state, target)
        assert pos is not None
        return _swap(state, seat, key, own, pos, events)
    if key == YIHUA:
        (own,) = _kinds(state, a.tile or "", 1)
        live = _live_range(state)
        pos = live[_rng(state, YIHUA, state.n_actions, seat).randrange(len(live))]
        return _swap(state, seat, key, own, pos, events)
    if key == QIANLIYAN:
        (kind,) = _kinds(state, a.tile or "", 1)
        found = _nearest(state, kind)
        band = None
        if found is not None:
            lo = (found - state.head) // BAND * BAND + 1
            band = [lo, lo + BAND - 1]
        return _after_use(state, seat, key, {"tile": tile_str(kind), "band": band}, events)
    if key == SHUNFENG:
        return _after_use(state, seat, key, {"tile": tile_str(state.wall[state.head])}, events)
    return _after_use(state, seat, key, None, events)  # 金手指


def _swap(state: HandState, seat: int, key: str, own: int, pos: int, events: Events) -> HandState:
    from games.engine.core import _add, _remove, _set, replace

    got = state.wall[pos]
    hand = _add(_remove(state.hands[seat], own), got)
    wall = list(state.wall)
    wall[pos] = own
    drawn = state.drawn
    if drawn is not None and drawn not in hand:
        drawn = got
    state = replace(state, hands=_set(state.hands, seat, hand), wall=tuple(wall), drawn=drawn)
    reveal = {"out": tile_str(own), "in": tile_str(got)}
    return _after_use(state, seat, key, reveal, events)


def _uses(state: HandState) -> int:
    p = _ext(state)
    assert p is not None
    n: int = p["uses"]
    return n


def _after_use(
    state: HandState, seat: int, key: str, reveal: dict[str, Any] | None, events: Events
) -> HandState:
    """Take one ``key`` from ``seat``'s holdings; record the swap / golden finger / answer."""
    from games.engine.core import replace

    p = _ext(state)
    assert p is not None
    held = [dict(h) for h in p["held"]]
    left = held[seat][key] - 1
    if left:
        held[seat][key] = left
    else:
        del held[seat][key]
    new = {**p, "held": held, "uses": p["uses"] + 1}
    if key in SWAPS:
        turn = list(p["turn"])
        swaps = [list(s) for s in p["swaps"]]
        if turn[seat] != state.n_discards:
            turn[seat], swaps[seat] = state.n_discards, []
        swaps[seat].append(key)
        new["turn"], new["swaps"] = turn, swaps
    if key == JINSHOUZHI:
        new["golden"] = [g or s == seat for s, g in enumerate(p["golden"])]
    if reveal is not None:
        answer = {"choice": key, **reveal}
        answers = [list(x) for x in p["answers"]]
        answers[seat].append(answer)
        new["answers"] = answers
        events.append({"type": PROP_REVEAL, "seat": seat, "private": True, **answer})
    return replace(state, ext={**state.ext, "props": new})


# ================================================================================================
# What a seat sees
# ================================================================================================


def view(state: HandState, seat: int | None) -> dict[str, Any]:
    """observe()'s ``props`` block: everyone sees the golden fingers; a seat sees its own holdings
    and its own answers of this hand (千里眼, 顺风耳, swaps), nobody else's."""
    p = _ext(state)
    if p is None:
        return {}
    out: dict[str, Any] = {"golden": list(p["golden"])}
    if seat is not None and seat in range(N_SEATS):
        out["held"] = dict(p["held"][seat])
        out["answers"] = [dict(x) for x in p["answers"][seat]]
        out["swapped"] = list(swapped_this_turn(state, seat))
    return {"props": out}
