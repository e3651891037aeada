"""A turn from the phones and the dashboard: Destiny, Planning, Actions and Secrets (§3.1–§3.4)."""

from __future__ import annotations

import pytest

from consell.game.models import Event, Game
from consell.rules.state import GameState, Phase
from tests.game.conftest import PLAYERS, seat_client

pytestmark = pytest.mark.django_db

SEATS = range(1, len(PLAYERS) + 1)


def _state(game: Game) -> GameState:
    game.refresh_from_db()
    return GameState.from_dict(game.state)


def _step(client, game: Game, name: str, **data):
    game.refresh_from_db()
    return client.post(f"/games/{game.pk}/turn/{name}/", {"seq": game.seq, **data}, follow=True)


@pytest.fixture
def started(game, client_dora):
    for seat in SEATS:
        offer = _state(game).player(seat).objective_offer
        seat_client(game, seat).post(
            f"/play/{game.pk}/objectives/", {"collective": offer[0], "personal": offer[2]}
        )
    client_dora.post(f"/games/{game.pk}/start/", {"nonce": "start"})
    assert _state(game).phase is Phase.DESTINY
    return game


def _to_planning(game, client_dora):
    while _state(game).phase is Phase.DESTINY:
        _step(client_dora, game, "destiny")
        if "destiny" not in str(_state(game).pending):
            _step(client_dora, game, "advance")
    assert _state(game).phase is Phase.PLANNING


def test_3_1_each_kingdom_gets_its_destiny_card_publicly(started, client_dora):
    """ "The director reveals the top destiny card once for each kingdom" (§3.1)."""
    _step(client_dora, started, "destiny")
    revealed = Event.objects.filter(game=started, kind="destiny_revealed").get()
    assert revealed.audience == "public"


def test_3_2_the_order_of_hand_ins_becomes_the_turn_order(started, client_dora):
    """ "The order in which players submit becomes the new Turn order" (§3.2)."""
    _to_planning(started, client_dora)
    for seat in (3, 1, 5, 2, 4):
        seat_client(started, seat).post(f"/play/{started.pk}/plan/hand-in/", {"nonce": f"h{seat}"})
    _step(client_dora, started, "advance")
    state = _state(started)
    assert state.phase is Phase.ACTIONS
    assert state.turn_order == [3, 1, 5, 2, 4]


def test_3_2_a_player_plans_an_action_and_it_is_resolved_in_public(started, client_dora):
    """ "For the active player, take the next (top) tile of their actions pile ... show it to all
    players" (§3.3)."""
    _to_planning(started, client_dora)
    state = _state(started)
    seat, tactic = next(
        (p.seat, t) for p in state.players for t in p.tactics if t.startswith("maniobra")
    )
    phone = seat_client(started, seat)
    phone.post(
        f"/play/{started.pk}/plan/add/",
        {"source": f"tactic:{tactic}", "ability": "maniobra", "nonce": "add"},
    )
    assert _state(started).player(seat).plan.actions[0].source == f"tactic:{tactic}"
    before = _state(started).player(seat).resources
    for s in SEATS:
        seat_client(started, s).post(f"/play/{started.pk}/plan/hand-in/", {"nonce": f"h{s}"})
    _step(client_dora, started, "advance")
    _step(client_dora, started, "action")
    after = _state(started).player(seat)
    assert after.resources["POW"] == before["POW"] + 1  # "gain self POW peril", Peril 1 on turn 1
    assert tactic not in after.tactics
    executed = Event.objects.filter(game=started, kind="ability_executed").get()
    assert executed.audience == "public"


def test_3_4_secrets_are_resolved_behind_the_screen(started, client_dora):
    """ "tiles are not shown; whether each secret was executed or aborted is kept secret" (§3.4)."""
    _to_planning(started, client_dora)
    owner, target = 1, 2
    _give_house(started, owner, "casa-falco")  # the house whose tile is a plot
    seat_client(started, owner).post(
        f"/play/{started.pk}/plan/add/",
        {"source": "house", "ability": "robatori", "targets": [target], "intrigue": 1, "n": "x"},
    )
    assert _state(started).player(owner).plan.secrets
    for s in SEATS:
        seat_client(started, s).post(f"/play/{started.pk}/plan/hand-in/", {"nonce": f"h{s}"})
    _step(client_dora, started, "advance")
    _step(client_dora, started, "advance")
    assert _state(started).phase is Phase.SECRETS
    dashboard = client_dora.get(f"/games/{started.pk}/").content.decode()
    assert "Commit vigilance" in dashboard or "Comprometre" in dashboard
    _step(client_dora, started, "vigilance")
    dashboard = client_dora.get(f"/games/{started.pk}/").content.decode()
    assert "%" in dashboard, "the director sees the plot's odds"
    _step(client_dora, started, "secret")
    plot = Event.objects.filter(game=started, kind="plot_resolved").get()
    assert plot.audience == "director"
    assert plot.payload["intrigue"] == 1
    assert plot.payload["targets"][0]["test"]["threshold"] >= 1


def _give_house(game: Game, seat: int, house: str) -> None:
    """Arrange the table: ``seat`` holds ``house`` (swapped with whoever was dealt it)."""
    from consell.game.services.store import change

    with change(game.pk) as ch:
        state = ch.state.clone()
        holder = next((p for p in state.players if p.house == house), None)
        if holder is not None:
            holder.house = state.player(seat).house
        state.player(seat).house = house
        ch.record(state, [])
