from django.urls import path

from games.calculator.apis import CalculatorApi

urlpatterns = [
    path("calculator", CalculatorApi.as_view(), name="api-calculator"),
]
