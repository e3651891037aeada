"""A lasting rule the director applies by hand is on the dashboard when it applies.

Issue 12: "a card that cannot be expressed keeps a ``manual`` rule that the dashboard shows to
the director at the moment it applies". The game is ``simulate --players 9 --turns 10 --seed
SEED``, stopped at the first Planning phase of a kingdom; the default pack's one manual rule
left, Corts generals' additional law, is then put in play there (the event is rare in a
simulated game).
"""

from __future__ import annotations

import html

import pytest

from consell.content.catalog import load_catalog
from consell.game.simulator.runner import default_pack
from consell.rules import lasting
from consell.rules.state import DestinyCard, Phase

from .helpers import arrange
from .simulated import director_client, phone, play_until, state_of

pytestmark = pytest.mark.django_db
SEED = 3


def _planning(state) -> bool:
    return state.phase is Phase.PLANNING and bool(state.kingdoms)


def test_the_director_sees_the_manual_rule_due_now_and_the_players_do_not():
    catalog = load_catalog(default_pack())
    game = play_until(9, 10, SEED, _planning)
    kingdom = state_of(game).kingdoms[0].id
    arrange(game, lambda s: s.in_play.append(DestinyCard("corts-generals", "event", kingdom, 1)))
    due = lasting.manual_now(state_of(game), catalog)
    assert [a.card for a in due] == ["corts-generals"]
    page = html.unescape(director_client(game).get(f"/games/{game.pk}/").content.decode())
    seat = html.unescape(phone(game, 1).get(f"/play/{game.pk}/").content.decode())
    for rule in due:
        assert any(text in page for text in rule.rule["text"].values())
        assert not any(text in seat for text in rule.rule["text"].values())
