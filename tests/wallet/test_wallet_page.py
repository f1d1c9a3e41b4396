"""The wallet page: a player sees their balance and their own entries, nobody else's."""

from __future__ import annotations

import pytest
from django.utils import translation

pytestmark = pytest.mark.django_db


def test_it_shows_the_balance_and_own_entries(client, alice, bob):
    client.force_login(alice)
    response = client.get("/wallet/")
    assert response.status_code == 200
    page = response.content.decode()
    assert 'data-testid="balance">10000<' in page
    assert "sign-up grant" in page and "+10000" in page
    assert list(response.context["page"].object_list.values_list("account__user", flat=True)) == [
        alice.pk
    ]


def test_it_sends_anonymous_visitors_to_log_in(client):
    response = client.get("/wallet/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_it_survives_a_bad_page_number(client, alice):
    client.force_login(alice)
    assert client.get("/wallet/", {"page": "abc"}).status_code == 200


@pytest.mark.parametrize(
    ("language", "text"), [("en", "Wallet"), ("zh-hans", "钱包"), ("zh-hans", "注册赠送")]
)
def test_it_is_translated(client, alice, language, text):
    alice.language = language
    alice.save()
    client.force_login(alice)
    with translation.override(language):
        assert text in client.get("/wallet/").content.decode()
