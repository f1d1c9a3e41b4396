"""The expert's ranking of a seat's legal actions, each with an estimated value in points.

One decision reads one ``SeatView`` (games.engine.expert.view: the seat's own knowledge only) and
values every option as the points it is expected to bring:

* a win: the variant's mean win (value.WIN_POINTS); a variant claim that outranks the win
  (Fuzhou 抢金) a little more;
* a discard: the chance to win from the hand left (shanten, unseen useful tiles, draws left:
  value.win_chance) times the win's worth, plus the worth of being ready at a drawn wall where
  that pays (Sichuan 查叫), minus the expected loss of dealing in (value.threat x
  value.wait_weight per opponent x the share a discarder pays);
* a pung, chow or exposed kong: the best discard after it (a kong: the hand left, as it draws
  its replacement) against passing; a concealed or added kong likewise against the best discard;
* 定缺: the hand valued with each suit void; the other variant choices and specials (炮子,
  买子/下子, 红中杠, 癞子杠, 三金倒, 飘财 ...): the variant's own bot rule
  (``Rules.bot_choice``, which reads the seat's own tiles and public facts) names the pick,
  ranked first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from games.engine import fast_shanten as fs
from games.engine.actions import (
    CHOW,
    DINGQUE,
    DISCARD,
    HU,
    KONG_ADDED,
    KONG_CONCEALED,
    KONG_EXPOSED,
    PASS,
    PUNG,
    Action,
)
from games.engine.core import Rules, rules_of
from games.engine.encoding import group_keys
from games.engine.expert.plain import plain_pick
from games.engine.expert.shape import Shape, seven_ukeire, ukeire
from games.engine.expert.value import (
    READY_AT_DRAW,
    TUNING,
    deal_in,
    threat,
    wait_weight,
    win_chance,
    win_points,
)
from games.engine.expert.view import KIND, WHITE, SeatView, kinds_of
from games.engine.state import PHASE_CHOICE, PHASE_CLAIM, HandState
from games.engine.tiles import tile_str

_MELD_CLAIMS: Final = (PUNG, CHOW, KONG_EXPOSED)
_STANDARD: Final = frozenset(
    {DISCARD, HU, PASS, PUNG, CHOW, KONG_EXPOSED, KONG_ADDED, KONG_CONCEALED}
)
_SUIT_LO: Final[dict[str, int]] = {"m": 0, "p": 9, "s": 18}
#: a kong's own worth as a share of a win (Sichuan 刮风下雨 pays at once; elsewhere it raises the
#: hand's value or pays at the end)
_KONG_BONUS: Final[dict[str, float]] = {"fuzhou": 0.1, "yiwu": 0.05}
#: immediate kong money per payer (sichuan.md §6.2: 直杠 6 from the discarder, 面下杠 6 and 暗杠
#: 12 from each other un-won seat; shaanxi.md §10.5: 6 from the discarder, 3 and 6 each)
_KONG_MONEY: Final[dict[str, dict[str, int]]] = {
    "sichuan": {KONG_EXPOSED: 6, KONG_ADDED: 6, KONG_CONCEALED: 12},
    "shaanxi": {KONG_EXPOSED: 6, KONG_ADDED: 3, KONG_CONCEALED: 6},
}
#: Wuhan: a kong multiplies the hand's value (wuhan.md §7: 明杠 x2, 暗杠 x4)
_KONG_TIMES: Final[dict[str, float]] = {KONG_EXPOSED: 2.0, KONG_ADDED: 2.0, KONG_CONCEALED: 4.0}
#: per variant, (seven pairs, flush) as multiples of a mean win, where those patterns pay more
#: (sichuan.md §5: 七对 and 清一色 are 3 fan = x4 against a plain win's 1 fan; the mean win is
#: about 1.6 plain wins)
_PATTERN_WORTH: Final[dict[str, tuple[float, float]]] = {"sichuan": (2.5, 2.5)}
#: the discard-win chances per draw (TUNING.claims) as a multiple, per variant. Wuhan: measured,
#: not derived (one winner per discard, wuhan.md §4, may be part of it): a duplicate grid (walls
#: 30000-31999, 8,000 hands per mode) gave +4.3 / +11.1 points per hand at half the rate against
#: +2.8 / +6.4 at the full one
_CLAIMS_SCALE: Final[dict[str, float]] = {"wuhan": 0.5}
#: a win on offer, valued above anything a hand still to complete can be worth
_WIN_SHARE: Final = 1.25


@dataclass(frozen=True)
class RankedOption:
    """One legal action with its estimated value (points; higher is better) and why."""

    action: Action
    value: float
    reason: str


class _Ctx:
    """What every option of one decision shares."""

    view: SeatView
    rules: Rules
    shape: Shape
    win: float  # a win's worth
    draws: float  # own draws left, about
    claims: float  # extra chances per draw at a discard win
    unseen_total: int
    ready_bonus: float
    needs_opening: bool  # Wuhan: no win without a chow/pung/exposed kong (wuhan.md §5)
    danger: list[float]  # per kind, the expected loss of throwing it
    danger_seats: list[int]  # per kind, how many opponents are likely on it
    own_suit: int

    def __init__(self, state: HandState, view: SeatView) -> None:
        self.view = view
        self.rules = rules_of(state)
        variant = view.variant
        wild = view.wild
        face = wild if variant == "yiwu" and wild >= 0 and wild != WHITE else -1
        void_lo = view.voids[view.seat]
        # 红中 can never be held in a Wuhan win (wuhan.md §6): it is laid out as 红中杠
        self.shape = Shape(wild, face, void_lo, view.seven_pairs, 33 if variant == "wuhan" else -1)
        koukou = bool(view.info["options"].get("koukou"))
        self.win = win_points(variant, koukou)
        active = 4 - sum(1 for s in range(4) if view.out[s])
        self.draws = view.live / (active if active > 0 else 1)
        n_opp = len(view.opponents)
        self.claims = TUNING.claims * _CLAIMS_SCALE.get(variant, 1.0) * n_opp
        total = 0
        for k in range(34):
            total += view.unseen[k]
        self.unseen_total = total
        self.ready_bonus = READY_AT_DRAW.get(variant, 0.0) * TUNING.ready
        self.needs_opening = variant == "wuhan" and not any(
            typ != KONG_CONCEALED for typ, _k in view.melds[view.seat]
        )
        self.danger, self.danger_seats = self._danger()
        #: the one suit of the seat's own melds (-1: no suited meld, -2: melds of two suits or
        #: an honour meld: no flush)
        self.own_suit = -1
        for _typ, kinds in view.melds[view.seat]:
            if not kinds:
                continue
            lo = kinds[0] // 9 * 9 if kinds[0] < 27 else -2
            if lo == -2 or (self.own_suit >= 0 and lo != self.own_suit):
                self.own_suit = -2
                break
            self.own_suit = lo

    def _danger(self) -> tuple[list[float], list[int]]:
        v = self.view
        danger = [0.0] * 34
        seats = [0] * 34
        loss = deal_in(v.variant) * self.win * TUNING.danger
        if loss <= 0.0:
            return danger, seats
        wall = v.live + sum(len(d) for d in v.discards) + 52
        for o in v.opponents:
            p_ready = threat(v.n_discarded[o], len(v.melds[o]), v.live, wall)
            threw = [False] * 34
            for t in v.discards[o]:
                if t < 34:
                    threw[t] = True
            weights = [wait_weight(t, v.unseen, v.voids[o], threw[t]) for t in range(34)]
            flush = _flush_suit(v.melds[o])
            worth = [1.0] * 34
            if flush >= 0:
                # its melds are all of one suit: it likely collects that suit (清一色), and a
                # flush is worth several plain wins (sichuan.md §5: +2 fan, x4); the more melds,
                # the surer (three or more leave at most four tiles in hand)
                n = len(v.melds[o])
                off = 0.4 if n < 3 else 0.1
                big = 3.0 if n < 3 else 4.0
                for t in range(34):
                    if flush <= t < flush + 9:
                        weights[t] *= 2.5
                        worth[t] = big
                    else:
                        weights[t] *= off
            norm = sum(weights)
            if norm <= 0.0:
                continue
            scale = p_ready * 2.2 / norm  # a ready hand waits on about two kinds
            for t in range(34):
                p = weights[t] * scale
                if p > 1.0:
                    p = 1.0
                danger[t] += p * loss * worth[t]
                if p * 4.0 > 0.5:
                    seats[t] += 1
        return danger, seats

    # -- hands -------------------------------------------------------------------------------------

    def hand_value(self, tiles: list[int]) -> tuple[float, int, int]:
        """(expected points, shanten, useful tiles) of a hand waiting to draw: the best of its
        readings (the standard shape; seven pairs and a flush where they pay more)."""
        shape = self.shape
        counts, jokers = shape.split(tiles)
        need = len(tiles) // 3
        unseen = self.view.unseen
        factors = _PATTERN_WORTH.get(self.view.variant) if TUNING.patterns > 0.0 else None
        seven = shape.seven
        if factors is not None:
            shape.seven = False  # seven pairs is its own reading, worth more
        useful, _kinds, s = ukeire(counts, jokers, need, shape, unseen)
        shape.seven = seven
        p = self._chance(s, useful)
        ev = p * self.win
        best_s, best_useful = s, useful
        if factors is not None:
            if seven:
                u7, s7 = seven_ukeire(counts, jokers, shape, unseen)
                p7 = self._chance(s7, u7)
                if p7 * factors[0] * self.win > ev:
                    p, ev, best_s, best_useful = p7, p7 * factors[0] * self.win, s7, u7
            lo = self._flush_suit(tiles)
            if lo >= 0:
                shape.only_lo = lo
                fc, fj = shape.split(tiles)
                uf, _kf, sf = ukeire(fc, fj, need, shape, unseen)
                shape.only_lo = -1
                pf = self._chance(sf, uf)
                if pf * factors[1] * self.win > ev:
                    p, ev, best_s, best_useful = pf, pf * factors[1] * self.win, sf, uf
        if best_s == 0 and self.ready_bonus:
            ev += (1.0 - p) * self.ready_bonus * self.win
        return ev, best_s, best_useful

    def _chance(self, s: int, useful: int) -> float:
        p = win_chance(s, useful, self.unseen_total, self.draws, self.claims)
        return p * TUNING.opening if self.needs_opening else p

    def _flush_suit(self, tiles: list[int]) -> int:
        """The suit a flush would be made in (its first kind): the one suit of the seat's melds
        and of most of its tiles, when at most four tiles are off it; -1 otherwise."""
        lo = self.own_suit
        if lo == -2:
            return -1
        per = [0, 0, 0]
        off = 0
        for t in tiles:
            k = self.shape.kind_of(t)
            if k == -2:
                continue
            if 0 <= k < 27:
                per[k // 9] += 1
            else:
                off += 1
        if lo >= 0:
            main = lo // 9
        else:
            main = 0 if per[0] >= per[1] and per[0] >= per[2] else 1 if per[1] >= per[2] else 2
        off += sum(per) - per[main]
        return main * 9 if off <= 4 and per[main] >= 6 else -1


def _flush_suit(melds: list[tuple[str, list[int]]]) -> int:
    """The first kind of the one suit of two or more open melds, -1 otherwise."""
    suit = -1
    n = 0
    for _typ, kinds in melds:
        if not kinds:
            continue
        t = kinds[0]
        if t >= 27:
            return -1
        lo = t // 9 * 9
        if suit >= 0 and lo != suit:
            return -1
        suit = lo
        n += 1
    return suit if n >= 2 else -1


def _without(tiles: list[int], kind: int, n: int) -> list[int]:
    out: list[int] = []
    left = n
    for t in tiles:
        if left and t == kind:
            left -= 1
        else:
            out.append(t)
    return out


def _describe(s: int, useful: int) -> str:
    if s < 0:
        return "complete hand"
    if s == 0:
        return f"ready, {useful} winning tiles"
    return f"{s}-shanten, {useful} tiles"


class _Discards:
    """The value of every discard from one hand (the best reused by claims)."""

    def __init__(self, ctx: _Ctx, tiles: list[int], kinds: list[int]) -> None:
        self.values: dict[int, tuple[float, str]] = {}
        shape = ctx.shape
        counts, jokers = shape.split(tiles)
        need = (len(tiles) - 1) // 3
        # shanten after each discard in one pass; full efficiency only for the promising ones
        after: dict[int, int] = {}
        plain = sorted({shape.kind_of(t) for t in kinds if shape.kind_of(t) >= 0})
        if plain:
            k0, k1, k2, k3 = group_keys(counts)
            vals = fs.after_discards4(k0, k1, k2, k3, need, jokers, plain)
            for i in range(len(plain)):
                after[plain[i]] = vals[i]
        base = min(after.values()) if after else 99
        for t in kinds:
            k = shape.kind_of(t)
            rest = _without(tiles, t, 1)
            est = after.get(k, base) if k >= 0 else (base if k == -1 else base + 1)
            if k >= 0 and est > base + 1 and ctx.danger[t] < 0.2 * ctx.win:
                ev = -0.01 * (est - base) * ctx.win
                reason = f"{est}-shanten or worse"
            else:
                ev, s, useful = ctx.hand_value(rest)
                reason = _describe(s, useful)
            d = ctx.danger[t] if t < 34 else 0.0
            if d > 0.08 * ctx.win:
                n = ctx.danger_seats[t]
                reason += (
                    f"; dangerous: {n} seat{'s' if n != 1 else ''} may wait on it"
                    if n
                    else "; some risk"
                )
            self.values[t] = (ev - d, reason)

    def best(self) -> tuple[float, str, int]:
        best_t = -1
        best_v = -1e18
        reason = ""
        for t, (v, r) in self.values.items():
            if v > best_v:
                best_v, best_t, reason = v, t, r
        return best_v, reason, best_t


def _tile(a: Action) -> int:
    return KIND[a.tile] if a.tile is not None and a.tile in KIND else -1


def _meld_rest(view: SeatView, a: Action) -> list[int]:
    """The concealed tiles left after claiming ``a`` (the claimed tile not included)."""
    t = _tile(a)
    if a.type == PUNG:
        return _without(view.hand, t, 2)
    if a.type == KONG_EXPOSED:
        return _without(view.hand, t, 3)
    used = list(kinds_of(a.tiles))
    if t in used:
        used.remove(t)
    rest = view.hand
    for u in used:
        rest = _without(rest, u, 1)
    return rest


def rank_options(state: HandState, seat: int) -> list[RankedOption]:
    """Every legal action of ``seat`` (props excluded), best first, valued in points."""
    view = SeatView(state, seat)
    return rank_view(state, view)


def rank_view(state: HandState, view: SeatView) -> list[RankedOption]:
    legal = view.legal
    if not legal:
        return []
    ctx = _Ctx(state, view)
    if view.phase == PHASE_CHOICE:
        ranked = _rank_choice(state, ctx, legal)
    else:
        ranked = _rank_play(state, ctx, legal)
    order = {id(r): i for i, r in enumerate(ranked)}
    return sorted(ranked, key=lambda r: (-r.value, order[id(r)]))


def _hint(state: HandState, ctx: _Ctx, legal: list[Action]) -> Action | None:
    """The variant's own bot pick, when it is a variant move the generic values cannot see."""
    return ctx.rules.bot_choice(state, ctx.view.seat, legal)


def _rank_choice(state: HandState, ctx: _Ctx, legal: list[Action]) -> list[RankedOption]:
    out: list[RankedOption] = []
    if all(a.type == DINGQUE for a in legal) and not TUNING.greedy_choice:
        view = ctx.view
        for a in legal:
            lo = _SUIT_LO.get(str(a.choice), -1)
            ctx.shape.void_lo = lo
            tiles = view.hand
            if len(tiles) % 3 == 2:  # the dealer discards first: its best discard
                ev, _r, _t = _Discards(ctx, tiles, sorted(set(tiles))).best()
            else:
                ev = ctx.hand_value(tiles)[0]
            n_void = sum(1 for t in tiles if lo <= t < lo + 9)
            out.append(RankedOption(a, ev, f"void {a.choice}: {n_void} tiles to throw"))
        ctx.shape.void_lo = -1
        return out
    pick = _hint(state, ctx, legal) or ctx.rules.choice_default(state, ctx.view.seat)
    now = ctx.hand_value(ctx.view.hand)[0] if len(ctx.view.hand) % 3 == 1 else 0.0
    for i, a in enumerate(legal):
        if a == pick:
            out.append(RankedOption(a, now, "the variant's rule of thumb for this hand"))
        else:
            out.append(RankedOption(a, now - 0.05 * ctx.win * (1 + i % 4), "another choice"))
    return out


def _rank_play(state: HandState, ctx: _Ctx, legal: list[Action]) -> list[RankedOption]:
    view = ctx.view
    out: list[RankedOption] = []
    discards = [a for a in legal if a.type == DISCARD]
    disc: _Discards | None = None
    if discards:
        disc = _Discards(ctx, view.hand, [_tile(a) for a in discards])
    hint = _hint(state, ctx, legal)
    hu_rank = ctx.rules.claim_priority.get(HU, 3)
    claiming = view.phase == PHASE_CLAIM
    pass_value = ctx.hand_value(view.hand)[0] if claiming else 0.0
    best_discard = disc.best()[0] if disc is not None else pass_value
    for a in legal:
        typ = a.type
        if typ == HU:
            out.append(RankedOption(a, _WIN_SHARE * ctx.win, "wins"))
        elif typ == DISCARD and disc is not None:
            v, r = disc.values[_tile(a)]
            if hint is not None and hint == a and _tile(a) == view.wild:
                v, r = best_discard + 0.05 * ctx.win, "throws the wildcard for its bonus (飘)"
            out.append(RankedOption(a, v, r))
        elif typ == PASS:
            out.append(RankedOption(a, pass_value, "pass; " + _describe_hand(ctx, view.hand)))
        elif typ in _MELD_CLAIMS:
            out.append(_rank_meld_claim(ctx, a))
        elif typ == KONG_CONCEALED or typ == KONG_ADDED:
            t = _tile(a)
            rest = _without(view.hand, t, 4 if typ == KONG_CONCEALED else 1)
            ev, s, useful = ctx.hand_value(rest)
            value = _kong_value(ctx, typ, ev)
            out.append(RankedOption(a, value, "kong, then " + _describe(s, useful)))
        else:
            top = ctx.rules.claim_priority.get(typ, 0) > hu_rank
            if top:
                out.append(RankedOption(a, (_WIN_SHARE + 0.1) * ctx.win, "outranks the win"))
            elif hint is not None and hint == a:
                out.append(RankedOption(a, best_discard + 0.05 * ctx.win, "variant move"))
            else:
                out.append(RankedOption(a, best_discard - 0.05 * ctx.win, "variant move"))
    prior = TUNING.prior * ctx.win
    if prior > 0.0:
        plain = plain_pick(view, legal, hint)
        if plain is not None:
            for i, opt in enumerate(out):
                if opt.action == plain:
                    out[i] = RankedOption(opt.action, opt.value + prior, opt.reason + " (plain)")
                    break
    return out


def _describe_hand(ctx: _Ctx, tiles: list[int]) -> str:
    _ev, s, useful = ctx.hand_value(tiles)
    return "keeps " + _describe(s, useful)


def _rank_meld_claim(ctx: _Ctx, a: Action) -> RankedOption:
    view = ctx.view
    rest = _meld_rest(view, a)
    opening = ctx.needs_opening
    if opening:
        ctx.needs_opening = False
    try:
        if a.type == KONG_EXPOSED:
            ev, s, useful = ctx.hand_value(rest)
            value = _kong_value(ctx, KONG_EXPOSED, ev)
            return RankedOption(a, value, "kong, then " + _describe(s, useful))
        if not rest:
            return RankedOption(a, -ctx.win, "leaves nothing to throw")
        kinds = sorted(set(rest))
        ev, reason, t = _Discards(ctx, rest, kinds).best()
        name = "pung" if a.type == PUNG else "chow"
        if a.type == PUNG:
            ev += _added_kong_option(ctx, _tile(a))
        ev -= TUNING.meld_margin * ctx.win
        return RankedOption(a, ev, f"{name}, then throw {_name(t)}: {reason}")
    finally:
        ctx.needs_opening = opening


def _kong_value(ctx: _Ctx, kind: str, ev_after: float) -> float:
    """A kong's option value: the hand after it plus the kong's own worth (money at once, or a
    multiplier on the win)."""
    variant = ctx.view.variant
    money = _KONG_MONEY.get(variant)
    if money is not None:
        payers = (
            1
            if kind == KONG_EXPOSED
            else 3 - sum(1 for s in range(4) if s != ctx.view.seat and ctx.view.out[s])
        )
        return ev_after + money[kind] * payers
    if variant == "wuhan":
        return ev_after * _KONG_TIMES[kind] + 0.02 * ctx.win
    return ev_after + _KONG_BONUS.get(variant, 0.05) * ctx.win


def _added_kong_option(ctx: _Ctx, t: int) -> float:
    """What a pung of ``t`` adds as the chance to draw its fourth copy for an added kong."""
    money = _KONG_MONEY.get(ctx.view.variant)
    if money is None or t < 0 or t >= 34 or not ctx.view.unseen[t] or not ctx.unseen_total:
        return 0.0
    p = ctx.draws / ctx.unseen_total * ctx.view.unseen[t]
    others = 3 - sum(1 for s in range(4) if s != ctx.view.seat and ctx.view.out[s])
    return (p if p < 1.0 else 1.0) * money[KONG_ADDED] * others * TUNING.kong_option


def _name(t: int) -> str:
    return tile_str(t) if t >= 0 else "?"
