"""Procedures the director runs for a waiting effect, and who every pending waits on
(rules §4.5, §4.12, §4.13, G40)."""

from __future__ import annotations

import pytest

from consell.rules import effects, invariants, procedures, production_phase
from consell.rules.dice import FixedDice, HmacDice
from consell.rules.effects_context import Context
from consell.rules.errors import InvalidParameterError
from consell.rules.resources import Indicator, Resource
from consell.rules.state import Pending, Phase, PlannedAbility
from tests.rules.catalog import CATALOG as BASE
from tests.rules.catalog import started_game
from tests.rules.phase_table import (
    ALICE,
    BOB,
    CARLES,
    CATALOG,
    DIDAC,
    ELENA,
    RULES,
    table,
    tokens,
)


def ordered(state, ops, **params):
    """A card nobody owns (an event of Alba) applies ``ops``."""
    context = Context(None, 0, params=params)
    return effects.apply_ops(state, CATALOG, RULES, FixedDice([]), ops, context).state


def act(state, seat, card, **boxes):
    planned = PlannedAbility(f"common:{card}", card, boxes)
    return effects.execute(state, CATALOG, RULES, FixedDice([]), seat, planned, secret=False)


def run(state, pending_id, dice=None):
    return procedures.run(state, CATALOG, RULES, dice or FixedDice([]), pending_id)


def test_s412_a_passed_join_request_moves_the_player_and_the_effect_goes_on():
    """§4.12: "If the vote passes, the player moves to that kingdom"."""
    state = act(table(Phase.ACTIONS), ELENA, "unir-se-regne", kingdom=0).state
    (vote,) = state.pending
    state = effects.resume(state, CATALOG, RULES, FixedDice([]), vote.id, {"passed": True}).state
    (join,) = state.pending
    done = run(state, join.id).state
    assert done.player(ELENA).kingdom == 0
    assert done.pending == []


def test_s412_an_expelled_player_leaves_the_kingdom_for_the_turn():
    """§4.12: "The player belongs to no kingdom. They cannot create or join a kingdom for the
    rest of this turn"."""
    state = ordered(table(Phase.ACTIONS), [{"op": "expel", "who": "$v"}], v=CARLES)
    (expel,) = state.pending
    done = run(state, expel.id).state
    assert done.player(CARLES).kingdom is None
    assert done.player(CARLES).expelled_turn == 1
    assert done.pending == []


def test_s412_expelling_a_kingdomless_player_does_nothing():
    """§4.12 (choice): a card that finds nobody in a kingdom expels nobody."""
    state = table(Phase.ACTIONS)
    state.player(ELENA).kingdom = None
    state = ordered(state, [{"op": "expel", "who": "$v"}], v=ELENA)
    done = run(state, state.pending[0].id)
    assert [e.kind for e in done.events] == ["expel_void"]
    assert done.state.pending == []


def test_g40_the_founder_pays_for_a_new_kingdom_once():
    """G40: "The cost is 8 Power, paid by the founder", once; §4.12: "the founder ... becomes
    King of the new kingdom"."""
    start = table(Phase.ACTIONS)
    start.player(CARLES).resources[Resource.POW] = 8
    state = act(start, CARLES, "crear-regne").state
    (joiners,) = state.pending
    assert joiners.waiting_for == [BOB, ELENA]
    state = effects.resume(state, CATALOG, RULES, FixedDice([]), joiners.id, {"joiners": []}).state
    (found,) = state.pending
    done = run(state, found.id).state
    (new,) = [k for k in done.kingdoms if k.id == 2]
    assert new.king == CARLES and done.player(CARLES).kingdom == 2
    assert done.player(CARLES).resources[Resource.POW] == 0
    assert tokens(done) == tokens(start)


def test_s413_an_executed_leader_is_replaced_by_the_heir():
    """§4.13: "They lose 1 unit of a resource ... (DEFAULT PRE)"; every card stays in one
    place."""
    state = started_game(8)
    state.phase = Phase.ACTIONS
    king = state.kingdoms[0].king
    victim = next(s for s in state.members(0) if s != king)
    state = ordered(state, [{"op": "execute", "who": "$v"}], v=victim)
    (execution,) = [p for p in state.pending if p.kind == "execution"]
    done = run(state, execution.id, HmacDice(b"heir")).state
    assert done.player(victim).resources[Resource.PRE] == 2
    assert [p.kind for p in done.pending] == ["step"]
    assert invariants.problems(done, BASE, RULES) == []


def test_s45_the_director_rolls_an_insurrection_and_resumes_it_when_settled():
    """§4.5: the roll needs nobody's decision; the members' pledges and choices do."""
    state = table(Phase.CRISIS)
    state.kingdom(0).indicators[Indicator.STABILITY] = 1
    push = {"op": "move_indicator", "kingdom": "own", "indicator": "stability", "delta": -1}
    state = ordered(state, [push])
    pid = state.pending[0].id
    assert procedures.waiting_on(state)[0].asked == "roll"
    rolled = run(state, pid, FixedDice([1, 2, 6])).state
    (waiting,) = procedures.waiting_on(rolled)
    assert (waiting.asked, waiting.seats, waiting.director) == ("pledge", (ALICE,), False)


def test_s411_waiting_on_names_the_distributor_and_the_director_steps():
    """§4.11: the distributor decides; a director step waits for the director."""
    state = table(Phase.PRODUCTION)
    state.pending = [Pending(0, "step", {"step": "production"})]
    state.next_pending_id = 1
    state = production_phase.open_production(state, BASE, RULES).state
    waiting = procedures.waiting_on(state)
    assert (waiting[0].asked, waiting[0].director) == ("step", True)
    intrigue = [w for w in waiting if w.asked == "distribute" and w.seats == (BOB,)]
    assert len(intrigue) == 1
    assert {w.seats for w in waiting[1:]} == {(ALICE,), (BOB,), (DIDAC,)}


def test_s47_run_refuses_a_decision_that_belongs_to_the_players():
    """§4.7: a vote is the voters' to decide, not the director's to run."""
    state = act(table(Phase.ACTIONS), ELENA, "unir-se-regne", kingdom=0).state
    with pytest.raises(InvalidParameterError):
        run(state, state.pending[0].id)
