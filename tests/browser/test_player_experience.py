"""What a new player sees around a hand (issue 16), in Chromium at desktop (1366×800) and phone
(390×844) size: leaving asks first and names its cost, the result box with its coin arithmetic is
on screen without scrolling, the own hand stays docked at the bottom, small tiles are legible, the
fairness check and the replay read like the table, the rules pages, the footer language switcher.

Screenshots of the layouts go to artifacts/ (git-ignored)."""

from __future__ import annotations

import re
import time

import pytest

from tests.browser.test_table_browser import ARTIFACTS, _act_once, _room_row, _sign_up

DESKTOP = {"width": 1366, "height": 800}
PHONE = {"width": 390, "height": 844}
RAW_TILE = re.compile(r"(?<![\w/])\d+[mpszf](?![\w/])")  # engine notation such as 2m or 4z


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _switch_language(page, code: str) -> None:
    page.select_option('footer select[name="language"]', code)
    page.click('footer form[data-testid="language-form"] button[type="submit"]')
    page.wait_for_load_state("load")


def _box(page, selector: str) -> dict:
    return page.locator(selector).first.bounding_box()


def _sit_with_bots(page, site: str, section: str, label: str) -> tuple[int, int]:
    page.goto(f"{site}/play/")
    row = _room_row(page, section, label)
    n = int(row.locator("td").nth(1).text_content())
    a = int(row.locator("td").nth(2).text_content())
    row.locator('button[name="bots"]').click()
    page.wait_for_url("**/table/*/")
    page.locator('#conn[data-state="open"]').wait_for(timeout=15000)
    page.wait_for_function("document.getElementById('que-table').dataset.phase !== ''")
    return n, a


def _assert_dock_on_screen(page, viewport: dict) -> None:
    dock = _box(page, "#dock")
    assert dock is not None
    assert dock["y"] >= 0 and dock["y"] + dock["height"] <= viewport["height"] + 1, dock


CASES = [
    # (id, lobby section, room label, viewport, site language)
    ("sichuan-phone-zh", "sichuan", "四川 普通场", PHONE, "zh-hans"),
    ("yiwu-desktop-en", "yiwu", "义乌", DESKTOP, "en"),
]


@pytest.mark.parametrize(
    ("name", "section", "label", "viewport", "lang"), CASES, ids=[c[0] for c in CASES]
)
def test_a_hand_from_leaving_to_replay(browser, live_site, name, section, label, viewport, lang):
    from playwright.sync_api import expect

    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    zh = lang.startswith("zh")
    try:
        _sign_up(page, live_site)
        if zh:
            _switch_language(page, lang)
        page.goto(f"{live_site}/play/")
        expect(page.locator(f'[data-testid="rules-{section}"]')).to_be_visible()
        n, a = _sit_with_bots(page, live_site, section, label)
        expect(page.locator('[data-testid="rules-link"]')).to_have_attribute(
            "href", f"/rules/{section}/"
        )

        # 1. Leave mid-hand asks first and says what it costs
        page.click('[data-testid="leave-btn"]')
        dialog = page.locator('[data-testid="leave-dialog"]')
        expect(dialog).to_be_visible()
        body = page.locator('[data-testid="leave-body"]')
        expect(body).not_to_be_empty()
        text = body.text_content()
        penalty = int(body.get_attribute("data-penalty"))
        if section == "sichuan":  # nobody has won yet: 96 to each of the three others
            assert penalty == 288 and f"{288 * n}" in text and ("逃跑" in text)
        else:  # Yiwu has no escape penalty: a bot plays on
            assert penalty == 0 and "no escape penalty" in text
        assert re.search(r"10 (min|分钟)", text), text  # the cool-down of a second escape
        page.screenshot(path=str(ARTIFACTS / f"ux-{name}-leave.png"))
        page.click('[data-testid="leave-stay"]')
        expect(dialog).to_be_hidden()
        expect(page.locator("#conn")).to_have_attribute("data-state", "open")

        # 7. the own hand and the buttons are docked at the bottom of the screen
        expect(page.locator("#myhand .tile").first).to_be_visible(timeout=15000)
        _assert_dock_on_screen(page, viewport)

        # play the hand out, checking the dock and the small tiles on the way
        settled = page.locator('[data-testid="settle-status"][data-status="settled"]')
        deadline, checked_tiles = time.monotonic() + 150, False
        while time.monotonic() < deadline and not settled.count():
            _act_once(page)
            page.wait_for_timeout(60)
            if not checked_tiles and page.locator("#seats .discards .tile").count() >= 6:
                # 8. legibility: the discard rows' tiles are about 25 × 34 px, faces ≥ 15 px
                tile, face = page.evaluate(
                    """() => {  // one read: the table re-renders between two
                      const t = document.querySelector("#seats .discards .tile");
                      const r = t.getBoundingClientRect();
                      const f = parseFloat(getComputedStyle(t.querySelector(".tn")).fontSize);
                      return [{width: r.width, height: r.height}, f];
                    }"""
                )
                if viewport is DESKTOP:
                    assert tile["height"] >= 30 and tile["width"] >= 23 and face >= 15, (tile, face)
                else:
                    assert tile["height"] >= 26 and face >= 13, (tile, face)
                _assert_dock_on_screen(page, viewport)
                page.screenshot(path=str(ARTIFACTS / f"ux-{name}-play.png"))
                checked_tiles = True
        expect(settled).to_have_count(1, timeout=20000)
        # the table speaks the player's words: no internal option, verbs agree with "You"
        assert "open_windows" not in page.locator("body").inner_text()
        if not zh:
            log = page.locator('[data-testid="log"]').inner_text()
            assert "You discard " in log and "You discards" not in log, log[-400:]

        # 7. the result box is on screen without scrolling, its columns aligned; measured once the
        # rating has come (the box's last change), in one read
        result = page.locator("#result")
        rating = page.locator('[data-testid="result-rating"]')
        expect(rating).to_be_visible(timeout=15000)
        rows = page.locator("#result tr[data-seat]")
        expect(rows).to_have_count(4)
        box, edges = page.evaluate(
            """() => {
              const right = (el) => { const r = el.getBoundingClientRect(); return r.x + r.width; };
              const res = document.getElementById("result"), b = res.getBoundingClientRect();
              const head = res.querySelector("table.res tr"), rows = res.querySelectorAll("tr[data-seat]");
              const edges = {};
              [[2, "td.points"], [3, "td.coins"]].forEach(([col, cell]) => {
                edges[cell] = [right(head.querySelector(`th:nth-child(${col})`))]  // header included
                  .concat(Array.from(rows, (tr) => right(tr.querySelector(cell))));
              });
              return [{y: b.y, height: b.height}, edges];
            }"""
        )
        assert box["y"] >= 0 and box["y"] < viewport["height"] / 2, box
        assert box["y"] + box["height"] <= viewport["height"] + 1, box
        _assert_dock_on_screen(page, viewport)
        for cell, xs in edges.items():
            assert max(xs) - min(xs) <= 1, (cell, xs)
        # the break's free Leave and the language switch are not under the result box
        page.click('[data-testid="leave-btn"]', trial=True, timeout=3000)
        page.click("#lang-toggle", trial=True, timeout=3000)

        # 4. points → coins: (points) × N − A = coins on every row, the rake is 4 × A
        for k in range(4):
            pts = int(rows.nth(k).locator("td.points").get_attribute("data-value"))
            coins = int(rows.nth(k).locator("td.coins").get_attribute("data-value"))
            calc = rows.nth(k).locator("td.calc").text_content()
            assert calc == f"({pts}) × {n}" + (f" − {a}" if a else "") + f" = {_signed(coins)}"
        assert int(page.locator('[data-testid="rake"]').text_content()) == 4 * a
        lines = page.locator('[data-testid="win-line"]').all_text_contents()
        for line in lines:
            assert " × " in line and "=" in line, line  # the win's coins, not just "Points 2"
        # a win on a discard shows the tile taken in the winner's hand (a self-draw holds it)
        expect(page.locator('#result [data-testid="win-tile"]')).to_have_count(
            sum(" ← " in line for line in lines)
        )

        # 5. the rating change, with the one-line reason when it rose after a loss
        before, after = map(int, re.findall(r"(-?\d+) → (-?\d+)", rating.text_content())[0])
        my_points = int(page.locator("#result tr.me td.points").get_attribute("data-value"))
        note = page.locator('[data-testid="rating-note"]')
        expect(note).to_have_count(1 if (after > before and my_points < 0) else 0)

        # 6. no English words left in the Chinese table (names aside)
        if zh:
            words = re.findall(r"[A-Za-z]{3,}", result.text_content())
            assert words == [], words
        page.screenshot(path=str(ARTIFACTS / f"ux-{name}-result.png"))

        # 3. "Verify the wall" opens the readable check
        verify = page.locator('[data-testid="verify-link"]')
        href = verify.get_attribute("href")
        assert re.fullmatch(r"/fairness/hand/\d+/check/", href), href
        hand_id = int(href.split("/")[3])
        page.goto(live_site + href)
        expect(page.locator('[data-testid="fair-verdict"]')).to_contain_text("✔")
        expect(page.locator("#f-browser-mark")).to_have_attribute("data-ok", "1")
        expect(page.locator('[data-testid="fair-wall"] .tile').first).to_be_visible()
        page.screenshot(path=str(ARTIFACTS / f"ux-{name}-fairness.png"), full_page=True)

        # 2. the replay reads like the table
        page.goto(f"{live_site}/ratings/hands/{hand_id}/")
        count = int(page.locator("#replay-count").text_content())
        lines = page.locator('[data-testid="replay-events"] li')
        expect(lines).to_have_count(count + 1)  # one line per step, step 0 = the deal
        texts = lines.all_text_contents()
        assert all(t.strip() for t in texts)
        for t in texts:
            assert not RAW_TILE.search(t), t
            assert not re.search(r"\b[a-z]+_[a-z_]+\b", t), t  # no engine key (kong_added)
        names = page.locator(".replay-seat .seat-name").all_text_contents()
        assert len(names) == 4 and not any(re.search(r"\(\d\)", s) for s in names), names
        winds = "东南西北" if zh else "ESWN"
        assert sorted(s.strip()[0] for s in names) == sorted(winds), names
        joined = "\n".join(texts)
        if section == "sichuan":
            assert re.search(r"缺[万筒条]", joined), joined[:500]  # 定缺 in words
        else:
            assert re.search(r"(buys \(买子\)|does not buy)", joined), joined[:500]
            page.click('.replay-controls [data-step="last"]')
            expect(page.locator("#replay-top .info-wild .tile.wild")).to_have_count(1)
        expect(page.locator('[data-testid="hand-result"] tr[data-seat]')).to_have_count(4)
        if zh:  # the hand page says it in Chinese: no "Bot 2", no "Sichuan"
            words = re.findall(
                r"\b(?:Bot|Sichuan|Yiwu|settled|bloody)\b", page.locator("main").inner_text()
            )
            assert words == [], words
        width = page.evaluate("document.scrollingElement.scrollWidth")
        assert width <= viewport["width"] + 1, width
        header = page.locator('[data-testid="hand-header"]').text_content()
        assert "=" not in header and ("已结算" in header if zh else "settled" in header), header
        page.screenshot(path=str(ARTIFACTS / f"ux-{name}-replay.png"), full_page=True)

        # 5. the profile and the history explain the rating in one line
        page.click('[data-testid="nav-ratings"]')
        expect(page.locator('[data-testid="rating-note"]')).to_be_visible()
        page.click('[data-testid="history-link"]')
        expect(page.locator('[data-testid="history-rating"]').first).to_contain_text("→")
        expect(page.locator('[data-testid="rating-note"]')).to_be_visible()
    finally:
        context.close()


def test_leaving_a_wuhan_hand_quotes_its_fixed_penalty(browser, live_site):
    from playwright.sync_api import expect

    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    try:
        _sign_up(page, live_site)
        n, a = _sit_with_bots(page, live_site, "wuhan", "武汉 开口翻")
        page.click('[data-testid="leave-btn"]')
        body = page.locator('[data-testid="leave-body"]')
        expect(body).not_to_be_empty()
        assert int(body.get_attribute("data-penalty")) == 400  # wuhan.md §8, Escape
        assert int(body.get_attribute("data-coins")) == 400 * n
        text = body.text_content()
        assert f"400 points × N {n} = {400 * n} coins" in text, text
        # the hand ends when the grace period runs out, not at once
        assert re.search(r"unless you are back within [1-9]\d* s, the hand ends then", text), text
        assert f" − {a} = " in text if a else True
        page.click('[data-testid="leave-stay"]')
        expect(page.locator('[data-testid="leave-dialog"]')).to_be_hidden()
    finally:
        context.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_rules_pages_in_both_languages(browser, live_site, viewport):
    from playwright.sync_api import expect

    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    try:
        for variant in ("sichuan", "fuzhou", "shaanxi", "wuhan", "yiwu"):
            for lang in ("zh", "en"):
                page.goto(f"{live_site}/rules/{variant}/?lang={lang}")
                rules = page.locator('[data-testid="rules"]')
                expect(rules).to_have_attribute("data-variant", variant)
                for sid in (
                    "tiles",
                    "deal",
                    "play",
                    "claims",
                    "patterns",
                    "settlement",
                    "escape",
                    "tiers",
                ):
                    expect(page.locator(f'section[data-section="{sid}"] h2')).to_be_visible()
                assert page.locator('[data-testid="rules-patterns"] tbody tr').count() >= 7
                assert page.locator('[data-testid="rules-tiers"] tbody tr').count() >= 10
                # nothing wider than the screen (a phone must not scroll sideways)
                width = page.evaluate("document.scrollingElement.scrollWidth")
                assert width <= viewport["width"] + 1, (variant, lang, width)
                if lang == "zh":
                    body = rules.text_content()
                    assert "算例" in body and "Worked example" not in body
        page.screenshot(
            path=str(ARTIFACTS / f"ux-rules-yiwu-en-{viewport['width']}.png"), full_page=True
        )
    finally:
        context.close()


def test_the_footer_language_switcher_works_signed_in(browser, live_site):
    from playwright.sync_api import expect

    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        _sign_up(page, live_site)
        page.goto(f"{live_site}/play/")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        _switch_language(page, "zh-hans")
        expect(page.locator("html")).to_have_attribute("lang", "zh-hans")
        expect(page.locator('[data-testid="nav-play"]')).not_to_have_text("Play")
        page.goto(f"{live_site}/accounts/profile/")  # it sticks, and is the profile setting
        expect(page.locator("html")).to_have_attribute("lang", "zh-hans")
        expect(page.locator('select[name="language"]').first).to_have_value("zh-hans")
        _switch_language(page, "en")
        expect(page.locator("html")).to_have_attribute("lang", "en")
    finally:
        context.close()
