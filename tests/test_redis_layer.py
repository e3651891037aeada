"""The Redis channel layer works with the installed redis-py (pyproject pins `redis<8`).

redis-py 8 made `socket_timeout` default to 5 seconds while channels-redis blocks on BZPOPMIN
for 5 seconds when a consumer waits for messages, so idle websockets died with TimeoutError
(redis/redis-py#4091). These tests talk to a real Redis through channels_redis.
"""

import asyncio
import os
import uuid

import pytest
from channels_redis.core import RedisChannelLayer

pytestmark = pytest.mark.redis


@pytest.fixture
async def layer():
    """A layer with its own key prefix, so parallel test workers never share messages."""
    channel_layer = RedisChannelLayer(
        hosts=[os.environ["REDIS_URL"]], prefix=f"consell-test-{uuid.uuid4().hex[:8]}"
    )
    yield channel_layer
    await channel_layer.flush()
    await channel_layer.close_pools()


async def test_it_delivers_a_message_to_a_channel(layer):
    channel = await layer.new_channel()
    await layer.send(channel, {"type": "game.changed", "game": 7, "seq": 1})
    assert await layer.receive(channel) == {"type": "game.changed", "game": 7, "seq": 1}


async def test_it_delivers_a_group_message_to_every_member(layer):
    alice, bob = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("game-7", alice)
    await layer.group_add("game-7", bob)
    await layer.group_send("game-7", {"type": "game.changed", "game": 7, "seq": 2})
    assert await layer.receive(alice) == {"type": "game.changed", "game": 7, "seq": 2}
    assert await layer.receive(bob) == {"type": "game.changed", "game": 7, "seq": 2}


async def test_it_leaves_out_a_channel_that_left_the_group(layer):
    alice, mallory = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("game-7", alice)
    await layer.group_add("game-7", mallory)
    await layer.group_discard("game-7", mallory)
    await layer.group_send("game-7", {"type": "game.changed", "game": 7, "seq": 3})
    await layer.send(mallory, {"type": "direct"})
    assert await layer.receive(alice) == {"type": "game.changed", "game": 7, "seq": 3}
    assert await layer.receive(mallory) == {"type": "direct"}


async def test_it_keeps_a_consumer_waiting_longer_than_redis_py_8s_socket_timeout(layer):
    """An idle consumer must survive a wait past 5 s, the socket timeout redis-py 8 imposes."""
    channel = await layer.new_channel()
    waiting = asyncio.create_task(layer.receive(channel))
    await asyncio.sleep(6)
    await layer.send(channel, {"type": "game.changed", "game": 7, "seq": 4})
    assert await waiting == {"type": "game.changed", "game": 7, "seq": 4}
