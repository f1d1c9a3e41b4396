from django.urls import path

from games import views

app_name = "games"
urlpatterns = [
    path("play/", views.lobby, name="lobby"),
    path("play/room/<int:room_id>/", views.room_play, name="room_play"),
    path("play/join/", views.table_join, name="table_join"),
    path("table/<int:table_id>/", views.table_page, name="table"),
    path("table/<int:table_id>/leave-cost/", views.table_leave_quote, name="table_leave_quote"),
    path("fairness/hand/<int:hand_id>/", views.fairness_hand, name="fairness_hand"),
    path("fairness/hand/<int:hand_id>/check/", views.fairness_hand_page, name="fairness_hand_page"),
    path("rules/", views.rules_index, name="rules_index"),
    path("rules/<str:variant>/", views.rules, name="rules"),
    path("fairness/check/", views.fairness_check, name="fairness_check"),
]
