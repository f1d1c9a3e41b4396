"""The pages a player reads around the table (issue 16): what leaving costs, the readable fairness
check, the rules pages, the footer's language switcher, the replay page's words."""

from __future__ import annotations

import re

import pytest
from django.test import Client

import games.engine as engine
from games.engine import HandState
from games.engine.patterns import BY_VARIANT
from games.models import HandRecord, HandStatus, Table
from games.page_selectors import escape_quote
from games.rules_pages import SECTION_IDS, VARIANTS
from games.runtime import services
from ratings.services import cooldown_for, ratings_record_escape
from tests.factories import RoomFactory
from tests.games.runtime.test_table_services import _play_human, _solo_table, wait_for

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _worker(celery_worker_real):
    return celery_worker_real


def _client(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def _settled_for_the_human(table: Table) -> Table:
    """The table once the bots have made their moves and only the human (seat 0) is to act:
    with a real Celery worker (the PostgreSQL + Redis run) they move after the seating returns."""

    def quiet():
        fresh = Table.objects.get(pk=table.pk)
        return fresh if engine.to_act(HandState.from_json(fresh.state)) == [0] else None

    return wait_for(quiet)


def _exact_penalty(table: Table, seat: int) -> int:
    state = HandState.from_json(table.state)
    after, _ = engine.escape(state, seat)
    return state.scores[seat] - after.scores[seat]


@pytest.mark.parametrize(
    ("variant", "options", "n", "a", "has_rake"),
    [
        ("sichuan", {}, 10, 20, True),
        ("wuhan", {"koukou": True}, 5, 3, True),
        ("shaanxi", {}, 7, 9, False),
        ("yiwu", {}, 2, 4, True),
        ("fuzhou", {}, 3, 0, False),
    ],
)
def test_leaving_mid_hand_is_quoted_from_the_engines_escape_rule(
    alice, variant, options, n, a, has_rake, monkeypatch
):
    # a seeded deal: the quote's cases (an "at least" part, a bot playing on) depend on the hand
    monkeypatch.setattr(services, "seed_generate", lambda: f"leave-quote-{variant}")
    room = RoomFactory(variant=variant, options=options, coefficient=n, rake=a)
    table = _settled_for_the_human(_solo_table(alice, room))
    seat = 0
    response = _client(alice).get(f"/table/{table.pk}/leave-cost/")
    assert response.status_code == 200
    quote = response.json()
    assert quote["live"] is True and quote["N"] == n and quote["A"] == (a if has_rake else 0)
    exact = _exact_penalty(table, seat)
    if quote["at_least"]:  # a part of the penalty counts tiles the player cannot see
        assert variant == "fuzhou" and quote["penalty_points"] <= exact
    else:
        assert quote["penalty_points"] == exact
    assert quote["penalty_coins"] == quote["penalty_points"] * n
    so_far = quote["points_so_far"]
    assert quote["coins_if_leaving"] == (so_far - quote["penalty_points"]) * n - quote["A"]
    assert quote["grace_seconds"] == services.grace_seconds()  # back within it: no escape
    if variant == "wuhan":
        assert quote["penalty_points"] == 500  # 口口翻's escape, wuhan.md §8
    if variant == "yiwu":
        assert quote["penalty_points"] == 0 and quote["bot_plays_on"] is True
    # and asking changed nothing at the table
    assert Table.objects.get(pk=table.pk).state == table.state


def test_the_quote_names_the_cooldown_a_further_escape_would_bring(alice):
    room = RoomFactory(variant="wuhan", coefficient=1, rake=0)
    table = _solo_table(alice, room)
    first = _client(alice).get(f"/table/{table.pk}/leave-cost/").json()
    assert first["recent_escapes"] == 0 and first["cooldown_after"] == cooldown_for(1) == 0
    assert first["first_cooldown_at"] == 2 and first["first_cooldown_seconds"] == cooldown_for(2)
    ratings_record_escape(user=alice, hand=None)
    second = _client(alice).get(f"/table/{table.pk}/leave-cost/").json()
    assert second["recent_escapes"] == 1 and second["cooldown_after"] == cooldown_for(2) > 0


def test_only_a_seated_player_gets_a_quote(alice, bob):
    table = _solo_table(alice, RoomFactory(variant="wuhan"))
    assert _client(bob).get(f"/table/{table.pk}/leave-cost/").status_code == 404
    assert Client().get(f"/table/{table.pk}/leave-cost/").status_code == 302  # to the login


def test_between_hands_leaving_is_free(alice):
    room = RoomFactory(variant="sichuan", coefficient=10, rake=20)
    table = _solo_table(alice, room)
    _play_human(table.pk, alice)
    table = Table.objects.get(pk=table.pk)
    assert escape_quote(table=table, seat=0, user=alice)["live"] is False


def test_the_fairness_page_reads_the_check_in_words_and_tiles(alice):
    room = RoomFactory(variant="wuhan", coefficient=1, rake=0)
    table = _solo_table(alice, room)
    _play_human(table.pk, alice)
    hand = HandRecord.objects.get(table=table)
    assert hand.status == HandStatus.SETTLED
    page = _client(alice).get(f"/fairness/hand/{hand.pk}/check/")
    html = page.content.decode()
    assert page.status_code == 200 and page["Content-Type"].startswith("text/html")
    assert 'data-testid="fair-verdict"' in html and "✔" in html
    assert html.count('class="tile suit-') == 136  # the whole wall as faces
    assert hand.seed in html and hand.commitment in html
    assert f'href="/fairness/hand/{hand.pk}/"' in html  # the JSON stays one click away
    # the JSON endpoint is unchanged
    assert _client(alice).get(f"/fairness/hand/{hand.pk}/").json()["ok"] is True


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_each_rules_page_has_every_section_and_every_pattern(client, variant, lang):
    page = client.get(f"/rules/{variant}/?lang={lang}")
    assert page.status_code == 200
    html = page.content.decode()
    for sid in SECTION_IDS:
        assert f'id="{sid}"' in html, sid
    for key, (zh, en) in BY_VARIANT[variant].items():
        assert f'data-pattern="{key}"' in html, key
        assert zh in html and (lang == "zh" or en in html)
    assert ("Worked example" in html) == (lang == "en") and ("算例" in html) == (lang == "zh")


def test_rules_values_come_from_the_engine_tables(client):
    from games.engine.variants.fuzhou.scoring import SPECIAL_FAN
    from games.engine.variants.yiwu.scoring import MULTIPLIER

    fuzhou = client.get("/rules/fuzhou/?lang=en").content.decode()
    for key, fan in SPECIAL_FAN.items():
        assert re.search(rf'data-pattern="{key}">.*?special fan {fan}<', fuzhou, re.S)
    yiwu = client.get("/rules/yiwu/?lang=zh").content.decode()
    for key, m in MULTIPLIER.items():
        assert re.search(rf'data-pattern="{key}">.*?×{m}<', yiwu, re.S)
    assert client.get("/rules/mahjong/").status_code == 404


def test_the_lobby_and_the_table_link_the_rules(alice):
    room = RoomFactory(variant="yiwu")
    lobby = _client(alice).get("/play/").content.decode()
    assert 'href="/rules/yiwu/"' in lobby
    table = _solo_table(alice, room)
    assert 'href="/rules/yiwu/"' in _client(alice).get(f"/table/{table.pk}/").content.decode()


def test_the_footer_switcher_changes_a_signed_in_players_language(alice):
    c = _client(alice)
    assert alice.language == "en"
    response = c.post("/accounts/language/", {"language": "zh-hans", "next": "/play/"})
    assert response.status_code == 302 and response["Location"] == "/play/"
    alice.refresh_from_db()
    assert alice.language == "zh-hans"
    assert '<html lang="zh-hans">' in c.get("/play/").content.decode()
    c.post("/accounts/language/", {"language": "en", "next": "/play/"})
    alice.refresh_from_db()
    assert alice.language == "en" and '<html lang="en">' in c.get("/play/").content.decode()


def test_a_bad_language_changes_nothing(alice):
    c = _client(alice)
    c.post("/accounts/language/", {"language": "xx", "next": "/play/"})
    alice.refresh_from_db()
    assert alice.language == "en"


def test_the_hand_page_says_options_and_status_in_words(alice):
    room = RoomFactory(variant="sichuan", options={"bloody": True}, coefficient=10, rake=20)
    table = _solo_table(alice, room)
    _play_human(table.pk, alice)
    hand = HandRecord.objects.get(table=table)
    c = _client(alice)
    c.post("/accounts/language/", {"language": "zh-hans", "next": "/"})
    html = c.get(f"/ratings/hands/{hand.pk}/").content.decode()
    assert "bloody=" not in html and "血战到底" in html
    assert "已结算" in html and ">settled<" not in html
    # the coin arithmetic of every seat: (points) × N − A = coins
    for p, coins in zip(hand.points, hand.coins, strict=True):
        assert f"({p}) × 10 − 20 = {coins}" in html
    mine = c.get(f"/ratings/hands/{hand.pk}/mine.json").json()
    assert mine["rated"] is True and mine["points"] == hand.points[0]
    assert mine["rose_after_loss"] == (
        mine["rating_after"] > mine["rating_before"] and mine["points"] < 0
    )


def _visible_words(html: str) -> set[str]:
    html = re.sub(r"<script.*?</script>|<style.*?</style>|<code>.*?</code>", "", html, flags=re.S)
    return set(re.findall(r"\b[A-Za-z][A-Za-z_=]{2,}\b", re.sub(r"<[^>]+>", " ", html)))


def test_the_chinese_pages_have_no_english_words_left(alice):
    room = RoomFactory(name="四川 血战到底 ×10", variant="sichuan", options={"bloody": True})
    table = _solo_table(alice, room)
    _play_human(table.pk, alice)
    hand = HandRecord.objects.get(table=table)
    c = _client(alice)
    c.post("/accounts/language/", {"language": "zh-hans", "next": "/"})
    # the brand, the API link, the language's own name, names and the hash's technical terms
    allowed = {"Que", "API", "English", "JSON", "SHA", "seed", "salt", "wall", "Alice", "alice"}
    for url in (
        "/", "/play/", f"/table/{table.pk}/", "/ratings/", "/ratings/players/alice/",
        "/ratings/players/alice/history/", "/ratings/players/alice/sessions/",
        f"/ratings/hands/{hand.pk}/", "/wallet/", "/rules/sichuan/",
    ):  # fmt: skip
        page = c.get(url)
        assert page.status_code == 200, url
        assert _visible_words(page.content.decode()) <= allowed, (
            url,
            _visible_words(page.content.decode()) - allowed,
        )
