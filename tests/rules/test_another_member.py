"""Cards aimed at "un altre membre" never take their owner as the target (rules §4.2, G28).

*Rei* ("Desterrament"), *Gran Sacerdot* ("Excomunió"), *Ordre de desterrament* and *Judici
sumari* name "un altre membre" of the owner's kingdom: a King does not expel himself, a High
Priest does not excommunicate himself. A box naming the owner is invalid, so the ability aborts
("algun dels valors indicats és invàlid, s'abortarà l'execució de la capacitat"), nothing paid,
and the phone never offers the owner. The table is the one of ``test_lasting_cards``: Alice
(King) and Bob share a kingdom.
"""

from __future__ import annotations

import pytest

from consell.rules import cards, params
from consell.rules.errors import InvalidParameterError
from tests.rules.test_lasting_cards import (
    ALICE,
    BOB,
    CARLES,
    CATALOG,
    aborted,
    act,
    table,
    with_tactic,
)

CARDS = [
    ("office", "rei", "desterrament", "Paga 4 Poder: expulses del regne un altre membre."),
    ("office", "gran-sacerdot", "excomunio", "un altre membre del regne perd 1 Prestigi i 2 Fe"),
    ("tactic", "ordre-de-desterrament", "desterrar", "expulses del teu regne un altre membre"),
    ("tactic", "judici-sumari", "judici", "un altre membre del teu regne és executat"),
]


def holding(kind: str, card: str):
    """Alice holds the card: the King's office is hers; she is given the other one."""
    state = table()
    if kind == "tactic":
        return state, with_tactic(state, ALICE, card)
    state.kingdom(state.player(ALICE).kingdom).offices[card] = ALICE
    return state, f"office:{card}"


@pytest.mark.parametrize(("kind", "card", "ability", "quote"), CARDS)
def test_s42_un_altre_membre_refuses_the_owner_as_target(kind, card, ability, quote):
    assert quote in cards.ability(CATALOG, card, ability)["text"]["ca"]
    state, source = holding(kind, card)
    before = state.player(ALICE).resources
    own = act(state, ALICE, source, ability, target=ALICE)
    assert aborted(own)
    (reason,) = [e.data for e in own.events if e.kind == "abort_reason"]
    assert reason["code"] == "invalid_parameter"
    assert "another member of your kingdom, not you" in reason["reason"]
    assert own.state.player(ALICE).resources == before, "an aborted ability pays nothing"
    assert own.state.player(ALICE).kingdom is not None
    assert not aborted(act(state, ALICE, source, ability, target=BOB)), "another member is fine"
    assert aborted(act(state, ALICE, source, ability, target=CARLES)), "still of her kingdom"


@pytest.mark.parametrize(("kind", "card", "ability", "quote"), CARDS)
def test_g28_the_phone_never_offers_the_owner_for_un_altre_membre(kind, card, ability, quote):
    state, _source = holding(kind, card)
    spec = cards.ability(CATALOG, card, ability)
    (box,) = spec["params"]
    seats = [p.seat for p in state.players]
    assert params.offered(state, CATALOG, ALICE, box, seats) == [BOB]
    with pytest.raises(InvalidParameterError):
        params.check_at_planning(state, CATALOG, ALICE, spec, {"target": ALICE})
