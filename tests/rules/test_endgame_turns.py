"""The end-of-game turns (rules §4.17 step 2, G48): what opens them and what each turn tells.

"En Ordre de joc, cada jugador s'alterna per activar una de les seves reaccions Al final de la
partida - incloent aquelles proporcionades pels seus objectius personals i col·lectius", "until
nobody has any left or wants to use one".

The table, as in ``test_endgame``: Alice is Queen of four players (turn order Alice, Bob,
Carles, Dídac), each kept one collective and one personal objective. Alice holds the "Tresor"
asset, a free reaction (+2 Prestige), and the "Venda" tactic, a paid one (2 Money for 1
Prestige). Laws and events in force get their ``end_of_game`` rules here, card by card.
"""

import copy

from consell.rules import decisions, endgame_turns
from consell.rules.dice import FixedDice, HmacDice
from consell.rules.endgame import END_OF_GAME
from consell.rules.events import DIRECTOR, PUBLIC
from consell.rules.resources import Resource
from consell.rules.state import DestinyCard
from tests.rules.catalog import ALICE, BOB, CARLES, DIDAC, started_game
from tests.rules.test_endgame import CATALOG as ENDGAME_CATALOG
from tests.rules.test_endgame import RULES, TRESOR, VENDA, T

BOB_VENDA = "tactica-02"
LAW = "llei-01"
EVENT = "esdeveniment-01"
LOSE_1 = {"op": "lose", "who": "members", "resource": "PRE", "amount": 1}
BY_HAND = {"op": "manual", "text": {"ca": "Compteu-ho.", "en": "Count it."}}


def _catalog():
    """``test_endgame``'s table, where Bob holds a "Venda" of his own."""
    catalog = copy.deepcopy(ENDGAME_CATALOG)
    [vendre] = catalog[VENDA]["abilities"]
    catalog[BOB_VENDA]["abilities"] = [vendre]
    return catalog


CATALOG = _catalog()
VENDRE = CATALOG[VENDA]["abilities"][0]


def last_turn_over(catalog=CATALOG, prepare=None):
    """The last turn is over and everything is revealed (§4.17 step 1); the turns not open."""
    state = started_game(4, kings=[ALICE])
    state.pending = []
    state.turn_order = [ALICE, BOB, CARLES, DIDAC]
    for p in state.players:
        p.tactics = []
    state.player(ALICE).assets.append(TRESOR)
    state.player(ALICE).tactics = [VENDA]
    if prepare is not None:
        prepare(state)
    return endgame_turns.begin_end_of_game(state).state


def over(catalog=CATALOG, prepare=None, dice=None):
    """The end-of-game turns are open: the first player with a choice is asked (§4.17)."""
    begun = last_turn_over(catalog, prepare)
    return endgame_turns.open_turns(begun, catalog, RULES, dice or FixedDice([]))


def ending(state):
    return next(p for p in state.pending if p.kind == END_OF_GAME)


def keys(state, seat, catalog=CATALOG):
    return [o.key for o in endgame_turns.options(state, catalog, ending(state), seat)]


def choose(state, key, catalog=CATALOG, params=None, dice=None):
    pending = ending(state)
    who = pending.waiting_for[0]
    decision = {"pass": True} if key == "pass" else {"choose": key}
    if params is not None:
        decision["params"] = params
    return decisions.decide(state, catalog, RULES, dice or FixedDice([]), pending.id, who, decision)


def objective_key(state, seat, index=0):
    return f"objective:{state.player(seat).objectives[index]}"


def prestige(state):
    return {p.seat: p.resources[Resource.PRE] for p in state.players}


def with_lasting(catalog, card, *rules):
    catalog = copy.deepcopy(catalog)
    catalog[card]["lasting"] = list(rules)
    return catalog


def test_4_17_the_end_of_game_turns_open_once():
    """§4.17: step 2 comes once, after the last turn ("Un cop els jugadors hagin resolt aquests
    efectes es compara el seu Prestigi"). The service asks whether they are open after every
    turn: not during the game, not yet once everything is revealed, and opening them again
    neither applies the laws a second time nor gives the turn back to the first player."""
    catalog = with_lasting(CATALOG, LAW, {"rule": "end_of_game", "effect": [LOSE_1]})
    during = started_game(4, kings=[ALICE])
    assert during.pending and endgame_turns.opened(during)

    def law_in_force(state):
        state.kingdoms[0].laws.append(LAW)

    begun = last_turn_over(catalog, law_in_force)
    assert not endgame_turns.opened(begun)
    first = endgame_turns.open_turns(begun, catalog, RULES, FixedDice([]))
    assert endgame_turns.opened(first.state)
    assert prestige(first.state) == {seat: before - 1 for seat, before in prestige(begun).items()}
    state = choose(first.state, f"asset:{TRESOR}|lluir", catalog).state
    assert ending(state).waiting_for == [BOB]

    again = endgame_turns.open_turns(state, catalog, RULES, FixedDice([]))
    assert again.events == ()
    assert prestige(again.state) == prestige(state)
    assert ending(again.state).waiting_for == [BOB]


def test_4_17_a_law_in_force_acts_at_the_end_in_its_kingdom_naming_itself():
    """Llei sumptuària: "cada membre que tingui 3 cartes Luxe o més perd 1 Prestigi al final de
    la partida": a law's end-of-game rule acts when the turns open, in its kingdom, after any
    other rule the law keeps. What the app cannot apply goes to the director, naming the law
    (G1: the director "performs or confirms every resolution step")."""
    catalog = with_lasting(
        CATALOG,
        LAW,
        {"rule": "trade", "during": "actions"},
        {"rule": "end_of_game", "effect": [LOSE_1, BY_HAND]},
    )

    def law_in_force(state):
        state.kingdoms[0].laws.append(LAW)

    begun = last_turn_over(catalog, law_in_force)
    out = endgame_turns.open_turns(begun, catalog, RULES, FixedDice([]))
    assert prestige(out.state) == {seat: before - 1 for seat, before in prestige(begun).items()}
    lost = [e for e in out.events if e.kind == "resources_lost"]
    assert sorted(e.data["seat"] for e in lost) == [ALICE, BOB, CARLES, DIDAC]
    assert all(e.audience == PUBLIC for e in lost)
    [told] = [e for e in out.events if e.kind == "manual_effect"]
    assert (told.audience, told.data["source"]) == (DIRECTOR, f"law:{LAW}")
    [by_hand] = [p for p in out.state.pending if p.kind == "manual"]
    assert by_hand.data["source"] == f"law:{LAW}" and by_hand.data["card"] == LAW
    assert (by_hand.data["kingdom"], by_hand.data["group"]) == (0, False)
    assert ending(out.state).waiting_for == [ALICE]


def test_G51_an_event_of_the_kingdomless_group_acts_on_its_members_at_the_end():
    """G51: kingdomless players "es tracten com si formessin part d'un regne" for destiny cards:
    an event in play for the group (G46: "Mentre duri") whose rule acts at the end of the game
    falls on the kingdomless players, and the director is told it is that event."""
    catalog = with_lasting(CATALOG, EVENT, {"rule": "end_of_game", "effect": [LOSE_1, BY_HAND]})

    def group_event(state):
        state.player(DIDAC).kingdom = None
        state.in_play.append(DestinyCard(EVENT, "event", None, remaining=1))

    begun = last_turn_over(catalog, group_event)
    out = endgame_turns.open_turns(begun, catalog, RULES, FixedDice([]))
    before = prestige(begun)
    assert prestige(out.state) == {**before, DIDAC: before[DIDAC] - 1}
    [told] = [e for e in out.events if e.kind == "manual_effect"]
    assert told.data["source"] == f"event:{EVENT}"
    [by_hand] = [p for p in out.state.pending if p.kind == "manual"]
    assert (by_hand.data["source"], by_hand.data["card"]) == (f"event:{EVENT}", EVENT)
    assert (by_hand.data["kingdom"], by_hand.data["group"]) == (None, True)


def test_4_17_a_law_s_random_pick_at_the_end_uses_the_game_s_dice():
    """Principle 5 (docs/principles.md): every random pick comes from the game's provable dice.
    A law that takes a random tactic from each member at the end does so before the turns
    open, so the tactic's end-of-game reaction is no longer Alice's to choose."""
    discard = {"op": "discard", "who": "members", "what": "random_tactic", "count": 1}
    catalog = with_lasting(CATALOG, LAW, {"rule": "end_of_game", "effect": [discard]})

    def law_in_force(state):
        state.kingdoms[0].laws.append(LAW)

    dice = HmacDice(b"end-of-game")
    out = over(catalog, law_in_force, dice)
    assert out.state.player(ALICE).tactics == []
    assert f"tactic:{VENDA}|vendre" not in keys(out.state, ALICE, catalog)
    assert [r.purpose for r in dice.rolls] == [f"random tactic of seat {ALICE}"]


def test_4_17_decisions_asked_at_the_end_are_numbered_after_the_game_s():
    """§4.17 step 2 asks one decision after another; each has its own number, following on
    from the game's, so a phone's answer reaches the decision it was given for."""
    catalog = with_lasting(CATALOG, LAW, {"rule": "end_of_game", "effect": [BY_HAND]})

    def law_in_force(state):
        state.kingdoms[0].laws.append(LAW)
        state.next_pending_id = 7

    out = over(catalog, law_in_force)
    assert [(p.id, p.kind) for p in out.state.pending] == [(7, END_OF_GAME), (8, "manual")]
    assert out.state.next_pending_id == 9
    used = decisions.decide(
        out.state, catalog, RULES, FixedDice([]), 7, ALICE, {"choose": f"asset:{TRESOR}|lluir"}
    )
    assert ending(used.state).waiting_for == [BOB]
    assert [p.id for p in used.state.pending if p.kind == "manual"] == [8]


def test_4_17_an_end_of_game_reaction_with_boxes_is_used_with_them_in_public():
    """§4.17 step 1 reveals everything, so the reactions of step 2 are used before everyone
    (none is secret), with the boxes the player fills (§1.9) and the game's dice: Alice's asset
    takes a random tactic from the player she names, and with it Bob's paid reaction."""
    catalog = copy.deepcopy(CATALOG)
    catalog[TRESOR]["abilities"] = [
        {"id": "saquejar", "type": "reaction", "trigger": "at_end_of_game", "title": T, "text": T,
         "params": [{"name": "target", "type": "player", "scope": "others"}],
         "effect": [{"op": "discard", "who": "$target", "what": "random_tactic", "count": 1}]},
    ]  # fmt: skip

    def bob_sells(state):
        state.player(BOB).tactics = [BOB_VENDA]

    state = over(catalog, bob_sells).state
    assert f"tactic:{BOB_VENDA}|vendre" in keys(state, BOB, catalog)
    dice = HmacDice(b"end-of-game")
    out = choose(state, f"asset:{TRESOR}|saquejar", catalog, {"target": BOB}, dice)
    assert out.state.player(BOB).tactics == []
    assert f"tactic:{BOB_VENDA}|vendre" not in keys(out.state, BOB, catalog)
    assert [r.purpose for r in dice.rolls] == [f"random tactic of seat {BOB}"]
    [executed] = [e for e in out.events if e.kind == "ability_executed"]
    [discarded] = [e for e in out.events if e.kind == "tactics_discarded"]
    assert executed.audience == PUBLIC and discarded.audience == PUBLIC
    assert discarded.data == {"seat": BOB, "count": 1}


def test_4_17_each_choice_is_told_to_everyone_naming_the_card_and_who_chose():
    """§4.17: the turns alternate in the open (step 1 revealed everything): the table and the
    audit see whose choice it was, which reaction of which card, and each objective's verdict
    (G48) as it is judged."""
    state = over().state
    out = choose(state, f"asset:{TRESOR}|lluir")
    [chosen] = [e for e in out.events if e.kind == "end_of_game_choice"]
    assert (chosen.audience, chosen.actor) == (PUBLIC, ALICE)
    assert chosen.data == {
        "seat": ALICE,
        "source": f"asset:{TRESOR}",
        "ability": "lluir",
        "card": TRESOR,
    }
    state = out.state
    objective = state.player(BOB).objectives[0]
    out = choose(state, objective_key(state, BOB))
    [chosen] = [e for e in out.events if e.kind == "end_of_game_choice"]
    [judged] = [e for e in out.events if e.kind == "objective_judged"]
    assert (chosen.actor, chosen.data["ability"], chosen.data["card"]) == (BOB, None, objective)
    assert (judged.audience, judged.actor) == (PUBLIC, BOB)
    assert (judged.data["seat"], judged.data["objective"]) == (BOB, objective)


def test_4_17_a_common_action_s_end_of_game_reaction_is_everyone_s_and_named():
    """§1.7: a common action tile is every player's; a pack may give one an "Al final de la
    partida" reaction, which each player may then choose, the choice naming the tile."""
    catalog = copy.deepcopy(CATALOG)
    catalog["apostes"]["abilities"] = [{**VENDRE, "id": "apostar"}]
    state = over(catalog).state
    for seat in (ALICE, BOB, CARLES, DIDAC):
        assert "common:apostes|apostar" in keys(state, seat, catalog)
    out = choose(state, "common:apostes|apostar", catalog)
    [chosen] = [e for e in out.events if e.kind == "end_of_game_choice"]
    assert (chosen.data["source"], chosen.data["card"]) == ("common:apostes", "apostes")
    assert out.state.player(ALICE).resources[Resource.PRE] == (
        state.player(ALICE).resources[Resource.PRE] + 1
    )


def test_4_17_a_pass_is_told_and_the_next_player_in_turn_order_is_asked():
    """§4.17 "until nobody has any left or wants to use one": Bob, with only a paid reaction
    left, passes on his turn; the table sees it, and Carles, next in turn order, is asked
    (not Alice again, though she has choices left)."""

    def bob_only_sells(state):
        state.player(BOB).objectives = []
        state.player(BOB).tactics = [BOB_VENDA]

    state = over(prepare=bob_only_sells).state
    state = choose(state, f"asset:{TRESOR}|lluir").state
    assert ending(state).waiting_for == [BOB]
    out = choose(state, "pass")
    [passed] = out.events
    assert (passed.kind, passed.audience, passed.actor) == ("end_of_game_passed", PUBLIC, BOB)
    assert passed.data == {"seat": BOB}
    assert ending(out.state).waiting_for == [CARLES]
    assert keys(out.state, ALICE)


def test_4_17_a_player_who_passed_is_skipped_and_the_others_go_on():
    """G32's rule for votes, kept here: passing is final. Alice, with only her paid tactic,
    passes first; when the turn comes round to her again, Bob is asked after Dídac."""

    def alice_only_sells(state):
        state.player(ALICE).objectives = []
        state.player(ALICE).assets = []

    state = over(prepare=alice_only_sells).state
    state = choose(state, "pass").state
    for seat in (BOB, CARLES, DIDAC):
        assert ending(state).waiting_for == [seat]
        state = choose(state, objective_key(state, seat)).state
    assert ending(state).waiting_for == [BOB]
    assert keys(state, ALICE) == [f"tactic:{VENDA}|vendre"]
