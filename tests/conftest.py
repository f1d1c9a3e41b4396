"""Shared fixtures for the platform tests: the fixed cast, a room, a real Celery worker."""

from __future__ import annotations

import os

import pytest

from tests.factories import RoomFactory, UserFactory


def pytest_configure(config):
    # Hashing a password the production way takes ~0.3 s; tests create many users.
    from django.conf import settings

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _clear_cache():
    # Login throttling counts failures in the cache; no test may see another's failures.
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


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
    with start_worker(app, pool="solo", concurrency=1, perform_ping_check=False) as worker:
        yield worker
