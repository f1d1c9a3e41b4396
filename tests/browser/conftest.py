"""One live site (Daphne subprocess, own database, a Celery worker with REDIS_URL) and one
Chromium per test session, shared by every browser test."""

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
    """Debian's Chromium and a CJK font (tile faces are Chinese characters)."""
    need = [] if os.path.exists(CHROMIUM) else ["chromium"]
    if not Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc").exists():
        need.append("fonts-noto-cjk")
    if need and shutil.which("apt-get") and os.geteuid() == 0:
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], env=env, capture_output=True, timeout=300)
        subprocess.run(
            ["apt-get", "install", "-y", "-qq", *need], env=env, capture_output=True, timeout=900
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

    base = urlparse(url).path.lstrip("/") or "que"
    name = f"{base}_browser_{uuid.uuid4().hex[:8]}"
    parts = urlparse(url)
    with psycopg.connect(urlunparse(parts._replace(path="/postgres")), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return urlunparse(parts._replace(path=f"/{name}"))


def _drop_database(url: str) -> None:
    if not url.startswith("postgres"):
        return
    import psycopg

    parts = urlparse(url)
    with psycopg.connect(urlunparse(parts._replace(path="/postgres")), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{parts.path.lstrip("/")}" WITH (FORCE)')


#: The live site's environment (its database), for tests that prepare data through manage.py
_SITE_ENV: dict[str, str] = {}


def site_manage(*args: str, timeout: int = 300) -> str:
    """Run ``manage.py *args`` against the live site's database; its stdout."""
    run = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=_SITE_ENV,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return run.stdout


@pytest.fixture(scope="session")
def live_site(tmp_path_factory):
    _ensure_chromium()
    tmp = tmp_path_factory.mktemp("site")
    db_url = _database_url(tmp)
    env = {
        **os.environ,
        "DATABASE_URL": db_url,
        "PYTHONPATH": os.pathsep.join([str(ROOT / "platform"), str(ROOT)]),
        "DJANGO_SETTINGS_MODULE": "tests.browser.browser_settings",
        "DEBUG": "1",
    }
    _SITE_ENV.clear()
    _SITE_ENV.update(env)
    python = sys.executable
    for command in (["migrate", "--noinput"], ["demo_setup"]):
        subprocess.run(
            [python, "manage.py", *command],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
            timeout=300,
        )
    port = int(os.environ.get("QUE_BROWSER_PORT") or _free_port())  # a port of one's own
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
        procs.append(  # the table clock, as production runs it (Procfile `clock`)
            subprocess.Popen(
                [python, "manage.py", "run_tables"],
                cwd=ROOT,
                env=env,
                stdout=logs,
                stderr=subprocess.STDOUT,
            )
        )
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


@pytest.fixture(scope="session")
def browser(live_site):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()
