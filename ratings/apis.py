"""REST API v1 for ratings: profiles, history, hands and their logs, ladders, tiers, cool-down.

Thin: selectors do the work and the access rules (404 for outsiders, nothing secret before a
hand ends).
"""

from __future__ import annotations

from django.http import Http404
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.response import Response

from config.api import ApiView, StrictPageNumberPagination
from ratings import selectors
from ratings.services import escape_cooldown_remaining, hand_review_get
from rooms.models import Variant

VARIANT_PARAM = OpenApiParameter("variant", enum=Variant.values, required=False)
VARIANT_PATH = OpenApiParameter(
    "variant", enum=Variant.values, location=OpenApiParameter.PATH, description="404 if unknown."
)
UNKNOWN_VARIANT = 'Unknown variant "{input}"; use one of ' + ", ".join(Variant.values) + "."


class VariantFilter(serializers.Serializer):
    """`?variant=` of a query: an unknown value is a 400 naming the allowed ones."""

    variant = serializers.ChoiceField(
        choices=Variant.choices,
        required=False,
        error_messages={"invalid_choice": UNKNOWN_VARIANT},
    )

    def validate(self, attrs):
        if self.context.get("required") and not attrs.get("variant"):
            raise serializers.ValidationError({"variant": ["This query parameter is required."]})
        return attrs


def _variant_or_404(variant: str) -> str:
    if variant not in Variant.values:
        raise Http404("No such variant.")
    return variant


class TierSerializer(serializers.Serializer):
    position = serializers.IntegerField(help_text="1 = the floor tier.")
    name = serializers.CharField()
    points = serializers.IntegerField(help_text="Cumulative points (积分) in the variant.")
    count = serializers.IntegerField(help_text="Number of tiers in the variant's table.")
    next_name = serializers.CharField(allow_null=True)
    next_threshold = serializers.IntegerField(allow_null=True)


class StandingSerializer(serializers.Serializer):
    variant = serializers.ChoiceField(choices=Variant.choices)
    tier = TierSerializer()
    points = serializers.IntegerField()
    rating = serializers.IntegerField(help_text="Displayed OpenSkill rating (1500 = new player).")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    hands = serializers.IntegerField()


class StatsSerializer(serializers.Serializer):
    hands = serializers.IntegerField()
    win_rate = serializers.FloatField()
    deal_in_rate = serializers.FloatField()
    self_draw_rate = serializers.FloatField()
    mean_points = serializers.FloatField()
    patterns = serializers.DictField(
        child=serializers.IntegerField(), help_text="Pattern → times made."
    )


@extend_schema_serializer(component_name="RatingsProfile")
class ProfileSerializer(serializers.Serializer):
    username = serializers.CharField()
    name = serializers.CharField()
    standings = StandingSerializer(many=True)
    stats = StatsSerializer()


class PlayerProfileApi(ApiView):
    OutputSerializer = ProfileSerializer

    @extend_schema(parameters=[VARIANT_PARAM], responses={200: ProfileSerializer})
    def get(self, request, username: str):
        user = selectors.player_get(username)
        filters = VariantFilter(data=request.query_params.dict())
        filters.is_valid(raise_exception=True)
        variant = filters.validated_data.get("variant") or None
        data = {
            "username": user.username,
            "name": user.display_name or user.username,
            "standings": selectors.standings_of(user),
            "stats": selectors.player_stats(user, variant),
        }
        return Response(self.OutputSerializer(data).data)


class RatingPointSerializer(serializers.Serializer):
    at = serializers.DateTimeField()
    rating = serializers.IntegerField()
    hand = serializers.IntegerField()


class PlayerRatingApi(ApiView):
    @extend_schema(
        parameters=[OpenApiParameter("variant", enum=Variant.values, required=True)],
        responses={200: RatingPointSerializer(many=True)},
    )
    def get(self, request, username: str):
        user = selectors.player_get(username)
        filters = VariantFilter(data=request.query_params.dict(), context={"required": True})
        filters.is_valid(raise_exception=True)
        variant = filters.validated_data["variant"]
        return Response(
            RatingPointSerializer(selectors.rating_series(user, variant), many=True).data
        )


class HistoryPagination(StrictPageNumberPagination):
    page_size = 25  # the maximum is every list's (StrictPageNumberPagination)


@extend_schema_serializer(component_name="HistoryHand")
class HistoryRowSerializer(serializers.Serializer):
    hand = serializers.IntegerField(source="hand_id")
    variant = serializers.ChoiceField(choices=Variant.choices)
    room = serializers.IntegerField(source="room_id")
    room_name = serializers.CharField(source="room.name")
    table = serializers.IntegerField(source="table_id")
    hand_no = serializers.IntegerField(source="hand.hand_no")
    seat = serializers.IntegerField()
    outcome = serializers.CharField()
    won = serializers.BooleanField()
    self_draw = serializers.BooleanField()
    dealt_in = serializers.BooleanField()
    escaped = serializers.BooleanField()
    patterns = serializers.ListField(child=serializers.CharField())
    points = serializers.IntegerField()
    coins = serializers.IntegerField()
    rating_before = serializers.IntegerField()
    rating_after = serializers.IntegerField()
    played_at = serializers.DateTimeField()


class PlayerHistoryApi(ApiView):
    pagination_class = HistoryPagination
    error_statuses = (403,)  # somebody else's history: "This match history is private."

    class FilterSerializer(serializers.Serializer):
        variant = serializers.ChoiceField(
            choices=Variant.choices,
            required=False,
            error_messages={"invalid_choice": UNKNOWN_VARIANT},
        )
        date_from = serializers.DateField(required=False)
        date_to = serializers.DateField(required=False)
        table = serializers.IntegerField(
            required=False, min_value=1, max_value=2**63 - 1, help_text="Only this table's hands."
        )

        def validate(self, attrs):
            start, end = attrs.get("date_from"), attrs.get("date_to")
            if start and end and start > end:
                raise serializers.ValidationError(
                    {"date_to": ["Must be on or after date_from (both days are inclusive)."]}
                )
            return attrs

    @extend_schema(
        parameters=[FilterSerializer],  # with the limits the server checks
        responses={200: HistoryRowSerializer(many=True)},
    )
    def get(self, request, username: str):
        user = selectors.access_history(request.user, username)
        filters = self.FilterSerializer(data=request.query_params.dict())
        filters.is_valid(raise_exception=True)
        rows = selectors.history(user, **filters.validated_data)
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(rows, request, view=self)
        return paginator.get_paginated_response(HistoryRowSerializer(page, many=True).data)


@extend_schema_serializer(component_name="HistorySession")
class SessionSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    variant = serializers.ChoiceField(choices=Variant.choices)
    room = serializers.IntegerField(source="room_id")
    room_name = serializers.CharField()
    seats = serializers.ListField(
        child=serializers.IntegerField(), help_text="Seats the player sat in (0-3), ascending."
    )
    first_hand_no = serializers.IntegerField()
    last_hand_no = serializers.IntegerField()
    hands = serializers.IntegerField(help_text="Settled hands of the player in the session.")
    wins = serializers.IntegerField()
    self_draws = serializers.IntegerField()
    dealt_in = serializers.IntegerField()
    escapes = serializers.IntegerField()
    points = serializers.IntegerField(help_text="Sum of the player's points.")
    coins = serializers.IntegerField(help_text="Sum of the player's coins.")
    rating_before = serializers.IntegerField()
    rating_after = serializers.IntegerField()
    first_at = serializers.DateTimeField()
    last_at = serializers.DateTimeField()
    hands_url = serializers.SerializerMethodField(
        help_text="The session's hands: this player's history filtered by the table."
    )

    def get_hands_url(self, obj) -> str:
        url = reverse("api-ratings-history", kwargs={"username": self.context["username"]})
        return f"{url}?table={obj.table}"


class PlayerSessionsApi(ApiView):
    """A player's table sessions (牌局): consecutive hands at one table (docs/ratings.md)."""

    pagination_class = HistoryPagination
    error_statuses = (403,)  # somebody else's sessions: "This match history is private."

    class FilterSerializer(PlayerHistoryApi.FilterSerializer):
        table = None

    @extend_schema(
        parameters=[FilterSerializer],
        responses={200: SessionSerializer(many=True)},
    )
    def get(self, request, username: str):
        user = selectors.access_history(request.user, username)
        filters = self.FilterSerializer(data=request.query_params.dict())
        filters.is_valid(raise_exception=True)
        rows = selectors.sessions(user, **filters.validated_data)
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(rows, request, view=self)
        context = {"username": user.username}
        return paginator.get_paginated_response(
            SessionSerializer(page, many=True, context=context).data
        )


class PlayerSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    username = serializers.CharField(allow_null=True)
    name = serializers.CharField()
    is_bot = serializers.BooleanField()
    escaped = serializers.BooleanField()
    points = serializers.IntegerField(required=False, help_text="Once the hand has ended.")
    coins = serializers.IntegerField(required=False, help_text="Once the hand has been settled.")


class RoomRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


@extend_schema_serializer(component_name="RatingsHand")
class HandSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    table = serializers.IntegerField()
    hand_no = serializers.IntegerField()
    room = RoomRefSerializer()
    variant = serializers.ChoiceField(choices=Variant.choices)
    options = serializers.DictField(child=serializers.JSONField())
    dealer = serializers.IntegerField()
    status = serializers.CharField()
    ended = serializers.BooleanField()
    commitment = serializers.CharField(help_text="SHA-256 of seed:salt, published at hand start.")
    wall_algorithm = serializers.CharField()
    started_at = serializers.DateTimeField()
    ended_at = serializers.DateTimeField(allow_null=True)
    players = PlayerSerializer(many=True)
    # Only once the hand has ended:
    seed = serializers.CharField(required=False)
    salt = serializers.CharField(required=False)
    points = serializers.ListField(
        child=serializers.IntegerField(), required=False, allow_null=True
    )
    coins = serializers.ListField(child=serializers.IntegerField(), required=False, allow_null=True)
    rake = serializers.IntegerField(
        required=False, help_text="House rake paid: at most A per seated player (A = room rake)."
    )
    forfeit = serializers.IntegerField(
        required=False,
        help_text="Coins the house took that nobody was owed, e.g. a Fuzhou escape penalty "
        "(paid to nobody, rules/fuzhou.md §14); not part of the rake.",
    )
    reason = serializers.CharField(required=False, allow_null=True)
    wins = serializers.ListField(
        child=serializers.DictField(child=serializers.JSONField()), required=False
    )
    hands = serializers.ListField(
        child=serializers.DictField(child=serializers.JSONField()), required=False
    )


class HandDetailApi(ApiView):
    @extend_schema(responses={200: HandSerializer})
    def get(self, request, hand_id: int):
        hand = selectors.access_hand(request.user, hand_id)
        detail = selectors.hand_detail(hand)
        if "rake" in detail:
            detail["rake"], detail["forfeit"] = house_split(
                points=hand.points or [0] * 4,
                coins=hand.coins or [0] * 4,
                coefficient=hand.coefficient,
                rake=hand.room_rake,
            )
        # Optional fields absent from a live hand stay absent (not null): nothing hints at them.
        data = {k: v for k, v in HandSerializer(detail).data.items() if k in detail}
        return Response(data)


def house_split(
    *, points: list[int], coins: list[int], coefficient: int, rake: int
) -> tuple[int, int]:
    """A settled hand's house income split into (rake, forfeit), from its recorded points and
    coins (the ledger entries of its transfer) and the hand's N and A.

    wallet.settlement.settle gives the house the rake (at most A per seat) plus the pot's surplus:
    what losers paid beyond what winners are owed, i.e. points paid to nobody (a Fuzhou escape).
    This recomputes that surplus: losers' payments after their rake, minus N x the winners'
    points (0 when a shortfall left the winners short).

    >>> house_split(points=[0, 0, 0, -66], coins=[0, 0, 0, -1320], coefficient=20, rake=0)
    (0, 1320)
    >>> house_split(points=[10, -5, -5, -30], coins=[0, -150, -150, -400], coefficient=10, rake=100)
    (400, 300)
    """
    pot = 0
    for seat_points, seat_coins in zip(points, coins, strict=True):
        if seat_points <= 0:
            paid = -seat_coins
            pot += paid - min(paid, rake)
    owed = coefficient * sum(p for p in points if p > 0)
    forfeit = max(0, pot - owed)
    house = -sum(coins)
    return house - forfeit, forfeit


class HandLogApi(ApiView):
    @extend_schema(
        responses={200: OpenApiTypes.OBJECT},
        description="The ended hand as a replay scenario (docs/scenarios.md); 404 while it is live.",
    )
    def get(self, request, hand_id: int):
        hand = selectors.access_hand(request.user, hand_id)
        return Response(selectors.hand_log(hand))


class ReviewActionSerializer(serializers.Serializer):
    """An action as the engine writes it (docs/engine-api.md): type, seat, and tile, tiles or
    choice where the action has one."""

    seat = serializers.IntegerField(min_value=0, max_value=3)
    type = serializers.CharField()
    tile = serializers.CharField(required=False)
    tiles = serializers.CharField(required=False)
    choice = serializers.JSONField(required=False)

    def to_representation(self, instance):
        return dict(instance)  # exactly the engine's JSON: absent keys stay absent


class ReviewOptionSerializer(serializers.Serializer):
    action = ReviewActionSerializer()
    value = serializers.FloatField(help_text="Estimated points; higher is better.")
    reason = serializers.CharField(help_text="Why, in a short English phrase.")


class ReviewDecisionSerializer(serializers.Serializer):
    index = serializers.IntegerField(
        help_text="Index of the player's action in the hand's actions (the log's `actions`); "
        "the replay shows the situation of the decision at step `index`."
    )
    phase = serializers.ChoiceField(choices=["turn", "claim", "choice"])
    options = ReviewOptionSerializer(many=True, help_text="The expert's best options, best first.")
    chosen = ReviewActionSerializer(help_text="What the player did.")
    chosen_value = serializers.FloatField()
    matched = serializers.BooleanField(help_text="The player chose the expert's best option.")
    loss = serializers.FloatField(help_text="Best value minus the chosen one's (>= 0).")


class ReviewSummarySerializer(serializers.Serializer):
    decisions = serializers.IntegerField(help_text="Decisions with more than one option.")
    matched = serializers.IntegerField(help_text="Of those, where the player chose the best.")
    costliest = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Up to 3 decision indices (`index`), the largest loss first.",
    )


@extend_schema_serializer(component_name="HandReview")
class HandReviewSerializer(serializers.Serializer):
    hand = serializers.IntegerField()
    seat = serializers.IntegerField(min_value=0, max_value=3)
    variant = serializers.ChoiceField(choices=Variant.choices)
    decisions = ReviewDecisionSerializer(many=True)
    summary = ReviewSummarySerializer()


class HandReviewApi(ApiView):
    """The expert's review of the player's own seat in one of their ended hands."""

    @extend_schema(
        responses={200: HandReviewSerializer},
        description="Your own seat only: 404 for a hand you did not play, while it is live, "
        "and when the engine cannot rebuild it. Computed on the first request (it can take a "
        "few seconds) and kept.",
    )
    def get(self, request, hand_id: int):
        hand, seat = selectors.access_hand_review(request.user, hand_id)
        review = hand_review_get(hand=hand, seat=seat)
        if review is None:
            raise Http404("This hand cannot be reviewed: the engine cannot rebuild it.")
        return Response(HandReviewSerializer({**review, "hand": hand.pk, "seat": seat}).data)


class SeasonSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    starts_at = serializers.DateTimeField()
    ends_at = serializers.DateTimeField()


class SeasonListApi(ApiView):
    @extend_schema(responses={200: SeasonSerializer(many=True)})
    def get(self, request):
        return Response(SeasonSerializer(selectors.season_list(), many=True).data)


class LadderRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.CharField()
    tier = TierSerializer()
    rating = serializers.IntegerField()
    hands = serializers.IntegerField()
    points = serializers.IntegerField(help_text="Points made in the season.")
    is_me = serializers.BooleanField()


@extend_schema_serializer(component_name="Leaderboard")
class LeaderboardSerializer(serializers.Serializer):
    variant = serializers.ChoiceField(choices=Variant.choices)
    season = SeasonSerializer(allow_null=True)
    min_hands = serializers.IntegerField()
    rows = LadderRowSerializer(many=True)
    me = LadderRowSerializer(allow_null=True)


class LeaderboardApi(ApiView):
    class FilterSerializer(serializers.Serializer):
        season = serializers.IntegerField(
            required=False, min_value=1, max_value=2**31 - 1, help_text="A season id."
        )

    @extend_schema(
        parameters=[VARIANT_PATH, FilterSerializer],
        responses={200: LeaderboardSerializer},
    )
    def get(self, request, variant: str):
        _variant_or_404(variant)
        filters = self.FilterSerializer(data=request.query_params.dict())
        filters.is_valid(raise_exception=True)
        season = selectors.season_get(filters.validated_data.get("season"))
        board = selectors.leaderboard(variant=variant, season=season, viewer=request.user)
        return Response(LeaderboardSerializer(board).data)


class TierRowSerializer(serializers.Serializer):
    position = serializers.IntegerField(help_text="1 = the floor tier.")
    name = serializers.CharField()
    threshold = serializers.IntegerField(
        allow_null=True,
        help_text="Cumulative points from which the tier applies; null for tier 1, the floor, "
        "which covers every total below tier 2's threshold, negative ones included.",
    )


class TierListApi(ApiView):
    @extend_schema(parameters=[VARIANT_PATH], responses={200: TierRowSerializer(many=True)})
    def get(self, request, variant: str):
        _variant_or_404(variant)
        rows = [
            {"position": i, "name": name, "threshold": threshold if i > 1 else None}
            for i, (name, threshold) in enumerate(selectors.tier_table(variant), start=1)
        ]
        return Response(TierRowSerializer(rows, many=True).data)


class CooldownSerializer(serializers.Serializer):
    remaining_seconds = serializers.IntegerField(help_text="0 = may sit now.")


class CooldownApi(ApiView):
    @extend_schema(responses={200: CooldownSerializer})
    def get(self, request):
        return Response({"remaining_seconds": escape_cooldown_remaining(request.user)})
