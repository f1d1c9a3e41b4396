"""Services that move coins. Every movement is one Transfer whose entries sum to zero.

Pattern of every write: resolve the account rows, then in one transaction lock them in pk order
(wallet.locks), check the idempotency key *after* taking the locks (a concurrent call with the
same key has then either committed — we return its transfer — or not started), compute the
amounts from the locked balances, write entries and balances. The UNIQUE idempotency key is the
last line of defence: if two calls with the same key touch disjoint accounts, the second insert
fails and we return the first call's transfer.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Case, F, Value, When

from wallet.errors import IdempotencyConflict, InsufficientFunds, WalletError
from wallet.locks import lock_accounts
from wallet.models import Account, AccountKind, LedgerEntry, Transfer, TransferKind
from wallet.settlement import Seat, settle


# --- accounts -------------------------------------------------------------------------------
def account_for_user(user) -> Account:
    account, _ = Account.objects.get_or_create(user=user, defaults={"kind": AccountKind.USER})
    return account


def account_system(kind: str) -> Account:
    if kind not in (AccountKind.HOUSE, AccountKind.MINT):
        raise ValueError(f"not a system account kind: {kind}")
    account, _ = Account.objects.get_or_create(kind=kind, user=None)
    return account


# --- the one writer -------------------------------------------------------------------------
def _post(
    *,
    kind: str,
    key: str,
    amounts: Mapping[int, int],
    locked: Mapping[int, Account],
    memo: str = "",
    room=None,
    created_by=None,
) -> Transfer:
    """Write a transfer (accounts already locked). Amounts by account pk, summing to zero."""
    if sum(amounts.values()) != 0:
        raise WalletError(f"entries must sum to zero, got {sum(amounts.values())}")
    for account_id, amount in amounts.items():
        account = locked[account_id]
        if account.kind != AccountKind.MINT and account.balance + amount < 0:
            raise InsufficientFunds(
                f"account {account_id} holds {account.balance} coins, cannot pay {-amount}"
            )
    transfer = Transfer.objects.create(
        kind=kind, idempotency_key=key, memo=memo[:500], room=room, created_by=created_by
    )
    entries = [
        LedgerEntry(transfer=transfer, account_id=account_id, amount=amount)
        for account_id, amount in sorted(amounts.items())
        if amount != 0
    ]
    LedgerEntry.objects.bulk_create(entries)
    if entries:  # every balance in one statement
        change = Case(*(When(pk=e.account_id, then=Value(e.amount)) for e in entries))
        Account.objects.filter(pk__in=[e.account_id for e in entries]).update(
            balance=F("balance") + change
        )
    return transfer


def _once(
    *, key: str, kind: str, account_ids: list[int], write: Callable[..., Transfer]
) -> Transfer:
    """Run `write(locked)` at most once per key. Returns the key's transfer either way."""
    if not key:
        raise WalletError("an idempotency key is required")
    try:
        with transaction.atomic():
            locked = lock_accounts(account_ids)
            existing = Transfer.objects.filter(idempotency_key=key).first()
            if existing is not None:
                return _check_kind(existing, kind)
            return write(locked)
    except IntegrityError:
        # A concurrent call with the same key committed first (UNIQUE idempotency_key).
        existing = Transfer.objects.filter(idempotency_key=key).first()
        if existing is None:
            raise
        return _check_kind(existing, kind)


def _check_kind(transfer: Transfer, kind: str) -> Transfer:
    if transfer.kind != kind:
        raise IdempotencyConflict(
            f"key {transfer.idempotency_key!r} was already used for a {transfer.kind} transfer"
        )
    return transfer


def _positive_int(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise WalletError(f"{name} must be a positive integer number of coins, got {value!r}")
    return value


# --- services -------------------------------------------------------------------------------
def wallet_grant_signup(*, user) -> Transfer:
    """Give a new user their starting coins from the mint (once per user)."""
    amount = _positive_int(settings.WALLET_SIGNUP_GRANT, "WALLET_SIGNUP_GRANT")
    account = account_for_user(user)
    mint = account_system(AccountKind.MINT)
    return _once(
        key=f"signup:{user.pk}",
        kind=TransferKind.SIGNUP_GRANT,
        account_ids=[account.pk, mint.pk],
        write=lambda locked: _post(
            kind=TransferKind.SIGNUP_GRANT,
            key=f"signup:{user.pk}",
            amounts={account.pk: amount, mint.pk: -amount},
            locked=locked,
            memo="sign-up grant",
        ),
    )


def wallet_admin_adjust(
    *, user, amount: int, reason: str, actor, key: str | None = None
) -> Transfer:
    """An audited grant (amount > 0, from the mint) or deduction (amount < 0, back to the mint)."""
    if isinstance(amount, bool) or not isinstance(amount, int) or amount == 0:
        raise WalletError("amount must be a non-zero integer")
    if not reason or not reason.strip():
        raise WalletError("a reason is required for an admin adjustment")
    key = key or f"admin:{uuid.uuid4()}"
    account = account_for_user(user)
    mint = account_system(AccountKind.MINT)
    return _once(
        key=key,
        kind=TransferKind.ADMIN_ADJUST,
        account_ids=[account.pk, mint.pk],
        write=lambda locked: _post(
            kind=TransferKind.ADMIN_ADJUST,
            key=key,
            amounts={account.pk: amount, mint.pk: -amount},
            locked=locked,
            memo=reason.strip(),
            created_by=actor,
        ),
    )


def wallet_transfer(*, key: str, from_user, to_user, amount: int, memo: str = "") -> Transfer:
    """Move coins between two users; refused (InsufficientFunds) if the payer cannot cover it."""
    amount = _positive_int(amount, "amount")
    if from_user.pk == to_user.pk:
        raise WalletError("cannot transfer to oneself")
    return _move(
        key=key,
        source=account_for_user(from_user),
        target=account_for_user(to_user),
        amount=amount,
        memo=memo,
    )


def _move(*, key: str, source: Account, target: Account, amount: int, memo: str) -> Transfer:
    """One transfer of ``amount`` from ``source`` to ``target``, once per key."""
    return _once(
        key=key,
        kind=TransferKind.TRANSFER,
        account_ids=[source.pk, target.pk],
        write=lambda locked: _post(
            kind=TransferKind.TRANSFER,
            key=key,
            amounts={source.pk: -amount, target.pk: amount},
            locked=locked,
            memo=memo,
        ),
    )


def wallet_settle(
    *, key: str, room, points_by_user: Mapping[Any, int], rake: int | None = None
) -> Transfer:
    """Settle one hand in a room: coins = N × points − A for every seated player.

    `points_by_user` maps users (or user ids), in seat order, to the hand's net points.
    `rake` defaults to room.rake; the live layer passes 0 for variants without a rake.
    Idempotent by `key`. Shortfalls follow docs/wallet.md (pay what is held, rake first,
    winners share pro rata); coins are never created.
    """
    if not points_by_user:
        raise WalletError("a settlement needs at least one seated player")
    rake = room.rake if rake is None else rake
    if isinstance(rake, bool) or not isinstance(rake, int) or rake < 0:
        raise WalletError(f"rake must be a non-negative integer, got {rake!r}")
    for points in points_by_user.values():
        if isinstance(points, bool) or not isinstance(points, int):
            raise WalletError(f"points must be integers, got {points!r}")
    users = [getattr(u, "pk", u) for u in points_by_user]
    if len(set(users)) != len(users):
        raise WalletError("a user can be seated only once")
    accounts = _user_accounts(users)
    house = account_system(AccountKind.HOUSE)
    points = [points_by_user[u] for u in points_by_user]

    def write(locked: Mapping[int, Account]) -> Transfer:
        seats = [
            Seat(key=accounts[uid].pk, points=p, balance=locked[accounts[uid].pk].balance)
            for uid, p in zip(users, points, strict=True)
        ]
        result = settle(seats, coefficient=room.coefficient, rake=rake)
        amounts = dict(result.coins)
        amounts[house.pk] = result.house
        return _post(
            kind=TransferKind.SETTLEMENT,
            key=key,
            amounts=amounts,
            locked=locked,
            memo=f"room {room.pk} N={room.coefficient} A={rake}",
            room=room,
        )

    return _once(
        key=key,
        kind=TransferKind.SETTLEMENT,
        account_ids=[a.pk for a in accounts.values()] + [house.pk],
        write=write,
    )


def wallet_charge_penalty(
    *, key: str, user, amount: int, room=None, memo: str = "penalty"
) -> Transfer:
    """A penalty paid to the house (e.g. an escape penalty a variant sends to nobody).

    A player who holds less pays what they hold; coins are never created.
    """
    amount = _positive_int(amount, "amount")
    account = account_for_user(user)
    house = account_system(AccountKind.HOUSE)

    def write(locked: Mapping[int, Account]) -> Transfer:
        paid = min(amount, locked[account.pk].balance)
        return _post(
            kind=TransferKind.PENALTY,
            key=key,
            amounts={account.pk: -paid, house.pk: paid},
            locked=locked,
            memo=memo,
            room=room,
        )

    return _once(
        key=key, kind=TransferKind.PENALTY, account_ids=[account.pk, house.pk], write=write
    )


def wallet_pay_house(*, key: str, user, amount: int, memo: str) -> Transfer:
    """The user pays ``amount`` coins to the house (a shop purchase, e.g. props). Refused
    (InsufficientFunds, nothing written) if they hold less: a balance never goes below zero."""
    amount = _positive_int(amount, "amount")
    return _move(
        key=key,
        source=account_for_user(user),
        target=account_system(AccountKind.HOUSE),
        amount=amount,
        memo=memo,
    )


def _user_accounts(user_ids: list[int]) -> dict[int, Account]:
    found = {a.user_id: a for a in Account.objects.filter(user_id__in=user_ids)}
    for uid in user_ids:
        if uid not in found:
            found[uid] = account_for_user(_user_model().objects.get(pk=uid))
    return found


def _user_model():
    from django.contrib.auth import get_user_model

    return get_user_model()
