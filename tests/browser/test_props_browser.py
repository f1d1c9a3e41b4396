"""Every prop end to end in Chromium, in a Sichuan and a Wuhan room: buy them over the REST API,
ask for 乾坤大挪移 at the next deal, sit with bots, use 顺风耳, 千里眼, 偷天换日, 移花接木 and 金手指
from the props bar, see each answer and each count go down, the golden finger on the discard,
and the profile's inventory. Screenshots go to artifacts/ (gitignored)."""

from __future__ import annotations

import time

import pytest

from tests.browser.test_table_browser import ARTIFACTS, DESKTOP, _room_row, _sign_up

KEYS = ("qiankun", "toutian", "yihua", "qianliyan", "shunfeng", "jinshouzhi")

API = """async ([url, body]) => {
  const token = decodeURIComponent((document.cookie.match(/(?:^|;\\s*)csrftoken=([^;]+)/) || [])[1] || "");
  const r = await fetch(url, {method: "POST", credentials: "same-origin",
    headers: {"Content-Type": "application/json", "X-CSRFToken": token}, body: JSON.stringify(body)});
  return [r.status, await r.json()];
}"""


def _post(page, url: str, body: dict):
    return page.evaluate(API, [url, body])


def _count(page, key: str) -> int:
    return int(page.locator(f'[data-testid="prop-count-{key}"]').text_content().strip("×"))


def _until_my_turn(page, deadline: float) -> None:
    """Answer what the table asks (定缺, claims: pass) until the props bar offers a use."""
    use = page.locator('[data-testid^="prop-use-"]')
    while time.monotonic() < deadline and not use.count():
        for selector in (
            '#actions button[data-action="dingque"]',
            '#actions button[data-action="pass"]',
        ):
            buttons = page.locator(selector)
            if buttons.count():
                try:
                    buttons.first.click(timeout=1500)
                except Exception:  # re-rendered under the click
                    pass
        page.wait_for_timeout(100)
    assert use.count(), "the props bar never offered a use"


@pytest.mark.parametrize(
    ("section", "label"), [("sichuan", "四川 普通场"), ("wuhan", "武汉 开口翻")]
)
def test_every_prop_works_at_the_table(browser, live_site, section, label):
    from playwright.sync_api import expect

    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    try:
        # given a player who bought two of every prop and asked for 乾坤大挪移 at the next deal
        _sign_up(page, live_site)
        page.goto(f"{live_site}/play/")
        for key in KEYS:
            status, body = _post(
                page,
                "/api/v1/props/buy",
                {"key": key, "quantity": 2, "idempotency_key": f"b-{key}"},
            )
            assert status == 201 and body["held"] == 2, body
        status, body = _post(page, "/api/v1/props/qiankun", {"armed": True})
        assert status == 200 and body == {"armed": True}
        # when they sit at a table of the room with bots
        page.evaluate("() => localStorage.setItem('que-lang', 'en')")
        _room_row(page, section, label).locator('button[name="bots"]').click()
        page.wait_for_url("**/table/*/")
        bar = page.locator('[data-testid="props-bar"]')
        expect(bar).to_be_visible(timeout=20000)
        answers = page.locator('[data-testid="prop-answers"] li')
        # then the deal used 乾坤大挪移 (its suit is shown to them alone)
        expect(
            page.locator('[data-testid="prop-answers"] li[data-choice="qiankun"]')
        ).to_have_count(1, timeout=20000)
        expect(page.locator('[data-testid="prop-count-qiankun"]')).to_have_text("×1")
        deadline = time.monotonic() + 90
        _until_my_turn(page, deadline)
        # 顺风耳: the next draw
        page.locator('[data-testid="prop-use-shunfeng"]').click()
        expect(
            page.locator('[data-testid="prop-answers"] li[data-choice="shunfeng"]')
        ).to_contain_text("next draw")
        expect(page.locator('[data-testid="prop-count-shunfeng"]')).to_have_text("×1")
        # 千里眼: pick a kind, get a band or "not in the wall"
        page.locator('[data-testid="prop-use-qianliyan"]').click()
        page.locator('[data-testid="prop-picker"] [data-pick="5p"]').click()
        expect(
            page.locator('[data-testid="prop-answers"] li[data-choice="qianliyan"]')
        ).to_contain_text("5p")
        expect(page.locator('[data-testid="prop-count-qianliyan"]')).to_have_text("×1")
        # 偷天换日: own tile, then a kind that is still in the live wall (a refused one costs nothing)
        for kind in ("1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "1p", "2p", "3p"):
            page.locator('[data-testid="prop-use-toutian"]').click()
            page.locator('[data-testid="prop-picker"] button[data-pick]').first.click()
            page.locator(f'[data-testid="prop-picker"] [data-pick="{kind}"]').click()
            page.wait_for_timeout(800)
            if page.locator('[data-testid="prop-answers"] li[data-choice="toutian"]').count():
                break
            assert _count(page, "toutian") == 2  # refused: nothing consumed
        expect(
            page.locator('[data-testid="prop-answers"] li[data-choice="toutian"]')
        ).to_contain_text("→")
        expect(page.locator('[data-testid="prop-count-toutian"]')).to_have_text("×1")
        expect(page.locator('#actions button[data-action="hu"]')).to_have_count(
            0
        )  # no win after a swap
        # 移花接木: own tile for a random one
        page.locator('[data-testid="prop-use-yihua"]').click()
        page.locator('[data-testid="prop-picker"] button[data-pick]').first.click()
        expect(
            page.locator('[data-testid="prop-answers"] li[data-choice="yihua"]')
        ).to_contain_text("→")
        expect(page.locator('[data-testid="prop-count-yihua"]')).to_have_text("×1")
        expect(page.locator('[data-testid="prop-use-yihua"]')).to_have_count(0)  # once per turn
        # 金手指: the seat's discard marker turns golden
        page.locator('[data-testid="prop-use-jinshouzhi"]').click()
        expect(page.locator("#seats .seat.me.golden-finger")).to_have_count(1)
        expect(page.locator('[data-testid="prop-count-jinshouzhi"]')).to_have_text("×1")
        page.locator("#myhand button.tile.playable").last.click()
        expect(page.locator("#seats .seat.me .discards .tile").first).to_be_visible(timeout=10000)
        expect(page.locator("#seats .seat.me.golden-finger")).to_have_count(1)  # stays on
        assert answers.count() == 5  # qiankun, shunfeng, qianliyan, toutian, yihua
        page.screenshot(path=str(ARTIFACTS / f"props-{section}.png"), full_page=True)
        # and the profile lists what is left
        page.goto(f"{live_site}/accounts/profile/")
        for key in KEYS:
            expect(page.locator(f'[data-testid="held-{key}"]')).to_have_text("1")
    finally:
        context.close()
