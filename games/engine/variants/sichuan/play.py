"""Sichuan (四川麻将) and 血战到底 play: the variant's hooks on the generic machine.

Rules: shared/rules/sichuan.md. Scoring and settlement come from the calculator module
``games.engine.variants.sichuan.scoring`` (score, draw_settlement, escape_settlement), so live play
and the hand calculator can never disagree. Options: ``{"bloody": bool}`` (血战到底, §9).
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any, Final

from games.engine.actions import DINGQUE, Action
from games.engine.core import WIN_SELF, Events, Rules, add_score, live_count, replace
from games.engine.encoding import WEIGHT as _WEIGHT
from games.engine.hand import SUIT_W0
from games.engine.state import N_SEATS, HandState, WinContext
from games.engine.variants.sichuan import scoring, settle
from games.engine.wall import dice_seat, seed_basis

SUITS: Final = ("m", "p", "s")
_BASE: Final = {"m": 0, "p": 9, "s": 18}
LAST_FOUR: Final = 4
"""§7: from the moment the live wall holds this many tiles or fewer, wins are taken automatically."""


def void_of(state: HandState, seat: int) -> str | None:
    """The seat's declared void suit (定缺), None before the declaration."""
    void: str | None = state.choices[seat]
    return void


def holds_void(state: HandState, seat: int) -> bool:
    void: str | None = state.choices[seat]
    if void is None:
        return False
    lo = _BASE[void]
    return any(lo <= t < lo + 9 for t in state.hands[seat])


def _distinct(hand: tuple[int, ...], i: int, j: int) -> list[int]:
    """The distinct kinds of the sorted ``hand[i:j]``, in order (``sorted(set(hand[i:j]))``)."""
    out: list[int] = []
    prev = -1
    for k in range(i, j):
        t = hand[k]
        if t != prev:
            out.append(t)
            prev = t
    return out


def fewest_suit(hand: tuple[int, ...]) -> str:
    """§2.2 default: the suit held fewest times; ties in the order m, p, s."""
    n = [0, 0, 0]
    for t in hand:
        n[t // 9] = n[t // 9] + 1
    return SUITS[n.index(min(n))]


_DINGQUE_ACTS: Final = tuple(
    tuple(Action(seat, DINGQUE, choice=s) for s in SUITS) for seat in range(N_SEATS)
)
"""The three 定缺 actions of each seat (actions are immutable: shared, as core shares its own)."""


class SichuanRules(Rules):
    key = "sichuan"
    tile_kinds = tuple(range(27))
    hand_size = 13
    has_chow = False  # §3.2: no chow
    multi_win = True  # §3.2.2: 一炮多响
    choice_kind: str | None = DINGQUE

    # -- 定缺 (§2) ----------------------------------------------------------------------------------

    def choice_actions(self, state: HandState, seat: int) -> list[Action]:
        return list(_DINGQUE_ACTS[seat])

    def choice_default(self, state: HandState, seat: int) -> Action:
        return _DINGQUE_ACTS[seat][SUITS.index(fewest_suit(state.hands[seat]))]

    # -- own turn (§2.5, §3.1) ---------------------------------------------------------------------

    def discard_options(self, state: HandState, seat: int) -> list[int]:
        hand = state.hands[seat]  # sorted
        void: str | None = state.choices[seat]
        if void is not None:
            lo = _BASE[void]
            i = bisect_left(hand, lo)
            if i < len(hand) and hand[i] < lo + 9:
                return _distinct(hand, i, bisect_left(hand, lo + 9, i))  # 先打缺
        return _distinct(hand, 0, len(hand))

    def can_meld(self, state: HandState, seat: int, mtype: str, tile: int) -> bool:
        void: str | None = state.choices[seat]
        if void is None:
            return True
        lo = _BASE[void]
        return not lo <= tile < lo + 9  # §2.4

    def can_win(self, state: HandState, seat: int, tile: int | None, how: str) -> bool:
        """§4: standard shape or seven pairs (no melds), no void-suit tile anywhere."""
        void: str | None = state.choices[seat]
        if void is None:
            return False
        hand = state.hands[seat]  # sorted
        memo = state.memo(seat)
        last: tuple[tuple[int, ...], str, int] = memo.get(_MASKS_OF, _NO_MASKS)
        if tile is None:
            # A self-draw: the hand less one tile, tested with that tile. The drawn one, when
            # there is one: the hand before the draw was win-masked on the discards that went
            # round since (a claim test each), so its mask usually answers this too.
            lo = _BASE[void]
            i = bisect_left(hand, lo)
            if i < len(hand) and hand[i] < lo + 9:
                return False  # a void-suit tile held (the drawn one too): no slicing, no look-up
            tile = state.drawn
            if tile is None or state.turn != seat or tile not in hand:
                tile = hand[-1]  # (the 14 tiles win exactly when this one completes the rest)
            i = bisect_left(hand, tile)
            hand = hand[:i] + hand[i + 1 :]
            if last[1] == void and last[0] == hand:
                masks = last[2]
            else:
                found = _WIN_MASKS.get((hand, lo))
                masks = _win_masks(hand, lo) if found is None else found
        elif last[0] is hand and last[1] == void:
            # a claim window asks every other seat about the hand it holds: the same tuple as
            # in the last window (kept alive in the memo, tuples are immutable), no hashing
            masks = last[2]
        elif last[1] == void and last[0] == hand:
            # an equal hand in a new tuple (the seat threw the tile it drew): the same masks
            masks = last[2]
            memo[_MASKS_OF] = (hand, void, masks)
        else:
            lo = _BASE[void]
            i = bisect_left(hand, lo)
            if i < len(hand) and hand[i] < lo + 9:
                masks = 0  # a void-suit tile held (most hands, early on): no dictionary look-up
            else:
                found = _WIN_MASKS.get((hand, lo))
                masks = _win_masks(hand, lo) if found is None else found
            memo[_MASKS_OF] = (hand, void, masks)
        # the masks have no bit for a void-suit tile (standard bits are cleared there, the seven
        # pairs single is a held tile): no separate test of the tile's suit
        return masks != 0 and bool(
            masks >> tile & 1 or (masks >> (tile + 27) & 1 and not state.melds[seat])
        )

    def forced_win(self, state: HandState, seat: int) -> bool:
        # §7; live_count without its rules look-up (Sichuan reserves no tail tiles)
        return len(state.wall) - state.head - state.tail <= LAST_FOUR

    # -- payments (§6) -----------------------------------------------------------------------------

    def kong_payments(
        self, state: HandState, seat: int, kind: str, tile: int, from_seat: int | None
    ) -> list[int]:
        amount = scoring.KONG_UNITS[kind] * scoring.BASE
        deltas = [0, 0, 0, 0]
        payers = (
            [from_seat]
            if kind == "kong_exposed"
            else [s for s in range(N_SEATS) if s != seat and not state.won[s]]
        )
        for p in payers:
            assert p is not None
            deltas[p] = deltas[p] - amount
            deltas[seat] = deltas[seat] + amount
        return deltas

    def _mode(self, state: HandState) -> str:
        return scoring.MODE_XUEZHAN if state.options.get("bloody") else scoring.MODE_NORMAL

    def score_wins(
        self, state: HandState, wins: list[WinContext]
    ) -> tuple[HandState, list[dict[str, Any]]]:
        won = frozenset(s for s in range(N_SEATS) if state.won[s])
        records = []
        transfer_ids = wins[0].kong_ids if wins[0].gangshangpao else ()
        transfer = sum(amt for i in transfer_ids for _, amt in state.kongs[i]["payments"])
        for w in wins:
            concealed = list(state.hands[w.seat])
            if w.how != WIN_SELF:
                concealed.append(w.tile)
            ctx = scoring.ScoreContext(
                missing_suit=state.choices[w.seat],
                mode=self._mode(state),
                won=won,
                gangshanghua=w.after_kong,
                gangshangpao=w.gangshangpao,
                kong_transfer=transfer,
                qianggang=w.how == "rob",
                first_draw=w.first_draw,
            )
            sc = scoring.score_legal(
                concealed,
                state.melds[w.seat],
                scoring.SELF_DRAW if w.how == WIN_SELF else scoring.DISCARD,
                w.seat,
                w.from_seat,
                state.dealer,
                ctx,
            )
            records.append(
                {
                    "patterns": sc.patterns,
                    "fan": sc.fan,
                    "points": sc.points,
                    "gen": sc.gen,
                    "deltas": list(sc.deltas),
                    "kong_transfer": transfer if w.gangshangpao else 0,
                    "qianggang": w.how == "rob",
                }
            )
        if transfer_ids:
            kongs = tuple(
                {**k, "transferred": True} if i in transfer_ids else k
                for i, k in enumerate(state.kongs)
            )
            state = replace(state, kongs=kongs)
        return state, records

    def continues_after_win(self, state: HandState) -> bool:
        return bool(state.options.get("bloody")) and state.won.count(False) >= 2  # §9.3

    # -- draw, escape (§8, §10, §9.6) -----------------------------------------------------------

    def _players(self, state: HandState) -> list[settle.PlayerHand]:
        out = []
        for s in range(N_SEATS):
            hand = state.hands[s]
            if not state.won[s] and len(hand) + 3 * len(state.melds[s]) == 14:
                hand = _best_thirteen(hand, state.melds[s], state.choices[s])
            out.append(
                settle.PlayerHand(
                    state.won[s], tuple(hand), tuple(state.melds[s]), state.choices[s]
                )
            )
        return out

    def _kong_records(self, state: HandState) -> list[settle.KongRecord]:
        return [
            settle.KongRecord(
                k["seat"], k["type"], 0, [(p, a) for p, a in k["payments"]], k["transferred"]
            )
            for k in state.kongs
        ]

    def settle_draw(self, state: HandState, events: Events) -> HandState:
        players = self._players(state)
        escaped = [s for s in range(N_SEATS) if state.escaped[s] and state.won[s]]
        deltas, pig, value = settle.draw_settlement_checks(
            players, self._kong_records(state), escaped, self._mode(state)
        )
        live = [s for s in range(N_SEATS) if not state.won[s]]
        if len(live) >= 2:
            # the settlement's own checks (the same 花猪 test and cached 大叫 values)
            pigs = [s for s in live if pig[s]]
            ready = {str(s): value[s] for s in live if not pig[s]}
            events.append({"type": "draw_check", "flower_pigs": pigs, "dajiao": ready})
        return add_score(state, deltas, "draw_settlement", events)

    def settle_escape(self, state: HandState, seat: int, events: Events) -> tuple[HandState, bool]:
        if state.won[seat]:
            return (
                state,
                False,
            )  # §9.6: a 血战 winner leaves; play goes on, no later refunds to them
        won = [s for s in range(N_SEATS) if state.won[s]]
        last_four = live_count(state) <= LAST_FOUR
        deltas = settle.escape_settlement(
            seat, won, last_four, self._players(state) if last_four else None, self._mode(state)
        )
        return add_score(state, deltas, "escape", events, seat=seat, last_four=last_four), True

    # -- next hand (§11) ---------------------------------------------------------------------------

    def next_dealer(self, state: HandState) -> int:
        result = state.result or {}
        if state.options.get("bloody") or result.get("reason") == "escape":
            return dice_seat(
                seed_basis(state.seed, state.wall), "next-dealer"
            )  # 血战: dice every hand; escape: players change
        if not state.wins:
            return state.dealer  # draw: 连庄
        first = state.wins[0]
        return int(first["seat"] if first["how"] == WIN_SELF else first["from"])

    def public_seat_info(self, state: HandState, seat: int, viewer: int | None) -> dict[str, Any]:
        revealed = all(c is not None for c in state.choices)
        return {"dingque": state.choices[seat] if revealed or viewer == seat else None}


_W0: Final = SUIT_W0
_WIN_MASKS: Final[dict[tuple[tuple[int, ...], int], int]] = {}
_MASKS_OF: Final = "sichuan.masks"
"""``HandState.memo(seat)`` key: the last held hand a claim window tested, as (the tuple itself,
the void, its ``_win_masks``)."""
_NO_MASKS: Final[tuple[tuple[int, ...], str, int]] = ((), "", 0)


def _win_masks(hand: tuple[int, ...], lo: int) -> int:
    """The kinds that complete ``hand`` (a seat's concealed tiles, sorted, void suit starting at
    ``lo``): bit t for a standard win, bit 27 + t for seven pairs (which also needs no melds); 0
    if a void-suit tile is held. Cached: a waiting hand meets a claim test on every discard of a
    round and a self-draw test once it draws.
    """
    if len(_WIN_MASKS) > 200_000:
        _WIN_MASKS.clear()
    i = bisect_left(hand, lo)
    if i < len(hand) and hand[i] < lo + 9:
        _WIN_MASKS[(hand, lo)] = 0
        return 0
    # the three suits' group keys and sizes, the held kinds and the odd-count kinds, in one pass
    k0 = k1 = k2 = n0 = n1 = n2 = seen = odd = 0
    weight = _WEIGHT
    for t in hand:
        if t < 9:
            k0 += weight[t]
            n0 += 1
        elif t < 18:
            k1 += weight[t]
            n1 += 1
        else:
            k2 += weight[t]
            n2 += 1
        seen |= 1 << t
        odd ^= 1 << t
    # A standard wait in suit X needs the other held suit Y complete (the void one is empty,
    # code 1): Y's code 1 or 8, impossible with 3n + 1 tiles. Neither complete: no standard bit,
    # and no code looked up (or filled) for a suit that cannot be.
    codes = _W0
    if lo == 0:
        may = (n1 % 3 != 1 and codes[k1] != 0) or (n2 % 3 != 1 and codes[k2] != 0)
    elif lo == 9:
        may = (n0 % 3 != 1 and codes[k0] != 0) or (n2 % 3 != 1 and codes[k2] != 0)
    else:
        may = (n0 % 3 != 1 and codes[k0] != 0) or (n1 % 3 != 1 and codes[k1] != 0)
    masks = scoring.standard_wait_mask(k0, k1, k2) & ~(0x1FF << lo) if may else 0
    if len(hand) == 13 and seen.bit_count() <= 7 and odd & (odd - 1) == 0:
        masks |= odd << 27  # the single of six pairs and a single
    _WIN_MASKS[(hand, lo)] = masks
    return masks


def _best_thirteen(hand: tuple[int, ...], melds: Any, void: str | None) -> tuple[int, ...]:
    """A 14-tile hand (its owner is on turn) judged at an escape: the discard keeping the best 大叫."""
    best = hand[1:]
    best_v = -1
    for t in sorted(set(hand)):
        rest = list(hand)
        rest.remove(t)
        v = settle.dajiao_value(rest, melds, void)
        if v > best_v:
            best, best_v = tuple(rest), v
    return best


RULES = SichuanRules()
