"""Setting up a game from the director's pages and the players' phones (rules §2)."""

from __future__ import annotations

import pytest

from consell.game.models import Event, Game
from consell.game.services import games as game_services
from consell.rules.state import GameState, Status
from tests.game.conftest import PLAYERS, seat_client
from tests.game.page_forms import ruleset_post

pytestmark = pytest.mark.django_db


def _state(game: Game) -> GameState:
    game.refresh_from_db()
    return GameState.from_dict(game.state)


def test_it_creates_a_game_with_a_seat_per_player(client_dora, pack):
    response = client_dora.post(
        "/games/", {"name": "Dijous", "pack": pack.pk, "players": "\n".join(PLAYERS)}
    )
    game = Game.objects.get(name="Dijous")
    assert response.status_code == 302
    assert [s.name for s in game.seats.all()] == PLAYERS
    assert game.state is None
    assert len(game.commitment) == 64


@pytest.mark.parametrize(
    "players, message",
    [
        ("Alice\nBob", "3"),
        ("Alice\nBob\nalice", "same name"),
    ],
)
def test_bad_player_lists_are_refused_and_nothing_is_created(client_dora, pack, players, message):
    response = client_dora.post("/games/", {"name": "Dijous", "pack": pack.pk, "players": players})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Game.objects.exists()


def test_the_ruleset_is_shown_and_editable_before_the_deal(client_dora, new_game):
    page = client_dora.get(f"/games/{new_game.pk}/").content.decode()
    assert "Friction" in page and "A tied bid" in page
    data = ruleset_post(new_game, turns=8)
    client_dora.post(f"/games/{new_game.pk}/ruleset/", data)
    new_game.refresh_from_db()
    assert new_game.ruleset["turns"] == 8


def test_a_bad_ruleset_value_changes_nothing(client_dora, new_game):
    data = ruleset_post(new_game, friction__2="un", turns=7)
    response = client_dora.post(f"/games/{new_game.pk}/ruleset/", data, follow=True)
    new_game.refresh_from_db()
    assert new_game.ruleset["turns"] == 10
    assert "Enter a whole number." in response.content.decode()


def test_the_ruleset_is_locked_once_dealt(client_dora, game):
    data = {"nonce": "r6", "turns": "6"}
    client_dora.post(f"/games/{game.pk}/ruleset/", data)
    game.refresh_from_db()
    assert game.ruleset["turns"] == 10


def test_dealing_offers_each_player_four_objectives(client_dora, new_game):
    client_dora.post(f"/games/{new_game.pk}/deal/", {"nonce": "d1", "kings": ""})
    state = _state(new_game)
    assert state.status is Status.SETUP
    assert all(len(p.objective_offer) == 4 for p in state.players)
    assert len(state.kingdoms) == 1


def test_the_director_may_choose_the_king(client_dora, new_game):
    client_dora.post(f"/games/{new_game.pk}/deal/", {"nonce": "d1", "kings": "3"})
    assert _state(new_game).kingdoms[0].king == 3


def test_a_king_that_is_not_a_seat_is_refused(client_dora, new_game):
    client_dora.post(f"/games/{new_game.pk}/deal/", {"nonce": "d1", "kings": "9"})
    new_game.refresh_from_db()
    assert new_game.state is None


def test_dealing_twice_deals_once(client_dora, new_game):
    client_dora.post(f"/games/{new_game.pk}/deal/", {"nonce": "d1"})
    first = _state(new_game)
    client_dora.post(f"/games/{new_game.pk}/deal/", {"nonce": "d2"})
    assert _state(new_game) == first


def test_each_player_keeps_one_collective_and_one_personal_objective(game):
    state = _state(game)
    offer = state.player(2).objective_offer
    phone = seat_client(game, 2)
    phone.post(
        f"/play/{game.pk}/objectives/",
        {"collective": offer[0], "personal": offer[2], "nonce": "o1"},
    )
    assert _state(game).player(2).objectives == [offer[0], offer[2]]


def test_an_objective_not_dealt_to_the_player_is_refused(game):
    state = _state(game)
    someone_elses = state.player(3).objective_offer
    phone = seat_client(game, 2)
    response = phone.post(
        f"/play/{game.pk}/objectives/",
        {"collective": someone_elses[0], "personal": someone_elses[2], "nonce": "o1"},
        follow=True,
    )
    assert response.status_code == 200
    assert _state(game).player(2).objective_offer == state.player(2).objective_offer


def test_turn_one_starts_only_when_everyone_has_chosen(client_dora, game):
    client_dora.post(f"/games/{game.pk}/start/", {"nonce": "s1"})
    assert _state(game).status is Status.SETUP
    for seat in range(1, len(PLAYERS) + 1):
        offer = _state(game).player(seat).objective_offer
        seat_client(game, seat).post(
            f"/play/{game.pk}/objectives/",
            {"collective": offer[1], "personal": offer[3], "nonce": f"k{seat}"},
        )
    client_dora.post(f"/games/{game.pk}/start/", {"nonce": "s2"})
    state = _state(game)
    assert state.status is Status.PLAYING
    assert state.turn == 1


def test_the_king_appoints_from_the_phone(game):
    state = _state(game)
    kingdom = state.kingdoms[0]
    member = next(s for s in state.members(kingdom.id) if s != kingdom.king)
    king_phone = seat_client(game, kingdom.king)
    king_phone.post(
        f"/play/{game.pk}/appoint/", {"office": "tresorer", "member": member, "nonce": "a1"}
    )
    assert _state(game).offices_of(member) == ["tresorer"]


def test_a_member_who_is_not_king_cannot_appoint(game):
    state = _state(game)
    kingdom = state.kingdoms[0]
    member = next(s for s in state.members(kingdom.id) if s != kingdom.king)
    seat_client(game, member).post(
        f"/play/{game.pk}/appoint/", {"office": "tresorer", "member": member, "nonce": "a1"}
    )
    assert _state(game).offices_of(member) == []


def test_every_change_is_logged(game):
    kinds = list(Event.objects.filter(game=game).values_list("kind", flat=True))
    assert kinds[0] == "game_created"
    assert len(kinds) > 5
    seqs = list(Event.objects.filter(game=game).values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1))


def test_the_ruleset_screen_offers_only_the_offices_of_the_pack(client_dora, new_game):
    data = ruleset_post(new_game, office_for_resource__FAI="bisbe")
    response = client_dora.post(f"/games/{new_game.pk}/ruleset/", data)
    new_game.refresh_from_db()
    assert new_game.ruleset["office_for_resource"]["FAI"] == "gran-sacerdot"
    assert "bisbe is not one of the available choices" in response.content.decode()


def test_a_ruleset_naming_an_office_the_pack_lacks_is_refused_at_the_deal(client_dora, new_game):
    offices = {**new_game.ruleset["office_for_resource"], "FAI": "bisbe"}
    game_services.update_ruleset(new_game.pk, {"office_for_resource": offices})
    response = client_dora.post(f"/games/{new_game.pk}/deal/", {"nonce": "d1"}, follow=True)
    new_game.refresh_from_db()
    assert new_game.state is None
    assert "bisbe" in response.content.decode()
