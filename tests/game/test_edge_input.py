"""Input no table should type, answered clearly and with nothing changed (issue 10).

"Bad input gets a clear error in the user's language and changes nothing: no 500s, no
half-applied changes, no tracebacks." The ruleset form shows the rules' own refusal beside
each field (rules §7); a NUL character anywhere is refused before any view runs, on SQLite as
on PostgreSQL (which cannot store it).
"""

from __future__ import annotations

import json

import pytest
from django.db import connection

from consell.game.models import Game
from consell.rules.state import Phase

from .simulated import director_client, phone, play_until, refusals_of

pytestmark = pytest.mark.django_db

NUL = "\x00"


def _ruleset_post(game: Game, **changes) -> dict:
    out = {"nonce": "r"}
    for key, value in {**game.ruleset, **changes}.items():
        if isinstance(value, bool):
            if value:
                out[key] = "on"
        elif isinstance(value, dict | list):
            out[key] = json.dumps(value)
        else:
            out[key] = "" if value is None else str(value)
    return out


def _unchanged(game: Game):
    game.refresh_from_db()
    return game.seq, game.state, game.ruleset


@pytest.mark.parametrize(
    "key, value, message",
    [
        ("objectives_dealt", {}, "objectives_dealt must have the form of its default, [2, 2]"),
        ("objectives_dealt", [3], "objectives_dealt must be two whole numbers from 1 to 10"),
        ("plot_clamp", [1], "plot_clamp must be two whole numbers from 0 to 6"),
        ("tactics_initial", -1, "tactics_initial must be a whole number from 0 to 20"),
        ("law_row_size", -3, "law_row_size must be a whole number from 0 to 10"),
    ],
)
def test_a_ruleset_the_rules_refuse_is_shown_beside_its_field(
    client_dora, new_game, key, value, message
):
    before = _unchanged(new_game)
    response = client_dora.post(
        f"/games/{new_game.pk}/ruleset/", _ruleset_post(new_game, **{key: value})
    )
    assert response.status_code == 200
    form = response.context["ruleset_form"]
    assert form.errors[key] == [message]
    assert message in response.content.decode()
    assert _unchanged(new_game) == before


def test_the_deal_after_a_refused_ruleset_still_works(client_dora, new_game):
    client_dora.post(f"/games/{new_game.pk}/ruleset/", _ruleset_post(new_game, plot_clamp=[1]))
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
