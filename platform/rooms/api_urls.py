from django.urls import path

from rooms.apis import RoomDetailApi, RoomListApi

urlpatterns = [
    path("rooms", RoomListApi.as_view(), name="api-rooms"),
    path("rooms/<int:room_id>", RoomDetailApi.as_view(), name="api-room"),
]
