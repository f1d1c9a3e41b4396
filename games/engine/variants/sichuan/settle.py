"""Sichuan settlement after the wins: 查大叫 and 查花猪 at a draw (§8), the escape penalty
(§10.3), several winners on one discard (§9), coins, and the ledger of a whole game.

Every rule cites shared/rules/sichuan.md; the win itself is scored by ``scoring.score``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from games.engine.errors import InvalidCaseError
from games.engine.tiles import Meld
from games.engine.variants.sichuan.scoring import (
    BASE,
    DISCARD,
    KONG_UNITS,
    MODE_NORMAL,
    MODES,
    PIG_PENALTY,
    SELF_DRAW,
    Score,
    ScoreContext,
    _check_seat,
    best_fan,
    check_won,
    hand_points,
    is_flower_pig,
    score,
    waits,
)


def dajiao_value(concealed: Sequence[int], melds: Sequence[Meld], missing_suit: str | None) -> int:
    """§8 step 2: 6 × 2^(F−1) for the best wait scored as a plain discard win; 0 if not ready.

    >>> from games.engine.tiles import parse_tiles
    >>> dajiao_value(parse_tiles("1133p224466779s"), [], "m"), dajiao_value(parse_tiles("13579m1234s"), [], "p")
    (24, 0)
    """
    key = (tuple(sorted(concealed)), tuple(melds), missing_suit)
    value = _DAJIAO.get(key)
    if value is None:
        if len(_DAJIAO) > 20_000:
            _DAJIAO.clear()
        best = 0
        for t in waits(concealed, melds, missing_suit):
            best = max(best, best_fan([*concealed, t], melds).fan)
        value = _DAJIAO[key] = hand_points(best) if best else 0
    return value


_DAJIAO: dict[tuple[tuple[int, ...], tuple[Meld, ...], str | None], int] = {}
"""dajiao_value by sorted hand, melds and void: a draw asks for each seat twice (settlement, event)."""


@dataclass(frozen=True)
class PlayerHand:
    """A seat at a draw or an escape: its 13-tile hand, or just ``won``."""

    won: bool = False
    concealed: tuple[int, ...] = ()
    melds: tuple[Meld, ...] = ()
    missing_suit: str | None = None


@dataclass
class KongRecord:
    """A kong's actual income (``payments`` = [(payer, amount)]), and whether 杠上炮 handed it over."""

    seat: int
    type: str
    tile: int
    payments: list[tuple[int, int]] = field(default_factory=list)
    transferred: bool = False


def _check_hand13(p: PlayerHand, seat: int) -> None:
    if len(p.concealed) + 3 * len(p.melds) != 13:
        raise InvalidCaseError(f"seat {seat}: a waiting hand has 13 − 3 per meld concealed tiles")


def draw_settlement(
    players: Sequence[PlayerHand],
    kongs: Sequence[KongRecord] = (),
    escaped: Iterable[int] = (),
    mode: str = MODE_NORMAL,
) -> list[int]:
    """§8: 查花猪, 查大叫 and kong refunds among the un-won players. Returns the draw's deltas.

    >>> from games.engine.tiles import parse_tiles
    >>> hands = [PlayerHand(False, tuple(parse_tiles(h)), (), s) for h, s in
    ...          [("3m1122556p23455s", "m"), ("234567m5566789p", "s"), ("13579m13456799s", "p"),
    ...           ("1133p224466779s", "m")]]
    >>> draw_settlement(hands)
    [-288, 102, 66, 120]
    """
    return draw_settlement_checks(players, kongs, escaped, mode)[0]


def draw_settlement_checks(
    players: Sequence[PlayerHand],
    kongs: Sequence[KongRecord] = (),
    escaped: Iterable[int] = (),
    mode: str = MODE_NORMAL,
) -> tuple[list[int], dict[int, bool], dict[int, int]]:
    """``draw_settlement`` with what it found per un-won seat: the deltas, 花猪 (seat -> bool) and
    大叫 values (seat -> points, 0 for a pig or a hand not ready); both dicts empty when fewer than
    two seats are left (no checks). Live play shows the checks without making them twice."""
    if len(players) != 4:
        raise InvalidCaseError("a draw needs the four players")
    won = check_won([s for s, p in enumerate(players) if p.won], mode)
    escaped = frozenset(escaped)
    for s in escaped:
        _check_seat(s, "an escaped seat")
        if s not in won:
            raise InvalidCaseError(f"escaped seat {s} has not won (only 血战 winners can leave)")
    deltas = [0, 0, 0, 0]
    live = [s for s in range(4) if s not in won]
    pig: dict[int, bool] = {}
    value: dict[int, int] = {}
    if len(live) < 2:
        return deltas, pig, value
    for s in live:
        _check_hand13(players[s], s)
    for s in live:
        ph = players[s]
        pig[s] = is_flower_pig(ph.concealed, ph.melds, ph.missing_suit)
    for s in live:
        ph = players[s]
        value[s] = 0 if pig[s] else dajiao_value(ph.concealed, ph.melds, ph.missing_suit)
    for p in live:  # 查花猪
        if pig[p]:
            for q in live:
                if not pig[q]:
                    _pay(deltas, p, q, PIG_PENALTY)
    for p in live:  # 查大叫
        if not pig[p] and value[p] == 0:
            for q in live:
                if value[q]:
                    _pay(deltas, p, q, value[q])
    for k in kongs:  # kong refunds by every un-won player who is not ready
        _check_seat(k.seat, "kong seat")
        if k.seat in won or value[k.seat] or k.transferred:
            continue
        for payer, amount in k.payments:
            _check_seat(payer, "kong payer")
            if payer not in escaped:
                _pay(deltas, k.seat, payer, amount)
    return deltas, pig, value


def _pay(deltas: list[int], payer: int, payee: int, amount: int) -> None:
    deltas[payer] = deltas[payer] - amount
    deltas[payee] = deltas[payee] + amount


def escape_settlement(
    escaper: int,
    won: Iterable[int] = (),
    last_four: bool = False,
    players: Sequence[PlayerHand] | None = None,
    mode: str = MODE_NORMAL,
) -> list[int]:
    """§10.3-10.4: the escaper's penalty; zeros when a 血战 winner leaves (§9.6).

    >>> escape_settlement(3)
    [96, 96, 96, -288]
    """
    _check_seat(escaper, "escaper")
    won = check_won(won, mode)
    deltas = [0, 0, 0, 0]
    if escaper in won:
        return deltas
    others = [s for s in range(4) if s != escaper and s not in won]
    penalty = [(s, PIG_PENALTY) for s in others]
    if last_four:
        if players is None or len(players) != 4:
            raise InvalidCaseError("a last-four escape needs the four players' hands")
        dajiao = []
        for s in others:
            _check_hand13(players[s], s)
            v = dajiao_value(players[s].concealed, players[s].melds, players[s].missing_suit)
            if v:
                dajiao.append((s, v))
        # §10.4: the higher total wins; a tie keeps the 96·k method.
        if sum(v for _, v in dajiao) > sum(v for _, v in penalty):
            penalty = dajiao
    for s, v in penalty:
        _pay(deltas, escaper, s, v)
    return deltas


@dataclass(frozen=True)
class WinnerHand:
    """One winner of a win event: its final hand (winning tile included) and flags."""

    seat: int
    concealed: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    missing_suit: str | None = None
    gangshanghua: bool = False
    gangshangpao: bool = False
    first_draw: bool = False


def multi_win(
    discarder: int,
    winners: Sequence[WinnerHand],
    *,
    dealer: int,
    win_tile: int | None = None,
    mode: str = MODE_NORMAL,
    won: Iterable[int] = (),
    kong_transfer: int = 0,
    qianggang: bool = False,
) -> tuple[list[int], dict[int, Score]]:
    """§6.1 一炮多响: the discarder pays each winner its own points, plus the full 杠上炮 transfer each.

    >>> from games.engine.tiles import parse_tiles
    >>> w = [WinnerHand(1, tuple(parse_tiles("123456789m12399p")), (), "s", gangshangpao=True),
    ...      WinnerHand(3, tuple(parse_tiles("22444777p333888s")), (), "m", gangshangpao=True)]
    >>> deltas, scores = multi_win(0, w, dealer=0, kong_transfer=18)
    >>> deltas, {s: sc.fan for s, sc in scores.items()}
    ([-72, 30, 0, 42], {1: 2, 3: 3})
    """
    won = check_won(won, mode)
    if not winners:
        raise InvalidCaseError("a win needs at least one winner")
    seats = [w.seat for w in winners]
    if len(set(seats)) != len(seats):
        raise InvalidCaseError("a seat is listed twice among the winners")
    if len(won) + len(seats) > 3 or (mode == MODE_NORMAL and len(seats) > 3):
        raise InvalidCaseError("too many winners")
    deltas = [0, 0, 0, 0]
    scores: dict[int, Score] = {}
    for w in winners:
        ctx = ScoreContext(
            missing_suit=w.missing_suit,
            mode=mode,
            won=won,
            gangshangpao=w.gangshangpao,
            kong_transfer=kong_transfer,
            qianggang=qianggang,
            first_draw=w.first_draw,
        )
        sc = score(w.concealed, w.melds, win_tile, DISCARD, w.seat, discarder, dealer, ctx)
        scores[w.seat] = sc
        for i in range(4):
            deltas[i] = deltas[i] + sc.deltas[i]
    return deltas, scores


def coins(points: Sequence[int], n: int, a: int) -> tuple[list[int], int]:
    """§12.2: coin_i = N·P_i − A for every seat; the house takes 4A.

    >>> coins([54, -18, -18, -18], 200, 400)
    ([10400, -4000, -4000, -4000], 1600)
    """
    if len(points) != 4 or sum(points) != 0:
        raise InvalidCaseError("points must be four integers summing to 0")
    if n < 0 or a < 0:
        raise InvalidCaseError("N and A must not be negative")
    return [n * p - a for p in points], 4 * a


@dataclass(frozen=True)
class KongEvent:
    seat: int
    kind: str
    tile: int
    from_seat: int | None = None


@dataclass(frozen=True)
class WinEvent:
    win_type: str
    winners: tuple[WinnerHand, ...]
    discarder: int | None = None
    win_tile: int | None = None
    qianggang: bool = False


@dataclass(frozen=True)
class EscapeEvent:
    seat: int
    last_four: bool = False
    players: tuple[PlayerHand, ...] | None = None


@dataclass(frozen=True)
class DrawEvent:
    players: tuple[PlayerHand, ...]


LedgerEvent = KongEvent | WinEvent | EscapeEvent | DrawEvent


@dataclass
class Ledger:
    """Replays the point events of one hand (or one 血战 game) in order.

    >>> led = Ledger(mode="normal", dealer=0)
    >>> led.kong(KongEvent(seat=0, kind="kong_concealed", tile=4))
    >>> led.points
    [36, -12, -12, -12]
    """

    mode: str
    dealer: int
    points: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    won: set[int] = field(default_factory=set)
    escaped: set[int] = field(default_factory=set)
    kongs: list[KongRecord] = field(default_factory=list)
    ended: bool = False
    _streak: list[KongRecord] = field(default_factory=list)  # kongs right before the next event

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise InvalidCaseError(f"mode must be one of {MODES}, got {self.mode!r}")
        _check_seat(self.dealer, "dealer")

    def apply(self, event: LedgerEvent) -> None:
        """Apply one event; raises InvalidCaseError after the hand has ended."""
        if self.ended:
            raise InvalidCaseError("an event came after the hand had ended")
        if isinstance(event, KongEvent):
            self.kong(event)
            return
        streak, self._streak = self._streak, []
        if isinstance(event, WinEvent):
            self.win(event, streak)
        elif isinstance(event, EscapeEvent):
            self.escape(event)
        else:
            self.draw(event)

    def _apply_deltas(self, deltas: Sequence[int]) -> None:
        for i in range(4):
            self.points[i] += deltas[i]

    def _check_live(self, seat: int, what: str) -> None:
        _check_seat(seat, what)
        if seat in self.won:
            raise InvalidCaseError(f"{what} {seat} has already won")

    def kong(self, ev: KongEvent) -> None:
        """§6.2: 直杠 1× from the discarder, 面下杠 1× and 暗杠 2× from each other un-won player."""
        self._check_live(ev.seat, "kong seat")
        if ev.kind not in KONG_UNITS:
            raise InvalidCaseError(f"unknown kong kind {ev.kind!r}")
        amount = KONG_UNITS[ev.kind] * BASE
        if ev.kind == "kong_exposed":
            if ev.from_seat is None:
                raise InvalidCaseError("a kong_exposed event needs from_seat")
            self._check_live(ev.from_seat, "from_seat")
            if ev.from_seat == ev.seat:
                raise InvalidCaseError("a player cannot kong their own discard")
            payers = [ev.from_seat]
        else:
            payers = [s for s in range(4) if s != ev.seat and s not in self.won]
        record = KongRecord(ev.seat, ev.kind, ev.tile, [(p, amount) for p in payers])
        for p in payers:
            self.points[p] -= amount
            self.points[ev.seat] += amount
        if self._streak and self._streak[-1].seat != ev.seat:
            self._streak = []
        self._streak.append(record)
        self.kongs.append(record)

    def win(self, ev: WinEvent, streak: Sequence[KongRecord] = ()) -> None:
        """§6.1 / §6.3: one win event; 杠上炮 hands over the discarder's kongs just before it."""
        if ev.win_type == SELF_DRAW:
            if len(ev.winners) != 1:
                raise InvalidCaseError("a self-draw has exactly one winner")
            w = ev.winners[0]
            ctx = ScoreContext(
                missing_suit=w.missing_suit,
                mode=self.mode,
                won=frozenset(self.won),
                gangshanghua=w.gangshanghua,
                gangshangpao=w.gangshangpao,
                first_draw=w.first_draw,
            )
            sc = score(
                w.concealed, w.melds, ev.win_tile, SELF_DRAW, w.seat, ev.discarder, self.dealer, ctx
            )
            self._apply_deltas(sc.deltas)
        elif ev.win_type == DISCARD:
            if ev.discarder is None:
                raise InvalidCaseError("a discard win needs a discarder")
            transfer_kongs = [k for k in streak if k.seat == ev.discarder]
            transfer = sum(a for k in transfer_kongs for _, a in k.payments)
            deltas, _ = multi_win(
                ev.discarder,
                ev.winners,
                dealer=self.dealer,
                win_tile=ev.win_tile,
                mode=self.mode,
                won=self.won,
                kong_transfer=transfer,
                qianggang=ev.qianggang,
            )
            if any(w.gangshangpao for w in ev.winners):
                for k in transfer_kongs:
                    k.transferred = True
            self._apply_deltas(deltas)
        else:
            raise InvalidCaseError(
                f"win_type must be 'self_draw' or 'discard', got {ev.win_type!r}"
            )
        self.won.update(w.seat for w in ev.winners)
        if self.mode == MODE_NORMAL or len(self.won) >= 3:
            self.ended = True

    def escape(self, ev: EscapeEvent) -> None:
        """§10 for an un-won escaper (ends the hand); §9.6 for a 血战 winner (no later refunds)."""
        _check_seat(ev.seat, "escape seat")
        if ev.seat in self.won:
            self.escaped.add(ev.seat)
            return
        self._apply_deltas(
            escape_settlement(ev.seat, self.won, ev.last_four, ev.players, self.mode)
        )
        self.ended = True

    def draw(self, ev: DrawEvent) -> None:
        """§8 using the kongs recorded so far."""
        if len(ev.players) != 4:
            raise InvalidCaseError("a draw needs the four players")
        players = [
            PlayerHand(s in self.won, p.concealed, p.melds, p.missing_suit)
            for s, p in enumerate(ev.players)
        ]
        self._apply_deltas(draw_settlement(players, self.kongs, self.escaped, self.mode))
        self.ended = True


def game(mode: str, dealer: int, events: Iterable[LedgerEvent]) -> list[int]:
    """Replay a hand's events and return each seat's net points (§9.4).

    >>> game("normal", 0, [KongEvent(0, "kong_added", 23)])
    [18, -6, -6, -6]
    """
    led = Ledger(mode=mode, dealer=dealer)
    for ev in events:
        led.apply(ev)
    return led.points
