"""Simulated games stopped where a test needs them: the simulator's own runner, cut short.

``play_until`` plays a game with ``consell.simulator.runner.Runner`` (the services the
views call, the bots answering) and stops before the first step at which ``where(state)``
holds, so a test can take over from the interface with a state the engine really produced.
"""

from __future__ import annotations

from collections.abc import Callable
from html.parser import HTMLParser

from django.contrib import messages
from django.contrib.messages import get_messages
from django.test import Client

from consell.game.models import Game
from consell.rules.state import GameState
from consell.simulator.runner import Runner, default_pack


class _Reached(Exception):
    pass


class _StoppingRunner(Runner):
    def __init__(self, *args, where: Callable[[GameState], bool]):
        super().__init__(*args)
        self.where = where

    def _answer_pending(self, state: GameState) -> bool:
        if self.where(state):
            raise _Reached
        return super()._answer_pending(state)

    def _director_step(self, state: GameState) -> None:
        if self.where(state):
            raise _Reached
        super()._director_step(state)


def play_until(
    players: int, turns: int, seed: int, where: Callable[[GameState], bool], *, pack=None
) -> Game:
    """The game of ``simulate --players P --turns T --seed S``, stopped where ``where`` holds."""
    game = runner_until(players, turns, seed, where, pack=pack).game
    game.refresh_from_db()
    return game


def runner_until(
    players: int, turns: int, seed: int, where: Callable[[GameState], bool], *, pack=None
) -> Runner:
    """``play_until``'s runner, for a test whose bots go on answering for the table."""
    runner = _StoppingRunner(players, turns, seed, pack or default_pack(), None, where=where)
    try:
        runner.play()
    except _Reached:
        return runner
    raise AssertionError("The game ended before reaching the state asked for.")


def state_of(game: Game) -> GameState:
    game.refresh_from_db()
    return GameState.from_dict(game.state)


def director_client(game: Game) -> Client:
    client = Client()
    client.force_login(game.director)
    return client


def phone(game: Game, position: int) -> Client:
    """A phone that opened seat ``position``'s link."""
    client = Client()
    seat = game.seats.get(position=position)
    assert client.get(f"/s/{seat.token}/").status_code == 302
    return client


def messages_of(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def refusals_of(response) -> list[str]:
    """The warnings and errors the answer carries (what the user is told went wrong)."""
    return [str(m) for m in get_messages(response.wsgi_request) if m.level >= messages.WARNING]


def every_page(game: Game) -> dict[str, tuple[Client, str, dict]]:
    """Every GET page and fragment of a running game, for the director, each seat, the board."""
    director = director_client(game)
    htmx = {"HTTP_HX_REQUEST": "true"}
    pages = {
        "dashboard": (director, f"/games/{game.pk}/", {}),
        "dashboard live": (director, f"/games/{game.pk}/?fragment=live", htmx),
        "dashboard log": (director, f"/games/{game.pk}/?fragment=log", htmx),
        "board": (Client(), f"/board/{game.board_token}/", {}),
        "board fragment": (Client(), f"/board/{game.board_token}/?fragment=board", htmx),
    }
    for seat in game.seats.all():
        client = phone(game, seat.position)
        pages[f"seat {seat.position}"] = (client, f"/play/{game.pk}/", {})
        for fragment in ("decisions", "chest", "board"):
            pages[f"seat {seat.position} {fragment}"] = (
                client,
                f"/play/{game.pk}/?fragment={fragment}",
                htmx,
            )
        pages[f"qr {seat.position}"] = (
            director,
            f"/games/{game.pk}/seats/{seat.position}/qr.svg",
            {},
        )
    return pages


def broken_pages(game: Game) -> list[str]:
    """The pages of ``every_page`` that do not answer 200."""
    out = []
    for name, (client, url, headers) in every_page(game).items():
        status = client.get(url, **headers).status_code
        if status != 200:
            out.append(f"{name} {url}: {status}")
    return out


class _Forms(HTMLParser):
    def __init__(self):
        super().__init__()
        self.forms: list[tuple[str, dict[str, str]]] = []
        self._open = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and (a.get("method") or "").lower() == "post":
            self.forms.append((a.get("action") or "", {}))
            self._open = True
        elif tag == "input" and self._open and a.get("type") == "hidden" and a.get("name"):
            self.forms[-1][1][a["name"]] = a.get("value") or ""

    def handle_endtag(self, tag):
        if tag == "form":
            self._open = False


def hidden_fields(response, action: str) -> dict[str, str]:
    """The hidden fields (nonce, seq, pending…) of the first form on the page posting to
    ``action``, as the browser would send them."""
    parser = _Forms()
    parser.feed(response.content.decode())
    for url, fields in parser.forms:
        if url == action:
            fields.pop("csrfmiddlewaretoken", None)
            return fields
    raise AssertionError(f"No form posts to {action} on this page.")
