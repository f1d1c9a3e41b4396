"""Ratings pages: ladder, profile, match history, hand replay and its JSON log. Thin."""

from __future__ import annotations

import json

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render

from games.engine.patterns import pattern_names_json
from ratings import selectors
from ratings.forms import HistoryFilterForm
from ratings.page_selectors import hand_money, my_hand_rating, replay_public, review_for_page
from ratings.services import escape_cooldown_remaining, hand_review_get
from rooms.models import Variant


def _variant(raw: str | None, default: str = "sichuan") -> str:
    return raw if raw in Variant.values else default


def leaderboard(request):
    variant = _variant(request.GET.get("variant"))
    raw = request.GET.get("season")
    season = selectors.season_get(int(raw) if raw and raw.isdigit() else None)
    board = selectors.leaderboard(variant=variant, season=season, viewer=request.user)
    return render(
        request,
        "ratings/leaderboard.html",
        {"board": board, "variants": Variant.choices, "variant": variant,
         "seasons": selectors.season_list()[:24], "season": season},
    )  # fmt: skip


@login_required
def me(request):
    return redirect("ratings:profile", username=request.user.username)


def profile(request, username: str):
    user = selectors.player_get(username)
    variant = _variant(request.GET.get("variant"))
    series = selectors.rating_series(user, variant)
    is_self = request.user.is_authenticated and request.user.pk == user.pk
    return render(
        request,
        "ratings/profile.html",
        {
            "player": user, "standings": selectors.standings_of(user), "variant": variant,
            "variants": Variant.choices, "chart": selectors.rating_chart(series),
            "series": series, "stats": selectors.player_stats(user, variant),
            "is_self": is_self,
            "cooldown": escape_cooldown_remaining(user) if is_self else 0,
        },
    )  # fmt: skip


@login_required
def history(request, username: str):
    user = selectors.access_history(request.user, username)
    form = HistoryFilterForm(request.GET or None)
    filters = form.cleaned_data if form.is_valid() else {}
    rows = selectors.history(user, **{k: v for k, v in filters.items() if v})
    page = Paginator(rows, 25).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "ratings/history.html",
        {"player": user, "form": form, "page": page, "query": query.urlencode(),
         "tab": "hands", "table": filters.get("table")},
    )  # fmt: skip


@login_required
def sessions(request, username: str):
    user = selectors.access_history(request.user, username)
    form = HistoryFilterForm(request.GET or None)
    filters = form.cleaned_data if form.is_valid() else {}
    filters.pop("table", None)
    rows = selectors.sessions(user, **{k: v for k, v in filters.items() if v})
    page = Paginator(rows, 25).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "ratings/sessions.html",
        {"player": user, "form": form, "page": page, "query": query.urlencode(),
         "tab": "sessions"},
    )  # fmt: skip


@login_required
def hand(request, hand_id: int):
    record = selectors.access_hand(request.user, hand_id)
    detail = selectors.hand_detail(record)
    replay = selectors.hand_replay(record) if detail["ended"] else None
    context = {
        "hand": detail,
        "replay": replay,
        "replay_public": replay_public(record) if replay and replay["ok"] else [],
        "money": hand_money(record, detail) if detail["ended"] else None,
        "variant_label": Variant(record.variant).label,
        "pattern_names": pattern_names_json(),
    }
    # The expert's review of the viewer's own seat (none for staff who did not play it)
    seat = selectors.hand_seat_of(record, request.user) if detail["ended"] else None
    if seat is not None:
        review = hand_review_get(hand=record, seat=seat)
        context["review_seat"] = seat
        context["review"] = review_for_page(review) if review is not None else None
    return render(request, "ratings/hand.html", context)


@login_required
def hand_log(request, hand_id: int):
    record = selectors.access_hand(request.user, hand_id)
    if not selectors.hand_ended(record):
        raise Http404("This hand has not ended yet.")
    body = json.dumps(selectors.hand_log(record), ensure_ascii=False, indent=1, default=str)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="que-hand-{record.pk}.json"'
    return response


@login_required
def hand_mine(request, hand_id: int):
    """The signed-in player's rating before/after one hand (the table's result box shows it)."""
    return JsonResponse(my_hand_rating(request.user, hand_id))
