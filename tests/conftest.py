"""Shared fixtures for the platform tests: the fixed cast, a room, a real Celery worker."""

from __future__ import annotations

import os

import pytest
from celery.signals import task_postrun

from tests.factories import RoomFactory, UserFactory


def pytest_configure(config):
    # Hashing a password the production way takes ~0.3 s; tests create many users.
    from django.conf import settings

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # Tests drive time themselves (services.table_tick(now=...), games.runtime.clock.Clock.step):
    # no clock thread, bots move at once, claim windows close when answered unless a test
    # sets a least time.
    settings.TABLE_CLOCK = "off"
    settings.TABLE_BOT_DELAY_MS = 0
    settings.TABLE_CLAIM_WINDOW_SECONDS = 0
    # Connections close after each request/socket call as before persistent connections became
    # the default: a connection kept open by a socket's or a worker's thread would outlive the
    # test database (PostgreSQL refuses to drop a database somebody is connected to).
    settings.DATABASES["default"]["CONN_MAX_AGE"] = 0
    # No heartbeat thread writing behind the tests (SQLite's shared in-memory test database
    # refuses a flush while another thread writes): sockets beat as they connect.
    settings.TABLE_PRESENCE_THREAD = False
    _isolate_redis(settings)


def _isolate_redis(settings) -> None:
    """This run's own Redis namespace: "test_<prefix>-<pid>" for the channel layer, the Celery
    queue and broker keys, and the cache. pytest-django already tests on "test_<database name>";
    with the pid on top, a concurrent run (or the browser tests' live site, or a developer's
    server and worker, or the leftovers of a killed run) on the same Redis can neither steal this
    run's tasks nor deliver its notifications here."""
    prefix = f"test_{settings.REDIS_PREFIX}-{os.getpid()}"
    settings.REDIS_PREFIX = prefix
    settings.CELERY_TASK_DEFAULT_QUEUE = prefix
    settings.CELERY_BROKER_TRANSPORT_OPTIONS = {"global_keyprefix": f"{prefix}:"}
    settings.CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {"global_keyprefix": f"{prefix}:"}
    layer = settings.CHANNEL_LAYERS["default"]
    if "prefix" in layer.get("CONFIG", {}):
        layer["CONFIG"]["prefix"] = prefix
    if "KEY_PREFIX" in settings.CACHES["default"]:
        settings.CACHES["default"]["KEY_PREFIX"] = prefix


def pytest_unconfigure(config):
    """Delete what this run left in Redis (its namespace only)."""
    from django.conf import settings

    if not getattr(settings, "REDIS_URL", "") or not settings.REDIS_PREFIX.startswith("test_"):
        return
    try:
        _redis_delete(settings.REDIS_URL, f"{settings.REDIS_PREFIX}*")
    except Exception:  # pragma: no cover - cleanup is best effort
        pass


def _redis_delete(url: str, pattern: str) -> None:
    """Delete the keys matching ``pattern`` (a SCAN glob) on the Redis at ``url``."""
    import redis

    client = redis.Redis.from_url(url)
    keys = list(client.scan_iter(match=pattern, count=1000))
    for i in range(0, len(keys), 500):
        client.delete(*keys[i : i + 500])


@pytest.fixture(autouse=True)
def _celery_eager_unless_worker():
    """Tasks run eagerly (inline, after commit) unless the test asks for `celery_worker_real`.

    With REDIS_URL and no worker, a queued task would otherwise wait in Redis for whichever later
    test starts a worker, and run there against rows that no longer exist."""
    from config.celery import app

    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = True


@pytest.fixture(autouse=True)
def _clear_cache():
    # Login throttling counts failures in the cache; no test may see another's failures.
    _cache_clear()
    yield
    _cache_clear()


def _cache_clear() -> None:
    """Empty this run's cache. On Redis not with `cache.clear()`: that is FLUSHDB, which would
    also delete the keys of every other process on the same Redis database (the other xdist
    workers' Celery queues and login counters, a browser test's live site): only the keys
    under this run's KEY_PREFIX go."""
    from django.conf import settings
    from django.core.cache import cache

    prefix = settings.CACHES["default"].get("KEY_PREFIX")
    if not prefix or not settings.REDIS_URL:
        cache.clear()
        return
    _redis_delete(settings.REDIS_URL, f"{prefix}:*")


@pytest.fixture
def alice(db):
    """A player, with her sign-up coins."""
    return UserFactory(username="alice")


@pytest.fixture
def bob(db):
    """Another player in the same room as alice."""
    return UserFactory(username="bob")


@pytest.fixture
def charlie(db):
    """An outsider: must get 404 for alice's things."""
    return UserFactory(username="charlie")


@pytest.fixture
def room(db):
    return RoomFactory(name="Sichuan ×200", variant="sichuan", coefficient=200, rake=400)


@pytest.fixture
def api_client():
    from rest_framework.test import APIClient

    return APIClient()


def using_postgres() -> bool:
    return os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))


@pytest.fixture
def celery_worker_real(transactional_db):
    """A real Celery worker (in a thread) on the Redis broker when REDIS_URL is set.

    Without REDIS_URL Celery runs eagerly and this yields None. The worker talks to the database
    on its own connection, so tests using it need the transactional database (committed data).
    """
    if not os.environ.get("REDIS_URL"):
        yield None
        return
    from celery.contrib.testing.worker import start_worker

    from config.celery import app

    app.conf.task_always_eager = False
    app.control.purge()  # nothing queued by an earlier test (its rows are gone) runs here

    def close_connections(task=None, **kwargs):
        # The worker thread's database connection must not outlive the test: the database is
        # flushed (and at the end dropped) under it.
        from django.db import connections

        if task is not None and not task.request.is_eager:
            connections.close_all()

    task_postrun.connect(close_connections, weak=False)
    try:
        with start_worker(
            app, pool="solo", concurrency=1, perform_ping_check=False, shutdown_timeout=60
        ) as worker:
            yield worker
            # Let the work the test started finish before the database is flushed under it.
            _wait_idle(app, timeout=30)
    finally:
        task_postrun.disconnect(close_connections)
        app.conf.task_always_eager = True
        app.control.purge()


def _wait_idle(app, *, timeout: float) -> None:
    """Until this run's queue is empty and the worker is running nothing (or `timeout`)."""
    import time

    from celery.worker import state

    deadline = time.monotonic() + timeout
    with app.connection_for_write() as conn:
        while time.monotonic() < deadline:
            # (kombu's client adds the broker's global key prefix itself)
            queued = conn.default_channel.client.llen(app.conf.task_default_queue)
            if not queued and not state.active_requests and not state.reserved_requests:
                return
            time.sleep(0.05)
