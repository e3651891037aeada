"""A refusal from the rules reaches the table in Catalan, the app's language (LANGUAGE_CODE)."""

from __future__ import annotations

import pytest

from consell.rules.state import Phase
from tests.game.helpers import start, state_of, to_planning

pytestmark = [pytest.mark.django_db, pytest.mark.catalan]


def test_leaving_planning_too_early_is_refused_in_catalan(game, client_dora):
    start(game)
    to_planning(game)
    game.refresh_from_db()
    response = client_dora.post(
        f"/games/{game.pk}/turn/advance/", {"seq": game.seq, "nonce": "early"}, follow=True
    )
    page = response.content.decode()
    assert state_of(game).phase is Phase.PLANNING
    assert "No es pot sortir de la fase de Planificació" in page
    assert "no han entregat el pla (el director de joc el pot tancar)" in page
    assert "have not handed in" not in page
    assert "Cannot leave" not in page
