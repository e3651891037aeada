"""A notice that cannot be sent never turns a saved change into an error (docs/principles.md,
principle 4).

Every change is committed before its "game changed" notice goes out. When the channel layer is
unreachable (Redis down or restarting) the director and the phones still get the normal answer,
the change is in the log, and the failure is logged; the pages catch up when they reconnect.
The layer here is a real channels-redis layer pointed at a port where nothing listens.
"""

from __future__ import annotations

import logging
import socket

import pytest
from django.contrib.messages import get_messages

from consell.game.models import Game
from tests.game.conftest import seat_client
from tests.game.helpers import start, state_of, to_planning

pytestmark = pytest.mark.django_db(transaction=True)


def _port_where_nothing_listens() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def redis_down(settings, caplog):
    """channels-redis aimed at a closed port: every group_send fails to connect."""
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [f"redis://127.0.0.1:{_port_where_nothing_listens()}/0"]},
        }
    }
    caplog.set_level(logging.WARNING, logger="consell.live.broadcast")
    return caplog


@pytest.fixture
def redis_hung(settings, caplog):
    """channels-redis aimed at a server that accepts connections and never answers, as a
    stopped or swamped Redis does."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    port = listener.getsockname()[1]
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [f"redis://127.0.0.1:{port}/0"]},
        }
    }
    caplog.set_level(logging.WARNING, logger="consell.live.broadcast")
    yield caplog
    listener.close()


def _notices_lost(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "consell.live.broadcast"]


def _texts(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_it_hands_in_while_redis_is_down(game, redis_down):
    """Bob taps "hand in" while Redis is down: his plan is locked and he is told so."""
    start(game)
    to_planning(game)
    seq_before = Game.objects.get(pk=game.pk).seq
    bob = seat_client(game, 2)
    response = bob.post(f"/play/{game.pk}/plan/hand-in/", {"nonce": "bob-hands-in"})
    assert response.status_code == 302
    assert _texts(response) == ["Your chest is handed in. Your plan is locked."]
    assert state_of(game).player(2).plan.handed_in_rank is not None
    assert game.seq > seq_before, "the hand-in is in the log"
    assert _notices_lost(redis_down), "the lost notice is logged"


def test_it_runs_a_director_step_while_redis_is_down(game, client_dora, redis_down):
    """Dora starts turn 1 while Redis is down: the turn starts and she is told so."""
    for seat in range(1, 6):
        offer = state_of(game).player(seat).objective_offer
        phone = seat_client(game, seat)
        kept = phone.post(
            f"/play/{game.pk}/objectives/",
            {"collective": offer[0], "personal": offer[2], "nonce": f"keep-{seat}"},
        )
        assert _texts(kept) == ["Objectives kept. The others go back unseen."]
    response = client_dora.post(f"/games/{game.pk}/start/", {"nonce": "dora-starts"})
    assert response.status_code == 302
    assert _texts(response) == ["Turn 1 begins."]
    assert state_of(game).turn == 1
    assert _notices_lost(redis_down)


def test_it_reissues_a_seat_link_while_redis_is_down(game, client_dora, redis_down):
    """A lost phone's link is reissued although its open socket cannot be told to close."""
    old_token = game.seats.get(position=3).token
    response = client_dora.post(f"/games/{game.pk}/seats/3/reissue/", {"nonce": "reissue-3"})
    assert response.status_code == 302
    assert _texts(response) == ["A new link was made; the old one no longer works."]
    assert game.seats.get(position=3).token != old_token
    assert any("revoked" in message for message in _notices_lost(redis_down))


def test_it_hands_in_while_redis_hangs(game, redis_hung):
    """A Redis that never answers does not hold Bob's hand-in forever: the notice is given up
    and he is told his plan is locked."""
    start(game)
    to_planning(game)
    bob = seat_client(game, 2)
    response = bob.post(f"/play/{game.pk}/plan/hand-in/", {"nonce": "bob-hands-in"})
    assert _texts(response) == ["Your chest is handed in. Your plan is locked."]
    assert state_of(game).player(2).plan.handed_in_rank is not None
    assert _notices_lost(redis_hung)


@pytest.mark.asyncio
async def test_a_socket_that_connects_while_redis_is_down_is_told_to_try_again(
    game, redis_down, settings
):
    """A phone's socket reconnecting while Redis is down gets a close code its page reads
    (4503, and it tries again), not a handshake that fails with a server error; once Redis is
    back the same phone connects and is greeted."""
    from asgiref.sync import sync_to_async
    from channels.testing import WebsocketCommunicator

    from consell.asgi import application

    phone = await sync_to_async(seat_client)(game, 1)
    headers = [
        (b"origin", b"http://localhost"),
        (b"cookie", f"sessionid={phone.cookies['sessionid'].value}".encode()),
    ]
    socket = WebsocketCommunicator(application, f"/ws/play/{game.pk}/", headers=headers)
    connected, _ = await socket.connect()
    assert connected
    closed = await socket.receive_output(timeout=10)
    assert closed == {"type": "websocket.close", "code": 4503}
    await socket.wait()

    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    socket = WebsocketCommunicator(application, f"/ws/play/{game.pk}/", headers=headers)
    connected, _ = await socket.connect()
    assert connected
    assert '"hello"' in await socket.receive_from()
    await socket.disconnect()
