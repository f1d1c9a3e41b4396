"""Win patterns (番种) appear by name, not as engine keys, on the history, profile and replay pages
(games/engine/patterns.py; the ratings_tags pattern filters and the "pattern-names" json_script)."""

from __future__ import annotations

import json
import re

import pytest
from django.template import Context, Template
from django.utils import translation

import games.engine as engine
from games.engine.bots import bot_choose
from games.engine.patterns import pattern_name, pattern_names_json
from games.runtime.services import hand_settle
from tests.ratings.factories import hand_record

pytestmark = pytest.mark.django_db

JSON_MAP = re.compile(r'<script id="pattern-names" type="application/json">(.*?)</script>', re.S)


def _seat0_wins(seed: str) -> list[str]:
    """The patterns of seat 0's win in the greedy-bot Sichuan hand of ``seed`` (dealer 0), or []."""
    state, _ = engine.new_hand("sichuan", {}, dealer=0, seed=seed)
    n = 0
    while not engine.is_over(state):
        action = bot_choose(state, engine.to_act(state)[0], rng_seed=n)
        state, _ = engine.apply(state, action)
        n += 1
    return [p for w in engine.hand_result(state)["wins"] if w["seat"] == 0 for p in w["patterns"]]


@pytest.fixture
def won(room, alice, bob):
    """A settled Sichuan hand that alice (seat 0) won, and her patterns."""
    seed = next(s for s in (f"names-{i}" for i in range(50)) if _seat0_wins(s))
    hand = hand_record(room=room, players=[alice, bob, None, None], seed=seed)
    hand_settle(hand_id=hand.pk)
    return hand, _seat0_wins(seed)


def _patterns_cell(html: str, testid: str) -> str:
    match = re.search(rf'data-testid="{testid}">(.*?)</(?:td|dd)>', html, re.S)
    assert match, testid
    return match.group(1)


def test_the_history_page_names_the_patterns_in_english(client, alice, won) -> None:
    _, patterns = won
    client.force_login(alice)
    html = client.get(f"/ratings/players/{alice.username}/history/").content.decode()
    cell = _patterns_cell(html, "history-patterns")
    assert cell == ", ".join(pattern_name(p, "en") for p in patterns)
    assert all(p not in cell for p in patterns)


def test_the_history_page_names_the_patterns_in_chinese(client, alice, won) -> None:
    _, patterns = won
    alice.language = "zh-hans"
    alice.save()
    client.force_login(alice)
    with translation.override("zh-hans"):
        html = client.get(f"/ratings/players/{alice.username}/history/").content.decode()
    assert _patterns_cell(html, "history-patterns") == ", ".join(
        pattern_name(p, "zh") for p in patterns
    )


def test_the_profile_page_names_the_patterns_made(client, alice, won) -> None:
    _, patterns = won
    html = client.get(f"/ratings/players/{alice.username}/").content.decode()
    cell = _patterns_cell(html, "profile-patterns")
    for p in set(patterns):
        assert f"{pattern_name(p, 'en')} ×" in cell
        assert f"{p} ×" not in cell


def test_the_replay_page_carries_the_pattern_names(client, alice, won) -> None:
    hand, patterns = won
    client.force_login(alice)
    html = client.get(f"/ratings/hands/{hand.pk}/").content.decode()
    match = JSON_MAP.search(html)
    assert match, "no pattern-names json_script on the replay page"
    names = json.loads(match.group(1))
    assert names == pattern_names_json()
    assert all(p in names for p in patterns)


def test_the_filters_follow_the_active_language() -> None:
    page = Template(
        '{% load ratings_tags %}{{ keys|pattern_labels|join:", " }} / {{ key|pattern_label }}'
    )
    context = Context({"keys": ["duiduihu", "qiangjin", "new_thing"], "key": "zi_mo"})
    with translation.override("en"):
        assert page.render(context) == (
            "All pungs (对对胡), Robbing the gold (抢金), new_thing / Self-draw (自摸)"
        )
    with translation.override("zh-hans"):
        assert page.render(context) == "对对胡, 抢金, new_thing / 自摸"
