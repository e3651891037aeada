"""The ruleset screen a director can read (rules §7, issue 13 item 3).

"Ruleset parameters (all configurable; the defaults below)": every value is shown under a
group, labelled, explained in one line with the rule it changes, entered with its own widget,
with its default beside it and a button that puts every default back.
"""

from __future__ import annotations

import dataclasses

import pytest

from consell.rules.ruleset import Ruleset
from consell.wording.ruleset_labels import ENTRIES, GROUPS

from .page_forms import form_values, ruleset_post

pytestmark = pytest.mark.django_db


def test_every_ruleset_value_has_a_group_a_label_and_a_rule():
    """A new ruleset value cannot reach the screen as a raw key."""
    keys = {f.name for f in dataclasses.fields(Ruleset)}
    assert set(ENTRIES) == keys
    for key, entry in ENTRIES.items():
        assert entry.group in GROUPS, key
        assert str(entry.label) and str(entry.help) and entry.section.startswith("§"), key


def test_the_screen_shows_each_value_by_name_in_catalan(client_dora, new_game):
    page = client_dora.get(f"/games/{new_game.pk}/", HTTP_ACCEPT_LANGUAGE="ca").content.decode()
    body = page.split('id="ruleset-title"')[1].split("</section>")[0]
    for word in ("Fricció", "Límits del llindar", "Preparació", "Complots", "Per defecte"):
        assert word in body
    for key in ENTRIES:
        assert f">{key}<" not in body and f"{key}:" not in body


def test_tables_are_small_grids_of_boxes(client_dora, new_game):
    values = form_values(
        client_dora.get(f"/games/{new_game.pk}/"), f"/games/{new_game.pk}/ruleset/"
    )
    assert {k: values[k] for k in values if k.startswith("friction__")} == {
        "friction__1": "2",
        "friction__2": "1",
        "friction__4": "1",
        "friction__5": "2",
        "friction__0": "3",
    }
    assert (values["plot_clamp__0"], values["plot_clamp__1"]) == ("1", "5")
    assert values["initial_resources__FAV"] == "0"
    assert values["succession_duel__POW"] == values["succession_duel__FOR"] == "on"
    assert "succession_duel__MON" not in values


def test_a_grid_value_is_saved_as_the_rules_store_it(client_dora, new_game):
    data = ruleset_post(new_game, friction__5=4, plot_clamp__1=4, expulsion_duel__POW="on")
    client_dora.post(f"/games/{new_game.pk}/ruleset/", data)
    new_game.refresh_from_db()
    rules = Ruleset.from_dict(new_game.ruleset)
    assert rules.friction_for_step(5) == 4 and rules.friction_for_step(4) == 1
    assert rules.plot_clamp == (1, 4)
    assert set(rules.expulsion_duel) == {"POW", "FOR"}


def test_the_page_as_shown_saves_the_defaults_unchanged(client_dora, new_game):
    client_dora.post(f"/games/{new_game.pk}/ruleset/", ruleset_post(new_game))
    new_game.refresh_from_db()
    assert new_game.ruleset == Ruleset.default().to_dict()


def test_the_defaults_can_be_restored(client_dora, new_game):
    client_dora.post(f"/games/{new_game.pk}/ruleset/", ruleset_post(new_game, turns=7))
    page = client_dora.get(f"/games/{new_game.pk}/").content.decode()
    assert "changed" in page.split('id="rule-turns"')[1].split('class="ruleset-row')[0]
    client_dora.post(f"/games/{new_game.pk}/ruleset/", {"nonce": "back", "restore": "defaults"})
    new_game.refresh_from_db()
    assert new_game.ruleset == Ruleset.default().to_dict()
