"""Words, not identifiers, on every screen of a simulated game, in Catalan, English and Spanish.

Issue 13, item 2: "every parameter is shown by name (players, kingdoms, laws, assets,
resources by their translated names); no code, id or English word reaches a Catalan viewer."
A whole game is played by the simulator through the real services; at every phase change and
at the first step of every kind of decision, the director's dashboard, every phone and the
public board are opened in each language, and at the end every audit page. Every visible line
is checked by ``tests.harness.words.Detector``, built from this game's pack, the rules' codes
and the event kinds the game really logged.

The ruleset screen is left out: it is being rebuilt with labels (issue 13, item 3).
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest
from django.test import Client

from consell.content.catalog import load_catalog
from consell.game.models import Event, Game
from consell.rules.state import GameState, Status
from consell.simulator import simulate
from consell.wording.describe import LINES

from .words import Detector, visible_lines

LANGUAGES = ("ca", "en", "es")
# players, turns, seed; WORDS_GAME="3 2 1" plays a shorter one while fixing.
GAME = tuple(int(n) for n in os.environ.get("WORDS_GAME", "4 3 5").split())
AUDIT = ("", "story/", "charts/", "dice/", "report/")


class Reader:
    """Opens a game's pages in every language, keeping each distinct visible line once."""

    def __init__(self) -> None:
        self.lines: dict[tuple[str, str, str], str] = {}  # (language, page, line) -> where
        self.clients: dict[str, dict[str, Client]] = {}
        self.pending_kinds: set[str] = set()
        self._moments: set = set()
        self._kinds: set = set()

    def __call__(self, game: Game, state: GameState) -> None:
        self.pending_kinds.update(p.kind for p in state.pending)
        moment = (state.turn, str(state.phase), str(state.status))
        kinds = {p.kind for p in state.pending} - self._kinds
        if moment in self._moments and not kinds:
            return
        self._moments.add(moment)
        self._kinds.update(kinds)
        self.read(game, f"turn {state.turn} {state.phase}")

    def _open(self, game: Game) -> None:
        for language in LANGUAGES:
            director = Client()
            director.force_login(game.director)
            clients = {"director": director, "board": Client()}
            for seat in game.seats.order_by("position"):
                clients[f"seat {seat.position}"] = phone = Client()
                phone.cookies["django_language"] = language
                assert phone.get(f"/s/{seat.token}/").status_code == 302
            for client in clients.values():
                client.cookies["django_language"] = language
            self.clients[language] = clients

    def pages(self, game: Game) -> list[tuple[str, str, str]]:
        """(viewer, page, address) of every page a viewer has now."""
        g = game.pk
        out = [
            ("director", "game list", "/games/"),
            ("director", "dashboard", f"/games/{g}/"),
            ("board", "board", f"/board/{game.board_token}/"),
        ]
        out += [(f"seat {s}", "phone", f"/play/{g}/") for s in self._seats(game)]
        if game.finished:
            for page in AUDIT:
                out.append(("director", f"audit {page or 'timeline'}", f"/audit/{g}/{page}"))
                out.append(("seat 1", f"audit {page or 'timeline'}", f"/audit/{g}/{page}"))
            out += [
                ("director", "audit story", f"/audit/{g}/story/{s}/") for s in self._seats(game)
            ]
        return out

    def _seats(self, game: Game) -> list[int]:
        return list(game.seats.order_by("position").values_list("position", flat=True))

    def read(self, game: Game, where: str) -> None:
        if not self.clients:
            self._open(game)
        for language, clients in self.clients.items():
            for viewer, page, address in self.pages(game):
                answer = clients[viewer].get(address)
                assert answer.status_code == 200, f"{viewer} {address}: {answer.status_code}"
                for line in visible_lines(answer.content.decode()):
                    self.lines.setdefault((language, page, line), f"{where}, {viewer} {address}")


@pytest.mark.catalan
@pytest.mark.django_db(transaction=True)
def test_no_screen_shows_a_code_an_id_or_a_foreign_word():
    reader = Reader()
    played = simulate(*GAME, before_step=reader)
    game = played.game
    game.refresh_from_db()
    assert GameState.from_dict(game.state).status is Status.FINISHED
    reader.read(game, "the end")
    kinds = set(Event.objects.filter(game=game).values_list("kind", flat=True))
    assert not kinds - set(LINES), f"event kinds without a sentence: {sorted(kinds - set(LINES))}"
    names = [p["name"] for p in game.state["players"]]
    detector = Detector.build(load_catalog(game.pack), kinds, reader.pending_kinds, names)
    found: Counter = Counter()
    first: dict[tuple[str, str, str], str] = {}
    for (language, page, line), where in reader.lines.items():
        for problem in detector.problems(line, language):
            key = (language, page, problem)
            found[key] += 1
            first.setdefault(key, f"{where}: {line[:160]!r}")
    report = [
        f"[{n}x] {lang} {page}: {what} in {first[(lang, page, what)]}"
        for (lang, page, what), n in found.most_common()
    ]
    if os.environ.get("WORDS_REPORT"):
        Path(os.environ["WORDS_REPORT"]).write_text("\n".join(report), encoding="utf-8")
    assert not found, f"{len(found)} problems:\n" + "\n".join(report)
