"""The ``Rules`` hook base class: everything a variant decides, with working defaults.

A variant subclasses ``Rules`` in games/engine/variants/<key>/play.py (``RULES = MyRules()``) and
overrides the hooks its rules need; docs/engine-variants.md documents each hook and the order in
which the machine (games.engine.core) calls them. ``_hooks(rules)`` records which hooks a variant
overrides, so that the machine skips the no-op defaults.
"""

from __future__ import annotations

from typing import Any, Final

from games.engine.actions import (
    CLAIM_PRIORITY,
    Action,
)
from games.engine.errors import IllegalActionError
from games.engine.state import (
    N_SEATS,
    HandState,
    WinContext,
)

Events = list[dict[str, Any]]


WIN_SELF: Final = "self_draw"


WIN_DISCARD: Final = "discard"


WIN_ROB: Final = "rob"


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
        from games.engine.hand import is_standard_win
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
        """Kongs need a replacement tile: default, at least one live tile (``live_count``)."""
        return len(state.wall) - state.head - state.tail - self.reserved_tail(state) > 0

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
