"""No secret leaks (docs/principles.md, principle 3): as each player, nothing of another player's
hand, objectives or hidden assets appears in anything their browser receives.

Every card of the test pack carries a unique marker in its title (``⟪id⟫``), so a secret is
planted simply by dealing it, and a leak is a marker found where it must not be.
"""

from __future__ import annotations

import re

import pytest

from consell.game.models import Game
from consell.rules.state import GameState
from tests.game.conftest import PLAYERS, seat_client

pytestmark = pytest.mark.django_db

MARKER = re.compile(r"⟪([a-z0-9-]+)⟫")


def _hidden_from_others(state: GameState, catalog_kinds: dict[str, str], seat: int) -> set[str]:
    """Card ids only ``seat`` (and the director) may see."""
    p = state.player(seat)
    secret = set(p.tactics) | set(p.objectives) | set(p.objective_offer)
    secret |= {a for a in p.assets if catalog_kinds.get(a) == "hidden"}
    return secret


def _received(client, game: Game) -> str:
    """Every page and fragment this phone can fetch."""
    pages = [
        client.get(f"/play/{game.pk}/"),
        client.get(f"/play/{game.pk}/?fragment=decisions", HTTP_HX_REQUEST="true"),
        client.get(f"/play/{game.pk}/?fragment=chest", HTTP_HX_REQUEST="true"),
        client.get(f"/play/{game.pk}/?fragment=board", HTTP_HX_REQUEST="true"),
        client.get(f"/play/{game.pk}/?fragment=log", HTTP_HX_REQUEST="true"),
        client.get(f"/board/{game.board_token}/"),
    ]
    assert all(p.status_code == 200 for p in pages)
    return "\n".join(p.content.decode() for p in pages)


def _visibility(game: Game) -> dict[str, str]:
    return {c.card_id: c.data.get("visibility", "") for c in game.pack.cards.filter(kind="asset")}


def test_no_phone_shows_another_players_objectives_or_tactics(game):
    game.refresh_from_db()
    state = GameState.from_dict(game.state)
    kinds = _visibility(game)
    for seat in range(1, len(PLAYERS) + 1):
        seen = set(MARKER.findall(_received(seat_client(game, seat), game)))
        own = _hidden_from_others(state, kinds, seat)
        assert own <= seen, "a player must see their own hand and objectives"
        for other in range(1, len(PLAYERS) + 1):
            if other != seat:
                leaked = _hidden_from_others(state, kinds, other) & seen
                assert not leaked, f"seat {seat} sees seat {other}'s {leaked}"


def test_the_public_board_shows_no_ones_secrets(game, client):
    game.refresh_from_db()
    state = GameState.from_dict(game.state)
    kinds = _visibility(game)
    seen = set(MARKER.findall(client.get(f"/board/{game.board_token}/").content.decode()))
    for seat in range(1, len(PLAYERS) + 1):
        assert not (_hidden_from_others(state, kinds, seat) & seen)


def test_the_director_sees_every_hidden_card(client_dora, game):
    game.refresh_from_db()
    state = GameState.from_dict(game.state)
    kinds = _visibility(game)
    seen = set(MARKER.findall(client_dora.get(f"/games/{game.pk}/").content.decode()))
    for seat in range(1, len(PLAYERS) + 1):
        assert _hidden_from_others(state, kinds, seat) <= seen


def test_no_phone_shows_another_players_resources(game):
    """Resources, Prestige included, are behind the screen (rules §1.10)."""
    from consell.game.services.store import change
    from consell.rules.resources import Resource

    with change(game.pk) as ch:
        state = ch.state.clone()
        state.player(2).resources[Resource.MON] = 987654
        ch.record(state, [])
    bob = _received(seat_client(game, 2), game)
    assert "987654" in bob
    for seat in (1, 3, 4, 5):
        assert "987654" not in _received(seat_client(game, seat), game)
