"""Live updates over websockets (docs/principles.md, principle 7).

A socket authenticates at connect, carries "your view changed" notices with a per-viewer
version (and the viewer's own parts, tests/game/test_pushed_parts.py), refuses anything a
client sends, and closes when its seat link is reissued.
"""

from __future__ import annotations

import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from consell.asgi import application
from consell.game.services import games as game_services
from consell.game.services import seats as seat_services
from tests.game.conftest import seat_client

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

ORIGIN = (b"origin", b"http://localhost")


def _cookie(client: Client) -> tuple[bytes, bytes]:
    return (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())


async def _connect(path: str, client: Client | None = None):
    headers = [ORIGIN] + ([_cookie(client)] if client and "sessionid" in client.cookies else [])
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await communicator.connect()
    return communicator, connected


async def test_a_phone_connects_to_its_own_seat(game):
    phone = await sync_to_async(seat_client)(game, 1)
    socket, connected = await _connect(f"/ws/play/{game.pk}/", phone)
    assert connected
    hello = json.loads(await socket.receive_from())
    assert hello["type"] == "hello" and hello["v"] == 1
    await socket.disconnect()


async def _closed_with(socket) -> int:
    """The code a refused socket is closed with, as the browser sees it."""
    output = await socket.receive_output(timeout=2)
    assert output["type"] == "websocket.close", output
    return output["code"]


async def test_a_socket_without_a_seat_is_closed_as_not_found(game):
    """Accepted, then closed with 4404, so the page reads the code instead of a bare 1006."""
    socket, connected = await _connect(f"/ws/play/{game.pk}/", Client())
    assert connected
    assert await _closed_with(socket) == 4404


async def test_a_socket_for_a_game_that_does_not_exist_looks_like_any_stranger(game):
    """A stranger cannot tell which games exist: the same 4404 as for someone else's game."""
    phone = await sync_to_async(seat_client)(game, 1)
    socket, connected = await _connect(f"/ws/play/{game.pk + 1000}/", phone)
    assert connected
    assert await _closed_with(socket) == 4404
    socket, _ = await _connect("/ws/board/no-such-board/")
    assert await _closed_with(socket) == 4404


@pytest.mark.parametrize("path", ["/ws/nothing/", "/ws/play/not-a-number/", "/elsewhere"])
async def test_a_socket_on_a_path_no_page_has_is_closed_as_not_found(path):
    """A handshake on an unknown path is answered like any page that does not exist: accepted
    and closed with 4404, never a server error."""
    socket, connected = await _connect(path)
    assert connected
    assert await _closed_with(socket) == 4404


async def test_a_reissued_link_reconnecting_is_closed_as_not_allowed(game):
    """The phone held the seat, so 4403 tells it only what it knew: its link was reissued."""
    lost = await sync_to_async(seat_client)(game, 3)
    await sync_to_async(seat_services.reissue_link)(game.pk, 3)
    socket, connected = await _connect(f"/ws/play/{game.pk}/", lost)
    assert connected
    assert await _closed_with(socket) == 4403


async def test_a_socket_from_another_origin_is_refused(game):
    phone = await sync_to_async(seat_client)(game, 1)
    communicator = WebsocketCommunicator(
        application,
        f"/ws/play/{game.pk}/",
        headers=[(b"origin", b"http://evil.example"), _cookie(phone)],
    )
    connected, _ = await communicator.connect()
    assert not connected


async def test_only_the_director_opens_the_director_socket(game, director):
    browser = Client()
    await sync_to_async(browser.force_login)(director)
    socket, connected = await _connect(f"/ws/games/{game.pk}/director/", browser)
    assert connected
    await socket.disconnect()
    phone = await sync_to_async(seat_client)(game, 2)
    socket, _ = await _connect(f"/ws/games/{game.pk}/director/", phone)
    assert await _closed_with(socket) == 4404


async def test_a_change_reaches_the_phones_that_can_see_it(game):
    alice = await sync_to_async(seat_client)(game, 1)
    bob = await sync_to_async(seat_client)(game, 2)
    a_socket, _ = await _connect(f"/ws/play/{game.pk}/", alice)
    b_socket, _ = await _connect(f"/ws/play/{game.pk}/", bob)
    a_hello = json.loads(await a_socket.receive_from())
    await b_socket.receive_from()
    state = await sync_to_async(_state)(game)
    offer = state.player(1).objective_offer
    await sync_to_async(game_services.keep_objectives)(game.pk, 1, offer[0], offer[2])
    a_notice = json.loads(await a_socket.receive_from(timeout=2))
    b_notice = json.loads(await b_socket.receive_from(timeout=2))
    assert a_notice["type"] == "changed" and a_notice["version"] > a_hello["version"]
    assert b_notice["type"] == "changed"
    # Besides the version a notice may carry the viewer's own parts and their keys, and
    # nothing else (tests/game/test_pushed_parts.py holds the parts to what each page asks for).
    assert set(a_notice) - {"parts", "keys"} == {"v", "game", "type", "version"}
    assert set(a_notice["keys"]) == {"decisions", "plan", "chest", "board", "log"}
    await a_socket.disconnect()
    await b_socket.disconnect()


async def test_a_private_change_wakes_only_its_owner(game):
    """A director-only event (a reissued link) sends nothing to the phones."""
    alice = await sync_to_async(seat_client)(game, 1)
    socket, _ = await _connect(f"/ws/play/{game.pk}/", alice)
    await socket.receive_from()
    await sync_to_async(seat_services.reissue_link)(game.pk, 4)
    assert await socket.receive_nothing(timeout=0.3)
    await socket.disconnect()


async def test_client_messages_change_nothing(game):
    phone = await sync_to_async(seat_client)(game, 1)
    socket, _ = await _connect(f"/ws/play/{game.pk}/", phone)
    await socket.receive_from()
    before = await sync_to_async(_seq)(game)
    await socket.send_to(text_data="not json at all")
    assert json.loads(await socket.receive_from())["type"] == "error"
    await socket.send_to(text_data=json.dumps({"type": "hand_in"}))
    assert json.loads(await socket.receive_from())["type"] == "error"
    await socket.send_to(text_data=json.dumps({"type": "ping"}))
    assert json.loads(await socket.receive_from())["type"] == "pong"
    assert await sync_to_async(_seq)(game) == before
    await socket.disconnect()


async def test_a_reissued_link_closes_the_old_socket(game):
    lost = await sync_to_async(seat_client)(game, 3)
    socket, _ = await _connect(f"/ws/play/{game.pk}/", lost)
    await socket.receive_from()
    await sync_to_async(seat_services.reissue_link)(game.pk, 3)
    assert json.loads(await socket.receive_from(timeout=2))["type"] == "revoked"
    assert await _closed_with(socket) == 4403


async def test_reconnecting_reports_the_current_version(game):
    phone = await sync_to_async(seat_client)(game, 1)
    socket, _ = await _connect(f"/ws/play/{game.pk}/", phone)
    first = json.loads(await socket.receive_from())
    await socket.disconnect()
    state = await sync_to_async(_state)(game)
    offer = state.player(1).objective_offer
    await sync_to_async(game_services.keep_objectives)(game.pk, 1, offer[0], offer[2])
    socket, _ = await _connect(f"/ws/play/{game.pk}/", phone)
    again = json.loads(await socket.receive_from())
    assert again["version"] > first["version"], "a reconnecting phone sees it missed a change"
    await socket.disconnect()


@pytest.mark.parametrize(
    "frame",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"a":' * 50_000 + "1" + "}" * 50_000,
        json.dumps({"type": "ping", "padding": "x" * 1_000_000}),
        "[" * 120 + "]" * 120,
    ],
    ids=["deep-list", "deep-object", "huge", "nested-within-size"],
)
async def test_a_deep_or_huge_frame_is_refused_and_the_socket_lives_on(game, frame):
    phone = await sync_to_async(seat_client)(game, 1)
    socket, _ = await _connect(f"/ws/play/{game.pk}/", phone)
    await socket.receive_from()
    await socket.send_to(text_data=frame)
    assert json.loads(await socket.receive_from())["type"] == "error"
    await socket.send_to(text_data=json.dumps({"type": "ping"}))
    assert json.loads(await socket.receive_from())["type"] == "pong"
    await socket.disconnect()


async def test_a_binary_frame_is_refused(game):
    phone = await sync_to_async(seat_client)(game, 1)
    socket, _ = await _connect(f"/ws/play/{game.pk}/", phone)
    await socket.receive_from()
    await socket.send_to(bytes_data=b'{"type": "ping"}')
    assert json.loads(await socket.receive_from())["type"] == "error"
    await socket.disconnect()


async def test_a_notice_that_is_not_newer_never_moves_the_page_back(game):
    """Two daphne processes may relay versions 7 and 6 in that order: only 7 reaches the page."""
    from channels.layers import get_channel_layer

    from consell.live.broadcast import game_group

    phone = await sync_to_async(seat_client)(game, 1)
    socket, _ = await _connect(f"/ws/play/{game.pk}/", phone)
    hello = json.loads(await socket.receive_from())["version"]
    layer = get_channel_layer()
    for version in (hello + 2, hello + 1, hello + 2, hello):
        notice = {"type": "game.changed", "game": game.pk, "versions": {"seat:1": version}}
        await layer.group_send(game_group(game.pk), notice)
    notice = json.loads(await socket.receive_from())
    assert notice == {"v": 1, "game": game.pk, "type": "changed", "version": hello + 2}
    assert await socket.receive_nothing(timeout=0.3)
    await socket.disconnect()


async def test_a_ping_catches_up_a_socket_whose_group_was_forgotten(game, settings):
    """A Redis restart forgets every group: the next ping sends the version it missed and
    joins again, so later notices arrive. (The in-memory layer is the one whose groups a test
    can forget; the fault suite restarts a real Redis.)"""
    from channels.layers import get_channel_layer

    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

    phone = await sync_to_async(seat_client)(game, 1)
    socket, _ = await _connect(f"/ws/play/{game.pk}/", phone)
    hello = json.loads(await socket.receive_from())["version"]
    get_channel_layer().groups.clear()
    state = await sync_to_async(_state)(game)
    offer = state.player(1).objective_offer
    await sync_to_async(game_services.keep_objectives)(game.pk, 1, offer[0], offer[2])
    assert await socket.receive_nothing(timeout=0.3), "the forgotten socket missed the notice"
    await socket.send_to(text_data=json.dumps({"type": "ping"}))
    # The missed version comes as its notice would have (with the parts, if they can be made
    # here), then the pong, which says the same version.
    caught_up = json.loads(await socket.receive_from())
    assert caught_up["type"] == "changed" and caught_up["version"] > hello
    pong = json.loads(await socket.receive_from())
    assert pong["type"] == "pong" and pong["version"] == caught_up["version"]
    await sync_to_async(seat_services.reissue_link)(game.pk, 1)
    assert json.loads(await socket.receive_from(timeout=2))["type"] == "revoked"
    await socket.disconnect()


def _state(game):
    from consell.rules.state import GameState

    game.refresh_from_db()
    return GameState.from_dict(game.state)


def _seq(game):
    game.refresh_from_db()
    return game.seq


@pytest.mark.redis
async def test_notices_travel_through_real_redis(game, settings):
    """With REDIS_URL set the channel layer is channels-redis, and notices still arrive."""
    from channels.layers import get_channel_layer

    assert type(get_channel_layer()).__name__ == "RedisChannelLayer"
    phone = await sync_to_async(seat_client)(game, 1)
    socket, connected = await _connect(f"/ws/play/{game.pk}/", phone)
    assert connected
    await socket.receive_from()
    state = await sync_to_async(_state)(game)
    offer = state.player(1).objective_offer
    await sync_to_async(game_services.keep_objectives)(game.pk, 1, offer[0], offer[2])
    assert json.loads(await socket.receive_from(timeout=3))["type"] == "changed"
    await socket.disconnect()
