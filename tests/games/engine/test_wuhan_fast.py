"""Wuhan fast paths (games/engine/variants/wuhan) against their slow references.

Each fast path is checked on many seeded random hands, biased towards near-complete ones (few
palettes of kinds, sets plus a pair, some 癞子) so that wins, waits and every pattern show up:

- ``scoring.standard_kinds`` against ``hand.waits_standard``;
- ``scoring.may_win_with`` (cached per hand without the new tile) against ``scoring.may_win``;
- ``scoring.has_reading`` against ``best_reading(...) is not None``;
- ``calc.waits`` / ``calc.is_ready`` against the plain loop over every kind;
- ``WuhanRules.can_win`` against ``_reading(...) is not None``, on live states and on live states
  whose seat holds a generated hand;
- the bot's ``_bot_discard`` (counts instead of list scans, kinds of the core's shared discard
  actions by identity) against its first version, on legal lists and on shuffled copies;
- can_win's per-seat slot ``play._Seen`` (a win test per kind asked) against
  ``scoring.may_win_kinds``;
- ``scoring.may_win_kinds`` (no standard kinds when the hand is not ready by shanten) against
  ``standard_kinds`` of every hand;
- the claim bot's shanten values from group keys against ``_bot_shanten`` of each hand;
- ``scoring.pair258_with`` / ``one_suit_with`` (can_win's filter of standard shapes without a
  2-5-8 pair) against ``standard_win_pair258`` and the faces' suits;
- ``WuhanRules.discard_options`` / ``own_turn_specials`` against their definitions;
- can_win's ``play._all_pungs_with`` / ``_plain_tiles`` against ``hand.is_all_pungs_win`` /
  ``scoring.basic_violation``.
"""

from __future__ import annotations

import random

import pytest

from games.engine import apply, hand, legal_actions, new_hand, to_act
from games.engine.actions import Action
from games.engine.bots import bot_choose
from games.engine.core import WIN_DISCARD, WIN_ROB, WIN_SELF, parse_tile, replace
from games.engine.fast_shanten import after_discards, shanten4
from games.engine.simulate import play_hand
from games.engine.state import PHASE_OVER, PHASE_TURN, HandState
from games.engine.tiles import Meld, counts_of, parse_tiles, suit_of
from games.engine.variants.wuhan import bot, calc, play, scoring
from games.engine.variants.wuhan.play import RULES
from games.engine.variants.wuhan.rules import RED_DRAGON

N_RANDOM = 3000

_PALETTES = (
    tuple(range(34)),
    tuple(range(9)) + tuple(range(27, 34)),
    tuple(range(9, 18)),
    tuple(range(27, 33)),
    tuple(k for k in range(27) if k % 9 in (1, 4, 7)),
    tuple(range(18, 27)) + (27, 28),
)
_MELD_TYPES = ("chow", "pung", "pung", "kong_exposed", "kong_added", "kong_concealed")


def _take(pool: list[int], tiles: list[int]) -> bool:
    """Remove ``tiles`` from ``pool`` if all are there."""
    if any(pool.count(t) < tiles.count(t) for t in set(tiles)):
        return False
    for t in tiles:
        pool.remove(t)
    return True


def _a_set(rng: random.Random, palette: tuple[int, ...]) -> list[int]:
    k = rng.choice(palette)
    if k < 27 and k % 9 <= 6 and rng.random() < 0.5:
        return [k, k + 1, k + 2]
    return [k, k, k]


def _random_hand(
    rng: random.Random, extra: int
) -> tuple[list[int], list[Meld], int | None, list[int]]:
    """(concealed, melds, wild, pool left): 3n + extra concealed tiles beside the melds."""
    palette = rng.choice(_PALETTES)
    pool = [k for k in range(34) for _ in range(4)]
    wild: int | None = rng.choice(palette) if rng.random() < 0.85 else None
    if wild == RED_DRAGON:
        wild = rng.randrange(33)
    melds: list[Meld] = []
    for _ in range(rng.choice((0, 1, 1, 2, 2, 3, 4))):
        mtype = rng.choice(_MELD_TYPES)
        tiles = _a_set(rng, palette)
        if mtype == "chow" and tiles[0] == tiles[1]:
            mtype = "pung"
        if mtype != "chow" and tiles[0] != tiles[1]:
            mtype = "chow"
        if mtype.startswith("kong"):
            tiles = tiles + tiles[:1]
        if not _take(pool, tiles):
            continue
        from_ = rng.choice((None, 1, 2, 3)) if mtype != "kong_concealed" else None
        if mtype == "chow" and rng.random() < 0.8:
            from_ = 3
        melds.append(Meld(mtype, tuple(tiles), from_))
    size = 3 * (4 - len(melds)) + extra
    concealed: list[int] = []
    if rng.random() < 0.7:  # near-complete: sets and a pair, then a few tiles changed
        for _ in range(20):
            if len(concealed) + 2 > size:
                break
            part = [rng.choice(palette)] * 2 if not concealed else _a_set(rng, palette)
            if len(concealed) + len(part) <= size and _take(pool, part):
                concealed += part
        for _ in range(rng.choice((0, 1, 1, 2))):
            if concealed:
                pool.append(concealed.pop(rng.randrange(len(concealed))))
    while len(concealed) > size:
        pool.append(concealed.pop(rng.randrange(len(concealed))))
    while len(concealed) < size:
        choices = [t for t in pool if t in palette or t == wild or rng.random() < 0.05]
        t = rng.choice(choices or pool)
        if wild is not None and rng.random() < 0.15 and wild in pool:
            t = wild
        pool.remove(t)
        concealed.append(t)
    rng.shuffle(concealed)
    return concealed, melds, wild, pool


def test_standard_kinds_match_hand_waits_standard() -> None:
    rng = random.Random("wuhan-fast-standard")
    for _ in range(N_RANDOM):
        concealed, _melds, wild, _pool = _random_hand(rng, rng.choice((1, 1, 2, 0)))
        counts = counts_of(concealed)
        jokers = 0
        if wild is not None:
            jokers = counts[wild]
            counts[wild] = 0
        assert scoring.standard_kinds(counts, jokers) == hand.waits_standard(counts, jokers), (
            concealed,
            wild,
        )


def test_may_win_with_matches_may_win() -> None:
    rng = random.Random("wuhan-fast-may")
    for _ in range(N_RANDOM):
        concealed, melds, wild, _pool = _random_hand(rng, 1)
        key = tuple(sorted(concealed))
        for t in range(34):
            if concealed.count(t) >= 4:
                continue  # no fifth copy
            fast = scoring.may_win_with(key, t, melds, wild)
            assert fast == scoring.may_win(concealed + [t], melds, wild), (
                concealed,
                melds,
                wild,
                t,
            )


def _contexts(rng: random.Random, concealed: list[int]) -> list[scoring.WinContext]:
    tile = rng.choice(concealed)
    situations = [frozenset(), frozenset({rng.choice(scoring.SITUATIONS)})]
    return [
        scoring.WinContext(win_type, win_tile, s)
        for win_type in scoring.WIN_TYPES
        for win_tile in (None, tile)
        for s in situations
    ]


def test_has_reading_matches_best_reading() -> None:
    rng = random.Random("wuhan-fast-reading")
    wins = 0
    for _ in range(N_RANDOM):
        concealed, melds, wild, _pool = _random_hand(rng, 2)
        for ctx in _contexts(rng, concealed):
            slow = scoring.best_reading(concealed, melds, wild, ctx) is not None
            assert scoring.has_reading(concealed, melds, wild, ctx) == slow, (
                concealed,
                melds,
                wild,
                ctx,
            )
            wins += slow
    assert wins > N_RANDOM // 4  # the generator does reach wins


def _slow_waits(concealed: list[int], melds: list[Meld], wild: int | None) -> list[int]:
    held = concealed + [t for m in melds for t in m.tiles]
    return [
        kind
        for kind in range(33)
        if held.count(kind) < 4
        and scoring.best_reading(concealed + [kind], melds, wild, scoring.WinContext()) is not None
    ]


def test_waits_match_the_plain_loop() -> None:
    rng = random.Random("wuhan-fast-waits")
    ready = 0
    for _ in range(N_RANDOM):
        concealed, melds, wild, _pool = _random_hand(rng, 1)
        slow = _slow_waits(concealed, melds, wild)
        assert calc.waits(concealed, melds, wild) == slow, (concealed, melds, wild)
        assert calc.is_ready(concealed, melds, wild) == bool(slow)
        ready += bool(slow)
    assert ready > N_RANDOM // 10


def _slow_can_win(state: HandState, seat: int, tile: int | None, how: str) -> bool:
    return RULES._reading(state, seat, tile, how) is not None


def _check_state(state: HandState) -> int:
    """Compare can_win for every seat, tile and way of winning; returns the wins seen."""
    wins = 0
    for seat in range(4):
        for how in (WIN_DISCARD, WIN_ROB):
            for tile in range(34):
                slow = _slow_can_win(state, seat, tile, how)
                assert RULES.can_win(state, seat, tile, how) == slow, (seat, tile, how)
                wins += slow
        slow = _slow_can_win(state, seat, None, WIN_SELF)
        assert RULES.can_win(state, seat, None, WIN_SELF) == slow, (seat, WIN_SELF)
        wins += slow
    return wins


@pytest.mark.parametrize("options", [{}, {"koukou": True}], ids=["kaikou", "koukou"])
def test_can_win_matches_the_reading_in_live_play(options: dict[str, bool]) -> None:
    rng = random.Random(f"wuhan-fast-live-{options}")
    wins = 0
    for i in range(6):
        final, _events, _actions = play_hand("wuhan", options, f"wuhan-fast:{i}", checked=False)
        wins += _check_state(final)
        # the same table with generated hands: one seat waits (or holds 14 with a drawn tile)
        for _ in range(40):
            seat = rng.randrange(4)
            extra = rng.choice((1, 2))
            concealed, melds, _wild, _pool = _random_hand(rng, extra)
            hands = list(final.hands)
            melds_all = list(final.melds)
            hands[seat] = tuple(sorted(concealed))
            melds_all[seat] = tuple(melds)
            ext = dict(final.ext)
            ext["haidi"] = rng.random() < 0.2
            state = replace(
                final,
                hands=tuple(hands),
                melds=tuple(melds_all),
                drawn=rng.choice(concealed) if extra == 2 else None,
                after_kong=rng.random() < 0.3,
                ext=ext,
            )
            wins += _check_state(state)
    assert wins > 50


def _slow_bot_discard(state: HandState, seat: int, legal: list[Action]) -> Action:
    """The bot's discard as first written (list scans for the neighbour tie-break)."""
    hand = list(state.hands[seat])
    laizi = state.ext["laizi"]
    counts = counts_of(t for t in hand if t != laizi)
    jokers = len(hand) - sum(counts)
    discards = [(parse_tile(a.tile or ""), a) for a in legal if a.type == "discard"]
    values = after_discards(counts, (len(hand) - 1) // 3, jokers, [t for t, _a in discards])
    best: tuple[int, int] | None = None
    pick = discards[0][1]
    low = min(values)
    for (t, a), after in zip(discards, values, strict=True):
        if after != low:
            continue
        score = 2 * (hand.count(t) - 1)
        if t < 27:
            for d in (-2, -1, 1, 2):
                if 0 <= t % 9 + d <= 8 and (t + d) in hand:
                    score += 3 - abs(d)
        key = (score, t)
        if best is None or key < best:
            best, pick = key, a
    return pick


@pytest.mark.parametrize("options", [{}, {"koukou": True}], ids=["kaikou", "koukou"])
def test_bot_discard_matches_the_first_version(options: dict[str, bool]) -> None:
    turns = 0
    for i in range(20):
        state, _events = new_hand("wuhan", options, dealer=i % 4, seed=f"wuhan-fast-bot:{i}")
        while state.phase != PHASE_OVER:
            seat = to_act(state)[0]
            legal = legal_actions(state, seat)
            if state.phase == PHASE_TURN and any(a.type == "discard" for a in legal):
                slow = _slow_bot_discard(state, seat, legal)
                assert bot._bot_discard(state, seat, legal) == slow
                # actions that are not the core's shared ones (kinds by tile string), in any order
                copies = [Action(a.seat, a.type, a.tile, a.tiles, a.choice) for a in legal]
                random.Random(turns).shuffle(copies)
                assert bot._bot_discard(state, seat, copies) == _slow_bot_discard(
                    state, seat, copies
                )
                turns += 1
            state, _ev = apply(state, bot_choose(state, seat, kind="random", rng_seed=turns))
    assert turns > 200


def test_may_win_kinds_shanten_filter_matches_standard_kinds() -> None:
    rng = random.Random("wuhan-fast-may-kinds")
    scoring._MAY_KINDS.clear()
    ready = 0
    for _ in range(N_RANDOM):
        concealed, _melds, wild, _pool = _random_hand(rng, rng.choice((1, 1, 1, 2, 0)))
        key = tuple(sorted(concealed))
        counts = counts_of(concealed)
        held = 0
        if wild is not None:
            held = counts[wild]
            counts[wild] = 0
        slow = set(scoring.standard_kinds(counts, held))
        slow.discard(wild)  # type: ignore[arg-type]
        standard, honours, jiang, red = scoring.may_win_kinds(key, wild)
        assert standard == slow, (concealed, wild)
        faces = set(concealed) - {wild}
        assert (honours, jiang, red) == (
            all(27 <= k < RED_DRAGON for k in faces),
            all(k < 27 and k % 9 in (1, 4, 7) for k in faces),
            RED_DRAGON in concealed,
        )
        ready += bool(slow)
    assert ready > N_RANDOM // 10


def test_seen_slot_matches_may_win_kinds() -> None:
    """can_win's per-seat slot (keys kept, one win test per kind asked) against may_win_kinds."""
    rng = random.Random("wuhan-fast-seen-slot")
    ready = 0
    for _ in range(N_RANDOM):
        concealed, _melds, wild, _pool = _random_hand(rng, rng.choice((1, 1, 1, 2, 0)))
        for cut in (0, 1):
            tiles = sorted(concealed)
            if cut and tiles:
                tiles.pop(rng.randrange(len(tiles)))
            key = tuple(tiles)
            w = -1 if wild is None else wild
            standard, honours, jiang, red = scoring.may_win_kinds(key, wild)
            seen = play._Seen(key, w)
            assert seen.hand is key and seen.wild == w
            assert (seen.honours, seen.jiang, seen.red) == (honours, jiang, red), (key, wild)
            assert {t for t in range(34) if seen.std_with(t)} == standard, (key, wild)
            ready += bool(standard)
    assert ready > N_RANDOM // 10


def _slow_best_after_discard(rest: list[int], laizi: int) -> int:
    """The claim bot's best shanten after one discard, as first written."""
    out = []
    for t in set(rest):
        left = list(rest)
        left.remove(t)
        out.append(bot._bot_shanten(left, laizi))
    return min(out)


def test_claim_shanten_matches_bot_shanten() -> None:
    rng = random.Random("wuhan-fast-claim")
    for _ in range(N_RANDOM):
        concealed, _melds, wild, _pool = _random_hand(rng, rng.choice((1, 2)))
        laizi = rng.randrange(33) if wild is None else wild
        k0, k1, k2, k3, jokers = bot._keys(concealed, laizi)
        slow_now = bot._bot_shanten(concealed, laizi)
        assert shanten4(k0, k1, k2, k3, len(concealed) // 3, jokers) == slow_now, concealed
        if len(concealed) % 3 == 2:
            assert bot._best_after_discard_of(concealed, laizi) == _slow_best_after_discard(
                concealed, laizi
            ), (concealed, laizi)


@pytest.mark.parametrize("options", [{}, {"koukou": True}], ids=["kaikou", "koukou"])
def test_bot_claim_matches_the_first_version(options: dict[str, bool]) -> None:
    """``_bot_claim`` on every claim window of seeded random-bot hands against its first
    version (list removals and ``_bot_shanten``)."""
    windows = 0
    for i in range(20):
        state, _events = new_hand("wuhan", options, dealer=i % 4, seed=f"wuhan-fast-claim:{i}")
        turns = 0
        while state.phase != PHASE_OVER:
            seat = to_act(state)[0]
            legal = legal_actions(state, seat)
            if state.phase != PHASE_TURN and any(a.type in ("pung", "chow") for a in legal):
                bot._CLAIM_SHANTEN.clear()
                assert bot._bot_claim(state, seat, legal) == _slow_bot_claim(state, seat, legal)
                windows += 1
            turns += 1
            state, _ev = apply(state, bot_choose(state, seat, kind="random", rng_seed=turns))
    assert windows > 100


def _slow_bot_claim(state: HandState, seat: int, legal: list[Action]) -> Action | None:
    laizi = state.ext["laizi"]
    hand = list(state.hands[seat])
    now = bot._bot_shanten(hand, laizi)
    for a in legal:
        if a.type == "kong_exposed":
            return a
        if a.type not in ("pung", "chow"):
            continue
        tile = parse_tile(a.tile or "")
        rest = list(hand)
        used = (
            [tile, tile]
            if a.type == "pung"
            else [t for t in parse_tiles(a.tiles or "") if t != tile]
        )
        for t in used:
            rest.remove(t)
        after = _slow_best_after_discard(rest, laizi) if rest else -1
        if after < now or (after == now and not state.melds[seat]):
            return a
    types = {a.type for a in legal}
    return next((a for a in legal if a.type == "pass"), None) if "hu" not in types else None


def test_pair258_with_and_one_suit_match_their_definitions() -> None:
    rng = random.Random("wuhan-fast-pair258")
    found = 0
    for _ in range(N_RANDOM):
        concealed, melds, wild, _pool = _random_hand(rng, 1)
        key = tuple(sorted(concealed))
        for t in range(34):
            with_t = counts_of(concealed + [t])
            held = 0
            if wild is not None:
                held = with_t[wild]
                with_t[wild] = 0
            slow = hand.standard_win_pair258(with_t, held)
            assert scoring.pair258_with(key, t, wild) == slow, (concealed, wild, t)
            found += slow
            faces = [k for k in concealed + [t] if k != wild] + [k for m in melds for k in m.tiles]
            suits = {suit_of(k) for k in faces}
            slow = len(suits) <= 1 and suits <= {"m", "p", "s"}
            assert scoring.one_suit_with(key, t, melds, wild) == slow, (concealed, melds, wild, t)
    assert found > N_RANDOM // 20


def test_discard_options_and_specials_match_their_definitions() -> None:
    for i in range(10):
        final, _events, _actions = play_hand("wuhan", {}, f"wuhan-fast-opts:{i}", checked=False)
        laizi = final.ext["laizi"]
        rng = random.Random(i)
        for _ in range(50):
            seat = rng.randrange(4)
            tiles = rng.sample([k for k in range(34) for _ in range(4)], rng.choice((2, 5, 14)))
            if rng.random() < 0.3:
                tiles += [laizi, RED_DRAGON][: rng.randrange(3)]
            for hand_ in (tuple(sorted(tiles)), tuple(tiles)):
                hands = list(final.hands)
                hands[seat] = hand_
                ext = dict(final.ext)
                ext["haidi"] = rng.random() < 0.2
                state = replace(final, hands=tuple(hands), ext=ext, drawn=rng.choice((None, 3)))
                want = [] if ext["haidi"] else sorted(set(hand_) - {RED_DRAGON, laizi})
                assert RULES.discard_options(state, seat) == want
                specials = RULES.own_turn_specials(state, seat)
                if ext["haidi"]:
                    want_sp = [Action(seat, "pass")] if state.drawn is not None else []
                else:
                    want_sp = [
                        Action(seat, atype, tile=tile)
                        for atype, tile, kind in (
                            (play.HONGZHONG_GANG, "7z", RED_DRAGON),
                            (play.LAIZI_GANG, play.tile_str(laizi), laizi),
                        )
                        if kind in hand_
                    ]
                assert specials == want_sp


def _slow_shape_patterns(counts: list[int], jokers: int, melds: list[Meld]) -> set[str] | None:
    """``scoring._shape_patterns`` as first written (face lists and a set of suit letters)."""
    faces = [k for k in range(34) if counts[k]] + [t for m in melds for t in m.tiles]
    suits = {suit_of(k) for k in faces}
    found: set[str] = set()
    if faces and all(27 <= k < RED_DRAGON for k in faces):
        found.add(scoring.FENG_YI_SE)
    if faces and all(k < 27 and k % 9 + 1 in (2, 5, 8) for k in faces):
        found.add(scoring.JIANG_YI_SE)
    standard = hand.is_standard_win(counts, jokers)
    if standard and len(suits) == 1 and suits <= {"m", "p", "s"}:
        found.add(scoring.QING_YI_SE)
    if all(m.type != "chow" for m in melds) and hand.is_all_pungs_win(counts, jokers):
        found.add(scoring.PENG_PENG_HU)
    if found or (standard and hand.standard_win_pair258(counts, jokers)):
        return found
    return None


def test_shape_patterns_match_the_first_version() -> None:
    rng = random.Random("wuhan-fast-shape")
    shapes = 0
    for _ in range(N_RANDOM):
        concealed, melds, wild, _pool = _random_hand(rng, 2)
        counts = counts_of(concealed)
        held = 0
        if wild is not None:
            held = counts[wild]
            counts[wild] = 0
        for jokers in range(held + 1):
            if wild is not None:
                counts[wild] = held - jokers
            slow = _slow_shape_patterns(counts, jokers, melds)
            assert scoring._shape_patterns(counts, jokers, melds) == slow, (concealed, melds)
            shapes += slow is not None
    assert shapes > N_RANDOM // 4


def test_all_pungs_and_plain_tiles_match_their_definitions() -> None:
    """can_win's shape reject (``play._all_pungs_with``) and its reading shortcut
    (``play._plain_tiles``) against ``hand.is_all_pungs_win`` and ``scoring.basic_violation``."""
    rng = random.Random("wuhan-fast-pungs-plain")
    pungs = plain = 0
    for _ in range(N_RANDOM):
        concealed, melds, wild, _pool = _random_hand(rng, 1)
        w = -1 if wild is None else wild
        key = tuple(sorted(concealed))
        for t in range(34):
            with_t = counts_of(concealed + [t])
            if with_t[t] > 4:
                continue  # never asked: no fifth copy
            held = 0
            if wild is not None:
                held = with_t[wild]
                with_t[wild] = 0
            slow = hand.is_all_pungs_win(with_t, held)
            assert play._all_pungs_with(key, t, w) == slow, (concealed, wild, t)
            pungs += slow
            tiles = concealed + [t]
            if RED_DRAGON in tiles or len(tiles) + 3 * len(melds) != 14:
                continue
            slow = scoring.basic_violation(tiles, melds, wild) is None
            assert play._plain_tiles(key, t, tuple(melds), w) == slow, (concealed, melds, wild, t)
            plain += slow
    assert pungs > 0 and plain > 0
