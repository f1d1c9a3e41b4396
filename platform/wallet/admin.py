"""Read-only views of the ledger: coins move only through wallet.services."""

from __future__ import annotations

import uuid

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html

from wallet.errors import WalletError
from wallet.models import Account, AccountKind, LedgerEntry, Transfer
from wallet.services import wallet_admin_adjust


class AdjustForm(forms.Form):
    """One adjustment. The hidden ``idempotency_key`` is generated when the form is rendered and
    becomes the transfer's key: submitting the same rendered form twice (a double click, a
    resent POST, eight tabs) adjusts once."""

    amount = forms.IntegerField(help_text="Coins to add (positive) or remove (negative).")
    reason = forms.CharField(max_length=400, help_text="Recorded in the ledger with your name.")
    idempotency_key = forms.UUIDField(widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["idempotency_key"].initial = uuid.uuid4()
        self.fields["idempotency_key"].error_messages["required"] = (
            "This form has no idempotency key; reload the page and submit it again."
        )

    def clean_amount(self):
        amount = self.cleaned_data["amount"]
        if amount == 0:
            raise forms.ValidationError("The amount must not be zero.")
        return amount


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
    """Balances are read-only; a superuser adjusts one through an audited ledger transfer."""

    list_display = ("pk", "kind", "user", "balance", "created_at", "adjust_link")
    list_filter = ("kind",)
    search_fields = ("user__username",)

    @admin.display(description="adjust")
    def adjust_link(self, account):
        if account.kind != AccountKind.USER:
            return ""
        url = reverse("admin:wallet_account_adjust", args=[account.pk])
        return format_html('<a href="{}">adjust balance</a>', url)

    def get_urls(self):
        return [
            path(
                "<int:account_id>/adjust/",
                self.admin_site.admin_view(self.adjust_view),
                name="wallet_account_adjust",
            ),
            *super().get_urls(),
        ]

    def adjust_view(self, request, account_id: int):
        if not request.user.is_superuser:
            raise PermissionDenied
        account = get_object_or_404(Account, pk=account_id, kind=AccountKind.USER)
        form = AdjustForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            try:
                transfer = wallet_admin_adjust(
                    user=account.user,
                    amount=form.cleaned_data["amount"],
                    reason=form.cleaned_data["reason"],
                    actor=request.user,
                    key=f"admin-form:{account.pk}:{form.cleaned_data['idempotency_key']}",
                )
            except WalletError as exc:
                form.add_error("amount", str(exc))
            else:
                done = transfer.entries.filter(account=account).values_list("amount", flat=True)
                if list(done) != [form.cleaned_data["amount"]]:
                    # The same rendered form, resent with other values: it was already used.
                    form.add_error(
                        None,
                        f"This form was already submitted (transfer {transfer.pk}); "
                        "open the adjust page again for another adjustment.",
                    )
            if form.is_valid():
                messages.success(
                    request, f"Adjusted {account.user} by {form.cleaned_data['amount']}."
                )
                return redirect("admin:wallet_account_changelist")
        context = {
            **self.admin_site.each_context(request),
            "title": f"Adjust the balance of {account.user} ({account.balance} coins)",
            "form": form,
            "opts": self.model._meta,
            "account": account,
        }
        return TemplateResponse(request, "admin/wallet/account/adjust.html", context)


@admin.register(Transfer)
class TransferAdmin(ReadOnlyAdmin):
    list_display = ("pk", "kind", "idempotency_key", "room", "created_by", "memo", "created_at")
    list_filter = ("kind",)
    search_fields = ("idempotency_key", "memo")
    inlines = [LedgerEntryInline]
