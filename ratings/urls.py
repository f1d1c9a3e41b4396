from django.urls import path

from ratings import views

app_name = "ratings"
urlpatterns = [
    path("", views.leaderboard, name="leaderboard"),
    path("me/", views.me, name="me"),
    path("players/<str:username>/", views.profile, name="profile"),
    path("players/<str:username>/history/", views.history, name="history"),
    path("players/<str:username>/sessions/", views.sessions, name="sessions"),
    path("hands/<int:hand_id>/", views.hand, name="hand"),
    path("hands/<int:hand_id>/log.json", views.hand_log, name="hand_log"),
    path("hands/<int:hand_id>/mine.json", views.hand_mine, name="hand_mine"),
]
