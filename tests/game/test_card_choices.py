"""Cards offer only valid choices (rules §3.2, §4.2, G28; issue 13 item 5).

"Cal que indiquin valors per totes aquestes caselles, a menys que el text de la targeta indiqui
que alguns d'ells són opcionals": every required box is filled when the tile is added, and
each box offers what the card names. *Clau mestra* ("t'apoderes de l'actiu seu que hagis
indicat") offers the target's assets, not the market's.
"""

from __future__ import annotations

import re

import pytest

from consell.content.catalog import load_catalog
from consell.projection.planner import plannable
from consell.projection.visibility import text
from consell.rules import params
from consell.rules.cards import ability as ability_of
from consell.rules.cards import card as card_of
from consell.rules.effects import source_card
from consell.rules.state import Phase
from consell.simulator.runner import default_pack

from .helpers import arrange, give_house
from .simulated import hidden_fields, phone, play_until, refusals_of, state_of

pytestmark = pytest.mark.django_db
ANNA = 1


def _visible(catalog, state, seat) -> list[str]:
    return [a for a in state.player(seat).assets if card_of(catalog, a)["visibility"] == "visible"]


@pytest.fixture
def game():
    """``simulate --players 5 --seed 1`` at a Planning where two rivals of seat 1 show assets;
    seat 1 then holds the House of the Key (*Clau mestra*)."""
    catalog = load_catalog(default_pack())

    def where(s) -> bool:
        shown = sum(1 for p in s.players if p.seat != ANNA and _visible(catalog, s, p.seat))
        return s.phase is Phase.PLANNING and not s.player(ANNA).plan.handed_in and shown >= 2

    game = play_until(5, 10, 1, where)
    arrange(game, lambda state: give_house(state, ANNA, "casa-clau"))
    return game


def _form(page: str, ability: str) -> str:
    start = page.index(f'name="ability" value="{ability}"')
    return page[start : page.index("</form>", start)]


def _add(game, **boxes):
    client = phone(game, ANNA)
    page = client.get(f"/play/{game.pk}/")
    action = f"/play/{game.pk}/plan/add/"
    form = hidden_fields(page, action)
    data = {**form, "source": "house", "ability": "clau-mestra", **boxes}
    return client.post(action, {k: str(v) for k, v in data.items()})


def test_master_key_offers_each_targets_visible_assets_under_their_name(game):
    state, catalog = state_of(game), load_catalog(game.pack)
    page = phone(game, ANNA).get(f"/play/{game.pk}/", HTTP_ACCEPT_LANGUAGE="ca").content.decode()
    form = _form(page, "clau-mestra")
    groups = dict(re.findall(r'<optgroup label="([^"]+)" data-owner="(\d+)"', form))
    rivals = {p.name: str(p.seat) for p in state.players if _visible(catalog, state, p.seat)}
    rivals.pop(state.player(ANNA).name, None)
    assert groups == rivals
    offered = re.findall(r'<option value="([^"]+)"', form.split('data-depends-on="targets"')[1])
    shown = [a for p in state.players if p.seat != ANNA for a in _visible(catalog, state, p.seat)]
    assert sorted(offered) == sorted(shown)
    market_only = set(state.market.get("row1", [])) - set(shown)
    assert not market_only & set(offered)


def test_the_targets_offered_are_the_cards_scope(game):
    """G28: scope ``others``: anyone but the owner."""
    state = state_of(game)
    page = phone(game, ANNA).get(f"/play/{game.pk}/").content.decode()
    form = _form(page, "clau-mestra")
    box = re.search(r'<select name="targets".*?</select>', form, re.S).group()  # one target
    seats = re.findall(r'<option value="(\d+)"', box)
    assert sorted(map(int, seats)) == sorted(p.seat for p in state.players if p.seat != ANNA)


def test_an_asset_the_target_does_not_hold_is_refused_when_added(game):
    state, catalog = state_of(game), load_catalog(game.pack)
    bob, carles = [p for p in state.players if p.seat != ANNA and _visible(catalog, state, p.seat)][
        :2
    ]
    before = state.player(ANNA).plan
    response = _add(
        game, targets=bob.seat, asset=_visible(catalog, state, carles.seat)[0], intrigue=1
    )
    assert refusals_of(response) == [f"Choose an asset that {bob.name} holds in sight."]
    assert state_of(game).player(ANNA).plan == before


def test_a_required_box_left_empty_is_refused_when_added(game):
    """§3.2: the Intrigue box has no "optional" on the card, so it must be filled now."""
    state, catalog = state_of(game), load_catalog(game.pack)
    bob = next(p for p in state.players if p.seat != ANNA and _visible(catalog, state, p.seat))
    before = state.player(ANNA).plan
    response = _add(game, targets=bob.seat, asset=_visible(catalog, state, bob.seat)[0])
    [message] = refusals_of(response)
    assert message.startswith("Fill in the box")
    assert state_of(game).player(ANNA).plan == before


def test_the_targets_own_asset_is_added_to_the_secrets(game):
    state, catalog = state_of(game), load_catalog(game.pack)
    bob = next(p for p in state.players if p.seat != ANNA and _visible(catalog, state, p.seat))
    asset = _visible(catalog, state, bob.seat)[0]
    response = _add(game, targets=bob.seat, asset=asset, intrigue=2)
    assert refusals_of(response) == []
    [tile] = state_of(game).player(ANNA).plan.secrets
    assert tile.params == {"targets": [bob.seat], "asset": asset, "intrigue": 2}


def test_every_choice_any_phone_offers_is_one_the_rules_accept(game):
    """§4.2: whatever a phone offers in a box passes the rules' own check of that box."""
    state, catalog = state_of(game), load_catalog(game.pack)
    for player in state.players:
        for option in plannable(state, catalog, player.seat, "ca", text):
            instance = source_card(state, catalog, player.seat, option["source"])
            specs = {
                s["name"]: s
                for s in ability_of(catalog, instance, option["ability"]).get("params", [])
            }
            for field in option["fields"]:
                spec = specs[field["name"]]
                if field["type"] == "contributions":  # one entry per crisis, not a value list
                    continue
                for value, _label in field["choices"]:
                    boxed = [value] if spec["type"] == "players" else value
                    params.check_at_planning(
                        state, catalog, player.seat, {"params": [spec]}, {spec["name"]: boxed}
                    )
