"""The director's "Resolve the rest" (issue 35: a director who never hunts): the phase's steps
that ask nobody anything run one after another, exactly as pressing each step's button would;
where a person is needed (a pending decision) they stop, and the phase then runs on as the
answers come in, until its steps are done."""

from __future__ import annotations

import pytest

from consell.game.models import Event
from consell.game.services import turn
from consell.rules import phases, resolution
from consell.rules.state import Phase
from tests.game.simulated import (
    director_client,
    messages_of,
    play_until,
    runner_until,
    state_of,
)

pytestmark = pytest.mark.django_db


def _actions_of_turn_2(state) -> bool:
    return state.turn == 2 and state.phase is Phase.ACTIONS and not _waiting(state)


def _waiting(state) -> list:
    return [p for p in state.pending if p.kind != phases.STEP]


def _tiles_left(state) -> int:
    return sum(len(p.plan.actions) for p in state.players)


def _log_after(game, seq: int) -> list[tuple]:
    return [
        (e.kind, e.audience, e.actor, e.payload)
        for e in Event.objects.filter(game=game, seq__gt=seq).exclude(kind="run_on").order_by("seq")
    ]


def test_resolving_the_rest_is_pressing_each_button_in_turn():
    batch = play_until(16, 3, 1, _actions_of_turn_2)
    by_hand = play_until(16, 3, 1, _actions_of_turn_2)
    start = batch.seq
    assert start == by_hand.seq and state_of(batch).to_dict() == state_of(by_hand).to_dict()

    answer = director_client(batch).post(
        f"/games/{batch.pk}/turn/rest/", {"nonce": "rest-1", "seq": start}, follow=True
    )
    after = state_of(batch)
    done = int(messages_of(answer)[0].split()[0])
    assert done >= 2, messages_of(answer)
    assert turn.plain_step(after) is None, "it ran until a person is needed"
    assert _waiting(after), "this seed's actions stop at a decision"
    assert resolution.next_tile(after, "actions"), "with actions left behind it"
    assert after.progress.get(phases.RUN_ON), "so the phase runs on"
    run_on = Event.objects.get(game=batch, kind="run_on")
    assert run_on.audience == "director" and run_on.payload == {"phase": "actions"}
    assert "The phase goes on by itself as the answers come in." in messages_of(answer)

    for _ in range(done):
        turn.resolve_next_action(by_hand.pk)
    assert _log_after(batch, start) == _log_after(by_hand, start)
    mine = state_of(batch).to_dict()
    mine["progress"].pop(phases.RUN_ON)
    assert mine == state_of(by_hand).to_dict()


def test_a_phase_that_runs_on_goes_on_when_the_decision_is_answered(
    django_capture_on_commit_callbacks,
):
    runner = runner_until(16, 3, 1, _actions_of_turn_2)
    game = runner.game
    director_client(game).post(f"/games/{game.pk}/turn/rest/", {"nonce": "rest-4"})
    stopped_at = state_of(game)
    left = _tiles_left(stopped_at)
    assert _waiting(stopped_at) and left

    for _ in range(100):  # the table answers on its phones, and each answer is committed
        state = runner.state()
        if not _waiting(state):
            break
        with django_capture_on_commit_callbacks(execute=True):
            runner._answer_pending(state)
    after = state_of(game)
    assert _tiles_left(after) < left, "it went on by itself"
    assert not _waiting(after) and not resolution.next_tile(after, "actions"), "to the end"

    turn.advance(game.pk)
    assert phases.RUN_ON not in state_of(game).progress, "the next phase does not run on"


def test_the_same_request_sent_again_runs_nothing_more():
    game = play_until(16, 3, 1, _actions_of_turn_2)
    director = director_client(game)
    form = {"nonce": "rest-2", "seq": game.seq}
    director.post(f"/games/{game.pk}/turn/rest/", form)
    written = Event.objects.filter(game=game).count()
    again = director.post(f"/games/{game.pk}/turn/rest/", form, follow=True)
    assert "That was already done." in messages_of(again)
    assert Event.objects.filter(game=game).count() == written


def test_with_nothing_plain_left_it_says_so_and_changes_nothing():
    game = play_until(5, 3, 1, lambda s: s.turn == 2 and s.phase is Phase.PLANNING)
    written = Event.objects.filter(game=game).count()
    answer = director_client(game).post(
        f"/games/{game.pk}/turn/rest/", {"nonce": "rest-3", "seq": game.seq}, follow=True
    )
    assert messages_of(answer) == ["Nothing is left to resolve without a person's answer."]
    assert Event.objects.filter(game=game).count() == written
