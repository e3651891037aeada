"""A notice carries its page's parts, made by the page's own view (issue 14).

The socket renders what ``live.js`` would have asked for (``consell.game.live_parts``), so a
page shows a change with no request. These tests hold the pushed parts to the page's own parts
request, for a phone, the public board and the director, and check the cases where the
socket must send a bare notice instead and let the page ask.
"""

from __future__ import annotations

import json
import re

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from consell.asgi import application
from consell.game import live_parts
from consell.game.services import games as game_services
from consell.game.services import seats as seat_services
from consell.rules.state import GameState
from tests.game.conftest import seat_client

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

ORIGIN = (b"origin", b"http://localhost")
PHONE_PARTS = "fragment=decisions&fragment=plan&fragment=chest&fragment=board"
# What differs between two renderings of the same parts: each form's one-time keys.
ONE_TIME = re.compile(r'name="(csrfmiddlewaretoken|nonce)" value="[^"]*"')


def _same(html: str) -> str:
    return ONE_TIME.sub(r'name="\1" value=""', html)


def _loaded(client: Client, path: str) -> Client:
    """The browser after the page loaded: it holds the CSRF cookie the page's forms use."""
    assert client.get(path).status_code == 200
    return client


async def _socket(path: str, client: Client, csrf: bool = True, query: str = ""):
    cookies = [f"{name}={c.value}" for name, c in client.cookies.items()]
    cookies = [c for c in cookies if csrf or not c.startswith("csrftoken=")]
    headers = [ORIGIN, (b"host", b"testserver"), (b"cookie", "; ".join(cookies).encode())]
    socket = WebsocketCommunicator(application, path + query, headers=headers)
    connected, _ = await socket.connect()
    assert connected
    hello = json.loads(await socket.receive_from())
    assert hello["type"] == "hello"
    return socket


def _state(game) -> GameState:
    game.refresh_from_db()
    return GameState.from_dict(game.state)


async def _keep_objectives(game, position: int) -> None:
    offer = (await sync_to_async(_state)(game)).player(position).objective_offer
    await sync_to_async(game_services.keep_objectives)(game.pk, position, offer[0], offer[2])


def _parts(client: Client, path: str, query: str) -> str:
    response = client.get(f"{path}?{query}", HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return response.content.decode()


async def test_a_phone_is_sent_the_parts_its_own_request_would_load(game):
    page = f"/play/{game.pk}/"
    alice = await sync_to_async(lambda: _loaded(seat_client(game, 1), page))()
    socket = await _socket(f"/ws/play/{game.pk}/", alice)
    await _keep_objectives(game, 1)
    notice = json.loads(await socket.receive_from(timeout=5))
    assert notice["type"] == "changed" and isinstance(notice["parts"], str)
    asked = await sync_to_async(_parts)(alice, page, PHONE_PARTS)
    assert _same(notice["parts"]) == _same(asked)
    assert 'id="chest"' in notice["parts"] and "Alice" in notice["parts"]
    await socket.disconnect()


async def test_the_board_and_the_director_are_sent_their_own_parts(game, director):
    board_page, dashboard = f"/board/{game.board_token}/", f"/games/{game.pk}/"
    screen = await sync_to_async(lambda: _loaded(Client(), board_page))()
    dora = Client()
    await sync_to_async(dora.force_login)(director)
    await sync_to_async(_loaded)(dora, dashboard)
    board = await _socket(f"/ws{board_page}", screen)
    desk = await _socket(f"/ws{dashboard}director/", dora)
    await _keep_objectives(game, 2)  # public: the board shows who has chosen
    for socket, client, path, part in (
        (board, screen, board_page, "board"),
        (desk, dora, dashboard, "live"),
    ):
        notice = json.loads(await socket.receive_from(timeout=5))
        assert "parts" in notice, path
        asked = await sync_to_async(_parts)(client, path, f"fragment={part}")
        assert _same(notice["parts"]) == _same(asked)
        await socket.disconnect()


async def test_a_browser_without_the_csrf_cookie_is_told_to_ask(game):
    """Alice's parts hold a form (her objectives to choose): a browser that has no CSRF cookie
    for its token yet gets a bare notice and asks; one that loaded the page gets the parts."""
    page = f"/play/{game.pk}/"
    fresh = await sync_to_async(seat_client)(game, 1)
    loaded = await sync_to_async(lambda: _loaded(seat_client(game, 1), page))()
    bare = await _socket(f"/ws/play/{game.pk}/", fresh, csrf=False)
    full = await _socket(f"/ws/play/{game.pk}/", loaded)
    await _keep_objectives(game, 2)
    notice = json.loads(await bare.receive_from(timeout=5))
    assert notice["type"] == "changed" and "parts" not in notice
    notice = json.loads(await full.receive_from(timeout=5))
    assert "csrfmiddlewaretoken" in notice["parts"] and 'id="chest"' in notice["parts"]
    await bare.disconnect()
    await full.disconnect()


async def test_a_planner_the_page_already_shows_is_left_out(game):
    """The page says which planner it shows when it connects (?shown=): what is typed stays."""
    page = f"/play/{game.pk}/"
    bob = await sync_to_async(lambda: _loaded(seat_client(game, 2), page))()
    shown = await sync_to_async(_parts)(bob, page, "fragment=plan")
    key = re.search(r'id="plan-key" name="shown" value="([0-9a-f]+)"', shown).group(1)
    socket = await _socket(f"/ws/play/{game.pk}/", bob, query=f"?shown={key}")
    await _keep_objectives(game, 1)  # public: Bob's board changes, his planner does not
    notice = json.loads(await socket.receive_from(timeout=5))
    assert 'id="board"' in notice["parts"] and 'id="plan-live"' not in notice["parts"]
    await socket.disconnect()


async def test_a_reissued_seat_is_sent_no_parts(game):
    page = f"/play/{game.pk}/"
    alice = await sync_to_async(lambda: _loaded(seat_client(game, 1), page))()
    socket = await _socket(f"/ws/play/{game.pk}/", alice)
    await sync_to_async(seat_services.reissue_link)(game.pk, 1)
    frames = []
    while True:
        output = await socket.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            break
        frames.append(json.loads(output["text"]))
    assert all("parts" not in frame for frame in frames), frames


async def test_a_director_who_logged_out_is_sent_no_parts(game, director):
    """The socket reads the browser's session as it is now, as the page's request would: a
    dashboard left open after logging out gets bare notices, and its request is refused."""
    dashboard = f"/games/{game.pk}/"
    dora = Client()
    await sync_to_async(dora.force_login)(director)
    await sync_to_async(_loaded)(dora, dashboard)
    desk = await _socket(f"/ws{dashboard}director/", dora)
    await sync_to_async(dora.post)("/accounts/logout/")
    await _keep_objectives(game, 1)
    notice = json.loads(await desk.receive_from(timeout=5))
    assert notice["type"] == "changed" and "parts" not in notice
    await desk.disconnect()


async def test_a_socket_keeps_its_database_connection_between_notices(game, monkeypatch):
    """The parts are rendered on the one thread sockets share, on one database connection
    kept from notice to notice: Channels would close it before every message (``CONN_MAX_AGE``
    is 0), and a table's 18 renderings then each opened a new one."""
    from django.db import connection

    from consell.game import consumers

    used = []

    def spy(*args):
        pushed = live_parts.render_for_socket(*args)
        used.append(id(connection.connection))
        return pushed

    monkeypatch.setattr(consumers, "render_for_socket", spy)
    page = f"/play/{game.pk}/"
    alice = await sync_to_async(lambda: _loaded(seat_client(game, 1), page))()
    socket = await _socket(f"/ws/play/{game.pk}/", alice)
    for position in (2, 3):
        await _keep_objectives(game, position)
        notice = json.loads(await socket.receive_from(timeout=5))
        assert "parts" in notice
    assert len(used) == 2 and used[0] == used[1]
    await socket.disconnect()


async def test_a_broken_connection_is_opened_afresh_for_the_next_rendering(monkeypatch):
    """A connection that failed and no longer answers is closed before a rendering; one that
    failed but still answers is kept, its error forgotten."""
    await sync_to_async(_check_connections)(monkeypatch)


def _check_connections(monkeypatch) -> None:
    from django.db import connection

    connection.ensure_connection()
    connection.errors_occurred = True
    live_parts.usable_connections()
    assert connection.connection is not None and not connection.errors_occurred
    connection.errors_occurred = True
    monkeypatch.setattr(connection, "is_usable", lambda: False)
    live_parts.usable_connections()
    assert connection.connection is None
