"""Read-only selectors for pages and their small JSON helpers (not the table protocol).

``escape_quote`` answers "what does leaving this live hand cost me?" from the engine's escape
rules, the room's N and A and the ratings cool-down steps, using only what the asking seat may
know: where a variant's penalty also counts other seats' hidden tiles (Fuzhou's golds in hand,
Sichuan's 大叫 in the last four tiles) the quote is the public part and says "at least".
"""

from __future__ import annotations

from typing import Any

import games.engine as engine
from games.engine import HandState
from games.interface import player_facts
from games.models import HandRecord, Table, TableStatus
from games.runtime.services import grace_seconds


def _penalty_public(state: HandState, seat: int) -> tuple[int, bool, bool]:
    """(escape penalty in points, at_least, ends_hand) for ``seat`` leaving now."""
    if state.variant == "fuzhou":
        from games.engine.variants.fuzhou.settle import SeatHolding, escape_penalty

        others = [SeatHolding(state.flowers[s], state.melds[s], 0) for s in range(4) if s != seat]
        return escape_penalty(others, int(state.ext["streak"])), True, True
    if state.variant == "sichuan" and not state.won[seat]:
        from games.engine.core import live_count
        from games.engine.variants.sichuan import scoring, settle
        from games.engine.variants.sichuan.play import LAST_FOUR

        mode = scoring.MODE_XUEZHAN if state.options.get("bloody") else scoring.MODE_NORMAL
        won = [s for s in range(4) if state.won[s]]
        deltas = settle.escape_settlement(seat, won, False, None, mode)
        return -deltas[seat], live_count(state) <= LAST_FOUR, True
    # Wuhan's fixed penalty, Shaanxi's 炮子 in force, Yiwu's none and a 血战 winner's none read
    # only public facts: the engine's own escape gives them exactly.
    after, events = engine.escape(state, seat)
    ends = any(e.get("type") == "hand_end" for e in events) or engine.is_over(after)
    return state.scores[seat] - after.scores[seat], False, ends


def _cooldowns(user) -> dict[str, int]:
    # ratings (above games) answers through games.interface
    return player_facts().escape_outlook(user)


def escape_quote(*, table: Table, seat: int, user) -> dict[str, Any]:
    """What leaving now costs ``seat``: {"live": False} between hands (leaving is free), else the
    penalty in points and coins, the coins the hand would end with, and the cool-down."""
    quote: dict[str, Any] = {"live": False, **_cooldowns(user)}
    if table.status != TableStatus.PLAYING or not table.state or table.current_hand_id is None:
        return quote
    state = HandState.from_json(table.state)
    if engine.is_over(state) or state.escaped[seat]:
        return quote
    hand = HandRecord.objects.get(pk=table.current_hand_id)
    variant = engine.variant_get(state.variant)
    n, a = hand.coefficient, (hand.room_rake if variant.has_rake else 0)
    penalty, at_least, ends = _penalty_public(state, seat)
    so_far = state.scores[seat]
    quote.update(
        live=True,
        variant=state.variant,
        N=n,
        A=a,
        penalty_points=penalty,
        penalty_coins=penalty * n,
        at_least=at_least,
        ends_hand=ends,
        bot_plays_on=not ends,
        grace_seconds=grace_seconds(),  # a player back within it has not escaped
        points_so_far=so_far,
        coins_if_leaving=(so_far - penalty) * n - a,
    )
    return quote
