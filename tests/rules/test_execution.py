"""Execution of a house leader (rules §4.13, G5, G41, G43)."""

from consell.rules import decks
from consell.rules.dice import HmacDice
from consell.rules.duels import succession_duel
from consell.rules.events import PUBLIC
from consell.rules.execution import execute
from consell.rules.invariants import problems
from consell.rules.kingdoms import settle_succession
from consell.rules.resources import Resource
from consell.rules.ruleset import Ruleset
from consell.rules.state import Phase, card_id_of
from tests.rules.catalog import ALICE, BOB, CARLES, CATALOG, DIDAC, started_game

RULES = Ruleset.default()
DICE = HmacDice(b"botxi")


def court():
    state = started_game(4, kings=[ALICE])
    state.phase = Phase.SECRETS
    state.pending = []
    state.turn_order = [BOB, ALICE, CARLES, DIDAC]
    state.kingdom(0).offices["tresorer"] = BOB
    return state


def test_section_4_13_the_heir_loses_one_prestige_and_the_offices():
    """§4.13: "They lose 1 unit of a resource (DEFAULT PRE)"; "They lose all their offices"."""
    out = execute(court(), BOB, CATALOG, RULES, DICE)
    assert out.state.player(BOB).resources[Resource.PRE] == 2
    assert out.state.offices_of(BOB) == []
    assert out.events[0].audience == PUBLIC and out.events[0].kind == "executed"


def test_section_4_13_the_hand_of_tactics_is_replaced_by_one():
    """§4.13: "They discard their whole hand of tactics and draw 1 new one"."""
    state = court()
    old = list(state.player(BOB).tactics)
    out = execute(state, BOB, CATALOG, RULES, DICE)
    assert len(out.state.player(BOB).tactics) == 1
    assert set(old) <= set(out.state.decks[decks.discard_of(decks.TACTICS)])
    assert problems(out.state, CATALOG, RULES) == []


def test_G5_new_objectives_are_drawn_at_random_and_never_repeat_anothers():
    """§4.13: "get 1 new personal and 1 new collective objective, drawn at random"; G5: "The same
    uniqueness check applies to objectives drawn after an execution"."""
    state = court()
    old = list(state.player(BOB).objectives)
    out = execute(state, BOB, CATALOG, RULES, DICE)
    new = out.state.player(BOB).objectives
    scopes = [CATALOG[card_id_of(c)]["scope"] for c in new]
    assert scopes == ["collective", "personal"] and not set(new) & set(old)
    others = {card_id_of(c) for p in out.state.players if p.seat != BOB for c in p.objectives}
    assert not {card_id_of(c) for c in new} & others
    private = next(e for e in out.events if e.kind == "heir_takes_over")
    assert private.audience == (BOB,)
    assert problems(out.state, CATALOG, RULES) == []


def test_G41_an_executed_king_fights_for_the_throne_and_keeps_it_on_a_tie():
    """§4.13 step 5: "The executed player (now the heir) takes part and keeps the throne on a
    tie"."""
    state = court()
    # Carles comes before Alice in turn order, so only the heir's right keeps her on the throne.
    state.turn_order = [BOB, CARLES, ALICE, DIDAC]
    out = execute(state, ALICE, CATALOG, RULES, DICE)
    [duel] = out.state.pending
    assert duel.data["participants"] == [BOB, CARLES, ALICE, DIDAC]
    heir = duel.data["old_king"]
    assert heir == ALICE
    chests = {s: out.state.player(s).resources for s in duel.data["participants"]}
    fists = {ALICE: {Resource.FOR: 2}, CARLES: {Resource.POW: 2}}
    result = succession_duel(
        duel.data["participants"], heir, out.state.turn_order, fists, chests, RULES
    )
    assert set(result.tied) == {ALICE, CARLES}
    crowned = settle_succession(out.state, duel.id, result).state
    assert crowned.kingdom(0).king == ALICE


def test_section_4_12_an_executed_sole_king_simply_stays_king():
    """§4.12: "if his heir is still in the kingdom (execution case), he simply stays King"."""
    state = court()
    for seat in (BOB, CARLES, DIDAC):
        state.player(seat).kingdom = None
    out = execute(state, ALICE, CATALOG, RULES, DICE)
    assert out.state.kingdom(0).king == ALICE and out.state.pending == []
