"""Read side of props: the shop with a user's holdings, a hand's prop set-up, the audit."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Sum

from props.models import Prop, PropHand, PropPurchase, PropStock, PropUse


def props_shop(*, user) -> list[dict[str, Any]]:
    """Every prop with its price, whether it is on sale and what ``user`` holds of it."""
    stocks = {}
    if user is not None and user.is_authenticated:
        stocks = {s.prop_id: s for s in PropStock.objects.filter(user=user)}
    from props.services import props_catalogue_ensure

    props_catalogue_ensure()
    out = []
    for prop in Prop.objects.all():
        stock = stocks.get(prop.pk)
        out.append(
            {
                "key": prop.key,
                "name": prop.get_key_display(),
                "price": prop.price,
                "available": prop.available,
                "held": stock.count if stock else 0,
                "armed": bool(stock and stock.armed),
            }
        )
    return out


def props_held(*, user) -> dict[str, int]:
    """What ``user`` holds now: prop key -> count (> 0 only)."""
    rows = PropStock.objects.filter(user=user, count__gt=0).select_related("prop")
    return {s.prop.key: s.count for s in rows}


def props_hand_setup(hand_id: int) -> dict[str, Any]:
    """The engine's ``props`` / ``before_deal`` arguments a hand was dealt with ({} if none):
    pass them to new_hand / replay to rebuild it."""
    row = PropHand.objects.filter(hand_id=hand_id).first()
    if row is None:
        return {}
    return {"props": row.props, "before_deal": row.before_deal}


def props_audit() -> list[str]:
    """Problems with props (empty = clean): every cached count equals bought − consumed, every
    purchase's transfer moved exactly its total from the buyer to the house."""
    problems: list[str] = []
    bought = {
        (r["user_id"], r["prop_id"]): r["n"]
        for r in PropPurchase.objects.values("user_id", "prop_id").annotate(n=Sum("quantity"))
    }
    used = {
        (r["user_id"], r["prop_id"]): r["n"]
        for r in PropUse.objects.values("user_id", "prop_id").annotate(n=Count("pk"))
    }
    stocks = {(s.user_id, s.prop_id): s.count for s in PropStock.objects.all()}
    for pair in sorted(set(bought) | set(used) | set(stocks)):
        want = bought.get(pair, 0) - used.get(pair, 0)
        have = stocks.get(pair, 0)
        if want != have:
            problems.append(
                f"props of user {pair[0]}, prop {pair[1]}: holds {have}, "
                f"bought {bought.get(pair, 0)} − used {used.get(pair, 0)} = {want}"
            )
    for purchase in PropPurchase.objects.select_related("transfer").prefetch_related(
        "transfer__entries__account"
    ):
        paid = {e.account.kind: e.amount for e in purchase.transfer.entries.all()}
        buyer = [
            e for e in purchase.transfer.entries.all() if e.account.user_id == purchase.user_id
        ]
        if (
            purchase.total != purchase.price * purchase.quantity
            or paid.get("house") != purchase.total
            or [e.amount for e in buyer] != [-purchase.total]
        ):
            problems.append(
                f"prop purchase {purchase.pk}: transfer {purchase.transfer_id} does not move "
                f"{purchase.total} coins from user {purchase.user_id} to the house"
            )
    return problems
