"""What the pages show for a card or an ability the pack lacks: nothing (``naming``).

``card_or_nothing`` and ``ability_or_nothing`` answer ``None`` rather than an empty dict, so
the card shapes (``consell.rules.card_shapes``) type what the pages read.
"""

from consell.game.naming import ability_or_nothing, card_or_nothing
from tests.rules.catalog import CATALOG


def test_a_card_of_the_pack_is_found_by_its_instance():
    card = card_or_nothing(CATALOG, "rei")
    assert card is not None and card["id"] == "rei"


def test_no_instance_or_an_unknown_card_shows_nothing():
    assert card_or_nothing(CATALOG, None) is None
    assert card_or_nothing(CATALOG, "") is None
    assert card_or_nothing(CATALOG, "no-such-card#2") is None


def test_an_ability_is_found_on_its_card_and_nowhere_else():
    card = card_or_nothing(CATALOG, "proposar-llei")
    found = ability_or_nothing(card, "proposar-llei")
    assert found is not None and found["id"] == "proposar-llei"
    assert ability_or_nothing(card, "no-such-ability") is None
    assert ability_or_nothing(None, "proposar-llei") is None
