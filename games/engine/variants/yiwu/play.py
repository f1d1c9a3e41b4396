"""Yiwu (义乌麻将) play: the variant's hooks on the generic machine (docs/engine-variants.md).

Rules: shared/rules/yiwu.md. Win legality and scoring come from ``scoring``/``shapes`` (the same
functions the calculator uses), so live play and the calculator cannot disagree.

Wall layout (§4.2). The shuffled wall ``T`` is dealt from the head in rounds of 4-4-4-1 plus the
dealer's extra tile. ``T[134]`` is the indicator (its face is the 财神 C) and ``T[135]`` lies under
it; both are out of play. ``T[132]`` and ``T[133]`` are the last tiles of the live wall and are never
drawn (replacements take the third tile from the end). The core draws replacements from the end of
``state.wall``, so after the deal the four never-drawn tiles are moved just in front of the next
replacement tile, and moved one step further after every replacement: the core's tail sequence is
then exactly ``T[131], T[130], ...`` while every tile stays in the wall slice the core counts.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any, Final

from games.engine.actions import (
    CHOW,
    HU,
    KONG_ADDED,
    KONG_CONCEALED,
    KONG_EXPOSED,
    PUNG,
    Action,
)
from games.engine.core import WIN_ROB, WIN_SELF, Events, Rules, add_score, replace
from games.engine.state import N_SEATS, PHASE_CHOICE, HandState, WinContext
from games.engine.tiles import Meld, format_tiles, tile_str
from games.engine.variants.yiwu import scoring
from games.engine.variants.yiwu.bot import bot_pick
from games.engine.variants.yiwu.shapes import (
    HAND_SIZE,
    NO_TILE,
    WHITE,
    Prepared,
    is_winning_shape,
    natural_face,
    prepare,
    wins_with_prepared,
)
from games.engine.wall import roll_die

LIVE: Final = 134
"""Tiles in the live wall L (the indicator stack is out of play, §4.2)."""
INDICATOR_STACK: Final = 2
"""The indicator and the tile under it (§3.1, A2)."""
DEAD_TAIL: Final = 4
"""Never-drawn tiles at the wall's end: two orphans of L plus the indicator stack."""
RESERVE = {0: 34, 1: 14, 2: 6}
"""§4.5: reserve R in tiles by the highest 飘 count made so far this hand."""
MAIZI = "maizi"
XIAZI = "xiazi"
BET = "bet"


class YiwuRules(Rules):
    key = "yiwu"
    hand_size = 13
    has_chow = False  # chows come from claim_extras: 白板 plays the 财神 face in them (§3.2, §6.1)
    multi_win = False  # §6.2 A7: one winner, the nearest counter-clockwise
    choice_kind: str | None = BET  # §12: 买子 in a tenure's first hand, 下子 after a dealer win
    reserve_blocks_replacements = False  # §4.5: replacements may eat into the reserve

    # -- set-up (§2, §4, §12) ------------------------------------------------------------------------

    def init_ext(
        self, options: dict[str, Any], dealer: int, carry: dict[str, Any] | None
    ) -> dict[str, Any]:
        ext: dict[str, Any] = {
            "caishen": None, "dice": [0, 0], "piao": [0, 0, 0, 0], "piao_from": [-1, -1, -1, -1],
            "reserve": RESERVE[0], "locks": [], "mai": [0, 0, 0, 0], "xiazi": [0, 0, 0, 0],
            "offer": MAIZI, "offer_m": 0, "offer_seats": [0, 1, 2, 3],
        }  # fmt: skip
        if carry and carry.get("dealer") == dealer:  # the same dealer's tenure goes on
            ext["mai"] = list(carry.get("mai", [0, 0, 0, 0]))  # 连庄不退
            xiazi = list(carry.get("xiazi", [0, 0, 0, 0]))
            m = carry.get("dealer_win_multiplier")
            if m:
                xiazi = scoring.next_xiazi(dealer, xiazi, scoring.DEALER_WIN, m, ())
                ext["offer"], ext["offer_m"] = XIAZI, m
                ext["offer_seats"] = [s for s in range(N_SEATS) if s != dealer and xiazi[s] == 0]
            else:
                ext["offer"], ext["offer_seats"] = None, []  # after a 流局 nothing changes
            ext["xiazi"] = xiazi
        return ext

    def after_deal(self, state: HandState, events: Events) -> HandState:
        wall = state.wall
        hands: list[list[int]] = [[], [], [], []]
        i = 0
        for _ in range(3):
            for k in range(N_SEATS):
                hands[(state.dealer + k) % N_SEATS].extend(wall[i : i + 4])
                i += 4
        for k in range(N_SEATS):
            hands[(state.dealer + k) % N_SEATS].append(wall[i])
            i += 1
        hands[state.dealer].append(wall[i])  # wall[52], the core's `drawn`
        caishen = wall[LIVE]
        dice = _dice(state)
        offer_seats = state.ext["offer_seats"]
        state = replace(
            state,
            hands=tuple(tuple(sorted(h)) for h in hands),
            wall=wall[: LIVE - 3] + wall[LIVE - 2 :] + (wall[LIVE - 3],),
            choices=tuple(None if s in offer_seats else 0 for s in range(N_SEATS)),
            ext={**state.ext, "caishen": caishen, "dice": dice},
        )
        events[0] = {
            **events[0],
            "hands": [format_tiles(h) for h in state.hands],
            "wall_remaining": _live(state),
        }
        events.append({
            "type": "caishen", "indicator": tile_str(caishen), "caishen": tile_str(caishen), "dice": dice,
            "baiban_as": tile_str(caishen) if caishen != WHITE else None,
        })  # fmt: skip
        if state.ext["offer"]:
            events.append({"type": "bet_offer", "kind": state.ext["offer"], "seats": list(offer_seats),
                           "value": state.ext["offer_m"] if state.ext["offer"] == XIAZI else 2})  # fmt: skip
        return state

    def choice_actions(self, state: HandState, seat: int) -> list[Action]:
        kind = state.ext["offer"]
        if kind is None or seat not in state.ext["offer_seats"]:
            return []
        shared = _BET_ACTS.get(kind)
        if shared is None:
            return [Action(seat, kind, choice=0), Action(seat, kind, choice=1)]
        return list(shared[seat])

    def choice_default(self, state: HandState, seat: int) -> Action:
        kind = state.ext["offer"]
        shared = _BET_ACTS.get(kind)
        if shared is None:
            return Action(seat, kind, choice=0)
        return shared[seat][0]

    def on_choices_done(self, state: HandState, events: Events) -> HandState:
        ext = state.ext
        mai, xiazi = list(ext["mai"]), list(ext["xiazi"])
        for s in ext["offer_seats"]:
            if state.choices[s] == 1:
                if ext["offer"] == MAIZI:
                    mai[s] = 1
                else:
                    xiazi[s] = ext["offer_m"]
        events.append({"type": "reveal", "kind": ext["offer"], "choices": list(state.choices), "mai": mai,
                       "xiazi": xiazi})  # fmt: skip
        new: HandState = replace(state, ext={**ext, "mai": mai, "xiazi": xiazi})
        return new

    # -- the wall (§4.4, §4.5) -----------------------------------------------------------------------

    def reserved_tail(self, state: HandState) -> int:
        # live_count = len(L) - (K mod 2) - R, with len(L) = 134 - head - K and tail = K
        k = state.tail
        return int(state.ext["reserve"]) + k % 2 + (len(state.wall) - LIVE)

    def can_kong_now(self, state: HandState) -> bool:
        return _wall_len(state) >= 3  # §4.4

    def claims_allowed_on_last_tile(self) -> bool:
        return True  # the reserve stays on the table; claims need no normal draw

    def after_draw(self, state: HandState, seat: int, tile: int, events: Events) -> HandState:
        ext = state.ext
        if any(lk[0] == seat for lk in ext["locks"]):  # §6.5: a draw is a 动牌
            locks = [lk for lk in ext["locks"] if lk[0] != seat]
            state = replace(state, ext={**ext, "locks": locks})
        if state.after_kong:
            state = _shift_dead_tail(state)
        return state

    # -- own turn ------------------------------------------------------------------------------------

    def discard_options(self, state: HandState, seat: int) -> list[int]:
        hand = state.hands[seat]
        kinds: list[int] = []
        last = -1
        for t in hand:  # sorted: its kinds in order, without building a set
            if t != last:
                if t < last:
                    kinds = sorted(set(hand))
                    break
                kinds.append(t)
                last = t
        c = state.ext["caishen"]
        if state.ext["piao"][seat] and hand.count(c) < 2:
            kinds.remove(c)  # §9.1: the exposed 财神 is locked
        return kinds

    def can_win(self, state: HandState, seat: int, tile: int | None, how: str) -> bool:
        # Every legal win has a winning shape: test it first from facts cached per 13-tile hand
        # (shapes.wins_with), and build the §15 situation only for the few hands that pass.
        c = state.ext["caishen"]
        hand = state.hands[seat]
        if tile is None:
            drawn = state.drawn
            if drawn is not None and drawn in hand:
                i = hand.index(drawn)
                if not _wins_with(
                    state.memo(seat), hand[:i] + hand[i + 1 :], state.melds[seat], c, drawn
                ):
                    return False
        elif tile == c:
            return False  # §3.1 A3: a discarded 财神 is dead
        elif not _wins_with(state.memo(seat), hand, state.melds[seat], c, tile):
            return False
        return legal_win(state, seat, tile, how)

    def can_meld(self, state: HandState, seat: int, mtype: str, tile: int) -> bool:
        c = state.ext["caishen"]
        if tile == c:
            return False  # §3.1: no 财神 in melds, a discarded 财神 is dead
        if mtype in (KONG_CONCEALED, KONG_ADDED) and state.drawn is None:
            return False  # §5.6: after a chow or pung, discard at once
        if (
            mtype == PUNG
            and state.ext["locks"]
            and natural_face(tile, c) in _locked(state, seat, "pung")
        ):
            return False  # §6.5 no-pung lock
        return True

    def claim_extras(
        self, state: HandState, seat: int, tile: int, from_seat: int, kind: str
    ) -> list[Action]:
        if kind != "discard" or seat != (from_seat + 1) % N_SEATS:
            return []  # §6.1: only the discarder's 下家 may chow
        return self.chow_options(state, seat, tile)

    def chow_options(self, state: HandState, seat: int, tile: int) -> list[Action]:
        """§6.1: two natural tiles from hand plus the discard, consecutive in one suit; 白板 = C."""
        c: int = state.ext["caishen"]
        i = (seat * 42 + tile) * 42 + c
        offers = _CHOW_OFFERS[i]
        if offers is None:
            offers = _CHOW_OFFERS[i] = _chow_offers(seat, tile, c)
        if not offers:
            return []
        hand = state.hands[seat]
        out = []
        for t1, t2, a in offers:
            if t1 in hand and t2 in hand:
                out.append(a)
        return out

    # -- claims, 飘 and locks (§6.5, §9, §10) -------------------------------------------------------------

    def on_claim_resolved(self, state: HandState, events: Events) -> HandState:
        claim = state.claim
        assert claim is not None
        ext = state.ext
        c = ext["caishen"]
        if claim.kind == "discard" and claim.tile == c:
            return _piao_discard(state, claim.from_seat, events)
        if not claim.options:
            return state  # nobody could claim: no lock
        face = natural_face(claim.tile, c)
        locks = list(ext["locks"])
        # tongquan_lock events are private: a lock tells that the seat could win or pung the tile
        for s, opts in claim.options:
            resp = next((a for a in claim.responses if a.seat == s), None)
            if resp is None:
                continue
            types = {a.type for a in opts}
            stamp = len(state.melds[s])
            if HU in types and resp.type != HU:
                locks.append([s, face, "win", stamp])
                events.append({"type": "tongquan_lock", "seat": s, "tile": tile_str(face),
                               "lock": "win", "private": True})  # fmt: skip
            if PUNG in types and resp.type not in (PUNG, KONG_EXPOSED, HU):
                locks.append([s, face, "pung", stamp])
                events.append({"type": "tongquan_lock", "seat": s, "tile": tile_str(face),
                               "lock": "pung", "private": True})  # fmt: skip
        if len(locks) != len(ext["locks"]):
            state = replace(state, ext={**ext, "locks": locks})
        return state

    # -- wins and settlement (§8, §10, §11, §13) ----------------------------------------------------------

    def score_wins(
        self, state: HandState, wins: list[WinContext]
    ) -> tuple[HandState, list[dict[str, Any]]]:
        ext = state.ext
        records = []
        for w in wins:
            if w.how == WIN_SELF:
                concealed = list(state.hands[w.seat])
                manner = scoring.GANGKAI if w.after_kong else scoring.ZIMO
            else:
                concealed = [*state.hands[w.seat], w.tile]
                manner = scoring.QIANGGANG if w.how == WIN_ROB else scoring.FANGCHONG
            sc = scoring.score_win(
                concealed, state.melds[w.seat], ext["caishen"], winner=w.seat, dealer=state.dealer,
                manner=manner, win_tile=w.tile, discarder=w.from_seat, piao=ext["piao"], mai=ext["mai"],
                xiazi=ext["xiazi"], feeder=contractor(state),
            )  # fmt: skip
            pattern_m = scoring.hand_multiplier(
                [p for p in sc.patterns if p != scoring.FAN_CHENGBAO]
            )
            records.append({
                "patterns": sc.patterns, "multiplier": sc.multiplier, "value": sc.multiplier,
                "pattern_multiplier": pattern_m, "payer": sc.payer, "deltas": sc.deltas,
            })  # fmt: skip
        return state, records

    def settle_draw(self, state: HandState, events: Events) -> HandState:
        ext = state.ext
        deltas = scoring.draw_deltas(state.dealer, ext["piao"], ext["mai"], ext["xiazi"])
        return add_score(state, deltas, "draw_settlement", events)

    def settle_escape(self, state: HandState, seat: int, events: Events) -> tuple[HandState, bool]:
        # A22: no Yiwu escape penalty; the platform's bot plays the seat to the end of the hand
        return state, False

    def carry_out(self, state: HandState) -> dict[str, Any]:
        result = state.result or {}
        nxt = result.get("next_dealer", state.dealer)
        dealer_win = next((w for w in state.wins if w["seat"] == state.dealer), None)
        same = nxt == state.dealer
        return {
            "dealer": nxt if same else None,  # a new dealer starts a new tenure (§12)
            "previous_dealer": state.dealer,
            "mai": list(state.ext["mai"]) if same else [0, 0, 0, 0],
            "xiazi": list(state.ext["xiazi"]) if same else [0, 0, 0, 0],
            "dealer_win_multiplier": dealer_win["pattern_multiplier"]
            if dealer_win and same
            else None,
        }

    # -- observation ---------------------------------------------------------------------------------

    def public_info(self, state: HandState, viewer: int | None) -> dict[str, Any]:
        ext = state.ext
        c = ext["caishen"]
        return {
            "wild": tile_str(c), "caishen": tile_str(c), "indicator": tile_str(c),
            "baiban_as": tile_str(c) if c != WHITE else None, "dice": list(ext["dice"]),
            "reserve": ext["reserve"], "mai": list(ext["mai"]), "xiazi": list(ext["xiazi"]),
            "bet_offer": ext["offer"] if state.phase == PHASE_CHOICE else None, "contractor": contractor(state),
        }  # fmt: skip

    def public_seat_info(self, state: HandState, seat: int, viewer: int | None) -> dict[str, Any]:
        piao = state.ext["piao"][seat]
        return {"piao": piao, "exposed_caishen": tile_str(state.ext["caishen"]) if piao else None}

    # -- bots ------------------------------------------------------------------------------------------

    def bot_choice(self, state: HandState, seat: int, legal: list[Action]) -> Action | None:
        return bot_pick(state, seat, legal)


# ================================================================================================
# Helpers
# ================================================================================================


def legal_win(state: HandState, seat: int, tile: int | None, how: str) -> bool:
    """§15 on the live state: the calculator's ``is_legal_win`` for this seat's hand, the tile and
    the manner, the 飘 and the locks. ``YiwuRules.can_win`` asks it only of a hand that passed the
    cached shape test (a legal win has a winning shape)."""
    c = state.ext["caishen"]
    if tile is None:
        concealed = state.hands[seat]
        win_tile = state.drawn
        manner = scoring.GANGKAI if state.after_kong else scoring.ZIMO
    else:
        if tile == c:
            return False  # §3.1 A3: a discarded 财神 is dead
        concealed = state.hands[seat] + (tile,)
        win_tile = tile
        manner = scoring.QIANGGANG if how == WIN_ROB else scoring.FANGCHONG
    piao = state.ext["piao"]
    situation = scoring.WinSituation(
        manner, win_tile, piao[seat], max(piao[s] for s in range(N_SEATS) if s != seat),
        frozenset(_locked(state, seat, "win")),
    )  # fmt: skip
    return scoring.is_legal_win(concealed, state.melds[seat], c, situation, check_tiles=False)


_PREPARED_OF: Final = "yiwu.prepared"
"""``HandState.memo(seat)`` key: the last 13-tile hand ``can_win`` asked about, with its 财神 and
``shapes.prepare``. A seat's hand stays the same object through the claim windows of the other
seats' discards, and its hand before a draw (or after drawing and discarding the same tile) is the
one tested last (tuples are immutable and the memo holds on to them: the same or an equal hand,
the same facts). A hand seen before that is rarely seen again: no other cache."""
_EMPTY_PREP: Final[Prepared] = (NO_TILE, [], 0, 0, 0, 0, 0, 0, False)
_NOTHING_PREPARED: Final[tuple[tuple[int, ...], int, Prepared]] = ((), -1, _EMPTY_PREP)


def _wins_with(
    memo: dict[str, Any], hand: tuple[int, ...], melds: tuple[Meld, ...], c: int, tile: int
) -> bool:
    """``shapes.wins_with(hand, melds, c, tile)``, from the seat's last hand when it is the same."""
    if len(hand) + 1 + 3 * len(melds) != HAND_SIZE:
        return False
    seen: tuple[tuple[int, ...], int, Prepared] = memo.get(_PREPARED_OF, _NOTHING_PREPARED)
    if c == seen[1] and (hand is seen[0] or hand == seen[0]):
        prep = seen[2]
        if hand is not seen[0]:
            memo[_PREPARED_OF] = (hand, c, prep)
    else:
        prep = prepare(hand, c)
        memo[_PREPARED_OF] = (hand, c, prep)
    if prep[0] == NO_TILE:
        return False
    return wins_with_prepared(prep, hand, melds, c, tile)


def _dice(state: HandState) -> list[int]:
    basis = state.seed if state.seed is not None else ",".join(map(str, state.wall))
    rng = random.Random("yiwu-dice:" + hashlib.sha256(basis.encode()).hexdigest())
    return [roll_die(rng) + roll_die(rng), roll_die(rng) + roll_die(rng)]


def _wall_len(state: HandState) -> int:
    """len(L): live-wall tiles not yet drawn (§4.2); the indicator stack is not in L."""
    return len(state.wall) - INDICATOR_STACK - state.head - state.tail


def _live(state: HandState) -> int:
    return _wall_len(state) - state.tail % 2 - int(state.ext["reserve"])


def _shift_dead_tail(state: HandState) -> HandState:
    """After replacement number K, move the next replacement tile T[131-K] behind the dead block."""
    wall = state.wall
    end = len(wall) - state.tail  # the dead block is wall[end-4:end]
    nxt = end - DEAD_TAIL - 1
    if nxt < state.head:
        return state  # no replacement is possible any more (len(L) < 3)
    moved = wall[:nxt] + wall[nxt + 1 : end] + (wall[nxt],) + wall[end:]
    new: HandState = replace(state, wall=moved)
    return new


def _physical(face: int, caishen: int) -> int | None:
    """The physical tile that plays ``face`` naturally: 白板 for C, else the face itself."""
    if face == caishen:
        return WHITE if caishen != WHITE else None
    return face


_CHOW_OFFERS: Final[list[tuple[tuple[int, int, Action], ...] | None]] = [None] * (N_SEATS * 42 * 42)
"""At (seat * 42 + discard) * 42 + 财神: the chows it could make, (hand tile, hand tile, action);
None until asked."""

_BET_ACTS: Final[dict[str, tuple[tuple[Action, ...], ...]]] = {
    kind: tuple((Action(s, kind, choice=0), Action(s, kind, choice=1)) for s in range(N_SEATS))
    for kind in (MAIZI, XIAZI)
}
"""Each seat's two answers to a 买子/下子 offer (actions are immutable: one shared instance)."""


def _chow_offers(seat: int, tile: int, c: int) -> tuple[tuple[int, int, Action], ...]:
    if tile == c:
        return ()
    face = natural_face(tile, c)
    if face >= 27:
        return ()
    out = []
    base = face - face % 9
    for low in (face - 2, face - 1, face):
        if low < base or low > base + 6:
            continue
        maybe = [_physical(f, c) for f in range(low, low + 3) if f != face]
        need = [t for t in maybe if t is not None]
        if len(need) != len(maybe):
            continue
        action = Action(seat, CHOW, tile=tile_str(tile), tiles=format_tiles([tile, *need]))
        out.append((need[0], need[1], action))  # two distinct faces, one tile each
    return tuple(out)


def _locked(state: HandState, seat: int, kind: str) -> set[int]:
    stamp = len(state.melds[seat])
    return {
        lk[1] for lk in state.ext["locks"] if lk[0] == seat and lk[2] == kind and lk[3] == stamp
    }


def _piao_discard(state: HandState, seat: int, events: Events) -> HandState:
    """§9.1: a 财神 discard with a 财神 left is a 飘; with none left it is a 错飘 (§9.4)."""
    ext = state.ext
    c = ext["caishen"]
    if c not in state.hands[seat]:
        events.append({"type": "cuopiao", "seat": seat})
        return state
    piao = list(ext["piao"])
    piao[seat] = piao[seat] + 1
    piao_from = list(ext["piao_from"])
    if piao_from[seat] < 0:
        piao_from[seat] = len(state.melds[seat])
    reserve = RESERVE[min(max(piao), 2)]
    events.append(
        {
            "type": "piao",
            "seat": seat,
            "count": piao[seat],
            "exposed": tile_str(c),
            "reserve": reserve,
        }
    )
    new: HandState = replace(
        state, ext={**ext, "piao": piao, "piao_from": piao_from, "reserve": reserve}
    )
    return new


def contractor(state: HandState) -> int | None:
    """§10: the first seat to feed the 飘 player two claims after its first 飘 (A18)."""
    ext = state.ext
    for p in range(N_SEATS):
        start = ext["piao_from"][p]
        if start < 0:
            continue
        feeds = [0, 0, 0, 0]
        for m in state.melds[p][start:]:
            if m.from_ is None or m.type == KONG_CONCEALED:
                continue
            f = (p + m.from_) % N_SEATS
            feeds[f] = feeds[f] + 1
            if feeds[f] == 2:
                return f
    return None


# -- bot ----------------------------------------------------------------------------------------------


def is_complete(state: HandState, seat: int) -> bool:
    """Does the seat's current concealed hand plus melds form a winning shape?"""
    return is_winning_shape(state.hands[seat], state.melds[seat], state.ext["caishen"])


RULES = YiwuRules()
