"""A new kingdom's King appoints its offices, on the phone or through the director (rules
§4.12: a kingdom founded during the game has a King who gives its offices, G24).

The game is one the simulator played until a kingdom was founded during turn 1's Actions and
its King was asked to appoint.
"""

from __future__ import annotations

import re
from re import S

import pytest

from tests.game.simulated import director_client, phone, play_until, state_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def founded():
    game = play_until(9, 10, 1, lambda s: any(p.kind == "appointments" for p in s.pending))
    state = state_of(game)
    pending = next(p for p in state.pending if p.kind == "appointments")
    kingdom = state.kingdom(pending.data["kingdom"])
    return game, pending, kingdom, state


def _vacant_and_member(kingdom, state):
    office = next(o for o, holder in sorted(kingdom.offices.items()) if holder is None)
    member = next(s for s in state.members(kingdom.id) if s != kingdom.king)
    return office, member


def test_the_new_king_appoints_from_the_phone(founded):
    game, pending, kingdom, state = founded
    office, member = _vacant_and_member(kingdom, state)
    king = phone(game, kingdom.king)
    page = king.get(f"/play/{game.pk}/").content.decode()
    form = re.search(rf'<form method="post" action="/play/{game.pk}/appoint/".*?</form>', page, S)
    assert form, "the King's phone offers the appointment form"
    assert f'value="{office}"' in form.group(0) and f'value="{member}"' in form.group(0)

    king.post(f"/play/{game.pk}/appoint/", {"office": office, "member": member, "nonce": "a1"})
    assert state_of(game).kingdom(kingdom.id).offices[office] == member

    king.post(f"/play/{game.pk}/decide/", {"pending": pending.id, "done": "1", "nonce": "a2"})
    assert not any(p.id == pending.id for p in state_of(game).pending)


def test_the_director_appoints_for_the_new_king(founded):
    game, pending, kingdom, state = founded
    office, member = _vacant_and_member(kingdom, state)
    director = director_client(game)
    page = director.get(f"/games/{game.pk}/").content.decode()
    form = re.search(rf'<form method="post" action="/games/{game.pk}/appoint/".*?</form>', page, S)
    assert form, "the dashboard offers to appoint for the new King"
    assert f'name="king" value="{kingdom.king}"' in form.group(0)

    director.post(
        f"/games/{game.pk}/appoint/",
        {"king": kingdom.king, "office": office, "member": member, "nonce": "d1"},
    )
    assert state_of(game).kingdom(kingdom.id).offices[office] == member


def test_another_member_is_not_shown_the_appointments(founded):
    game, pending, kingdom, state = founded
    _, member = _vacant_and_member(kingdom, state)
    page = phone(game, member).get(f"/play/{game.pk}/").content.decode()
    assert f"/play/{game.pk}/appoint/" not in page
