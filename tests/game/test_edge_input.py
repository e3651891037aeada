"""Input no table should type, answered clearly and with nothing changed (issue 10).

"Bad input gets a clear error in the user's language and changes nothing: no 500s, no
half-applied changes, no tracebacks." The ruleset form shows each refusal, in words, beside
its value (rules §7); a NUL character anywhere is refused before any view runs, on SQLite as
on PostgreSQL (which cannot store it).
"""

from __future__ import annotations

import pytest
from django.db import connection

from consell.game.models import Game
from consell.rules.state import Phase

from .page_forms import ruleset_post
from .simulated import director_client, phone, play_until, refusals_of

pytestmark = pytest.mark.django_db

NUL = "\x00"


def _unchanged(game: Game):
    game.refresh_from_db()
    return game.seq, game.state, game.ruleset


@pytest.mark.parametrize(
    "changes, box, message",
    [
        ({"tactics_initial": -1}, "tactics_initial", "greater than or equal to 0"),
        ({"law_row_size": 11}, "law_row_size", "less than or equal to 10"),
        ({"objectives_dealt__0": ""}, "objectives_dealt__0", "This field is required."),
        ({"plot_clamp__0": 7}, "plot_clamp__0", "less than or equal to 6"),
        (
            {"plot_clamp__0": 5, "plot_clamp__1": 2},
            "plot_clamp__0",
            "The lowest limit cannot be above the highest.",
        ),
        (
            {"players_min": 12, "players_max": 10},
            "players_min",
            "The fewest players cannot be more than the most players.",
        ),
        (
            {"indicator_start": 7},
            "indicator_start",
            "The starting value must lie between the lowest and the highest.",
        ),
        (
            {"insurrection_table__0": "crushed"},
            "insurrection_table__0",
            "Each outcome must appear exactly once.",
        ),
        (
            {"succession_duel__POW": None, "succession_duel__FOR": None},
            "succession_duel__POW",
            "Choose at least one resource.",
        ),
    ],
)
def test_a_ruleset_the_rules_refuse_is_shown_beside_its_value(
    client_dora, new_game, changes, box, message
):
    """Rules §7: a value no game can be played with is refused, in words, beside it."""
    before = _unchanged(new_game)
    response = client_dora.post(f"/games/{new_game.pk}/ruleset/", ruleset_post(new_game, **changes))
    assert response.status_code == 200
    [error] = response.context["ruleset_form"].errors[box]
    assert message in error
    row = response.content.decode().split(f'id="rule-{box.partition("__")[0]}"')[1]
    assert message in row.split('class="ruleset-row')[0]
    assert _unchanged(new_game) == before


def test_the_deal_after_a_refused_ruleset_still_works(client_dora, new_game):
    client_dora.post(f"/games/{new_game.pk}/ruleset/", ruleset_post(new_game, plot_clamp__0=9))
    response = client_dora.post(f"/games/{new_game.pk}/deal/", {"nonce": "d", "kings": ""})
    assert refusals_of(response) == []
    new_game.refresh_from_db()
    assert new_game.state is not None


@pytest.fixture
def planning():
    """``simulate --players 3 --turns 2 --seed 7``, at its first Planning."""
    return play_until(3, 2, 7, lambda s: s.phase is Phase.PLANNING)


def _nul_posts(game: Game):
    """One post per kind of text a browser sends: free text, a nonce, a choice, a name."""
    g = game.pk
    return [
        ("director", f"/games/{g}/correct/", {"res_1_MON": "1", "reason": f"coin{NUL}"}),
        ("director", f"/games/{g}/correct/", {"res_1_MON": "1", "reason": "x", "nonce": NUL}),
        (
            "director",
            f"/games/{g}/kingdoms/",
            {"action": "expel", "seat": "1", "reason": f"{NUL}"},
        ),
        ("director", f"/games/{g}/turn/advance/", {"nonce": f"n{NUL}", "seq": str(game.seq)}),
        ("director", "/games/", {"name": f"Dijous{NUL}", "pack": "1", "players": "A\nB\nC"}),
        ("phone", f"/play/{g}/trades/propose/", {"to": "2", "give_information": f"x{NUL}"}),
        ("phone", f"/play/{g}/plan/sacrifice/", {"tactic": f"t{NUL}"}),
        ("phone", f"/play/{g}/decide/", {"pending": "1", "nonce": NUL}),
        ("phone", f"/play/{g}/plan/hand-in/", {f"x{NUL}": "1"}),
    ]


def _check_nul_is_refused(game: Game) -> None:
    games = Game.objects.count()
    for who, url, data in _nul_posts(game):
        before = _unchanged(game)
        client = director_client(game) if who == "director" else phone(game, 1)
        back = f"/games/{game.pk}/" if who == "director" else f"/play/{game.pk}/"
        response = client.post(url, data, HTTP_REFERER=f"http://testserver{back}")
        assert response.status_code == 302, url
        assert response["Location"] == f"http://testserver{back}"
        assert refusals_of(response) == [
            "The text sent contains a NUL character, which cannot be kept. Nothing was done."
        ], url
        assert _unchanged(game) == before, url
    assert Game.objects.count() == games


def test_a_nul_character_is_refused_clearly_and_changes_nothing(planning):
    _check_nul_is_refused(planning)


@pytest.mark.postgres
def test_a_nul_character_is_refused_on_postgresql(planning):
    """PostgreSQL cannot store U+0000 in text or JSON: without the check every one of these
    posts failed at the database, after the view ran."""
    assert connection.vendor == "postgresql"
    _check_nul_is_refused(planning)


def test_a_link_with_a_nul_character_is_a_bad_request(client, planning):
    response = client.get(f"/s/abc{NUL}def/")
    assert response.status_code == 400
    assert "NUL" in response.content.decode()
