"""The props shop (platform/props): buying through the ledger, holdings, the REST API, the
profile page, the admin, rooms' props_enabled, and the audit."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from accounts.models import User
from props.errors import PropError
from props.models import Prop, PropPurchase, PropStock
from props.selectors import props_audit, props_held
from props.services import prop_buy
from tests.factories import RoomFactory
from wallet.errors import InsufficientFunds
from wallet.models import Account, Transfer
from wallet.selectors import wallet_audit, wallet_balance

pytestmark = pytest.mark.django_db


def house_balance() -> int:
    return Account.objects.filter(kind="house").values_list("balance", flat=True).first() or 0


# -- buying ------------------------------------------------------------------------------------


def test_buying_pays_the_house_through_the_ledger(alice):
    price = Prop.objects.get(key="toutian").price
    purchase = prop_buy(user=alice, key="toutian", quantity=3, idempotency_key="k1")
    assert (purchase.quantity, purchase.total) == (3, 3 * price)
    assert wallet_balance(alice) == 10000 - 3 * price
    assert house_balance() == 3 * price
    entries = {e.account.kind: e.amount for e in purchase.transfer.entries.all()}
    assert entries == {"user": -3 * price, "house": 3 * price}
    assert props_held(user=alice) == {"toutian": 3}
    assert wallet_audit() == [] and props_audit() == []


def test_buying_is_idempotent_by_key(alice):
    first = prop_buy(user=alice, key="shunfeng", quantity=2, idempotency_key="same")
    again = prop_buy(user=alice, key="shunfeng", quantity=2, idempotency_key="same")
    assert again.pk == first.pk and PropPurchase.objects.count() == 1
    assert props_held(user=alice) == {"shunfeng": 2}
    assert wallet_balance(alice) == 10000 - first.total
    with pytest.raises(PropError, match="already used"):
        prop_buy(user=alice, key="yihua", quantity=2, idempotency_key="same")
    with pytest.raises(PropError, match="already used"):
        prop_buy(user=alice, key="shunfeng", quantity=3, idempotency_key="same")
    assert props_held(user=alice) == {"shunfeng": 2} and Transfer.objects.count() == 2  # + signup


def test_the_same_key_of_another_user_is_another_purchase(alice, bob):
    prop_buy(user=alice, key="shunfeng", quantity=1, idempotency_key="k")
    prop_buy(user=bob, key="shunfeng", quantity=1, idempotency_key="k")
    assert props_held(user=alice) == props_held(user=bob) == {"shunfeng": 1}


def test_buying_never_goes_below_zero_and_changes_nothing_when_refused(alice):
    price = Prop.objects.get(key="qiankun").price
    n = 10000 // price + 1
    with pytest.raises(InsufficientFunds):
        prop_buy(user=alice, key="qiankun", quantity=n, idempotency_key="big")
    assert wallet_balance(alice) == 10000 and props_held(user=alice) == {}
    assert not PropPurchase.objects.exists()
    assert not Transfer.objects.filter(idempotency_key__startswith="props:").exists()
    # the key is still free: a smaller purchase with it goes through
    prop_buy(user=alice, key="qiankun", quantity=1, idempotency_key="big")
    assert props_held(user=alice) == {"qiankun": 1}


@pytest.mark.parametrize(
    ("kw", "match"),
    [
        ({"key": "magic"}, "unknown prop"),
        ({"quantity": 0}, "1-99"),
        ({"quantity": 100}, "1-99"),
        ({"quantity": True}, "integer"),
        ({"idempotency_key": ""}, "idempotency key"),
        ({"idempotency_key": "x" * 101}, "idempotency key"),
    ],
)
def test_bad_purchases_are_refused(alice, kw, match):
    args = {"user": alice, "key": "yihua", "quantity": 1, "idempotency_key": "k", **kw}
    with pytest.raises(PropError, match=match):
        prop_buy(**args)
    assert wallet_balance(alice) == 10000 and not PropPurchase.objects.exists()


def test_a_prop_off_sale_cannot_be_bought_but_stays_held(alice):
    prop_buy(user=alice, key="yihua", quantity=1, idempotency_key="a")
    Prop.objects.filter(key="yihua").update(available=False)
    with pytest.raises(PropError, match="not on sale"):
        prop_buy(user=alice, key="yihua", quantity=1, idempotency_key="b")
    assert props_held(user=alice) == {"yihua": 1}


# -- audit -------------------------------------------------------------------------------------


def test_wallet_audit_checks_the_props_too(alice):
    prop_buy(user=alice, key="toutian", quantity=2, idempotency_key="a")
    out = io.StringIO()
    call_command("wallet_audit", stdout=out)
    assert "consistent" in out.getvalue()
    PropStock.objects.filter(user=alice).update(count=5)  # a count nobody bought
    err = io.StringIO()
    with pytest.raises(CommandError, match="1 problem"):
        call_command("wallet_audit", stdout=io.StringIO(), stderr=err)
    assert "holds 5, bought 2 − used 0 = 2" in err.getvalue()


def test_the_audit_finds_a_purchase_whose_transfer_does_not_match(alice):
    purchase = prop_buy(user=alice, key="toutian", quantity=2, idempotency_key="a")
    PropPurchase.objects.filter(pk=purchase.pk).update(total=purchase.total + 1)
    assert any("does not move" in p for p in props_audit())


# -- REST ----------------------------------------------------------------------------------------


def test_the_api_lists_the_shop_and_what_the_user_holds(api_client, alice):
    prop_buy(user=alice, key="qianliyan", quantity=2, idempotency_key="a")
    assert api_client.get("/api/v1/props").status_code in (401, 403)
    api_client.force_authenticate(alice)
    body = api_client.get("/api/v1/props").json()
    keys = [p["key"] for p in body["props"]]
    assert keys == ["qiankun", "toutian", "yihua", "qianliyan", "shunfeng", "jinshouzhi"]
    mine = {p["key"]: p["held"] for p in body["props"]}
    assert mine["qianliyan"] == 2 and mine["toutian"] == 0
    assert body["balance"] == wallet_balance(alice)
    assert all(p["price"] > 0 and p["available"] for p in body["props"])


def test_the_api_buys_once_per_idempotency_key(api_client, alice):
    api_client.force_authenticate(alice)
    price = Prop.objects.get(key="shunfeng").price
    body = {"key": "shunfeng", "quantity": 2, "idempotency_key": "buy-1"}
    first = api_client.post("/api/v1/props/buy", body, format="json")
    assert first.status_code == 201, first.json()
    assert first.json()["held"] == 2 and first.json()["balance"] == 10000 - 2 * price
    again = api_client.post("/api/v1/props/buy", body, format="json")
    assert again.status_code == 201 and again.json()["id"] == first.json()["id"]
    assert wallet_balance(alice) == 10000 - 2 * price
    header = api_client.post(
        "/api/v1/props/buy", {"key": "shunfeng"}, format="json", HTTP_IDEMPOTENCY_KEY="h-1"
    )
    assert header.status_code == 201 and header.json()["held"] == 3


def test_the_api_refuses_bad_purchases_with_clear_errors(api_client, alice):
    api_client.force_authenticate(alice)
    no_key = api_client.post("/api/v1/props/buy", {"key": "yihua"}, format="json")
    assert no_key.status_code == 400 and "idempotency_key" in no_key.json()["error"]["message"]
    bad = api_client.post(
        "/api/v1/props/buy", {"key": "magic", "idempotency_key": "x"}, format="json"
    )
    assert bad.status_code == 400 and bad.json()["error"]["fields"]["key"]
    poor = api_client.post(
        "/api/v1/props/buy", {"key": "qiankun", "quantity": 99, "idempotency_key": "y"},
        format="json",
    )  # fmt: skip
    assert poor.status_code == 402 and poor.json()["error"]["code"] == "insufficient_funds"
    assert wallet_balance(alice) == 10000 and props_held(user=alice) == {}


def test_the_api_arms_qiankun_only_when_held(api_client, alice):
    api_client.force_authenticate(alice)
    refused = api_client.post("/api/v1/props/qiankun", {"armed": True}, format="json")
    assert refused.status_code == 400 and "hold no qiankun" in refused.json()["error"]["message"]
    prop_buy(user=alice, key="qiankun", quantity=1, idempotency_key="q")
    ok = api_client.post("/api/v1/props/qiankun", {"armed": True}, format="json")
    assert ok.status_code == 200 and ok.json() == {"armed": True}
    assert PropStock.objects.get(user=alice, prop__key="qiankun").armed


# -- pages ---------------------------------------------------------------------------------------


def test_the_profile_page_shows_the_inventory(client, alice):
    prop_buy(user=alice, key="jinshouzhi", quantity=4, idempotency_key="a")
    client.force_login(alice)
    html = client.get(reverse("accounts:profile")).content.decode()
    assert 'data-testid="props-inventory"' in html
    assert 'data-testid="held-jinshouzhi">4<' in html and "金手指" in html


def test_admins_set_prices_and_availability(client):
    boss = User.objects.create_superuser(username="boss", password="pw")
    client.force_login(boss)
    prop = Prop.objects.get(key="yihua")
    url = reverse("admin:props_prop_change", args=[prop.pk])
    response = client.post(url, {"key": "yihua", "price": "777", "sort_order": "2"})
    assert response.status_code == 302
    prop.refresh_from_db()
    assert (prop.price, prop.available) == (777, False)
    for name in ("proppurchase", "propuse", "propstock"):
        assert client.get(reverse(f"admin:props_{name}_changelist")).status_code == 200
        assert client.get(reverse(f"admin:props_{name}_add")).status_code == 403


# -- rooms -------------------------------------------------------------------------------------


def test_props_are_on_by_default_in_sichuan_and_wuhan_rooms_only():
    assert RoomFactory(variant="sichuan").props_enabled is True
    assert RoomFactory(variant="wuhan").props_enabled is True
    for variant in ("fuzhou", "shaanxi", "yiwu"):
        room = RoomFactory(variant=variant, props_enabled=True)
        room.refresh_from_db()
        assert room.props_enabled is False
    off = RoomFactory(variant="sichuan", props_enabled=False)
    off.refresh_from_db()
    assert off.props_enabled is False


def test_the_profile_buys_a_prop_once_per_form(client, alice):
    client.force_login(alice)
    html = client.get(reverse("accounts:profile")).content.decode()
    assert 'data-testid="buy-toutian"' in html
    key = html.split('name="idempotency_key" value="')[1].split('"')[0]
    assert key.endswith("-qiankun")  # the first row
    form = {"key": "toutian", "quantity": "1", "idempotency_key": key.replace("qiankun", "toutian")}
    first = client.post(reverse("props:buy"), form, follow=True)
    assert "Bought 1 × 偷天换日" in first.content.decode()
    client.post(reverse("props:buy"), form)  # a double submit
    assert props_held(user=alice) == {"toutian": 1}
    assert wallet_balance(alice) == 10000 - Prop.objects.get(key="toutian").price
    assert 'data-testid="held-toutian">1<' in first.content.decode()


def test_the_profile_says_why_a_purchase_was_refused(client, alice):
    client.force_login(alice)
    form = {"key": "qiankun", "quantity": "99", "idempotency_key": "x"}
    page = client.post(reverse("props:buy"), form, follow=True).content.decode()
    assert "cannot pay" in page and props_held(user=alice) == {}
    page = client.post(reverse("props:buy"), {**form, "key": "magic"}, follow=True)
    assert "unknown prop" in page.content.decode()
    assert client.get(reverse("props:buy")).status_code == 405
    client.logout()
    assert client.post(reverse("props:buy"), form).status_code == 302
    assert wallet_balance(alice) == 10000
