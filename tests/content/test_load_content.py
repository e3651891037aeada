"""``manage.py load_content``: all or nothing, idempotent, with exit status and summary."""

from io import StringIO

import pytest
from django.core.management import CommandError, ManagementUtility, call_command
from packdata import card

from consell.content.models import Card, Pack

pytestmark = pytest.mark.django_db


def load(path) -> str:
    out = StringIO()
    call_command("load_content", str(path), stdout=out)
    return out.getvalue()


def test_a_valid_pack_loads_with_a_one_line_summary(pack, write_pack):
    output = load(write_pack(pack))
    assert output == (
        "Loaded content pack proves v1: 99 cards, 267 with copies (house 16, office 6, "
        "common_action 6, objective 64, tactic 60, asset 60, law 15, crisis 20, event 20).\n"
    )


def test_each_card_is_stored_exactly_as_written(pack, write_pack):
    load(write_pack(pack))
    stored = Card.objects.get(card_id="casa-falco")
    assert stored.data == card(pack, "houses.yaml", "casa-falco")
    assert (stored.kind, stored.title_en, stored.file) == (
        "house",
        "House of the Falcon",
        "houses.yaml",
    )


def test_a_bad_pack_is_refused_as_a_whole(pack, write_pack):
    """Nothing is half-loaded: one bad card keeps every card out."""
    card(pack, "events.yaml", "bona-collita")["duration"] = "forever"
    with pytest.raises(CommandError) as caught:
        load(write_pack(pack))
    assert "events.yaml: bona-collita: duration: must be a whole number >= 0" in str(caught.value)
    assert (Pack.objects.count(), Card.objects.count()) == (0, 0)


def test_the_error_lists_every_problem(pack, write_pack):
    card(pack, "houses.yaml", "casa-2")["emblem"] = ""
    card(pack, "laws.yaml", "llei-de-comerc")["keywords"] = "Comerç"
    with pytest.raises(CommandError) as caught:
        load(write_pack(pack))
    assert str(caught.value).splitlines() == [
        "The content pack has 2 error(s):",
        "  houses.yaml: casa-2: emblem: must be a short text (1 to 8 characters)",
        "  laws.yaml: llei-de-comerc: keywords: must be a list",
    ]


def test_the_command_exits_non_zero_on_a_bad_pack(pack, write_pack, capsys):
    pack["pack.yaml"]["version"] = -1
    directory = write_pack(pack)
    with pytest.raises(SystemExit) as caught:
        ManagementUtility(["manage.py", "load_content", str(directory)]).execute()
    assert caught.value.code == 1
    assert "pack.yaml: version: must be a whole number >= 1" in capsys.readouterr().err


def test_reloading_the_same_version_with_other_cards_is_refused(pack, write_pack):
    """Issue 10: an installed version keeps its cards; a changed pack needs a new version."""
    load(write_pack(pack))
    card(pack, "laws.yaml", "llei-de-comerc")["title"]["en"] = "Free trade act"
    with pytest.raises(CommandError) as caught:
        load(write_pack(pack))
    assert (
        "pack.yaml: version: content pack proves v1 is already installed with other cards "
        "(changed llei-de-comerc)" in str(caught.value)
    )
    assert Card.objects.get(card_id="llei-de-comerc").title_en == "Trade act"


def test_replace_rewrites_a_version_no_game_uses(pack, write_pack):
    load(write_pack(pack))
    card(pack, "laws.yaml", "llei-de-comerc")["title"]["en"] = "Free trade act"
    out = StringIO()
    call_command("load_content", str(write_pack(pack)), "--replace", stdout=out)
    assert out.getvalue().startswith("Replaced content pack proves v1: 99 cards")
    assert Pack.objects.count() == 1
    assert Card.objects.get(card_id="llei-de-comerc").title_en == "Free trade act"


def test_a_new_version_is_installed_beside_the_old_one(pack, write_pack):
    """Running games keep the cards of the version they were created with."""
    load(write_pack(pack))
    pack["pack.yaml"]["version"] = 2
    load(write_pack(pack))
    assert list(Pack.objects.values_list("version", flat=True)) == [2, 1]


def test_a_failure_while_writing_keeps_the_previous_cards(pack, write_pack, monkeypatch):
    """The load is one transaction: if saving the new cards fails, the old ones stay."""
    load(write_pack(pack))
    card(pack, "laws.yaml", "llei-de-comerc")["title"]["en"] = "Free trade act"

    def broken_disk(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(Card.objects, "bulk_create", broken_disk)
    with pytest.raises(OSError):
        call_command("load_content", str(write_pack(pack)), "--replace", stdout=StringIO())
    assert Card.objects.get(card_id="llei-de-comerc").title_en == "Trade act"
    assert Card.objects.count() == 99
