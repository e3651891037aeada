"""The end of the game on every screen (rules §4.17): everything revealed, the winners named."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils.html import escape

from consell.content.models import Pack
from consell.rules.state import GameState
from consell.simulator.runner import simulate

from .simulated import hidden_fields, phone, play_until, refusals_of, state_of

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def finished(django_db_setup, django_db_blocker):
    """Played once for the module, outside the tests' transactions, so removed afterwards with
    the pack it loaded: a pack left behind takes the id the audit's fixtures load theirs with."""
    with django_db_blocker.unblock():
        packs = set(Pack.objects.values_list("pk", flat=True))
        played = simulate(3, 2, seed=7)
        yield played.game
        played.game.delete()
        Pack.objects.exclude(pk__in=packs).delete()


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


def _turns(state):
    return next((p for p in state.pending if p.kind == "end_of_game" and p.waiting_for), None)


@pytest.fixture
def ending():
    """``simulate --players 3 --turns 2 --seed 7`` when the end-of-game turns begin."""
    return play_until(3, 2, 7, lambda s: _turns(s) is not None)


def test_4_17_the_phone_whose_turn_it_is_offers_each_choice_in_catalan(ending):
    """ "en Ordre de joc, cada jugador s'alterna per activar una de les seves reaccions Al final
    de la partida - incloent aquelles proporcionades pels seus objectius": the first player's
    phone lists their objectives among the choices; the next player's phone only follows."""
    state = state_of(ending)
    pending = _turns(state)
    first = pending.waiting_for[0]
    mine = (
        phone(ending, first).get(f"/play/{ending.pk}/", HTTP_ACCEPT_LANGUAGE="ca").content.decode()
    )
    for objective in state.player(first).objectives:
        assert f'value="objective:{objective}"' in mine
        title = ending.pack.cards.get(card_id=objective.split("#")[0]).title_ca
        assert escape(title) in mine
    assert "Reaccions de final de partida" in mine
    other = next(s for s in state.turn_order if s != first)
    theirs = phone(ending, other).get(f"/play/{ending.pk}/").content.decode()
    assert 'name="choice"' not in theirs
    assert state.player(first).name in theirs  # whose turn it is, for everyone


def test_4_17_one_choice_from_the_phone_passes_the_turn_to_the_next_player(ending):
    """One choice at a time: after the first player's choice, the next in turn order is asked."""
    state = state_of(ending)
    pending = _turns(state)
    first = pending.waiting_for[0]
    client = phone(ending, first)
    page = client.get(f"/play/{ending.pk}/")
    fields = hidden_fields(page, f"/play/{ending.pk}/decide/")
    choice = f"objective:{state.player(first).objectives[0]}"
    answer = client.post(f"/play/{ending.pk}/decide/", {**fields, "choice": choice})
    assert refusals_of(answer) == []
    after = _turns(state_of(ending))
    order = list(state.turn_order)
    assert after.waiting_for == [order[(order.index(first) + 1) % len(order)]]
    assert choice in after.data["used"][str(first)]


def test_4_17_the_final_screen_lists_which_objectives_each_player_met(finished):
    """The final screen names, for each player, each kept objective and whether it was met."""
    state = GameState.from_dict(finished.state)
    page = (
        Client().get(f"/board/{finished.board_token}/", HTTP_ACCEPT_LANGUAGE="ca").content.decode()
    )
    judged = state.progress["objectives_judged"]
    assert len(judged) == sum(len(p.objectives) for p in state.players)
    for verdict in judged:
        title = escape(finished.pack.cards.get(card_id=verdict["objective"].split("#")[0]).title_ca)
        mark = f"{title} ✓ (+{verdict['prestige']})" if verdict["met"] else f"{title} ✗"
        assert mark in page
