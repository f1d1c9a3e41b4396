"""Wuhan (武汉麻将) winning hands and the per-seat multiplier scoring (wuhan.md §5, §6, §8).

Works on parsed tiles (ints) and ``Meld`` objects so the live engine and the calculator share it.

>>> from games.engine.tiles import parse_tiles, parse_meld, parse_tile
>>> melds = [parse_meld({"type": "pung", "tiles": "999p", "from": 3})]
>>> reading = best_reading(parse_tiles("123m88p456789s"), melds, parse_tile("6s"),
...                        WinContext(win_type=DISCARD, win_tile=parse_tile("3m")))
>>> reading.patterns, reading.hard
((), True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from games.engine.encoding import tile_keys
from games.engine.fast_shanten import shanten4
from games.engine.hand import (
    honor_entry,
    is_all_pungs_win,
    is_standard_win,
    standard_win_pair258,
    suit_entry,
    waits_from_keys,
    waits_standard,
)
from games.engine.tiles import Meld, counts_of, is_suited, number_of
from games.engine.variants.wuhan.rules import CAP, RED_DRAGON, golden_cap

SELF_DRAW: Final = "self_draw"
"""Win type: the winner drew the tile (kong replacements and 海底 included)."""
DISCARD: Final = "discard"
"""Win type: a discard, or a robbed 蓄杠 (then the robbed player is the discarder)."""
WIN_TYPES: Final = (SELF_DRAW, DISCARD)

PENG_PENG_HU: Final = "peng_peng_hu"
QING_YI_SE: Final = "qing_yi_se"
FENG_YI_SE: Final = "feng_yi_se"
JIANG_YI_SE: Final = "jiang_yi_se"
QUAN_QIU_REN: Final = "quan_qiu_ren"
HAI_DI_LAO: Final = "hai_di_lao"
GANG_SHANG_HUA: Final = "gang_shang_hua"
QIANG_GANG: Final = "qiang_gang"
BIG_PATTERNS: Final = (
    PENG_PENG_HU,
    QING_YI_SE,
    FENG_YI_SE,
    JIANG_YI_SE,
    QUAN_QIU_REN,
    HAI_DI_LAO,
    GANG_SHANG_HUA,
    QIANG_GANG,
)
"""大胡 ids in the §11 order; each adds 10 to the base."""
XIAO_HU: Final = "xiao_hu"
YING_HU: Final = "ying_hu"
RUAN_HU: Final = "ruan_hu"

SITUATIONS: Final = (GANG_SHANG_HUA, HAI_DI_LAO, QIANG_GANG)
"""Situational big patterns given by the context, and the win type each needs."""
_SITUATION_WIN_TYPE: Final = {GANG_SHANG_HUA: SELF_DRAW, HAI_DI_LAO: SELF_DRAW, QIANG_GANG: DISCARD}

OPENING_TYPES: Final = frozenset({"chow", "pung", "kong_exposed", "kong_added"})
"""§5: melds that count as an opening (a kong_added counts once: it was a pung)."""
MING_GANG_TYPES: Final = frozenset({"kong_exposed", "kong_added"})
_JIANG: Final = (2, 5, 8)


@dataclass(frozen=True)
class WinContext:
    """How the hand was won: ``win_type``, the winning tile (if known) and situational patterns."""

    win_type: str = SELF_DRAW
    win_tile: int | None = None
    situations: frozenset[str] = field(default_factory=frozenset)


@dataclass(frozen=True)
class Reading:
    """One interpretation of a winning hand: its big patterns (§11 order) and hard/soft."""

    patterns: tuple[str, ...]
    hard: bool

    @property
    def base(self) -> int:
        """1 for a small hu, else 10 per big pattern (§6.1, accumulating)."""
        return 10 * len(self.patterns) if self.patterns else 1

    @property
    def is_big(self) -> bool:
        return bool(self.patterns)

    @property
    def value(self) -> int:
        """The §6.1 interpretation key: base × 2 when hard."""
        return self.base * (2 if self.hard else 1)

    def pattern_ids(self) -> list[str]:
        """Result ids (§11): big ids or ``xiao_hu``, then ``ying_hu`` / ``ruan_hu``."""
        return [*(self.patterns or (XIAO_HU,)), YING_HU if self.hard else RUAN_HU]


def count_openings(melds: Iterable[Meld]) -> int:
    """§5: chow, pung, kong_exposed and kong_added melds."""
    return sum(1 for m in melds if m.type in OPENING_TYPES)


def meld_tiles(melds: Iterable[Meld]) -> list[int]:
    return [t for m in melds for t in m.tiles]


def basic_violation(
    concealed: Sequence[int], melds: Sequence[Meld], wild: int | None
) -> str | None:
    """Why the tiles alone can never win (§5, §6), or None. Used by win checks and waits."""
    # Cheapest checks first: this runs for every seat on every discard in live play.
    if len(concealed) + 3 * len(melds) != 14:
        return "a winning hand has 14 tiles (a kong counts 3)"
    if not any(m.type in OPENING_TYPES for m in melds):
        return "the hand has not opened (开口)"
    if RED_DRAGON in concealed:
        return "a hand holding 红中 cannot win"
    melded = meld_tiles(melds)
    if RED_DRAGON in melded or (wild is not None and wild in melded):
        return "红中 and the 癞子 can never be in a meld"
    if any(m.type == "chow" and m.from_ not in (None, 3) for m in melds):
        return "a chow is claimed only from the previous player (上家, from 3)"
    all_tiles = [*concealed, *melded]
    if any(t >= 34 for t in all_tiles):
        return "Wuhan has no flower tiles"
    if max(counts_of(all_tiles)) > 4:
        return "more than four copies of a tile"
    return None


def context_violation(ctx: WinContext, wild: int | None) -> str | None:
    """Why the way of winning is impossible (§4, §6), or None."""
    for situation in ctx.situations:
        if _SITUATION_WIN_TYPE[situation] != ctx.win_type:
            return f"{situation} needs win_type {_SITUATION_WIN_TYPE[situation]}"
    if ctx.win_type == DISCARD and ctx.win_tile is not None:
        if ctx.win_tile == RED_DRAGON or ctx.win_tile == wild:
            return "a discarded 红中 or 癞子 is a kong, never won on"
    return None


def best_reading(
    concealed: Sequence[int], melds: Sequence[Meld], wild: int | None, ctx: WinContext
) -> Reading | None:
    """The §6.1 best legal reading of a complete hand, or None when it is not a legal win.

    ``concealed`` includes the winning tile. Readings compare by base × (2 if hard), then hard,
    then more patterns.
    """
    if basic_violation(concealed, melds, wild) or context_violation(ctx, wild):
        return None
    candidates = list(_readings(concealed, melds, wild, ctx))
    if not candidates:
        return None
    return max(candidates, key=lambda r: (r.value, r.hard, len(r.patterns)))


def _readings(
    concealed: Sequence[int], melds: Sequence[Meld], wild: int | None, ctx: WinContext
) -> Iterable[Reading]:
    counts = counts_of(concealed)
    held = counts[wild] if wild is not None else 0
    if wild is not None:
        counts[wild] = 0
    if not _may_have_shape(counts, held, melds):
        return
    # Each 癞子 is at face value or a joker; "k at face value" covers every mix (§6).
    for face in range(held, -1, -1):
        if wild is not None:
            counts[wild] = face
        jokers = held - face
        shape = _shape_patterns(counts, jokers, melds)
        if shape is None:
            continue
        patterns = _ordered(shape | _other_patterns(melds, ctx, _is_pair(counts, jokers)))
        if held >= 2 and not patterns:
            continue  # §6: two 癞子 held forbid a small hu
        yield Reading(patterns=patterns, hard=jokers == 0)


def has_reading(
    concealed: Sequence[int], melds: Sequence[Meld], wild: int | None, ctx: WinContext
) -> bool:
    """``best_reading(concealed, melds, wild, ctx) is not None``, from one reading only.

    The reading with every 癞子 as a joker is enough: a reading with some 癞子 at face value is
    also one with them as jokers standing for their own face. Its faces are a subset (melds keep
    them non-empty), so 风一色 / 将一色 / 清一色 stay; the standard, 2-5-8-pair and all-pungs
    tests only get more jokers; and with a 癞子 held the concealed tiles still form "the pair".
    So its patterns include those of any other reading, and the two-癞子 rule passes too.
    """
    if basic_violation(concealed, melds, wild) or context_violation(ctx, wild):
        return False
    counts = counts_of(concealed)
    held = counts[wild] if wild is not None else 0
    if wild is not None:
        counts[wild] = 0
    shape = _shape_patterns(counts, held, melds)
    if shape is None:
        return False
    return held < 2 or bool(shape) or bool(_other_patterns(melds, ctx, _is_pair(counts, held)))


def may_win(concealed: Sequence[int], melds: Sequence[Meld], wild: int | None) -> bool:
    """A cheap necessary condition of ``best_reading(concealed, melds, wild, ctx) is not None``
    (for any ctx): the test ``_readings`` starts with, without the legality checks first."""
    counts = counts_of(concealed)
    held = counts[wild] if wild is not None else 0
    if wild is not None:
        counts[wild] = 0
    return _may_have_shape(counts, held, melds)


def standard_kinds(counts: Sequence[int], jokers: int) -> list[int]:
    """The kinds ``t`` (never a fifth copy) for which ``counts + t`` is a standard win with
    ``jokers`` wildcards: ``hand.waits_standard``, whose tables are built per block of a suit."""
    return waits_standard(counts, jokers)


MayKinds = tuple[frozenset[int], bool, bool, bool]
_MAY_KINDS: Final[dict[tuple[tuple[int, ...], int | None], MayKinds]] = {}
_MAY_WILD: Final[dict[tuple[tuple[int, ...], int], bool]] = {}
_MAY_LIMIT: Final = 50_000
_HONOUR_FACES: Final = frozenset(range(27, RED_DRAGON))
_JIANG_FACES: Final = frozenset(k for k in range(27) if k % 9 in (1, 4, 7))


def may_win_kinds(hand: tuple[int, ...], wild: int | None) -> MayKinds:
    """What ``may_win(hand + (t,), melds, wild)`` needs per kind ``t``, cached per (hand, wild).

    Returns ``(standard, honours, jiang, red)``: ``standard`` holds the kinds ``t`` other than the 癞子
    for which the standard-shape test of ``may_win`` passes (a fifth copy is never listed: such a
    hand is never a win); ``honours`` / ``jiang`` say whether every concealed face other than the
    癞子 is an honour 1z-6z / a suited 2, 5 or 8 (the 乱风 / 乱将 condition, which also needs
    ``t`` and the melds); ``red``: the hand holds 红中 (never a win). ``may_win_with`` combines
    them with a kind and the melds.
    """
    key = (hand, wild)
    found = _MAY_KINDS.get(key)
    if found is not None:
        return found
    w = -1 if wild is None else wild
    k0, k1, k2, k3 = tile_keys(hand, skip=w)  # the 癞子 are jokers, in no key
    held = hand.count(w)
    faces = [t for t in hand if t != w]
    honours = all(t in _HONOUR_FACES for t in faces)
    jiang = all(t in _JIANG_FACES for t in faces)
    kinds = _NO_KINDS
    if (len(hand) + 1) % 3 == 2 and shanten4(k0, k1, k2, k3, len(hand) // 3, held) <= 0:
        # Only a hand at most 0 from ready can be one tile from a standard win: with the 癞子 as
        # jokers, one tile or one joker less raises the shanten by at most 1.
        waits = waits_from_keys(k0, k1, k2, k3, held)
        if waits:
            got = set(waits)
            got.discard(w)
            kinds = frozenset(got)
    found = (kinds, honours, jiang, RED_DRAGON in hand)
    if len(_MAY_KINDS) >= _MAY_LIMIT:
        _MAY_KINDS.clear()
    _MAY_KINDS[key] = found
    return found


_NO_KINDS: Final[frozenset[int]] = frozenset()


def pair258_with(hand: tuple[int, ...], t: int, wild: int | None) -> bool:
    """``standard_win_pair258`` of ``hand + (t,)`` with every 癞子 a joker: ``hand.standard_cost``
    (with the 2-5-8 pair) from the four group entries of the tiles, without a count vector.
    For can_win: a standard shape without such a pair needs 清一色, 碰碰胡, 风一色 or 将一色
    (``_shape_patterns``)."""
    w = -1 if wild is None else wild
    tiles = (*hand, t)
    k0, k1, k2, k3 = tile_keys(tiles, w)
    held = tiles.count(w)
    n = len(hand)
    if (n + 1) % 3 != 2:
        return False
    e0 = suit_entry(k0)
    e1 = suit_entry(k1)
    e2 = suit_entry(k2)
    e3 = honor_entry(k3)
    return e0[0] + e1[0] + e2[0] + e3[0] + min(e0[2], e1[2], e2[2], e3[2], 2) <= held


def one_suit_with(hand: tuple[int, ...], t: int, melds: Sequence[Meld], wild: int | None) -> bool:
    """Whether every face of ``hand + (t,)`` other than the 癞子 and every meld tile lie in one
    suit (m, p or s): the 清一色 condition on the faces."""
    if t == wild:
        suit = -1
    elif t < 27:
        suit = t // 9
    else:
        return False
    for k in hand:
        if k != wild:
            if k >= 27:
                return False
            if suit < 0:
                suit = k // 9
            elif k // 9 != suit:
                return False
    for m in melds:
        for k in m.tiles:
            if k >= 27:
                return False
            if suit < 0:
                suit = k // 9
            elif k // 9 != suit:
                return False
    return True


def _may_win_wild(hand: tuple[int, ...], wild: int) -> bool:
    """The standard-shape test of ``may_win(hand + (wild,), ...)``: one more joker."""
    key = (hand, wild)
    found = _MAY_WILD.get(key)
    if found is None:
        counts = counts_of(hand)
        held = counts[wild]
        counts[wild] = 0
        found = held < 4 and is_standard_win(counts, held + 1)
        if len(_MAY_WILD) >= _MAY_LIMIT:
            _MAY_WILD.clear()
        _MAY_WILD[key] = found
    return found


def may_win_with(hand: tuple[int, ...], t: int, melds: Sequence[Meld], wild: int | None) -> bool:
    """``may_win(hand + (t,), melds, wild)`` from the cached ``may_win_kinds`` of ``hand``, for a
    physically possible hand (no fifth copy of a kind)."""
    standard, honours, jiang, _red = may_win_kinds(hand, wild)
    if t in standard:
        return True
    if t == wild and _may_win_wild(hand, t):
        return True
    if honours and (t == wild or t in _HONOUR_FACES):
        if all(k in _HONOUR_FACES for m in melds for k in m.tiles):
            return True
    if jiang and (t == wild or t in _JIANG_FACES):
        if all(k in _JIANG_FACES for m in melds for k in m.tiles):
            return True
    return False


def _may_have_shape(counts: list[int], jokers: int, melds: Sequence[Meld]) -> bool:
    """A cheap necessary condition: every reading with a shape is a standard win with all 癞子 as
    jokers (a joker may stand for its own face), and 乱风 / 乱将 only need the right tiles."""
    if is_standard_win(counts, jokers):
        return True
    faces = [k for k in range(34) if counts[k]] + meld_tiles(melds)
    return all(27 <= k < RED_DRAGON for k in faces) or all(
        is_suited(k) and number_of(k) in _JIANG for k in faces
    )


def _shape_patterns(counts: list[int], jokers: int, melds: Sequence[Meld]) -> set[str] | None:
    """Shape patterns of one reading, or None when the reading has no legal shape (§6 table)."""
    # the faces (concealed kinds held, then every meld tile) in one pass: all 1z-6z (风一色),
    # all suited 2/5/8 (将一色), and which suits they use (bit 1 m, 2 p, 4 s, 8 honours/other)
    faces = [k for k in range(34) if counts[k]]
    chow = False
    for m in melds:
        if m.type == "chow":
            chow = True
        faces.extend(m.tiles)
    any_face = len(faces) > 0
    feng = jiang = True
    suits = 0
    for k in faces:
        if k < 27:
            feng = False
            suits |= 1 << (k // 9)
            if jiang and k % 9 != 1 and k % 9 != 4 and k % 9 != 7:
                jiang = False
        else:
            jiang = False
            suits |= 8
            if k >= RED_DRAGON:
                feng = False
    found: set[str] = set()
    if any_face and feng:
        found.add(FENG_YI_SE)
    if any_face and jiang:
        found.add(JIANG_YI_SE)
    standard = is_standard_win(counts, jokers)
    if standard and (suits == 1 or suits == 2 or suits == 4):
        found.add(QING_YI_SE)
    if not chow and is_all_pungs_win(counts, jokers):
        found.add(PENG_PENG_HU)
    if found or (standard and standard_win_pair258(counts, jokers)):
        return found
    return None


def _is_pair(counts: Sequence[int], jokers: int) -> bool:
    """Whether the concealed tiles of one reading are exactly one pair (a joker pairs anything)."""
    return sum(counts) + jokers == 2 and (jokers > 0 or 2 in counts)


def _other_patterns(melds: Sequence[Meld], ctx: WinContext, concealed_pair: bool) -> set[str]:
    found = set(ctx.situations)
    # §6.1 全求人: four melds (no 暗杠), the concealed hand is *the 2-tile pair* (so a 乱风/乱将
    # finish on two different tiles is not one), and the tile came from another player.
    if (
        ctx.win_type == DISCARD
        and len(melds) == 4
        and concealed_pair
        and all(m.type != "kong_concealed" for m in melds)
    ):
        found.add(QUAN_QIU_REN)
    return found


def _ordered(patterns: set[str]) -> tuple[str, ...]:
    return tuple(p for p in BIG_PATTERNS if p in patterns)


# ---------------------------------------------------------------------------------------------
# Scoring (§8)
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatFactors:
    """The §8 factors a seat owns: openings, kongs, 红中杠 and 癞子杠 counts."""

    openings: int = 0
    an_gang: int = 0
    ming_gang: int = 0
    hongzhong_gang: int = 0
    laizi_gang: int = 0

    @classmethod
    def from_melds(
        cls, melds: Sequence[Meld], hongzhong_gang: int = 0, laizi_gang: int = 0
    ) -> SeatFactors:
        """A seat's factors read from its melds (the winner's, and the live engine's)."""
        return cls(
            openings=count_openings(melds),
            an_gang=sum(1 for m in melds if m.type == "kong_concealed"),
            ming_gang=sum(1 for m in melds if m.type in MING_GANG_TYPES),
            hongzhong_gang=hongzhong_gang,
            laizi_gang=laizi_gang,
        )

    def multiplier(self, koukou: bool) -> int:
        """The seat's own factors: opening(s), ×4 per 暗杠, ×2 per 明杠 / 红中杠 / 癞子杠."""
        opening_exp = self.openings if koukou else min(self.openings, 1)
        doubles = opening_exp + self.ming_gang + self.hongzhong_gang + self.laizi_gang
        return 1 << (doubles + 2 * self.an_gang)


@dataclass(frozen=True)
class WinScore:
    """The §11 per-win results. A multiplier is a whole number or a half (one ×1.5 at most per
    seat), a raw loss a whole number or a quarter: exact as ``int`` or ``float`` either way."""

    patterns: list[str]
    base: int
    multipliers: list[int | float]
    raw: list[int | float]
    deltas: list[int]
    cheng_bao: int | None


@dataclass(frozen=True)
class WinFacts:
    """Who won how: seats, win type, the winner's melds (in the order made) and 承包 input."""

    winner: int
    dealer: int
    win_type: str
    discarder: int | None
    melds: tuple[Meld, ...]
    koukou: bool = False
    discarder_ready: bool | None = None


def score_win(reading: Reading, facts: WinFacts, factors: Sequence[SeatFactors]) -> WinScore:
    """Score one win (§8): per-seat multipliers, raw losses, caps, 金顶 and 承包.

    ``factors`` has one entry per seat; for the winner only 红中杠/癞子杠 are read (its openings
    and kongs come from ``facts.melds``).
    """
    halves = _multipliers(reading, facts, factors)
    base = reading.base
    w = facts.winner
    # raw losses in quarters (a multiplier in halves, times the winner's in halves), exactly
    quarters = [0 if s == w else base * halves[s] * halves[w] for s in range(4)]
    losers = [s for s in range(4) if s != w]
    pays = _capped(quarters, losers, facts.koukou)
    payer = cheng_bao_seat(reading, facts)
    if payer is not None:
        total = sum(pays.values())
        pays = {s: (total if s == payer else 0) for s in losers}
    deltas = [0, 0, 0, 0]
    for seat, amount in pays.items():
        deltas[seat] = deltas[seat] - amount
        deltas[w] = deltas[w] + amount
    mults = [h // 2 if h % 2 == 0 else h / 2 for h in halves]
    raw = [q // 4 if q % 4 == 0 else q / 4 for q in quarters]
    return WinScore(reading.pattern_ids(), base, mults, raw, deltas, payer)


def _multipliers(reading: Reading, facts: WinFacts, factors: Sequence[SeatFactors]) -> list[int]:
    """Each seat's multiplier, in halves: ×1.5 (a big win's self-draw or discard) is ×3 here."""
    big = reading.is_big
    halves = []
    for seat in range(4):
        if seat == facts.winner:
            own = factors[seat]
            mine = SeatFactors.from_melds(facts.melds, own.hongzhong_gang, own.laizi_gang)
            h = 2 * mine.multiplier(facts.koukou)
            if facts.win_type == SELF_DRAW:
                h = h * 3 // 2 if big else h * 2
            if reading.hard:
                h *= 2
            if not big and seat == facts.dealer:
                h *= 2
        else:
            h = 2 * factors[seat].multiplier(facts.koukou)
            if facts.win_type == DISCARD and seat == facts.discarder:
                h = h * 3 // 2 if big else h * 2
            if not big and seat == facts.dealer:
                h *= 2
        halves.append(h)
    return halves


def _capped(quarters: Sequence[int], losers: Sequence[int], koukou: bool) -> dict[int, int]:
    """封顶 300 each; 金顶 400 (口口翻 500) each when all three raw losses exceed 300 (§8).
    ``quarters``: the raw losses times four (whole numbers)."""
    cap4 = 4 * CAP
    if all(quarters[s] > cap4 for s in losers):
        return {s: golden_cap(koukou) for s in losers}
    return {s: CAP if quarters[s] > cap4 else quarters[s] // 4 for s in losers}


def cheng_bao_seat(reading: Reading, facts: WinFacts) -> int | None:
    """The seat paying everything (§8 承包), in priority order case 3 > case 1 > case 2."""
    if QIANG_GANG in reading.patterns:
        return facts.discarder
    if QUAN_QIU_REN in reading.patterns and facts.discarder_ready is False:
        return facts.discarder
    if QING_YI_SE in reading.patterns:
        return third_opening_supplier(facts.melds, facts.winner)
    return None


def third_opening_supplier(melds: Sequence[Meld], owner: int) -> int | None:
    """The absolute seat that supplied the owner's third opening, if there was one (§8 case 2)."""
    openings = [m for m in melds if m.type in OPENING_TYPES]
    if len(openings) < 3 or openings[2].from_ is None:
        return None
    return (owner + openings[2].from_) % 4
