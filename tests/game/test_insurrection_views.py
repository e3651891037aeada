"""An insurrection settled from the phones and the dashboard (rules §4.5, G31, G57).

§4.5: "Esclafar la rebel·lió: els membres del regne poden gastar 3 de Força (entre tots) per
tornar a tirar un dels daus, a elecció del Rei". The game is ``simulate --players 10 --turns
10 --seed 8``, stopped at its first round of pledges; from there the test plays on through
the views, as the table would.
"""

from __future__ import annotations

import pytest

from consell.game.models import Event
from consell.rules.payment import funds
from consell.rules.resources import Resource

from .simulated import broken_pages, director_client, phone, play_until, refusals_of, state_of

pytestmark = pytest.mark.django_db


def _pledging(state) -> bool:
    return any(
        p.kind == "insurrection" and p.data.get("flow", {}).get("stage") == "pledging"
        for p in state.pending
    )


@pytest.fixture
def game():
    return play_until(10, 10, 8, _pledging)


def _insurrection(game):
    return next((p for p in state_of(game).pending if p.kind == "insurrection"), None)


def test_every_page_answers_while_the_members_pledge(game):
    """The pledges are public (insurrection_flow's choice): every viewer's page shows them."""
    assert broken_pages(game) == []


def test_the_table_settles_the_insurrection_from_the_interface(game):
    """§4.5: members pledge in turn order, the King picks the die, the outcome table applies."""
    director = director_client(game)
    pending_id = _insurrection(game).id
    seen_stages = []
    for _ in range(20):
        pending = _insurrection(game)
        if pending is None:
            break
        state = state_of(game)
        flow = pending.data.get("flow", {})
        stage = flow.get("stage")
        seen_stages.append(stage)
        assert broken_pages(game) == [], stage
        if stage == "pledging":
            seat = pending.waiting_for[0]
            left = 3 - sum(p["amount"] for p in flow["pledges"])
            amount = min(left, funds(state.player(seat).resources, Resource.FOR))
            response = phone(game, seat).post(
                f"/play/{game.pk}/decide/", {"pending": pending.id, "pledge": amount}
            )
        elif stage == "die_choice":
            king = pending.waiting_for[0]
            die = next(i for i, v in enumerate(flow["dice"], 1) if v <= flow["target"])
            response = phone(game, king).post(
                f"/play/{game.pk}/decide/", {"pending": pending.id, "die": die}
            )
        elif stage == "choosing":
            ties = flow.get("indicator_choices") or []
            data = {"pending": pending.id, **({"indicator": ties[0]} if ties else {})}
            response = director.post(f"/games/{game.pk}/decide/", data)
        else:
            response = director.post(
                f"/games/{game.pk}/procedure/", {"pending": pending.id, "seq": game.seq}
            )
        assert response.status_code == 302, stage
        assert refusals_of(response) == [], stage
    assert _insurrection(game) is None
    assert {"pledging", "die_choice", "choosing"} <= set(seen_stages)
    kinds = set(
        Event.objects.filter(game=game, payload__pending=pending_id).values_list("kind", flat=True)
    )
    assert {"insurrection_pledged", "insurrection_rerolled"} <= kinds
    assert broken_pages(game) == []
