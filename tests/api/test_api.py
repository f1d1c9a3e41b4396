from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

from tests.factories import RoomFactory
from wallet.models import LedgerEntry
from wallet.services import wallet_transfer

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def token_for(api_client, username: str) -> str:
    response = api_client.post(
        "/api/v1/auth/token",
        {"username": username, "password": "correct horse battery staple"},
        format="json",
    )
    assert response.status_code == 200, response.content
    return response.json()["token"]


def test_it_obtains_a_token_and_reads_me_and_wallet(api_client, alice):
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {token_for(api_client, 'alice')}")
    me = api_client.get("/api/v1/me").json()
    assert me == {"id": alice.pk, "username": "alice", "display_name": "Alice", "language": "en"}
    assert api_client.get("/api/v1/wallet").json() == {"balance": 10000}


def test_it_refuses_a_wrong_password_with_a_json_message(api_client, alice):
    response = api_client.post(
        "/api/v1/auth/token", {"username": "alice", "password": "nope"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["error"]["message"] == "Wrong username or password."


def test_it_throttles_token_requests_after_failures(api_client, alice, settings):
    settings.LOGIN_FAILURE_LIMIT = 2
    for _ in range(2):
        api_client.post("/api/v1/auth/token", {"username": "alice", "password": "x"}, format="json")
    response = api_client.post(
        "/api/v1/auth/token",
        {"username": "alice", "password": "correct horse battery staple"},
        format="json",
    )
    assert response.status_code == 429
    assert "Too many failed log-in attempts" in response.json()["error"]["message"]


@pytest.mark.parametrize(
    "path", ["/api/v1/me", "/api/v1/wallet", "/api/v1/wallet/entries", "/api/v1/rooms"]
)
def test_it_answers_401_to_anonymous_requests(api_client, path):
    response = api_client.get(path)
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "not_authenticated"
    assert "credentials were not provided" in response.json()["error"]["message"]


def test_it_lists_only_the_users_own_entries_paginated(api_client, alice, bob):
    wallet_transfer(key="t1", from_user=alice, to_user=bob, amount=30)
    api_client.force_authenticate(bob)
    page = api_client.get("/api/v1/wallet/entries", {"page_size": 1}).json()
    assert page["count"] == 2 and len(page["results"]) == 1 and page["next"]
    assert page["results"][0]["amount"] == 30 and page["results"][0]["kind"] == "transfer"
    all_amounts = [e["amount"] for e in api_client.get("/api/v1/wallet/entries").json()["results"]]
    assert sorted(all_amounts) == [30, 10000]


def test_it_hides_another_users_entry_with_404(api_client, alice, charlie):
    alices_entry = LedgerEntry.objects.filter(account__user=alice).first()
    api_client.force_authenticate(alice)
    assert api_client.get(f"/api/v1/wallet/entries/{alices_entry.pk}").status_code == 200
    api_client.force_authenticate(charlie)
    response = api_client.get(f"/api/v1/wallet/entries/{alices_entry.pk}")
    assert response.status_code == 404
    assert response.json()["error"]["message"] == "No such ledger entry."


def test_it_lists_and_filters_rooms(api_client, alice):
    RoomFactory(name="S", variant="sichuan", options={"bloody": True}, coefficient=200, rake=400)
    wuhan = RoomFactory(name="W", variant="wuhan")
    RoomFactory(name="closed", variant="wuhan", is_active=False)
    api_client.force_authenticate(alice)
    assert [r["name"] for r in api_client.get("/api/v1/rooms").json()] == ["S", "W"]
    rooms = api_client.get("/api/v1/rooms", {"variant": "wuhan"}).json()
    assert [r["id"] for r in rooms] == [wuhan.pk]
    detail = api_client.get(f"/api/v1/rooms/{wuhan.pk}").json()
    assert detail["variant"] == "wuhan" and detail["coefficient"] == 1


def test_it_rejects_an_unknown_variant_filter_clearly(api_client, alice):
    api_client.force_authenticate(alice)
    response = api_client.get("/api/v1/rooms", {"variant": "riichi"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid"
    assert 'Unknown variant "riichi"' in error["message"] and "sichuan" in error["message"]


def test_it_answers_404_for_a_missing_room(api_client, alice):
    api_client.force_authenticate(alice)
    response = api_client.get("/api/v1/rooms/999999")
    assert response.status_code == 404 and response.json()["error"]["message"] == "No such room."


def test_it_serves_the_schema_and_swagger_ui(client):
    schema = client.get(reverse("schema"))
    assert schema.status_code == 200 and b"/api/v1/wallet/entries" in schema.content
    docs = client.get(reverse("swagger-ui"))
    assert docs.status_code == 200
    # the UI's assets are served locally (drf-spectacular-sidecar), not from a CDN
    assert b"drf_spectacular_sidecar/swagger-ui-dist" in docs.content
    assert b"cdn.jsdelivr" not in docs.content


def test_the_schema_generates_without_warnings():
    result = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "spectacular",
            "--validate",
            "--fail-on-warn",
            "--file",
            "/dev/null",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "Warning" not in result.stderr and "Error" not in result.stderr
