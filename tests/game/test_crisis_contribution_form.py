"""The crisis contribution from the phone (rules §4.10, G36), on a simulated game.

"Si la crisi accepta diferents tipus de recursos, els jugadors poden combinar els tipus
acceptats lliurement (per exemple, una contribució d'un mateix jugador podria contenir 2 i + 3,
per un total de 5)"; G36: "The contribution tile may hold one entry per crisis in play in the
player's kingdom". The phone shows one number per accepted resource (and Favor, G13) of each
crisis of the player's kingdom, and the tile keeps what was typed, crisis by crisis.
"""

from __future__ import annotations

import pytest

from consell.rules.state import Phase

from .helpers import arrange
from .simulated import hidden_fields, phone, play_until, refusals_of, state_of

pytestmark = pytest.mark.django_db
ADD = "/play/{}/plan/add/"


def _threatened(state):
    """A member of a kingdom with a crisis in play, during Planning, before handing in."""
    if state.phase is not Phase.PLANNING:
        return None
    for crisis in (c for c in state.in_play if c.kind == "crisis"):
        for seat in state.members(crisis.kingdom):
            if not state.player(seat).plan.handed_in:
                return seat, crisis
    return None


@pytest.fixture
def game():
    return play_until(5, 10, 3, lambda s: _threatened(s) is not None)


def test_s410_the_phone_offers_each_accepted_resource_of_each_crisis(game):
    state = state_of(game)
    seat, crisis = _threatened(state)
    page = phone(game, seat).get(f"/play/{game.pk}/").content.decode()
    title = game.pack.cards.get(card_id=crisis.card.split("#")[0]).title_en
    assert f"<legend>{title} " in page
    card = game.pack.cards.get(card_id=crisis.card.split("#")[0])
    for code in [*card.data["accepts"], "FAV"]:
        assert f'name="contributions__{crisis.card}__{code}"' in page


def test_s410_a_mixed_contribution_is_kept_per_crisis(game):
    state = state_of(game)
    seat, crisis = _threatened(state)
    client = phone(game, seat)
    fields = hidden_fields(client.get(f"/play/{game.pk}/"), ADD.format(game.pk))
    accepts = game.pack.cards.get(card_id=crisis.card.split("#")[0]).data["accepts"]
    typed = {
        f"contributions__{crisis.card}__{accepts[0]}": "2",
        f"contributions__{crisis.card}__FAV": "3",
    }
    answer = client.post(
        ADD.format(game.pk),
        {**fields, "source": "common:contribuir-crisi", "ability": "contribuir-crisi", **typed},
    )
    assert refusals_of(answer) == []
    tile = next(
        t for t in state_of(game).player(seat).plan.indications if t.ability == "contribuir-crisi"
    )
    assert tile.params == {"contributions": {crisis.card: {accepts[0]: 2, "FAV": 3}}}


def test_s410_an_amount_that_is_not_a_number_is_refused_with_a_message(game):
    state = state_of(game)
    seat, crisis = _threatened(state)
    client = phone(game, seat)
    fields = hidden_fields(client.get(f"/play/{game.pk}/"), ADD.format(game.pk))
    answer = client.post(
        ADD.format(game.pk),
        {
            **fields,
            "source": "common:contribuir-crisi",
            "ability": "contribuir-crisi",
            f"contributions__{crisis.card}__FAV": "-4",
        },
    )
    assert refusals_of(answer)
    assert not any(
        t.ability == "contribuir-crisi" for t in state_of(game).player(seat).plan.indications
    )


def _threatened_kingdom(state):
    """As ``_threatened``, in a kingdom (not the kingdomless group)."""
    found = _threatened(state)
    return found if found is not None and found[1].kingdom is not None else None


def test_the_marshal_is_offered_money_for_a_force_crisis_under_army_reform():
    """Reforma de l'exèrcit: "el Mariscal pot contribuir a les crisis que accepten Força amb
    Diners": the Marshal's phone offers Money for such a crisis, nobody else's does."""
    game = play_until(5, 10, 3, lambda s: _threatened_kingdom(s) is not None)
    seat, crisis = _threatened_kingdom(state_of(game))
    kingdom = crisis.kingdom

    def reform(state):
        threat = next(c for c in state.in_play if c.card == crisis.card)
        threat.card = "bandolerisme"  # accepts Force
        state.kingdom(kingdom).laws.append("reforma-de-l-exercit")
        state.kingdom(kingdom).offices["mariscal"] = seat

    arrange(game, reform)
    money = 'name="contributions__bandolerisme__MON"'
    assert money in phone(game, seat).get(f"/play/{game.pk}/").content.decode()
    for other in state_of(game).members(kingdom):
        if other != seat and not state_of(game).player(other).plan.handed_in:
            assert money not in phone(game, other).get(f"/play/{game.pk}/").content.decode()
