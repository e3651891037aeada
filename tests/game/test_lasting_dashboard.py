"""A lasting rule the director applies by hand is on the dashboard when it applies.

Issue 12: "a card that cannot be expressed keeps a ``manual`` rule that the dashboard shows to
the director at the moment it applies". The default pack has no manual rule left, so the game
is played with the game tests' pack, whose law keeps a manual rule for the Actions phase: a
simulated game stopped in its first Actions phase with a kingdom, and the law put in force there.
"""

from __future__ import annotations

import html

import pytest

from consell.content.catalog import load_catalog
from consell.rules import lasting
from consell.rules.state import Phase

from .helpers import arrange
from .simulated import director_client, phone, play_until, state_of

pytestmark = pytest.mark.django_db
SEED = 3


def _actions(state) -> bool:
    return state.phase is Phase.ACTIONS and bool(state.kingdoms)


def test_the_director_sees_the_manual_rule_due_now_and_the_players_do_not(pack):
    catalog = load_catalog(pack)
    game = play_until(5, 3, SEED, _actions, pack=pack)
    kingdom = state_of(game).kingdoms[0].id
    law = next(c for c, data in catalog.items() if data.get("kind") == "law")
    arrange(game, lambda s: s.kingdom(kingdom).laws.append(law))
    due = lasting.manual_now(state_of(game), catalog)
    assert [a.card for a in due] == [law]
    page = html.unescape(director_client(game).get(f"/games/{game.pk}/").content.decode())
    seat = html.unescape(phone(game, 1).get(f"/play/{game.pk}/").content.decode())
    for rule in due:
        assert any(text in page for text in rule.rule["text"].values())
        assert not any(text in seat for text in rule.rule["text"].values())
