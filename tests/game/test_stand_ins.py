"""Stand-ins (G62): the director hands an absent player's seat to the simulator's bot, which
plays it from that seat's own view, and takes it back."""

from __future__ import annotations

import pytest

from consell.game.models import Event, Game
from consell.game.services import planning, stand_ins
from consell.rules.errors import RuleError
from consell.rules.event_kinds import Kind
from consell.simulator import stand_in

from .helpers import SEATS, at_a_decision, start, state_of, to_planning


@pytest.fixture
def planning_game(game) -> Game:
    start(game)
    to_planning(game)
    return game


def test_a_stand_in_hands_in_last_and_its_moves_are_logged_as_its_own(planning_game):
    """G62 and G58: the stand-in hands in once every seat a person plays has, so it never
    takes an early place in the turn order; the log says the stand-in played, for whom, in
    which turn, and tells the seat's own player and the director alone until the end."""
    game = planning_game
    stand_ins.hand_over(game.pk, 3)
    assert stand_in.play(game.pk) == 0  # the people have not handed in yet
    for seat in SEATS:
        if seat != 3:
            planning.hand_in(game.pk, seat)
    assert stand_in.play(game.pk) == 1
    state = state_of(game)
    assert state.player(3).plan.handed_in and not state.player(3).plan.closed_by_director
    played = Event.objects.get(game=game, kind=Kind.STAND_IN_PLAYED)
    assert played.payload == {"seat": 3, "turn": state.turn, "kind": "plan"}
    assert played.audience == [3] and played.reveal_at_end
    handed = list(
        Event.objects.filter(game=game, kind=Kind.PLAN_HANDED_IN).values_list("payload", flat=True)
    )
    assert handed[-1]["seat"] == 3


def test_hand_over_and_take_back_are_public_and_refuse_what_cannot_be(planning_game):
    game = planning_game
    planning.hand_in(game.pk, 2)
    seq = Game.objects.get(pk=game.pk).seq
    with pytest.raises(RuleError, match="already handed in"):
        stand_ins.hand_over(game.pk, 2)
    with pytest.raises(RuleError):
        stand_ins.take_back(game.pk, 1)  # no stand-in plays it
    with pytest.raises(RuleError):
        stand_ins.hand_over(game.pk, 99)
    assert Game.objects.get(pk=game.pk).seq == seq
    stand_ins.hand_over(game.pk, 1)
    with pytest.raises(RuleError):
        stand_ins.hand_over(game.pk, 1)
    stand_ins.take_back(game.pk, 1)
    row = Game.objects.get(pk=game.pk)
    assert row.stand_ins == []
    kinds = list(
        Event.objects.filter(game=game, seq__gt=seq).values_list("kind", "audience", "payload")
    )
    assert kinds == [
        (Kind.STAND_IN_ON, "public", {"seat": 1}),
        (Kind.STAND_IN_OFF, "public", {"seat": 1}),
    ]


def test_a_seat_handed_over_while_asked_is_answered_at_once(db, django_capture_on_commit_callbacks):
    """The stand-in answers a decision as soon as its phone shows it is the seat's turn: the
    change that hands the seat over is followed, once committed, by the stand-in's move."""
    from consell.rules import absence

    game = at_a_decision()
    wait = next(w for w in absence.awaited(state_of(game)) if w.pending is not None)
    with django_capture_on_commit_callbacks(execute=True):
        stand_ins.hand_over(game.pk, wait.seat)
    played = Event.objects.filter(game=game, kind=Kind.STAND_IN_PLAYED, payload__seat=wait.seat)
    assert played.exists()
    assert wait not in absence.awaited(state_of(game))


def test_a_finished_game_shows_no_stand_in(db):
    """G62: a stand-in plays a seat while the game is played; once it is over the phone does
    not tell its player to ask for the seat back."""
    from consell.projection.visibility import view_for
    from consell.rules.audience import Viewer
    from consell.simulator.runner import simulate

    played = simulate(4, 1, 5, absent=1)
    game = played.game
    game.refresh_from_db()
    assert game.finished and game.stand_ins == list(played.absent)
    view = view_for(game, Viewer.for_seat(played.absent[0]))
    assert not view["me"]["stand_in"] and not view["clock"]["stand_ins"]
