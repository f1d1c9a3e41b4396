"""Hostile REST payloads: every one gets a JSON error with the right status and changes nothing.

Found by a QA pass with curl against a running server (see the fixes in config/api.py)."""

from __future__ import annotations

import json

import pytest
from django.test import Client, override_settings
from rest_framework.authtoken.models import Token

from rooms.models import Room
from wallet.models import LedgerEntry, Transfer

pytestmark = pytest.mark.django_db


@pytest.fixture
def as_alice(api_client, alice):
    api_client.force_authenticate(alice)
    return api_client


@pytest.fixture
def unchanged(alice, bob, room):
    """The rows an API client could try to alter, counted before and checked after the test."""

    def snapshot():
        return (
            LedgerEntry.objects.count(),
            Transfer.objects.count(),
            Token.objects.count(),
            list(Room.objects.values_list("pk", "coefficient", "rake", "is_active")),
        )

    before = snapshot()
    yield
    assert snapshot() == before


def assert_json_error(response, status: int, code: str | None = None) -> dict:
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json"), response["Content-Type"]
    error = response.json()["error"]
    assert error["message"]
    if code:
        assert error["code"] == code
    return error


@pytest.mark.parametrize(
    "query",
    [
        {"page_size": "0"},
        {"page_size": "-5"},
        {"page_size": "abc"},
        {"page_size": "201"},
        {"page_size": "99999999999999999999999"},
        {"page": "0"},
        {"page": "-1"},
        {"page": "abc"},
    ],
)
def test_it_refuses_bad_paging_of_wallet_entries_with_400(as_alice, unchanged, query):
    error = assert_json_error(as_alice.get("/api/v1/wallet/entries", query), 400, "invalid")
    assert list(error["fields"]) == list(query)


def test_it_still_pages_wallet_entries_at_the_limits(as_alice, unchanged):
    assert as_alice.get("/api/v1/wallet/entries", {"page_size": 200}).status_code == 200
    assert as_alice.get("/api/v1/wallet/entries", {"page": "last"}).status_code == 200


def test_it_answers_404_with_a_message_past_the_last_page(as_alice, unchanged):
    error = assert_json_error(
        as_alice.get("/api/v1/wallet/entries", {"page": 99999999999999999999}), 404, "not_found"
    )
    assert "does not exist" in error["message"]


@pytest.mark.parametrize(
    "path", ["/api/v1/nope", "/api/v1/rooms/-1", "/api/v1/nope/", "/api/v2/rooms", "/api/"]
)
def test_it_answers_unknown_api_addresses_with_json_404(as_alice, unchanged, path):
    assert_json_error(as_alice.get(path), 404, "not_found")


def test_it_answers_unknown_api_addresses_with_json_404_for_anonymous_posts(api_client, unchanged):
    assert_json_error(api_client.post("/api/v1/auth/tokens", {}, format="json"), 404, "not_found")


@pytest.mark.parametrize(
    ("path", "meant"),
    [
        ("/api/v1/auth/token/", "/api/v1/auth/token"),
        ("/api/v1/calculator/", "/api/v1/calculator"),
        ("/api/v1/rooms/", "/api/v1/rooms"),
        ("/api/v1/wallet/entries/?page=1", "/api/v1/wallet/entries?page=1"),
    ],
)
@pytest.mark.parametrize("method", ["get", "post", "delete"])
def test_the_trailing_slash_form_is_a_permanent_redirect_keeping_the_method(
    unchanged, path, meant, method
):
    """One URL style: no trailing slash. The other form is a 308 (the client repeats the same
    method and body there), also with CSRF checks on: not the middleware's HTML 403."""
    client = Client(enforce_csrf_checks=True)
    body = {} if method == "get" else {"data": "{}", "content_type": "application/json"}
    response = getattr(client, method)(path, **body)
    assert response.status_code == 308
    assert response["Location"] == meant
    assert response.json()["error"]["code"] == "moved"


def test_a_redirected_post_gets_the_token(api_client, alice):
    response = api_client.post(
        "/api/v1/auth/token/",
        {"username": "alice", "password": "correct horse battery staple"},
        format="json",
        follow=True,
    )
    assert response.status_code == 200 and response.json()["token"]
    assert response.redirect_chain == [("/api/v1/auth/token", 308)]


def test_a_wrong_address_without_an_endpoint_is_a_json_404(unchanged):
    client = Client(enforce_csrf_checks=True)
    response = client.post("/api/schema", "{}", content_type="application/json")
    error = assert_json_error(response, 404, "not_found")
    assert error["message"].endswith("Did you mean /api/schema/?")
    error = assert_json_error(client.post("/api/v1/nope/"), 404, "not_found")
    assert "Did you mean" not in error["message"]


def test_every_schema_path_has_no_trailing_slash(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    assert schema["paths"] and all(not p.endswith("/") for p in schema["paths"])


@pytest.mark.parametrize(
    "body",
    [
        "{bad json",
        '{"a":' * 5000 + "1" + "}" * 5000,  # deeper than Python's recursion limit
        '{"username": "alice", "password": NaN}',
    ],
    ids=["malformed", "deeply-nested", "nan"],
)
def test_it_refuses_unparsable_json_with_400(api_client, unchanged, body):
    response = api_client.post("/api/v1/auth/token", body, content_type="application/json")
    assert_json_error(response, 400, "parse_error")


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1000)
def test_it_refuses_an_oversize_body_with_413(api_client, unchanged):
    body = json.dumps({"username": "alice", "password": "x" * 2000})
    response = api_client.post("/api/v1/auth/token", body, content_type="application/json")
    assert_json_error(response, 413, "too_large")


@pytest.mark.parametrize(
    "body",
    [
        [1, 2],
        "just a string",
        {"username": 123, "password": ["x"]},
        {"username": None, "password": "x"},
        {"username": "alice\u0000", "password": "x"},
        {},
    ],
)
def test_it_refuses_wrong_types_for_a_token_with_400(api_client, unchanged, body):
    response = api_client.post("/api/v1/auth/token", body, format="json")
    assert_json_error(response, 400, "invalid")


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/v1/auth/token"),
        ("post", "/api/v1/me"),
        ("delete", "/api/v1/wallet"),
        ("put", "/api/v1/wallet/entries"),
        ("post", "/api/v1/rooms"),
        ("patch", "/api/v1/rooms/{room}"),
        ("delete", "/api/v1/rooms/{room}"),
    ],
)
def test_it_refuses_wrong_methods_with_405(as_alice, unchanged, room, method, path):
    response = getattr(as_alice, method)(
        path.format(room=room.pk), {"coefficient": 1, "rake": 0}, format="json"
    )
    assert_json_error(response, 405, "method_not_allowed")


@pytest.mark.parametrize(
    "path",
    ["/api/v1/me", "/api/v1/wallet", "/api/v1/wallet/entries", "/api/v1/rooms", "/api/v1/rooms/1"],
)
@pytest.mark.parametrize("header", [None, "Token nope", "Token", "Bearer xyz"])
def test_it_answers_401_without_valid_credentials(api_client, unchanged, path, header):
    if header:
        api_client.credentials(HTTP_AUTHORIZATION=header)
    assert_json_error(api_client.get(path), 401)


def test_it_gives_404_for_another_users_ledger_entry(as_alice, bob, unchanged):
    entry = LedgerEntry.objects.get(account__user=bob)
    assert_json_error(as_alice.get(f"/api/v1/wallet/entries/{entry.pk}"), 404, "not_found")


@pytest.mark.parametrize("entry_id", ["0", "99999999999999999999999999"])
def test_it_gives_404_for_impossible_entry_ids(as_alice, unchanged, entry_id):
    assert_json_error(as_alice.get(f"/api/v1/wallet/entries/{entry_id}"), 404, "not_found")


@pytest.mark.parametrize("room_id", ["0", "99999999999999999999999999"])
def test_it_gives_404_for_impossible_room_ids(as_alice, unchanged, room_id):
    assert_json_error(as_alice.get(f"/api/v1/rooms/{room_id}"), 404, "not_found")


def test_it_names_the_allowed_variants_for_an_unknown_room_filter(as_alice, unchanged):
    error = assert_json_error(as_alice.get("/api/v1/rooms", {"variant": "mars"}), 400, "invalid")
    assert "sichuan" in error["fields"]["variant"][0]


def test_it_answers_an_unexpected_crash_with_json_500(as_alice, unchanged, monkeypatch):
    import wallet.apis

    def boom(user):
        raise RuntimeError("boom")

    monkeypatch.setattr(wallet.apis, "wallet_balance", boom)
    assert_json_error(as_alice.get("/api/v1/wallet"), 500, "server_error")
