"""The default pack shipped with the app passes every check (rules §6)."""

import pytest
from django.core.management import call_command

from consell.content.checks import DEFAULT_PACK, check_default_pack
from consell.content.models import Card, Pack
from consell.content.reader import read_pack
from consell.content.schema import MINIMUM_SIZES, deck_sizes


def test_the_default_pack_passes_the_system_check():
    assert [str(error.msg) for error in check_default_pack()] == []


def test_the_default_pack_meets_the_minimum_sizes():
    """§6: the pack needs at least 16 houses (the maximum N), 60 tactics, ..."""
    sizes = deck_sizes(read_pack(DEFAULT_PACK).cards)
    assert all(sizes[deck] >= minimum for deck, minimum in MINIMUM_SIZES.items())


def test_the_default_objective_decks_seat_sixteen_players():
    """G5: 16 players are dealt 2 collective + 2 personal objectives each, none repeated."""
    objectives = [card for card in read_pack(DEFAULT_PACK).cards if card.kind == "objective"]
    for scope in ("collective", "personal"):
        ids = {card.id for card in objectives if card.data["scope"] == scope}
        assert len(ids) >= 32, scope


def test_the_default_offices_are_those_of_the_rules():
    """§1.4: rei, canceller, tresorer, mestre-espies, mariscal, gran-sacerdot."""
    offices = {c.id: c.data for c in read_pack(DEFAULT_PACK).cards if c.kind == "office"}
    assert sorted(offices) == sorted(
        ["rei", "canceller", "tresorer", "mestre-espies", "mariscal", "gran-sacerdot"]
    )
    assert [office for office, data in offices.items() if data.get("king")] == ["rei"]


@pytest.mark.django_db
def test_the_default_pack_loads(capsys):
    call_command("load_content", str(DEFAULT_PACK))
    assert capsys.readouterr().out.startswith("Loaded content pack default v5:")
    assert Card.objects.filter(pack=Pack.objects.get(slug="default")).count() == len(
        read_pack(DEFAULT_PACK).cards
    )


@pytest.mark.django_db
def test_the_default_pack_exported_loads_unchanged(tmp_path, capsys):
    call_command("load_content", str(DEFAULT_PACK))
    before = list(Card.objects.values_list("card_id", "kind", "file", "position", "data"))
    call_command("export_content", "default", "--out", str(tmp_path))
    Pack.objects.all().delete()
    call_command("load_content", str(tmp_path))
    assert list(Card.objects.values_list("card_id", "kind", "file", "position", "data")) == before
