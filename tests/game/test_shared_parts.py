"""Parts rendered once for every viewer and version given the same data (``shared_part``).

A shared part is given only the data it shows and is keyed by that data, so a change renders
again exactly the parts whose data changed, and no page ever shows a rendering of data it no
longer has (issue 14: a public change re-rendered all 18 screens whole). Checked through the
pages, on a game the simulator plays: a Stability correction renders again its own kingdom's
tile of the shared screen, and the correction form's chest boxes not at all; the phones of one
kingdom share their kingdom's card; and what each shows is the game as it is now.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.test import Client
from django.test.signals import template_rendered

from consell.content.catalog import load_catalog
from consell.game.naming import kingdom_names
from consell.rules.resources import Resource
from consell.rules.state import Phase

from .simulated import director_client, hidden_fields, phone, play_until, state_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def game():
    """``simulate --players 8 --turns 2 --seed 3``, at its first Planning: two kingdoms."""
    return play_until(8, 2, 3, lambda s: s.phase is Phase.PLANNING)


@contextmanager
def renderings() -> Iterator[Counter]:
    """How many times each template is rendered meanwhile (Django's test signal)."""
    seen: Counter = Counter()

    def count(sender, template, context, **kwargs):
        seen[template.name] += 1

    template_rendered.connect(count)
    try:
        yield seen
    finally:
        template_rendered.disconnect(count)


def _correct(game, **values) -> None:
    director = director_client(game)
    form = hidden_fields(director.get(f"/games/{game.pk}/"), f"/games/{game.pk}/correct/")
    answer = director.post(
        f"/games/{game.pk}/correct/", {**form, **values, "reason": "Misread the gauge"}
    )
    assert answer.status_code == 302


def _tile(board: str, kingdom: str) -> str:
    """The shared screen's tile of ``kingdom``."""
    found = re.search(rf"<h3>{re.escape(kingdom)}</h3>(.*?)</article>", board, re.S)
    assert found, f"no tile for {kingdom}"
    return found.group(1)


def _stability(tile: str) -> int:
    return int(re.search(r'aria-valuenow="(\d)" aria-label="Stability"', tile).group(1))


def test_a_stability_correction_renders_again_only_its_kingdoms_tile(game):
    """Rules G1: "The director may correct any state, with an audit log"; the screen shows the
    corrected gauge at once, and the other kingdoms' tiles are the same renderings."""
    state = state_of(game)
    assert len(state.kingdoms) >= 2
    first, other = state.kingdoms[0], state.kingdoms[1]
    names = kingdom_names(state, load_catalog(game.pack), "en")
    screen = Client()
    before = html.unescape(screen.get(f"/board/{game.board_token}/").content.decode())
    value = 2 if first.indicators["stability"] != 2 else 4
    _correct(game, **{f"ind_{first.id}_stability": str(value)})

    with renderings() as seen:
        after = html.unescape(screen.get(f"/board/{game.board_token}/").content.decode())

    assert seen["game/_screen_kingdom.html"] == 1
    assert _stability(_tile(after, names[first.id])) == value
    assert _stability(_tile(before, names[first.id])) == first.indicators["stability"]
    assert _tile(after, names[other.id]) == _tile(before, names[other.id])


def test_the_correction_boxes_show_the_chests_and_gauges_as_they_are_now(game):
    """The correction form labels each box with its value now; a public change leaves the
    chests' boxes (and the decks) as they were rendered, and a change to a chest renders them
    again."""
    state = state_of(game)
    kingdom = state.kingdoms[0]
    coins = state.player(1).resources[Resource.MON]
    director = director_client(game)
    director.get(f"/games/{game.pk}/")
    value = 2 if kingdom.indicators["stability"] != 2 else 4
    _correct(game, **{f"ind_{kingdom.id}_stability": str(value)})

    with renderings() as seen:
        page = html.unescape(director.get(f"/games/{game.pk}/").content.decode())
    assert seen["game/_correction_chests.html"] == 0
    assert seen["game/_every_chest.html"] == seen["game/_chest.html"] == 0
    assert seen["game/_correction_kingdoms.html"] == 1
    assert seen["game/_decks.html"] == 0  # no deck changed: the director's decks as they were
    for cards in state.decks.values():
        assert f"({len(cards)})</summary>" in page
    assert re.search(rf'\({value}\) <input type="number" name="ind_{kingdom.id}_stability"', page)

    _correct(game, res_1_MON="2")
    with renderings() as seen:
        page = html.unescape(director.get(f"/games/{game.pk}/").content.decode())
    assert seen["game/_correction_chests.html"] == 1
    assert re.search(rf'\({coins + 2}\) <input type="number" name="res_1_MON"', page)
    # Every chest: the list again, the changed chest's part alone again.
    assert seen["game/_every_chest.html"] == 1 and seen["game/_chest.html"] == 1
    every = page[page.index("Every chest") :]
    first = every[every.index(f"<summary>{state.player(1).name}</summary>") :]
    first = first[: first.index("</details>")]
    assert f"<span>Money</span><b>{coins + 2}</b>" in first


def test_the_phones_of_one_kingdom_share_its_card_and_each_shows_its_own(game):
    """Rules §1.2: "Member / subject (membre / súbdit): a player who belongs to a kingdom";
    each phone keeps its own kingdom in sight, and the members of one share its rendering."""
    state = state_of(game)
    by_kingdom: dict[int, list[int]] = {}
    for player in state.players:
        if player.kingdom is not None:
            by_kingdom.setdefault(player.kingdom, []).append(player.seat)
    shared = next(seats for seats in by_kingdom.values() if len(seats) >= 2)
    names = kingdom_names(state, load_catalog(game.pack), "en")

    def my_kingdom(seat: int) -> str:
        page = phone(game, seat).get(f"/play/{game.pk}/").content.decode()
        found = re.search(r'<h2 id="my-kingdom-title">(.*?)</h2>', html.unescape(page))
        assert found, f"seat {seat} shows no kingdom of its own"
        return found.group(1)

    my_kingdom(shared[0])
    with renderings() as seen:
        shown = my_kingdom(shared[1])
    assert seen["game/_my_kingdom.html"] == 0
    assert shown == names[state.player(shared[1]).kingdom]
    for kingdom, seats in by_kingdom.items():
        assert my_kingdom(seats[0]) == names[kingdom]


def test_the_dashboards_player_lists_are_rendered_again_only_when_what_they_show_changed(game):
    """The planning list (rules §3.2: the director may close a player's Planning) and the
    kingdom actions' choices name every player; a Stability correction leaves both as they
    were rendered, and a player's Planning closed renders the list again, showing it."""
    state = state_of(game)
    kingdom = state.kingdoms[0]
    director = director_client(game)
    director.get(f"/games/{game.pk}/")
    value = 2 if kingdom.indicators["stability"] != 2 else 4
    _correct(game, **{f"ind_{kingdom.id}_stability": str(value)})

    with renderings() as seen:
        shown = director.get(f"/games/{game.pk}/")
    page = html.unescape(shown.content.decode())
    assert seen["game/_planning_list.html"] == 0
    assert seen["game/_kingdom_action_fields.html"] == 0
    for player in state.players:
        assert f'<option value="{player.seat}">{player.name}</option>' in page
        if not player.plan.handed_in:
            assert f"{player.name}: planning" in page

    closing = next(p for p in state.players if not p.plan.handed_in)
    form = hidden_fields(shown, f"/games/{game.pk}/turn/close-planning/")
    answer = director.post(f"/games/{game.pk}/turn/close-planning/", {**form, "seat": closing.seat})
    assert answer.status_code == 302
    with renderings() as seen:
        page = html.unescape(director.get(f"/games/{game.pk}/").content.decode())
    assert seen["game/_planning_list.html"] == 1
    assert f"{closing.name}: plan taken as it stood" in page
    assert seen["game/_kingdom_action_fields.html"] == 0
