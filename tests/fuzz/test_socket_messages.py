"""What a page may send over its websocket, fuzzed: only ``{"type": "ping"}`` is heard.

Each example opens the socket of one page (a phone, the director's dashboard, the board) of a
game the simulator stopped in Planning, sends garbage frames (text, JSON, bytes, too large,
too deep), and expects one answer per frame: a pong for a ping, an error for anything else,
never a closed socket; and the game, its log and its viewers' versions as before.
"""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from consell.asgi import application
from consell.game.models import Event, Game
from consell.live.consumers import MAX_FRAME
from consell.rules.state import Phase
from tests.game.simulated import director_client, phone, play_until

from .garbage import EXAMPLES, TEXT

pytestmark = pytest.mark.django_db(transaction=True)

ORIGIN = (b"origin", b"http://localhost")

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=8,
)
KINDS = st.sampled_from(["ping", "Ping", "pong", "hello", "changed", "hand_in", "error", ""])
MESSAGES = st.one_of(
    st.fixed_dictionaries({"type": KINDS | JSON}, optional={"version": JSON, "game": JSON}),
    st.dictionaries(TEXT, JSON, max_size=3),
    JSON,
)
FRAMES = st.one_of(
    MESSAGES.map(json.dumps).map(lambda text: ("text", text)),
    TEXT.map(lambda text: ("text", text)),
    st.just(("text", json.dumps({"type": "ping", "pad": "x" * MAX_FRAME}))),
    st.just(("text", "[" * 200 + "]" * 200)),
    st.binary(max_size=64).map(lambda data: ("bytes", data)),
    st.just(("bytes", b'{"type": "ping"}')),
)


def _is_ping(kind: str, frame) -> bool:
    """What the consumer answers with a pong: a small text frame holding a ping object."""
    if kind != "text" or len(frame) > MAX_FRAME:
        return False
    try:
        message = json.loads(frame)
    except (ValueError, RecursionError):
        return False
    return isinstance(message, dict) and message.get("type") == "ping"


def _planning(state) -> bool:
    return state.phase is Phase.PLANNING and not any(p.plan.handed_in for p in state.players)


@pytest.fixture
def pages():
    """``simulate --players 3 --seed 2`` in its first Planning, and a page of each kind."""
    game = play_until(3, 10, 2, _planning)
    cookie = {
        "seat": phone(game, 1).cookies["sessionid"].value,
        "director": director_client(game).cookies["sessionid"].value,
    }
    return game, {
        "seat": (f"/ws/play/{game.pk}/", cookie["seat"]),
        "director": (f"/ws/games/{game.pk}/director/", cookie["director"]),
        "board": (f"/ws/board/{game.board_token}/", None),
    }


def _snapshot(game: Game):
    row = Game.objects.get(pk=game.pk)
    return Event.objects.filter(game=game).count(), row.seq, row.state, row.versions


async def _exchange(path: str, session: str | None, frames) -> list[tuple[dict, bool]]:
    headers = [ORIGIN] + ([(b"cookie", f"sessionid={session}".encode())] if session else [])
    socket = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await socket.connect()
    assert connected
    hello = json.loads(await socket.receive_from())
    assert hello["type"] == "hello", hello
    answers = []
    for kind, frame in frames:
        # As the server hands a frame over (``send_to`` refuses an empty one).
        await socket.send_input({"type": "websocket.receive", kind: frame})
        output = await socket.receive_output(timeout=2)
        assert output["type"] == "websocket.send", (frame, output)
        answers.append((json.loads(output["text"]), _is_ping(kind, frame)))
    assert await socket.receive_nothing(timeout=0.05)
    await socket.disconnect()
    return answers


@settings(
    max_examples=EXAMPLES + 8,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    database=None,
)
@given(
    page=st.sampled_from(["seat", "director", "board"]),
    frames=st.lists(FRAMES, min_size=1, max_size=12),
)
def test_a_page_is_only_heard_when_it_pings_and_changes_nothing(pages, page, frames):
    game, sockets = pages
    before = _snapshot(game)
    path, session = sockets[page]
    for answer, ping in async_to_sync(_exchange)(path, session, frames):
        assert answer["type"] == ("pong" if ping else "error"), answer
        assert answer["game"] == game.pk
    assert _snapshot(game) == before
