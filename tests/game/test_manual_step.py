"""A manual step on the dashboard names its card and every parameter (docs/principles.md,
principle 6).

A card the engine cannot apply leaves a ``manual`` step to the director. The table's tactic
*Maniobra* is given a box naming a player and a manual effect; Alice plays it against Bob, and
when the action resolves the dashboard shows the card's title, its text, whose it is and the
box's player by name, never a seat number.
"""

from __future__ import annotations

import pytest

from consell.content.loader import load_pack
from consell.content.schema import validate_pack
from consell.game.services import games as game_services
from consell.game.services import planning
from consell.game.services import turn as turn_services
from consell.rules.state import Phase

from .conftest import PLAYERS, unique_pack
from .helpers import SEATS, start, state_of, to_planning
from .simulated import director_client

pytestmark = pytest.mark.django_db
HAND = {"ca": "Canvia una carta amb el jugador triat.", "en": "Swap a card with the chosen player."}


@pytest.fixture
def game(director):
    files = unique_pack()
    for card in files["tactics.yaml"]["cards"]:
        for ability in card["abilities"]:
            if ability["id"] == "maniobra":
                ability["params"] = [{"name": "target", "type": "player", "scope": "others"}]
                ability["effect"] = [{"op": "manual", "text": HAND}]
    meta = files.pop("pack.yaml")
    pack, _ = load_pack(validate_pack(meta, files))
    game = game_services.create_game(director, "Dijous", pack, PLAYERS)
    game_services.deal(game.pk)
    start(game)
    to_planning(game)
    return game


def test_a_manual_step_shows_its_card_and_names_its_parameters(game):
    alice, bob = 1, 2
    tactic = next(t for t in state_of(game).player(alice).tactics if t.startswith("maniobra"))
    planning.add(game.pk, alice, f"tactic:{tactic}", "maniobra", {"target": bob})
    for seat in SEATS:
        planning.hand_in(game.pk, seat)
    turn_services.advance(game.pk)
    while not any(p.kind == "manual" for p in state_of(game).pending):
        assert state_of(game).phase is Phase.ACTIONS
        turn_services.resolve_next_action(game.pk)
    page = director_client(game).get(f"/games/{game.pk}/").content.decode()
    panel = page[page.index("decision-manual") :]
    panel = panel[: panel.index("</section>")]
    assert f"⟪{tactic}⟫" in panel  # the card's title
    assert "Does a thing." in panel and HAND["en"] in panel
    assert "Alice" in panel and "Bob" in panel
