"""Shaanxi (陕西麻将) play: the variant's hooks on the generic machine (docs/engine-variants.md).

Rules: shared/rules/shaanxi.md. Shapes, money and table mechanics come from the calculator modules
(``shapes``, ``scoring``, ``rules``), so live play and the hand calculator cannot disagree.

State kept in ``state.ext``:
- ``paozi_default``: each seat's 炮子 default (the previous hand's value, 0 in a new game, §4);
- ``lou_hu``: per seat, the tile kinds it passed a win on and may not win on by discard (§6);
- ``dice``: the two rolls, the second roller and the stacks skipped (§3).
The 炮子 choice itself is the choice phase (``state.choices``); it is revealed when all four are in,
before the dealer's first discard.
"""

from __future__ import annotations

import random
from typing import Any, Final

from games.engine.actions import CLAIM_PRIORITY, HU, KONG_EXPOSED, PUNG, Action
from games.engine.core import WIN_ROB, WIN_SELF, Events, Rules, add_score, replace
from games.engine.encoding import tile_keys
from games.engine.fast_shanten import after_discards4, shanten4
from games.engine.state import N_SEATS, PHASE_CHOICE, PHASE_OVER, HandState, WinContext
from games.engine.tiles import Meld, counts_of, format_tiles, tile_str
from games.engine.variants.shaanxi import rules as table
from games.engine.variants.shaanxi import scoring, shapes
from games.engine.wall import DICE_ALGORITHM, dice_seat, roll_die
from games.engine.wall import seed_basis as wall_seed_basis

PAOZI = "paozi"
"""Action/choice type of the 炮子 side bet (§4)."""

DEAL_ROUNDS = 3  # §3.5: three rounds of 2 stacks (4 tiles) each, then single tiles
DEAL_BLOCK = 4

_MANY_KONGS: Final = len(table.RESERVE_STACKS)
_RESERVED_TAIL: Final[tuple[int, ...]] = tuple(
    2 * table.reserve_stacks(k) for k in range(_MANY_KONGS + 1)
)
"""2·T(k) by kong count k, every count from ``_MANY_KONGS`` on sharing the last entry (§8)."""

_WIN_SELF: Final = WIN_SELF


def tiles_remaining(state: HandState) -> int:
    """R of §8: tiles not yet drawn (head or tail)."""
    return len(state.wall) - state.head - state.tail


def paozi_locked(state: HandState) -> bool:
    """Have the 炮子 choices locked? They lock at the dealer's first discard, the hand's first (§4)."""
    return state.n_discards > 0


def paozi_in_force(state: HandState) -> list[int]:
    """Each seat's 炮子 in force: the locked choices once the dealer has discarded; before that,
    every seat's default, even a seat that has chosen (an unlocked choice is secret, §4, §10.6)."""
    defaults: list[int] = state.ext["paozi_default"]
    if not paozi_locked(state):
        return list(defaults)
    return [c if c is not None else defaults[s] for s, c in enumerate(state.choices)]


def deal_order(dealer: int) -> list[int]:
    """The seat receiving each of the 53 dealt tiles, in wall order (§3.5).

    >>> order = deal_order(0)
    >>> order[:8], order[48:]
    ([0, 0, 0, 0, 1, 1, 1, 1], [0, 1, 2, 3, 0])
    """
    order: list[int] = []
    for _ in range(DEAL_ROUNDS):
        for i in range(N_SEATS):
            order.extend([(dealer + i) % N_SEATS] * DEAL_BLOCK)
    order.extend((dealer + i) % N_SEATS for i in range(N_SEATS))
    order.append(dealer)
    return order


def block_deal(wall: tuple[int, ...], dealer: int, events: Events) -> tuple[tuple[int, ...], ...]:
    """The four hands dealt from ``wall`` in §3.5 order (sorted), and the ``deal`` event of
    ``events`` rewritten to show them: the core's event shows a contiguous deal, which gives every
    seat other tiles than these (Wuhan deals the same way, wuhan.md §1).

    >>> events = [{"type": "deal", "hands": []}]
    >>> hands = block_deal(tuple(range(53)), 0, events)
    >>> hands[1][:5], len(hands[0]), events[0]["hands"][1] == format_tiles(hands[1])
    ((4, 5, 6, 7, 20), 14, True)
    """
    held: list[list[int]] = [[] for _ in range(N_SEATS)]
    order = _DEAL_ORDERS[dealer]
    for i in range(min(len(order), len(wall))):  # zip(wall, order)
        held[order[i]].append(wall[i])
    hands = tuple(tuple(sorted(h)) for h in held)
    for e in events:
        if e.get("type") == "deal":
            e["hands"] = [format_tiles(h) for h in hands]
            break
    return hands


_DEAL_ORDERS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(deal_order(dealer)) for dealer in range(N_SEATS)
)


def seed_basis(state: HandState) -> str:
    """What the dice are drawn from (``wall.seed_basis``)."""
    return wall_seed_basis(state.seed, state.wall)


def roll_dice(state: HandState) -> dict[str, Any]:
    """The two rolls of §3, drawn deterministically from the hand's seed (or its wall)."""
    rng = random.Random(f"{DICE_ALGORITHM}:shaanxi-dice:{seed_basis(state)}")
    d1 = [roll_die(rng), roll_die(rng)]
    d2 = [roll_die(rng), roll_die(rng)]
    second = table.second_roller(state.dealer, sum(d1))
    skipped = table.skip_stacks(sum(d1), sum(d2))
    return {
        "dice1": d1,
        "dice2": d2,
        "second_roller": second,
        "skip_stacks": skipped,
        "start_stack": table.start_stack(second, skipped),
    }


class ShaanxiRules(Rules):
    key = "shaanxi"
    tile_kinds = tuple(range(34))
    hand_size = 13
    has_chow = False  # §5: no chow
    multi_win = False  # §5 截胡: the claimant nearest the discarder wins alone
    choice_kind: str | None = PAOZI
    choice_secret = True  # §4: nobody learns whether or what another seat chose before the lock
    reserve_blocks_replacements = False  # §8: kong replacements are always drawn

    # -- the wall (§8) -----------------------------------------------------------------------------

    def reserved_tail(self, state: HandState) -> int:
        """2·T(k): a regular draw due with R <= 2·T(k) ends the hand as 荒庄."""
        return _RESERVED_TAIL[min(len(state.kongs), _MANY_KONGS)]

    def can_kong_now(self, state: HandState) -> bool:
        return tiles_remaining(state) > 0  # the replacement is always drawn (§8)

    def claims_allowed_on_last_tile(self) -> bool:
        return True  # §8 ends the hand only when a regular draw is due

    # -- set-up (§3, §4) ---------------------------------------------------------------------------

    def init_ext(
        self, options: dict[str, Any], dealer: int, carry: dict[str, Any] | None
    ) -> dict[str, Any]:
        previous: Any = (carry or {}).get(PAOZI)
        defaults = list(previous) if _valid_paozi(previous) else [0] * N_SEATS
        return {"paozi_default": defaults, "lou_hu": [[] for _ in range(N_SEATS)], "dice": None}

    def after_deal(self, state: HandState, events: Events) -> HandState:
        """Re-deal the 53 dealt tiles in §3.5 order and announce the dice."""
        hands = block_deal(state.wall, state.dealer, events)
        dice = roll_dice(state)
        state = replace(
            state,
            hands=hands,
            drawn=state.wall[len(_DEAL_ORDERS[0]) - 1],
            ext={**state.ext, "dice": dice},
        )
        events.append({"type": "dice", "dealer": state.dealer, **dice})
        return state

    def choice_actions(self, state: HandState, seat: int) -> list[Action]:
        return list(_PAOZI_ACTS[seat])

    def choice_default(self, state: HandState, seat: int) -> Action:
        return _paozi_act(seat, state.ext["paozi_default"][seat])

    def on_choices_done(self, state: HandState, events: Events) -> HandState:
        return state  # §4: the choices stay secret until the dealer's first discard (on_discard)

    def on_discard(self, state: HandState, seat: int, tile: int, events: Events) -> HandState:
        """§4: the dealer's first discard (the hand's first) locks the 炮子 and shows them to all."""
        if state.n_discards == 1:
            events.append({"type": "reveal", "kind": PAOZI, "choices": paozi_in_force(state)})
        return state

    # -- 漏胡 (§6) ----------------------------------------------------------------------------------

    def after_draw(self, state: HandState, seat: int, tile: int, events: Events) -> HandState:
        return _clear_lou_hu(state, seat)  # drawing "moves tiles"

    resolve_empty_windows = False  # on_claim_resolved: nothing to do when nobody could claim

    def on_claim_resolved(self, state: HandState, events: Events) -> HandState:
        """A seat that could win on the tile and did not say hu passes it (漏胡); a pung or kong
        claim moves tiles and clears the claimer's list."""
        claim = state.claim
        assert claim is not None
        if not claim.options:
            return state  # nobody could claim: nothing passed, nothing claimed
        melded = False
        for a in claim.responses:
            if a.type == HU:
                return state  # the hand ends with that win
            if a.type == PUNG or a.type == KONG_EXPOSED:
                melded = True
        tile = claim.tile
        held = state.ext["lou_hu"]
        passed: list[int] = []
        for seat, options in claim.options:
            if tile not in held[seat]:
                for a in options:
                    if a.type == HU:
                        passed.append(seat)
                        break
        if passed:  # most windows pass no win: the state stays as it is
            lou = [list(x) for x in held]
            for seat in passed:
                lou[seat].append(tile)
                # private: it tells that the seat was waiting on the tile (redact_events)
                events.append(
                    {"type": "lou_hu", "seat": seat, "tile": tile_str(tile), "private": True}
                )
            state = replace(state, ext={**state.ext, "lou_hu": lou})
        if melded and claim.kind == "discard":
            state = _clear_lou_hu(state, _meld_claim_winner(claim.responses))
        return state

    # -- own turn ----------------------------------------------------------------------------------

    def discard_options(self, state: HandState, seat: int) -> list[int]:
        """Any held kind (the base rule), read off the sorted hand without building a set."""
        hand = state.hands[seat]
        kinds: list[int] = []
        last = -1
        for t in hand:
            if t != last:
                if t < last:  # not sorted after all: the base rule as written
                    return sorted(set(hand))
                kinds.append(t)
                last = t
        return kinds

    # -- wins (§9) ---------------------------------------------------------------------------------

    def can_win(self, state: HandState, seat: int, tile: int | None, how: str) -> bool:
        """``shapes.is_win`` of the hand (plus ``tile``), answered from the cached wait mask of
        its 13 tiles: a claim on a discard is a bit test; a self-draw takes the drawn tile out."""
        hand = state.hands[seat]
        if tile is None:
            if not hand:
                return False
            tile = state.drawn
            if tile is None or tile not in hand:
                tile = hand[-1]  # any tile out of the hand gives the same answer
            i = hand.index(tile)
            return bool(
                _wait_mask(state.memo(seat), hand[:i] + hand[i + 1 :], state.melds[seat]) >> tile
                & 1
            )
        if not _wait_mask(state.memo(seat), hand, state.melds[seat]) >> tile & 1:
            return False
        return how == _WIN_SELF or tile not in state.ext["lou_hu"][seat]

    def score_wins(
        self, state: HandState, wins: list[WinContext]
    ) -> tuple[HandState, list[dict[str, Any]]]:
        records = []
        for w in wins:
            counts = counts_of(state.hands[w.seat])
            if w.how != WIN_SELF:
                counts[w.tile] = counts[w.tile] + 1
            found = shapes.win_shapes(counts, state.melds[w.seat])
            self_draw = w.how == WIN_SELF
            win_id = {WIN_SELF: scoring.WIN_ZI_MO, WIN_ROB: scoring.WIN_QIANG_GANG}.get(
                w.how, scoring.WIN_FANG_HU
            )
            sc = scoring.score_win(
                winner=w.seat, dealer=state.dealer, self_draw=self_draw, paozi=paozi_in_force(state)
            )
            deltas = sc.deltas
            records.append(
                {
                    "patterns": [win_id, *found],
                    "hu": sc.hu,
                    "paozi": sc.paozi,
                    "deltas": deltas,
                    "points": deltas[w.seat],
                    "value": deltas[w.seat],
                }
            )
        return state, records

    # -- money (§10.5, §8, §10.6) ------------------------------------------------------------------

    def kong_payments(
        self, state: HandState, seat: int, kind: str, tile: int, from_seat: int | None
    ) -> list[int]:
        return scoring.kong_deltas([scoring.KongPayment(seat=seat, type=kind, from_seat=from_seat)])

    def settle_draw(self, state: HandState, events: Events) -> HandState:
        """荒庄: nobody wins, every kong payment of the hand is returned (§8 荒庄荒杠)."""
        paid = [0] * N_SEATS
        for kong in state.kongs:
            for payer, amount in kong["payments"]:
                paid[payer] = paid[payer] - amount
                paid[kong["seat"]] += amount
        events.append(
            {
                "type": "huang_zhuang",
                "kong_count": len(state.kongs),
                "tiles_remaining": tiles_remaining(state),
                "reserve_tiles": self.reserved_tail(state),
            }
        )
        return add_score(state, [-d for d in paid], "huang_zhuang_refund", events)

    def settle_escape(self, state: HandState, seat: int, events: Events) -> tuple[HandState, bool]:
        deltas = scoring.escape_deltas(seat, paozi_in_force(state))
        return add_score(state, deltas, "escape", events, seat=seat), True

    # -- next hand (§2, §4) ------------------------------------------------------------------------

    def next_dealer(self, state: HandState) -> int:
        result = state.result or {}
        if result.get("reason") == "escape":
            return dice_seat(seed_basis(state), "next-dealer")  # a new game: random dealer
        winner = state.wins[0]["seat"] if state.wins else None
        return table.next_dealer(state.dealer, winner)

    def carry_out(self, state: HandState) -> dict[str, Any]:
        result = state.result or {}
        new_game = result.get("reason") == "escape"
        return {PAOZI: [0] * N_SEATS if new_game else paozi_in_force(state), "new_game": new_game}

    # -- what others see ---------------------------------------------------------------------------

    def public_seat_info(self, state: HandState, seat: int, viewer: int | None) -> dict[str, Any]:
        # §4: a seat sees its own choice; the others' only once locked (or, at the end, the
        # values that were in force)
        if viewer == seat and not paozi_locked(state):
            paozi = state.choices[seat]
        elif paozi_locked(state) or state.phase == PHASE_OVER:
            paozi = paozi_in_force(state)[seat]
        else:
            paozi = None
        info: dict[str, Any] = {PAOZI: paozi}
        if viewer == seat:
            info["lou_hu"] = [tile_str(t) for t in state.ext["lou_hu"][seat]]
        return info

    def public_info(self, state: HandState, viewer: int | None) -> dict[str, Any]:
        return {
            "wild": None,
            "dice": state.ext.get("dice"),
            "tiles_remaining": tiles_remaining(state),
            "reserve_tiles": self.reserved_tail(state),
            "kong_count": len(state.kongs),
        }

    # -- bots ----------------------------------------------------------------------------------------

    def bot_choice(self, state: HandState, seat: int, legal: list[Action]) -> Action | None:
        """炮子 by hand quality: the closer to ready, the bigger the bet."""
        if state.phase != PHASE_CHOICE:
            return None
        hand = state.hands[seat]
        k0, k1, k2, k3 = tile_keys(hand)
        if len(hand) == 14:  # the dealer: the best hand after one discard
            best = min(after_discards4(k0, k1, k2, k3, 4, 0, sorted(set(hand))))
        else:
            best = shanten4(k0, k1, k2, k3, len(hand) // 3, 0)
        pick = 3 if best <= 1 else 2 if best == 2 else 1 if best == 3 else 0
        return _PAOZI_ACTS[seat][pick]


_PAOZI_ACTS: Final[tuple[tuple[Action, ...], ...]] = tuple(
    tuple(Action(seat, PAOZI, choice=p) for p in range(scoring.MAX_PAOZI + 1))
    for seat in range(N_SEATS)
)
"""Every seat's 炮子 actions (actions are immutable: one shared instance each)."""


def _paozi_act(seat: int, pick: Any) -> Action:
    """``Action(seat, PAOZI, choice=pick)``, shared when ``pick`` is a valid 炮子."""
    if type(pick) is int and 0 <= pick <= scoring.MAX_PAOZI:
        return _PAOZI_ACTS[seat][pick]
    return Action(seat, PAOZI, choice=pick)


def _valid_paozi(value: Any) -> bool:
    return (
        isinstance(value, list)
        and len(value) == N_SEATS
        and all(
            isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= scoring.MAX_PAOZI
            for p in value
        )
    )


def _clear_lou_hu(state: HandState, seat: int) -> HandState:
    lou = state.ext["lou_hu"]
    if not lou[seat]:
        return state
    new = [list(x) for x in lou]
    new[seat] = []
    return replace(state, ext={**state.ext, "lou_hu": new})


def _meld_claim_winner(responses: tuple[Action, ...]) -> int:
    """The seat whose pung/kong claim the core will carry out (its tie-break: first best response)."""
    best = responses[0]
    top = CLAIM_PRIORITY.get(best.type, 0)
    for a in responses:
        p = CLAIM_PRIORITY.get(a.type, 0)
        if p > top:
            best, top = a, p
    return best.seat


_WAITS_OF: Final = "shaanxi.waits"
"""``HandState.memo(seat)`` key: the last (concealed tiles, melds) asked about and its wait mask.
A seat's hand and melds stay the same objects through the claim windows of the other seats'
discards, and its hand before a draw (or after drawing and discarding the same tile) is the one
tested last (tuples are immutable and the memo holds on to them, so the same object, or an equal
one, has the same mask). A hand seen before that is rarely seen again: no other cache."""
_NO_WAITS: Final[tuple[tuple[int, ...], tuple[Meld, ...], int]] = ((), (), 0)


def _wait_mask(memo: dict[str, Any], hand: tuple[int, ...], melds: tuple[Meld, ...]) -> int:
    """``shapes.wait_mask(hand, melds)``, from the seat's last answer when it is the same hand."""
    seen: tuple[tuple[int, ...], tuple[Meld, ...], int] = memo.get(_WAITS_OF, _NO_WAITS)
    if melds is seen[1] and (hand is seen[0] or hand == seen[0]):
        if hand is not seen[0]:
            memo[_WAITS_OF] = (hand, melds, seen[2])
        return seen[2]
    mask = shapes.wait_mask(hand, melds)
    memo[_WAITS_OF] = (hand, melds, mask)
    return mask


RULES = ShaanxiRules()
