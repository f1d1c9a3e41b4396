from django.contrib import admin

from props.models import GoldenFinger, Prop, PropHand, PropPurchase, PropStock, PropUse


@admin.register(Prop)
class PropAdmin(admin.ModelAdmin):
    """Prices and availability of the shop's props (existing purchases keep their price)."""

    list_display = ("key", "__str__", "price", "available", "sort_order")
    list_editable = ("price", "available", "sort_order")

    def has_delete_permission(self, request, obj=None):
        return False  # purchases and uses refer to it; take it off sale instead


class _ReadOnly(admin.ModelAdmin):
    """Ledger-like rows: written by props.services only."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(PropPurchase)
class PropPurchaseAdmin(_ReadOnly):
    list_display = ("pk", "user", "prop", "quantity", "price", "total", "transfer", "created_at")
    list_filter = ("prop",)
    search_fields = ("user__username", "idempotency_key")


@admin.register(PropUse)
class PropUseAdmin(_ReadOnly):
    list_display = ("pk", "user", "prop", "hand_id", "table_id", "key", "created_at")
    list_filter = ("prop",)
    search_fields = ("user__username", "key")


@admin.register(PropStock)
class PropStockAdmin(_ReadOnly):
    list_display = ("user", "prop", "count", "armed")
    list_filter = ("prop",)
    search_fields = ("user__username",)


@admin.register(PropHand)
class PropHandAdmin(_ReadOnly):
    list_display = ("hand_id", "props", "before_deal", "created_at")


@admin.register(GoldenFinger)
class GoldenFingerAdmin(_ReadOnly):
    list_display = ("user", "table_id", "created_at")
