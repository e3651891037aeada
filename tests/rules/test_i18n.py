"""Rule refusals are translatable: ``consell.rules.i18n`` hands every message to a translator."""

import pytest

from consell.rules import i18n
from consell.rules.errors import UnaffordableError
from consell.rules.payment import pay

SHORT = "Cannot pay %(cost)s: %(short)s short even after using all Favor."


@pytest.fixture
def fake_catalan():
    """A translator that knows one message, as a catalog would; restored afterwards."""
    catalog = {SHORT: "No es pot pagar %(cost)s: en falten %(short)s."}
    previous = i18n.set_translator(lambda message: catalog.get(message, message))
    yield
    i18n.set_translator(previous)


def test_without_a_translator_messages_stay_english():
    with pytest.raises(UnaffordableError, match="Cannot pay 3 Power: 2 short"):
        pay({"POW": 1}, {"POW": 3})


def test_a_refusal_names_the_resource_never_its_code(fake_catalan):
    """§1.5 names the resources (Catalan "Poder", "Diners"); a player reads the name, not the
    code the engine keys them by (issue 13: "No es pot pagar 2 POW" -> "2 de Poder")."""
    catalog = {SHORT: "No es pot pagar %(cost)s: en falten %(short)s."}
    catalog["%(amount)s Power"] = "%(amount)s de Poder"
    i18n.set_translator(lambda message: catalog.get(message, message))
    with pytest.raises(UnaffordableError) as caught:
        pay({"POW": 1}, {"POW": 3})
    assert str(caught.value) == "No es pot pagar 3 de Poder: en falten 2."


def test_a_refusal_can_be_said_again_in_another_language(fake_catalan):
    """An abort's reason is read later by its owner (rules "Abortar capacitats": the reason is
    explained "al seu propietari"), so the message keeps its source and its parameters."""
    with pytest.raises(UnaffordableError) as caught:
        pay({"POW": 1}, {"POW": 3})
    assert i18n.as_words(caught.value.message) == {
        "msgid": SHORT,
        "params": {"cost": {"amounts": {"POW": 3}}, "prestige": 0, "short": 2},
    }


def test_a_rule_error_carries_the_translated_message(fake_catalan):
    with pytest.raises(UnaffordableError) as caught:
        pay({"POW": 1}, {"POW": 3})
    assert str(caught.value) == "No es pot pagar 3 Power: en falten 2."
    assert caught.value.code == "unaffordable"
    assert caught.value.details["missing"] == {"FAV": 2}


def test_the_translator_is_asked_when_the_error_is_raised(fake_catalan):
    i18n.set_translator(None)  # back to the identity: nothing was translated in advance
    with pytest.raises(UnaffordableError, match="Cannot pay"):
        pay({"POW": 1}, {"POW": 3})
