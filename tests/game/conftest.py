"""A table for the game tests: Dora directs Alice, Bob, Carles, Dídac and Elena.

The pack is the content tests' complete pack with every copy made a card of its own and a
unique, greppable title (``⟪objectiu-7⟫``), so a leak test can plant a secret and search for
it in everything a browser receives.
"""

from __future__ import annotations

import copy

import pytest
from django.test import Client

from consell.content.loader import load_pack
from consell.content.schema import validate_pack
from consell.game.models import Game
from consell.game.services import games as game_services
from tests.content.packdata import complete_pack

PLAYERS = ["Alice", "Bob", "Carles", "Dídac", "Elena"]


def unique_pack() -> dict:
    """The complete test pack with one card per copy, each titled with its own marker."""
    files = complete_pack()
    files["pack.yaml"]["id"] = "taula"
    for name, document in files.items():
        if name == "pack.yaml":
            continue
        cards = []
        for card in document["cards"]:
            copies = card.pop("copies", 1)
            for n in range(1, copies + 1):
                c = copy.deepcopy(card)
                if copies > 1:
                    c["id"] = f"{card['id']}-{n}"
                marker = f"⟪{c['id']}⟫"
                c["title"] = {
                    "ca": f"{card['title']['ca']} {marker}",
                    "en": f"{card['title']['en']} {marker}",
                }
                for ability in c.get("abilities", []):
                    tile = f"⟪{c['id']}:{ability['id']}⟫"
                    ability["title"] = {
                        lang: f"{ability['title'][lang]} {tile}" for lang in ("ca", "en")
                    }
                cards.append(c)
        document["cards"] = cards
    return files


@pytest.fixture
def pack(db):
    files = unique_pack()
    meta = files.pop("pack.yaml")
    content = validate_pack(meta, files)
    loaded, _ = load_pack(content)
    return loaded


@pytest.fixture
def new_game(director, pack) -> Game:
    """Created, not dealt: the ruleset can still change."""
    return game_services.create_game(director, "Dijous", pack, PLAYERS)


@pytest.fixture
def game(new_game) -> Game:
    """Dealt: objectives are on offer and Kings may appoint."""
    game_services.deal(new_game.pk)
    new_game.refresh_from_db()
    return new_game


def seat_client(game: Game, position: int) -> Client:
    """A phone that opened seat ``position``'s link."""
    client = Client()
    seat = game.seats.get(position=position)
    response = client.get(f"/s/{seat.token}/")
    assert response.status_code == 302
    return client


@pytest.fixture
def phones(game) -> dict[int, Client]:
    return {pos: seat_client(game, pos) for pos in range(1, len(PLAYERS) + 1)}
