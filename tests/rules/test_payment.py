"""Paying costs from a chest (rules §4.1, §4.2, G13, G30, G53)."""

import pytest

from consell.rules.errors import InvalidParameterError, InvalidStateError, UnaffordableError
from consell.rules.payment import can_pay, funds, lose, missing, pay, pay_capped
from consell.rules.resources import Resource, holdings

POW, MON, INT, FOR, FAI, FAV, PRE = (
    Resource.POW,
    Resource.MON,
    Resource.INT,
    Resource.FOR,
    Resource.FAI,
    Resource.FAV,
    Resource.PRE,
)


def test_4_1_paying_returns_resources_to_the_reserve():
    """ "Paying a cost means returning resources from the player's chest to the general reserve."""
    alice = holdings(POW=3, MON=2)
    payment = pay(alice, {POW: 2, MON: 1})
    assert payment.holdings == holdings(POW=1, MON=1)
    assert payment.paid == holdings(POW=2, MON=1)


def test_4_1_favor_is_the_last_resort():
    """ "Favor is used only as a last resort." Alice holds 1 POW and 2 FAV; a cost of 2 POW
    takes her Power first and one Favor for the rest."""
    alice = holdings(POW=1, FAV=2)
    payment = pay(alice, {POW: 2})
    assert payment.paid == holdings(POW=1, FAV=1)
    assert payment.favor_used == 1
    assert payment.holdings == holdings(FAV=1)


def test_4_1_favor_is_not_spent_while_the_resource_is_held():
    """ "Favor is used only as a last resort": with enough Force, no Favor is touched."""
    payment = pay(holdings(FOR=3, FAV=5), {FOR: 3})
    assert payment.favor_used == 0


def test_4_1_favor_never_replaces_prestige():
    """ "Favor never replaces Prestige (DEFAULT, G13)." Bob has Favor but too little Prestige."""
    bob = holdings(PRE=1, FAV=9)
    with pytest.raises(UnaffordableError) as error:
        pay(bob, {PRE: 2})
    assert error.value.code == "unaffordable"
    assert "Prestige" in str(error.value)
    assert error.value.details["missing"] == {"PRE": 1}


def test_4_1_an_unaffordable_cost_pays_nothing():
    """ "If the player cannot pay, nothing is paid and the ability does not execute." Carles
    holds 2 POW and 1 FAV against a cost of 4 POW: the error says 1 is short, and his chest
    is untouched."""
    carles = holdings(POW=2, FAV=1)
    with pytest.raises(UnaffordableError) as error:
        pay(carles, {POW: 4})
    assert error.value.details == {"cost": {"POW": 4}, "missing": {"FAV": 1}}
    assert "Cannot pay 4 Power" in str(error.value)
    assert carles == holdings(POW=2, FAV=1)


def test_4_2_an_aborted_ability_costs_nothing():
    """ "An aborted ability costs nothing." ``can_pay`` says so before anything is paid."""
    assert not can_pay(holdings(MON=1), {MON: 1, INT: 1})
    assert missing(holdings(MON=1), {MON: 1, INT: 1}) == holdings(FAV=1)
    assert can_pay(holdings(MON=1, FAV=1), {MON: 1, INT: 1})


def test_4_1_a_cost_in_favor_is_paid_in_favor():
    """A cost written in Favor cannot be paid with anything else (G13 makes Favor a
    stand-in, not the other way round)."""
    with pytest.raises(UnaffordableError):
        pay(holdings(POW=5), {FAV: 1})
    assert pay(holdings(POW=5, FAV=2), {FAV: 1, POW: 1}).paid == holdings(POW=1, FAV=1)


def test_4_1_a_negative_cost_is_refused():
    """A cost is an amount to return to the reserve: a negative one is a mistake on the card."""
    with pytest.raises(InvalidParameterError) as error:
        pay(holdings(POW=3), {POW: -1})
    assert error.value.code == "invalid_parameter"


def test_4_1_an_unknown_resource_is_refused():
    """Costs name the seven resources of rules §1.5 only."""
    with pytest.raises(InvalidParameterError):
        pay(holdings(POW=3), {"GOLD": 1})


def test_g53_a_negative_chest_is_a_broken_state():
    """ "Holdings never go below 0." A chest that does is refused, not paid from."""
    with pytest.raises(InvalidStateError):
        pay({POW: -1}, {})


def test_4_10_capped_payment_gives_as_much_as_possible():
    """ "If there are not enough resources ... as many resources as possible": Alice declares
    5 FAI with 3 FAI and 1 FAV; she pays 3 FAI and 1 FAV, and 1 is short."""
    payment = pay_capped(holdings(FAI=3, FAV=1), {FAI: 5})
    assert payment.paid == holdings(FAI=3, FAV=1)
    assert payment.short == holdings(FAI=1)
    assert payment.holdings == holdings()


def test_g30_vigilance_is_capped_to_intrigue_and_favor():
    """ "Vigilance is capped at the start of the Secrets phase to the player's INT (+FAV),
    then paid.\""""
    payment = pay_capped(holdings(INT=2, FAV=1, MON=4), {INT: 6})
    assert payment.total == 3
    assert payment.holdings == holdings(MON=4)


def test_4_10_capped_payment_never_takes_prestige_from_favor():
    """Favor stands in for anything "except Prestige" (G13), even in a capped payment."""
    payment = pay_capped(holdings(PRE=1, FAV=4), {PRE: 3})
    assert payment.paid == holdings(PRE=1)
    assert payment.short == holdings(PRE=2)


def test_4_9_favor_counts_as_money_for_bids():
    """ "Favor counted as Money" (G39): a bidder's funds are MON + FAV."""
    assert funds(holdings(MON=2, FAV=3), MON) == 5
    assert funds(holdings(PRE=4, FAV=3), PRE) == 4


def test_g53_a_loss_is_capped_at_holdings():
    """ ""lose X" with fewer than X loses everything held", and never reaches into Favor."""
    result = lose(holdings(FOR=1, FAV=3), {FOR: 2})
    assert result.paid == holdings(FOR=1)
    assert result.holdings == holdings(FAV=3)
    assert result.short == holdings(FOR=1)
