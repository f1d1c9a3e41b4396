"""Fuzhou (福州麻将) play: the variant's hooks on the generic machine (shared/rules/fuzhou.md).

Scoring and settlement come from the calculator modules (``scoring``, ``settle``), so live play and
the hand calculator cannot disagree. What this module adds (section numbers of fuzhou.md):

* §3.2 the deal in four rounds of four tiles, the dice; §4.1 the initial 补花 rounds and §4.2
  replacement during play; §5 开金 (a flower turned up goes to the dealer; the indicator is set
  aside, three golds are live);
* §6 the reserve R = 18 + E + 2C + 2Q, and the final group of up to four tiles drawn without
  discards, a win in it being taken automatically;
* §8 claims (chow from the previous player, 碰 over 吃, 胡 over all, one winner: 金雀 first, then
  the nearest), §9 the dead discarded gold and the gold-discarder;
* §11 天胡, both 抢金 kinds in one window after the dealer's first discard (闲家 in turn order,
  then the dealer), 三金倒 also after a chow or pung;
* §2.1 dealer retention and the streak S in ``carry``; §14 the escape penalty, which leaves the
  table (the one point movement that does not sum to zero).
"""

from __future__ import annotations

from typing import Any, Final

from games.engine import core
from games.engine.actions import CLAIM_PRIORITY, HU, KONG_ADDED, KONG_CONCEALED, Action
from games.engine.bots import _pick_discard
from games.engine.core import (
    WIN_DISCARD,
    WIN_SELF,
    Events,
    Rules,
    draw_tile,
    live_count,
    parse_tile,
    replace,
)
from games.engine.encoding import GROUP as _GROUP
from games.engine.encoding import WEIGHT as _WEIGHT
from games.engine.hand import win_from_keys
from games.engine.state import N_SEATS, PHASE_OVER, PHASE_TURN, TABLE, HandState, WinContext
from games.engine.tiles import meld_to_json, tile_str
from games.engine.variants.fuzhou import scoring
from games.engine.variants.fuzhou.deal import (
    _deal_in_rounds,
    _dice,
    _is_flower,
    gold_of,
    initial_flowers,
    is_gold_discarder,
    open_gold,
    reserve_of,
)
from games.engine.variants.fuzhou.keys import (
    _NEED,
    _W0,
    SuitKeys,
    _need_of,
    _plain,
    _wins_with,
    may_win,
    suit_keys,
    wins_with_tile,
)
from games.engine.variants.fuzhou.settle import (
    FINAL_GROUP_MAX,
    SeatHolding,
    escape_penalty,
    next_dealership,
)
from games.engine.wall import dice_seat

QIANGJIN: Final = "qiangjin"
"""Action: rob the opened gold (§11.3). A non-dealer's is a claim in the window after the dealer's
first discard (tile = the gold); the dealer's is his first discard made together with the robbing
(tile = the discarded tile)."""
SANJINDAO: Final = "sanjindao"
"""Action: declare 三金倒 on an own turn without a fresh draw (after a chow or pung, §7.6)."""

# The constants of the hot paths as this module's own names.
_HU: Final = HU
_KONG_ADDED: Final = KONG_ADDED
_KONG_CONCEALED: Final = KONG_CONCEALED
_WIN_DISCARD: Final = WIN_DISCARD
_WIN_ROB: Final = core.WIN_ROB
_WIN_SELF: Final = WIN_SELF
_PHASE_TURN: Final = PHASE_TURN
_TILE_STR: Final = tuple(tile_str(k) for k in range(42))


# -- fast win tests -------------------------------------------------------------------------------
# A live hand holds suited tiles only (honours are flowers, laid down at once) and at most four of
# a face, so a win test is the standard test on its group keys with the golds taken out as
# wildcards: the m, p and s keys are base-5 count vectors (games.engine.hand), the honour key is 0.
# can_win, the dealer's 抢金 and the non-dealers' 抢金 read these keys; any other hand (a flower, a
# fifth copy, a meld where none is expected) takes the reference path (scoring.is_legal_win).


_HeldKeys = tuple[tuple[int, ...], int, SuitKeys | None, tuple[int, int, int] | None]
_KEYS_OF: Final = "fuzhou.keys"
"""``HandState.memo(seat)`` key: the last held hand a claim window tested, as (the hand tuple
itself, gold, keys, and its ``_NEED`` once a discard test asked for it). A claim window asks every
other seat about the same held hand, so an identity check (the tuple is kept alive in the memo,
and tuples are immutable) finds it
without hashing the hand; an equal hand in a new tuple reuses the entry, and the seat's self-draw
test (of that hand plus the drawn tile) reads its need when the keys match."""
_NO_KEYS: Final[_HeldKeys] = ((), -1, None, None)


_RESERVE_OF: Final = "fuzhou.reserve"
"""``HandState.memo(TABLE)`` key: (melds, flowers, R) of the last reserve computed: the state's
tuples themselves, kept alive in the memo, so an identity check means the same contents (tuples
and melds are immutable)."""
_NO_RESERVE: Final[tuple[object, object, int]] = (None, None, 0)


class FuzhouRules(Rules):
    key = "fuzhou"
    tile_kinds = tuple(range(42))
    hand_size = 16
    has_chow = True
    multi_win = True  # every able seat is asked; on_claim_resolved keeps the one §8.2 winner
    reserve_blocks_replacements = False  # replacements come from the reserve (F9)
    claim_priority = {**CLAIM_PRIORITY, QIANGJIN: CLAIM_PRIORITY[HU] + 1}

    # -- tiles, wall, reserve ---------------------------------------------------------------------

    def copies_of(self, kind: int) -> int:
        return 1 if kind >= 34 else 4  # §1: 144 tiles, seasons and plants once each

    def reserved_tail(self, state: HandState) -> int:
        """§6.1 R = 18 + E + 2C + 2Q; frozen once the final group has begun (F8)."""
        ext = state.ext
        if ext.get("final_group"):
            return int(ext["frozen_reserve"])
        all_melds, all_flowers = state.melds, state.flowers
        memo = state.memo(TABLE)
        last: tuple[object, object, int] = memo.get(_RESERVE_OF, _NO_RESERVE)
        if last[0] is all_melds and last[1] is all_flowers:
            return last[2]  # read on every live_count: the same tuples as last time, the same R
        value = reserve_of(all_melds, all_flowers)
        memo[_RESERVE_OF] = (all_melds, all_flowers, value)
        return value

    def set_aside(self, state: HandState) -> tuple[int, ...]:
        return tuple(state.ext.get("set_aside", ()))

    def init_ext(
        self, options: dict[str, Any], dealer: int, carry: dict[str, Any] | None
    ) -> dict[str, Any]:
        streak = int((carry or {}).get("streak", 0))
        return {
            "gold": None,
            "streak": streak,
            "set_aside": [],
            "dice": [],
            "final_group": False,
            "frozen_reserve": 0,
            "dealer_qiangjin": False,
            "qiangjin_seat": None,
        }

    # -- opening: deal, 补花, 开金 ----------------------------------------------------------------

    def after_deal(self, state: HandState, events: Events) -> HandState:
        state = _deal_in_rounds(state, events)
        dice = _dice(state)
        events.append({"type": "dice", "dice": dice})
        state = replace(state, ext={**state.ext, "dice": dice})
        state, dealer_last = initial_flowers(state, events)
        state = open_gold(state, events)
        extra = state.wall[64]
        drawn = extra if not _is_flower(extra) else dealer_last
        return replace(state, drawn=drawn, turn=state.dealer, phase=_PHASE_TURN)

    # -- drawing: 补花 during play and the final group --------------------------------------------

    def after_draw(self, state: HandState, seat: int, tile: int, events: Events) -> HandState:
        head_draw = not state.after_kong
        before = events[-2] if len(events) >= 2 else {}
        if not head_draw and before.get("type") == "kong" and before.get("kind") == _KONG_CONCEALED:
            before["face_down"] = True  # §8.3: a concealed kong's face is not shown (redact_events)
        if (
            head_draw
            and not state.ext.get("final_group")
            # live_count(state), with this rules object's reserve
            and len(state.wall) - state.head - state.tail - self.reserved_tail(state) + 1
            <= FINAL_GROUP_MAX
        ):
            frozen = self.reserved_tail(state)
            state = replace(state, ext={**state.ext, "final_group": True, "frozen_reserve": frozen})
            events.append({"type": "final_group", "tiles": live_count(state) + 1})
        if _is_flower(tile):
            state = self._lay_flower(state, seat, tile, events)
            if not state.ext.get("final_group"):
                return draw_tile(state, seat, events, tail=True)  # §4.2
        if state.ext.get("final_group"):
            return self._final_group_step(state, seat, events)
        return state

    def _lay_flower(self, state: HandState, seat: int, tile: int, events: Events) -> HandState:
        events.append({"type": "flower", "seat": seat, "tiles": tile_str(tile)})
        return replace(
            state,
            drawn=None,
            hands=core._set(state.hands, seat, core._remove(state.hands[seat], tile)),
            flowers=core._set(state.flowers, seat, state.flowers[seat] + (tile,)),
        )

    def _final_group_step(self, state: HandState, seat: int, events: Events) -> HandState:
        """§6.3: no discard; a win is declared by the core (forced_win); otherwise the next seat
        draws the next tile of the group, and an empty group ends the hand as a draw."""
        if state.drawn is not None and self.can_win(state, seat, None, _WIN_SELF):
            return state
        return draw_tile(replace(state, turn_kongs=()), (seat + 1) % N_SEATS, events)

    def forced_win(self, state: HandState, seat: int) -> bool:
        return bool(state.ext.get("final_group"))

    # -- own turn ---------------------------------------------------------------------------------

    def can_kong_now(self, state: HandState) -> bool:
        """F9: kongs at any D outside the final group; the replacement comes from the reserve."""
        return not state.ext.get("final_group") and len(state.wall) - state.head - state.tail > 0

    def claims_allowed_on_last_tile(self) -> bool:
        return True  # F9: D ≤ 0 only ends the hand when the next normal draw is due

    def can_meld(self, state: HandState, seat: int, mtype: str, tile: int) -> bool:
        """F5: no gold in any meld; §7.6: no kong on the turn of a chow or pung."""
        gold = gold_of(state)
        if mtype in (_KONG_CONCEALED, _KONG_ADDED) and state.drawn is None:
            return False
        if mtype == "chow":
            return gold not in (tile, tile + 1, tile + 2)
        return tile != gold

    def can_win(self, state: HandState, seat: int, tile: int | None, how: str) -> bool:
        """§10.3 via the calculator's is_legal_win; no 抢杠 in Fuzhou (F12).

        The hot path of every claim window: live hands are always well formed (no gold in a meld),
        so this is is_legal_win without its input checks, on the hand's cached group keys. A hand
        holding a flower (kinds 27 and up: the honours are flowers here, F1) never wins, as
        is_legal_win says: flowers are laid down and replaced at once."""
        ext_gold = state.ext.get("gold")
        if ext_gold is None or how == _WIN_ROB:
            return False
        gold = int(ext_gold)  # typed int from here (ext's values are Any)
        hand = state.hands[seat]
        if how == _WIN_DISCARD:
            assert tile is not None
            if tile == gold or gold in state.discards[seat]:
                return False
            memo = state.memo(seat)
            last: _HeldKeys = memo.get(_KEYS_OF, _NO_KEYS)
            if last[0] is not hand or last[1] != gold:
                if last[1] == gold and last[0] == hand:
                    # an equal hand in a new tuple (the seat threw the tile it drew)
                    last = memo[_KEYS_OF] = (hand, gold, last[2], last[3])
                else:
                    last = memo[_KEYS_OF] = (hand, gold, suit_keys(hand, gold), None)
            keys, need = last[2], last[3]
            if keys is None or tile >= 27:
                return False  # a flower held or offered
            if len(hand) + 3 * len(state.melds[seat]) != scoring.HAND_SIZE - 1:
                return False
            if need is None:
                need = _NEED.get(keys) or _need_of(keys)
                memo[_KEYS_OF] = (hand, gold, keys, need)
            g = _GROUP[tile]
            n = need[g]
            if n > 0:  # the common case inline: wins_with_tile's W0 test
                return _W0[keys[g] + _WEIGHT[tile]] == n
            return n < 0 and _wins_with(keys, need, tile)
        keys = suit_keys(hand, gold)
        if keys is None or (tile is not None and tile >= 27):
            return False  # a flower held or offered
        size = len(hand) + 3 * len(state.melds[seat])
        km, kp, ks, golds = keys
        if golds >= 3:
            return True  # 三金倒 (§11.5)
        if size != scoring.HAND_SIZE:
            return False
        # The held hand before the draw plus the drawn tile: that hand's keys were met in the
        # claim windows since its last discard, so the test mostly stops at its cached codes.
        drawn = state.drawn
        if drawn is None or drawn >= 27:
            return win_from_keys(km, kp, ks, 0, golds)
        if drawn == gold:
            return wins_with_tile((km, kp, ks, golds - 1), -1)
        g = _GROUP[drawn]
        w = _WEIGHT[drawn]
        if (km, kp, ks)[g] // w % 5 == 0:
            return win_from_keys(km, kp, ks, 0, golds)  # the drawn tile is not held (no state does)
        if g == 0:
            km -= w
        elif g == 1:
            kp -= w
        else:
            ks -= w
        held = (km, kp, ks, golds)
        # the held hand of the claim windows, left alone by self-draws
        held_keys: _HeldKeys = state.memo(seat).get(_KEYS_OF, _NO_KEYS)
        need = held_keys[3]
        if need is None or held_keys[1] != gold or held_keys[2] != held:
            need = _NEED.get(held) or _need_of(held)
        return _wins_with(held, need, drawn)

    def _dealer_can_rob(self, state: HandState, seat: int) -> list[int]:
        """§11.3 dealer 抢金: the discards after which his 16 tiles + the gold win."""
        if seat != state.dealer or state.n_discards:
            return []
        gold = gold_of(state)
        if gold is None:
            return []
        hand = state.hands[seat]
        if len(hand) + 3 * len(state.melds[seat]) != scoring.HAND_SIZE or not _plain(hand):
            return []  # (is_legal_win refuses a flower or a fifth copy)
        keys = suit_keys(hand, gold)
        assert keys is not None
        km, kp, ks, golds = keys
        if not may_win(km, kp, ks, golds + 3):
            # Each candidate asks whether the hand with one tile t turned into a gold wins; if it
            # does, the whole hand wins with three more golds (t and two golds make a pung), so a
            # hand that does not (most dealt hands) robs on nothing.
            return []
        out = []
        for t in sorted(set(hand)):
            if t == gold:  # the rest is the hand itself
                if golds <= scoring.LIVE_GOLDS + 1 and win_from_keys(km, kp, ks, 0, golds):
                    out.append(t)
                continue
            if golds + 1 > scoring.LIVE_GOLDS + 1:
                continue
            g = _GROUP[t]
            w = _WEIGHT[t]
            rm = km - w if g == 0 else km
            rp = kp - w if g == 1 else kp
            rs = ks - w if g == 2 else ks
            if may_win(rm, rp, rs, golds + 1) and win_from_keys(rm, rp, rs, 0, golds + 1):
                out.append(t)
        return out

    def own_turn_specials(self, state: HandState, seat: int) -> list[Action]:
        out = (
            [Action(seat, QIANGJIN, tile=tile_str(t)) for t in self._dealer_can_rob(state, seat)]
            if seat == state.dealer and not state.n_discards
            else []  # _dealer_can_rob's own first test, without the call on every turn
        )
        if state.drawn is None:  # the common turn (after a draw) skips the gold look-up
            gold = gold_of(state)
            if gold is not None and state.hands[seat].count(gold) >= 3:
                out.append(Action(seat, SANJINDAO, tile=tile_str(gold)))  # §11.5 after a chow/pung
        return out

    def apply_special(self, state: HandState, action: Action, events: Events) -> HandState:
        gold = gold_of(state)
        assert gold is not None
        if action.type == SANJINDAO:
            return core._do_wins(state, [action.seat], _WIN_SELF, None, gold, events, self)
        if action.type == QIANGJIN:
            tile = parse_tile(action.tile or "")
            events.append({"type": "qiangjin_declared", "seat": action.seat, "tile": action.tile})
            state = replace(state, ext={**state.ext, "dealer_qiangjin": True})
            return core._do_discard(state, action.seat, tile, events, self)
        return super().apply_special(state, action, events)

    # -- claims -----------------------------------------------------------------------------------

    def _qiangjin_window(self, state: HandState, from_seat: int, kind: str) -> bool:
        return kind == "discard" and from_seat == state.dealer and state.n_discards == 1

    def claim_extras(
        self, state: HandState, seat: int, tile: int, from_seat: int, kind: str
    ) -> list[Action]:
        """§11.3 non-dealer 抢金: 16 dealt tiles + the opened gold in the standard form."""
        if state.n_discards != 1 or not self._qiangjin_window(state, from_seat, kind):
            return []  # asked on every claim: the window's cheapest condition first
        gold = gold_of(state)
        if gold is None:
            return []
        hand = state.hands[seat]
        keys = suit_keys(hand, gold)
        won = (
            keys is not None
            and _plain(hand)
            and len(hand) + 1 + 3 * len(state.melds[seat]) == scoring.HAND_SIZE
            and keys[3] + 1 <= scoring.LIVE_GOLDS + 1
            and wins_with_tile(keys, -1)
        )
        return [Action(seat, QIANGJIN, tile=tile_str(gold))] if won else []

    def on_claim_resolved(self, state: HandState, events: Events) -> HandState:
        claim = state.claim
        assert claim is not None
        if not state.ext.get("dealer_qiangjin"):
            hu_count = 0
            for a in claim.responses:
                if a.type == _HU:
                    hu_count += 1
            if hu_count <= 1:
                return state  # nothing to add or drop (the common case, every claim window)
        responses = list(claim.responses)
        if state.ext.get("dealer_qiangjin") and self._qiangjin_window(
            state, claim.from_seat, claim.kind
        ):
            responses.append(
                Action(state.dealer, QIANGJIN, tile=tile_str(claim.tile))
            )  # ranks last (§11.3)
        hus = [a for a in responses if a.type == _HU]
        if len(hus) > 1:
            keep = min(
                hus,
                key=lambda a: (
                    not self._jinque_on(state, a.seat, claim.tile),
                    (a.seat - claim.from_seat) % N_SEATS,
                ),
            )
            responses = [a for a in responses if a.type != _HU or a is keep]  # §8.2: one winner
        if responses != list(claim.responses):
            state = replace(state, claim=replace(claim, responses=tuple(responses)))
        return state

    def _jinque_on(self, state: HandState, seat: int, tile: int) -> bool:
        gold = gold_of(state)
        assert gold is not None
        return scoring.is_jinque([*state.hands[seat], tile], gold)

    def apply_claim_special(self, state: HandState, action: Action, events: Events) -> HandState:
        """抢金: the opened gold enters the winner's hand (the fourth live gold) and he wins by
        self-draw."""
        gold = gold_of(state)
        assert gold is not None and action.type == QIANGJIN
        seat = action.seat
        events.append({"type": QIANGJIN, "seat": seat, "tile": tile_str(gold)})
        state = replace(
            state,
            hands=core._set(state.hands, seat, core._add(state.hands[seat], gold)),
            ext={**state.ext, "set_aside": [], "qiangjin_seat": seat},
            turn=seat,
            drawn=gold,
        )
        return core._do_wins(state, [seat], _WIN_SELF, None, gold, events, self)

    # -- scoring ----------------------------------------------------------------------------------

    def score_wins(
        self, state: HandState, wins: list[WinContext]
    ) -> tuple[HandState, list[dict[str, Any]]]:
        gold = gold_of(state)
        assert gold is not None
        records = []
        for w in wins:
            concealed = list(state.hands[w.seat])
            if w.how != _WIN_SELF:
                concealed.append(w.tile)
            special = None
            if state.ext.get("qiangjin_seat") == w.seat:
                special = scoring.QIANGJIN
            elif w.first_draw and w.seat == state.dealer:
                special = scoring.TIANHU
            ctx = scoring.WinContext(
                gold=gold,
                win_type=scoring.SELF_DRAW if w.how == _WIN_SELF else scoring.DISCARD,
                win_tile=w.tile,
                special=special,
                discarded_gold=is_gold_discarder(state, w.seat),
            )
            sc = scoring.score_win(
                concealed,
                state.melds[w.seat],
                ctx,
                flowers=state.flowers[w.seat],
                streak=int(state.ext["streak"]),
                winner=w.seat,
                discarder=w.from_seat,
            )
            patterns = sorted(sc.patterns, key=lambda p: -scoring.SPECIAL_FAN[p])
            records.append(
                {
                    "patterns": patterns,
                    "fan": sc.fan,
                    "points": sc.fan,
                    "huafan": sc.huafan,
                    "jin": sc.jin,
                    "lianzhuang": sc.lianzhuang,
                    "special_fan": sc.special_fan,
                    "deltas": list(sc.deltas),
                }
            )
        return state, records

    def settle_escape(self, state: HandState, seat: int, events: Events) -> tuple[HandState, bool]:
        """§14: the escaper pays P to nobody (the house books it): the only movement that does not
        sum to zero, so it bypasses core.add_score on purpose."""
        gold = gold_of(state)
        others = [
            SeatHolding(
                state.flowers[s],
                state.melds[s],
                state.hands[s].count(gold) if gold is not None else 0,
            )
            for s in range(N_SEATS)
            if s != seat
        ]
        penalty = escape_penalty(others, int(state.ext["streak"]))
        deltas = [0, 0, 0, 0]
        deltas[seat] = -penalty
        events.append(
            {
                "type": "score",
                "reason": "escape",
                "deltas": deltas,
                "forfeit": penalty,
                "seat": seat,
            }
        )
        scores = tuple(a + b for a, b in zip(state.scores, deltas, strict=True))
        return replace(state, scores=scores, ext={**state.ext, "forfeit": penalty}), True

    # -- the next hand ----------------------------------------------------------------------------

    def _winner(self, state: HandState) -> int | None:
        return state.wins[0]["seat"] if state.wins else None

    def next_dealer(self, state: HandState) -> int:
        """§2: a dealer win or a draw keeps the deal, otherwise it passes to d+1; after an escape a
        new game starts with a dealer rolled from the seed."""
        assert state.result is not None
        if state.result.get("reason") == "escape":
            return dice_seat(state.seed, "fuzhou-new-game") if state.seed else state.dealer
        dealer, _ = next_dealership(
            dealer=state.dealer, streak=int(state.ext["streak"]), winner=self._winner(state)
        )
        return dealer

    def carry_out(self, state: HandState) -> dict[str, Any]:
        assert state.result is not None
        if state.result.get("reason") == "escape":
            return {"streak": 0, "new_game": True, "forfeit": state.ext.get("forfeit", 0)}
        _, streak = next_dealership(
            dealer=state.dealer, streak=int(state.ext["streak"]), winner=self._winner(state)
        )
        return {"streak": streak}

    # -- what everyone sees -----------------------------------------------------------------------

    def public_info(self, state: HandState, viewer: int | None) -> dict[str, Any]:
        gold = gold_of(state)
        return {
            "wild": None if gold is None else tile_str(gold),
            "gold": None if gold is None else tile_str(gold),
            "dealer_streak": int(state.ext["streak"]),
            "reserve": self.reserved_tail(state),
            "final_group": bool(state.ext.get("final_group")),
            "dice": list(state.ext.get("dice", [])),
        }

    def public_seat_info(self, state: HandState, seat: int, viewer: int | None) -> dict[str, Any]:
        info: dict[str, Any] = {
            "gold_discarder": is_gold_discarder(state, seat),
            "huafan": scoring.flower_points(state.flowers[seat], state.melds[seat]),
        }
        if (
            seat != viewer
            and state.phase != PHASE_OVER
            and any(m.type == _KONG_CONCEALED for m in state.melds[seat])
        ):
            # §8.3: a concealed kong is set aside face down; that it exists is public, its face is not
            info["melds"] = [
                {"type": _KONG_CONCEALED, "tiles": None}
                if m.type == _KONG_CONCEALED
                else meld_to_json(m)
                for m in state.melds[seat]
            ]
        return info

    # -- bots -------------------------------------------------------------------------------------

    def bot_choice(self, state: HandState, seat: int, legal: list[Action]) -> Action | None:
        """Rob the gold and declare 三金倒 whenever possible; never throw a gold (it is a wildcard
        and throwing it bars discard wins, §9); pick other discards on the non-gold tiles."""
        gold = gold_of(state)
        gold_str = None if gold is None else _TILE_STR[gold]
        discards = []
        other = False  # a win or a kong is on offer: the generic greedy choice decides
        for a in legal:
            typ = a.type
            if typ == "discard":
                # legal actions carry tile_str's spelling, so comparing strings compares faces
                if a.tile is not None and a.tile != gold_str:
                    discards.append(a)
            elif typ == QIANGJIN or typ == SANJINDAO:
                return a
            elif typ == _HU or typ == _KONG_CONCEALED or typ == _KONG_ADDED:
                other = True
        if state.phase != _PHASE_TURN or other or not discards:
            return None
        hand = list(state.hands[seat])
        if gold in hand:
            hand = [t for t in hand if t != gold]
        return _pick_discard(hand, discards, False)


RULES = FuzhouRules()
