"""Failed-login throttling: N attempts per (username, client IP) within a window.

Counted in the cache (locmem by default, Redis with REDIS_URL). Keyed by username *and* IP so an
attacker cannot lock a victim out from everywhere, and one address cannot guess without limit.

Every attempt is counted atomically *before* its password is checked (cache.add + cache.incr)
and a success clears the count: a check-then-record throttle lets N simultaneous wrong passwords
all be checked (they all read "0 failures" before any is recorded); this one checks at most
LOGIN_FAILURE_LIMIT of them.
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


def login_attempt_begin(*, username: str, ip: str) -> bool:
    """Count one log-in attempt; False when it is over the limit (refuse it unchecked).

    An attempt that then succeeds calls login_failures_reset; a failed one stays counted."""
    key = _key(username, ip)
    window = settings.LOGIN_FAILURE_WINDOW_SECONDS
    for _ in range(3):
        if cache.add(key, 1, timeout=window):
            count = 1
            break
        try:
            count = cache.incr(key)
            break
        except ValueError:  # expired between add and incr: add again
            continue
    else:  # pragma: no cover - the key expired three times in a row
        count = 1
    return count <= settings.LOGIN_FAILURE_LIMIT


def login_failures_reset(*, username: str, ip: str) -> None:
    cache.delete(_key(username, ip))


def throttle_wait_seconds() -> int:
    return settings.LOGIN_FAILURE_WINDOW_SECONDS


def throttle_message() -> str:
    minutes = max(1, settings.LOGIN_FAILURE_WINDOW_SECONDS // 60)
    return (
        f"Too many failed log-in attempts for this account from your address. "
        f"Try again in {minutes} minutes."
    )
