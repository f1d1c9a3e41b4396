"""Lobby, table page and the fairness endpoints. Thin: services and selectors do the work."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from games.engine.patterns import pattern_names_json
from games.models import HandRecord
from games.runtime import selectors, services
from games.runtime.fairness import hand_verify, wall_check
from rooms.selectors import room_get


def lobby(request):
    balance = None
    if request.user.is_authenticated:
        from wallet.selectors import wallet_balance

        balance = wallet_balance(request.user)
    return render(
        request,
        "games/lobby.html",
        {"groups": selectors.lobby_rooms(), "balance": balance},
    )


@login_required
@require_POST
def room_play(request, room_id: int):
    room = room_get(room_id)
    try:
        table = services.table_seat(
            user=request.user, room=room, private=request.POST.get("private") == "1"
        )
    except services.TableRefused as exc:
        messages.error(request, exc.message)
        return redirect("games:lobby")
    if request.POST.get("bots") == "1":
        services.table_fill_bots(table_id=table.pk, user=request.user)
    return redirect("games:table", table_id=table.pk)


@login_required
@require_POST
def table_join(request):
    code = (request.POST.get("code") or "").strip()
    try:
        table = services.table_seat(user=request.user, room=None, invite_code=code)
    except services.TableRefused as exc:
        messages.error(request, exc.message)
        return redirect("games:lobby")
    return redirect("games:table", table_id=table.pk)


@login_required
def table_page(request, table_id: int):
    code = request.GET.get("code")
    table, seat = selectors.access_table(request.user, table_id, invite_code=code)
    return render(
        request,
        "games/table.html",
        {
            "table": table,
            "seat": seat,
            "room": table.room,
            "code": code or "",
            "pattern_names": pattern_names_json(),
        },
    )


@require_GET
def fairness_hand(request, hand_id: int):
    hand = HandRecord.objects.select_related("table").filter(pk=hand_id).first()
    if hand is None or (hand.table.is_private and not _sat_in(request.user, hand)):
        raise Http404("No such hand.")
    return JsonResponse(hand_verify(hand), json_dumps_params={"ensure_ascii": False})


def _sat_in(user, hand: HandRecord) -> bool:
    return user.is_authenticated and hand.seats.filter(user=user).exists()


@require_GET
def fairness_check(request):
    params = {k: request.GET.get(k, "") for k in ("variant", "seed", "salt", "commitment")}
    if not all(params.values()):
        return JsonResponse(
            {"error": "give variant, seed, salt and commitment as query parameters"}, status=400
        )
    try:
        return JsonResponse(wall_check(**params), json_dumps_params={"ensure_ascii": False})
    except Exception as exc:  # unknown variant, unplayable variant
        return JsonResponse({"error": str(exc)}, status=400)
