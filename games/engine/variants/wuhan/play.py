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
from typing import Any

from games.engine.actions import CHOW, HU, KONG_EXPOSED, PASS, PUNG, Action
from games.engine.bots import _std_shanten
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
from games.engine.fast_shanten import after_discards_keys, shanten_keys
from games.engine.state import N_SEATS, PHASE_CLAIM, PHASE_OVER, PHASE_TURN, HandState, WinContext
from games.engine.tiles import counts_of, meld_to_json, parse_tiles, tile_str
from games.engine.variants.shaanxi.play import (  # wuhan.md §1: the Shaanxi deal
    deal_order,
    seed_basis,
)
from games.engine.variants.wuhan import rules as table
from games.engine.variants.wuhan import scoring
from games.engine.variants.wuhan.calc import is_ready
from games.engine.variants.wuhan.scoring import _MAY_KINDS
from games.engine.wall import DICE_ALGORITHM

HONGZHONG_GANG = "hongzhong_gang"
"""Action: lay out (or discard) one 红中 (§3); a replacement is drawn from the tail."""
LAIZI_GANG = "laizi_gang"
"""Action: lay out (or discard) one 癞子 (§2); a replacement is drawn from the tail."""
HAIDI_PASS = PASS
"""In the 海底 phase, a seat that could win may decline: the tile is set aside face up (§7)."""
HAIDI_RESERVE = 10
"""§7: the last 10 tiles (5 stacks) are never drawn."""
HAIDI_TILES = 4
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
    d1 = [rng.randint(1, 6), rng.randint(1, 6)]
    d2 = [rng.randint(1, 6), rng.randint(1, 6)]
    second = (state.dealer + sum(d1) - 1) % N_SEATS  # shaanxi.md §3.2, the dealer counts as 1
    return {"dice1": d1, "dice2": d2, "second_roller": second, "skip_stacks": sum(d1) + sum(d2)}


class _Specials(dict[tuple[int, str, int | None], Action]):
    """One shared Action per (seat, type, tile) of the own-turn specials (actions are immutable)."""

    def __missing__(self, key: tuple[int, str, int | None]) -> Action:
        seat, atype, tile = key
        action = self[key] = Action(seat, atype, tile=None if tile is None else tile_str(tile))
        return action


_SPECIALS = _Specials()


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
        return not state.ext.get("haidi") and live_count(state) > 0

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
        order = deal_order(state.dealer)
        hands: list[list[int]] = [[] for _ in range(N_SEATS)]
        for tile, seat in zip(state.wall, order, strict=False):
            hands[seat].append(tile)
        dice = roll_dice(state)
        events.append({"type": "dice", "dealer": state.dealer, **dice})
        indicator = state.wall[state.head]
        laizi = table.laizi_for(indicator)
        events.append({"type": "laizi", "indicator": tile_str(indicator), "laizi": tile_str(laizi)})
        new: HandState = replace(
            state,
            hands=tuple(tuple(sorted(h)) for h in hands),
            drawn=state.wall[len(order) - 1],
            head=state.head + 1,
            ext={**state.ext, "indicator": indicator, "laizi": laizi, "dice": dice},
        )
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
        return sorted(set(state.hands[seat]).difference((table.RED_DRAGON, ext["laizi"])))

    def own_turn_specials(self, state: HandState, seat: int) -> list[Action]:
        hand = state.hands[seat]
        if is_haidi(state):
            return [_SPECIALS[seat, HAIDI_PASS, None]] if state.drawn is not None else []
        out = []
        if table.RED_DRAGON in hand:
            out.append(_SPECIALS[seat, HONGZHONG_GANG, table.RED_DRAGON])
        laizi = laizi_of(state)
        if laizi in hand:
            out.append(_SPECIALS[seat, LAIZI_GANG, laizi])
        return out

    def apply_special(self, state: HandState, action: Action, events: Events) -> HandState:
        if action.type == HAIDI_PASS:
            return _haidi_set_aside(state, action.seat, events)
        seat, tile = action.seat, parse_tile(action.tile or "")
        hand = list(state.hands[seat])
        hand.remove(tile)
        counts = list(state.ext[action.type])
        counts[seat] += 1
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
            live = live_count(state)
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
        wild = state.ext["laizi"]
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
        found = _MAY_KINDS.get((base, wild))
        if found is None:
            found = scoring.may_win_kinds(base, wild)
        standard, honours, jiang, red = found
        if red or t == table.RED_DRAGON:
            return False  # a hand holding 红中 cannot win
        if t not in standard:  # may_win_with's other ways, inlined for the common reject
            if (t != wild and not honours and not jiang) or not scoring.may_win_with(
                base, t, melds, wild
            ):
                return False  # no reading can have a shape
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
            if w.how != WIN_SELF and w.from_seat is not None:
                ready = is_ready(
                    list(state.hands[w.from_seat]),
                    list(state.melds[w.from_seat]),
                    laizi_of(state),
                )
            facts = scoring.WinFacts(
                winner=w.seat,
                dealer=state.dealer,
                win_type=scoring.SELF_DRAW if w.how == WIN_SELF else scoring.DISCARD,
                discarder=w.from_seat,
                melds=tuple(state.melds[w.seat]),
                koukou=bool(state.options.get("koukou")),
                discarder_ready=ready,
            )
            result = scoring.score_win(reading, facts, self.seat_factors(state))
            records.append(
                {
                    "patterns": result.patterns,
                    "base": result.base,
                    "multipliers": [_number(m) for m in result.multipliers],
                    "raw": [_number(r) for r in result.raw],
                    "deltas": result.deltas,
                    "cheng_bao": result.cheng_bao,
                    "points": result.deltas[w.seat],
                    "value": result.deltas[w.seat],
                }
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
        types = {a.type for a in legal}
        if HONGZHONG_GANG in types:
            return next(a for a in legal if a.type == HONGZHONG_GANG)
        if LAIZI_GANG in types and state.hands[seat].count(laizi_of(state)) >= 2:
            return next(a for a in legal if a.type == LAIZI_GANG)
        if state.phase == PHASE_CLAIM:
            return _bot_claim(state, seat, legal)
        if (
            state.phase == PHASE_TURN
            and "discard" in types
            and not {"kong_concealed", "kong_added"} & types
        ):
            return _bot_discard(state, seat, legal)
        return None


def _bot_shanten(tiles: list[int], laizi: int) -> int:
    """hand.shanten with the 癞子 as jokers, through the bots' cached group tables."""
    counts = counts_of(t for t in tiles if t != laizi)
    return max(-1, _std_shanten(counts, len(tiles)) - (len(tiles) - sum(counts)))


def _keys(tiles: tuple[int, ...] | list[int], laizi: int) -> tuple[list[int], int]:
    """fast_shanten's four group keys of the tiles other than the 癞子, and the 癞子 count."""
    keys = [0, 0, 0, 0]
    grp = _GROUP
    pw = _POW
    jokers = 0
    for t in tiles:
        if t == laizi:
            jokers += 1
        else:
            keys[grp[t]] += pw[t]
    return keys, jokers


_GROUP = tuple(3 if k >= 27 else k // 9 for k in range(34))
_POW = tuple(5 ** (k - (27 if k >= 27 else k // 9 * 9)) for k in range(34))


def _bot_discard(state: HandState, seat: int, legal: list[Action]) -> Action:
    hand = state.hands[seat]
    laizi = state.ext["laizi"]
    held = [0] * 34
    keys = [0, 0, 0, 0]
    grp = _GROUP
    pw = _POW
    for t in hand:
        held[t] += 1
        keys[grp[t]] += pw[t]
    jokers = held[laizi]
    keys[grp[laizi]] -= jokers * pw[laizi]
    kind_of = _KIND_OF
    discards = [(kind_of[a.tile or ""], a) for a in legal if a.type == "discard"]
    # never the 癞子: it is not a legal discard
    values = after_discards_keys(keys, (len(hand) - 1) // 3, jokers, [t for t, _a in discards])
    best: tuple[int, int] | None = None
    pick = discards[0][1]
    low = min(values)  # ties on the lowest shanten only: the neighbour count is the tie-break
    for (t, a), after in zip(discards, values, strict=True):
        if after != low:
            continue
        score = 2 * (held[t] - 1)  # copies, and tiles within two steps in the suit
        if t < 27:
            pos = t % 9
            if pos >= 2 and held[t - 2]:
                score += 1
            if pos >= 1 and held[t - 1]:
                score += 2
            if pos <= 7 and held[t + 1]:
                score += 2
            if pos <= 6 and held[t + 2]:
                score += 1
        key = (score, t)
        if best is None or key < best:
            best, pick = key, a
    return pick


_KIND_OF = {tile_str(k): k for k in range(34)}


def _bot_claim(state: HandState, seat: int, legal: list[Action]) -> Action | None:
    """Claim a meld when the best discard afterwards is closer to ready than now."""
    laizi = state.ext["laizi"]
    hand = state.hands[seat]
    key = (hand, laizi, -2)
    now = _CLAIM_SHANTEN.get(key)
    if now is None:
        keys, jokers = _keys(hand, laizi)
        # _bot_shanten: fast_shanten's value is max(-1, formula - jokers) already
        now = _CLAIM_SHANTEN[key] = shanten_keys(keys, len(hand) // 3, jokers)
    for a in legal:
        if a.type == KONG_EXPOSED:
            return a
        if a.type not in (PUNG, CHOW):
            continue
        tile = _KIND_OF[a.tile or ""]
        rest = list(hand)
        if a.type == PUNG:
            rest.remove(tile)
            rest.remove(tile)
        else:
            for t in _CHOW_USED[a.tiles or ""]:
                if t != tile:
                    rest.remove(t)
        after = _best_after_discard(rest, laizi) if rest else -1
        if len(_CLAIM_SHANTEN) >= _CLAIM_SHANTEN_LIMIT:
            _CLAIM_SHANTEN.clear()
        if after < now or (after == now and not state.melds[seat]):
            return a
    return (
        next((a for a in legal if a.type == PASS), None)
        if HU not in {a.type for a in legal}
        else None
    )


class _ChowTiles(dict[str, tuple[int, ...]]):
    """A chow action's ``tiles`` string -> its kinds (parsed once)."""

    def __missing__(self, key: str) -> tuple[int, ...]:
        kinds = self[key] = tuple(parse_tiles(key))
        return kinds


_CHOW_USED = _ChowTiles()

_CLAIM_SHANTEN: dict[tuple[tuple[int, ...], int, int], int] = {}
"""The claim decision's shanten values: key (hand, 癞子, -2) for the hand now, (rest, 癞子, -1)
for the best discard after a meld (a seat sees several discards with the same hand)."""
_CLAIM_SHANTEN_LIMIT = 20_000


def _best_after_discard(rest: list[int], laizi: int) -> int:
    """min(_bot_shanten(rest minus t) for t in set(rest)), one cached table step per kind."""
    key = (tuple(rest), laizi, -1)
    found = _CLAIM_SHANTEN.get(key)
    if found is None:
        found = _CLAIM_SHANTEN[key] = _best_after_discard_of(rest, laizi)
    return found


def _best_after_discard_of(rest: list[int], laizi: int) -> int:
    keys, jokers = _keys(rest, laizi)
    kinds = sorted({t for t in rest if t != laizi})
    need = (len(rest) - 1) // 3
    vals = after_discards_keys(keys, need, jokers, kinds)
    if jokers:  # discarding a 癞子: the same keys with one joker less
        vals.append(shanten_keys(keys, need, jokers - 1))
    return min(vals)


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


def _number(value: Any) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


RULES = WuhanRules()
