from django.urls import path

from props import views

app_name = "props"
urlpatterns = [
    path("buy/", views.prop_buy_page, name="buy"),
]
