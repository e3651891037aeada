from django.urls import path, re_path

from consell.live.consumers import GameConsumer

websocket_urlpatterns = [
    path("ws/games/<int:game_id>/director/", GameConsumer.as_asgi(), {"role": "director"}),
    path("ws/play/<int:game_id>/", GameConsumer.as_asgi(), {"role": "seat"}),
    path("ws/board/<str:board_token>/", GameConsumer.as_asgi(), {"role": "public"}),
    # Any other path is a page that does not exist: closed with 4404, as the page answers 404,
    # rather than a handshake the server answers with an error.
    re_path(r"", GameConsumer.as_asgi(), {"role": "none"}),
]
