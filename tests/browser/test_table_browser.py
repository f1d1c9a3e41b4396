"""A real browser (Debian's Chromium through Playwright) signs up, sits at a table of each variant
and mode with bots, plays the whole hand by clicking what the table offers, and checks the
settlement on the page and in the wallet. Screenshots go to artifacts/ (gitignored).

The site, its database (SQLite, or a fresh PostgreSQL database when DATABASE_URL is set; a real
Celery worker with REDIS_URL) and the browser are shared by the session (conftest.py)."""

from __future__ import annotations

import re
import time
import uuid
from pathlib import Path

import pytest

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
PASSWORD = "a-long-enough-passphrase-42"
PHONE = {"width": 412, "height": 915}
DESKTOP = {"width": 1280, "height": 900}

# (test id, lobby section, room name before " ×1" from demo_setup, house rake per hand, viewport,
# client language)
CASES = [
    ("sichuan", "sichuan", "四川 普通场", True, PHONE, "en"),
    ("sichuan-bloody", "sichuan", "四川 血战到底", True, DESKTOP, "zh"),
    ("fuzhou", "fuzhou", "福州", False, PHONE, "en"),
    ("yiwu", "yiwu", "义乌", True, DESKTOP, "en"),
    ("shaanxi", "shaanxi", "陕西", False, PHONE, "zh"),
    ("wuhan", "wuhan", "武汉 开口翻", True, DESKTOP, "en"),
    ("wuhan-koukou", "wuhan", "武汉 口口翻", True, PHONE, "zh"),
]

# The test's policy, in order: win, pass on a claim, the first offered choice, else discard the
# most recently drawn tile (or the last playable one after a meld).
POLICY = (
    '#actions button[data-action="hu"]',
    '#actions button[data-action="pass"]',
    "#actions button[data-action]:not([disabled])",
    "#myhand button.tile.playable.drawn:not([disabled])",
    "#myhand button.tile.playable:not([disabled])",
)


def _act_once(page) -> bool:
    for selector in POLICY:
        buttons = page.locator(selector)
        if buttons.count():
            try:
                buttons.last.click(timeout=1500) if "myhand" in selector else buttons.first.click(
                    timeout=1500
                )
                return True
            except Exception:  # re-rendered under the click: look again
                return False
    return False


def _sign_up(page, site: str) -> str:
    username = f"p_{uuid.uuid4().hex[:10]}"
    page.goto(f"{site}/accounts/signup/")
    page.fill('input[name="username"]', username)
    page.fill('input[name="display_name"]', username)
    page.fill('input[name="password1"]', PASSWORD)
    page.fill('input[name="password2"]', PASSWORD)
    page.click('form button[type="submit"]')
    page.wait_for_url(f"{site}/")
    return username


def _balance(page, site: str) -> int:
    page.goto(f"{site}/play/")
    return int(page.locator('[data-testid="balance"]').text_content().strip())


def _room_row(page, section: str, label: str):
    rows = page.locator(f'section[data-variant="{section}"] tr[data-room-id]')
    pattern = re.compile(rf"^{re.escape(label)} ×1(\b|\s|·|$)")
    for k in range(rows.count()):
        if pattern.match(rows.nth(k).locator("td").first.text_content().strip()):
            return rows.nth(k)
    raise AssertionError(f"no room {label} ×1 in the lobby")


def _ints(locator, attr: str = "data-value") -> list[int]:
    return [int(locator.nth(k).get_attribute(attr)) for k in range(locator.count())]


@pytest.mark.parametrize(
    ("name", "section", "label", "has_rake", "viewport", "lang"), CASES, ids=[c[0] for c in CASES]
)
def test_it_plays_a_whole_hand_against_bots(
    browser, live_site, name, section, label, has_rake, viewport, lang
):
    from playwright.sync_api import expect

    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    try:
        # given a new player in the lobby, who sees their tier for the variant
        _sign_up(page, live_site)
        expect(page.locator('[data-testid="play-link"]')).to_be_visible()
        before = _balance(page, live_site)
        expect(
            page.locator(f'section[data-variant="{section}"] [data-testid="tier-{section}"]')
        ).to_be_visible()
        row = _room_row(page, section, label)
        rake_a = int(row.locator("td").nth(2).text_content())
        # when they pick the client's language, sit at a table of the room and call the bots
        page.evaluate("lang => localStorage.setItem('que-lang', lang)", lang)
        row.locator('button[name="bots"]').click()
        page.wait_for_url("**/table/*/")
        expect(page.locator("#conn")).to_have_attribute("data-state", "open", timeout=15000)
        expect(page.locator('#seats .seat.me [data-testid="seat-tier"]')).to_be_visible(
            timeout=15000
        )
        # and play the hand out with the policy
        clicks, deadline = 0, time.monotonic() + 120
        settled = page.locator('[data-testid="settle-status"][data-status="settled"]')
        shot = False
        while time.monotonic() < deadline and not settled.count():
            offered = page.locator("#actions button[data-action], #myhand button.tile.playable")
            if not shot and offered.count():
                page.screenshot(path=str(ARTIFACTS / f"table-{name}-play.png"))  # what is offered
                shot = True
            clicks += _act_once(page)
            page.wait_for_timeout(60)
        expect(settled).to_have_count(1, timeout=20000)
        # then the result shows every seat's points and coins, and coins + rake sum to zero
        rows = page.locator("#result tr[data-seat]")
        expect(rows).to_have_count(4)
        points = _ints(page.locator("#result tr[data-seat] td.points"))
        coins = _ints(page.locator("#result tr[data-seat] td.coins"))
        rake = int(page.locator('[data-testid="rake"]').text_content())
        # (a bot can win before the player is ever asked, e.g. a Fuzhou 天胡 or 抢金)
        assert clicks > 0 or not shot
        assert sum(points) == 0, points
        assert rake == (4 * rake_a if has_rake else 0)
        assert sum(coins) == -rake, (coins, rake)
        expect(page.locator('[data-testid="seed"]')).to_be_visible()
        expect(page.locator("#fair .commit")).not_to_be_empty()
        my_seat = int(page.locator("#result tr.me").get_attribute("data-seat"))
        page.screenshot(path=str(ARTIFACTS / f"table-{name}.png"), full_page=True)
        # and the wallet moved by exactly the player's coins
        assert _balance(page, live_site) - before == coins[my_seat]
    finally:
        context.close()
