"""Cards are editable in the Django admin, validated as the loader validates them."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from packdata import card

from consell.content.models import Card, Pack

pytestmark = pytest.mark.django_db


@pytest.fixture
def installed(pack, write_pack):
    call_command("load_content", str(write_pack(pack)), stdout=StringIO())
    return Pack.objects.get()


def post_card(client, stored: Card | None, kind: str, data: dict, pack: Pack):
    url = (
        reverse("admin:content_card_change", args=[stored.pk])
        if stored
        else reverse("admin:content_card_add")
    )
    return client.post(url, {"pack": pack.pk, "kind": kind, "data": json.dumps(data)})


def test_the_card_change_form_shows_the_card_data(admin_client, installed):
    stored = Card.objects.get(card_id="casa-falco")
    response = admin_client.get(reverse("admin:content_card_change", args=[stored.pk]))
    assert response.status_code == 200
    assert "House of the Falcon" in response.content.decode()


def test_a_valid_edit_is_saved_with_its_list_columns(admin_client, installed, pack):
    stored = Card.objects.get(card_id="casa-2")
    data = dict(card(pack, "houses.yaml", "casa-2"), title={"ca": "Casa Dos", "en": "House Two"})
    response = post_card(admin_client, stored, "house", data, installed)
    assert response.status_code == 302
    stored.refresh_from_db()
    assert (stored.title_en, stored.data["title"]["ca"]) == ("House Two", "Casa Dos")


def test_an_edit_moves_the_pack_change_time(admin_client, installed, pack):
    before = installed.loaded_at
    stored = Card.objects.get(card_id="casa-2")
    data = dict(card(pack, "houses.yaml", "casa-2"), emblem="🐺")
    post_card(admin_client, stored, "house", data, installed)
    installed.refresh_from_db()
    assert installed.loaded_at > before


def test_an_invalid_card_is_refused_with_the_loader_message(admin_client, installed, pack):
    stored = Card.objects.get(card_id="casa-2")
    data = dict(card(pack, "houses.yaml", "casa-2"), emblem="")
    response = post_card(admin_client, stored, "house", data, installed)
    assert response.status_code == 200
    assert response.context["adminform"].form.errors["data"] == [
        "houses.yaml: casa-2: emblem: must be a short text (1 to 8 characters)"
    ]
    stored.refresh_from_db()
    assert stored.data["emblem"] == "🏰"


def test_an_edit_that_breaks_the_pack_is_refused(admin_client, installed, pack):
    """§6 minimum sizes hold for edits too: 14 copies of the only law are too few."""
    stored = Card.objects.get(card_id="llei-de-comerc")
    data = dict(card(pack, "laws.yaml", "llei-de-comerc"), copies=14)
    response = post_card(admin_client, stored, "law", data, installed)
    assert response.context["adminform"].form.non_field_errors() == [
        "The pack would break:",
        "pack.yaml: files: 14 law card(s), copies counted; rules §6 asks for at least 15",
    ]
    stored.refresh_from_db()
    assert stored.copies == 15


def test_a_new_card_joins_the_file_of_its_kind(admin_client, installed):
    data = {
        "id": "nova-llei",
        "title": {"ca": "Llei nova", "en": "New law"},
        "text": {"ca": "Res canvia.", "en": "Nothing changes."},
        "effect": [],
        "lasting": [],
    }
    response = post_card(admin_client, None, "law", data, installed)
    assert response.status_code == 302
    added = Card.objects.get(card_id="nova-llei")
    assert (added.file, added.position, added.title_en) == ("laws.yaml", 1, "New law")


def test_the_pack_name_is_editable(admin_client, installed):
    url = reverse("admin:content_pack_change", args=[installed.pk])
    response = admin_client.post(
        url, {"name_ca": "Joc de proves 2", "name_en": "Test set 2", "description": "null"}
    )
    assert response.status_code == 302
    installed.refresh_from_db()
    assert installed.name_en == "Test set 2"


def test_a_pack_description_needs_both_languages(admin_client, installed):
    url = reverse("admin:content_pack_change", args=[installed.pk])
    response = admin_client.post(
        url, {"name_ca": "Joc", "name_en": "Set", "description": json.dumps({"ca": "Només"})}
    )
    assert response.context["adminform"].form.non_field_errors() == [
        "pack.yaml: description.en: is required"
    ]
