"""The expert's review of a finished hand in Chromium (issue 19, "done when"), for every variant: a
player opens the page of a hand they played and sees, per decision, the expert's ranked options
with their values and their own choice marked where it differs, and the summary; a costliest
difference opens the replay at that decision. Screenshots go to artifacts/ (git-ignored).

The hands are real engine hands (tests/ratings/factories.py: bots choose every action, the player
in seat 0), recorded and settled in the live site's database as the tables do."""

from __future__ import annotations

import json
import re

import pytest

from tests.browser.conftest import site_manage
from tests.browser.test_player_experience import _switch_language
from tests.browser.test_table_browser import ARTIFACTS, DESKTOP, PHONE, _sign_up

MAKE_HAND = """
import json
from django.contrib.auth import get_user_model
from games.models import Table, TableStatus
from games.runtime.services import hand_settle
from rooms.models import Room
from tests.ratings.factories import hand_record
user = get_user_model().objects.get(username={username!r})
room = Room.objects.create(
    name="review {variant}", variant={variant!r}, coefficient=1, rake=0, is_active=False
)
table = Table.objects.create(room=room, status=TableStatus.CLOSED)
hand = hand_record(
    room=room, players=[user, None, None, None], seed="review-{variant}", table=table
)
hand_settle(hand_id=hand.pk)
print(json.dumps({{"hand": hand.pk}}))
"""

CASES = [
    # (variant, viewport, site language)
    ("sichuan", DESKTOP, "en"),
    ("fuzhou", PHONE, "zh-hans"),
    ("shaanxi", DESKTOP, "en"),
    ("wuhan", DESKTOP, "zh-hans"),
    ("yiwu", PHONE, "en"),
]


@pytest.mark.parametrize(("variant", "viewport", "lang"), CASES, ids=[c[0] for c in CASES])
def test_a_player_reads_the_review_of_a_finished_hand(browser, live_site, variant, viewport, lang):
    from playwright.sync_api import expect

    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    zh = lang.startswith("zh")
    try:
        # given a player who played a finished hand of the variant
        username = _sign_up(page, live_site)
        if zh:
            _switch_language(page, lang)
        out = site_manage("shell", "-c", MAKE_HAND.format(username=username, variant=variant))
        hand_id = json.loads(out.strip().splitlines()[-1])["hand"]
        # when they open the hand's page
        page.goto(f"{live_site}/ratings/hands/{hand_id}/")
        review = page.locator('[data-testid="review"]')
        expect(review).to_be_visible()
        expect(review).to_have_attribute("data-seat", "0")
        # then the review shows what the API gives for their seat: the summary ...
        data = page.request.get(f"{live_site}/api/v1/ratings/hands/{hand_id}/review").json()
        assert data["seat"] == 0 and data["variant"] == variant
        summary = data["summary"]
        assert summary["decisions"] > 0, data
        text = page.locator('[data-testid="review-summary"]').inner_text()
        numbers = [int(n) for n in re.findall(r"\d+", text)]
        if zh:
            assert "专家" in text and numbers == [summary["decisions"], summary["matched"]]
            expect(review.locator("h2")).to_have_text("复盘")
        else:
            assert numbers == [summary["matched"], summary["decisions"]], text
        # ... every decision with its ranked options and values, the choice marked
        rows = page.locator('[data-testid="review-decision"]')
        expect(rows).to_have_count(len(data["decisions"]))
        for k, d in enumerate(data["decisions"]):
            row = rows.nth(k)
            assert row.get_attribute("data-index") == str(d["index"])
            assert row.get_attribute("data-matched") == ("true" if d["matched"] else "false")
            values = row.locator("td.num")
            shown = [float(values.nth(i).inner_text()) for i in range(values.count())]
            expected = [o["value"] for o in d["options"]]  # shown to one decimal
            assert shown[: len(expected)] == pytest.approx(expected, abs=0.0501), (k, shown)
            chosen = row.locator('[data-testid="review-chosen"]')
            expect(chosen).to_have_count(1)
            if not d["matched"]:
                expect(chosen).to_contain_text("你的选择" if zh else "your choice")
            if k == 0:  # the first decision on screen for the screenshot
                row.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"review-{variant}.png"), full_page=True)
        # and a costliest difference opens the replay at that decision
        links = page.locator('[data-testid="review-step-link"]')
        expect(links).to_have_count(len(summary["costliest"]))
        if summary["costliest"]:
            step = summary["costliest"][0]
            links.first.click()
            expect(page.locator("#replay-index")).to_have_text(str(step))
            assert page.url.endswith(f"#step-{step}")
            expect(page.locator("#replay-events li.current")).to_have_attribute(
                "data-step", str(step)
            )
    finally:
        context.close()


def test_a_practice_table_gives_hints_to_the_player(browser, live_site):
    """A practice room's table (demo_setup's 练习场) shows a Hint button while the player has
    something to decide; pressing it lists the expert's best options for their seat."""
    from playwright.sync_api import expect

    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    try:
        _sign_up(page, live_site)
        page.goto(f"{live_site}/play/")
        practice = page.locator('section[data-variant="sichuan"] tr[data-room-id]').filter(
            has=page.locator('[data-testid^="room-practice-"]')
        )
        expect(practice).to_have_count(1)
        practice.locator('button[name="bots"]').click()
        page.wait_for_url("**/table/*/")
        expect(page.locator('[data-testid="room-practice"]')).to_be_visible()
        expect(page.locator('[data-testid="room-bots"]')).to_have_text("Expert bots")
        # the hand starts with every seat's 定缺: the player has a decision, and a Hint button
        button = page.locator('[data-testid="hint-btn"]')
        expect(button).to_be_visible(timeout=20000)
        button.click()
        options = page.locator('[data-testid="hint-option"]')
        expect(options.first).to_be_visible(timeout=20000)
        assert 1 <= options.count() <= 3
        offered = page.locator("#actions button[data-action], #myhand button.tile.playable")
        assert offered.count() >= 1
        page.screenshot(path=str(ARTIFACTS / "practice-hint.png"))
    finally:
        context.close()
