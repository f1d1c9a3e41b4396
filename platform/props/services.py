"""Props (道具): buying, consuming, and what a hand starts with.

Where the table runtime calls in (docs/props.md, "Runtime"):

- at hand start, ``setup = props_for_hand(room=..., users=..., table_id=...)`` and
  ``engine.new_hand(..., **setup)``, then ``props_hand_record(hand_id=..., setup=setup)`` and
  ``props_consume_events(hand_id=..., table_id=..., users=..., events=opening_events)``;
- after every accepted action, ``props_consume_events(...)`` on the events it returned;
- when a user leaves a table, ``props_golden_clear(user=..., table_id=...)``.

A prop is consumed only when the engine accepted its use (a ``prop`` event exists); a rejected
use raises before any event, so it consumes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F

from config.locks import for_update
from props.errors import PropError
from props.models import GoldenFinger, Prop, PropHand, PropPurchase, PropStock, PropUse
from wallet.services import wallet_pay_house

#: the variants with props (games/engine/props.py VARIANTS)
PROP_VARIANTS = ("sichuan", "wuhan")
MAX_QUANTITY = 99


#: starting prices in coins (migration 0002 adds the rows; admins change them there)
DEFAULT_PRICES = {
    "qiankun": 2000,
    "toutian": 1000,
    "yihua": 500,
    "qianliyan": 300,
    "shunfeng": 300,
    "jinshouzhi": 100,
}


def props_catalogue_ensure() -> None:
    """Every prop has its row (a database flushed after the migrations lacks them)."""
    if Prop.objects.count() < len(DEFAULT_PRICES):
        for order, (key, price) in enumerate(DEFAULT_PRICES.items()):
            Prop.objects.get_or_create(key=key, defaults={"price": price, "sort_order": order})


def _prop(key: str) -> Prop:
    if not isinstance(key, str) or key not in DEFAULT_PRICES:
        raise PropError(f"unknown prop {key!r}")
    prop = Prop.objects.filter(key=key).first()
    if prop is None:
        props_catalogue_ensure()
        prop = Prop.objects.get(key=key)
    return prop


def _stock_locked(user, prop: Prop) -> PropStock:
    """The (user, prop) stock row, created if needed and locked (inside a transaction)."""
    PropStock.objects.get_or_create(user=user, prop=prop)
    return for_update(PropStock.objects.filter(user=user, prop=prop)).get()


# -- buying ------------------------------------------------------------------------------------


def prop_buy(*, user, key: str, quantity: int, idempotency_key: str) -> PropPurchase:
    """Buy ``quantity`` of prop ``key``: one ledger transfer of price × quantity to the house.

    Idempotent per (user, idempotency_key): a retry returns the first purchase (the same key for
    another prop or quantity raises PropError). Raises wallet.errors.InsufficientFunds when the
    user cannot pay; then nothing is written."""
    if not isinstance(idempotency_key, str) or not 1 <= len(idempotency_key) <= 100:
        raise PropError("an idempotency key of 1-100 characters is required")
    if isinstance(quantity, bool) or not isinstance(quantity, int):
        raise PropError(f"quantity must be an integer, got {quantity!r}")
    if not 1 <= quantity <= MAX_QUANTITY:
        raise PropError(f"quantity must be 1-{MAX_QUANTITY}, got {quantity}")
    prop = _prop(key)
    try:
        with transaction.atomic():
            stock = _stock_locked(user, prop)
            done = PropPurchase.objects.filter(user=user, idempotency_key=idempotency_key).first()
            if done is not None:
                return _same_purchase(done, prop, quantity)
            if not prop.available:
                raise PropError(f"{prop.key} is not on sale")
            total = prop.price * quantity
            transfer = wallet_pay_house(
                key=f"props:buy:{user.pk}:{idempotency_key}",
                user=user,
                amount=total,
                memo=f"props: {quantity} × {prop.key}",
            )
            purchase = PropPurchase.objects.create(
                user=user,
                prop=prop,
                quantity=quantity,
                price=prop.price,
                total=total,
                transfer=transfer,
                idempotency_key=idempotency_key,
            )
            PropStock.objects.filter(pk=stock.pk).update(count=F("count") + quantity)
            return purchase
    except IntegrityError:
        # the same key, concurrently, for another prop (whose stock row we did not lock)
        done = PropPurchase.objects.filter(user=user, idempotency_key=idempotency_key).first()
        if done is None:
            raise
        return _same_purchase(done, prop, quantity)


def _same_purchase(done: PropPurchase, prop: Prop, quantity: int) -> PropPurchase:
    if done.prop_id != prop.pk or done.quantity != quantity:
        raise PropError(
            f"idempotency key {done.idempotency_key!r} was already used to buy "
            f"{done.quantity} × {done.prop.key}"
        )
    return done


# -- holding and arming ------------------------------------------------------------------------


def prop_arm_qiankun(*, user, armed: bool) -> PropStock:
    """Ask for (or cancel) a 乾坤大挪移 at the user's next deal; it is consumed only when a hand
    is dealt with it."""
    prop = _prop("qiankun")
    with transaction.atomic():
        stock = _stock_locked(user, prop)
        if armed and stock.count < 1:
            raise PropError("you hold no qiankun")
        stock.armed = bool(armed)
        stock.save(update_fields=["armed"])
        return stock


# -- a hand ------------------------------------------------------------------------------------


def props_for_hand(*, room, users: Sequence[Any], table_id: int | None = None) -> dict[str, Any]:
    """The engine's ``new_hand`` keyword arguments for a hand in ``room`` with ``users`` seated
    (seat order; None for a bot): ``{"props": [...4 holdings], "before_deal": [...]}``, or ``{}``
    when the room has props off, its variant has none, or nobody holds one. A bot holds nothing."""
    if not getattr(room, "props_enabled", False) or room.variant not in PROP_VARIANTS:
        return {}
    ids = [getattr(u, "pk", None) for u in users]
    stocks = PropStock.objects.filter(user_id__in=[i for i in ids if i], count__gt=0)
    by_user: dict[int, dict[str, int]] = {}
    armed: set[int] = set()
    for stock in stocks.select_related("prop"):
        by_user.setdefault(stock.user_id, {})[stock.prop.key] = stock.count
        if stock.prop.key == "qiankun" and stock.armed:
            armed.add(stock.user_id)
    golden = set()
    if table_id is not None:
        golden = set(
            GoldenFinger.objects.filter(table_id=table_id, user_id__in=ids).values_list(
                "user_id", flat=True
            )
        )
    holdings: list[dict[str, int]] = []
    before: list[dict[str, Any]] = []
    for seat, uid in enumerate(ids):
        held = dict(sorted(by_user.get(uid, {}).items())) if uid else {}
        if uid in golden:
            held["golden"] = 1
        holdings.append(held)
        if uid in armed:
            before.append({"seat": seat, "prop": "qiankun"})
    if not any(holdings) and not before:
        return {}  # nobody holds a prop: the hand is an ordinary one (and replays as one)
    return {"props": holdings, "before_deal": before}


def props_hand_record(*, hand_id: int, setup: dict[str, Any]) -> PropHand | None:
    """Keep a hand's prop set-up (props_for_hand's answer) for its replay; nothing for ``{}``."""
    if not setup:
        return None
    row, _ = PropHand.objects.get_or_create(
        hand_id=hand_id,
        defaults={"props": setup.get("props") or [], "before_deal": setup.get("before_deal") or []},
    )
    return row


def props_consume_events(
    *, hand_id: int, users: Sequence[Any], events: Iterable[dict[str, Any]], table_id=None
) -> list[PropUse]:
    """Consume one prop for every ``prop`` event (a use the engine accepted). Idempotent: the
    use's key is ``hand:<hand_id>:prop:<use>``; a retry with the same events consumes nothing."""
    out = []
    for e in events:
        if e.get("type") != "prop":
            continue
        user = users[e["seat"]]
        if user is None:
            continue
        out.append(
            prop_consume(
                user=user,
                key=e["choice"],
                use_key=f"hand:{hand_id}:prop:{e['use']}",
                hand_id=hand_id,
                table_id=table_id,
            )
        )
    return out


def prop_consume(
    *, user, key: str, use_key: str, hand_id: int | None = None, table_id: int | None = None
) -> PropUse:
    """Take one ``key`` from the user's holdings for the use ``use_key`` (once per use_key)."""
    prop = _prop(key)
    with transaction.atomic():
        stock = _stock_locked(user, prop)
        done = PropUse.objects.filter(key=use_key).first()
        if done is not None:
            if done.user_id != user.pk or done.prop_id != prop.pk:
                raise PropError(f"use {use_key!r} was recorded for another user or prop")
            return done
        if stock.count < 1:
            raise PropError(f"user {user.pk} holds no {key}")
        use = PropUse.objects.create(
            user=user, prop=prop, key=use_key, hand_id=hand_id, table_id=table_id
        )
        changes: dict[str, Any] = {"count": F("count") - 1}
        if key == "qiankun":
            changes["armed"] = False
        PropStock.objects.filter(pk=stock.pk).update(**changes)
        if key == "jinshouzhi" and table_id is not None:
            GoldenFinger.objects.get_or_create(user=user, table_id=table_id)
        return use


def props_golden_clear(*, user, table_id: int) -> int:
    """The user left the table: their golden finger there goes out. Returns rows removed."""
    deleted, _ = GoldenFinger.objects.filter(user=user, table_id=table_id).delete()
    return deleted
