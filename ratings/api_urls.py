from django.urls import path

from ratings import apis

urlpatterns = [
    path(
        "ratings/players/<str:username>", apis.PlayerProfileApi.as_view(), name="api-ratings-player"
    ),
    path(
        "ratings/players/<str:username>/history",
        apis.PlayerHistoryApi.as_view(),
        name="api-ratings-history",
    ),
    path(
        "ratings/players/<str:username>/sessions",
        apis.PlayerSessionsApi.as_view(),
        name="api-ratings-sessions",
    ),
    path(
        "ratings/players/<str:username>/rating",
        apis.PlayerRatingApi.as_view(),
        name="api-ratings-rating",
    ),
    path("ratings/hands/<int:hand_id>", apis.HandDetailApi.as_view(), name="api-ratings-hand"),
    path("ratings/hands/<int:hand_id>/log", apis.HandLogApi.as_view(), name="api-ratings-hand-log"),
    path(
        "ratings/hands/<int:hand_id>/review",
        apis.HandReviewApi.as_view(),
        name="api-ratings-hand-review",
    ),
    path("ratings/seasons", apis.SeasonListApi.as_view(), name="api-ratings-seasons"),
    path(
        "ratings/leaderboards/<str:variant>",
        apis.LeaderboardApi.as_view(),
        name="api-ratings-leaderboard",
    ),
    path("ratings/tiers/<str:variant>", apis.TierListApi.as_view(), name="api-ratings-tiers"),
    path("ratings/me/cooldown", apis.CooldownApi.as_view(), name="api-ratings-cooldown"),
]
