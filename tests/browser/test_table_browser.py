"""A real browser (Debian's Chromium through Playwright) signs up, sits at a Sichuan table with
bots and plays until the hand is settled. The site runs in a Daphne subprocess on its own
database (a temporary SQLite file, or a fresh PostgreSQL database when DATABASE_URL is set) and,
with REDIS_URL, a real Celery worker subprocess. The screenshot goes to artifacts/ (gitignored)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import urlparse, urlunparse

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

def _ensure_chromium() -> None:
    if os.path.exists(CHROMIUM):
        return
    if shutil.which("apt-get") and os.geteuid() == 0:
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], env=env, capture_output=True, timeout=300)
        subprocess.run(
            ["apt-get", "install", "-y", "-qq", "chromium"],
            env=env,
            capture_output=True,
            timeout=600,
        )
    if not os.path.exists(CHROMIUM):
        pytest.skip("Debian's chromium is not installed and `apt-get install chromium` failed")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _database_url(tmp: Path) -> str:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        return f"sqlite:///{tmp / 'browser.sqlite3'}"
    import psycopg

    name = f"que_browser_{uuid.uuid4().hex[:8]}"
    parts = urlparse(url)
    admin = urlunparse(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return urlunparse(parts._replace(path=f"/{name}"))


def _drop_database(url: str) -> None:
    if not url.startswith("postgres"):
        return
    import psycopg

    parts = urlparse(url)
    with psycopg.connect(urlunparse(parts._replace(path="/postgres")), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{parts.path.lstrip("/")}" WITH (FORCE)')


@pytest.fixture(scope="module")
def live_site(tmp_path_factory):
    _ensure_chromium()
    tmp = tmp_path_factory.mktemp("site")
    db_url = _database_url(tmp)
    env = {
        **os.environ,
        "DATABASE_URL": db_url,
        "PYTHONPATH": os.pathsep.join([str(ROOT / "platform"), str(ROOT)]),
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "1",
    }
    python = sys.executable
    subprocess.run(
        [python, "manage.py", "migrate", "--noinput"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        timeout=300,
    )
    subprocess.run(
        [python, "manage.py", "demo_setup"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        timeout=120,
    )
    port = _free_port()
    logs = open(tmp / "server.log", "w")
    procs = [
        subprocess.Popen(
            [python, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"],
            cwd=ROOT,
            env=env,
            stdout=logs,
            stderr=subprocess.STDOUT,
        )
    ]
    if os.environ.get("REDIS_URL"):
        procs.append(
            subprocess.Popen(
                [
                    python,
                    "-m",
                    "celery",
                    "-A",
                    "config",
                    "worker",
                    "--pool=solo",
                    "--loglevel=WARNING",
                ],
                cwd=ROOT,
                env=env,
                stdout=logs,
                stderr=subprocess.STDOUT,
            )
        )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or procs[0].poll() is not None:
                    raise RuntimeError((tmp / "server.log").read_text()[-3000:]) from None
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}"
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
        logs.close()
        _drop_database(db_url)


def _act_once(page) -> bool:
    """Click one legal action the page offers. True if something was clicked."""
    for selector in (
        '#actions button[data-action="hu"]',
        '#actions button[data-action="dingque"]',
        "#myhand button.tile.playable:not([disabled])",
        '#actions button[data-action="pass"]',
        "#actions button[data-action]",
    ):
        buttons = page.locator(selector)
        if buttons.count():
            target = buttons.last if "myhand" in selector else buttons.first
            try:
                target.click(timeout=2000)
                return True
            except Exception:  # the view was re-rendered under the click: look again
                return False
    return False


def test_it_signs_up_and_plays_a_sichuan_hand_against_bots(live_site):
    from playwright.sync_api import expect, sync_playwright

    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        page = browser.new_page(viewport={"width": 412, "height": 915})  # a phone-width screen
        try:
            # sign up
            page.goto(f"{live_site}/accounts/signup/")
            page.fill('input[name="username"]', "browser_player")
            page.fill('input[name="display_name"]', "Browser Player")
            page.fill('input[name="password1"]', "a-long-enough-passphrase-42")
            page.fill('input[name="password2"]', "a-long-enough-passphrase-42")
            page.click('form button[type="submit"]')
            page.wait_for_url(f"{live_site}/")
            # the lobby: sit at a Sichuan table and call the bots at once
            page.goto(f"{live_site}/play/")
            room = page.locator('section[data-variant="sichuan"] tr[data-room-id]').first
            room.locator('button[name="bots"]').click()
            page.wait_for_url("**/table/*/")
            expect(page.locator("#conn")).to_have_attribute("data-state", "open", timeout=15000)
            # play until the result is shown and settled
            clicks = 0
            deadline = time.monotonic() + 150
            while time.monotonic() < deadline:
                result = page.locator("#result")
                if result.is_visible() and "settled" in (result.text_content() or "").lower() + (
                    "已结算" in (result.text_content() or "") and "settled" or ""
                ):
                    break
                if _act_once(page):
                    clicks += 1
                page.wait_for_timeout(150)
            expect(page.locator("#result")).to_be_visible()
            expect(page.locator("#result .coins").first).not_to_have_text("…", timeout=20000)
            expect(page.locator('[data-testid="seed"]')).to_be_visible()
            assert clicks > 0
            page.screenshot(path=str(ARTIFACTS / "sichuan-hand-end.png"), full_page=True)
        finally:
            browser.close()
