"""The expert bot and hand review (docs/engine-expert.md).

``expert_choose(state, seat)`` picks the best of ``rank_options(state, seat)``: every legal
action valued in points from the seat's own knowledge (``observe``); ``review_hand(record, seat)``
replays a recorded hand and ranks the options of each of the seat's decisions.

>>> from games.engine import new_hand, default_action, apply
>>> s, _ = new_hand("sichuan", {}, dealer=0, seed="demo")
>>> ranked = rank_options(s, 0)
>>> [r.action.type for r in ranked]
['dingque', 'dingque', 'dingque']
>>> expert_choose(s, 0) == ranked[0].action
True
"""

from __future__ import annotations

from games.engine.expert.choose import expert_choose
from games.engine.expert.rank import RankedOption, rank_options
from games.engine.expert.review import review_hand

__all__ = ["RankedOption", "expert_choose", "rank_options", "review_hand"]
