from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.factories import RoomFactory, UserFactory
from wallet.errors import IdempotencyConflict, InsufficientFunds, WalletError
from wallet.models import Account, AccountKind, LedgerEntry, Transfer
from wallet.selectors import wallet_audit, wallet_balance
from wallet.services import (
    account_system,
    wallet_admin_adjust,
    wallet_charge_penalty,
    wallet_settle,
    wallet_transfer,
)

pytestmark = pytest.mark.django_db


def house_balance() -> int:
    return account_system(AccountKind.HOUSE).balance


@pytest.fixture
def table():
    """Four seated players with 10000 coins each."""
    return [UserFactory(username=name) for name in ("east", "south", "west", "north")]


def test_it_settles_the_seed_example(table, room):
    # given N=200, A=400; the winner took 18 points from each of the three losers
    winner, *losers = table
    # when
    wallet_settle(
        key="hand:1",
        room=room,
        points_by_user={winner: 54, losers[0]: -18, losers[1]: -18, losers[2]: -18},
    )
    # then the winner gets 54·200 − 400, each loser pays 18·200 + 400, the house keeps 4A
    assert wallet_balance(winner) == 10000 + 10400
    assert [wallet_balance(u) for u in losers] == [10000 - 4000] * 3
    assert house_balance() == 1600
    assert wallet_audit() == []


def test_it_pays_once_for_the_same_key(table, room):
    points = {u: p for u, p in zip(table, (54, -18, -18, -18), strict=True)}
    first = wallet_settle(key="hand:7", room=room, points_by_user=points)
    second = wallet_settle(key="hand:7", room=room, points_by_user=points)
    assert first.pk == second.pk
    assert Transfer.objects.filter(idempotency_key="hand:7").count() == 1
    assert wallet_balance(table[0]) == 20400
    assert house_balance() == 1600


def test_it_uses_an_explicit_zero_rake(table, room):
    # Shaanxi and Fuzhou have no rake: the live layer passes rake=0.
    winner, loser, *others = table
    wallet_settle(key="hand:2", room=room, points_by_user={winner: 5, loser: -5}, rake=0)
    assert wallet_balance(winner) == 11000
    assert wallet_balance(loser) == 9000
    assert house_balance() == 0


def test_it_takes_the_rake_from_a_draw(table):
    room = RoomFactory(coefficient=10, rake=20)
    wallet_settle(key="hand:draw", room=room, points_by_user={u: 0 for u in table})
    assert [wallet_balance(u) for u in table] == [9980] * 4
    assert house_balance() == 80


def test_it_shares_what_a_short_loser_can_pay(room):
    # given a loser holding less than the loss (N=200, A=400)
    w1, w2 = UserFactory(username="w1"), UserFactory(username="w2")
    poor = UserFactory(username="poor", signup_grant=False)
    wallet_admin_adjust(user=poor, amount=1401, reason="test", actor=None)
    # when he loses 30 points: he owes 6000 + 400 but holds 1401
    wallet_settle(key="hand:3", room=room, points_by_user={w1: 20, w2: 10, poor: -30})
    # then he pays everything, rake first (400 to the house), the pot of 1001 is shared 2:1,
    # floor division, the leftover coin to the largest winner; winners pay their own rake.
    assert wallet_balance(poor) == 0
    assert wallet_balance(w1) == 10000 + 668 - 400
    assert wallet_balance(w2) == 10000 + 333 - 400
    assert house_balance() == 1200
    assert wallet_audit() == []


def test_it_never_creates_coins_when_points_do_not_balance(table, room):
    # A penalty "to nobody": the losers pay more than the winners are owed; surplus to the house.
    winner, loser, *_ = table
    wallet_settle(key="hand:4", room=room, points_by_user={winner: 5, loser: -8}, rake=0)
    assert wallet_balance(winner) == 11000
    assert wallet_balance(loser) == 10000 - 1600
    assert house_balance() == 600
    assert wallet_audit() == []


def test_it_refuses_a_transfer_larger_than_the_balance(alice, bob):
    with pytest.raises(InsufficientFunds):
        wallet_transfer(key="t:1", from_user=alice, to_user=bob, amount=10001)
    assert wallet_balance(alice) == 10000
    assert not Transfer.objects.filter(idempotency_key="t:1").exists()


def test_it_refuses_a_key_reused_for_another_kind(alice, bob, room):
    wallet_transfer(key="k", from_user=alice, to_user=bob, amount=5)
    with pytest.raises(IdempotencyConflict):
        wallet_settle(key="k", room=room, points_by_user={alice: 1, bob: -1})


def test_it_records_who_made_an_admin_adjustment(alice, bob):
    transfer = wallet_admin_adjust(user=alice, amount=-500, reason="chargeback", actor=bob)
    assert transfer.created_by == bob and transfer.memo == "chargeback"
    assert wallet_balance(alice) == 9500
    with pytest.raises(WalletError, match="reason"):
        wallet_admin_adjust(user=alice, amount=5, reason=" ", actor=bob)


def test_it_charges_a_penalty_to_the_house_up_to_the_balance(alice):
    wallet_charge_penalty(key="escape:1", user=alice, amount=25000, memo="escape")
    assert wallet_balance(alice) == 0
    assert house_balance() == 10000


def test_it_keeps_entries_append_only(alice):
    entry = LedgerEntry.objects.filter(account__user=alice).get()
    entry.amount = 1
    with pytest.raises(Exception, match="append-only"):
        entry.save()
    with pytest.raises(Exception, match="append-only"):
        entry.delete()
    with pytest.raises(Exception, match="append-only"):
        LedgerEntry.objects.filter(pk=entry.pk).update(amount=5)


def test_it_grants_the_signup_coins_once(alice):
    from wallet.services import wallet_grant_signup

    wallet_grant_signup(user=alice)
    assert wallet_balance(alice) == 10000
    assert account_system(AccountKind.MINT).balance == -10000


def test_the_audit_command_fails_on_a_tampered_balance(alice, capsys):
    call_command("wallet_audit")
    assert "consistent" in capsys.readouterr().out
    Account.objects.filter(user=alice).update(balance=10001)
    with pytest.raises(CommandError, match="problem"):
        call_command("wallet_audit")
    assert "cached balance 10001" in capsys.readouterr().err
