"""The end of the game (rules §4.17, G48) as the original tells it.

"Els jugadors revelen tots els seus recursos i cartes . A continuació, en Ordre de joc, cada
jugador s'alterna per activar una de les seves reaccions Al final de la partida - incloent
aquelles proporcionades pels seus objectius personals i col·lectius."

The table: Alice is Queen of four players (turn order Alice, Bob, Carles, Dídac), each kept one
collective and one personal objective of the test catalog. Alice holds the "Tresor" asset, a
free reaction (+2 Prestige), and the "Venda" tactic, a paid one (2 Money for 1 Prestige).
"""

import copy

import pytest

from consell.rules import decisions, endgame_turns
from consell.rules.dice import FixedDice
from consell.rules.endgame import END_OF_GAME, JUDGED, Verdict, finish_game, unruled
from consell.rules.errors import IllegalTransitionError, InvalidParameterError, NotEligibleError
from consell.rules.events import PUBLIC
from consell.rules.resources import Resource
from consell.rules.ruleset import Ruleset
from consell.rules.state import Pending, Status, card_id_of
from tests.rules.catalog import ALICE, BOB, CARLES, DIDAC, started_game
from tests.rules.catalog import CATALOG as BASE

RULES = Ruleset.default()
T = {"ca": "-", "en": "-"}
TRESOR = "actiu-01"
VENDA = "tactica-01"
GAIN_2 = [{"op": "gain", "who": "self", "resource": "PRE", "amount": 2}]
GAIN_1 = [{"op": "gain", "who": "self", "resource": "PRE", "amount": 1}]


def _catalog():
    catalog = copy.deepcopy(BASE)
    catalog[TRESOR]["abilities"] = [
        {"id": "lluir", "type": "reaction", "trigger": "at_end_of_game", "title": T, "text": T,
         "effect": GAIN_2},
    ]  # fmt: skip
    catalog[VENDA]["abilities"] = [
        {"id": "vendre", "type": "reaction", "trigger": "at_end_of_game", "title": T, "text": T,
         "cost": {"MON": 2}, "effect": GAIN_1},
    ]  # fmt: skip
    return catalog


CATALOG = _catalog()


def over(catalog=CATALOG):
    """The last turn is over: everything revealed, the first player asked (§4.17)."""
    state = started_game(4, kings=[ALICE])
    state.pending = []
    state.turn_order = [ALICE, BOB, CARLES, DIDAC]
    for p in state.players:
        p.tactics = []
    state.player(ALICE).assets.append(TRESOR)
    state.player(ALICE).tactics = [VENDA]
    begun = endgame_turns.begin_end_of_game(state)
    return endgame_turns.open_turns(begun.state, catalog, RULES, FixedDice([])).state, begun.events


def ending(state) -> Pending:
    return next(p for p in state.pending if p.kind == END_OF_GAME)


def keys(state, seat, catalog=CATALOG):
    return [o.key for o in endgame_turns.options(state, catalog, ending(state), seat)]


def choose(state, key, seat=None, catalog=CATALOG):
    pending = ending(state)
    who = pending.waiting_for[0] if seat is None else seat
    decision = {"pass": True} if key == "pass" else {"choose": key}
    return decisions.decide(state, catalog, RULES, FixedDice([]), pending.id, who, decision)


def play_out(state, catalog=CATALOG):
    """Everyone uses what they must, in turn, and lets paid reactions pass."""
    while ending(state).waiting_for:
        seat = ending(state).waiting_for[0]
        left = endgame_turns.options(state, catalog, ending(state), seat)
        must = [o for o in left if o.mandatory]
        state = choose(state, must[0].key if must else "pass", catalog=catalog).state
    return state


def objective_key(state, seat, index=0):
    return f"objective:{state.player(seat).objectives[index]}"


def test_section_4_17_everything_is_revealed_to_everyone():
    """§4.17: "All players reveal all their resources and hidden cards"."""
    state, events = over()
    [event] = [e for e in events if e.kind == "everything_revealed"]
    assert event.audience == PUBLIC
    alice = next(p for p in event.data["players"] if p["seat"] == ALICE)
    assert alice["objectives"] == state.player(ALICE).objectives
    assert alice["tactics"] == state.player(ALICE).tactics


def test_section_4_17_players_alternate_one_choice_each_in_turn_order():
    """§4.17: "en Ordre de joc, cada jugador s'alterna per activar una de les seves reaccions":
    Alice uses one, then Bob is asked, then Carles, Dídac, and Alice again."""
    state, _ = over()
    asked = []
    for _turn in range(5):
        asked.append(ending(state).waiting_for[0])
        seat = asked[-1]
        state = choose(state, objective_key(state, seat, len(asked) // 5)).state
    assert asked == [ALICE, BOB, CARLES, DIDAC, ALICE]


def test_section_4_17_objectives_are_among_the_end_of_game_reactions():
    """§4.17: "incloent aquelles proporcionades pels seus objectius personals i col·lectius":
    Alice's choices are her tactic's and her asset's reactions and her two objectives."""
    state, _ = over()
    assert keys(state, ALICE) == [
        f"tactic:{VENDA}|vendre",
        f"asset:{TRESOR}|lluir",
        *[f"objective:{o}" for o in state.player(ALICE).objectives],
    ]


def with_personal_condition(seat, condition):
    """The last turn over, where ``seat``'s personal objective asks for ``condition``."""
    catalog = copy.deepcopy(CATALOG)
    state, _ = over(catalog)
    personal = state.player(seat).objectives[1]
    catalog[card_id_of(personal)]["condition"] = condition
    return catalog, state, personal


def test_section_4_17_an_objective_is_judged_when_it_is_chosen():
    """§4.17, G48: one at a time, so the order counts: Alice's personal objective asks for 4 of
    a resource; she holds 5 Money. Spending 2 of it first on the paid reaction fails it."""
    catalog, state, personal = with_personal_condition(
        ALICE,
        {
            "test": "resource_at_least",
            "resource": "MON",
            "amount": 4,
        },
    )
    state.player(ALICE).resources[Resource.MON] = 5
    state = choose(state, f"tactic:{VENDA}|vendre", catalog=catalog).state
    for seat in (BOB, CARLES, DIDAC):
        state = choose(state, objective_key(state, seat), catalog=catalog).state
    before = state.player(ALICE).resources[Resource.PRE]
    out = choose(state, f"objective:{personal}", catalog=catalog)
    [judged] = [e for e in out.events if e.kind == "objective_judged"]
    assert judged.data["met"] is False and judged.audience == PUBLIC
    assert out.state.player(ALICE).resources[Resource.PRE] == before


def test_section_4_17_a_met_objective_adds_its_prestige_as_it_is_chosen():
    """§4.17: an objective gives its Prestige as an "At end of game" reaction."""
    catalog, state, personal = with_personal_condition(
        ALICE,
        {
            "test": "resource_at_least",
            "resource": "MON",
            "amount": 1,
        },
    )
    before = state.player(ALICE).resources[Resource.PRE]
    out = choose(state, f"objective:{personal}", catalog=catalog)
    assert out.state.player(ALICE).resources[Resource.PRE] == before + 3


def test_section_1_9_a_player_passes_only_when_what_is_left_is_paid():
    """§1.9: "les reaccions gratuïtes són obligatòries"; §4.17 "until nobody has any left or
    wants to use one": Alice may not pass while her free reaction and objectives remain."""
    state, _ = over()
    with pytest.raises(NotEligibleError):
        choose(state, "pass")
    state = choose(state, f"asset:{TRESOR}|lluir").state
    for _round in range(2):
        for seat in (BOB, CARLES, DIDAC):
            state = choose(state, objective_key(state, seat, _round)).state
        if _round == 0:
            state = choose(state, objective_key(state, ALICE)).state
    state = choose(state, objective_key(state, ALICE, 1)).state
    assert keys(state, ALICE) == [f"tactic:{VENDA}|vendre"]
    done = choose(state, "pass").state
    assert ending(done).waiting_for == []


def test_section_4_17_passing_is_final_and_the_others_go_on():
    """G32's rule for votes, kept here: a player who stops is not asked again."""
    state = play_out(over()[0])
    assert ending(state).waiting_for == []
    assert ALICE in ending(state).data["out"]
    assert keys(state, ALICE) == [f"tactic:{VENDA}|vendre"]


def test_section_4_17_only_the_player_whose_turn_it_is_chooses():
    """§4.17: "cada jugador s'alterna": Bob cannot choose on Alice's turn."""
    state, _ = over()
    with pytest.raises(NotEligibleError):
        choose(state, objective_key(state, BOB), seat=BOB)
    with pytest.raises(InvalidParameterError):
        choose(state, "objective:not-mine")


def test_section_4_17_the_game_ends_only_after_the_end_of_game_turns():
    """§4.17: "Un cop els jugadors hagin resolt aquests efectes es compara el seu Prestigi"."""
    state, _ = over()
    with pytest.raises(IllegalTransitionError):
        finish_game(state)


def test_section_4_17_the_highest_prestige_wins_and_the_verdicts_are_kept():
    """§4.17: "El jugador amb el valor més alt guanya"; the final screen lists each verdict."""
    state = play_out(over()[0])
    out = finish_game(state)
    final = {p.seat: p.resources[Resource.PRE] for p in out.state.players}
    assert out.state.status is Status.FINISHED
    assert out.state.winners == [s for s in out.state.turn_order if final[s] == max(final.values())]
    assert ALICE in out.state.winners  # her free reaction gave her 2 more than the others
    judged = out.state.progress[JUDGED]
    assert sorted((v["seat"], v["objective"]) for v in judged) == sorted(
        (p.seat, o) for p in out.state.players for o in p.objectives
    )


def test_section_4_17_tied_players_share_the_victory():
    """§4.17: "En cas d'empat els jugadors comparteixen la victòria"."""
    catalog = copy.deepcopy(CATALOG)
    catalog[TRESOR]["abilities"] = []
    catalog[VENDA]["abilities"] = []
    state = play_out(over(catalog)[0], catalog)
    out = finish_game(state)
    assert out.state.winners == list(out.state.turn_order)


def test_G48_a_kingdomless_player_fails_a_collective_objective():
    """G48: "a kingdomless player fails it unless the card says otherwise"."""
    state, _ = over()
    state.player(ALICE).kingdom = None
    collective = state.player(ALICE).objectives[0]
    out = choose(state, f"objective:{collective}")
    [judged] = [e for e in out.events if e.kind == "objective_judged"]
    assert (judged.data["met"], judged.data["by"]) == (False, "kingdomless")
    # Only a collective objective is about the kingdom: her personal one is judged as usual,
    # and so is a member's collective one.
    personal = state.player(ALICE).objectives[1]
    [judged] = [
        e for e in choose(state, f"objective:{personal}").events if e.kind == "objective_judged"
    ]
    assert judged.data["by"] != "kingdomless"
    member, _ = over()
    [judged] = [
        e for e in choose(member, f"objective:{collective}").events if e.kind == "objective_judged"
    ]
    assert judged.data["by"] != "kingdomless"


def test_G48_the_director_rules_what_the_app_cannot_check():
    """G48: "The app checks machine-checkable conditions automatically, and the director
    confirms the rest"."""
    catalog, state, personal = with_personal_condition(CARLES, {"test": "manual", "text": T})
    state = play_out(state, catalog)
    with pytest.raises(InvalidParameterError):
        finish_game(state)
    before = state.player(CARLES).resources[Resource.PRE]
    out = finish_game(state, {(CARLES, personal): True})
    assert out.state.player(CARLES).resources[Resource.PRE] == before + 3
    refused = finish_game(state, {(CARLES, personal): False})
    assert refused.state.player(CARLES).resources[Resource.PRE] == before


def test_section_4_17_other_decisions_are_settled_first():
    """§4.17 step 3 comes after every effect of step 2 is resolved."""
    state = play_out(over()[0])
    state.pending.append(Pending(99, "reaction", {}, [BOB]))
    with pytest.raises(IllegalTransitionError):
        finish_game(state)


def test_G48_the_director_is_asked_for_what_waits_and_the_end_is_told_to_everyone():
    """G48: "one it cannot check is ruled by the director"; §4.17: "es compara el seu Prestigi.
    El jugador amb el valor més alt guanya". The director's panel lists the objective waiting
    for a ruling, the refusal names it, and the end is told to everyone: each verdict with who
    gave it, every player's final Prestige, the winners."""
    catalog, state, personal = with_personal_condition(CARLES, {"test": "manual", "text": T})
    state = play_out(state, catalog)
    assert unruled(state) == [Verdict(CARLES, personal, 3, None, "director")]
    with pytest.raises(InvalidParameterError) as refused:
        finish_game(state)
    assert refused.value.details["needs"] == [(CARLES, personal)]
    out = finish_game(state, {(CARLES, personal): True})
    assert out.state.pending == [] and unruled(out.state) == []
    judged, final, won = out.events
    assert all(e.audience == PUBLIC for e in out.events)
    assert [e.kind for e in out.events] == ["objectives_judged", "final_prestige", "game_won"]
    ruled = {"seat": CARLES, "objective": personal, "met": True, "by": "director"}
    assert ruled in judged.data["verdicts"]
    assert final.data["prestige"] == {
        str(p.seat): p.resources[Resource.PRE] for p in out.state.players
    }
    assert won.data["winners"] == out.state.winners


def test_G48_the_app_judges_what_it_can_check_with_the_cards_held():
    """G48: "The app checks machine-checkable conditions automatically": Alice's personal
    objective asks for a "Luxe" card; she holds one, so the app rules it met."""
    catalog, state, personal = with_personal_condition(
        ALICE,
        {
            "test": "keyword_count_at_least",
            "keyword": "Luxe",
            "count": 1,
        },
    )
    state.player(ALICE).assets.append("actiu-03")  # Luxe
    out = choose(state, f"objective:{personal}", catalog=catalog)
    [judged] = [e for e in out.events if e.kind == "objective_judged"]
    assert (judged.data["met"], judged.data["by"]) == (True, "app")


def test_G48_a_collective_objective_that_speaks_of_being_kingdomless_is_judged():
    """G48: "a kingdomless player fails it unless the card says otherwise": a collective
    objective met by being kingdomless (or by a strong army) is judged by the app."""
    catalog = copy.deepcopy(CATALOG)
    state, _ = over(catalog)
    state.player(ALICE).kingdom = None
    collective = state.player(ALICE).objectives[0]
    catalog[card_id_of(collective)]["condition"] = {
        "test": "any",
        "of": [
            {"test": "indicator_at_least", "indicator": "army", "value": 9},
            {"test": "kingdomless"},
        ],
    }
    before = state.player(ALICE).resources[Resource.PRE]
    out = choose(state, f"objective:{collective}", catalog=catalog)
    [judged] = [e for e in out.events if e.kind == "objective_judged"]
    assert (judged.data["met"], judged.data["by"]) == (True, "app")
    assert out.state.player(ALICE).resources[Resource.PRE] == before + 2


def test_G48_a_kingdomless_failure_is_on_the_final_screen():
    """G48: the kingdomless player's failed collective objective is listed among the verdicts
    kept for the final screen, with its Prestige and why it failed."""
    state, _ = over()
    state.player(DIDAC).kingdom = None
    collective = state.player(DIDAC).objectives[0]
    out = finish_game(play_out(state))
    assert {
        "seat": DIDAC,
        "objective": collective,
        "prestige": 2,
        "met": False,
        "by": "kingdomless",
    } in out.state.progress[JUDGED]


def test_section_4_17_the_game_cannot_be_finished_before_its_last_turn():
    """§4.17: the comparison of Prestige comes "un cop els jugadors hagin resolt aquests
    efectes": in the middle of the game there is nothing to finish."""
    with pytest.raises(IllegalTransitionError):
        finish_game(started_game(4, kings=[ALICE]))


def test_section_4_17_the_refusal_names_the_decisions_to_settle_first():
    """§4.17 step 3 comes after every effect of step 2 is resolved: the refusal says which
    decisions still wait."""
    state = play_out(over()[0])
    state.pending.append(Pending(99, "reaction", {}, [BOB]))
    with pytest.raises(IllegalTransitionError) as refused:
        finish_game(state)
    assert refused.value.details["pending"] == ["reaction"]
