from django.urls import path

from .views import board, director, player

app_name = "game"

urlpatterns = [
    path("games/", director.game_list, name="game_list"),
    path("games/<int:game_id>/", director.dashboard, name="dashboard"),
    path("games/<int:game_id>/ruleset/", director.edit_ruleset, name="edit_ruleset"),
    path("games/<int:game_id>/deal/", director.deal, name="deal"),
    path("games/<int:game_id>/start/", director.start, name="start"),
    path("games/<int:game_id>/appoint/", director.appoint, name="director_appoint"),
    path("games/<int:game_id>/seats/<int:position>/qr.svg", director.seat_qr, name="seat_qr"),
    path(
        "games/<int:game_id>/seats/<int:position>/reissue/",
        director.reissue_seat,
        name="reissue_seat",
    ),
    path("s/<str:token>/", player.join, name="join"),
    path("play/<int:game_id>/", player.play, name="play"),
    path("play/<int:game_id>/objectives/", player.keep_objectives, name="keep_objectives"),
    path("play/<int:game_id>/appoint/", player.appoint, name="appoint"),
    path("board/<str:board_token>/", board.board, name="board"),
]
