"""While a decision is pending, the director's step waits for it (rules overview: "Votes
(§4.7) and the kingdom actions (§4.12) are resolved as soon as their action executes"), and
the dashboard says so: the step's button is disabled and gives Enter up to the decision. On
the simulator's 9-player game, as a new kingdom waits for its joiners during turn 1's Actions.
"""

from __future__ import annotations

import re

import pytest

from tests.game.simulated import director_client, play_until

pytestmark = pytest.mark.django_db


def test_a_step_waiting_for_a_decision_is_disabled_and_enter_reaches_one_button():
    game = play_until(
        9, 10, 1,
        lambda s: s.phase == "actions" and any(p.kind == "kingdom_joiners" for p in s.pending),
    )  # fmt: skip
    page = director_client(game).get(f"/games/{game.pk}/").content.decode()
    step = re.search(rf'<form method="post" action="/games/{game.pk}/turn/action/".*?</form>',
                     page, re.S)  # fmt: skip
    assert step, "the next action's step is on the dashboard"
    assert "disabled" in step.group(0) and "data-shortcut" not in step.group(0)
    assert page.count('data-shortcut="confirm"') <= 1
