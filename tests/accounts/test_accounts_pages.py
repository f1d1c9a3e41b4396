from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.models import User
from tests.factories import RoomFactory
from wallet.selectors import wallet_balance

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery staple"


def test_it_signs_up_a_player_who_then_sees_coins_and_rooms(client):
    # given two rooms in the lobby
    RoomFactory(name="Sichuan ×10", variant="sichuan", coefficient=10, rake=20)
    RoomFactory(name="Wuhan 口口翻 ×1", variant="wuhan", options={"koukou": True})
    # when a visitor signs up through the page
    page = client.get(reverse("accounts:signup"))
    assert page.status_code == 200 and b"csrfmiddlewaretoken" in page.content
    response = client.post(
        reverse("accounts:signup"),
        {
            "username": "dora",
            "display_name": "Dora",
            "language": "en",
            "password1": "a-long-pass-phrase",
            "password2": "a-long-pass-phrase",
        },
        follow=True,
    )
    # then she is logged in on the lobby with her sign-up coins and the room list
    user = User.objects.get(username="dora")
    assert wallet_balance(user) == 10000
    assert response.context["user"] == user
    html = response.content.decode()
    assert 'data-testid="balance">10000<' in html
    assert "Sichuan ×10" in html and "Wuhan 口口翻 ×1" in html and "口口翻" in html


def test_it_refuses_a_sign_up_with_mismatched_passwords(client):
    response = client.post(
        reverse("accounts:signup"),
        {"username": "eve", "language": "en", "password1": "a-long-pass-1", "password2": "x"},
    )
    assert response.status_code == 200
    assert "didn’t match" in response.content.decode()
    assert not User.objects.filter(username="eve").exists()


def test_it_enforces_csrf_on_the_login_form(alice):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("accounts:login"), {"username": "alice", "password": PASSWORD})
    assert response.status_code == 403


def test_it_logs_in_and_out(client, alice):
    response = client.post(reverse("accounts:login"), {"username": "alice", "password": PASSWORD})
    assert response.status_code == 302
    assert client.get(reverse("home")).context["user"] == alice
    assert client.get(reverse("accounts:logout")).status_code == 405  # a link cannot log out
    client.post(reverse("accounts:logout"))
    assert not client.get(reverse("home")).context["user"].is_authenticated


def test_it_throttles_failed_logins_per_username_and_address(client, alice, settings):
    settings.LOGIN_FAILURE_LIMIT = 3
    for _ in range(3):
        response = client.post(reverse("accounts:login"), {"username": "alice", "password": "x"})
        assert "correct username and password" in response.content.decode()
    # even the right password is refused now, with a clear message
    response = client.post(reverse("accounts:login"), {"username": "alice", "password": PASSWORD})
    assert response.status_code == 200
    assert "Too many failed log-in attempts" in response.content.decode()
    assert not response.context["user"].is_authenticated
    # another address is not locked out
    response = client.post(
        reverse("accounts:login"),
        {"username": "alice", "password": PASSWORD},
        REMOTE_ADDR="10.0.0.9",
    )
    assert response.status_code == 302


def test_it_changes_the_password(client, alice):
    client.force_login(alice)
    response = client.post(
        reverse("accounts:password_change"),
        {
            "old_password": PASSWORD,
            "new_password1": "n3w-pass-phrase",
            "new_password2": "n3w-pass-phrase",
        },
    )
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password("n3w-pass-phrase")


def test_it_edits_the_profile_and_applies_the_language(client, alice):
    client.force_login(alice)
    response = client.post(
        reverse("accounts:profile"), {"display_name": "爱丽丝", "language": "zh-hans"}, follow=True
    )
    alice.refresh_from_db()
    assert (alice.display_name, alice.language) == ("爱丽丝", "zh-hans")
    assert response.headers["Content-Language"] == "zh-hans"
    assert '<html lang="zh-hans">' in response.content.decode()
    assert "金币" in response.content.decode()  # the page is translated


def test_it_applies_the_users_language_on_login(client, alice):
    alice.language = "zh-hans"
    alice.save()
    client.post(reverse("accounts:login"), {"username": "alice", "password": PASSWORD})
    assert client.get(reverse("home")).headers["Content-Language"] == "zh-hans"


def test_it_requires_login_for_the_profile(client):
    response = client.get(reverse("accounts:profile"))
    assert response.status_code == 302 and reverse("accounts:login") in response.url
