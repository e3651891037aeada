"""A change's notice leaves the request that made it (``consell.live.broadcast``).

Under the server a notice runs as a task of its own on the server's event loop. A phone that
drops the connection while its change is saved (it navigates away, the Wi-Fi blinks) cancels
its request; the notice must still reach every other page, or they stay stale until their
next ping.
"""

from __future__ import annotations

import asyncio

from asgiref.sync import sync_to_async

from consell.live import broadcast


async def test_a_request_cancelled_while_its_change_is_announced_still_sends_the_notice():
    release, delivered = asyncio.Event(), asyncio.Event()

    async def slow_send(layer) -> None:  # a layer that takes its time, as a loaded Redis does
        await release.wait()
        delivered.set()

    broadcast._server_loop.set(asyncio.get_running_loop())
    request = asyncio.create_task(
        sync_to_async(broadcast._best_effort)(slow_send, "a change")  # the view's on_commit
    )
    await asyncio.sleep(0.05)
    request.cancel()  # the phone went away
    await asyncio.gather(request, return_exceptions=True)
    release.set()
    await asyncio.wait_for(delivered.wait(), 2)
