"""Founding, joining, expulsion, succession and dissolution (rules §4.12, G38, G40–G42, G49)."""

import pytest

from consell.rules.duels import expulsion_asset_duel, succession_duel
from consell.rules.errors import NotEligibleError, UnaffordableError
from consell.rules.events import PUBLIC
from consell.rules.invariants import problems
from consell.rules.kingdoms import (
    create_kingdom,
    depose,
    expel,
    join,
    settle_expulsion_duel,
    settle_succession,
)
from consell.rules.resources import Resource
from consell.rules.ruleset import Ruleset
from consell.rules.state import DestinyCard, Phase
from tests.rules.catalog import ALICE, BOB, CARLES, CATALOG, DIDAC, ELENA, started_game

RULES = Ruleset.default()


def court():
    """Alice is Queen of kingdom 0 with Bob, Carles and Dídac; Bob is her Treasurer."""
    state = started_game(4, kings=[ALICE])
    state.phase = Phase.ACTIONS
    state.pending = []
    state.turn_order = [ALICE, BOB, CARLES, DIDAC]
    state.kingdom(0).offices["tresorer"] = BOB
    return state


def test_section_4_12_founding_costs_eight_power_and_crowns_the_founder():
    """§4.12: "The founder then pays a cost of 8 (DEFAULT POW)"; "becomes King of the new
    kingdom"; "all four indicators are set to 3"."""
    state = court()
    state.player(BOB).resources[Resource.POW] = 8
    out = create_kingdom(state, BOB, [], CATALOG, RULES)
    new = out.state.kingdoms[-1]
    assert (new.king, new.offices["rei"], out.state.player(BOB).kingdom) == (BOB, BOB, new.id)
    assert set(new.indicators.values()) == {3}
    assert out.state.player(BOB).resources[Resource.POW] == 0
    assert problems(out.state, CATALOG, RULES) == []


def test_section_4_12_the_founder_gives_up_his_offices():
    """§4.12: "the founder gives up all their offices"."""
    state = court()
    state.player(BOB).resources[Resource.POW] = 8
    out = create_kingdom(state, BOB, [], CATALOG, RULES)
    assert out.state.kingdom(0).offices["tresorer"] is None


def test_G40_each_joiner_halves_the_cost():
    """G40: "Cost = ceil(8 / 2^joiners)"; the new King may appoint joiners at once."""
    state = court()
    state.player(BOB).resources[Resource.POW] = 0
    state.player(BOB).resources[Resource.FAV] = 2
    out = create_kingdom(state, BOB, [DIDAC, CARLES], CATALOG, RULES)
    assert out.state.player(BOB).resources[Resource.FAV] == 0
    assert out.state.members(out.state.kingdoms[-1].id) == [BOB, CARLES, DIDAC]
    assert [p.kind for p in out.state.pending] == ["appointments"]


def test_section_4_12_a_founder_who_cannot_pay_moves_nobody():
    """§4.12: "If the founder cannot pay, the action aborts and nobody moves"."""
    state = court()
    state.player(BOB).resources[Resource.POW] = 7
    with pytest.raises(UnaffordableError):
        create_kingdom(state, BOB, [], CATALOG, RULES)


def test_section_4_12_a_king_cannot_found_a_kingdom():
    """§4.12: "an action; only a non-King may do it"."""
    with pytest.raises(NotEligibleError):
        create_kingdom(court(), ALICE, [], CATALOG, RULES)


def test_section_4_12_no_second_change_of_kingdom_in_a_turn():
    """§4.12: "A player cannot change kingdom more than once per turn"."""
    state = court()
    state.player(BOB).resources[Resource.POW] = 8
    state = create_kingdom(state, BOB, [], CATALOG, RULES).state
    state = join(state, CARLES, state.kingdoms[-1].id).state
    with pytest.raises(NotEligibleError):
        join(state, CARLES, 0)


def test_G49_joining_costs_the_old_offices_only():
    """G49: "The player loses all their old-kingdom offices ... They keep their assets"."""
    state = court()
    state.player(CARLES).resources[Resource.POW] = 8
    state = create_kingdom(state, CARLES, [], CATALOG, RULES).state
    asset = state.decks["assets_visible"].pop(0)
    state.player(BOB).assets = [asset]
    out = join(state, BOB, state.kingdoms[-1].id)
    assert out.state.kingdom(0).offices["tresorer"] is None
    assert out.state.player(BOB).assets == [asset]
    assert problems(out.state, CATALOG, RULES) == []


def test_section_4_12_expulsion_duels_each_asset_and_a_tie_leaves_it():
    """§4.12: "For each asset ... a duel between the expelled player and all the other members.
    ... a tie leaves it with the expelled player"."""
    state = court()
    state.player(BOB).assets = ["actiu-02"]
    out = expel(state, BOB, CATALOG, RULES)
    assert out.state.player(BOB).kingdom is None
    assert out.state.kingdom(0).offices["tresorer"] is None
    [duel] = out.state.pending
    assert duel.data["participants"] == [BOB, ALICE, CARLES, DIDAC]
    chests = {s: out.state.player(s).resources for s in duel.data["participants"]}
    fists = {BOB: {Resource.FOR: 2}, CARLES: {Resource.FOR: 2}}
    result = expulsion_asset_duel(BOB, [ALICE, CARLES, DIDAC], fists, chests, RULES)
    settled = settle_expulsion_duel(out.state, duel.id, result).state
    assert settled.player(BOB).assets == ["actiu-02"]
    assert settled.player(BOB).resources[Resource.FOR] == 1
    assert settled.pending == []


def test_section_4_12_the_member_who_outbids_takes_the_asset():
    """§4.12: "The winner keeps the asset"."""
    state = court()
    state.player(BOB).assets = ["actiu-02"]
    out = expel(state, BOB, CATALOG, RULES)
    [duel] = out.state.pending
    chests = {s: out.state.player(s).resources for s in duel.data["participants"]}
    result = expulsion_asset_duel(
        BOB, [ALICE, CARLES, DIDAC], {DIDAC: {Resource.FOR: 1}}, chests, RULES
    )
    settled = settle_expulsion_duel(out.state, duel.id, result).state
    assert settled.player(DIDAC).assets == ["actiu-02"]


def test_G38_a_hidden_asset_is_announced_without_its_title():
    """G38: "For a hidden asset, the duel is announced as 'a hidden asset' without its title"."""
    state = court()
    state.player(BOB).assets = ["actiu-01"]
    out = expel(state, BOB, CATALOG, RULES)
    announced = next(e for e in out.events if e.kind == "expulsion_duel_announced")
    assert announced.audience == PUBLIC and announced.data["asset"] is None


def test_section_4_12_an_expelled_player_cannot_found_a_kingdom_this_turn():
    """§4.12: "They cannot create or join a kingdom for the rest of this turn"."""
    state = expel(court(), BOB, CATALOG, RULES).state
    state.player(BOB).resources[Resource.POW] = 8
    with pytest.raises(NotEligibleError):
        create_kingdom(state, BOB, [], CATALOG, RULES)


def test_section_4_12_an_expelled_king_leaves_a_succession_struggle():
    """§4.12: "If the player was King: run a Succession struggle, without them"; G41: a tie goes
    to the tied contender earliest in turn order."""
    out = expel(court(), ALICE, CATALOG, RULES)
    [duel] = out.state.pending
    assert duel.data["purpose"] == "succession" and duel.data["participants"] == [
        BOB,
        CARLES,
        DIDAC,
    ]
    chests = {s: out.state.player(s).resources for s in (BOB, CARLES, DIDAC)}
    fists = {CARLES: {Resource.POW: 2}, DIDAC: {Resource.FOR: 2}}
    result = succession_duel([BOB, CARLES, DIDAC], None, out.state.turn_order, fists, chests, RULES)
    crowned = settle_succession(out.state, duel.id, result).state
    assert crowned.kingdom(0).king == CARLES
    assert crowned.kingdom(0).offices["rei"] == CARLES
    assert problems(crowned, CATALOG, RULES) == []


def test_section_4_12_the_new_king_gives_up_his_other_offices():
    """§4.12: "If the new King held other offices, he gives them up"."""
    out = expel(court(), ALICE, CATALOG, RULES)
    [duel] = out.state.pending
    chests = {s: out.state.player(s).resources for s in (BOB, CARLES, DIDAC)}
    result = succession_duel(
        [BOB, CARLES, DIDAC], None, out.state.turn_order, {BOB: {Resource.POW: 1}}, chests, RULES
    )
    crowned = settle_succession(out.state, duel.id, result).state
    assert crowned.offices_of(BOB) == ["rei"]


def test_G41_only_one_eligible_member_becomes_king_without_a_duel():
    """G41: "If only one eligible member remains, they become King without a duel"."""
    state = court()
    for seat in (CARLES, DIDAC):
        state.player(seat).kingdom = None
    out = expel(state, ALICE, CATALOG, RULES)
    assert out.state.kingdom(0).king == BOB and out.state.pending == []


def test_G42_a_sole_king_expelled_dissolves_the_kingdom():
    """§4.12: "if he was expelled, the kingdom dissolves"; G42: its crises and lasting events
    are discarded and its laws go to the law discard."""
    state = court()
    for seat in (BOB, CARLES, DIDAC):
        state.player(seat).kingdom = None
    law = state.decks["laws"].pop()
    state.kingdom(0).laws.append(law)
    crisis = state.decks["destiny"].pop()
    state.in_play.append(DestinyCard(crisis, CATALOG[crisis]["kind"], 0))
    out = expel(state, ALICE, CATALOG, RULES)
    assert out.state.kingdoms == [] and out.state.in_play == []
    assert law in out.state.decks["laws_discard"]
    assert problems(out.state, CATALOG, RULES) == []


def test_section_4_5_a_deposed_king_stays_a_member_without_the_throne():
    """§4.5 Revolution: "The King ... is deposed: run a Succession struggle without him"."""
    out = depose(court(), 0, CATALOG, RULES)
    assert out.state.player(ALICE).kingdom == 0
    assert out.state.kingdom(0).king is None
    assert out.state.pending[0].data["participants"] == [BOB, CARLES, DIDAC]


def test_section_4_12_kings_cannot_join_a_new_kingdom():
    """G40: "Kings cannot join"."""
    state = started_game(8, kings=[ALICE, ELENA])
    state.pending = []
    state.player(BOB).resources[Resource.POW] = 8
    with pytest.raises(NotEligibleError):
        create_kingdom(state, BOB, [ELENA], CATALOG, RULES)
