"""``manage.py export_content``: an installed pack written back to YAML loads unchanged."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from consell.content.models import Card, Pack

pytestmark = pytest.mark.django_db


def cards_by_id() -> dict[str, tuple]:
    return {
        card.card_id: (card.kind, card.file, card.position, card.data)
        for card in Card.objects.all()
    }


def test_export_then_load_gives_identical_cards(pack, write_pack, tmp_path):
    call_command("load_content", str(write_pack(pack)), stdout=StringIO())
    before = cards_by_id()
    call_command("export_content", "proves", "--out", str(tmp_path / "out"), stdout=StringIO())
    Pack.objects.all().delete()
    call_command("load_content", str(tmp_path / "out"), stdout=StringIO())
    assert cards_by_id() == before


def test_export_writes_pack_yaml_and_the_card_files(pack, write_pack, tmp_path):
    call_command("load_content", str(write_pack(pack)), stdout=StringIO())
    out = StringIO()
    call_command("export_content", "proves", "--out", str(tmp_path / "out"), stdout=out)
    assert out.getvalue() == f"Exported content pack proves v1: 10 files in {tmp_path / 'out'}.\n"
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == sorted(pack)


def test_export_picks_the_latest_version_unless_told(pack, write_pack, tmp_path):
    call_command("load_content", str(write_pack(pack)), stdout=StringIO())
    pack["pack.yaml"]["version"] = 2
    call_command("load_content", str(write_pack(pack)), stdout=StringIO())
    out = StringIO()
    call_command(
        "export_content", "proves", "--pack-version", "1", "--out", str(tmp_path), stdout=out
    )
    assert out.getvalue().startswith("Exported content pack proves v1:")


def test_export_of_an_unknown_pack_is_an_error(tmp_path):
    with pytest.raises(CommandError, match="No content pack mallory is installed."):
        call_command("export_content", "mallory", "--out", str(tmp_path))
