"""The game reads a pack's cards through ``load_catalog``: card id -> validated card dict."""

from io import StringIO

import pytest
from django.core.management import call_command
from packdata import card

from consell.content.catalog import load_catalog
from consell.content.models import Pack

pytestmark = pytest.mark.django_db


def test_catalog_maps_card_ids_to_their_yaml_dicts_and_kind(pack, write_pack):
    call_command("load_content", str(write_pack(pack)), stdout=StringIO())
    catalog = load_catalog(Pack.objects.get())
    assert len(catalog) == 99
    assert catalog["invasors"] == {**card(pack, "crises.yaml", "invasors"), "kind": "crisis"}


def test_a_reload_is_seen_by_the_catalog(pack, write_pack):
    call_command("load_content", str(write_pack(pack)), stdout=StringIO())
    load_catalog(Pack.objects.get())
    card(pack, "crises.yaml", "invasors")["threshold"] = "3*m + peril"
    call_command("load_content", str(write_pack(pack)), "--replace", stdout=StringIO())
    assert load_catalog(Pack.objects.get())["invasors"]["threshold"] == "3*m + peril"


def test_the_cards_are_read_once_per_version_of_the_pack(pack, write_pack):
    """Every change reads the same shared catalog until the pack's cards change."""
    call_command("load_content", str(write_pack(pack)), stdout=StringIO())
    first = load_catalog(Pack.objects.get())
    assert load_catalog(Pack.objects.get()) is first
    call_command("load_content", str(write_pack(pack)), stdout=StringIO())
    assert load_catalog(Pack.objects.get()) is first, "the same cards again change nothing"
    card(pack, "crises.yaml", "invasors")["threshold"] = "3*m + peril"
    call_command("load_content", str(write_pack(pack)), "--replace", stdout=StringIO())
    assert load_catalog(Pack.objects.get()) is not first
