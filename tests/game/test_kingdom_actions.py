"""Kingdoms and people from the director's dashboard (rules §4.12, §4.13)."""

from __future__ import annotations

import pytest

from consell.game.models import Event
from consell.rules.resources import Resource

from .helpers import start, state_of

pytestmark = pytest.mark.django_db


def _act(client, game, **data):
    return client.post(f"/games/{game.pk}/kingdoms/", {"nonce": str(data), **data}, follow=True)


def test_4_12_an_expelled_member_leaves_and_duels_for_each_asset(game, client_dora):
    """ "The player loses all their offices ... belongs to no kingdom ... For each asset ...
    run a duel between the expelled player and all the other members" (§4.12)."""
    start(game)
    state = state_of(game)
    king = state.kingdoms[0].king
    member = next(s for s in state.members(state.kingdoms[0].id) if s != king)
    _act(client_dora, game, action="expel", seat=member, reason="La carta Desterrament")
    after = state_of(game)
    assert after.player(member).kingdom is None
    assert after.player(member).expelled_turn == after.turn
    correction = Event.objects.filter(game=game, kind="correction").last()
    assert correction.by_director and correction.payload["reason"] == "La carta Desterrament"


def test_4_13_an_executed_player_loses_one_prestige_and_gets_new_objectives(game, client_dora):
    """ "They lose 1 ... (DEFAULT PRE) ... discard both objectives and get 1 new personal and
    1 new collective objective" (§4.13)."""
    start(game)
    before = state_of(game).player(3)
    _act(client_dora, game, action="execute", seat=3, reason="Traïció")
    after = state_of(game).player(3)
    assert after.resources[Resource.PRE] == before.resources[Resource.PRE] - 1
    assert len(after.objectives) == 2 and set(after.objectives) != set(before.objectives)


def test_a_kingdom_action_needs_a_reason_and_changes_nothing_without_one(game, client_dora):
    start(game)
    before = state_of(game)
    response = _act(client_dora, game, action="execute", seat=3, reason="")
    assert state_of(game) == before
    assert "reason" in response.content.decode()


def test_an_unknown_kingdom_action_is_refused(game, client_dora):
    start(game)
    before = state_of(game)
    response = _act(client_dora, game, action="crown", seat=3, reason="x")
    assert response.status_code == 200
    assert state_of(game) == before


def test_a_card_that_expels_waits_for_the_director_to_carry_it_out(game, client_dora):
    """An effect's ``expel`` stops at a procedure the dashboard offers to carry out."""
    from consell.game.services.store import change
    from consell.rules.state import Pending

    start(game)
    with change(game.pk) as ch:
        state = ch.state.clone()
        state.pending.append(
            Pending(
                state.next_pending_id,
                "expel",
                {
                    "seats": [3],
                    "by": None,
                    "continuation": {"context": {"owner": None, "kingdom": None}, "frames": []},
                },
            )
        )
        state.next_pending_id += 1
        ch.record(state, [])
    pending = state_of(game).pending[-1].id
    page = client_dora.get(f"/games/{game.pk}/").content.decode()
    assert f'action="/games/{game.pk}/procedure/"' in page
    game.refresh_from_db()
    client_dora.post(
        f"/games/{game.pk}/procedure/", {"pending": pending, "seq": game.seq, "nonce": "p"}
    )
    after = state_of(game)
    assert after.player(3).kingdom is None
    assert not [p for p in after.pending if p.kind == "expel"]
