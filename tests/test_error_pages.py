"""Error pages and caching as a game night sees them (issue 10, "game night runs safe").

The tests run as the server does, with DEBUG off (pytest-django's default, and the settings'
default), so a 404 or a 500 is the friendly page a player's phone would get, never Django's
debug page with the game's state in its local variables.
"""

import pytest
from django.conf import settings
from django.core.cache import caches
from django.db import connection
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from django.utils import translation
from django.views.defaults import server_error

from consell.projection import visibility
from tests.game import conftest as table

pytestmark = pytest.mark.django_db
# The game tests' table: Dora directs Alice, Bob, Carles, Dídac and Elena.
pack, new_game, game = table.pack, table.new_game, table.game
MARKER = "⟪"  # every card title of the test pack carries one (tests/game/conftest.py)


def phone(game, position: int, language: str = "en") -> Client:
    """Seat `position`'s phone, in `language`, getting error pages instead of exceptions."""
    client = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE=language)
    seat = game.seats.get(position=position)
    assert client.get(f"/s/{seat.token}/").status_code == 302
    return client


def break_the_projection(monkeypatch) -> None:
    """A bug deep inside the seat's view, where the whole game state is in local variables
    (as the pledges bug of issue 10 was)."""

    def crash(state, *args, **kwargs):
        raise TypeError("'list' object has no attribute 'items'")

    monkeypatch.setattr(visibility, "pending_for_seat", crash)
    # What the first page load kept is not made again; a change would have it made.
    for kept in ("views", "parts"):
        caches[kept].clear()


def test_the_tests_see_what_the_table_sees():
    assert settings.DEBUG is False


@pytest.mark.parametrize(
    ("language", "title"), [("en", "Something went wrong"), ("ca", "Alguna cosa ha fallat")]
)
def test_a_500_on_a_phone_shows_the_friendly_page_and_no_secret(game, monkeypatch, language, title):
    """Issue 10: "any 500 shows players Django's debug page, whose local variables hold the
    whole game state"; now the page is friendly, in the viewer's language, and tells nothing."""
    alice = phone(game, 1, language)
    others = [s.token for s in game.seats.exclude(position=1)]
    assert MARKER in alice.get(f"/play/{game.pk}/").content.decode()  # her dealt objectives
    break_the_projection(monkeypatch)
    for url in (f"/play/{game.pk}/", f"/play/{game.pk}/?fragment=chest"):
        response = alice.get(url, HTTP_HX_REQUEST="true")
        assert response.status_code == 500
        page = response.content.decode()
        assert f"<h1>{title}</h1>" in page
        assert f'<html lang="{language}">' in page
        assert MARKER not in page
        for leak in ("Traceback", "TypeError", "attribute", "state", "DEBUG", *others):
            assert leak not in page


def test_the_500_page_needs_no_database():
    """Issue 10: "the 500 page must render even if the DB is broken"."""
    with CaptureQueriesContext(connection) as queries, translation.override("ca"):
        response = server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    assert "Alguna cosa ha fallat" in response.content.decode()
    assert len(queries) == 0


@pytest.mark.parametrize(
    ("language", "title"), [("en", "Page not found"), ("ca", "No s'ha trobat la pàgina")]
)
def test_a_404_is_friendly_and_lists_no_url_patterns(client, language, title):
    for url in ("/s/not-a-seat/", "/play/999999/", "/no/such/page/", "/board/guess/"):
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 404
        page = response.content.decode()
        assert f"<h1>{title}</h1>" in page
        for leak in ("URLconf", "int:game_id", "str:token", "consell.urls"):
            assert leak not in page


def test_every_page_of_the_game_is_no_store(game, client_dora):
    """Issue 10: "Phone pages answer `Cache-Control: no-store`" (and the board, the dashboard,
    their fragments and JSON)."""
    alice = phone(game, 1)
    answers = {
        "phone": alice.get(f"/play/{game.pk}/"),
        "phone fragment": alice.get(f"/play/{game.pk}/?fragment=chest", HTTP_HX_REQUEST="true"),
        "board": Client().get(f"/board/{game.board_token}/"),
        "board fragment": Client().get(
            f"/board/{game.board_token}/?fragment=board", HTTP_HX_REQUEST="true"
        ),
        "dashboard": client_dora.get(f"/games/{game.pk}/"),
        "dashboard fragment": client_dora.get(
            f"/games/{game.pk}/?fragment=live", HTTP_HX_REQUEST="true"
        ),
        "qr": client_dora.get(f"/games/{game.pk}/seats/1/qr.svg"),
        "json": client_dora.get(f"/audit/{game.pk}/export.json"),
        "404": alice.get("/play/999999/"),
    }
    for name, response in answers.items():
        assert "no-store" in response.get("Cache-Control", ""), name
    assert answers["phone"].status_code == 200


def test_the_pages_carry_the_content_security_policy(game):
    policy = phone(game, 1).get(f"/play/{game.pk}/")["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "style-src 'self';" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy


@pytest.mark.catalan
def test_an_unknown_host_gets_the_friendly_400_and_not_the_allowed_hosts(client):
    """A phone that opened the laptop by an address PUBLIC_URL does not name."""
    response = client.get("/", HTTP_HOST="192.168.1.99:8000")
    assert response.status_code == 400
    page = response.content.decode()
    assert "<h1>No s'ha pogut entendre aquesta petició</h1>" in page
    for leak in ("ALLOWED_HOSTS", "127.0.0.1", "localhost", "192.168.1.99"):
        assert leak not in page


@pytest.mark.parametrize("charset", ["latin-1", "utf-16"])
@pytest.mark.parametrize(
    ("language", "title"),
    [
        ("en", "This request could not be understood"),
        ("ca", "No s'ha pogut entendre aquesta petició"),
    ],
)
def test_a_form_sent_in_another_charset_gets_the_friendly_400_and_changes_nothing(
    game, charset, language, title
):
    """Django reads a form only in UTF-8; one sent in another charset by a phone holding a CSRF
    cookie was a raw 500 from the server: the CSRF check of Django's 400 page read the body
    again and failed again. Now it is the 400 page in the phone's language."""
    alice = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE=language)
    seat = game.seats.get(position=1)
    assert alice.get(f"/s/{seat.token}/").status_code == 302
    alice.get(f"/play/{game.pk}/")
    token = alice.cookies["csrftoken"].value
    game.refresh_from_db()
    before = (game.seq, game.state)
    form = f"csrfmiddlewaretoken={token}&to=2&give_MON=1&give_information=Caf\u00e9 per a tu"
    response = alice.post(
        f"/play/{game.pk}/trades/propose/",
        form,
        content_type=f"application/x-www-form-urlencoded; charset={charset}",
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert f"<h1>{title}</h1>" in page
    assert f'<html lang="{language}">' in page
    game.refresh_from_db()
    assert (game.seq, game.state) == before
