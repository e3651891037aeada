"""Every reaction trigger the pack format accepts is raised by the engine and fires a reaction
of a card of the default pack (rules §4.3: "Cada reacció indica les condicions necessàries per
la seva activació").

Each case arranges a table dealt from the default pack, gives a player the card, does once
what the trigger names (through the engine's own procedure) and answers the triggers it raised
as the app does (``decisions.open_reactions``): the card's reaction is applied (a free one is
mandatory, §1.9) or offered to its owner (a paid one).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from consell.content.reader import read_pack
from consell.rules import (
    crisis_phase,
    decisions,
    effects,
    endgame,
    endgame_turns,
    kingdoms,
    phases,
    primitives,
    resolution,
)
from consell.rules.dice import FixedDice, HmacDice
from consell.rules.effects_context import Context
from consell.rules.ruleset import Ruleset
from consell.rules.setup import keep_objectives, setup_game, start_game
from consell.rules.state import DestinyCard, Phase, PlannedAbility

DEFAULT_PACK = Path(__file__).resolve().parents[2] / "consell" / "content" / "packs" / "default"
CATALOG = {c.data["id"]: {**c.data, "kind": c.kind} for c in read_pack(DEFAULT_PACK).cards}
RULES = Ruleset.default()
ALICE, BOB, CARLES = 1, 2, 3


def table():
    """Five players dealt from the default pack, in turn 1; Alice and Bob share a kingdom."""
    dice = HmacDice(b"every-trigger")
    names = ["Alice", "Bob", "Carles", "Didac", "Elena"]
    state = setup_game(names, CATALOG, RULES, dice).state
    collective = RULES.objectives_dealt[0]
    for p in state.players:
        offer = p.objective_offer
        state = keep_objectives(state, p.seat, offer[0], offer[collective], RULES).state
    state = start_game(state, dice).state
    state.player(BOB).kingdom = state.player(ALICE).kingdom
    return state


def give(state, seat: int, card: str) -> str:
    """Move ``card`` from wherever it lies to the player (a house swaps with its holder)."""
    for pile in (*state.decks.values(), *state.market.values()):
        while card in pile:
            pile.remove(card)
    player = state.player(seat)
    if CATALOG[card]["kind"] == "house":
        for other in state.players:
            if other.house == card:
                other.house = player.house
        player.house = card
    elif CATALOG[card]["kind"] == "asset":
        player.assets.append(card)
    else:
        player.tactics.append(card)
    return card


def answered(state, events, card: str, seat: int) -> bool:
    """Whether answering ``events``' triggers applies or offers ``seat`` the reaction of
    ``card``: an offer waits on their phone (paid), or the ability ran at once (free)."""
    wanted = {a["id"] for a in CATALOG[card]["abilities"] if a["type"] == "reaction"}
    out = decisions.open_reactions(state, CATALOG, RULES, FixedDice([]), events, secret=False)
    offered = any(
        p.kind == "reaction" and p.data["seat"] == seat and p.data["ability"] in wanted
        for p in out.state.pending
    )
    applied = any(
        e.kind == "ability_executed" and e.actor == seat and e.data.get("ability") in wanted
        for e in out.events
    )
    return offered or applied


def triggers(events) -> set[str]:
    return {e.data["trigger"] for e in events if e.kind == "trigger"}


def _plot(state):
    state.phase = Phase.SECRETS
    give(state, ALICE, "sicaris")
    planned = PlannedAbility("asset:sicaris", "atracament", {"targets": [BOB], "intrigue": 1})
    # Success die 1; detection dice 6 and 6: Bob detects the plot and its conspirator.
    return effects.execute(state, CATALOG, RULES, FixedDice([1, 6, 6]), ALICE, planned, secret=True)


def case_plot_against_me(state):
    source = give(state, BOB, "passadis-secret")
    return _plot(state), source, BOB


def case_plot_detected(state):
    source = give(state, BOB, "espia-a-palau")
    return _plot(state), source, BOB


def case_vote_started(state):
    source = give(state, BOB, "capella-de-musica")
    give(state, ALICE, "llei-d-urgencia")
    planned = PlannedAbility("tactic:llei-d-urgencia", "tramit", {"law": state.law_row[0]})
    out = effects.execute(state, CATALOG, RULES, FixedDice([]), ALICE, planned, secret=False)
    return out, source, BOB


def case_indicator_changed(state):
    source = give(state, BOB, "aigues-terboles")
    kingdom = state.player(BOB).kingdom
    op = {"op": "move_indicator", "kingdom": "own", "indicator": "stability", "delta": -1}
    context = Context(owner=None, kingdom=kingdom, source="destiny:test")
    return effects.apply_ops(state, CATALOG, RULES, FixedDice([]), [op], context), source, BOB


def _crisis(state):
    state.phase = Phase.CRISIS
    state.pending = []
    crisis = next(c for c, card in CATALOG.items() if card["kind"] == "crisis")
    state.in_play.append(DestinyCard(crisis, "crisis", state.player(BOB).kingdom))
    return crisis


def case_crisis_failed(state):
    source = give(state, BOB, "especulador")
    _crisis(state)
    return crisis_phase.resolve_next_crisis(state, CATALOG, RULES, FixedDice([])), source, BOB


def case_crisis_succeeded(state):
    source = give(state, BOB, "casa-campana")
    crisis = _crisis(state)
    accepted = CATALOG[crisis]["accepts"][0]
    for seat in state.members(state.player(BOB).kingdom):
        state.player(seat).resources[accepted] = 30
        state.player(seat).plan.indications.append(
            PlannedAbility(
                "common:contribuir-crisi",
                "contribuir-crisi",
                {"contributions": {crisis: {accepted: 30}}},
            )
        )
    return crisis_phase.resolve_next_crisis(state, CATALOG, RULES, FixedDice([])), source, BOB


def case_expelled(state):
    source = give(state, BOB, "cavall-de-posta")
    return kingdoms.expel(state, BOB, CATALOG, RULES), source, BOB


def case_duel_started(state):
    source = give(state, BOB, "castell-fronterer")
    give(state, ALICE, "repte-d-honor")
    planned = PlannedAbility("tactic:repte-d-honor", "repte", {"target": BOB})
    out = effects.execute(state, CATALOG, RULES, FixedDice([]), ALICE, planned, secret=False)
    return out, source, BOB


def case_end_of_turn(state):
    source = give(state, BOB, "rebost-ocult")
    state.phase = Phase.PRODUCTION
    state.pending = []
    return phases.advance(state, RULES), source, BOB


def case_at_end_of_game(state):
    """Not a trigger event: the end-of-game turns offer these reactions one at a time (§4.17);
    see ``test_s417_the_end_of_game_turns_offer_the_reaction_of_a_pack_card``."""
    source = give(state, BOB, "palau-d-estiu")
    state.turn = RULES.turns
    state.phase = Phase.END_OF_TURN
    state.pending = []
    begun = phases.advance(state, RULES)
    return endgame_turns.open_turns(begun.state, CATALOG, RULES, FixedDice([])), source, BOB


CASES = {name.removeprefix("case_"): f for name, f in globals().items() if name.startswith("case_")}


def test_every_trigger_of_the_pack_format_has_a_case_here():
    """The validator accepts ``primitives.TRIGGERS``; each is proved below."""
    assert sorted(CASES) == sorted(primitives.TRIGGERS)


RAISED = [t for t in primitives.TRIGGERS if t != endgame.AT_END_OF_GAME]


@pytest.mark.parametrize("trigger", RAISED)
def test_s43_the_engine_raises_the_trigger_and_a_pack_card_reacts(trigger):
    """§4.3: "Cada reacció indica les condicions necessàries per la seva activació"."""
    state = table()
    outcome, source, seat = CASES[trigger](state)
    assert trigger in triggers(outcome.events)
    assert answered(outcome.state, outcome.events, source, seat), (trigger, source)


def test_s417_the_end_of_game_turns_offer_the_reaction_of_a_pack_card():
    """§4.17: "en Ordre de joc, cada jugador s'alterna per activar una de les seves reaccions Al
    final de la partida": Bob's *Palau d'estiu* is among his end-of-game choices."""
    outcome, source, seat = case_at_end_of_game(table())
    pending = next(p for p in outcome.state.pending if p.kind == endgame.END_OF_GAME)
    offered = endgame_turns.options(outcome.state, CATALOG, pending, seat)
    assert f"asset:{source}|esplendor" in [o.key for o in offered]


def test_s34_secrets_hold_their_triggers_for_the_batch():
    """G52: triggers raised behind the screen wait for the end of the Secrets phase."""
    state = table()
    outcome, _source, _seat = case_plot_against_me(state)
    held = resolution.hold_triggers(outcome.state, outcome.events)
    assert {e.data["trigger"] for e in resolution.held_triggers(held)} == triggers(outcome.events)


def reaction_text(card: str) -> str:
    (reaction,) = [a for a in CATALOG[card]["abilities"] if a["type"] == "reaction"]
    return reaction["text"]["ca"]


@pytest.mark.parametrize(("detection", "reacts"), [((1, 1), False), ((6, 1), True), ((6, 6), True)])
def test_s46_a_discreet_plot_fires_none_of_its_targets_reactions(detection, reacts):
    """§4.6, Discreció: the target "no sabrà quina capacitat o efecte ho ha causat, ni qui n'ha
    estat el responsable". Bob's *Passadís secret* ("quan algú conspira contra tu, guanyes 2
    Intriga") answers a plot he detects, fully or partly, never a discreet one (threshold 4)."""
    assert "quan algú conspira contra tu" in reaction_text("passadis-secret")
    state = table()
    source = give(state, BOB, "passadis-secret")
    state.phase = Phase.SECRETS
    give(state, ALICE, "sicaris")
    planned = PlannedAbility("asset:sicaris", "atracament", {"targets": [BOB], "intrigue": 1})
    dice = FixedDice([1, *detection])  # the plot succeeds; then the two detection dice
    out = effects.execute(state, CATALOG, RULES, dice, ALICE, planned, secret=True)
    assert ("plot_against_me" in triggers(out.events)) is reacts
    assert answered(out.state, out.events, source, BOB) is reacts


def test_s417_an_asset_used_in_the_last_turn_still_offers_its_end_of_game_reaction():
    """§4.17: "cada jugador s'alterna per activar una de les seves reaccions Al final de la
    partida"; Actius' "un cop cada torn" counts turns, and the end of the game is none: Bob's
    *Palau d'estiu* ("Al final de la partida, guanyes 2 Prestigi"), used in the last turn, is
    still offered."""
    assert "Al final de la partida, guanyes 2 Prestigi" in reaction_text("palau-d-estiu")
    state = table()
    source = give(state, BOB, "palau-d-estiu")
    state.turn = RULES.turns
    state.player(BOB).assets_used[source] = state.turn  # it acted in the last turn
    state.phase, state.pending = Phase.END_OF_TURN, []
    begun = phases.advance(state, RULES)
    out = endgame_turns.open_turns(begun.state, CATALOG, RULES, FixedDice([]))
    pending = next(p for p in out.state.pending if p.kind == endgame.END_OF_GAME)
    offered = endgame_turns.options(out.state, CATALOG, pending, BOB)
    assert f"asset:{source}|esplendor" in [o.key for o in offered]


def test_s43_a_kingdoms_indicator_concerns_only_its_members():
    """§4.3 with *Temps revoltats* ("Quan canvia un indicador del teu regne, si el més baix és 2
    o menys, guanyes 2 Poder i 2 Intriga"): Alice's kingdom's Stability drops to 2; the card
    answers in Bob's hand, not in the hand of Carles, who belongs to no kingdom."""
    assert "Quan canvia un indicador del teu regne" in reaction_text("aigues-terboles")
    home = table().player(ALICE).kingdom
    for seat in (BOB, CARLES):
        state = table()
        state.player(CARLES).kingdom = None
        source = give(state, seat, "aigues-terboles")
        state.kingdom(home).indicators = {**state.kingdom(home).indicators, "stability": 3}
        op = {"op": "move_indicator", "kingdom": "own", "indicator": "stability", "delta": -1}
        context = Context(owner=None, kingdom=home, source="destiny:test")
        out = effects.apply_ops(state, CATALOG, RULES, FixedDice([]), [op], context)
        assert "indicator_changed" in triggers(out.events)
        assert answered(out.state, out.events, source, seat) is (seat == BOB), seat
