from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.shortcuts import render

from wallet.selectors import wallet_balance, wallet_entries


@login_required
def wallet_page(request):
    """The signed-in player's balance and their own ledger entries, newest first."""
    entries = wallet_entries(request.user).select_related("transfer__room")
    page = Paginator(entries, 50).get_page(request.GET.get("page"))
    return render(
        request, "wallet/entries.html", {"balance": wallet_balance(request.user), "page": page}
    )
