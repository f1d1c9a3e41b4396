"""The generic hand state machine (all variants) and the ``Rules`` hook base class.

``apply(state, action) -> (state2, events)`` checks the action against ``legal_actions`` and then
runs ``_apply_unchecked``. Everything a variant decides is asked of its ``Rules`` object (see
docs/engine-variants.md for the hook contract); everything else — dealing, drawing from the head,
replacements from the tail, the claim window and its priorities, kongs and their ledger, the turn
order, ending the hand — lives here once.

Events are plain JSON dicts. Every point movement is a ``{"type": "score"}`` event whose
``deltas`` sum to zero; ``state.scores`` is their running sum.
"""

from __future__ import annotations

from dataclasses import replace as _dc_replace
from typing import TYPE_CHECKING, Any, Final, TypeVar

from games.engine.actions import (
    CHOW,
    CLAIM_PRIORITY,
    DISCARD,
    HU,
    KONG_ADDED,
    KONG_CONCEALED,
    KONG_EXPOSED,
    PASS,
    PROP,
    PUNG,
    Action,
)
from games.engine.errors import EngineError, IllegalActionError
from games.engine.state import (
    FIELDS,
    N_SEATS,
    PHASE_CHOICE,
    PHASE_CLAIM,
    PHASE_OVER,
    PHASE_TURN,
    Claim,
    HandState,
    WinContext,
    copy_state,
)
from games.engine.tiles import Meld, format_tiles, meld_to_json, tile_str
from games.engine.tiles import parse_tile as _parse_tile

if TYPE_CHECKING:
    from collections.abc import Sequence

Events = list[dict[str, Any]]

_TILE_INDEX: Final[dict[str, int]] = {tile_str(k): k for k in range(42)}


def parse_tile(text: str) -> int:
    """One tile string to its kind (a dict look-up on the hot path, the strict parser otherwise)."""
    k = _TILE_INDEX.get(text)
    return k if k is not None else _parse_tile(text)


_T = TypeVar("_T")


def replace(obj: _T, **changes: Any) -> _T:
    """dataclasses.replace, for HandState and Claim too: a new object with ``changes``.

    Inside one ``apply`` the core works on a private copy of the caller's state (marked
    ``_mutable``): nobody else can hold it before apply returns it, so replacing its fields
    updates it in place instead of copying ~30 fields for every step of the action."""
    if type(obj) is not HandState:
        if type(obj) is Claim:  # the claim window: a plain constructor call, same checks
            c: Claim = obj  # type: ignore[assignment]
            kw: dict[str, Any] = {
                "tile": c.tile,
                "from_seat": c.from_seat,
                "kind": c.kind,
                "options": c.options,
                "pending": c.pending,
                "responses": c.responses,
            }
            kw.update(changes)
            return Claim(**kw)  # type: ignore[return-value]
        return _dc_replace(obj, **changes)  # type: ignore[type-var]
    for name in changes:  # all checked before any is assigned
        if name not in _FIELD_SET:  # (setattr would also take a method's or a class's name)
            raise TypeError(f"HandState has no field {name!r}")
    new = _own(obj)  # type: ignore[arg-type]
    for name, value in changes.items():
        setattr(new, name, value)
    return new  # type: ignore[return-value]


_FIELD_SET: Final = frozenset(FIELDS)


WIN_SELF: Final = "self_draw"
WIN_DISCARD: Final = "discard"
WIN_ROB: Final = "rob"


# ================================================================================================
# The hook base class
# ================================================================================================


class Rules:
    """Variant hooks. Subclass it in games/engine/variants/<key>/play.py as ``RULES = MyRules()``.

    Every method has a working default (a plain no-frills mahjong: 136 tiles, chow allowed, single
    nearest winner, no payments but the win's). docs/engine-variants.md documents each hook.
    """

    key = "base"
    #: tile kinds in the set, each present ``copies_of(kind)`` times
    tile_kinds: tuple[int, ...] = tuple(range(34))
    hand_size = 13  # tiles dealt to each seat (the dealer gets one more)
    has_chow = False
    multi_win = True  # 一炮多响; False: only the claimant nearest the discarder in turn order wins
    #: False when ``on_claim_resolved`` leaves the state alone for a discard nobody could claim:
    #: the machine then goes straight to the next draw without building the empty window.
    resolve_empty_windows = True
    choice_kind: str | None = None  # action type of the pre-hand choice phase, e.g. "dingque"
    #: True: nobody learns even *whether* another seat has made its choice (Shaanxi 炮子): its
    #: ``choice`` event is private to the chooser and observe() names no other seat to act
    choice_secret = False

    # -- tiles and the wall -----------------------------------------------------------------------

    def copies_of(self, kind: int) -> int:
        return 1 if kind >= 34 else 4

    def tile_list(self) -> list[int]:
        """The canonical sorted tile list; the wall shuffles exactly this (docs/engine-wall.md)."""
        return [k for k in self.tile_kinds for _ in range(self.copies_of(k))]

    def reserved_tail(self, state: HandState) -> int:
        """Tiles at the tail that may never be drawn (dead wall); live wall excludes them."""
        return 0

    def set_aside(self, state: HandState) -> tuple[int, ...]:
        """Tiles taken out of the wall that are in no hand, meld, river or flower area (the
        Fuzhou gold indicator); tile-conservation checks count them."""
        return ()

    # -- set-up -----------------------------------------------------------------------------------

    def init_ext(
        self, options: dict[str, Any], dealer: int, carry: dict[str, Any] | None
    ) -> dict[str, Any]:
        """The variant's own state at the start of a hand (JSON-ready)."""
        return {}

    def after_deal(self, state: HandState, events: Events) -> HandState:
        """Automatic steps after the deal (补花, 开金 ...). Append events; return the new state."""
        return state

    def choice_actions(self, state: HandState, seat: int) -> list[Action]:
        """The legal pre-hand choices of ``seat`` (only called when choice_kind is set)."""
        return []

    def choice_default(self, state: HandState, seat: int) -> Action:
        return self.choice_actions(state, seat)[0]

    def on_choices_done(self, state: HandState, events: Events) -> HandState:
        """All choices are in: reveal them (default: one public ``reveal`` event)."""
        events.append({"type": "reveal", "kind": self.choice_kind, "choices": list(state.choices)})
        return state

    def on_discard(self, state: HandState, seat: int, tile: int, events: Events) -> HandState:
        """After every discard's event, before its claim window (Shaanxi reveals 炮子 on the
        dealer's first discard)."""
        return state

    # -- drawing ----------------------------------------------------------------------------------

    def after_draw(self, state: HandState, seat: int, tile: int, events: Events) -> HandState:
        """Called after every draw (head or tail). Flower variants replace flowers here."""
        return state

    # -- own turn ---------------------------------------------------------------------------------

    def discard_options(self, state: HandState, seat: int) -> list[int]:
        """Tile kinds ``seat`` may discard now (default: any held kind)."""
        return sorted(set(state.hands[seat]))

    def can_win(self, state: HandState, seat: int, tile: int | None, how: str) -> bool:
        """Is ``seat``'s hand a legal win? ``tile`` is the claimed tile (discard/rob) or None for a
        self-draw (then the hand already holds it)."""
        from games.engine.fastwin import is_standard_win
        from games.engine.tiles import counts_of

        counts = counts_of(state.hands[seat])
        if tile is not None:
            counts[tile] = counts[tile] + 1
        return is_standard_win(counts)

    def can_meld(self, state: HandState, seat: int, mtype: str, tile: int) -> bool:
        """May ``seat`` make a meld of ``mtype`` with ``tile`` (pung, chow, any kong)? Counts are
        already checked by the core; this is for variant bans (void suit, gold tiles ...)."""
        return True

    def can_kong_now(self, state: HandState) -> bool:
        """Kongs need a replacement tile: default, at least one live tile."""
        return live_count(state) > 0

    #: False: kong replacements may dip into ``reserved_tail`` (Shaanxi's 荒庄 reserve only stops
    #: regular draws); True: the reserve is never drawn at all (a dead wall).
    reserve_blocks_replacements = True

    #: claim priorities (higher wins); a variant adding claim types (claim_extras) extends it
    claim_priority: dict[str, int] = CLAIM_PRIORITY

    def claim_extras(
        self, state: HandState, seat: int, tile: int, from_seat: int, kind: str
    ) -> list[Action]:
        """Variant claim options in the window on ``tile`` (Fuzhou 抢金), offered before ``pass``.
        Their types need a ``claim_priority``; one of them winning the window goes to
        ``apply_claim_special``. Among equal priorities the seat nearest the discarder wins."""
        return []

    def apply_claim_special(self, state: HandState, action: Action, events: Events) -> HandState:
        """Carry out the winning variant claim (a type from claim_extras); ``state.claim`` is set."""
        raise IllegalActionError(f"{action.type} is not a claim of {self.key}")

    def on_claim_resolved(self, state: HandState, events: Events) -> HandState:
        """Every response to the claim window ``state.claim`` is in, before it is acted on
        (Shaanxi 漏胡 records the wins that were passed)."""
        return state

    def own_turn_specials(self, state: HandState, seat: int) -> list[Action]:
        """Extra variant actions on the own turn (e.g. 红中杠, 癞子杠)."""
        return []

    def apply_special(self, state: HandState, action: Action, events: Events) -> HandState:
        raise IllegalActionError(f"{action.type} is not an action of {self.key}")

    def claims_allowed_on_last_tile(self) -> bool:
        """May pung/kong/chow be claimed when the live wall is empty? (default: only 胡)."""
        return False

    def forced_win(self, state: HandState, seat: int) -> bool:
        """Must this win be taken automatically (Sichuan's last four tiles)?"""
        return False

    # -- payments and results ---------------------------------------------------------------------

    def kong_payments(
        self, state: HandState, seat: int, kind: str, tile: int, from_seat: int | None
    ) -> list[int]:
        """Immediate payments of a kong (刮风下雨) as 4 deltas summing to 0; zeros for none."""
        return [0, 0, 0, 0]

    def score_wins(
        self, state: HandState, wins: list[WinContext]
    ) -> tuple[HandState, list[dict[str, Any]]]:
        """Score one win event (one self-draw, or every winner on one discard / robbed tile).

        Return one record per win: at least ``deltas`` (4 ints summing to 0), ``patterns`` and
        ``points``/``fan``. The core adds seat/from/tile/how and applies the deltas."""
        records = []
        for w in wins:
            deltas = [0, 0, 0, 0]
            payers = (
                [w.from_seat] if w.from_seat is not None else [s for s in range(4) if s != w.seat]
            )
            for p in payers:
                deltas[p] = deltas[p] - 1
                deltas[w.seat] = deltas[w.seat] + 1
            records.append({"deltas": deltas, "patterns": ["hu"], "points": 1})
        return state, records

    def continues_after_win(self, state: HandState) -> bool:
        """After a win event: play on (血战) or end the hand (default)."""
        return False

    def settle_draw(self, state: HandState, events: Events) -> HandState:
        """The wall ran out: append settlement events (use ``add_score``); return the state."""
        return state

    def settle_escape(self, state: HandState, seat: int, events: Events) -> tuple[HandState, bool]:
        """``seat`` leaves. Append penalty events; return (state, hand_ends)."""
        return state, True

    def next_dealer(self, state: HandState) -> int:
        """The next hand's dealer (state is over). Default: stay on a draw or dealer win, else pass."""
        if state.result and state.result.get("reason") == "win":
            if any(w["seat"] == state.dealer for w in state.wins):
                return state.dealer
            return (state.dealer + 1) % N_SEATS
        return state.dealer

    def carry_out(self, state: HandState) -> dict[str, Any]:
        """What this hand hands on to the next one (becomes the next new_hand's ``carry``)."""
        return {}

    def public_seat_info(self, state: HandState, seat: int, viewer: int | None) -> dict[str, Any]:
        """Extra public per-seat facts for observe() (e.g. a revealed 定缺)."""
        return {}

    def public_info(self, state: HandState, viewer: int | None) -> dict[str, Any]:
        """Extra public table facts for observe() (e.g. the gold tile); ``wild`` goes here."""
        return {}

    def bot_choice(self, state: HandState, seat: int, legal: list[Action]) -> Action | None:
        """A greedy bot's pick for variant choices/specials; None lets the generic bot decide."""
        return None


# ================================================================================================
# Small helpers (also used by variant hooks)
# ================================================================================================


def rules_of(state: HandState) -> Rules:
    try:
        return _RULES_CACHE[state.variant]
    except KeyError:
        from games.engine.registry import rules_for

        rules = _RULES_CACHE[state.variant] = rules_for(state.variant)
        return rules


_RULES_CACHE: Final[dict[str, Rules]] = {}


def live_count(state: HandState) -> int:
    """Tiles still drawable (head and tail draws both use them up)."""
    try:
        rules = _RULES_CACHE[state.variant]
    except KeyError:
        rules = rules_of(state)
    n = len(state.wall) - state.head - state.tail
    return n - rules.reserved_tail(state) if _hooks(rules).reserved_tail else n


def unwon(state: HandState) -> list[int]:
    return [s for s in range(N_SEATS) if not state.won[s]]


def next_unwon(state: HandState, seat: int) -> int:
    """The first un-won seat after ``seat`` in play order (``seat`` itself if it is the only one)."""
    for k in range(1, N_SEATS + 1):
        s = (seat + k) % N_SEATS
        if not state.won[s]:
            return s
    return seat


def add_score(
    state: HandState, deltas: Sequence[int], reason: str, events: Events, **info: Any
) -> HandState:
    """Record a point movement: a ``score`` event plus the running totals."""
    if sum(deltas) != 0:
        raise EngineError(f"score deltas must sum to 0, got {list(deltas)} ({reason})")
    if not any(deltas):
        return state
    events.append({"type": "score", "reason": reason, "deltas": list(deltas), **info})
    return replace(state, scores=tuple(a + b for a, b in zip(state.scores, deltas, strict=True)))


def _set(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    lst = list(t)
    lst[i] = v
    return tuple(lst)


def _remove(hand: tuple[int, ...], tile: int, n: int = 1) -> tuple[int, ...]:
    """``hand`` without ``n`` copies of ``tile`` (``list.remove`` n times, ValueError and all;
    a typed search: compiled, no rich comparison per tile)."""
    lst = list(hand)
    for _ in range(n):
        for i in range(len(lst)):
            if lst[i] == tile:
                lst.pop(i)
                break
        else:
            raise ValueError("list.remove(x): x not in list")
    return tuple(lst)


def _add(hand: tuple[int, ...], tile: int) -> tuple[int, ...]:
    """``hand`` (sorted) with ``tile`` added, still sorted (``bisect.insort``'s position)."""
    lo = 0
    hi = len(hand)
    while lo < hi:  # bisect_right
        mid = (lo + hi) // 2
        if tile < hand[mid]:
            hi = mid
        else:
            lo = mid + 1
    lst = list(hand)
    lst.insert(lo, tile)
    return tuple(lst)


def _count(hand: tuple[int, ...], tile: int) -> int:
    """``hand.count(tile)`` as a typed loop (compiled: no rich comparison per tile)."""
    n = 0
    for t in hand:
        if t == tile:
            n += 1
    return n


# ================================================================================================
# Starting a hand
# ================================================================================================


def start_hand(
    variant: str,
    options: dict[str, Any],
    *,
    dealer: int,
    wall: Sequence[int],
    seed: str | None,
    carry: dict[str, Any] | None,
) -> tuple[HandState, Events]:
    """Deal and run the automatic opening steps. Options must be validated already."""
    rules = rules_of_key(variant)
    if isinstance(dealer, bool) or dealer not in range(N_SEATS):
        raise EngineError(f"dealer must be a seat 0-3, got {dealer!r}")
    expect = _SORTED_TILES.get(rules)
    if expect is None:
        if len(_SORTED_TILES) > 64:
            _SORTED_TILES.clear()
        expect = _SORTED_TILES[rules] = sorted(rules.tile_list())
    if not _is_tile_set(wall, expect):
        raise EngineError(
            f"the wall is not the {variant} tile set ({len(wall)} tiles, need {len(expect)})"
        )
    n = rules.hand_size
    hands: list[tuple[int, ...]] = [()] * N_SEATS
    for i in range(N_SEATS):
        seat = (dealer + i) % N_SEATS
        hands[seat] = tuple(sorted(wall[i * n : (i + 1) * n]))
    extra = wall[N_SEATS * n]
    hands[dealer] = _add(hands[dealer], extra)
    z4 = (0, 0, 0, 0)
    f4 = (False, False, False, False)
    e4 = ((), (), (), ())
    state = HandState(
        variant=variant,
        options=dict(options),
        dealer=dealer,
        seed=seed,
        wall=tuple(wall),
        head=N_SEATS * n + 1,
        tail=0,
        phase=PHASE_TURN,
        turn=dealer,
        hands=tuple(hands),
        drawn=extra,
        melds=e4,
        discards=e4,
        flowers=e4,
        choices=(None, None, None, None),
        claim=None,
        scores=z4,
        won=f4,
        escaped=f4,
        wins=(),
        kongs=(),
        turn_kongs=(),
        after_kong=False,
        draws=z4,
        interrupted=False,
        n_discards=0,
        last_discard=None,
        ext=rules.init_ext(dict(options), dealer, carry),
        carry=carry,
        result=None,
        n_actions=0,
    )
    events: Events = [
        {
            "type": "deal",
            "dealer": dealer,
            "hands": [format_tiles(h) for h in state.hands],
            "wall_remaining": live_count(state),
        }
    ]
    state._mutable = True  # fresh: update it in place until start_hand returns
    try:
        state = rules.after_deal(state, events)
    finally:
        state._mutable = False
    if rules.choice_kind is not None and any(c is None for c in state.choices):
        # after_deal may pre-fill the seats that have nothing to choose (Yiwu: no bet offered)
        state = replace(state, phase=PHASE_CHOICE)
        events.append({"type": "choice_phase", "kind": rules.choice_kind})
    return state, events


#: sorted(rules.tile_list()) per Rules object (the hook takes no state: a fixed list per variant)
_SORTED_TILES: Final[dict[Rules, list[int]]] = {}


def _is_tile_set(wall: Sequence[object], expect: list[int]) -> bool:
    """``sorted(wall) == expect`` (``expect`` sorted), counting the tile kinds instead of sorting
    when every tile is an int kind (a wall of anything else gets the sort, errors and all)."""
    if len(wall) != len(expect):
        return False
    left = [0] * 64
    for t in expect:
        if not 0 <= t < 64:
            return sorted(wall) == expect  # type: ignore[type-var]
        left[t] = left[t] + 1
    for x in wall:
        if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x < 64:
            return sorted(wall) == expect  # type: ignore[type-var]
        left[x] = left[x] - 1
        if left[x] < 0:
            return False
    return True


def rules_of_key(variant: str) -> Rules:
    from games.engine.registry import rules_for

    return rules_for(variant)


# ================================================================================================
# Who acts, what is legal
# ================================================================================================


def to_act(state: HandState) -> list[int]:
    if state.phase == PHASE_TURN:
        return [state.turn]
    if state.phase == PHASE_CLAIM and state.claim is not None:
        return list(state.claim.pending)
    if state.phase == PHASE_CHOICE:
        return [s for s in range(N_SEATS) if state.choices[s] is None]
    return []


def legal_actions(state: HandState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now, in a stable order; [] when the seat is not to act."""
    last = state._legal
    if last is not None and last[0] == seat:
        return list(last[1])
    rules = rules_of(state)
    if state.phase == PHASE_TURN:
        out = _turn_actions(state, seat, rules) if seat == state.turn else []
        if out and "props" in state.ext:  # 道具 (games.engine.props)
            out = _props().turn_actions(state, seat, out)
    elif state.phase == PHASE_CLAIM and state.claim is not None:
        return list(state.claim.options_of(seat)) if seat in state.claim.pending else []
    elif state.phase == PHASE_CHOICE:
        out = rules.choice_actions(state, seat) if state.choices[seat] is None else []
    else:
        return []
    if not state._mutable:
        # A state outside an apply never changes: the same seat gets the same answer, and a bot
        # and the apply that checks its pick compute it once. (The claim window keeps its
        # options in the state already.)
        state._legal = (seat, tuple(out))
    return out


_ACTION_CACHE: Final[dict[tuple[int, str, int], Action]] = {}


def _act(seat: int, atype: str, tile: int) -> Action:
    """A shared Action for (seat, type, tile): actions are immutable, so one instance is enough."""
    key = (seat, atype, tile)
    a = _ACTION_CACHE.get(key)
    if a is None:
        a = _ACTION_CACHE[key] = Action(seat, atype, tile=tile_str(tile))
    return a


def _act_table(atype: str) -> tuple[tuple[Action, ...], ...]:
    """The shared ``_act(seat, atype, kind)`` of every seat and tile kind, indexed [seat][kind]."""
    return tuple(tuple(_act(s, atype, k) for k in range(42)) for s in range(N_SEATS))


_HU_ACTS: Final = _act_table(HU)
_DISCARD_ACTS: Final = _act_table(DISCARD)
_PUNG_ACTS: Final = _act_table(PUNG)
_KONG_EXPOSED_ACTS: Final = _act_table(KONG_EXPOSED)


def _turn_actions(state: HandState, seat: int, rules: Rules) -> list[Action]:
    hooks = _hooks(rules)
    out: list[Action] = []
    drawn: int | None = state.drawn
    if drawn is not None and rules.can_win(state, seat, None, WIN_SELF):
        out.append(_HU_ACTS[seat][drawn])
    # typed before indexing: an Any-typed value is indexed by a generic PyObject_GetItem compiled
    hands: tuple[tuple[int, ...], ...] = state.hands
    all_melds: tuple[tuple[Meld, ...], ...] = state.melds
    hand = hands[seat]  # sorted
    melds = all_melds[seat]
    # a kong needs four of a kind in hand (sorted: hand[i] == hand[i + 3]) or a pung to add to;
    # without either, can_kong_now (a pure hook) need not be asked
    quad = False
    if not melds:
        for i in range(len(hand) - 3):
            if hand[i] == hand[i + 3]:
                quad = True
                break
    if (melds or quad) and (
        rules.can_kong_now(state)
        if hooks.can_kong_now
        else len(state.wall)
        - state.head
        - state.tail
        - (rules.reserved_tail(state) if hooks.reserved_tail else 0)
        > 0
    ):
        for i in range(len(hand) - 3):
            t = hand[i]
            if hand[i + 3] != t or (i and hand[i - 1] == t):
                continue
            if rules.can_meld(state, seat, KONG_CONCEALED, t):
                out.append(_act(seat, KONG_CONCEALED, t))
        for m in melds:
            if (
                m.type == PUNG
                and m.kind in hand
                and rules.can_meld(state, seat, KONG_ADDED, m.kind)
            ):
                out.append(_act(seat, KONG_ADDED, m.kind))
    if hooks.own_turn_specials:
        out.extend(rules.own_turn_specials(state, seat))
    acts = _DISCARD_ACTS[seat]
    out.extend([acts[t] for t in rules.discard_options(state, seat)])
    return out


def default_action(state: HandState, seat: int) -> Action:
    """What a timeout plays: the default choice, discarding the drawn tile (or the first legal
    discard), or passing."""
    legal = legal_actions(state, seat)
    if not legal:
        raise IllegalActionError(f"seat {seat} has nothing to do now")
    rules = rules_of(state)
    if state.phase == PHASE_CHOICE:
        return rules.choice_default(state, seat)
    if state.phase == PHASE_CLAIM:
        return next((a for a in legal if a.type == PASS), legal[-1])
    discards = [a for a in legal if a.type == DISCARD]
    if state.drawn is not None:
        drawn = tile_str(state.drawn)
        for a in discards:
            if a.tile == drawn:
                return a
    return discards[0] if discards else legal[0]


# ================================================================================================
# apply
# ================================================================================================


def apply(state: HandState, action: Action) -> tuple[HandState, Events]:
    """Apply one action; raises IllegalActionError (naming why) and leaves ``state`` unchanged."""
    if not isinstance(action, Action):
        raise IllegalActionError(f"not an Action: {action!r}")
    if action.type == PROP:  # a prop use checks its own parameters (games.engine.props)
        _props().check_use(state, action)
        return _apply_unchecked(state, action)
    legal = legal_actions(state, action.seat) if action.seat in range(N_SEATS) else []
    if action not in legal:
        raise IllegalActionError(_why_illegal(state, action, legal))
    return _apply_unchecked(state, action)


def _why_illegal(state: HandState, a: Action, legal: list[Action]) -> str:
    if isinstance(a.seat, bool) or a.seat not in range(N_SEATS):
        return f"seat must be 0-3, got {a.seat!r}"
    if state.phase == PHASE_OVER:
        return "the hand is over"
    if not legal:
        if state.won[a.seat]:
            return f"seat {a.seat} has already won and is out of the hand"
        if state.phase == PHASE_CHOICE:
            return f"seat {a.seat} has already made its {rules_of(state).choice_kind} choice"
        if state.phase == PHASE_CLAIM:
            return f"seat {a.seat} has no claim on this discard (waiting for {to_act(state)})"
        return f"not seat {a.seat}'s turn (seat {state.turn} is to act)"
    types = {x.type for x in legal}
    if a.type not in types:
        return f"{a.type} is not allowed now for seat {a.seat}; allowed: {', '.join(sorted(types))}"
    if a.tile is not None:
        try:
            kind = parse_tile(a.tile)
        except EngineError as exc:
            return f"bad tile {a.tile!r}: {exc}"
        if state.phase == PHASE_TURN and kind not in state.hands[a.seat]:
            return f"seat {a.seat} does not hold {a.tile}"
    same = [x for x in legal if x.type == a.type]
    if a.type == DISCARD:
        return f"seat {a.seat} may not discard {a.tile} now; allowed: {', '.join(x.tile or '' for x in same)}"
    if a.type == HU:
        return f"seat {a.seat} may win only with {same[0].to_json()}"
    return f"{a.to_json()} is not legal; legal {a.type}: {[x.to_json() for x in same]}"


def _apply_unchecked(state: HandState, action: Action) -> tuple[HandState, Events]:
    events: Events = []
    rules = rules_of(state)
    # the one copy of the apply (see replace)
    new = copy_state(state)
    new.n_actions = state.n_actions + 1
    new._mutable = True
    try:
        state = _apply_owned(new, action, events, rules)
    finally:
        new._mutable = False
        state._mutable = False  # a hook may have returned a copy of its own
    return state, events


def _apply_owned(state: HandState, action: Action, events: Events, rules: Rules) -> HandState:
    phase = state.phase
    if phase == PHASE_CHOICE:
        state = _do_choice(state, action, events, rules)
    elif phase == PHASE_CLAIM:
        state = _do_response(state, action, events, rules)
    else:
        t = action.type
        if t == DISCARD:
            state = _do_discard(state, action.seat, parse_tile(action.tile or ""), events, rules)
        elif t == HU:
            assert state.drawn is not None
            state = _do_wins(state, [action.seat], WIN_SELF, None, state.drawn, events, rules)
        elif t == KONG_CONCEALED:
            state = _do_kong(
                state,
                action.seat,
                KONG_CONCEALED,
                parse_tile(action.tile or ""),
                None,
                events,
                rules,
            )
        elif t == KONG_ADDED:
            state = _declare_added_kong(
                state, action.seat, parse_tile(action.tile or ""), events, rules
            )
        elif t == PROP:
            state = _props().apply_use(state, action, events)
        else:
            state = rules.apply_special(state, action, events)
    return state


def _props() -> Any:
    """games.engine.props, imported on first use (it imports this module)."""
    from games.engine import props

    return props


# -- choices ------------------------------------------------------------------------------------


def _do_choice(state: HandState, a: Action, events: Events, rules: Rules) -> HandState:
    state = replace(state, choices=_set(state.choices, a.seat, a.choice))
    event: dict[str, Any] = {"type": "choice", "kind": a.type, "seat": a.seat, "choice": a.choice}
    if rules.choice_secret:
        event["private"] = True  # redact_events shows it to the chooser alone
    events.append(event)
    if all(c is not None for c in state.choices):
        state = rules.on_choices_done(state, events)
        state = replace(state, phase=PHASE_TURN, turn=state.dealer)
    return state


# -- drawing -------------------------------------------------------------------------------------


def draw_tile(state: HandState, seat: int, events: Events, *, tail: bool = False) -> HandState:
    """``seat`` draws from the head (or the tail) and starts/continues its turn. When the live wall
    is empty the hand ends as exhausted instead. Variant hooks may call it (e.g. flower replacement).
    """
    return _draw(state, seat, events, rules_of(state), tail)


def _own(state: HandState) -> HandState:
    """``state`` if it is the working copy of the apply in progress, else a private copy of it: a
    state whose fields the caller may then assign (what ``replace`` does, field by field)."""
    if state._mutable:
        return state
    return copy_state(state)


def _draw(state: HandState, seat: int, events: Events, rules: Rules, tail: bool) -> HandState:
    """draw_tile, with the rules known."""
    hooks = _hooks(rules)
    wall: tuple[int, ...] = state.wall
    n_tail: int = state.tail
    head: int = state.head
    left = len(wall) - head - n_tail
    # live_count, plus the reserve back for a replacement that may dip into it
    if hooks.reserved_tail and (not tail or rules.reserve_blocks_replacements):
        left -= rules.reserved_tail(state)
    if left <= 0:
        return _end_exhausted(state, events, rules)
    hands = list(state.hands)
    tile = wall[len(wall) - 1 - n_tail] if tail else wall[head]
    hands[seat] = _add(hands[seat], tile)
    if tail:
        draws: tuple[int, ...] = state.draws
    else:
        dl = list(state.draws)
        dl[seat] = dl[seat] + 1
        draws = tuple(dl)
    state = _own(state)
    if tail:
        state.tail = n_tail + 1
        state.after_kong = True
    else:
        state.head = head + 1
        state.draws = draws
        state.after_kong = False
    state.phase = PHASE_TURN
    state.turn = seat
    state.claim = None
    state.drawn = tile
    state.hands = tuple(hands)
    events.append({"type": "draw", "seat": seat, "tile": _TILE_STR[tile], "tail": tail})
    if hooks.after_draw:
        state = rules.after_draw(state, seat, tile, events)
    if (
        hooks.forced_win
        and state.phase == PHASE_TURN
        and state.turn == seat
        and state.drawn is not None
    ):
        if rules.forced_win(state, seat) and rules.can_win(state, seat, None, WIN_SELF):
            events.append({"type": "forced_win", "seat": seat})
            state = _do_wins(state, [seat], WIN_SELF, None, state.drawn, events, rules)
    return state


def _next_turn(state: HandState, seat: int, events: Events) -> HandState:
    state = _own(state)
    state.turn_kongs = ()
    state.claim = None
    return _draw(state, seat, events, rules_of(state), False)


# -- discards and claims -----------------------------------------------------------------------


def _do_discard(state: HandState, seat: int, tile: int, events: Events, rules: Rules) -> HandState:
    state = _own(state)
    hands = list(state.hands)
    hands[seat] = _remove(hands[seat], tile)
    discards = list(state.discards)
    discards[seat] += (tile,)
    state.hands = tuple(hands)
    state.discards = tuple(discards)
    state.n_discards = state.n_discards + 1
    state.last_discard = (seat, tile)
    state.drawn = None
    state.after_kong = False
    events.append({"type": "discard", "seat": seat, "tile": _TILE_STR[tile]})
    if _overrides(rules, "on_discard"):
        state = rules.on_discard(state, seat, tile, events)
    return _open_claim(state, seat, tile, "discard", events, rules)


def _claim_options(
    state: HandState, seat: int, tile: int, from_seat: int, kind: str, rules: Rules, live: int
) -> list[Action]:
    """The responses of ``seat`` to the window on ``tile`` (pass last), [] when it has no claim.
    ``live`` is ``live_count(state)``. (_open_claim inlines this for its three seats.)"""
    out: list[Action] = []
    how = WIN_ROB if kind == "rob" else WIN_DISCARD
    if rules.can_win(state, seat, tile, how):
        out.append(_act(seat, HU, tile))
    if kind == "discard" and (live > 0 or rules.claims_allowed_on_last_tile()):
        n = _count(state.hands[seat], tile)
        if n >= 2:
            if (
                n >= 3
                and rules.can_kong_now(state)
                and rules.can_meld(state, seat, KONG_EXPOSED, tile)
            ):
                out.append(_act(seat, KONG_EXPOSED, tile))
            if rules.can_meld(state, seat, PUNG, tile):
                out.append(_act(seat, PUNG, tile))
        if rules.has_chow and seat == (from_seat + 1) % N_SEATS and tile < 27:
            out.extend(_chow_options(state, seat, tile, rules))
    if _overrides(rules, "claim_extras"):
        out.extend(rules.claim_extras(state, seat, tile, from_seat, kind))
    if out:
        out.append(_PASS[seat])
    return out


_PASS: Final = tuple(Action(s, PASS) for s in range(N_SEATS))
_PASS_ONLY: Final = tuple((a,) for a in _PASS)
#: the other seats in turn order after each seat
_OTHERS: Final = tuple(tuple((f + k) % N_SEATS for k in (1, 2, 3)) for f in range(N_SEATS))
_TILE_STR: Final = tuple(tile_str(k) for k in range(42))
_OVERRIDES: Final[dict[tuple[type, str], bool]] = {}


def _overrides(rules: Rules, name: str) -> bool:
    """Does the variant override the hook ``name``? (The base hooks are no-ops that the hot path
    may skip: hooks never mutate, so skipping a no-op changes nothing.)"""
    key = (type(rules), name)
    v = _OVERRIDES.get(key)
    if v is None:
        v = _OVERRIDES[key] = getattr(type(rules), name) is not getattr(Rules, name)
    return v


class _Hooks:
    """``_overrides`` for every hook the hot path skips or inlines, looked up once per Rules class
    (one dict get instead of one call per hook and use). The skipped base hooks are trivial:
    ``reserved_tail`` 0, ``can_kong_now`` a live tile left, ``can_meld`` True,
    ``claims_allowed_on_last_tile`` False, the others no-ops."""

    __slots__ = (
        "reserved_tail",
        "can_kong_now",
        "can_meld",
        "claims_allowed_on_last_tile",
        "claim_extras",
        "forced_win",
        "after_draw",
        "on_claim_resolved",
        "own_turn_specials",
    )
    reserved_tail: bool
    can_kong_now: bool
    can_meld: bool
    claims_allowed_on_last_tile: bool
    claim_extras: bool
    forced_win: bool
    after_draw: bool
    on_claim_resolved: bool
    own_turn_specials: bool

    def __init__(self, rules: Rules) -> None:
        # Spelled out (no setattr loop over __slots__): the compiled engine's native classes
        # have typed attributes and no __slots__ to iterate.
        self.reserved_tail = _overrides(rules, "reserved_tail")
        self.can_kong_now = _overrides(rules, "can_kong_now")
        self.can_meld = _overrides(rules, "can_meld")
        self.claims_allowed_on_last_tile = _overrides(rules, "claims_allowed_on_last_tile")
        self.claim_extras = _overrides(rules, "claim_extras")
        self.forced_win = _overrides(rules, "forced_win")
        self.after_draw = _overrides(rules, "after_draw")
        self.on_claim_resolved = _overrides(rules, "on_claim_resolved")
        self.own_turn_specials = _overrides(rules, "own_turn_specials")


_HOOKS: Final[dict[type, _Hooks]] = {}


def _hooks(rules: Rules) -> _Hooks:
    try:
        return _HOOKS[type(rules)]
    except KeyError:
        h = _HOOKS[type(rules)] = _Hooks(rules)
        return h


_CHOW_CACHE: Final[dict[tuple[int, int, int], Action]] = {}


def _chow_act(seat: int, tile: int, low: int) -> Action:
    """The shared chow Action of ``seat`` taking ``tile`` into the run starting at ``low``."""
    key = (seat, tile, low)
    a = _CHOW_CACHE.get(key)
    if a is None:
        run = (low, low + 1, low + 2)
        a = _CHOW_CACHE[key] = Action(seat, CHOW, tile=tile_str(tile), tiles=format_tiles(run))
    return a


def _chow_options(state: HandState, seat: int, tile: int, rules: Rules) -> list[Action]:
    hand = state.hands[seat]
    pos = tile % 9
    out = []
    for low in (tile - 2, tile - 1, tile):
        if low < tile - pos or low % 9 > 6:
            continue
        if (
            (low == tile or low in hand)
            and (low + 1 == tile or low + 1 in hand)
            and (low + 2 == tile or low + 2 in hand)
            and rules.can_meld(state, seat, CHOW, low)
        ):
            out.append(_chow_act(seat, tile, low))
    return out


def _open_claim(
    state: HandState, from_seat: int, tile: int, kind: str, events: Events, rules: Rules
) -> HandState:
    hooks = _hooks(rules)
    options: list[tuple[int, tuple[Action, ...]]] = []
    forced: list[Action] = []
    pending: list[int] = []
    live = len(state.wall) - state.head - state.tail
    if hooks.reserved_tail:
        live -= rules.reserved_tail(state)
    won: tuple[bool, ...] = state.won
    hands: tuple[tuple[int, ...], ...] = state.hands
    may_force = hooks.forced_win
    # _claim_options for each seat, inlined; hooks are pure, so the ones whose answer is known
    # (the base can_kong_now / can_meld / claims_allowed_on_last_tile) are not asked
    how = WIN_ROB if kind == "rob" else WIN_DISCARD
    melds_ok = kind == "discard" and (
        live > 0 or (hooks.claims_allowed_on_last_tile and rules.claims_allowed_on_last_tile())
    )
    chow_seat = (from_seat + 1) % N_SEATS if rules.has_chow and tile < 27 else -1
    meld_hook = hooks.can_meld  # (hooks called as methods: a native call when compiled)
    extras = hooks.claim_extras
    n = 0
    # open_windows (tables): every seat that has not won is asked, a seat with nothing to claim
    # with a lone pass, so that a window tells nobody who can claim (docs/protocol.md)
    everyone = state.options.get("open_windows") is True
    for s in _OTHERS[from_seat]:
        if won[s]:
            continue
        win = rules.can_win(state, s, tile, how)
        # the common seat with nothing to claim: no list built
        if melds_ok:
            n = _count(hands[s], tile)
            if not (win or n >= 2 or s == chow_seat or extras):
                if everyone:
                    options.append((s, _PASS_ONLY[s]))
                    pending.append(s)
                continue
        elif not (win or extras):
            if everyone:
                options.append((s, _PASS_ONLY[s]))
                pending.append(s)
            continue
        acts: list[Action] = [_HU_ACTS[s][tile]] if win else []
        if melds_ok:
            if n >= 2:
                if (
                    n >= 3
                    and (rules.can_kong_now(state) if hooks.can_kong_now else live > 0)
                    and (not meld_hook or rules.can_meld(state, s, KONG_EXPOSED, tile))
                ):
                    acts.append(_KONG_EXPOSED_ACTS[s][tile])
                if not meld_hook or rules.can_meld(state, s, PUNG, tile):
                    acts.append(_PUNG_ACTS[s][tile])
            if s == chow_seat:
                acts.extend(_chow_options(state, s, tile, rules))
        if extras:
            acts.extend(rules.claim_extras(state, s, tile, from_seat, kind))
        if not acts:
            if everyone:
                options.append((s, _PASS_ONLY[s]))
                pending.append(s)
            continue
        acts.append(_PASS[s])
        if may_force and acts[0].type == HU and rules.forced_win(state, s):
            forced.append(acts[0])
            events.append({"type": "forced_win", "seat": s})
            continue
        options.append((s, tuple(acts)))
        pending.append(s)
    if not options and not forced and kind == "discard":
        if not hooks.on_claim_resolved or not rules.resolve_empty_windows:
            # nobody can claim: what _resolve_claim does for an empty window, without building it
            state = _own(state)
            state.phase = PHASE_CLAIM
            state.claim = None
            state.turn_kongs = ()
            nxt = (from_seat + 1) % N_SEATS
            return _draw(
                state, next_unwon(state, from_seat) if won[nxt] else nxt, events, rules, False
            )
    claim = Claim(tile, from_seat, kind, tuple(options), tuple(pending), tuple(forced))
    if forced:
        claim = _drop_outranked(claim, rules)
    state = _own(state)
    state.phase = PHASE_CLAIM
    state.claim = claim
    if not claim.pending:
        return _resolve_claim(state, events, rules)
    return state


def _drop_outranked(claim: Claim, rules: Rules) -> Claim:
    """Stop waiting for seats whose best option cannot change the outcome any more."""
    if not claim.responses:
        return claim
    prio = rules.claim_priority
    best = max(prio.get(a.type, 0) for a in claim.responses)
    if best == 0:
        return claim
    keep = []
    for s in claim.pending:
        top = max(prio.get(a.type, 0) for a in claim.options_of(s))
        if top > best or (top == best == prio[HU] and rules.multi_win):
            keep.append(s)
        elif top == best:
            # a single taker nearest in turn (胡 without 一炮多响, variant claims): a nearer seat can still take it
            nearest = min(
                _claim_dist(claim, a.seat) for a in claim.responses if prio.get(a.type, 0) == best
            )
            if _claim_dist(claim, s) < nearest:
                keep.append(s)
    if len(keep) == len(claim.pending):
        return claim  # nobody dropped
    return replace(claim, pending=tuple(keep))


def _dist(from_seat: int, seat: int) -> int:
    return (seat - from_seat) % N_SEATS


def _claim_dist(claim: Claim, seat: int) -> int:
    """Turn distance from the discarder; the discarder itself (a variant claim such as the dealer's
    own 抢金, added by on_claim_resolved) comes last."""
    return _dist(claim.from_seat, seat) or N_SEATS


def _do_response(state: HandState, a: Action, events: Events, rules: Rules) -> HandState:
    claim = state.claim
    assert claim is not None
    events.append({"type": "response", "seat": a.seat, "action": a.type})
    seat = a.seat
    claim = Claim(
        claim.tile,
        claim.from_seat,
        claim.kind,
        claim.options,
        tuple([s for s in claim.pending if s != seat]),
        claim.responses + (a,),
    )
    claim = _drop_outranked(claim, rules)
    state = _own(state)
    state.claim = claim
    if not claim.pending:
        return _resolve_claim(state, events, rules)
    return state


def _resolve_claim(state: HandState, events: Events, rules: Rules) -> HandState:
    state = rules.on_claim_resolved(state, events)
    claim = state.claim
    assert claim is not None
    if not claim.responses:  # an empty window (or every response dropped): as below, shorter
        if claim.kind == "rob":
            state = replace(state, phase=PHASE_TURN, claim=None)
            return _complete_added_kong(state, claim.from_seat, claim.tile, events, rules)
        return _next_turn(state, next_unwon(state, claim.from_seat), events)
    prio = rules.claim_priority
    special = [a for a in claim.responses if a.type not in CLAIM_PRIORITY]
    if special:
        top = max(special, key=lambda a: (prio.get(a.type, 0), -_claim_dist(claim, a.seat)))
        if all(
            prio.get(a.type, 0) < prio.get(top.type, 0)
            for a in claim.responses
            if a.type in CLAIM_PRIORITY
        ):
            return rules.apply_claim_special(state, top, events)
    hus = sorted(
        (a.seat for a in claim.responses if a.type == HU), key=lambda s: _dist(claim.from_seat, s)
    )
    if hus:
        if not rules.multi_win:
            hus = hus[:1]
        how = WIN_ROB if claim.kind == "rob" else WIN_DISCARD
        return _do_wins(state, hus, how, claim.from_seat, claim.tile, events, rules)
    if claim.kind == "rob":
        state = replace(state, phase=PHASE_TURN, claim=None)
        return _complete_added_kong(state, claim.from_seat, claim.tile, events, rules)
    best = max(
        (a for a in claim.responses if a.type in CLAIM_PRIORITY),
        key=lambda a: prio.get(a.type, 0),
        default=None,
    )
    if best is None or best.type == PASS:
        return _next_turn(state, next_unwon(state, claim.from_seat), events)
    return _do_meld_claim(state, best, claim, events, rules)


def _do_meld_claim(
    state: HandState, a: Action, claim: Claim, events: Events, rules: Rules
) -> HandState:
    seat, tile, src = a.seat, claim.tile, claim.from_seat
    discards = list(state.discards)
    discards[src] = discards[src][:-1]
    state = _own(state)
    state.discards = tuple(discards)
    state.claim = None
    state.phase = PHASE_TURN
    state.turn = seat
    state.drawn = None
    state.after_kong = False
    state.turn_kongs = ()
    state.interrupted = True
    rel = (src - seat) % N_SEATS
    if a.type == KONG_EXPOSED:
        return _do_kong(state, seat, KONG_EXPOSED, tile, src, events, rules)
    hand = list(state.hands[seat])
    if a.type == PUNG:
        hand.remove(tile)
        hand.remove(tile)
        meld = Meld(PUNG, (tile, tile, tile), rel)
    else:  # chow
        from games.engine.tiles import parse_tiles

        run = tuple(parse_tiles(a.tiles or ""))
        for t in run:
            if t != tile:
                hand.remove(t)
        meld = Meld(CHOW, run, rel)
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    melds = list(state.melds)
    melds[seat] += (meld,)
    state.hands = tuple(hands)
    state.melds = tuple(melds)
    events.append(
        {
            "type": a.type,
            "seat": seat,
            "tile": _TILE_STR[tile],
            "from": src,
            "meld": meld_to_json(meld),
        }
    )
    return state


# -- kongs ---------------------------------------------------------------------------------------


def _declare_added_kong(
    state: HandState, seat: int, tile: int, events: Events, rules: Rules
) -> HandState:
    events.append(
        {"type": "kong_declared", "seat": seat, "kind": KONG_ADDED, "tile": tile_str(tile)}
    )
    return (
        _open_claim(state, seat, tile, "rob", events, rules)
        if _any_rob(state, seat, tile, rules)
        else _complete_added_kong(state, seat, tile, events, rules)
    )


def _any_rob(state: HandState, seat: int, tile: int, rules: Rules) -> bool:
    return any(
        not state.won[s] and s != seat and rules.can_win(state, s, tile, WIN_ROB)
        for s in range(N_SEATS)
    )


def _complete_added_kong(
    state: HandState, seat: int, tile: int, events: Events, rules: Rules
) -> HandState:
    return _do_kong(state, seat, KONG_ADDED, tile, None, events, rules)


def _do_kong(
    state: HandState,
    seat: int,
    kind: str,
    tile: int,
    from_seat: int | None,
    events: Events,
    rules: Rules,
) -> HandState:
    melds = list(state.melds[seat])
    hand = state.hands[seat]
    if kind == KONG_CONCEALED:
        hand = _remove(hand, tile, 4)
        melds.append(Meld(KONG_CONCEALED, (tile,) * 4, None))
    elif kind == KONG_ADDED:
        hand = _remove(hand, tile, 1)
        i = next(i for i, m in enumerate(melds) if m.type == PUNG and m.kind == tile)
        melds[i] = Meld(KONG_ADDED, (tile,) * 4, melds[i].from_)
    else:
        assert from_seat is not None
        hand = _remove(hand, tile, 3)
        melds.append(Meld(KONG_EXPOSED, (tile,) * 4, (from_seat - seat) % N_SEATS))
    state = replace(
        state,
        hands=_set(state.hands, seat, hand),
        melds=_set(state.melds, seat, tuple(melds)),
        interrupted=True,
        claim=None,
        phase=PHASE_TURN,
        turn=seat,
    )
    events.append(
        {"type": "kong", "seat": seat, "kind": kind, "tile": tile_str(tile), "from": from_seat}
    )
    deltas = rules.kong_payments(state, seat, kind, tile, from_seat)
    entry = {
        "seat": seat,
        "type": kind,
        "tile": tile_str(tile),
        "from_seat": from_seat,
        "payments": [[p, -d] for p, d in enumerate(deltas) if d < 0],
        "transferred": False,
    }
    idx = len(state.kongs)
    state = replace(state, kongs=state.kongs + (entry,), turn_kongs=state.turn_kongs + (idx,))
    state = add_score(state, deltas, "kong", events, seat=seat, kind=kind)
    return _draw(state, seat, events, rules, True)


# -- wins ----------------------------------------------------------------------------------------


def _first_draw(state: HandState, seat: int, how: str) -> bool:
    if how != WIN_SELF or state.after_kong or state.kongs:
        return False
    if seat == state.dealer:
        return state.n_discards == 0 and state.draws[seat] == 0
    return (
        state.draws[seat] == 1
        and not state.interrupted
        and not state.discards[seat]
        and not state.wins
    )


def _do_wins(
    state: HandState,
    seats: list[int],
    how: str,
    from_seat: int | None,
    tile: int,
    events: Events,
    rules: Rules,
) -> HandState:
    ctxs = [
        WinContext(
            seat=s,
            tile=tile,
            how=how,
            from_seat=from_seat,
            after_kong=how == WIN_SELF and state.after_kong,
            gangshangpao=how == WIN_DISCARD and bool(state.turn_kongs),
            kong_ids=state.turn_kongs if how == WIN_DISCARD else (),
            first_draw=_first_draw(state, s, how),
        )
        for s in seats
    ]
    state, records = rules.score_wins(state, ctxs)
    if how == WIN_ROB:
        # The robbed tile leaves the declarer's hand as if discarded; the pung stays a pung.
        assert from_seat is not None
        state = replace(
            state,
            hands=_set(state.hands, from_seat, _remove(state.hands[from_seat], tile)),
            discards=_set(state.discards, from_seat, state.discards[from_seat] + (tile,)),
        )
    won = list(state.won)
    new_wins = []
    for ctx, rec in zip(ctxs, records, strict=True):
        full = {"seat": ctx.seat, "from": from_seat, "tile": tile_str(tile), "how": how, **rec}
        full["hand"] = format_tiles(state.hands[ctx.seat] + ((tile,) if how != WIN_SELF else ()))
        full["melds"] = [meld_to_json(m) for m in state.melds[ctx.seat]]
        new_wins.append(full)
        won[ctx.seat] = True
        events.append({"type": "hu", **{k: v for k, v in full.items() if k != "deltas"}})
        state = add_score(state, rec["deltas"], "win", events, seat=ctx.seat)
    state = replace(
        state,
        won=tuple(won),
        wins=state.wins + tuple(new_wins),
        claim=None,
        drawn=None,
        interrupted=True,
    )
    if not rules.continues_after_win(state):
        return end_hand(state, "win", events)
    if how == WIN_SELF:
        nxt = next_unwon(state, seats[0])
    else:
        assert from_seat is not None
        last = max(seats, key=lambda s: _dist(from_seat, s))
        nxt = next_unwon(state, last)
    return _next_turn(state, nxt, events)


# -- the end -------------------------------------------------------------------------------------


def _end_exhausted(state: HandState, events: Events, rules: Rules) -> HandState:
    events.append({"type": "exhausted"})
    state = replace(state, ext={**state.ext, "exhausted": True})
    state = rules.settle_draw(state, events)
    return end_hand(state, "win" if state.wins else "draw", events)


def end_hand(state: HandState, reason: str, events: Events) -> HandState:
    """Close the hand: build ``result`` (points, wins, next dealer, carry, revealed hands)."""
    rules = rules_of(state)
    state = replace(state, phase=PHASE_OVER, claim=None, result={"reason": reason})
    result: dict[str, Any] = {
        "reason": reason,
        "points": list(state.scores),
        "wins": [dict(w) for w in state.wins],
        "exhausted": bool(state.ext.get("exhausted")),
        "hands": [
            {
                "concealed": format_tiles(state.hands[s]),
                "melds": [meld_to_json(m) for m in state.melds[s]],
                "flowers": format_tiles(state.flowers[s]),
                "won": state.won[s],
            }
            for s in range(N_SEATS)
        ],
    }
    state = replace(state, result=result)
    result["next_dealer"] = rules.next_dealer(state)
    result["carry"] = rules.carry_out(state)
    state = replace(state, result=result)
    events.append(
        {
            "type": "hand_end",
            "reason": reason,
            "points": list(state.scores),
            "next_dealer": result["next_dealer"],
            "hands": result["hands"],
        }
    )
    return state


def do_escape(state: HandState, seat: int) -> tuple[HandState, Events]:
    if isinstance(seat, bool) or seat not in range(N_SEATS):
        raise IllegalActionError(f"seat must be 0-3, got {seat!r}")
    if state.phase == PHASE_OVER:
        raise IllegalActionError("the hand is over")
    if state.escaped[seat]:
        raise IllegalActionError(f"seat {seat} has already left")
    rules = rules_of(state)
    events: Events = [{"type": "escape", "seat": seat}]
    state = replace(state, escaped=_set(state.escaped, seat, True), n_actions=state.n_actions + 1)
    state, ends = rules.settle_escape(state, seat, events)
    if ends:
        state = end_hand(state, "escape", events)
    return state, events
