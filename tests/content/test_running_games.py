"""A game keeps the cards it was dealt, whatever is loaded later (issue 10, "Must deliver" 4).

Built from the shipped default pack, copied to a tmp dir and changed as a pack writer would:
a card taken out, a title edited. Issue 10: "A pack reloaded with the same id and version but a
card removed makes running games answer 500 (``./dev serve`` reloads the pack at every
start)". The loader now refuses other cards under an installed version and treats the same
cards as a no-op (``consell.content.loader``).
"""

from __future__ import annotations

import json
import shutil
from io import StringIO

import pytest
import yaml
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from consell.content.catalog import load_catalog
from consell.content.checks import DEFAULT_PACK
from consell.content.loader import differences_of
from consell.content.models import Card, Pack
from consell.content.reader import read_pack
from consell.game.models import Game
from consell.game.services import games
from consell.rules.state import GameState, Phase
from consell.simulator.runner import simulate

pytestmark = pytest.mark.django_db


def load(path, *extra) -> str:
    out = StringIO()
    call_command("load_content", str(path), *extra, stdout=out)
    return out.getvalue()


@pytest.fixture
def default_copy(tmp_path):
    """The default pack's files in a tmp dir, with helpers to change them."""
    directory = tmp_path / "default"
    shutil.copytree(DEFAULT_PACK, directory)
    return directory


def edit(directory, file_name: str, change) -> None:
    path = directory / file_name
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(document)
    path.write_text(yaml.safe_dump(document, allow_unicode=True, sort_keys=False), "utf-8")


def remove_card(directory, file_name: str, card_id: str) -> None:
    def drop(document):
        document["cards"] = [c for c in document["cards"] if c["id"] != card_id]

    edit(directory, file_name, drop)


def set_version(directory, version: int) -> None:
    edit(directory, "pack.yaml", lambda meta: meta.update(version=version))


def test_loading_the_identical_pack_again_changes_nothing(default_copy):
    """``./dev serve`` loads the default pack at every start: that must stay a no-op."""
    load(default_copy)
    pack = Pack.objects.get()
    rows = list(Card.objects.values_list("pk", "data"))
    output = load(DEFAULT_PACK)
    assert output.startswith("Unchanged content pack default v5: ")
    assert list(Card.objects.values_list("pk", "data")) == rows
    assert Pack.objects.get().loaded_at == pack.loaded_at


def test_a_card_removed_under_the_same_version_is_refused_by_name(default_copy):
    load(DEFAULT_PACK)
    remove_card(default_copy, "houses.yaml", "casa-falco")
    with pytest.raises(CommandError) as caught:
        load(default_copy)
    message = str(caught.value)
    assert "pack.yaml: version: content pack default v5 is already installed with other " in message
    assert "(removed casa-falco)" in message
    assert "set version: 6 to install these cards beside it" in message
    assert Card.objects.filter(card_id="casa-falco").exists()


def test_an_edited_title_under_the_same_version_is_refused(default_copy):
    load(DEFAULT_PACK)

    def retitle(document):
        document["cards"][0]["title"]["en"] += " (errata)"

    edit(default_copy, "laws.yaml", retitle)
    changed = yaml.safe_load((default_copy / "laws.yaml").read_text("utf-8"))["cards"][0]["id"]
    pack = Pack.objects.get()
    assert differences_of(pack, read_pack(default_copy)) == {"changed": [changed]}
    with pytest.raises(CommandError, match=f"changed {changed}"):
        load(default_copy)


def test_a_new_pack_name_alone_is_no_change_of_cards(default_copy):
    """Names are not read by games: a reload may refresh them."""
    load(DEFAULT_PACK)
    edit(default_copy, "pack.yaml", lambda meta: meta["name"].update(en="Base set, 2nd print"))
    assert load(default_copy).startswith("Unchanged content pack default v5")
    assert Pack.objects.get().name_en == "Base set, 2nd print"


def held_house(state: GameState) -> str:
    return next(player.house for player in state.players if player.house)


def test_a_running_game_keeps_working_when_the_pack_is_reloaded_without_its_cards(
    default_copy,
):
    """The regression of issue 10: mid-game, the pack is reloaded with a dealt card removed.

    Under the same version the reload is refused (the game's cards stay); ``--replace`` is
    refused too, since a game uses the version; as version 6 it is installed beside v5, and the
    game, still on v5, plays on to its end and every page of it answers.
    """
    load(DEFAULT_PACK)
    attempts: list[str] = []

    def reload_mid_game(game: Game, state: GameState) -> None:
        if attempts or state.turn != 1 or state.phase is not Phase.PLANNING:
            return
        house = held_house(state)
        remove_card(default_copy, "houses.yaml", house)
        for extra in ((), ("--replace",)):
            with pytest.raises(CommandError) as caught:
                load(default_copy, *extra)
            attempts.append(str(caught.value))
        set_version(default_copy, 6)
        attempts.append(load(default_copy))
        assert house in load_catalog(Game.objects.get(pk=game.pk).pack)

    played = simulate(4, 2, seed=7, pack=Pack.objects.get(version=5), after_phase=reload_mid_game)
    assert played.game.refresh_from_db() is None and played.game.finished
    assert len(attempts) == 3, "the simulation passed the first Planning phase"
    assert "removed casa-" in attempts[0]
    assert "1 game(s) use default v5, so it cannot be replaced" in attempts[1]
    assert attempts[2].startswith("Loaded content pack default v6: ")
    game = played.game
    assert (game.pack.slug, game.pack.version) == ("default", 5)

    director = Client()
    director.force_login(game.director)
    assert director.get(reverse("game:dashboard", args=[game.pk])).status_code == 200
    phone = Client()
    seat = game.seats.first()
    assert phone.get(reverse("game:join", args=[seat.token]), follow=True).status_code == 200
    assert phone.get(reverse("game:play", args=[game.pk])).status_code == 200


def test_a_new_game_can_be_played_on_the_new_version(default_copy):
    load(DEFAULT_PACK)
    remove_card(default_copy, "houses.yaml", "casa-falco")
    set_version(default_copy, 6)
    load(default_copy)
    played = simulate(3, 1, seed=3, pack=Pack.objects.get(version=6))
    played.game.refresh_from_db()
    assert played.game.finished
    assert "casa-falco" not in load_catalog(played.game.pack)


def test_the_admin_edits_no_card_of_a_pack_a_game_uses(admin_client, admin_user):
    """The admin obeys the same rule as the loader: a game's cards stay as dealt."""
    load(DEFAULT_PACK)
    pack = Pack.objects.get()
    games.create_game(admin_user, "Dijous", pack, ["Anna", "Biel", "Carla"])
    stored = Card.objects.get(pack=pack, card_id="casa-falco")
    data = {**stored.data, "emblem": "🐺"}
    url = reverse("admin:content_card_change", args=[stored.pk])
    form = {"pack": pack.pk, "kind": "house", "data": json.dumps(data)}
    response = admin_client.post(url, form, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert "Games were created with default v5" in response.content.decode()
    catalan = admin_client.post(url, form, HTTP_ACCEPT_LANGUAGE="ca")
    assert "S&#x27;han creat partides amb default v5" in catalan.content.decode()
    stored.refresh_from_db()
    assert stored.data["emblem"] != "🐺"
    delete = reverse("admin:content_card_delete", args=[stored.pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    assert Card.objects.filter(pk=stored.pk).exists()


@pytest.mark.parametrize(
    ("depth", "error"),
    [
        (60, "abilities[0].effect[0].amount: is nested more than 40 levels deep"),
        (100_000, "The card is nested too deeply."),
    ],
)
def test_a_card_nested_too_deep_in_the_admin_is_an_error_not_a_crash(admin_client, depth, error):
    """The admin's JSON is not read by the YAML reader: its depth is checked again."""
    load(DEFAULT_PACK)
    pack = Pack.objects.get()
    stored = Card.objects.get(pack=pack, card_id="casa-falco")
    data = json.dumps(stored.data)
    amount = json.dumps(stored.data["abilities"][0]["effect"][0]["amount"])
    nested = data.replace(f'"amount": {amount}', '"amount": ' + "[" * depth + "]" * depth, 1)
    assert nested != data
    url = reverse("admin:content_card_change", args=[stored.pk])
    form = {"pack": pack.pk, "kind": "house", "data": nested}
    response = admin_client.post(url, form, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert error in response.content.decode()
    stored.refresh_from_db()
    assert json.dumps(stored.data) == data
