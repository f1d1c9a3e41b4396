"""Failed-login throttling: N failures per (username, client IP) within a window.

Counted in the cache (locmem by default, Redis with REDIS_URL). Keyed by username *and* IP so an
attacker cannot lock a victim out from everywhere, and one address cannot guess without limit.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.core.cache import cache


def _key(username: str, ip: str) -> str:
    digest = hashlib.sha256(f"{username.strip().lower()}|{ip}".encode()).hexdigest()
    return f"login-failures:{digest}"


def client_ip(request) -> str:
    return request.META.get("REMOTE_ADDR", "") if request is not None else ""


def login_is_throttled(*, username: str, ip: str) -> bool:
    return cache.get(_key(username, ip), 0) >= settings.LOGIN_FAILURE_LIMIT


def login_failure_record(*, username: str, ip: str) -> int:
    key = _key(username, ip)
    window = settings.LOGIN_FAILURE_WINDOW_SECONDS
    if cache.add(key, 1, timeout=window):
        return 1
    try:
        return cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=window)
        return 1


def login_failures_reset(*, username: str, ip: str) -> None:
    cache.delete(_key(username, ip))


def throttle_message() -> str:
    minutes = max(1, settings.LOGIN_FAILURE_WINDOW_SECONDS // 60)
    return (
        f"Too many failed log-in attempts for this account from your address. "
        f"Try again in {minutes} minutes."
    )
