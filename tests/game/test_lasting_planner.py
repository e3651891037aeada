"""The phone's planner follows the lasting rules in force (rules §1.7, G22).

Corts generals: "Mentre duri, cada membre pot proposar una llei addicional": a member of the
event's kingdom is offered *Proposar llei* again after planning it once, and not a third time.
"""

from __future__ import annotations

import pytest

from consell.content.catalog import load_catalog
from consell.game.services import planning
from consell.projection.planner import plannable
from consell.projection.visibility import text
from consell.rules.state import DestinyCard, Phase

from .helpers import arrange
from .simulated import play_until, state_of

pytestmark = pytest.mark.django_db


def _planning_member(state):
    if state.phase is not Phase.PLANNING:
        return None
    return next(
        (p.seat for p in state.players if p.kingdom is not None and not p.plan.handed_in), None
    )


def _propose_law_planned(game, seat) -> bool:
    catalog = load_catalog(game.pack)
    offered = plannable(state_of(game), catalog, seat, "ca", text)
    return next(o for o in offered if o["ability"] == "proposar-llei")["planned"]


def test_corts_generals_lets_a_member_plan_propose_law_twice():
    game = play_until(5, 10, 3, lambda s: _planning_member(s) is not None)
    seat = _planning_member(state_of(game))
    kingdom = state_of(game).player(seat).kingdom
    arrange(game, lambda s: s.in_play.append(DestinyCard("corts-generals", "event", kingdom, 1)))
    planning.add(game.pk, seat, "common:proposar-llei", "proposar-llei", {})
    assert not _propose_law_planned(game, seat), "offered once more"
    planning.add(game.pk, seat, "common:proposar-llei", "proposar-llei", {})
    assert _propose_law_planned(game, seat)
    tiles = state_of(game).player(seat).plan.actions
    assert [t.ability for t in tiles].count("proposar-llei") == 2
