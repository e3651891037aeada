"""Each viewer's view is built once per version of the game (docs/principles.md, principle 7), and
never handed to another viewer or kept past a change."""

from __future__ import annotations

import pytest

from consell.game import visibility
from consell.game.views import common

from .conftest import seat_client
from .helpers import start, state_of, to_planning

pytestmark = pytest.mark.django_db

FRAGMENTS = ("decisions", "chest", "board")


@pytest.fixture
def builds(monkeypatch):
    """Every view the gate builds, as (viewer key, game seq)."""
    made: list[tuple[str, int]] = []
    real = visibility.view_for

    def spy(game, viewer, language="ca", table=None):
        made.append((viewer.key, game.seq))
        return real(game, viewer, language, table)

    monkeypatch.setattr(common, "view_for", spy)
    common._VIEWS.clear()
    common._TABLES.clear()
    return made


def _fragments(phone, game) -> list[str]:
    return [
        phone.get(f"/play/{game.pk}/?fragment={f}", HTTP_HX_REQUEST="true").content.decode()
        for f in FRAGMENTS
    ]


def test_a_phones_fragments_share_one_build_of_its_view(game, builds):
    start(game)
    _fragments(seat_client(game, 1), game)
    game.refresh_from_db()
    assert builds == [("seat:1", game.seq)]


def test_a_change_builds_the_view_again(game, builds):
    start(game)
    phone = seat_client(game, 1)
    _fragments(phone, game)
    first = builds[-1][1]
    to_planning(game)  # the director reveals destiny: the game changes
    _fragments(phone, game)
    assert len(builds) == 2 and builds[1][1] > first


def test_two_viewers_never_share_a_view(game, builds):
    start(game)
    alice, bob = seat_client(game, 1), seat_client(game, 2)
    alice_chest = alice.get(f"/play/{game.pk}/?fragment=chest", HTTP_HX_REQUEST="true")
    bob_chest = bob.get(f"/play/{game.pk}/?fragment=chest", HTTP_HX_REQUEST="true")
    assert [key for key, _ in builds] == ["seat:1", "seat:2"]
    alice_objective = state_of(game).player(1).objectives[0]
    assert f"⟪{alice_objective}⟫" in alice_chest.content.decode()
    assert f"⟪{alice_objective}⟫" not in bob_chest.content.decode()


def test_only_the_newest_two_versions_of_a_game_are_kept(game, builds):
    """Older versions' views and tables are dropped as a newer one is built: no page asks for
    them again, and a process's garbage collector would walk them at every full pass."""
    start(game)
    phone = seat_client(game, 1)
    to_planning(game)
    seqs = []
    for _ in range(3):
        _fragments(phone, game)
        game.refresh_from_db()
        seqs.append(game.seq)
        _correct(game)
    for cache in (common._VIEWS, common._TABLES):
        kept = {key[1] for key in cache._entries if key[0] == game.pk}
        assert seqs[0] not in kept and {seqs[1], seqs[2]} <= kept, (kept, seqs)


def _correct(game) -> None:
    from consell.game.services import decisions

    kingdom = state_of(game).kingdoms[0]
    value = 3 if kingdom.indicators["stability"] != 3 else 4
    decisions.correct(game.pk, "test", indicators={kingdom.id: {"stability": value}})
