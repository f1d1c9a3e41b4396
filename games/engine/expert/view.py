"""What one seat knows, as the expert reads it: built from ``observe(state, seat)`` only.

Everything the expert decides on comes from a ``SeatView``: the seat's own concealed tiles, what
lies open on the table (melds, rivers, flowers, the public wildcard, declared 定缺), and the seat's
legal actions. ``observe`` hides other seats' concealed tiles, the wall order, secret choices and
who else may claim, so two states that differ only there give equal views and equal decisions
(tests/games/engine/test_expert.py).
"""

from __future__ import annotations

from typing import Any, Final

from games.engine.actions import PROP, Action
from games.engine.core import legal_actions, rules_of
from games.engine.observation import observe
from games.engine.state import HandState
from games.engine.tiles import tile_str

#: tile string -> kind, for every kind (observe spells tiles with tile_str)
KIND: Final[dict[str, int]] = {tile_str(k): k for k in range(42)}
WHITE: Final = 31  # 5z 白板: Yiwu's stand-in for the 财神's face
_SUIT_LO: Final[dict[str, int]] = {"m": 0, "p": 9, "s": 18}

#: variants whose wins include seven pairs (sichuan.md §4, shaanxi.md §9.1, yiwu.md §7.2;
#: wuhan.md §6 "No 七对", Fuzhou has no special shape)
SEVEN_PAIRS: Final = frozenset({"sichuan", "shaanxi", "yiwu"})


def kinds_of(text: str | None) -> list[int]:
    """The kinds of a compact tile string as observe writes it (``"123m45p"``); [] for None."""
    out: list[int] = []
    if not text:
        return out
    digits: list[str] = []
    for ch in text:
        if ch.isdigit():
            digits.append(ch)
        else:
            for d in digits:
                out.append(KIND[d + ch])
            digits = []
    return out


class SeatView:
    """One seat's knowledge at one decision (plain class: compiled natively)."""

    variant: str
    seat: int
    phase: str
    dealer: int
    hand: list[int]  # own concealed tiles, sorted (the drawn tile included)
    drawn: int  # -1: none
    own_melds: int  # own melds (kongs included)
    melds: list[list[tuple[str, list[int]]]]  # per seat: (type, kinds); kinds [] when face down
    discards: list[list[int]]  # per seat, the tiles lying in its river
    n_discarded: list[int]  # per seat, tiles it has discarded this hand (claimed ones too)
    won: list[bool]
    out: list[bool]  # won or escaped: no longer a threat
    voids: list[int]  # per seat the 定缺 suit's first kind (0, 9, 18) once public, else -1
    wild: int  # the public wildcard kind (癞子, 金, 财神), -1 without
    live: int  # tiles still drawable
    claim_tile: int  # the tile of an open claim window, -1 without
    claim_from: int
    unseen: list[int]  # per kind (0-33): copies this seat cannot see anywhere
    legal: list[Action]  # the seat's legal actions, props excluded
    info: dict[str, Any]  # the rest of the observation (variant facts)

    def __init__(self, state: HandState, seat: int) -> None:
        view = observe(state, seat)
        self.variant = str(view["variant"])
        self.seat = seat
        self.phase = str(view["phase"])
        self.dealer = int(view["dealer"])
        hands: list[dict[str, Any]] = view["hands"]
        mine = hands[seat]
        self.hand = sorted(kinds_of(mine.get("concealed")))
        drawn = mine.get("drawn")
        self.drawn = KIND[drawn] if isinstance(drawn, str) else -1
        self.melds = []
        self.discards = []
        self.won = []
        self.out = []
        self.voids = []
        for h in hands:
            ms: list[tuple[str, list[int]]] = []
            for m in h["melds"]:
                ms.append((str(m["type"]), kinds_of(m.get("tiles"))))
            self.melds.append(ms)
            self.discards.append(kinds_of("".join(h["discards"])))
            self.won.append(bool(h["won"]))
            self.out.append(bool(h["won"]) or bool(h["escaped"]))
            dq = h.get("dingque")
            self.voids.append(_SUIT_LO[dq] if isinstance(dq, str) and dq in _SUIT_LO else -1)
        self.own_melds = len(self.melds[seat])
        self.n_discarded = _discard_counts(hands)
        wild = view.get("wild")
        self.wild = KIND[wild] if isinstance(wild, str) else -1
        self.live = int(view["wall_remaining"])
        claim = view.get("claim")
        if claim is not None:
            self.claim_tile = KIND[claim["tile"]]
            self.claim_from = int(claim["from"])
        else:
            self.claim_tile = -1
            self.claim_from = -1
        self.unseen = self._unseen(view, rules_of(state).tile_kinds)
        self.legal = [a for a in legal_actions(state, seat) if a.type != PROP]
        self.info = view

    def _unseen(self, view: dict[str, Any], kinds: tuple[int, ...]) -> list[int]:
        """Per kind, the copies the seat sees nowhere (0 for a kind not in the variant's set)."""
        seen = [4] * 34
        for k in kinds:
            if k < 34:
                seen[k] = 0
        for t in self.hand:
            if t < 34:
                seen[t] += 1
        for s in range(4):
            for _typ, meld in self.melds[s]:
                for t in meld:
                    if t < 34:
                        seen[t] += 1
            for t in self.discards[s]:
                if t < 34:
                    seen[t] += 1
        indicator = view.get("indicator")
        if isinstance(indicator, str) and indicator != view.get("wild"):
            k = KIND[indicator]
            if k < 34:
                seen[k] += 1  # a flipped indicator (Wuhan 翻癞子) lies open
        return [max(0, 4 - seen[k]) for k in range(34)]

    @property
    def seven_pairs(self) -> bool:
        return self.variant in SEVEN_PAIRS and self.own_melds == 0

    @property
    def opponents(self) -> list[int]:
        return [s for s in range(4) if s != self.seat and not self.out[s]]


def _discard_counts(view_hands: list[dict[str, Any]]) -> list[int]:
    """Per seat, how many tiles it has thrown: those in its river plus those others claimed from
    it (a claimed meld's ``from`` is the source's offset from the claimer: 1 next, 2 across, 3
    previous)."""
    n = [len(h["discards"]) for h in view_hands]
    for s, h in enumerate(view_hands):
        for m in h["melds"]:
            off = m.get("from")
            if isinstance(off, int) and 1 <= off <= 3:
                n[(s + off) % 4] += 1
    return n


def seat_view(state: HandState, seat: int) -> SeatView:
    """The expert's reading of ``observe(state, seat)``."""
    return SeatView(state, seat)
