from django.urls import path

from props.apis import PropBuyApi, PropListApi, PropQiankunApi

urlpatterns = [
    path("props", PropListApi.as_view(), name="api-props"),
    path("props/buy", PropBuyApi.as_view(), name="api-props-buy"),
    path("props/qiankun", PropQiankunApi.as_view(), name="api-props-qiankun"),
]
