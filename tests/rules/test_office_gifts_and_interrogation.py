"""Card effects the engine now carries out instead of asking the director (rules §4.11, §6).

*Una guerra llunyana*: "el Mariscal (o el Rei, si està vacant) guanya 2 Força"; *El delme*: "el
Gran Sacerdot (o el Rei, si està vacant) guanya 2 Fe" — the same fallback production uses
(§4.11: "If that office is vacant, the King does"). *Interrogatori*: "el director et diu en
secret un dels objectius del jugador triat, a l'atzar", drawn with the game's dice.
"""

from __future__ import annotations

import pytest

from consell.rules import effects
from consell.rules.dice import HmacDice
from consell.rules.effects_context import Context
from consell.rules.resources import Resource
from consell.rules.state import Phase, PlannedAbility
from tests.rules.test_every_trigger import ALICE, BOB, CATALOG, RULES, table


def _card_effect(state, card: str):
    kingdom = state.player(ALICE).kingdom
    context = Context(owner=None, kingdom=kingdom, source=f"destiny:{card}")
    ops = CATALOG[card]["effect"]
    return effects.apply_ops(state, CATALOG, RULES, HmacDice(b"gift"), ops, context).state


GIFTS = pytest.mark.parametrize(
    ("card", "office", "resource"),
    [("guerra-llunyana", "mariscal", Resource.FOR), ("delme", "gran-sacerdot", Resource.FAI)],
)


def _gained(card: str, office: str, resource: Resource, holder: int | None) -> tuple[int, int]:
    """(who should receive the gift, how much they gained) once ``card`` applies, with
    ``office`` held by ``holder`` (None: vacant, so the King)."""
    state = table()
    kingdom = state.kingdom(state.player(ALICE).kingdom)
    kingdom.offices[office] = holder
    receiver = kingdom.king if holder is None else holder
    before = state.player(receiver).resources[resource]
    after = _card_effect(state, card)
    return receiver, after.player(receiver).resources[resource] - before


@GIFTS
def test_s411_an_office_gift_goes_to_the_holder(card, office, resource):
    assert _gained(card, office, resource, BOB) == (BOB, 2)


@GIFTS
def test_s411_an_office_gift_goes_to_the_king_while_the_office_is_vacant(card, office, resource):
    king, gained = _gained(card, office, resource, None)
    assert king is not None and gained == 2


def _interrogate(seed: bytes):
    state = table()
    state.phase = Phase.SECRETS
    kingdom = state.kingdom(state.player(ALICE).kingdom)
    kingdom.offices["mestre-espies"] = ALICE
    state.player(ALICE).resources[Resource.INT] = 5
    planned = PlannedAbility("office:mestre-espies", "interrogatori", {"target": BOB})
    dice = HmacDice(seed)
    out = effects.execute(state, CATALOG, RULES, dice, ALICE, planned, secret=True)
    return state, out, dice


def test_s6_interrogation_shows_one_of_the_targets_objectives_privately():
    """Interrogatori: one of the chosen player's objectives, in a note to the Spymaster alone."""
    state, out, dice = _interrogate(b"interrogatori")
    [note] = [n for n in out.state.player(ALICE).notes if n.kind == "objective_revealed"]
    assert note.data["seat"] == BOB
    assert note.data["objective"] in state.player(BOB).objectives
    [event] = [e for e in out.events if e.kind == "objective_revealed"]
    assert event.audience == (ALICE,)
    assert out.state.player(ALICE).resources[Resource.INT] == 3
    assert any("objective" in roll.purpose for roll in dice.rolls)


def test_s6_interrogation_draws_with_the_games_dice():
    """The same seed shows the same objective; over seeds both objectives come up."""
    shown = {
        _interrogate(bytes([n]))[1].state.player(ALICE).notes[-1].data["objective"]
        for n in range(12)
    }
    assert shown == set(table().player(BOB).objectives)
    first = _interrogate(b"same")[1].state.player(ALICE).notes[-1].data
    assert _interrogate(b"same")[1].state.player(ALICE).notes[-1].data == first
