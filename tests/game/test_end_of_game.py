"""The end of the game on every screen (rules §4.17): everything revealed, the winners named."""

from __future__ import annotations

import pytest
from django.test import Client

from consell.game.simulator.runner import simulate
from consell.rules.state import GameState

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def finished(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        played = simulate(3, 2, seed=7)
        yield played.game
        played.game.delete()


def test_4_17_the_public_board_names_the_winners_and_shows_every_chest(finished):
    """ "All players reveal all their resources and hidden cards ... The highest total wins"."""
    state = GameState.from_dict(finished.state)
    page = Client().get(f"/board/{finished.board_token}/").content.decode()
    for seat in state.winners:
        assert state.player(seat).name in page
    for p in state.players:
        for tactic in p.tactics:
            title = finished.pack.cards.get(card_id=tactic.split("#")[0]).title_en
            assert title in page, "a hand is revealed at the end"


def test_4_17_ties_share_the_victory(finished):
    """ "tied players share the victory": every player with the top Prestige is a winner."""
    state = GameState.from_dict(finished.state)
    top = max(p.resources["PRE"] for p in state.players)
    assert state.winners == [s for s in state.turn_order if state.player(s).resources["PRE"] == top]
