"""Who a crisis's reactions concern: the members of the kingdom whose crisis it is (§4.3, G51).

The cards say "Quan fracassa una crisi del teu regne" (*Especulador*, *Graner reial*, ...) or
"Quan se supera una crisi del teu regne" (*Heroi del poble*, *Casa de la Campana*). The
kingdomless players face their own destiny card: "Si un o més jugadors no pertanyen a cap regne,
es tracten com si formessin part d'un regne format per aquests jugadors" (Fase de destí), so the
group's crisis is "del teu regne" for them, and for nobody else. The table is the one of
``test_lasting_cards``: Alice (King) and Bob, Carles (King) and Didac, Elena kingdomless.
"""

from __future__ import annotations

from consell.rules import crisis_phase, decisions
from consell.rules.dice import FixedDice
from consell.rules.resources import Resource
from consell.rules.state import DestinyCard, Phase, PlannedAbility
from tests.rules.test_lasting_cards import (
    ALICE,
    BOB,
    CARLES,
    CATALOG,
    DIDAC,
    ELENA,
    RULES,
    with_tactic,
)
from tests.rules.test_lasting_cards import table as dealt

CRISIS_REACTIONS = ("crisis_failed", "crisis_succeeded")


def text_of(card: str) -> str:
    """The Catalan text of the card's reaction."""
    (reaction,) = [a for a in CATALOG[card]["abilities"] if a["type"] == "reaction"]
    return reaction["text"]["ca"]


def crisis_of(state, kingdom, *, overcome: bool):
    """Bandolerisme in ``kingdom`` (None: the kingdomless group) fails, or is overcome by
    everyone concerned putting in 10 Force; its triggers answered as the app does."""
    state.phase, state.pending = Phase.CRISIS, []
    state.in_play.append(DestinyCard("bandolerisme", "crisis", kingdom))
    if overcome:
        for seat in state.members(kingdom):
            state.player(seat).plan.indications.append(
                PlannedAbility(
                    "common:contribuir-crisi",
                    "contribuir-crisi",
                    {"contributions": {"bandolerisme": {"FOR": 10}}},
                )
            )
    resolved = crisis_phase.resolve_next_crisis(state, CATALOG, RULES, FixedDice([]))
    return decisions.open_reactions(
        resolved.state, CATALOG, RULES, FixedDice([]), resolved.events, secret=False
    )


def reacting(outcome) -> set[int]:
    """Seats whose reaction to the crisis ran at once or waits on their phone."""
    ran = {
        e.actor
        for e in outcome.events
        if e.kind == "ability_executed" and e.actor is not None and e.data.get("ability")
    }
    offered = {
        p.data["seat"]
        for p in outcome.state.pending
        if p.kind == "reaction" and p.data["trigger"] in CRISIS_REACTIONS
    }
    return ran | offered


def table():
    """The dealt table without houses, so only the cards each test gives react."""
    state = dealt()
    for p in state.players:
        p.house = None
    return state


def kingdomless_group(state):
    """Didac leaves Carles's kingdom: Didac and Elena are the kingdomless group. Only Carles
    keeps a house, *Casa de l'Espiga* ("Quan fracassa una crisi del teu regne, vens el gra car:
    guanyes 2 Diners")."""
    state.player(DIDAC).kingdom = None
    state.player(CARLES).house = "casa-espiga"
    return state


def test_g51_the_kingdomless_groups_failed_crisis_concerns_only_its_members():
    """*Especulador*: "Quan fracassa una crisi del teu regne, guanyes 3 Diners." Carles, of
    another kingdom, gains nothing when the group's crisis fails, nor from his house's *Graners
    plens*; *Graner reial* ("cada membre
    del regne guanya 1 Diner"), held by Elena, feeds the group: Elena and Didac."""
    assert "Quan fracassa una crisi del teu regne, guanyes 3 Diners." in text_of("especulador")
    assert "cada membre del regne guanya 1 Diner" in text_of("graner-reial")
    state = kingdomless_group(table())
    with_tactic(state, CARLES, "especulador")
    state.player(ELENA).assets.append("graner-reial")
    state.player(ALICE).assets.append("guarnicio-de-la-ciutat")
    out = crisis_of(state, None, overcome=False)
    assert reacting(out) <= {DIDAC, ELENA}
    assert ELENA in reacting(out)
    money = {s: out.state.player(s).resources[Resource.MON] for s in (CARLES, DIDAC, ELENA)}
    # Bandolerisme: "qui no hi ha contribuït perd 2 Diners"; then the granary's 1 each.
    assert money == {CARLES: 10, DIDAC: 9, ELENA: 9}
    assert out.state.player(ALICE).resources[Resource.FOR] == 10


def test_g51_the_kingdomless_groups_overcome_crisis_concerns_only_its_members():
    """*Heroi del poble*: "Quan se supera una crisi del teu regne, pots pagar 2 Diners per
    celebrar-ho i guanyar 1 Prestigi": offered to Elena for the group's crisis, not to Bob."""
    assert "Quan se supera una crisi del teu regne" in text_of("heroi-del-poble")
    for seat, offered in ((BOB, False), (ELENA, True)):
        state = table()
        with_tactic(state, seat, "heroi-del-poble")
        out = crisis_of(state, None, overcome=True)
        assert (seat in reacting(out)) is offered
        assert reacting(out) <= {ELENA}


def test_s43_a_kingdoms_crisis_concerns_only_that_kingdoms_members():
    """§4.3 with "una crisi del teu regne": Alice's kingdom's failed crisis pays Bob's
    *Especulador*, not Carles's (another kingdom) nor Elena's (the kingdomless group)."""
    for seat, gains in ((BOB, 3), (CARLES, 0), (ELENA, 0)):
        state = table()
        with_tactic(state, seat, "especulador")
        before = state.player(seat).resources[Resource.MON]
        out = crisis_of(state, state.player(ALICE).kingdom, overcome=False)
        assert reacting(out) <= {ALICE, BOB}
        lost = 2 if seat == BOB else 0  # "qui no hi ha contribuït perd 2 Diners"
        assert out.state.player(seat).resources[Resource.MON] == before - lost + gains
