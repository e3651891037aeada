"""What the viewers of one version share is built once, and sharing it changes no view.

``visibility.table_view`` holds the state, the public board and the log's wording of a version
(issue 14); every view of that version reads it. These games, stopped at several moments the
engine really reaches (behind the screen of Secrets included), check that a view built from
the shared table is the view built alone, for every viewer, and that building them all leaves
the shared state as it was, and that no view can be changed in place.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import pytest

from consell.game import state_cache
from consell.game.access import with_state
from consell.game.models import Game
from consell.game.services import decisions
from consell.projection import visibility
from consell.projection.digests import Digested
from consell.projection.frozen import Frozen, freeze
from consell.projection.visibility import behind_screen_for, table_view, view_for
from consell.rules.audience import Viewer
from consell.rules.state import GameState, Phase
from consell.simulator.runner import Runner, default_pack

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


def test_behind_the_screen_the_table_shares_the_snapshot_with_the_players_alone():
    """G52: while Secrets are resolved, every viewer but the director sees the phase's start."""
    game = play_until(5, 10, 2, lambda s: s.phase is Phase.SECRETS and s.turn >= 2)
    assert game.snapshot is not None
    assert behind_screen_for(game, Viewer.for_seat(1)) and behind_screen_for(game, Viewer.public())
    assert not behind_screen_for(game, Viewer.director())
    snapshot, state = GameState.from_dict(game.snapshot), GameState.from_dict(game.state)
    assert table_view(game, True).state.to_dict() == snapshot.to_dict()
    assert table_view(game, False).state.to_dict() == state.to_dict()


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


@pytest.mark.parametrize(("players", "seed"), [(5, 2), (9, 3)])
def test_a_kept_board_is_the_board_made_from_its_row_now(players, seed):
    """A version's public board is kept under its row's seq and state tag (drawn anew at every
    write), its side of the screen and its wording. At every step of a whole game, with the
    boards of every earlier step kept, the board a table hands out is the one made from the
    row now: no change reaches the board without drawing a new tag."""
    seen: Counter[str] = Counter()

    def check(game, state: GameState) -> None:
        game = with_state(Game.objects.select_related("pack").get(pk=game.pk))
        if game.state is None:
            return
        for behind in {False, game.snapshot is not None}:
            table = table_view(game, behind, "ca")
            made = visibility._table_board(
                game, table.state, table.ruleset, table.catalog, "ca", table.log, table.card
            )
            assert table.board.hexdigest == Digested(freeze(made)).hexdigest, (behind, game.seq)
        seen.update({str(state.phase), f"behind:{game.snapshot is not None}"})

    Runner(players, 3, seed, default_pack(), None, before_step=check).play()
    assert seen["behind:True"] and seen[str(Phase.PLANNING)], seen


def _mappings_and_lists(value, path="view"):
    """Every mapping and sequence in a view, with where it is."""
    if isinstance(value, Mapping):
        yield path, value
        for key, item in value.items():
            yield from _mappings_and_lists(item, f"{path}.{key}")
    elif isinstance(value, list | tuple):
        yield path, value
        for index, item in enumerate(value):
            yield from _mappings_and_lists(item, f"{path}[{index}]")


def test_no_part_of_any_view_can_be_changed_in_place():
    """A view's board and log lines are shared by every viewer of a version: a page that
    changed one in place would change what the others see. Every mapping of a view refuses a
    change and every list is a tuple, for every viewer of a game the engine played."""
    game = play_until(9, 10, 3, lambda s: s.turn == 3 and bool(s.pending))
    table = table_view(game, False)
    for viewer in _viewers(game):
        view = view_for(game, viewer, "ca", table if viewer.kind == "director" else None)
        found = list(_mappings_and_lists(view))
        assert len(found) > 50, viewer.key  # board, log, chests: a whole view was walked
        for path, part in found:
            assert not isinstance(part, list | dict) or isinstance(part, Frozen), path
            if isinstance(part, Frozen):
                with pytest.raises(TypeError):
                    part["changed"] = True
                with pytest.raises(TypeError):
                    part.update(changed=True)
    log_line = view_for(game, Viewer.for_seat(1), "ca")["log"][0]
    with pytest.raises(TypeError):
        log_line["text"] = "something else"
