"""Props (道具): the shop's catalogue, what each player bought, holds and used.

Every count is derived from append-only rows: ``PropStock.count`` is a cache of
``sum(PropPurchase.quantity) - count(PropUse)`` per (user, prop), which ``props_audit`` (run by
``manage.py wallet_audit``) rebuilds and compares. Coins move only through wallet.services: a
purchase is one ledger transfer to the house (``PropPurchase.transfer``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class PropKey(models.TextChoices):
    """The six props of sichuan.md §13 (the engine's keys, games/engine/props.py)."""

    QIANKUN = "qiankun", "乾坤大挪移"
    TOUTIAN = "toutian", "偷天换日"
    YIHUA = "yihua", "移花接木"
    QIANLIYAN = "qianliyan", "千里眼"
    SHUNFENG = "shunfeng", "顺风耳"
    JINSHOUZHI = "jinshouzhi", "金手指"


class Prop(models.Model):
    """One prop in the shop: its price in coins and whether it is on sale (admin)."""

    key = models.CharField(max_length=20, choices=PropKey.choices, unique=True)
    price = models.PositiveBigIntegerField("price (coins)")
    available = models.BooleanField("on sale", default=True)
    sort_order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["sort_order", "pk"]
        constraints = [models.CheckConstraint(condition=Q(price__gte=1), name="prop_price_gte_1")]

    def __str__(self) -> str:
        return f"{self.get_key_display()} ({self.key})"


class PropStock(models.Model):
    """What a user holds of one prop now (a cache, see the module docstring). ``armed``: a
    乾坤大挪移 the user wants used at their next deal."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    prop = models.ForeignKey(Prop, on_delete=models.PROTECT, related_name="stocks")
    count = models.PositiveIntegerField(default=0)
    armed = models.BooleanField(default=False)

    class Meta:
        ordering = ["user", "prop"]
        constraints = [
            models.UniqueConstraint(fields=["user", "prop"], name="propstock_user_prop"),
            models.CheckConstraint(condition=Q(count__gte=0), name="propstock_count_gte_0"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.count} × {self.prop.key}"


class PropPurchase(models.Model):
    """One purchase (append-only): ``quantity`` × ``prop`` for ``total`` coins, paid by
    ``transfer``. Idempotent per (user, idempotency_key)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    prop = models.ForeignKey(Prop, on_delete=models.PROTECT, related_name="purchases")
    quantity = models.PositiveIntegerField()
    price = models.PositiveBigIntegerField("price each")
    total = models.PositiveBigIntegerField()
    transfer = models.OneToOneField(
        "wallet.Transfer", on_delete=models.PROTECT, related_name="prop_purchase"
    )
    idempotency_key = models.CharField(max_length=100)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "idempotency_key"], name="proppurchase_user_key"
            ),
            models.CheckConstraint(condition=Q(quantity__gte=1), name="proppurchase_qty_gte_1"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} bought {self.quantity} × {self.prop.key} for {self.total}"


class PropUse(models.Model):
    """One prop consumed (append-only): a use that took effect in a hand. ``key`` is unique:
    ``hand:<hand id>:prop:<use no>`` (the engine's ``use`` counter), so a retry consumes nothing."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    prop = models.ForeignKey(Prop, on_delete=models.PROTECT, related_name="uses")
    key = models.CharField(max_length=100, unique=True)
    hand_id = models.BigIntegerField(null=True, blank=True)
    table_id = models.BigIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-pk"]

    def __str__(self) -> str:
        return f"{self.user_id} used {self.prop.key} ({self.key})"


class PropHand(models.Model):
    """What a hand was dealt with: the engine's ``props`` and ``before_deal`` arguments, so its
    replay, hand log and fairness check can rebuild it (docs/engine-props.md)."""

    hand_id = models.BigIntegerField(unique=True)
    props = models.JSONField(default=list)
    before_deal = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-hand_id"]

    def __str__(self) -> str:
        return f"props of hand {self.hand_id}"


class GoldenFinger(models.Model):
    """金手指: the user's discard marker is golden at this table until they leave it."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    table_id = models.BigIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "table_id"], name="goldenfinger_user_table")
        ]

    def __str__(self) -> str:
        return f"golden finger of {self.user_id} at table {self.table_id}"
