"""Tokens (issue 15, point 5): revoke, rotate, optional expiry; per-user throttles; a log-in
throttle that holds when the attempts arrive at once."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
import time_machine
from django.db import connection
from django.test import Client
from rest_framework.authtoken.models import Token

from accounts.models import TokenExpiry

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery staple"
TOKEN_URL = "/api/v1/auth/token"


def obtain(api_client, **extra):
    response = api_client.post(
        TOKEN_URL, {"username": "alice", "password": PASSWORD, **extra}, format="json"
    )
    assert response.status_code == 200, response.content
    return response.json()


def me(api_client, key: str) -> int:
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    status = api_client.get("/api/v1/me").status_code
    api_client.credentials()
    return status


def test_a_token_without_expiry_says_so(api_client, alice):
    token = obtain(api_client)
    assert token["expires_at"] is None and me(api_client, token["token"]) == 200


def test_delete_revokes_the_token(api_client, alice):
    key = obtain(api_client)["token"]
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api_client.delete(TOKEN_URL).status_code == 204
    api_client.credentials()
    assert me(api_client, key) == 401
    assert not Token.objects.filter(user=alice).exists()
    # revoking needs credentials, and a new log-in gets a new key
    assert api_client.delete(TOKEN_URL).status_code == 401
    assert obtain(api_client)["token"] != key


def test_rotate_replaces_the_key(api_client, alice):
    old = obtain(api_client, expires_in=3600)
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {old['token']}")
    response = api_client.post(f"{TOKEN_URL}/rotate", {}, format="json")
    assert response.status_code == 200
    new = response.json()
    assert new["token"] != old["token"]
    assert new["expires_at"] == old["expires_at"]  # a rotation keeps the expiry
    assert me(api_client, old["token"]) == 401 and me(api_client, new["token"]) == 200
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {new['token']}")
    renewed = api_client.post(f"{TOKEN_URL}/rotate", {"expires_in": 7200}, format="json").json()
    assert renewed["expires_at"] > new["expires_at"]


def test_an_expired_token_is_refused_and_a_log_in_replaces_it(api_client, alice):
    token = obtain(api_client, expires_in=60)
    assert token["expires_at"] and me(api_client, token["token"]) == 200
    with time_machine.travel(timedelta(seconds=61)):
        api_client.credentials(HTTP_AUTHORIZATION=f"Token {token['token']}")
        response = api_client.get("/api/v1/me")
        assert response.status_code == 401
        assert response.json()["error"]["message"] == "Token has expired; obtain a new one."
        api_client.credentials()
        fresh = obtain(api_client)
        assert fresh["token"] != token["token"] and fresh["expires_at"] is None
        assert me(api_client, fresh["token"]) == 200


@pytest.mark.parametrize("expires_in", [0, 59, 365 * 24 * 3600 + 1, "soon", -1])
def test_a_bad_expiry_is_refused(api_client, alice, expires_in):
    response = api_client.post(
        TOKEN_URL,
        {"username": "alice", "password": PASSWORD, "expires_in": expires_in},
        format="json",
    )
    assert response.status_code == 400
    assert list(response.json()["error"]["fields"]) == ["expires_in"]
    assert not TokenExpiry.objects.exists() and not Token.objects.exists()


def test_a_stale_token_header_does_not_block_logging_in(api_client, alice):
    api_client.credentials(HTTP_AUTHORIZATION="Token revoked-long-ago")
    assert obtain(api_client)["token"]


def test_authenticated_clients_are_throttled_per_user(api_client, alice, bob, settings):
    settings.API_USER_RATE = "3/min"
    api_client.force_authenticate(alice)
    assert [api_client.get("/api/v1/wallet").status_code for _ in range(4)] == [200] * 3 + [429]
    throttled = api_client.get("/api/v1/me")
    assert throttled.status_code == 429 and int(throttled["Retry-After"]) > 0
    assert throttled.json()["error"]["code"] == "throttled"
    api_client.force_authenticate(bob)  # another user has their own budget
    assert api_client.get("/api/v1/wallet").status_code == 200


def test_the_log_in_throttle_says_when_to_retry(api_client, alice, settings):
    settings.LOGIN_FAILURE_LIMIT = 1
    api_client.post(TOKEN_URL, {"username": "alice", "password": "x"}, format="json")
    response = api_client.post(
        TOKEN_URL, {"username": "alice", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 429
    assert int(response["Retry-After"]) == settings.LOGIN_FAILURE_WINDOW_SECONDS


@pytest.mark.django_db(transaction=True)
def test_the_log_in_throttle_holds_under_concurrency(settings):
    """40 simultaneous wrong passwords against a limit of 5: exactly 5 are checked (400), the
    others are refused unchecked (429). Real threads, the real cache of the settings."""
    from accounts.services import user_create

    user_create(username="alice", password=PASSWORD)
    settings.LOGIN_FAILURE_LIMIT = 5
    threads_n = 40
    barrier = threading.Barrier(threads_n)
    statuses: list[int] = []
    errors: list[BaseException] = []

    def guess(n: int) -> None:
        try:
            client = Client()
            barrier.wait()
            response = client.post(
                TOKEN_URL, {"username": "alice", "password": f"guess-{n}"}, "application/json"
            )
            statuses.append(response.status_code)
        except BaseException as exc:
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=guess, args=(n,)) for n in range(threads_n)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert sorted(statuses) == [400] * 5 + [429] * 35
    # and the right password is refused too until the window passes
    response = Client().post(
        TOKEN_URL, {"username": "alice", "password": PASSWORD}, "application/json"
    )
    assert response.status_code == 429
