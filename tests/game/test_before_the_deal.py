"""Every step posted before the cards are dealt (rules §2): a clear refusal, nothing changed.

"Bad input gets a clear error in the user's language and changes nothing". Before the deal a
game has seats and a ruleset but no state; the turn controls, the decision forms, the
corrections and the phones' planning have nothing to act on yet.
"""

from __future__ import annotations

import pytest

from consell.game.models import Game

from .conftest import seat_client
from .simulated import refusals_of

pytestmark = pytest.mark.django_db

DIRECTOR_STEPS = [
    ("turn/advance/", {}),
    ("turn/destiny/", {}),
    ("turn/action/", {}),
    ("turn/vigilance/", {}),
    ("turn/secret/", {}),
    ("turn/secret/", {"die": ["1", "2", "3"]}),
    ("turn/auction/", {}),
    ("turn/crisis/", {}),
    ("turn/production/", {}),
    ("turn/end/", {}),
    ("turn/finish/", {}),
    ("turn/finish/", {"met": "9" * 5000 + ":x"}),  # a seat past Python's digit limit
    ("turn/close-planning/", {"seat": "1"}),
    ("decide/", {"pending": "1", "holds": "yes"}),
    ("procedure/", {"pending": "1"}),
    ("correct/", {"res_1_MON": "2", "reason": "Too early"}),
    ("kingdoms/", {"action": "expel", "seat": "1", "reason": "Too early"}),
    ("start/", {}),
    ("appoint/", {"king": "1", "member": "2", "office": "tresorer"}),
]
PHONE_STEPS = [
    ("decide/", {"pending": "1", "use": "no"}),
    ("objectives/", {"collective": "a", "personal": "b"}),
    ("appoint/", {"member": "2", "office": "tresorer"}),
    ("plan/add/", {"source": "house", "ability": "x"}),
    ("plan/remove/", {"pile": "actions", "index": "0"}),
    ("plan/move/", {"pile": "actions", "index": "0", "direction": "up"}),
    ("plan/sacrifice/", {"tactic": "x"}),
    ("plan/hand-in/", {}),
    ("trades/propose/", {"to": "2", "give_MON": "1"}),
    ("trades/answer/", {"offer": "1", "answer": "accept"}),
]


def _unchanged(game: Game):
    game.refresh_from_db()
    return game.seq, game.state, game.ruleset


@pytest.mark.parametrize("step, data", DIRECTOR_STEPS)
def test_a_director_step_before_the_deal_is_refused(client, director, new_game, step, data):
    client.force_login(director)
    before = _unchanged(new_game)
    response = client.post(f"/games/{new_game.pk}/{step}", data)
    assert response.status_code == 302
    assert refusals_of(response)
    assert _unchanged(new_game) == before


@pytest.mark.parametrize("step, data", PHONE_STEPS)
def test_a_phone_step_before_the_deal_is_refused(new_game, step, data):
    before = _unchanged(new_game)
    response = seat_client(new_game, 1).post(f"/play/{new_game.pk}/{step}", data)
    assert response.status_code == 302
    assert refusals_of(response)
    assert _unchanged(new_game) == before
