"""Property test of the ledger: random grants, transfers, settlements, penalties, adjustments.

After every step: all balances including the mint sum to zero, no balance is negative except
the mint's, every cached balance equals the sum of its entries, every transfer sums to zero.
"""

from __future__ import annotations

import pytest
from django.db import transaction
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)

from tests.factories import RoomFactory, UserFactory
from wallet.errors import InsufficientFunds
from wallet.models import Account, Transfer
from wallet.selectors import wallet_audit, wallet_balance
from wallet.services import (
    wallet_admin_adjust,
    wallet_charge_penalty,
    wallet_settle,
    wallet_transfer,
)

PLAYERS = 4
KEYS = st.sampled_from([f"k{i}" for i in range(12)])  # a small pool: keys get reused


class LedgerMachine(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        # Each example runs inside a savepoint that teardown() rolls back.
        self._atomic = transaction.atomic()
        self._atomic.__enter__()
        self.used_keys: set[str] = set()

    @initialize()
    def seat_players(self):
        self.users = [UserFactory(username=f"p{i}", signup_grant=False) for i in range(PLAYERS)]
        self.rooms = [
            RoomFactory(coefficient=1, rake=0),
            RoomFactory(coefficient=10, rake=20),
            RoomFactory(coefficient=200, rake=400),
        ]

    def teardown(self):
        transaction.set_rollback(True)
        self._atomic.__exit__(None, None, None)

    def _balances(self) -> list[int]:
        return [wallet_balance(u) for u in self.users]

    @rule(player=st.integers(0, PLAYERS - 1), amount=st.integers(1, 50_000))
    def grant(self, player, amount):
        wallet_admin_adjust(user=self.users[player], amount=amount, reason="grant", actor=None)

    @rule(
        key=KEYS,
        payer=st.integers(0, PLAYERS - 1),
        payee=st.integers(0, PLAYERS - 1),
        amount=st.integers(1, 30_000),
    )
    def transfer(self, key, payer, payee, amount):
        if payer == payee:
            return
        before = self._balances()
        reused = Transfer.objects.filter(idempotency_key=key).exists()
        try:
            wallet_transfer(
                key=key, from_user=self.users[payer], to_user=self.users[payee], amount=amount
            )
        except InsufficientFunds:
            assert before[payer] < amount
            assert self._balances() == before
            return
        except Exception as exc:  # key used earlier by another kind
            assert reused, exc
            assert self._balances() == before
            return
        if reused:
            assert self._balances() == before

    @rule(
        key=KEYS,
        room=st.integers(0, 2),
        points=st.lists(st.integers(-60, 60), min_size=2, max_size=PLAYERS),
        rake=st.one_of(st.none(), st.just(0)),
    )
    def settle(self, key, room, points, rake):
        before = self._balances()
        seated = self.users[: len(points)]
        reused = Transfer.objects.filter(idempotency_key=key).exists()
        try:
            wallet_settle(
                key=key,
                room=self.rooms[room],
                points_by_user=dict(zip(seated, points, strict=True)),
                rake=rake,
            )
        except Exception as exc:
            assert reused, exc
        if reused:
            assert self._balances() == before
        else:
            # Nobody loses more than N·loss + A, nobody who won loses more than the rake.
            r = self.rooms[room]
            a = r.rake if rake is None else rake
            for b0, b1, p in zip(before, self._balances(), points, strict=False):
                assert b1 - b0 >= -(r.coefficient * max(0, -p) + a)

    @rule(key=KEYS, player=st.integers(0, PLAYERS - 1), amount=st.integers(1, 40_000))
    def penalty(self, key, player, amount):
        try:
            wallet_charge_penalty(key=key, user=self.users[player], amount=amount)
        except Exception as exc:
            assert Transfer.objects.filter(idempotency_key=key).exists(), exc

    @invariant()
    def ledger_is_consistent(self):
        assert wallet_audit() == []
        balances = list(Account.objects.values_list("kind", "balance"))
        assert sum(b for _, b in balances) == 0
        assert all(b >= 0 for kind, b in balances if kind != "mint")


@pytest.mark.django_db
def test_it_keeps_the_ledger_consistent_under_random_operations():
    run_state_machine_as_test(
        LedgerMachine,
        settings=settings(
            max_examples=25,
            stateful_step_count=15,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
