"""A notice carries its page's parts, rendered by the function the page's own requests call.

The socket sends what ``live.js`` would have asked for (``consell.live.page_parts``), so a page
shows a change with no request. These tests hold the pushed parts to the page's own parts
request, for a phone, the public board and the director, and check that a socket whose right
no longer holds is sent nothing.
"""

from __future__ import annotations

import json
import re

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from consell.asgi import application
from consell.game.services import games as game_services
from consell.game.services import seats as seat_services
from consell.rules.state import GameState
from tests.game.conftest import seat_client

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

ORIGIN = (b"origin", b"http://localhost")
PHONE_PARTS = "fragment=decisions&fragment=plan&fragment=chest&fragment=board&fragment=log"
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
        (desk, dora, dashboard, "live&fragment=log"),
    ):
        notice = json.loads(await socket.receive_from(timeout=5))
        assert "parts" in notice, path
        asked = await sync_to_async(_parts)(client, path, f"fragment={part}")
        assert _same(notice["parts"]) == _same(asked)
        await socket.disconnect()


async def test_the_parts_hold_no_browsers_token(game):
    """Parts are rendered for their audience, not for one browser: a browser with no CSRF
    cookie yet is sent the same parts, whose forms carry no token (``forms.js`` adds the
    browser's own as a form is sent)."""
    page = f"/play/{game.pk}/"
    fresh = await sync_to_async(seat_client)(game, 1)
    loaded = await sync_to_async(lambda: _loaded(seat_client(game, 1), page))()
    bare = await _socket(f"/ws/play/{game.pk}/", fresh, csrf=False)
    full = await _socket(f"/ws/play/{game.pk}/", loaded)
    await _keep_objectives(game, 2)
    first = json.loads(await bare.receive_from(timeout=5))
    second = json.loads(await full.receive_from(timeout=5))
    assert _same(first["parts"]) == _same(second["parts"])
    assert 'id="chest"' in first["parts"] and "csrfmiddlewaretoken" not in first["parts"]
    await bare.disconnect()
    await full.disconnect()


async def test_a_planner_the_page_already_shows_is_left_out(game):
    """The page says which planner it shows when it connects (?shown=): what is typed stays."""
    page = f"/play/{game.pk}/"
    bob = await sync_to_async(lambda: _loaded(seat_client(game, 2), page))()
    shown = await sync_to_async(_parts)(bob, page, "fragment=plan")
    key = re.search(r'id="plan-key" name="shown" value="([0-9a-f]+)"', shown).group(1)
    socket = await _socket(f"/ws/play/{game.pk}/", bob, query=f"?held=plan:{key}")
    await _keep_objectives(game, 1)  # public: Bob's board changes, his planner does not
    notice = json.loads(await socket.receive_from(timeout=5))
    assert 'id="board"' in notice["parts"] and 'id="plan-live"' not in notice["parts"]
    await socket.disconnect()


async def test_a_notice_leaves_out_the_parts_the_page_holds(game):
    """The page tells its socket the key of each part it holds (?held=, from its elements'
    data-key): another player's public change sends Bob the parts it changed (his log, as
    its new lines alone) and not his chest, and the notice names the key of every part, sent
    or not; the socket then knows what the page holds, so the next notice leaves out the
    parts it sent."""
    page = f"/play/{game.pk}/"
    bob = await sync_to_async(lambda: _loaded(seat_client(game, 2), page))()
    shown = await sync_to_async(_parts)(bob, page, PHONE_PARTS)
    held = dict(re.findall(r'data-part="(\w+)" data-key="([0-9a-z]+)"', shown))
    assert set(held) == {"decisions", "plan", "chest", "board", "log"}
    query = "?held=" + ",".join(f"{name}:{key}" for name, key in held.items())
    socket = await _socket(f"/ws/play/{game.pk}/", bob, query=query)
    await _keep_objectives(game, 1)
    notice = json.loads(await socket.receive_from(timeout=5))
    sent = re.findall(r'data-part="(\w+)" data-key="([0-9a-z]+)"', notice["parts"])
    grown = r'data-lines-for="(log)-live" data-base="\w+" data-key="(\w+)"'
    sent += re.findall(grown, notice["parts"])
    assert "log" in dict(sent) and "chest" not in dict(sent), sent
    assert set(notice["keys"]) == set(held) and notice["keys"]["chest"] == held["chest"]
    assert all(notice["keys"][name] == key for name, key in sent)
    await _keep_objectives(game, 3)
    second = json.loads(await socket.receive_from(timeout=5))
    again = dict(re.findall(r'data-part="(\w+)" data-key="([0-9a-z]+)"', second["parts"]))
    assert all(second["keys"][name] != notice["keys"][name] for name in again), again
    await socket.disconnect()


LOG_PART = re.compile(r'data-part="log" data-key="(\w+)"')
NEW_LINES = re.compile(
    r'<template id="log-live-new" data-lines-for="log-live" data-base="(\w+)" '
    r'data-key="(\w+)" data-since="(\d+)" data-keep="(\d+)">(.*?)</template>',
    re.S,
)
LINE = re.compile(r'<li data-seq="\d+">.*?</li>', re.S)


def _seq(line: str) -> int:
    return int(re.search(r'data-seq="(\d+)"', line)[1])


@pytest.mark.parametrize("whose", ["phone", "dashboard"])
async def test_a_log_the_page_holds_grows_by_its_new_lines_into_the_log_a_fresh_load_shows(
    game, director, whose
):
    """A socket sends the log its page holds (Bob's phone's, Dora's dashboard's) only the
    lines newer than those it shows: added on top as ``live.js`` does (dropping those past
    the newest 60 or older than the window), they make the very lines and key the page's own
    request for its log answers."""
    if whose == "phone":
        page, path = f"/play/{game.pk}/", f"/ws/play/{game.pk}/"
        client = await sync_to_async(lambda: _loaded(seat_client(game, 2), page))()
    else:
        page, path, client = f"/games/{game.pk}/", f"/ws/games/{game.pk}/director/", Client()
        await sync_to_async(client.force_login)(director)
        await sync_to_async(_loaded)(client, page)
    shown = await sync_to_async(_parts)(client, page, "fragment=log")
    key, lines = LOG_PART.search(shown)[1], LINE.findall(shown)
    socket = await _socket(path, client, query=f"?held=log:{key}")
    grown = 0
    for position in (1, 2, 3, 4):  # Bob's own choice is a line of his own, the rest public
        await _keep_objectives(game, position)
        notice = json.loads(await socket.receive_from(timeout=5))
        new = NEW_LINES.search(notice["parts"])
        if new is None:  # a log that showed nothing is sent whole
            assert LOG_PART.search(notice["parts"]) and not lines
            key, lines = LOG_PART.search(notice["parts"])[1], LINE.findall(notice["parts"])
        else:
            assert new[1] == key
            since, keep = int(new[3]), int(new[4])
            lines = [line for line in LINE.findall(new[5]) + lines if _seq(line) >= since][:keep]
            key, grown = new[2], grown + 1
        fresh = await sync_to_async(_parts)(client, page, "fragment=log")
        assert (key, lines) == (LOG_PART.search(fresh)[1], LINE.findall(fresh))
        assert notice["keys"]["log"] == key
    assert grown >= 3 and lines
    await socket.disconnect()


async def test_nonsense_held_keys_are_ignored_and_every_part_is_sent(game):
    """What ``?held=`` names is only a hint: names and keys that are no part's, too long, or
    not letters and digits are ignored, and the page is sent every part."""
    page = f"/play/{game.pk}/"
    bob = await sync_to_async(lambda: _loaded(seat_client(game, 2), page))()
    nonsense = "chest:,<b>:1,log:" + "f" * 500 + ",board:%00,plan:ab;cd," + "x:1," * 50
    socket = await _socket(f"/ws/play/{game.pk}/", bob, query="?held=" + nonsense)
    await _keep_objectives(game, 1)
    notice = json.loads(await socket.receive_from(timeout=5))
    sent = re.findall(r'data-part="(\w+)"', notice["parts"])
    assert sent == ["decisions", "plan", "chest", "board", "log"]
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
    dashboard left open after logging out is closed at the next change, with no parts."""
    dashboard = f"/games/{game.pk}/"
    dora = Client()
    await sync_to_async(dora.force_login)(director)
    await sync_to_async(_loaded)(dora, dashboard)
    desk = await _socket(f"/ws{dashboard}director/", dora)
    await sync_to_async(dora.post)("/accounts/logout/")
    await _keep_objectives(game, 1)
    closed = await desk.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": 4404}


def _counting(monkeypatch, trips: list[int]) -> None:
    """Count the sockets each call of the parts' rendering serves."""
    from consell.live import consumers

    render = consumers.render_for_sockets

    def counted(game_id, asked, each=None):
        trips.append(len(asked))
        return render(game_id, asked, each)

    monkeypatch.setattr(consumers, "render_for_sockets", counted)


async def test_a_change_reaches_a_process_as_one_message_rendered_in_one_trip(
    game, settings, monkeypatch
):
    """A process holding several pages of a game takes one channel-layer message per change,
    not one per socket, and renders their parts in one call, which reads the game once; each
    page still gets its own parts."""
    from consell.live import consumers

    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    messages, trips = [], []
    hand_on = consumers.Relay._hand_on

    async def counted(relay, message):
        messages.append(message)
        await hand_on(relay, message)

    monkeypatch.setattr(consumers.Relay, "_hand_on", counted)
    _counting(monkeypatch, trips)
    page = f"/play/{game.pk}/"
    phones = {}
    for position in (1, 2):
        phone = await sync_to_async(lambda p=position: _loaded(seat_client(game, p), page))()
        phones[position] = (phone, await _socket(f"/ws/play/{game.pk}/", phone))
    board_page = f"/board/{game.board_token}/"
    board = await sync_to_async(lambda: _loaded(Client(), board_page))()
    board_socket = await _socket(f"/ws{board_page}", board)

    await _keep_objectives(game, 3)  # public: every board shows who has chosen

    for phone, socket in phones.values():
        notice = json.loads(await socket.receive_from(timeout=5))
        assert notice["type"] == "changed"
        assert _same(notice["parts"]) == _same(
            await sync_to_async(_parts)(phone, page, PHONE_PARTS)
        )
    assert "parts" in json.loads(await board_socket.receive_from(timeout=5))
    assert len(messages) == 1 and set(messages[0]["versions"]) >= {"seat:1", "seat:2", "public"}
    assert trips == [3]
    for _, socket in phones.values():
        await socket.disconnect()
    await board_socket.disconnect()


async def test_a_change_made_here_reaches_this_processs_pages_before_the_layer_brings_it(
    game, settings, monkeypatch
):
    """The process that made a change hands its notice to its own pages at once, not after a
    trip through the channel layer; when the layer brings the same notice back, it is dropped,
    not rendered and sent again."""
    from channels.layers import get_channel_layer

    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    layer = get_channel_layer()
    group_send, on_the_way, trips = layer.group_send, [], []

    async def not_there_yet(group, message):
        on_the_way.append((group, message))

    monkeypatch.setattr(layer, "group_send", not_there_yet)
    _counting(monkeypatch, trips)
    page = f"/play/{game.pk}/"
    phone = await sync_to_async(lambda: _loaded(seat_client(game, 1), page))()
    socket = await _socket(f"/ws/play/{game.pk}/", phone)

    await _keep_objectives(game, 1)
    notice = json.loads(await socket.receive_from(timeout=5))
    assert notice["type"] == "changed" and "parts" in notice
    assert notice["version"] == (await sync_to_async(_version)(game, "seat:1"))
    assert len(on_the_way) == 1 and trips == [1]

    await group_send(*on_the_way[0])  # the layer brings it back
    assert await socket.receive_nothing(timeout=0.5)
    assert trips == [1]
    await socket.disconnect()


async def test_a_relay_whose_layer_failed_catches_its_pages_up_without_a_ping(
    game, settings, monkeypatch
):
    """Redis restarts: the relay's receive fails, the groups are forgotten and the notice of a
    change made meanwhile goes nowhere. Once the layer answers again the relay joins again and
    sends each of its pages the version it missed, though the page's own socket never failed
    and it has not pinged; later notices arrive as before."""
    import asyncio

    from channels.layers import get_channel_layer

    from consell.live import consumers

    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    layer = get_channel_layer()
    outage = asyncio.Event()
    receive, group_add = layer.receive, layer.group_add

    def relays(channel):
        relay = consumers.Relay._open.get(id(layer))
        return relay is not None and channel == relay.channel

    async def flaky_receive(channel):
        if not relays(channel):
            return await receive(channel)
        if outage.is_set():
            raise ConnectionError("Redis went away")
        message = asyncio.ensure_future(receive(channel))
        went_away = asyncio.ensure_future(outage.wait())
        await asyncio.wait({message, went_away}, return_when=asyncio.FIRST_COMPLETED)
        if message.done():
            went_away.cancel()
            return message.result()
        message.cancel()
        raise ConnectionError("Redis went away")

    async def flaky_group_add(group, channel):
        if outage.is_set():
            raise ConnectionError("Redis went away")
        await group_add(group, channel)

    monkeypatch.setattr(layer, "receive", flaky_receive)
    monkeypatch.setattr(layer, "group_add", flaky_group_add)
    page = f"/play/{game.pk}/"
    phone = await sync_to_async(lambda: _loaded(seat_client(game, 1), page))()
    socket = await _socket(f"/ws/play/{game.pk}/", phone)

    outage.set()
    layer.groups.clear()  # a restarted Redis forgot every group
    await _keep_objectives(game, 1)
    assert await socket.receive_nothing(timeout=0.5), "the notice went nowhere"
    outage.clear()
    caught_up = json.loads(await socket.receive_from(timeout=5))
    assert caught_up["type"] == "changed" and "parts" in caught_up
    assert caught_up["version"] == (await sync_to_async(_version)(game, "seat:1"))

    await _keep_objectives(game, 2)  # public: Alice's board changes
    later = json.loads(await socket.receive_from(timeout=5))
    assert later["type"] == "changed" and later["version"] > caught_up["version"]
    await socket.disconnect()


def _version(game, viewer: str) -> int:
    game.refresh_from_db()
    return game.versions[viewer]


async def test_a_page_behind_a_busy_relay_gets_every_change_without_pinging_again(
    game, settings, monkeypatch
):
    """The soak's late pages: under load the relay runs behind, and changes wait for it.
    A page that pings meanwhile is not rendered alone (its version is on its way, and a
    rendering of its own would make the relay later still); once the relay is free, one
    rendering brings the page the last of the changes, with no further ping."""
    from channels.layers import get_channel_layer

    from consell.live import consumers

    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    trips: list[int] = []
    _counting(monkeypatch, trips)
    page = f"/play/{game.pk}/"
    phone = await sync_to_async(lambda: _loaded(seat_client(game, 1), page))()
    socket = await _socket(f"/ws/play/{game.pk}/", phone)
    relay = consumers.Relay._open[id(get_channel_layer())]

    async with relay.handing:  # the relay is busy with another table
        for position in (2, 3, 4):  # public: Alice's board shows who has chosen
            await _keep_objectives(game, position)
        last = await sync_to_async(_version)(game, "seat:1")
        await socket.send_to(text_data='{"type":"ping"}')
        pong = json.loads(await socket.receive_from(timeout=5))
        assert pong["type"] == "pong" and pong["version"] < last
        assert trips == []

    notice = json.loads(await socket.receive_from(timeout=5))
    assert notice["type"] == "changed" and notice["version"] == last and "parts" in notice
    assert await socket.receive_nothing(timeout=0.5)
    assert trips == [1]
    await socket.disconnect()
