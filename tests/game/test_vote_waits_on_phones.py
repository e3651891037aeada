"""On the phones, a vote waits for the reactions to its opening (rules §4.3).

§4.3: "on game event E: … for r in R: … apply r": the "when a vote starts" reactions are
answered before anyone spends in the vote, so no phone (and no director's dashboard) offers
the vote until then. The game is the simulator's, stopped at the first vote whose opening
fired a reaction that waits on a phone.
"""

from __future__ import annotations

import pytest

from consell.game.services import decisions

from .simulated import director_client, phone, play_until, state_of

pytestmark = pytest.mark.django_db


def _reaction_to_a_vote(state):
    return any(p.kind == "vote" for p in state.pending) and any(
        p.kind == "reaction" and p.data.get("trigger") == "vote_started" for p in state.pending
    )


@pytest.mark.parametrize("seed", [1, 2])
def test_4_3_no_page_offers_the_vote_before_the_reactions_to_its_opening_are_answered(seed):
    game = play_until(5, 3, seed, _reaction_to_a_vote)
    state = state_of(game)
    vote = next(p for p in state.pending if p.kind == "vote")
    voter = vote.waiting_for[0]
    url = f"/play/{game.pk}/"
    voter_phone = phone(game, voter)
    assert 'name="spend"' not in voter_phone.get(url).content.decode()
    dashboard = director_client(game).get(f"/games/{game.pk}/").content.decode()
    assert 'name="spend"' not in dashboard
    assert "once the reactions to it are answered" in dashboard

    for reaction in [p for p in state.pending if p.kind == "reaction"]:
        page = phone(game, reaction.waiting_for[0]).get(url).content.decode()
        assert 'name="use"' in page  # the reaction is offered meanwhile
        decisions.decide(game.pk, reaction.id, {"use": False}, seat=reaction.waiting_for[0])

    assert 'name="spend"' in voter_phone.get(url).content.decode()


def test_4_3_every_page_is_told_when_the_last_reaction_opens_the_vote():
    """The answer to a reaction may be its owner's alone, but the vote it opens is the table's:
    every viewer's version moves, so every open page shows the vote without a reload."""
    game = play_until(5, 3, 1, _reaction_to_a_vote)
    state = state_of(game)
    reactions = [p for p in state.pending if p.kind == "reaction"]
    for reaction in reactions[:-1]:
        decisions.decide(game.pk, reaction.id, {"use": False}, seat=reaction.waiting_for[0])
    game.refresh_from_db()
    before = dict(game.versions)
    last = reactions[-1]
    decisions.decide(game.pk, last.id, {"use": False}, seat=last.waiting_for[0])
    game.refresh_from_db()
    seats = [f"seat:{p.seat}" for p in state.players]
    assert all(game.versions[key] > before.get(key, 0) for key in [*seats, "public"])
