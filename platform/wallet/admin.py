"""Read-only views of the ledger: coins move only through wallet.services."""

from __future__ import annotations

from django.contrib import admin

from wallet.models import Account, LedgerEntry, Transfer


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class LedgerEntryInline(admin.TabularInline):
    model = LedgerEntry
    extra = 0
    fields = ("account", "amount")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Account)
class AccountAdmin(ReadOnlyAdmin):
    list_display = ("pk", "kind", "user", "balance", "created_at")
    list_filter = ("kind",)
    search_fields = ("user__username",)


@admin.register(Transfer)
class TransferAdmin(ReadOnlyAdmin):
    list_display = ("pk", "kind", "idempotency_key", "room", "created_by", "memo", "created_at")
    list_filter = ("kind",)
    search_fields = ("idempotency_key", "memo")
    inlines = [LedgerEntryInline]
