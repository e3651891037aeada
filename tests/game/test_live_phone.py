"""The phone's live fragments carry every part of the page that can change (issue 13: "the
end-of-game 'La meva història' links appear only after a reload")."""

from __future__ import annotations

import pytest

from consell.simulator import simulate

from .simulated import phone

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


def test_the_end_of_game_links_come_with_the_decisions_fragment():
    """§4.17 (the game ends and everything is revealed): an open phone refreshes its
    fragments on the notice of the end, and the first of them now brings the player's story
    and the timeline, which used to sit outside every fragment."""
    game = simulate(3, 1, 2).game
    alice = phone(game, 1)
    fragment = alice.get(f"/play/{game.pk}/?fragment=decisions", **HX).content.decode()
    assert f'href="/audit/{game.pk}/story/"' in fragment
    assert f'href="/audit/{game.pk}/"' in fragment
