"""The system check validates the shipped default pack and the installed packs at start-up."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from packdata import card, write

from consell.content import checks
from consell.content.management.commands import load_content
from consell.content.models import Card


def test_a_missing_default_pack_is_content_e001(tmp_path, monkeypatch):
    monkeypatch.setattr(checks, "DEFAULT_PACK", tmp_path)
    [error] = checks.check_default_pack()
    assert error.id == "content.E001"


def test_an_invalid_default_pack_is_content_e002_per_error(pack, tmp_path, monkeypatch):
    card(pack, "houses.yaml", "casa-2")["emblem"] = ""
    monkeypatch.setattr(checks, "DEFAULT_PACK", write(pack, tmp_path))
    [error] = checks.check_default_pack()
    assert (error.id, error.msg) == (
        "content.E002",
        "Default content pack: houses.yaml: casa-2: emblem: must be a short text (1 to 8 "
        "characters)",
    )
    assert error.hint == f"Fix the pack files, then run: manage.py load_content {tmp_path}"


def test_a_valid_default_pack_passes(pack, tmp_path, monkeypatch):
    monkeypatch.setattr(checks, "DEFAULT_PACK", write(pack, tmp_path))
    assert checks.check_default_pack() == []


@pytest.mark.django_db
def test_an_installed_pack_broken_in_the_database_is_content_e003(pack, write_pack):
    call_command("load_content", str(write_pack(pack)), stdout=StringIO())
    law = Card.objects.get(card_id="llei-de-comerc")
    law.data["copies"] = 14
    law.save()
    [error] = checks.check_installed_packs(databases=["default"])
    assert (error.id, error.obj.slug) == ("content.E003", "proves")
    assert error.msg == (
        "Installed content pack proves v1: pack.yaml: files: 14 law card(s), copies counted; "
        "rules §6 asks for at least 15"
    )


@pytest.mark.django_db
def test_installed_packs_are_only_read_when_checks_get_a_database(pack, write_pack):
    call_command("load_content", str(write_pack(pack)), stdout=StringIO())
    Card.objects.filter(card_id="llei-de-comerc").delete()
    assert checks.check_installed_packs(databases=None) == []
    assert len(checks.check_installed_packs(databases=["default"])) == 1


@pytest.mark.django_db
def test_the_installed_pack_check_waits_for_the_tables(pack, write_pack, monkeypatch):
    """``migrate`` runs the database checks before it creates the content tables."""
    call_command("load_content", str(write_pack(pack)), stdout=StringIO())
    Card.objects.filter(card_id="llei-de-comerc").delete()
    monkeypatch.setattr(connection.introspection, "table_names", lambda *args, **kwargs: [])
    assert checks.check_installed_packs(databases=["default"]) == []


@pytest.mark.django_db
def test_load_content_runs_even_when_the_start_up_checks_fail(pack, write_pack, monkeypatch):
    """A broken pack must be replaceable, so load_content skips the system checks."""
    monkeypatch.setattr(checks, "DEFAULT_PACK", write_pack({}))
    # What manage.py does (parse the arguments, run the checks the command asks for, handle),
    # without run_from_argv's closing of every database connection, which the test still uses.
    command = load_content.Command()
    options = vars(
        command.create_parser("manage.py", "load_content").parse_args([str(write_pack(pack))])
    )
    command.execute(*options.pop("args", ()), **options)
    assert Card.objects.count() == 99
