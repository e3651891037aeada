"""What a phone learns by posting to /play/G/decide/ (docs/principles.md, principle 3; rules G52).

A reaction is asked of its owner alone, behind the screen: another seat that posts its id (ids
are sequential, so a phone could poll them) gets the answer it would get for an id that does
not exist, and nothing changes.
"""

from __future__ import annotations

import pytest

from consell.rules.state import Phase

from .simulated import messages_of, phone, play_until, refusals_of, state_of

pytestmark = pytest.mark.django_db


def _reactions(state):
    return [p for p in state.pending if p.kind == "reaction"]


@pytest.fixture
def game():
    """``simulate --players 5 --seed 1``, when its first reactions are offered (turn 1)."""
    game = play_until(5, 10, 1, lambda s: bool(_reactions(s)))
    assert state_of(game).phase is Phase.ACTIONS
    return game


def _decide(client, game, pending_id, **data):
    return client.post(f"/play/{game.pk}/decide/", {"pending": pending_id, **data})


def test_another_seats_reaction_is_answered_as_if_it_did_not_exist(game):
    reaction = _reactions(state_of(game))[0]
    owner = reaction.data["seat"]
    stranger = next(s for s in range(1, 6) if s != owner and s not in reaction.waiting_for)
    missing = max(p.id for p in state_of(game).pending) + 50
    game.refresh_from_db()
    seq, state = game.seq, game.state
    theirs = _decide(phone(game, stranger), game, reaction.id, use="no")
    nothing = _decide(phone(game, stranger), game, missing, use="no")
    assert refusals_of(theirs) == [f"Nothing is waiting on you for decision {reaction.id}."]
    assert refusals_of(nothing) == [f"Nothing is waiting on you for decision {missing}."]
    game.refresh_from_db()
    assert (game.seq, game.state) == (seq, state)


def test_a_public_decision_of_another_seat_is_answered_like_a_missing_one(game):
    """A vote or a distribution is followed by everyone, but a phone that posts to another
    seat's is told only that nothing waits on it, as for an id that does not exist."""
    state = state_of(game)
    public = next(p for p in state.pending if p.kind != "reaction" and p.waiting_for)
    stranger = next(s for s in range(1, 6) if s not in public.waiting_for)
    answer = _decide(phone(game, stranger), game, public.id, use="no")
    assert refusals_of(answer) == [f"Nothing is waiting on you for decision {public.id}."]


def test_the_owner_answers_their_own_reaction(game):
    reaction = _reactions(state_of(game))[0]
    response = _decide(phone(game, reaction.data["seat"]), game, reaction.id, use="no")
    assert messages_of(response) == ["Done."]
    assert reaction.id not in {p.id for p in state_of(game).pending}
