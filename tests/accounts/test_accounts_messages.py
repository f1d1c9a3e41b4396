"""Confirmation messages follow the player's language (they were hard-coded English)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "text"), [("en", "Profile saved."), ("zh-hans", "资料已保存。")]
)
def test_it_confirms_a_saved_profile_in_the_chosen_language(client, alice, language, text):
    client.force_login(alice)
    response = client.post(
        "/accounts/profile/", {"display_name": "Alice", "language": language}, follow=True
    )
    assert text in [str(m) for m in response.context["messages"]]


def test_the_nav_links_to_play_and_wallet(client, alice):
    client.force_login(alice)
    page = client.get("/").content.decode()
    assert 'data-testid="nav-play"' in page and 'href="/wallet/"' in page
