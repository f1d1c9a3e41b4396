from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.models import User
from wallet.models import Account, Transfer
from wallet.selectors import wallet_audit, wallet_balance

pytestmark = pytest.mark.django_db


@pytest.fixture
def boss(client):
    boss = User.objects.create_superuser(username="boss", password="pw")
    client.force_login(boss)
    return boss


def test_it_adjusts_a_balance_from_the_admin_and_records_who(client, boss, alice):
    url = reverse("admin:wallet_account_adjust", args=[Account.objects.get(user=alice).pk])
    response = client.post(url, {"amount": "-2500", "reason": "refund reversal"})
    assert response.status_code == 302
    assert wallet_balance(alice) == 7500
    transfer = Transfer.objects.get(kind="admin_adjust")
    assert (transfer.created_by, transfer.memo) == (boss, "refund reversal")
    assert wallet_audit() == []


def test_it_refuses_an_adjustment_below_zero_with_a_message(client, boss, alice):
    url = reverse("admin:wallet_account_adjust", args=[Account.objects.get(user=alice).pk])
    response = client.post(url, {"amount": "-10001", "reason": "too much"})
    assert response.status_code == 200
    assert "cannot pay 10001" in response.content.decode()
    assert wallet_balance(alice) == 10000


def test_the_ledger_pages_are_read_only(client, boss, alice):
    account = Account.objects.get(user=alice)
    assert client.get(reverse("admin:wallet_account_changelist")).status_code == 200
    page = client.get(reverse("admin:wallet_account_change", args=[account.pk]))
    assert page.status_code == 200 and b'name="balance"' not in page.content
