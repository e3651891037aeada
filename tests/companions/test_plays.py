"""Saved plays and Versailles catalogues belong to their owner (issue 7, items 3 and 4).

Dora saves; Mallory, another user, must not see or change anything of hers (404)."""

import json

import pytest
from django.urls import reverse

from consell.companions import editing
from consell.companions.models import Play, VersaillesCatalogue

pytestmark = pytest.mark.django_db


@pytest.fixture
def client_mallory(client, django_user_model):
    mallory = django_user_model.objects.create_user(username="mallory", password="x-mallory-x")
    client.force_login(mallory)
    return client


def a_won_play():
    play = editing.blank("louis14", ["Alice", "Bob"])
    play["players"][0]["coats"]["I"] = 3
    return play


def save(client, play, **extra):
    return client.post(
        reverse("companions:save", args=[play["game"]]), {"play": json.dumps(play), **extra}
    )


@pytest.fixture
def doras_play(director):
    return Play.objects.create(owner=director, game="louis14", data=a_won_play(), winners=["Alice"])


def test_saving_needs_an_account(client):
    response = save(client, a_won_play())
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert not Play.objects.exists()


def test_dora_saves_a_play_with_its_winners(client_dora, director):
    response = save(client_dora, a_won_play())
    saved = Play.objects.get()
    assert (saved.owner, saved.game, saved.winners) == (director, "louis14", ["Alice"])
    assert response["Location"] == reverse("companions:play", args=[saved.pk])


def test_saving_again_updates_the_same_play(client_dora, doras_play):
    play = a_won_play()
    play["players"][1]["missions"] = 1
    save(client_dora, play, play_id=str(doras_play.pk))
    doras_play.refresh_from_db()
    assert doras_play.winners == ["Bob"]
    assert Play.objects.count() == 1


def test_an_unscoreable_play_is_not_saved(client_dora):
    play = a_won_play()
    play["players"][1]["name"] = "Alice"
    response = save(client_dora, play)
    assert response.status_code == 302
    assert not Play.objects.exists()


def test_the_list_shows_past_plays_with_their_winners(client_dora, doras_play):
    response = client_dora.get(reverse("companions:plays"))
    assert list(response.context["plays"]) == [doras_play]
    assert "<strong>Alice</strong>" in response.content.decode()


def test_the_list_filters_by_game(client_dora, doras_play):
    response = client_dora.get(reverse("companions:plays") + "?game=richelieu")
    assert list(response.context["plays"]) == []


def test_a_saved_play_reopens_on_its_entry_page(client_dora, doras_play):
    response = client_dora.get(reverse("companions:play", args=[doras_play.pk]))
    assert response.context["play"] == doras_play.data
    assert response.context["play_id"] == doras_play.pk


def test_a_saved_play_exports_as_the_spec_json(client_dora, doras_play):
    response = client_dora.get(reverse("companions:play_export", args=[doras_play.pk]))
    assert json.loads(response.content) == doras_play.data


def test_dora_deletes_her_play(client_dora, doras_play):
    client_dora.post(reverse("companions:play_delete", args=[doras_play.pk]))
    assert not Play.objects.exists()


@pytest.mark.parametrize("name", ["companions:play", "companions:play_export"])
def test_mallory_cannot_see_doras_play(client_mallory, doras_play, name):
    assert client_mallory.get(reverse(name, args=[doras_play.pk])).status_code == 404


def test_mallory_cannot_delete_doras_play(client_mallory, doras_play):
    response = client_mallory.post(reverse("companions:play_delete", args=[doras_play.pk]))
    assert response.status_code == 404
    assert Play.objects.filter(pk=doras_play.pk).exists()


def test_mallory_cannot_overwrite_doras_play(client_mallory, doras_play):
    play = a_won_play()
    play["players"][1]["missions"] = 3
    response = save(client_mallory, play, play_id=str(doras_play.pk))
    assert response.status_code == 404
    doras_play.refresh_from_db()
    assert doras_play.winners == ["Alice"]


def test_mallorys_list_does_not_show_doras_plays(client_mallory, doras_play):
    response = client_mallory.get(reverse("companions:plays"))
    assert list(response.context["plays"]) == []


def test_dora_saves_a_catalogue_typed_card_by_card(client_dora, director):
    """§3.9.1: "The app needs a per-card table taken from the physical cards." """
    response = client_dora.post(
        reverse("companions:catalogues"),
        {"name": "Our box", "seals_louis-xiv": "Favorite", "seals_colbert": "statesman, military"},
    )
    assert response.status_code == 302
    catalogue = VersaillesCatalogue.objects.get()
    assert catalogue.seals == {"louis-xiv": ["favorite"], "colbert": ["statesman", "military"]}


def test_a_catalogue_with_an_unknown_seal_is_refused(client_dora):
    response = client_dora.post(
        reverse("companions:catalogues"), {"name": "Our box", "seals_louis-xiv": "sunshine"}
    )
    assert response.status_code == 200
    assert "sunshine" in response.content.decode()
    assert not VersaillesCatalogue.objects.exists()


def test_the_chosen_catalogue_gives_a_placed_card_its_seals(client_dora, director):
    catalogue = VersaillesCatalogue.objects.create(
        owner=director, name="Our box", seals={"louis-xiv": ["favorite"]}
    )
    play = editing.blank("versailles", ["Alice", "Bob"])
    response = client_dora.post(
        reverse("companions:entry", args=["versailles"]),
        {
            "play": json.dumps(play),
            "op": "place:0:1:1",
            "pick": "louis-xiv",
            "catalogue": catalogue.pk,
        },
        HTTP_HX_REQUEST="true",
    )
    assert response.context["play"]["players"][0]["circle"][1][1]["symbols"] == ["favorite"]


def test_mallory_cannot_use_or_edit_doras_catalogue(client_mallory, director):
    catalogue = VersaillesCatalogue.objects.create(
        owner=director, name="Our box", seals={"louis-xiv": ["favorite"]}
    )
    play = editing.blank("versailles", ["Alice", "Bob"])
    response = client_mallory.post(
        reverse("companions:entry", args=["versailles"]),
        {
            "play": json.dumps(play),
            "op": "place:0:1:1",
            "pick": "louis-xiv",
            "catalogue": catalogue.pk,
        },
        HTTP_HX_REQUEST="true",
    )
    assert response.context["play"]["players"][0]["circle"][1][1]["symbols"] == []
    assert (
        client_mallory.get(reverse("companions:catalogue", args=[catalogue.pk])).status_code == 404
    )
    delete = reverse("companions:catalogue_delete", args=[catalogue.pk])
    assert client_mallory.post(delete).status_code == 404


def test_a_saved_play_whose_players_are_null_reopens_with_the_problem_named(
    client_dora, doras_play
):
    """A play saved before its players were checked (or edited by hand) still opens."""
    doras_play.data = {**doras_play.data, "players": None}
    doras_play.save()
    response = client_dora.get(reverse("companions:play", args=[doras_play.pk]))
    assert response.status_code == 200
    assert response.context["play"]["players"] == []
    assert "players" in response.context["problem"]
