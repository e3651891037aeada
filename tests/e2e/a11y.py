"""What the accessibility tests share: the npm tools (axe-core, Lighthouse), the games they
open and the links to every page kind.

The tools are installed by ``./dev test`` (``npm ci`` in tests/e2e, from its package.json and
package-lock.json, into the git-ignored tests/e2e/node_modules). When they are missing the tests
fail, saying how to install them: an accessibility check that skips passes by testing nothing.

Every game is one the engine really played (the simulator's runner, or the director's own
services for the setup), laid before the browser opens (tests/e2e/conftest.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.test import Client

from consell.companions.models import Play
from consell.game.services import games
from consell.rules.state import Phase
from consell.simulator.runner import DIRECTOR, NAMES, default_pack, simulate
from tests.game.simulated import play_until, state_of

TOOLS = Path(__file__).parent / "node_modules"
AXE = TOOLS / "axe-core" / "axe.min.js"
LIGHTHOUSE = TOOLS / "lighthouse" / "package.json"
INSTALL = "run `npm ci --prefix tests/e2e --ignore-scripts` (./dev test does it when missing)"


def tool(path: Path, name: str) -> Path:
    """The installed tool's file, or a failure naming what to do."""
    if not path.exists():
        pytest.fail(f"{name} is not installed in tests/e2e/node_modules: {INSTALL}")
    return path


@dataclass
class Where:
    """A page to open: its URL, on a phone or a laptop, with the cookie it needs, in a
    language (Catalan, the table's, unless told)."""

    url: str
    device: str = "phone"
    cookie: dict | None = field(default=None)
    language: str = "ca"
    shows: str = "main h1"  # what proves the page is the kind it stands for
    status: int = 200


def session_cookie(user, live_url: str) -> dict:
    client = Client()
    client.force_login(user)
    return {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_url}


def seat_cookie(game, position: int, live_url: str) -> dict:
    """The session cookie of a browser that opened seat ``position``'s link."""
    client = Client()
    assert client.get(f"/s/{game.seats.get(position=position).token}/").status_code == 302
    return {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_url}


def seat_link(game, position: int, live_url: str) -> str:
    return f"{live_url}/s/{game.seats.get(position=position).token}/"


def new_game():
    """Five players with the default pack, created by the director, not dealt: the ruleset
    can still change."""
    from django.contrib.auth import get_user_model

    director, _ = get_user_model().objects.get_or_create(username=DIRECTOR)
    return games.create_game(director, "Accessibilitat", default_pack(), NAMES[:5])


def setup_game():
    """``new_game``, dealt by the director: objectives on offer, the Kings appointing
    (rules §2); and a King's seat."""
    game = new_game()
    games.deal(game.pk)
    kings = [k.king for k in state_of(game).kingdoms if k.king is not None]
    return game, kings[0] if kings else 1


def planning_game():
    """``simulate --players 5 --seed 1`` at turn 2's Planning."""
    return play_until(5, 3, 1, lambda s: s.turn == 2 and s.phase is Phase.PLANNING)


def vote_game():
    """``simulate --players 5 --seed 1`` at its first open vote, and the voter's seat."""
    game = play_until(
        5, 10, 1,
        lambda s: any(p.kind == "vote" for p in s.pending)
        and not any(p.kind == "reaction" for p in s.pending),
    )  # fmt: skip
    vote = next(p for p in state_of(game).pending if p.kind == "vote")
    return game, vote.waiting_for[0]


def reaction_game():
    """``simulate --players 5 --seed 1`` when its first reaction is offered (turn 1's Actions),
    and the seat it waits on."""
    game = play_until(5, 10, 1, lambda s: any(p.kind == "reaction" for p in s.pending))
    reaction = next(p for p in state_of(game).pending if p.kind == "reaction")
    return game, reaction.waiting_for[0]


def auctioned_game():
    """``simulate --players 5 --seed 1`` at turn 1's Crisis, its auction just resolved."""
    return play_until(5, 3, 1, lambda s: s.turn == 1 and s.phase is Phase.CRISIS)


def finished_game():
    """``simulate --players 5 --turns 1 --seed 1``, played to its end."""
    return simulate(5, 1, 1).game


# Taps that give each companion game's play a winner and a score on every line.
TAPS = {
    "louis14": ["coat:0:I:3", "coat:1:II:2", "missions:0:2", "leftover:1:gold:9"],
    "richelieu": ["card:0:0:2:1", "card:1:1:1:1", "tile:0:region:0", "marker:1:1"],
    "versailles": ["place:0:1:1", "seal:0:1:1:favorite", "place:1:0:0"],
}


def companion_plays(owner) -> dict[str, int]:
    """A saved play of each companion game, scored on its entry page (game -> pk)."""
    from consell.companions import editing
    from consell.companions.games import score

    saved = {}
    for game, taps in TAPS.items():
        play = editing.blank(game, ["Alice", "Bob", "Carles"], region_label="Regió %d")
        for tap in taps:
            play = editing.apply(play, tap, {"pick": "louis-xiv"})
        winners = score(game, play)["winners"]
        saved[game] = Play.objects.create(owner=owner, game=game, data=play, winners=winners).pk
    return saved
