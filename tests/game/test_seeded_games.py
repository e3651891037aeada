"""A game dealt from a given seed, and one catalog copy per change (docs/principles.md,
principles 4, 5)."""

from __future__ import annotations

import pytest

from consell.game.models import Event
from consell.game.services import games as game_services
from consell.game.services import store
from consell.rules.dice import commitment
from tests.game.conftest import PLAYERS

pytestmark = pytest.mark.django_db

SEED = "ab" * 32


def test_a_game_created_from_a_seed_commits_to_that_seed(director, pack):
    """ "A game draws a secret seed at creation and publishes its SHA-256" (docs/principles.md,
    principle 5); a replay or a simulation may give the seed, and the published commitment is that
    seed's."""
    game = game_services.create_game(director, "Dijous", pack, PLAYERS, seed=SEED)
    assert game.seed == SEED
    assert game.commitment == commitment(bytes.fromhex(SEED))
    created = Event.objects.get(game=game, kind="game_created")
    assert created.payload["commitment"] == game.commitment


def test_two_games_from_one_seed_deal_the_same_cards(director, pack):
    first = game_services.create_game(director, "Dijous", pack, PLAYERS, seed=SEED)
    second = game_services.create_game(director, "Divendres", pack, PLAYERS, seed=SEED)
    for game in (first, second):
        game_services.deal(game.pk)
        game.refresh_from_db()
    assert first.state == second.state


def test_a_change_reads_the_catalog_once_however_often_it_uses_it(game, monkeypatch):
    loads = []
    real = store.load_catalog
    monkeypatch.setattr(store, "load_catalog", lambda pack: loads.append(pack) or real(pack))
    with store.change(game.pk) as ch:
        assert ch.catalog is ch.catalog
    assert len(loads) == 1
