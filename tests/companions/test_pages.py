"""The phone pages: enter a play by taps and see every score update (issue 7, item 4)."""

import json
import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from consell.companions import editing

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def tap(client, game, play, op="", **fields):
    """Post the page's form with one tap, as htmx does."""
    data = {"play": json.dumps(play), "op": op, **fields}
    return client.post(reverse("companions:entry", args=[game]), data, **HTMX)


@pytest.mark.parametrize("game", ["richelieu", "louis14", "versailles"])
def test_it_opens_a_new_play_for_anyone(client, game):
    response = client.get(reverse("companions:entry", args=[game]))
    assert response.status_code == 200
    assert b'id="entry"' in response.content


def test_an_unknown_game_is_404(client):
    assert client.get("/companions/chess/").status_code == 404


def test_a_tap_returns_only_the_form_with_the_new_scores(client):
    """Richelieu with 3 players: a Bourgogne card gains its majority and +2 presence (§1.4)."""
    play = editing.blank("richelieu", ["Alice", "Bob", "Carles"])
    response = tap(client, "richelieu", play, "card:0:0:2:1")
    assert response.status_code == 200
    assert b"<html" not in response.content
    scores = response.context["scores"]
    assert [(row["name"], row["total"], row["winner"]) for row in scores][0] == ("Alice", 4, True)
    assert json.loads(response.context["play_json"])["players"][0]["cards"] == [
        {"region": "Bourgogne", "coats": 2}
    ]


def test_without_htmx_the_whole_page_comes_back(client):
    play = editing.blank("richelieu", ["Alice", "Bob"])
    response = client.post(
        reverse("companions:entry", args=["richelieu"]), {"play": json.dumps(play), "op": ""}
    )
    assert b"<html" in response.content


def test_louis14_shows_how_many_coats_each_player_draws(client):
    """§2.3: the leftovers page shows the exchange (8 gold -> 2 coats)."""
    play = editing.blank("louis14", ["Alice", "Bob"])
    play["players"][0]["leftover"]["gold"] = 7
    response = tap(client, "louis14", play, "leftover:0:gold:1")
    assert response.context["table"][0]["exchange"] == 2
    assert "Draws 2 face-down coats" in response.content.decode()


def test_versailles_taps_place_a_card_and_mark_its_seal(client):
    """§3.5: Louis XIV in the centre with one favorite seal scores 8."""
    play = editing.blank("versailles", ["Alice", "Bob"])
    play = json.loads(
        tap(client, "versailles", play, "place:0:1:1", pick="louis-xiv").context["play_json"]
    )
    response = tap(client, "versailles", play, "seal:0:1:1:favorite")
    alice = response.context["scores"][0]
    assert alice["total"] == 8 + 3 - 3


def test_a_score_problem_is_shown_not_raised(client):
    """Two players named alike cannot be scored: the page names the field."""
    play = editing.blank("louis14", ["Alice", "Bob"])
    response = tap(client, "louis14", play, "", **{"name-1": "Alice"})
    assert response.status_code == 200
    assert "players[1].name" in response.context["problem"]


def test_a_damaged_play_is_a_clear_400(client):
    response = client.post(
        reverse("companions:entry", args=["richelieu"]), {"play": "{oops", "op": ""}, **HTMX
    )
    assert response.status_code == 400


def test_a_play_of_the_wrong_shape_is_a_clear_400(client):
    play = {"game": "richelieu", "players": "everyone"}
    assert tap(client, "richelieu", play, "card:0:0:2:1").status_code == 400


def test_a_tap_that_does_not_fit_shows_an_error(client):
    play = editing.blank("versailles", ["Alice", "Bob"])
    response = tap(client, "versailles", play, "place:0:0:0", pick="")
    assert response.context["error"] == "choose a card first"


def test_the_page_exports_its_play_as_the_spec_json(client):
    play = editing.blank("louis14", ["Alice", "Bob"])
    response = client.post(
        reverse("companions:export", args=["louis14"]), {"play": json.dumps(play)}
    )
    assert response["Content-Disposition"] == 'attachment; filename="louis14.json"'
    assert json.loads(response.content) == play


def test_importing_pasted_json_opens_the_play_scored(client):
    """Spec §1.3 example input, pasted."""
    play = {
        "game": "richelieu",
        "players": [
            {
                "name": "Alice",
                "cards": [{"region": "Bourgogne", "coats": 2}],
                "tiles": ["Bourgogne"],
            },
            {"name": "Bob", "cards": [{"region": "Normandie", "coats": 1, "symbol": "cross"}]},
        ],
    }
    response = client.post(
        reverse("companions:import", args=["richelieu"]), {"json": json.dumps(play)}
    )
    assert response.status_code == 200
    assert response.context["play"]["regions"] == ["Bourgogne", "Normandie"]
    assert {row["name"]: row["total"] for row in response.context["scores"]}["Alice"] == 3 - 5 - 15


def test_importing_a_bad_play_names_the_field(client):
    bad = {
        "players": [
            {"name": "Alice", "coats": {"I": -1}, "missions": 0},
            {"name": "Bob", "coats": {}, "missions": 0},
        ]
    }
    response = client.post(
        reverse("companions:import", args=["louis14"]), {"json": json.dumps(bad)}, follow=True
    )
    assert "players[0].coats.I: must not be negative" in response.content.decode()


def test_importing_invalid_json_says_where(client):
    response = client.post(
        reverse("companions:import", args=["louis14"]), {"json": "[1,"}, follow=True
    )
    assert "Invalid JSON at line 1" in response.content.decode()


def test_the_courtier_helper_evaluates_the_round(client):
    """§2.7: the King's board with Alice alone first gives the gift and a crown."""
    fields = {"player-0": "Alice", "player-1": "Bob", "king": "2", "round": "1"}
    fields |= {"side-2": "first", "markers-2-0": "2", "markers-2-1": "1"}
    response = client.post(reverse("companions:courtiers"), fields, **HTMX)
    board = response.context["result"]["boards"][1]
    assert board["receives"] == {"Alice": ["letter", "crown"], "Bob": ["letter"]}
    assert 2 in response.context["result"]["flips"]


def test_the_courtier_helper_adjusts_markers_before_evaluation(client):
    """§2.7: intrigue cards are not modelled; the adjustment row stands for them."""
    fields = {"player-0": "Alice", "player-1": "Bob", "king": "1", "round": "1"}
    fields |= {"side-5": "first", "markers-5-0": "2", "markers-5-1": "2", "adjust-5-1": "1"}
    response = client.post(reverse("companions:courtiers"), fields, **HTMX)
    assert response.context["result"]["boards"][4]["receives"] == {"Bob": ["crown"]}


def test_the_courtier_helper_names_a_bad_field(client):
    fields = {"player-0": "Alice", "player-1": "Bob", "king": "1", "markers-7-0": "lots"}
    response = client.post(reverse("companions:courtiers"), fields, **HTMX)
    assert response.context["problem"].startswith("boards[6].markers.Alice")


def huge_missions(digits: int) -> str:
    """A real Louis XIV play whose first player claims a count of `digits` nines."""
    text = json.dumps(editing.blank("louis14", ["Alice", "Bob"]))
    return text.replace('"missions": 0', f'"missions": {"9" * digits}', 1)


DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (DEEP, "The JSON is nested more than 16 levels deep."),
        ('{"a":' * 20 + "1" + "}" * 20, "The JSON is nested more than 16 levels deep."),
        (huge_missions(5000), "A number has more than 9 digits or is not finite."),
        # Parses, but five times it cannot be printed: the page used to answer 500.
        (huge_missions(4300), "A number has more than 9 digits or is not finite."),
        (huge_missions(1).replace("9", "NaN"), "A number has more than 9 digits or is not finite."),
    ],
    ids=["deep", "too-deep", "5000-digits", "4300-digits", "nan"],
)
def test_importing_json_no_play_can_be_is_refused_clearly(client, text, message):
    """Issue 10: "companion JSON nested deeply or with huge integers" is a clear error."""
    response = client.post(reverse("companions:import", args=["louis14"]), {"json": text})
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    assert f"Not imported: {message}" in page


@pytest.mark.parametrize("text", [DEEP, huge_missions(4300)], ids=["deep", "huge"])
def test_a_tap_or_a_save_with_such_json_changes_nothing(client_dora, text):
    from consell.companions.models import Play

    response = client_dora.post(
        reverse("companions:entry", args=["louis14"]), {"play": text, "op": ""}, **HTMX
    )
    assert response.status_code == 400
    response = client_dora.post(reverse("companions:save", args=["louis14"]), {"play": text})
    assert response.status_code == 302
    assert not Play.objects.exists()
    response = client_dora.post(reverse("companions:export", args=["louis14"]), {"play": text})
    assert response.status_code == 400


def test_a_count_of_nine_digits_is_still_scored(client):
    response = client.post(
        reverse("companions:import", args=["louis14"]), {"json": huge_missions(9)}
    )
    assert response.status_code == 200
    totals = {row["name"]: row["total"] for row in response.context["scores"]}
    assert totals["Alice"] >= 5 * 999_999_999


def test_a_tap_with_a_huge_number_is_refused_as_a_tap(client):
    """A hand-made tap adding 4,300 nines used to score a total no page could print (500)."""
    play = editing.blank("louis14", ["Alice", "Bob"])
    response = tap(client, "louis14", play, f"missions:0:{'9' * 4300}")
    assert response.status_code == 200
    assert response.context["error"].startswith("unknown tap")
    assert response.context["play"]["players"][0]["missions"] == 0


@pytest.mark.parametrize("field", ["markers-5-0", "adjust-5-0"])
def test_the_courtier_helper_names_a_huge_number(client, field):
    fields = {"player-0": "Alice", "player-1": "Bob", "king": "1", "round": "1"}
    fields |= {"side-5": "first", field: "9" * 5000}
    response = client.post(reverse("companions:courtiers"), fields, **HTMX)
    assert response.status_code == 200
    assert response.context["problem"].startswith("boards[4].")
    assert "must be a whole number" in response.context["problem"]


@pytest.mark.parametrize("game", ["richelieu", "louis14", "versailles"])
def test_a_play_whose_players_are_null_is_taken_as_empty(client, game):
    """A hand-made or older play with `"players": null` used to be a 500 at the first tap: it
    reads as a play with nobody yet, the page says what is missing and a player can be added."""
    play = {**editing.blank(game, ["Alice", "Bob"]), "players": None}
    response = tap(client, game, play, "add-player", new_name="Alice", **{"name-0": "Alba"})
    assert response.status_code == 200
    assert [p["name"] for p in json.loads(response.context["play_json"])["players"]] == ["Alice"]
    assert "players" in response.context["problem"]
    assert escape(response.context["problem"]) in response.content.decode()


def test_richelieu_regions_null_are_those_on_the_cards(client):
    """As on import (spec §1.3): null regions are listed again from the players' cards."""
    play = editing.apply(editing.blank("richelieu", ["Alice", "Bob"]), "card:0:4:sword:1", {})
    response = tap(client, "richelieu", {**play, "regions": None}, "", **{"region-0": "Bretagne"})
    assert response.status_code == 200
    regions = json.loads(response.context["play_json"])["regions"]
    assert regions == ["Bretagne"]
    assert response.context["play"]["players"][0]["cards"][0]["region"] == "Bretagne"


@pytest.mark.catalan
def test_richelieu_s_tap_buttons_are_named_by_their_count_then_in_catalan_words(client):
    """A screen reader says the number a button shows first (WCAG 2.5.3, label in name), then
    what a tap adds, with the card kind in words: no identifier such as "sword"."""
    play = editing.blank("richelieu", ["Alice", "Bob"], region_label="Regió %d")
    play = editing.apply(play, "card:0:0:sword:1", {})
    page = tap(client, "richelieu", play).content.decode()
    assert 'aria-label="1, Afegeix una carta: Bourgogne, Espasa">1</button>' in page
    assert 'aria-label="Treu una carta: Bourgogne, Espasa">−</button>' in page
    assert 'aria-label="0, Afegeix una carta: Regió 9, 2 escuts">0</button>' in page
    labels = " ".join(re.findall(r'aria-label="([^"]*)"', page))
    assert not re.search(r"\b(sword|cross|tower|Add|Remove)\b", labels)
