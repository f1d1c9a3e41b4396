"""``expert_choose``: the expert bot's move (the first of its ranked options)."""

from __future__ import annotations

from games.engine import IllegalActionError
from games.engine.actions import HU, PROP, Action
from games.engine.core import legal_actions, rules_of
from games.engine.expert.rank import rank_view
from games.engine.expert.view import SeatView
from games.engine.state import HandState


def expert_choose(state: HandState, seat: int, *, rng_seed: int = 0) -> Action:
    """A legal action for ``seat``, decided only from what ``seat`` may know (its
    ``observe``); deterministic: ties go to the earlier legal action, so ``rng_seed`` (kept for
    the bots' common signature) changes nothing. Raises IllegalActionError when the seat has
    nothing to do."""
    legal = [a for a in legal_actions(state, seat) if a.type != PROP]
    if not legal:
        raise IllegalActionError(f"seat {seat} has nothing to do now")
    if len(legal) == 1:
        return legal[0]
    prio = rules_of(state).claim_priority
    hu_rank = prio.get(HU, 3)
    win: Action | None = None
    for a in legal:
        if prio.get(a.type, 0) > hu_rank:
            win = None  # a variant claim that outranks the win: the ranking decides
            break
        if a.type == HU and win is None:
            win = a
    if win is not None:
        return win  # the ranking values a win on offer above every other option
    return rank_view(state, SeatView(state, seat))[0].action
