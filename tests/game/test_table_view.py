"""What the viewers of one version share is built once, and sharing it changes no view.

``visibility.table_view`` holds the state, the public board and the log's wording of a version
(issue 14); every view of that version reads it. These games, stopped at several moments the
engine really reaches (behind the screen of Secrets included), check that a view built from
the shared table is the view built alone, for every viewer, and that building them all leaves
the shared state as it was.
"""

from __future__ import annotations

import pytest

from consell.game import state_cache, visibility
from consell.game.access import with_state
from consell.game.models import Game
from consell.game.recent import Recent
from consell.game.services import decisions
from consell.game.simulator.runner import Runner, default_pack
from consell.game.visibility import Viewer, behind_screen_for, table_view, view_for
from consell.rules.state import GameState, Phase

from .simulated import play_until

pytestmark = pytest.mark.django_db


def _viewers(game) -> list[Viewer]:
    seats = [Viewer.for_seat(s.position) for s in game.seats.all()]
    return [Viewer.director(), Viewer.public(), *seats]


@pytest.mark.parametrize(
    ("players", "seed", "where"),
    [
        (5, 1, lambda s: s.turn == 2 and s.phase is Phase.PLANNING),
        (5, 2, lambda s: s.phase is Phase.SECRETS and s.turn >= 2),
        (9, 3, lambda s: s.turn == 3 and bool(s.pending)),
    ],
)
def test_a_view_built_from_the_shared_table_is_the_view_built_alone(players, seed, where):
    game = play_until(players, 10, seed, where)
    tables = {b: table_view(game, b) for b in (False, True)}
    before = {b: t.state.to_dict() for b, t in tables.items()}
    for viewer in _viewers(game):
        shared = view_for(game, viewer, "ca", tables[behind_screen_for(game, viewer)])
        assert shared == view_for(game, viewer, "ca"), viewer.key
    assert {b: t.state.to_dict() for b, t in tables.items()} == before


def test_the_cards_every_view_shares_are_left_as_they_were_worded():
    """Each card's words are built once and shared by every view that shows it
    (``visibility.card_view``); no view, however built, changes them for the next."""
    visibility._CARDS.clear()
    game = play_until(9, 10, 3, lambda s: s.turn == 3 and bool(s.pending))
    for viewer in _viewers(game):
        for language in ("ca", "en"):
            view_for(game, viewer, language)
    shared = list(visibility._CARDS._entries.items())
    assert len(shared) > 50  # the chests', the board's and the director's cards
    for (_catalog_id, instance, language), (catalog, card) in shared:
        assert card == visibility._card_view(catalog, instance, language), instance


def test_behind_the_screen_the_table_shares_the_snapshot_with_the_players_alone():
    """G52: while Secrets are resolved, every viewer but the director sees the phase's start."""
    game = play_until(5, 10, 2, lambda s: s.phase is Phase.SECRETS and s.turn >= 2)
    assert game.snapshot is not None
    assert behind_screen_for(game, Viewer.for_seat(1)) and behind_screen_for(game, Viewer.public())
    assert not behind_screen_for(game, Viewer.director())
    snapshot, state = GameState.from_dict(game.snapshot), GameState.from_dict(game.state)
    assert table_view(game, True).state.to_dict() == snapshot.to_dict()
    assert table_view(game, False).state.to_dict() == state.to_dict()


class _EveryStep(Runner):
    """The simulator's game, each viewer's log compared at every step with one made afresh."""

    def __init__(self, *args):
        super().__init__(*args)
        self.compared = 0
        self.behind = 0

    def _answer_pending(self, state: GameState) -> bool:
        self._compare()
        return super()._answer_pending(state)

    def _director_step(self, state: GameState) -> None:
        self._compare()
        super()._director_step(state)

    def _compare(self) -> None:
        game = Game.objects.select_related("pack").get(pk=self.gid)
        if game.state is None:
            return
        for viewer in _viewers(game):
            behind = behind_screen_for(game, viewer)
            table = table_view(game, behind)
            kept = visibility._log(game, viewer, table, behind)
            made, visibility._MADE = visibility._MADE, Recent(1024)
            try:
                fresh = visibility._log(game, viewer, table_view(game, behind), behind)
                assert kept == fresh
            finally:
                visibility._MADE = made
            self.compared += 1
            self.behind += behind


def test_a_viewers_log_made_from_its_last_is_the_log_made_afresh_at_every_step():
    """Each view reads only the entries after its last log (``visibility._log``): at every
    step of a real game, for every viewer, behind the screen of Secrets too, that log is the
    one made from the whole log, line for line."""
    runner = _EveryStep(4, 2, 4, default_pack(), None)
    runner.play()
    assert runner.compared > 500 and runner.behind > 50


def test_a_table_reads_the_state_its_change_kept_and_leaves_it_as_the_row_holds_it():
    """The views of a version made in the process that changed it read the ``GameState`` the
    change kept (``state_cache``) instead of parsing the row again; every view of every viewer
    leaves it as the row holds it, and the next change starts from the row's state."""
    game = play_until(9, 10, 3, lambda s: s.turn == 3 and s.phase is Phase.PLANNING)
    kingdom = game.state["kingdoms"][0]
    value = 2 if kingdom["indicators"]["stability"] != 2 else 4
    decisions.correct(game.pk, "test", indicators={kingdom["id"]: {"stability": value}})
    game = with_state(Game.objects.select_related("pack").get(pk=game.pk))
    kept = state_cache.get(game.pk, game.state_tag)
    table = table_view(game, False)
    assert kept is not None and table.state is kept.state
    for viewer in _viewers(game):
        for language in ("ca", "en"):
            view_for(game, viewer, language, table)
    row = Game.objects.get(pk=game.pk).state
    assert table.state.to_dict() == row == GameState.from_dict(row).to_dict()
    assert table.state.kingdoms[0].indicators["stability"] == value
    decisions.correct(game.pk, "test", indicators={kingdom["id"]: {"stability": 3}})
    assert Game.objects.get(pk=game.pk).state["kingdoms"][0]["indicators"]["stability"] == 3
    assert table.state.kingdoms[0].indicators["stability"] == value  # its own, left alone
