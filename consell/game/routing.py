from django.urls import path

from .consumers import GameConsumer

websocket_urlpatterns = [
    path("ws/games/<int:game_id>/director/", GameConsumer.as_asgi(), {"role": "director"}),
    path("ws/play/<int:game_id>/", GameConsumer.as_asgi(), {"role": "seat"}),
    path("ws/board/<str:board_token>/", GameConsumer.as_asgi(), {"role": "public"}),
]
