"""Wuhan (武汉麻将) play: the variant's hooks on the generic machine (docs/engine-variants.md).

Rules: shared/rules/wuhan.md. Wins and money come from the calculator modules (``scoring``,
``rules``), so live play and the hand calculator cannot disagree. Options: ``{"koukou": bool}``
(口口翻, §8).

State kept in ``state.ext``:
- ``indicator`` / ``laizi``: the flipped tile (set aside, out of play) and the 癞子 kind (§2);
- ``hongzhong_gang`` / ``laizi_gang``: per seat, 红中 and 癞子 laid out or discarded (§2, §3).
  The laid-out tiles themselves lie face up in the seat's ``flowers`` (its kong area; Wuhan has
  no flowers);
- ``haidi``: the 海底 phase has started (§7): only self-drawn wins, a non-winning tile is set
  aside face up in the drawer's river;
- ``dice``: the §3 rolls of the platform deal (shaanxi.md §3, as wuhan.md §1 says).
"""

from __future__ import annotations

import random
from typing import Any, Final

from games.engine.actions import CHOW, HU, PASS, Action
from games.engine.core import (
    WIN_ROB,
    WIN_SELF,
    Events,
    Rules,
    add_score,
    draw_tile,
    live_count,
    parse_tile,
    replace,
)
from games.engine.encoding import GROUP as _GROUP
from games.engine.encoding import WEIGHT as _POW
from games.engine.encoding import tile_keys
from games.engine.fast_shanten import shanten4
from games.engine.hand import is_all_pungs_win, win_from_keys
from games.engine.state import N_SEATS, PHASE_CLAIM, PHASE_OVER, PHASE_TURN, HandState, WinContext
from games.engine.tiles import Meld, meld_to_json, tile_str
from games.engine.variants.shaanxi.play import (  # wuhan.md §1: the Shaanxi deal
    block_deal,
    deal_order,
    seed_basis,
)
from games.engine.variants.wuhan import rules as table
from games.engine.variants.wuhan import scoring
from games.engine.variants.wuhan.bot import _NO_TILE, _bot_claim, _bot_discard
from games.engine.variants.wuhan.calc import is_ready, win_json
from games.engine.wall import DICE_ALGORITHM, roll_die

HONGZHONG_GANG: Final = "hongzhong_gang"
"""Action: lay out (or discard) one 红中 (§3); a replacement is drawn from the tail."""
LAIZI_GANG: Final = "laizi_gang"
"""Action: lay out (or discard) one 癞子 (§2); a replacement is drawn from the tail."""
HAIDI_PASS: Final = PASS
"""In the 海底 phase, a seat that could win may decline: the tile is set aside face up (§7)."""
HAIDI_RESERVE: Final = 10
"""§7: the last 10 tiles (5 stacks) are never drawn."""
HAIDI_TILES: Final = 4
"""§7: a regular draw due with L <= 4 starts the 海底 phase."""


def laizi_of(state: HandState) -> int:
    return int(state.ext["laizi"])


def is_haidi(state: HandState) -> bool:
    return bool(state.ext.get("haidi"))


def roll_dice(state: HandState) -> dict[str, Any]:
    """The two rolls of shaanxi.md §3 (the platform deal), drawn from the hand's seed or wall.

    The wall order is already the draw order, so the rolls only say where the wall was broken.
    """
    rng = random.Random(f"{DICE_ALGORITHM}:wuhan-dice:{seed_basis(state)}")
    d1 = [roll_die(rng), roll_die(rng)]
    d2 = [roll_die(rng), roll_die(rng)]
    second = (state.dealer + sum(d1) - 1) % N_SEATS  # shaanxi.md §3.2, the dealer counts as 1
    return {"dice1": d1, "dice2": d2, "second_roller": second, "skip_stacks": sum(d1) + sum(d2)}


def _special_table(atype: str, tile: int | None) -> tuple[Action, ...]:
    """One shared Action per seat for an own-turn special (actions are immutable)."""
    return tuple(
        Action(s, atype, tile=None if tile is None else tile_str(tile)) for s in range(N_SEATS)
    )


_HONGZHONG_ACTS: Final = _special_table(HONGZHONG_GANG, table.RED_DRAGON)
_LAIZI_ACTS: Final = tuple(_special_table(LAIZI_GANG, k) for k in range(34))  # [kind][seat]
_HAIDI_ACTS: Final = _special_table(HAIDI_PASS, None)


_UNKNOWN: Final = -1

_DEAL_ORDERS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(deal_order(dealer)) for dealer in range(N_SEATS)
)
"""deal_order per dealer, built once."""


class _Seen:
    """What can_win keeps of one seat's hand without the winning tile (the very tuple object,
    kept alive in the state's memo so that ``is`` is exact, and the 癞子): a seat's hand is the same object
    through the claim windows between two of its own turns, and equal to its hand less the tile
    it draws next, so nothing is hashed or rebuilt until it discards.

    ``k0``..``k3`` are the group keys of the tiles other than the 癞子 and ``held`` the 癞子
    count; ``honours`` / ``jiang`` / ``red`` are ``scoring.may_win_kinds``' flags, and
    ``std_with`` answers its ``standard`` set one kind at a time."""

    def __init__(self, hand: tuple[int, ...], wild: int) -> None:
        """``may_win_kinds``' facts about the hand, keeping the keys instead of the waits."""
        held = 0
        honours = jiang = True  # 乱风 / 乱将: every face but the 癞子 an honour 1z-6z / a 2, 5, 8
        red = False
        for t in hand:
            if t == table.RED_DRAGON:
                red = True
            if t == wild:
                held += 1
            elif t >= 27:
                jiang = False
                if t == table.RED_DRAGON:
                    honours = False
            else:
                honours = False
                if t % 9 != 1 and t % 9 != 4 and t % 9 != 7:
                    jiang = False
        self.hand = hand
        self.wild = wild
        self.k0, self.k1, self.k2, self.k3 = tile_keys(hand, wild)
        self.held = held
        self.honours = honours
        self.jiang = jiang
        self.red = red
        self.ready_size = (len(hand) + 1) % 3 == 2
        self.near = _UNKNOWN

    def std_with(self, t: int) -> bool:
        """``t in scoring.may_win_kinds(hand, wild)[0]``: the hand plus ``t`` (not the 癞子, never
        a fifth copy) is a standard win with the 癞子 as jokers, by one win test on the keys."""
        if t == self.wild or not self.ready_size:
            return False
        near = self.near
        if near == _UNKNOWN:
            # may_win_kinds' filter: only a hand at most 0 from ready by shanten (cached tables)
            # can be one tile from a standard win; the win tables miss far more often
            near = self.near = (
                1
                if shanten4(self.k0, self.k1, self.k2, self.k3, len(self.hand) // 3, self.held) <= 0
                else 0
            )
        if not near:
            return False
        p = _POW[t]
        g = _GROUP[t]
        k0 = self.k0
        k1 = self.k1
        k2 = self.k2
        k3 = self.k3
        if g == 0:
            if k0 // p % 5 >= 4:
                return False
            k0 += p
        elif g == 1:
            if k1 // p % 5 >= 4:
                return False
            k1 += p
        elif g == 2:
            if k2 // p % 5 >= 4:
                return False
            k2 += p
        else:
            if k3 // p % 5 >= 4:
                return False
            k3 += p
        return win_from_keys(k0, k1, k2, k3, self.held)


_SEEN: Final = "wuhan.seen"
"""``HandState.memo(seat)`` key: the seat's ``_Seen`` (a new one for each new hand: never
changed once stored but for its lazily computed ``near``)."""


def _no_shape(base: tuple[int, ...], t: int, melds: tuple[Meld, ...], wild: int) -> bool:
    """Whether ``base + (t,)`` has no reading with a shape (``scoring._shape_patterns`` None for
    every 癞子 as a joker), given that its faces other than the 癞子 are not all 1z-6z and not all
    suited 2/5/8 (no 风一色 / 将一色): no standard shape with a 2-5-8 pair, no 清一色, no 碰碰胡."""
    if scoring.pair258_with(base, t, wild):
        return False
    return _no_shape_but_pair(base, t, melds, wild)


def _no_shape_but_pair(base: tuple[int, ...], t: int, melds: tuple[Meld, ...], wild: int) -> bool:
    """``_no_shape`` once the 2-5-8 pair is ruled out: neither 清一色 nor 碰碰胡 (no chow among
    the melds, all pungs) can give the reading its shape."""
    if scoring.one_suit_with(base, t, melds, wild):
        return False
    for m in melds:
        if m.type == CHOW:
            return True
    return not _all_pungs_with(base, t, wild)


def _all_pungs_with(base: tuple[int, ...], t: int, wild: int) -> bool:
    """``hand.is_all_pungs_win`` of ``base + (t,)`` with every 癞子 a joker (``_shape_patterns``'
    碰碰胡 shape test)."""
    counts = [0] * 34
    held = 0
    for k in base:
        if k == wild:
            held += 1
        else:
            counts[k] = counts[k] + 1
    if t == wild:
        held += 1
    else:
        counts[t] = counts[t] + 1
    return is_all_pungs_win(counts, held)


def _plain_tiles(base: tuple[int, ...], t: int, melds: tuple[Meld, ...], wild: int) -> bool:
    """``scoring.basic_violation(base + (t,), melds, wild) is None`` for 14 tiles (kongs counted
    3) without 红中 in ``base + (t,)``: an opening among the melds, no 红中 / 癞子 in a meld, every
    chow from the previous player, no flower, at most four copies of a kind."""
    counts = [0] * 35
    opened = False
    for m in melds:
        typ = m.type
        if typ in scoring.OPENING_TYPES:
            opened = True
        if typ == CHOW and m.from_ is not None and m.from_ != 3:
            return False
        for k in m.tiles:
            if k == table.RED_DRAGON or k == wild:
                return False
            if k >= 34:
                return False
            counts[k] = counts[k] + 1
    if not opened:
        return False
    for k in base:
        if k >= 34:
            return False
        counts[k] = counts[k] + 1
    if t >= 34:
        return False
    counts[t] = counts[t] + 1
    for k in range(34):
        if counts[k] > 4:
            return False
    return True


class WuhanRules(Rules):
    key = "wuhan"
    tile_kinds = tuple(range(34))  # §1: 136 tiles, no flowers
    hand_size = 13
    has_chow = True  # §4: chow from the previous player
    # §4 一炮单响 with the seed's dealer-based order: every seat that can win is asked (so the
    # core must not stop at the claimant nearest the discarder), then on_claim_resolved keeps
    # only the first in the order dealer, dealer+1, ... (the core's own single-winner rule is
    # nearest-to-the-discarder, which is not Wuhan's).
    multi_win = True
    choice_kind: str | None = None

    # -- the wall (§1, §2, §7) ----------------------------------------------------------------------

    def reserved_tail(self, state: HandState) -> int:
        return HAIDI_RESERVE

    def set_aside(self, state: HandState) -> tuple[int, ...]:
        """The flipped indicator is out of play for the whole hand (§2)."""
        indicator = state.ext.get("indicator")
        return () if indicator is None else (indicator,)

    def can_kong_now(self, state: HandState) -> bool:
        # live_count(state) > 0, with this variant's reserve inline
        return not state.ext.get("haidi") and (
            len(state.wall) - state.head - state.tail - HAIDI_RESERVE > 0
        )

    # -- set-up --------------------------------------------------------------------------------------

    def init_ext(
        self, options: dict[str, Any], dealer: int, carry: dict[str, Any] | None
    ) -> dict[str, Any]:
        return {
            "indicator": None,
            "laizi": None,
            HONGZHONG_GANG: [0] * N_SEATS,
            LAIZI_GANG: [0] * N_SEATS,
            "haidi": False,
            "dice": None,
        }

    def after_deal(self, state: HandState, events: Events) -> HandState:
        """Deal the 53 tiles in shaanxi.md §3.5 order, then flip the indicator (§2)."""
        order = _DEAL_ORDERS[state.dealer]
        hands = block_deal(state.wall, state.dealer, events)
        dice = roll_dice(state)
        events.append({"type": "dice", "dealer": state.dealer, **dice})
        indicator = state.wall[state.head]
        laizi = table.laizi_for(indicator)
        events.append({"type": "laizi", "indicator": tile_str(indicator), "laizi": tile_str(laizi)})
        new: HandState = replace(
            state,
            hands=hands,
            drawn=state.wall[len(order) - 1],
            head=state.head + 1,
            ext={**state.ext, "indicator": indicator, "laizi": laizi, "dice": dice},
        )
        events[0]["wall_remaining"] = live_count(new)  # the indicator is out of the live wall
        return new

    # -- claims and melds (§2, §3, §4) ----------------------------------------------------------------

    def can_meld(self, state: HandState, seat: int, mtype: str, tile: int) -> bool:
        laizi = laizi_of(state)
        if mtype == CHOW:
            return laizi not in (tile, tile + 1, tile + 2)
        return tile not in (table.RED_DRAGON, laizi)

    def discard_options(self, state: HandState, seat: int) -> list[int]:
        """红中 and the 癞子 leave the hand only as 红中杠 / 癞子杠; nothing is discarded in 海底."""
        ext = state.ext
        if ext.get("haidi"):
            return []
        laizi: int = ext["laizi"]
        hand = state.hands[seat]
        out: list[int] = []
        last = _NO_TILE
        for t in hand:  # sorted: each kind once, in order
            if t != last:
                if t < last:  # not sorted after all: the definition
                    return sorted(set(hand).difference((table.RED_DRAGON, laizi)))
                last = t
                if t != table.RED_DRAGON and t != laizi:
                    out.append(t)
        return out

    def own_turn_specials(self, state: HandState, seat: int) -> list[Action]:
        ext = state.ext
        if ext.get("haidi"):
            return [_HAIDI_ACTS[seat]] if state.drawn is not None else []
        hand: tuple[int, ...] = state.hands[seat]
        laizi: int = ext["laizi"]
        red = False
        wild = False
        for t in hand:
            if t == laizi:
                wild = True
            elif t == table.RED_DRAGON:
                red = True
        if wild:
            if red:
                return [_HONGZHONG_ACTS[seat], _LAIZI_ACTS[laizi][seat]]
            return [_LAIZI_ACTS[laizi][seat]]
        return [_HONGZHONG_ACTS[seat]] if red else []

    def apply_special(self, state: HandState, action: Action, events: Events) -> HandState:
        if action.type == HAIDI_PASS:
            return _haidi_set_aside(state, action.seat, events)
        seat, tile = action.seat, parse_tile(action.tile or "")
        hand = list(state.hands[seat])
        hand.remove(tile)
        counts = list(state.ext[action.type])
        counts[seat] = counts[seat] + 1
        state = replace(
            state,
            hands=_set(state.hands, seat, tuple(hand)),
            flowers=_set(state.flowers, seat, state.flowers[seat] + (tile,)),
            ext={**state.ext, action.type: counts},
            drawn=None,
            interrupted=True,
        )
        events.append({"type": action.type, "seat": seat, "tile": tile_str(tile)})
        return draw_tile(state, seat, events, tail=True)

    # -- drawing and the 海底 phase (§7) --------------------------------------------------------------

    def after_draw(self, state: HandState, seat: int, tile: int, events: Events) -> HandState:
        if state.after_kong:
            before = events[-2] if len(events) >= 2 else {}
            if before.get("type") == "kong" and before.get("kind") == "kong_concealed":
                before["face_down"] = True  # §4: an 暗杠 is "不亮明" (redact_events hides its tile)
        elif not state.ext.get("haidi"):
            live = len(state.wall) - state.head - state.tail - HAIDI_RESERVE  # live_count
            if live >= HAIDI_TILES:
                return state
            state = replace(state, ext={**state.ext, "haidi": True})
            events.append({"type": "haidi", "tiles": live + 1})
        if state.ext.get("haidi") and not self.can_win(state, seat, None, WIN_SELF):
            return _haidi_set_aside(state, seat, events)
        return state

    # -- wins (§5, §6) --------------------------------------------------------------------------------

    def _win_context(self, state: HandState, tile: int | None, how: str) -> scoring.WinContext:
        if how == WIN_SELF:
            situations = set()
            if state.after_kong:
                situations.add(scoring.GANG_SHANG_HUA)
            if is_haidi(state):
                situations.add(scoring.HAI_DI_LAO)
            return scoring.WinContext(scoring.SELF_DRAW, state.drawn, frozenset(situations))
        robbed = frozenset({scoring.QIANG_GANG}) if how == WIN_ROB else frozenset()
        return scoring.WinContext(scoring.DISCARD, tile, robbed)

    def _reading(
        self, state: HandState, seat: int, tile: int | None, how: str
    ) -> scoring.Reading | None:
        concealed = list(state.hands[seat])
        if tile is not None and how != WIN_SELF:
            concealed.append(tile)
        ctx = self._win_context(state, tile, how)
        return scoring.best_reading(concealed, state.melds[seat], laizi_of(state), ctx)

    def _has_reading(self, state: HandState, seat: int, tile: int | None, how: str) -> bool:
        """``self._reading(...) is not None``, stopping at the first reading."""
        concealed = list(state.hands[seat])
        if tile is not None and how != WIN_SELF:
            concealed.append(tile)
        ctx = self._win_context(state, tile, how)
        return scoring.has_reading(concealed, state.melds[seat], laizi_of(state), ctx)

    def can_win(self, state: HandState, seat: int, tile: int | None, how: str) -> bool:
        # This runs for every seat on every discard. The first checks of scoring.basic_violation
        # and context_violation, then the cached shape filter of the hand without the winning
        # tile (scoring.may_win_with), and only then one reading: each early False is one that
        # best_reading would also give.
        melds = state.melds[seat]
        if not melds:
            return False  # not opened
        hand = state.hands[seat]
        wild: int = state.ext["laizi"]
        if tile is not None and how != WIN_SELF:
            if len(hand) + 3 * len(melds) != 13:
                return False
            if tile == table.RED_DRAGON or tile == wild:
                return False  # a discarded 红中 / 癞子 is never won on
            base, t = hand, tile
        else:
            if len(hand) + 3 * len(melds) != 14:
                return False
            d = state.drawn
            if d is None or d not in hand:
                return scoring.may_win(hand, melds, wild) and self._has_reading(
                    state, seat, tile, how
                )
            i = hand.index(d)
            base, t = hand[:i] + hand[i + 1 :], d
        # the seat's hand is the same object from one claim window to the next
        memo = state.memo(seat)
        seen: _Seen | None = memo.get(_SEEN)
        if seen is None or wild != seen.wild or (base is not seen.hand and base != seen.hand):
            # (a self-draw's hand less the drawn tile is a new tuple)
            seen = memo[_SEEN] = _Seen(base, wild)
        if seen.red or t == table.RED_DRAGON:
            return False  # a hand holding 红中 cannot win
        if not seen.std_with(t):  # may_win_with's other ways, inlined for the common reject
            if (t != wild and not seen.honours and not seen.jiang) or not scoring.may_win_with(
                base, t, melds, wild
            ):
                return False  # no reading can have a shape
            if not seen.honours and not seen.jiang and _no_shape(base, t, melds, wild):
                return False  # (t is the 癞子 here)
        elif not seen.honours and not seen.jiang:
            if not scoring.pair258_with(base, t, wild):
                if _no_shape_but_pair(base, t, melds, wild):
                    return False
            elif seen.held < 2:
                # a standard shape with a 2-5-8 pair (t is not the 癞子: std_with), at most one
                # 癞子 held: has_reading's shape test passes and the two-癞子 rule does not apply,
                # so the reading exists when basic_violation has nothing against the tiles
                # (context_violation: _win_context is consistent, a discarded 红中 / 癞子 was
                # refused above)
                return _plain_tiles(base, t, melds, wild)
        if not any(m.type in scoring.OPENING_TYPES for m in melds):
            return False  # not opened
        return self._has_reading(state, seat, tile, how)

    resolve_empty_windows = False  # on_claim_resolved: one winner or none, nothing to do

    def on_claim_resolved(self, state: HandState, events: Events) -> HandState:
        """§4 一炮单响: of several seats saying hu, only the first in dealer order wins."""
        claim = state.claim
        assert claim is not None
        hus = [a.seat for a in claim.responses if a.type == HU]
        if len(hus) <= 1:
            return state
        winner = table.claim_winner(state.dealer, claim.from_seat, hus)
        responses = tuple(
            a if a.type != HU or a.seat == winner else Action(a.seat, PASS) for a in claim.responses
        )
        events.append({"type": "single_winner", "winner": winner, "claimants": sorted(hus)})
        new: HandState = replace(state, claim=replace(claim, responses=responses))
        return new

    def score_wins(
        self, state: HandState, wins: list[WinContext]
    ) -> tuple[HandState, list[dict[str, Any]]]:
        records = []
        for w in wins:
            reading = self._reading(state, w.seat, w.tile, w.how)
            assert reading is not None, "the core only offers legal wins"
            ready = None
            # the discarder's readiness only matters to 承包 case 1 (scoring.cheng_bao_seat):
            # 全求人 without 抢杠
            if (
                w.how != WIN_SELF
                and w.from_seat is not None
                and scoring.QUAN_QIU_REN in reading.patterns
                and scoring.QIANG_GANG not in reading.patterns
            ):
                ready = is_ready(
                    list(state.hands[w.from_seat]),
                    list(state.melds[w.from_seat]),
                    laizi_of(state),
                )
            records.append(
                win_record(
                    reading,
                    w.seat,
                    state.dealer,
                    w.how == WIN_SELF,
                    w.from_seat,
                    state.melds,
                    state.ext[HONGZHONG_GANG],
                    state.ext[LAIZI_GANG],
                    bool(state.options.get("koukou")),
                    ready,
                )
            )
        return state, records

    def seat_factors(self, state: HandState) -> list[scoring.SeatFactors]:
        """Each seat's §8 factors now: its melds plus its 红中杠 / 癞子杠 counts."""
        return [
            scoring.SeatFactors.from_melds(
                state.melds[s], state.ext[HONGZHONG_GANG][s], state.ext[LAIZI_GANG][s]
            )
            for s in range(N_SEATS)
        ]

    # -- the end of a hand (§1, §7, §8) ----------------------------------------------------------------

    def settle_draw(self, state: HandState, events: Events) -> HandState:
        events.append({"type": "huang_zhuang"})  # §7: no points change
        return state

    def settle_escape(self, state: HandState, seat: int, events: Events) -> tuple[HandState, bool]:
        deltas = table.escape_deltas(seat, bool(state.options.get("koukou")))
        return add_score(state, deltas, "escape", events, seat=seat), True

    def next_dealer(self, state: HandState) -> int:
        winner = state.wins[0]["seat"] if state.wins else None
        if winner is None and (state.result or {}).get("reason") == "escape":
            # §1: an escape is not a draw; the deal passes unless the dealer had already won
            return (state.dealer + 1) % N_SEATS
        return table.next_dealer(state.dealer, winner)

    # -- what others see -------------------------------------------------------------------------------

    def public_seat_info(self, state: HandState, seat: int, viewer: int | None) -> dict[str, Any]:
        info: dict[str, Any] = {
            HONGZHONG_GANG: state.ext[HONGZHONG_GANG][seat],
            LAIZI_GANG: state.ext[LAIZI_GANG][seat],
            "openings": scoring.count_openings(state.melds[seat]),
        }
        melds = state.melds[seat]
        if seat != viewer and state.phase != PHASE_OVER and any(m.is_concealed for m in melds):
            # §4: others see that an 暗杠 was made, not its tiles
            info["melds"] = [
                {"type": "kong_concealed", "tiles": None} if m.is_concealed else meld_to_json(m)
                for m in melds
            ]
        return info

    def public_info(self, state: HandState, viewer: int | None) -> dict[str, Any]:
        indicator = state.ext.get("indicator")
        return {
            "wild": tile_str(laizi_of(state)) if indicator is not None else None,
            "indicator": tile_str(indicator) if indicator is not None else None,
            "haidi": is_haidi(state),
            "dice": state.ext.get("dice"),
            "mode": table.MODE_KOUKOU if state.options.get("koukou") else table.MODE_KAIKOU,
        }

    # -- bots ------------------------------------------------------------------------------------------

    def bot_choice(self, state: HandState, seat: int, legal: list[Action]) -> Action | None:
        """Lay out every 红中 (it blocks winning), a second 癞子 (two forbid a small hu), claim
        a chow/pung when it brings the hand closer (an opening is needed to win), and discard by
        shanten with the 癞子 counted as jokers."""
        laizi_gang: Action | None = None
        discard = False
        kong = False
        for a in legal:
            typ = a.type
            if typ == HONGZHONG_GANG:
                return a
            if typ == "discard":
                discard = True
            elif typ == LAIZI_GANG:
                if laizi_gang is None:
                    laizi_gang = a
            elif typ == "kong_concealed" or typ == "kong_added":
                kong = True
        if laizi_gang is not None:
            laizi: int = state.ext["laizi"]
            if state.hands[seat].count(laizi) >= 2:
                return laizi_gang
        if state.phase == PHASE_CLAIM:
            return _bot_claim(state, seat, legal)
        if state.phase == PHASE_TURN and discard and not kong:
            return _bot_discard(state, seat, legal)
        return None


def win_record(
    reading: scoring.Reading,
    winner: int,
    dealer: int,
    self_draw: bool,
    discarder: int | None,
    melds: tuple[tuple[Meld, ...], ...],
    hongzhong_gang: list[int],
    laizi_gang: list[int],
    koukou: bool,
    ready: bool | None,
) -> dict[str, Any]:
    """score_wins' record of one win: ``scoring.score_win`` (§8), each seat's factors read from
    its melds and its 红中杠 / 癞子杠 counts."""
    facts = scoring.WinFacts(
        winner=winner,
        dealer=dealer,
        win_type=scoring.SELF_DRAW if self_draw else scoring.DISCARD,
        discarder=discarder,
        melds=tuple(melds[winner]),
        koukou=koukou,
        discarder_ready=ready,
    )
    factors = [
        scoring.SeatFactors.from_melds(melds[s], hongzhong_gang[s], laizi_gang[s])
        for s in range(N_SEATS)
    ]
    record = win_json(scoring.score_win(reading, facts, factors))
    record["points"] = record["value"] = record["deltas"][winner]
    return record


def _haidi_set_aside(state: HandState, seat: int, events: Events) -> HandState:
    """§7: the 海底 tile that does not win lies face up in the river; the next seat draws."""
    tile = state.drawn
    assert tile is not None
    hand = list(state.hands[seat])
    hand.remove(tile)
    state = replace(
        state,
        hands=_set(state.hands, seat, tuple(hand)),
        discards=_set(state.discards, seat, state.discards[seat] + (tile,)),
        drawn=None,
        turn_kongs=(),
        claim=None,
    )
    events.append({"type": "haidi_set_aside", "seat": seat, "tile": tile_str(tile)})
    return draw_tile(state, (seat + 1) % N_SEATS, events)


def _set(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    return t[:i] + (v,) + t[i + 1 :]


RULES = WuhanRules()
