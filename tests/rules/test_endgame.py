"""The end of the game (rules §4.17, G48)."""

import pytest

from consell.rules.endgame import begin_end_of_game, finish_game
from consell.rules.errors import IllegalTransitionError, InvalidParameterError
from consell.rules.events import PUBLIC
from consell.rules.resources import Resource
from consell.rules.state import Pending, Status
from tests.rules.catalog import ALICE, BOB, CARLES, CATALOG, DIDAC, started_game


def over():
    state = started_game(4, kings=[ALICE])
    state.pending = []
    return begin_end_of_game(state)


def never(condition, state, seat):
    return False


def test_section_4_17_everything_is_revealed_to_everyone():
    """§4.17: "All players reveal all their resources and hidden cards"."""
    out = over()
    [event] = [e for e in out.events if e.kind == "everything_revealed"]
    assert event.audience == PUBLIC
    alice = next(p for p in event.data["players"] if p["seat"] == ALICE)
    assert alice["objectives"] == out.state.player(ALICE).objectives
    assert alice["tactics"] == out.state.player(ALICE).tactics


def test_section_4_17_met_objectives_add_their_prestige_and_the_highest_wins():
    """§4.17: "Compare Prestige. The highest total wins"."""
    state = over().state

    def alice_only(condition, state, seat):
        return seat == ALICE

    out = finish_game(state, CATALOG, alice_only)
    assert out.state.player(ALICE).resources[Resource.PRE] == 3 + 2 + 3
    assert out.state.winners == [ALICE] and out.state.status is Status.FINISHED


def test_section_4_17_tied_players_share_the_victory():
    """§4.17: "tied players share the victory"."""
    out = finish_game(over().state, CATALOG, never)
    assert sorted(out.state.winners) == [ALICE, BOB, CARLES, DIDAC]


def test_G48_a_kingdomless_player_fails_a_collective_objective():
    """G48: "a kingdomless player fails it unless the card says otherwise"."""
    state = over().state
    state.player(BOB).kingdom = None
    out = finish_game(state, CATALOG, lambda condition, state, seat: True)
    verdicts = next(e for e in out.events if e.kind == "objectives_judged").data["verdicts"]
    bobs = [v for v in verdicts if v["seat"] == BOB]
    assert [(v["met"], v["by"]) for v in bobs] == [(False, "kingdomless"), (True, "app")]


def test_G48_the_director_rules_what_the_app_cannot_check():
    """G48: "The app checks machine-checkable conditions automatically, and the director
    confirms the rest"."""
    state = over().state

    def unsure(condition, state, seat):
        return None if seat == CARLES else False

    with pytest.raises(InvalidParameterError):
        finish_game(state, CATALOG, unsure)
    rulings = {(CARLES, o): True for o in state.player(CARLES).objectives}
    out = finish_game(state, CATALOG, unsure, rulings)
    assert out.state.winners == [CARLES]


def test_section_4_17_end_of_game_reactions_come_first():
    """§4.17 step 2: "players take turns activating one of their 'At end of game' reactions"
    before Prestige is compared."""
    state = over().state
    state.pending.append(Pending(99, "reaction", {}, [BOB]))
    with pytest.raises(IllegalTransitionError):
        finish_game(state, CATALOG, never)
