"""Every POST form of the game, sent with garbage, on states the simulator produced.

Each example takes a form as the page shows it to its owner (the director's dashboard, a
seat's phone), or none, replaces some of its fields with garbage and adds others, and posts
it as that owner. The answer is never a 500; when it is a refusal (an error status, a form
shown again, a warning or error message) the game is as before: its log, version, state,
ruleset and seat links. A change that is taken writes events. Each example is rolled back, so
every one starts from the simulator's state.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from html.parser import HTMLParser

import pytest
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from consell.content.models import Pack
from consell.game.models import Event, Game
from consell.rules.state import GameState, Phase
from consell.simulator.runner import simulate
from consell.views import urls
from tests.game.simulated import director_client, phone, play_until, refusals_of

from .garbage import EXAMPLES, VALUE, VALUES

pytestmark = pytest.mark.django_db

GET_ONLY = {"dashboard", "seat_qr", "join", "play", "board"}
POST_VIEWS = sorted(p.name for p in urls.urlpatterns if p.name not in GET_ONLY)
DIRECTORS = {p.name for p in urls.urlpatterns if str(p.pattern).startswith("games/")} - GET_ONLY

# Fields the views read that a page may not show in this state (consell/views).
NAMES = [
    "nonce",
    "seq",
    "pending",
    "seat",
    "reason",
    "pile",
    "index",
    "direction",
    "office",
    "member",
    "king",
    "kings",
    "met",
    "asked",
    "joiners",
    "die",
    "to",
    "offer",
    "answer",
    "tactic",
    "source",
    "ability",
    "restore",
    "personal",
    "collective",
    "kingdom",
    "action",
    "use",
    "choice",
    "card",
    "target",
    "amount",
    "give_MON",
    "want_POW",
    "give_tactics",
    "give_assets",
    "give_information",
    "res_1_MON",
    "name",
    "pack",
    "players",
    "turns",
]


class _Forms(HTMLParser):
    """Every field of every POST form on a page, as the browser would send it."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str, list[tuple[str, str]]]] = []
        self._open = False
        self._select: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self._open = (a.get("method") or "").lower() == "post"
            if self._open:
                self.forms.append((a.get("action") or "", []))
            return
        if not self._open:
            return
        name = a.get("name")
        if tag in ("input", "button", "textarea") and name:
            self.forms[-1][1].append((name, a.get("value") or ""))
        elif tag == "select":
            self._select = name
        elif tag == "option" and self._select:
            self.forms[-1][1].append((self._select, a.get("value") or ""))

    def handle_endtag(self, tag):
        if tag == "form":
            self._open = False
        elif tag == "select":
            self._select = None


def _forms(client: Client, page: str) -> dict[str, list[dict[str, list[str]]]]:
    parser = _Forms()
    parser.feed(client.get(page).content.decode())
    found: dict[str, list[dict[str, list[str]]]] = {}
    for action, fields in parser.forms:
        data: dict[str, list[str]] = {}
        for name, value in fields:
            if name != "csrfmiddlewaretoken":
                data.setdefault(name, []).append(value)
        found.setdefault(action, []).append(data)
    return found


class Table:
    """A simulated game, its director's browser and its phones, and the forms they show."""

    def __init__(self, game: Game):
        self.game = game
        self.director = director_client(game)
        self.phones = {s.position: phone(game, s.position) for s in game.seats.all()}
        self.forms = {"director": _forms(self.director, f"/games/{game.pk}/")}
        for position, client in self.phones.items():
            self.forms[position] = _forms(client, f"/play/{game.pk}/")

    def url(self, view: str, position: int) -> str:
        kwargs = {"game_id": self.game.pk}
        if view == "reissue_seat":
            kwargs["position"] = position
        if view == "game_list":
            kwargs = {}
        return reverse(f"game:{view}", kwargs=kwargs)

    def snapshot(self):
        game = Game.objects.get(pk=self.game.pk)
        tokens = list(game.seats.order_by("position").values_list("token", flat=True))
        events = Event.objects.filter(game=game).count()
        return events, game.seq, game.state, game.ruleset, tokens, Game.objects.count()


def _planning(state: GameState) -> bool:
    return state.phase is Phase.PLANNING and not any(p.plan.handed_in for p in state.players)


def _reactions(state: GameState) -> bool:
    return len([p for p in state.pending if p.kind == "reaction"]) > 1


STATES = {
    # simulate --players 5 --seed 1: Planning of turn 1, and its first reactions waiting.
    "planning": lambda: play_until(5, 10, 1, _planning),
    "reactions": lambda: play_until(5, 10, 1, _reactions),
    # simulate --players 3 --turns 2 --seed 1: finished, a card's trade permit still on.
    "finished": lambda: simulate(3, 2, seed=1).game,
}


@pytest.fixture(scope="module")
def tables(django_db_setup, django_db_blocker) -> Iterator[dict[str, Table]]:
    """Played once for the module, outside the tests' transactions, and removed afterwards."""
    with django_db_blocker.unblock():
        packs = set(Pack.objects.values_list("pk", flat=True))
        users = set(get_user_model().objects.values_list("pk", flat=True))
        sessions = set(Session.objects.values_list("pk", flat=True))
        made = {name: Table(play()) for name, play in STATES.items()}
        yield made
        for table in made.values():
            table.game.delete()
        Pack.objects.exclude(pk__in=packs).delete()
        get_user_model().objects.exclude(pk__in=users).delete()
        Session.objects.exclude(pk__in=sessions).delete()


@contextmanager
def rolled_back() -> Iterator[None]:
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


@st.composite
def posts(draw, table: Table, view: str):
    """Who posts, where, and a form: one the page shows, or none, with garbage in it."""
    if view in DIRECTORS:
        who, client = "director", table.director
    else:
        who = draw(st.sampled_from(sorted(table.phones)))
        client = table.phones[who]
    position = draw(st.sampled_from(sorted(table.phones)))
    url = table.url(view, position)
    shown = table.forms[who].get(url, [])
    form = dict(draw(st.sampled_from(shown))) if shown and draw(st.booleans()) else {}
    for name in sorted(form):
        if draw(st.integers(0, 2)) == 0:
            form[name] = draw(VALUES)
    extra = draw(st.dictionaries(st.sampled_from(NAMES), VALUES, max_size=3))
    extra |= draw(st.dictionaries(VALUE.filter(bool), VALUES, max_size=1))
    return client, url, {**extra, **form} if draw(st.booleans()) else {**form, **extra}


def _refused(response) -> bool:
    return response.status_code != 302 or bool(refusals_of(response))


def _fuzz(table: Table, data) -> None:
    client, url, form = data
    client.cookies.pop("messages", None)  # an earlier example's, never read: not this answer's
    before = table.snapshot()
    with rolled_back():
        response = client.post(url, form)
        assert response.status_code < 500, (url, form)
        after = table.snapshot()
    if _refused(response):
        assert after == before, f"refused, yet changed: {url} {form!r}"
    elif after[2:4] != before[2:4]:
        assert after[0] > before[0], f"changed the game without an event: {url} {form!r}"


def test_every_post_view_is_fuzzed():
    assert set(POST_VIEWS) == {p.name for p in urls.urlpatterns} - GET_ONLY
    assert DIRECTORS and DIRECTORS < set(POST_VIEWS)


FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    database=None,
)


@pytest.mark.parametrize("state", sorted(STATES))
@pytest.mark.parametrize("view", POST_VIEWS)
@FUZZ
@given(data=st.data())
def test_garbage_is_refused_or_logged_and_never_a_500(tables, state, view, data):
    table = tables[state]
    _fuzz(table, data.draw(posts(table, view)))
