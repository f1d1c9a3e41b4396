"""The profile's buy buttons: a plain form POST (the REST API does the same for clients)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from props.errors import PropError
from props.services import prop_buy
from wallet.errors import InsufficientFunds


@login_required
@require_POST
def prop_buy_page(request):
    """Buy one prop; the form's idempotency key makes a double submit buy once."""
    try:
        quantity = int(request.POST.get("quantity", "1"))
    except ValueError:
        quantity = 0
    try:
        purchase = prop_buy(
            user=request.user,
            key=request.POST.get("key", ""),
            quantity=quantity,
            idempotency_key=request.POST.get("idempotency_key", ""),
        )
    except (PropError, InsufficientFunds) as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            _("Bought %(n)s × %(prop)s for %(total)s coins.")
            % {
                "n": purchase.quantity,
                "prop": purchase.prop.get_key_display(),
                "total": purchase.total,
            },
        )
    return redirect("accounts:profile")
