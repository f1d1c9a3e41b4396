"""Lobby, table page and the fairness endpoints. Thin: services and selectors do the work."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.views.decorators.http import require_GET, require_POST

from games.engine.patterns import pattern_names_json
from games.interface import player_facts
from games.models import HandRecord
from games.page_selectors import escape_quote
from games.rules_pages import VARIANTS, rules_page
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


def _fair_hand(request, hand_id: int) -> HandRecord:
    hand = HandRecord.objects.select_related("table", "room").filter(pk=hand_id).first()
    if hand is None or (hand.table.is_private and not _sat_in(request.user, hand)):
        raise Http404("No such hand.")
    return hand


@login_required
@require_GET
def table_leave_quote(request, table_id: int):
    """What leaving now would cost the signed-in player (the table's Leave button asks first)."""
    table, seat = selectors.access_table(request.user, table_id)
    if seat is None:
        raise Http404("You are not seated at this table.")
    return JsonResponse(escape_quote(table=table, seat=seat, user=request.user))


@require_GET
def fairness_hand(request, hand_id: int):
    hand = _fair_hand(request, hand_id)
    return JsonResponse(hand_verify(hand), json_dumps_params={"ensure_ascii": False})


@require_GET
def fairness_hand_page(request, hand_id: int):
    """The same check as fairness_hand, for people: each test in words, the wall as tile faces."""
    hand = _fair_hand(request, hand_id)
    check = hand_verify(hand)
    wall = check.get("wall") or []
    return render(
        request,
        "games/fairness.html",
        {
            "hand": hand,
            "check": check,
            "wall_rows": [(k + 1, wall[k : k + 18]) for k in range(0, len(wall), 18)],
            "is_player": _sat_in(request.user, hand),
        },
    )


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


def _rules_lang(request) -> str:
    asked = request.GET.get("lang")
    if asked in ("zh", "en"):
        return asked
    return "zh" if (get_language() or "").lower().startswith("zh") else "en"


def _variant_name(key: str, lang: str) -> str:
    import games.engine as engine

    v = engine.VARIANTS[key]
    return v.name_zh if lang == "zh" else f"{v.name_en} ({v.name_zh})"


@require_GET
def rules_index(request):
    lang = _rules_lang(request)
    items = [{"key": v, "name": _variant_name(v, lang)} for v in VARIANTS]
    return render(request, "games/rules_index.html", {"items": items, "lang": lang})


@require_GET
def rules(request, variant: str):
    """/rules/<variant>/: the variant's rules in the project's words (games/rules_pages.py)."""
    if variant not in VARIANTS:
        raise Http404("No such variant.")
    lang = _rules_lang(request)
    page = rules_page(variant, lang)
    return render(
        request,
        "games/rules.html",
        {
            "page": page,
            "tiers": player_facts().ladder(variant, [])[0],  # ratings, via games.interface
            "variants": [(v, _variant_name(v, lang)) for v in VARIANTS],
            "lang": lang,
        },
    )
