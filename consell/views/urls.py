from django.urls import path

from consell.views import board, decisions, director, planning, player, turn

app_name = "game"

urlpatterns = [
    path("games/", director.game_list, name="game_list"),
    path("games/<int:game_id>/", director.dashboard, name="dashboard"),
    path("games/<int:game_id>/ruleset/", director.edit_ruleset, name="edit_ruleset"),
    path("games/<int:game_id>/deal/", director.deal, name="deal"),
    path("games/<int:game_id>/start/", director.start, name="start"),
    path("games/<int:game_id>/appoint/", director.appoint, name="director_appoint"),
    path("games/<int:game_id>/seats/<int:position>/qr.svg", director.seat_qr, name="seat_qr"),
    path("games/<int:game_id>/seats/print/", director.seat_sheet, name="seat_sheet"),
    path(
        "games/<int:game_id>/seats/<int:position>/reissue/",
        director.reissue_seat,
        name="reissue_seat",
    ),
    path("games/<int:game_id>/turn/advance/", turn.advance, name="turn_advance"),
    path("games/<int:game_id>/turn/destiny/", turn.reveal_destiny, name="turn_destiny"),
    path("games/<int:game_id>/turn/action/", turn.resolve_action, name="turn_action"),
    path("games/<int:game_id>/turn/vigilance/", turn.commit_vigilance, name="turn_vigilance"),
    path("games/<int:game_id>/turn/secret/", turn.resolve_secret, name="turn_secret"),
    path("games/<int:game_id>/turn/auction/", turn.resolve_auction, name="turn_auction"),
    path("games/<int:game_id>/turn/rest/", turn.resolve_the_rest, name="turn_rest"),
    path("games/<int:game_id>/turn/crisis/", turn.resolve_crisis, name="turn_crisis"),
    path("games/<int:game_id>/turn/production/", turn.open_production, name="turn_production"),
    path("games/<int:game_id>/turn/end/", turn.end_turn, name="turn_end"),
    path("games/<int:game_id>/turn/finish/", turn.finish, name="finish"),
    path(
        "games/<int:game_id>/turn/close-planning/",
        turn.close_planning,
        name="turn_close_planning",
    ),
    path("games/<int:game_id>/decide/", decisions.director_decide, name="director_decide"),
    path("games/<int:game_id>/procedure/", decisions.run_procedure, name="run_procedure"),
    path("games/<int:game_id>/correct/", decisions.correct, name="correct"),
    path("games/<int:game_id>/kingdoms/", decisions.kingdom_action, name="kingdom_action"),
    path("play/<int:game_id>/decide/", decisions.phone_decide, name="decide"),
    path("s/<str:token>/", player.join, name="join"),
    path("play/<int:game_id>/", player.play, name="play"),
    path("play/<int:game_id>/objectives/", player.keep_objectives, name="keep_objectives"),
    path("play/<int:game_id>/appoint/", player.appoint, name="appoint"),
    path("play/<int:game_id>/plan/add/", planning.add, name="plan_add"),
    path("play/<int:game_id>/plan/remove/", planning.remove, name="plan_remove"),
    path("play/<int:game_id>/plan/move/", planning.move, name="plan_move"),
    path("play/<int:game_id>/plan/sacrifice/", planning.sacrifice, name="plan_sacrifice"),
    path("play/<int:game_id>/plan/hand-in/", planning.hand_in, name="plan_hand_in"),
    path("play/<int:game_id>/trades/propose/", planning.propose_trade, name="trade_propose"),
    path("play/<int:game_id>/trades/answer/", planning.answer_trade, name="trade_answer"),
    path("board/<str:board_token>/", board.board, name="board"),
]
