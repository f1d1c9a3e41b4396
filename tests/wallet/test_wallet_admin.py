from __future__ import annotations

import re
import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from accounts.models import User
from tests.conftest import using_postgres
from wallet.models import Account, Transfer
from wallet.selectors import wallet_audit, wallet_balance

pytestmark = pytest.mark.django_db


def form_key(client, url) -> dict:
    """The hidden idempotency key of a freshly rendered adjust form."""
    page = client.get(url).content.decode()
    found = re.search(r'name="idempotency_key" value="([0-9a-f-]{36})"', page)
    assert found, "the adjust form carries no idempotency key"
    return {"idempotency_key": found.group(1)}


@pytest.fixture
def boss(client):
    boss = User.objects.create_superuser(username="boss", password="pw")
    client.force_login(boss)
    return boss


def test_it_adjusts_a_balance_from_the_admin_and_records_who(client, boss, alice):
    url = reverse("admin:wallet_account_adjust", args=[Account.objects.get(user=alice).pk])
    response = client.post(
        url, {"amount": "-2500", "reason": "refund reversal", **form_key(client, url)}
    )
    assert response.status_code == 302
    assert wallet_balance(alice) == 7500
    transfer = Transfer.objects.get(kind="admin_adjust")
    assert (transfer.created_by, transfer.memo) == (boss, "refund reversal")
    assert wallet_audit() == []


def test_it_refuses_an_adjustment_below_zero_with_a_message(client, boss, alice):
    url = reverse("admin:wallet_account_adjust", args=[Account.objects.get(user=alice).pk])
    response = client.post(url, {"amount": "-10001", "reason": "too much", **form_key(client, url)})
    assert response.status_code == 200
    assert "cannot pay 10001" in response.content.decode()
    assert wallet_balance(alice) == 10000


def test_the_ledger_pages_are_read_only(client, boss, alice):
    account = Account.objects.get(user=alice)
    assert client.get(reverse("admin:wallet_account_changelist")).status_code == 200
    page = client.get(reverse("admin:wallet_account_change", args=[account.pk]))
    assert page.status_code == 200 and b'name="balance"' not in page.content


def test_each_rendered_form_has_its_own_key(client, boss, alice):
    url = reverse("admin:wallet_account_adjust", args=[Account.objects.get(user=alice).pk])
    assert form_key(client, url) != form_key(client, url)


def test_a_double_submit_of_one_form_adjusts_once(client, boss, alice):
    url = reverse("admin:wallet_account_adjust", args=[Account.objects.get(user=alice).pk])
    data = {"amount": "300", "reason": "bonus", **form_key(client, url)}
    assert client.post(url, data).status_code == 302
    assert client.post(url, data).status_code == 302  # the resent POST: same transfer
    assert wallet_balance(alice) == 10300
    assert Transfer.objects.filter(kind="admin_adjust").count() == 1
    # a second form is a second adjustment
    assert client.post(url, {**data, **form_key(client, url)}).status_code == 302
    assert wallet_balance(alice) == 10600


def test_a_used_form_resent_with_other_values_is_refused(client, boss, alice):
    url = reverse("admin:wallet_account_adjust", args=[Account.objects.get(user=alice).pk])
    data = {"amount": "300", "reason": "bonus", **form_key(client, url)}
    client.post(url, data)
    response = client.post(url, {**data, "amount": "500"})
    assert response.status_code == 200
    assert "already submitted" in response.content.decode()
    assert wallet_balance(alice) == 10300


def test_a_form_without_its_key_is_refused(client, boss, alice):
    url = reverse("admin:wallet_account_adjust", args=[Account.objects.get(user=alice).pk])
    for key in ({}, {"idempotency_key": "not-a-uuid"}):
        response = client.post(url, {"amount": "300", "reason": "bonus", **key})
        assert response.status_code == 200
    assert wallet_balance(alice) == 10000


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(not using_postgres(), reason="needs DATABASE_URL=postgres://... (row locks)")
def test_eight_concurrent_submits_of_one_form_adjust_once():
    # given a superuser and one rendered form
    User.objects.create_superuser(username="boss", password="pw")
    alice = User.objects.create_user(username="alice", password="pw")
    from wallet.services import wallet_grant_signup

    wallet_grant_signup(user=alice)
    url = reverse("admin:wallet_account_adjust", args=[Account.objects.get(user=alice).pk])
    admin = Client()
    admin.login(username="boss", password="pw")
    data = {"amount": "250", "reason": "eight tabs", **form_key(admin, url)}
    barrier = threading.Barrier(8)
    statuses: list[int] = []
    errors: list[BaseException] = []

    def submit() -> None:
        try:
            own = Client()
            own.login(username="boss", password="pw")
            barrier.wait()
            statuses.append(own.post(url, data).status_code)
        except BaseException as exc:
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(8)]
    # when the eight submits arrive at once
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # then every submit succeeded and exactly one transfer moved the coins
    assert errors == [] and statuses == [302] * 8
    assert Transfer.objects.filter(kind="admin_adjust").count() == 1
    assert wallet_balance(alice) == 10250
    assert wallet_audit() == []
