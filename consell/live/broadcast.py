"""Websocket notices: "game N changed, these viewers' versions are now V" to the game's group.

A change sends one message to the game's group, carrying the new version of every viewer whose
view changed. The group's members are processes, not sockets: each server process joins it
once for all the sockets it holds of that game (``consumers.Relay``) and hands the notice to
each of them, so a process serving a table's 18 pages takes one message from the channel layer
per change, not 18.

What travels through the channel layer carries no game content at all: each process that
receives a notice renders its sockets' parts from each viewer's own view
(``page_parts.render_for_sockets``), or the page fetches them through the same function its
requests use (docs/principles.md, principle 7), so one gate guards everything a viewer sees.

Notices go out after the change is committed (the services' ``consell.game.signals``, whose
receivers ``consell.live.apps`` connects here), and they are best-effort: when the channel layer
cannot be reached (Redis down or restarting) the change stays saved and its request succeeds;
the failure is logged and every open page catches up when its socket reconnects, because the
socket's greeting carries the viewer's current version.

Under the server, a notice does not travel inside the request that made the change: it is
handed to the server's event loop as a task of its own, in an empty context. The request then
neither waits for the fan-out nor can cancel it: a phone that closes the connection while its
change is being saved (it navigates, it loses the Wi-Fi) used to cancel the request's nested
``async_to_sync`` and lose the notice, so every other page stayed stale until its next ping;
the nested call also left asgiref's per-request executor in the request's context, and
Django's ``request_finished`` then failed on it ("CurrentThreadExecutor already quit").
Outside a server (the simulator, commands, the sync test client) there is no loop to hand it
to, and the notice is sent before the call returns, as before.

The process that made the change hands its notice to its own relay at once (``hear_here``),
before it goes through the channel layer: through Redis it comes back to this process a few
milliseconds later, and a table's pages held here need not wait for that trip (B1,
docs/performance.md). Each notice has an id, by which the relay knows the copy that comes
back and drops it; the other processes hear it through the layer as before.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import secrets
from collections.abc import Awaitable, Callable

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer

PROTOCOL_VERSION = 1
NOTICE_SECONDS = 2.0

logger = logging.getLogger(__name__)


def game_group(game_id: int) -> str:
    """Channel-layer group of the processes holding a socket of this game."""
    return f"game-{game_id}"


def notify_game_changed(game_id: int, versions: dict[str, int]) -> None:
    """Tell each viewer whose view changed its new version: one message for the game, which
    each process holding its pages hands to them (``consumers.Relay``)."""
    if not versions:
        return
    layer = get_channel_layer()
    if isinstance(layer, InMemoryChannelLayer) and game_group(game_id) not in layer.groups:
        # The in-process layer knows its listeners: with no page of this game open (the
        # simulator, a director between games) there is nobody to tell, and the trip into an
        # event loop is most of a change's cost. Redis cannot say so cheaply: it always sends.
        return
    message = {
        "type": "game.changed",
        "game": game_id,
        "versions": dict(versions),
        "id": secrets.token_hex(8),
    }

    async def send(layer) -> None:
        heard = _listeners.get(id(layer))
        if heard is not None and heard[0] is layer:
            heard[1](message)
        await layer.group_send(game_group(game_id), message)

    _best_effort(send, f"game {game_id} changed")


# This process's listener of each channel layer (``consumers.Relay``), by the layer's id, with
# the layer itself (kept, so its id is not another layer's).
_listeners: dict[int, tuple[object, Callable[[dict], None]]] = {}


def on_game_changed(sender, *, game_id: int, versions: dict[str, int], **kwargs) -> None:
    """``consell.game.signals.game_changed``'s receiver: the notice to the game's pages."""
    notify_game_changed(game_id, versions)


def on_seat_revoked(sender, *, game_id: int, position: int, **kwargs) -> None:
    """``consell.game.signals.seat_revoked``'s receiver: the revoked link's sockets close."""
    close_seat(game_id, position)


def hear_here(layer, listener: Callable[[dict], None]) -> None:
    """Hand this process's notices on ``layer`` to ``listener`` as they are sent, on the
    server's loop, before they travel through the layer."""
    _listeners[id(layer)] = (layer, listener)


def close_seat(game_id: int, position: int) -> None:
    """Close every socket a revoked seat link still has open."""

    async def send(layer) -> None:
        await layer.group_send(
            game_group(game_id), {"type": "seat.revoked", "game": game_id, "position": position}
        )

    _best_effort(send, f"game {game_id} seat {position} revoked")


# The event loop of the server answering this request, set by ``RememberServerLoop``. A sync
# view runs in a copy of its request's context, so the view's thread reads it from here.
_server_loop: contextvars.ContextVar[asyncio.AbstractEventLoop | None] = contextvars.ContextVar(
    "consell_server_loop", default=None
)
# Notices handed to the loop and not finished yet: asyncio keeps only weak references to tasks.
_in_flight: set[asyncio.Task] = set()


class RememberServerLoop:
    """ASGI middleware: remember the loop serving this request, for ``_best_effort``."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        _server_loop.set(asyncio.get_running_loop())
        return await self.app(scope, receive, send)


def _best_effort(send: Callable[..., Awaitable[None]], what: str) -> None:
    """Send ``send(layer)``; a layer that fails is logged, never raised into a saved change.

    A Redis that accepts connections but never answers (stopped, overloaded) would hold the
    notice forever, so it gets ``NOTICE_SECONDS`` and is then given up.
    """

    async def bounded(layer) -> None:
        try:
            await asyncio.wait_for(send(layer), NOTICE_SECONDS)
        except Exception:  # the change is committed already: a lost notice must not undo it
            logger.warning("notice not sent (%s); pages catch up on reconnect", what, exc_info=True)

    layer = get_channel_layer()
    if layer is None:
        return
    loop = _server_loop.get()
    if loop is not None and loop.is_running() and not _in_this_thread(loop):
        try:
            loop.call_soon_threadsafe(_start, bounded(layer), context=contextvars.Context())
            return
        except RuntimeError:  # the loop closed in between: send it here instead
            pass
    try:
        async_to_sync(bounded)(layer)
    except Exception:
        logger.warning("notice not sent (%s); pages catch up on reconnect", what, exc_info=True)


def _in_this_thread(loop: asyncio.AbstractEventLoop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


def _start(notice) -> None:
    """On the server's loop: run one notice as a task nobody awaits."""
    task = asyncio.get_running_loop().create_task(notice)
    _in_flight.add(task)
    task.add_done_callback(_in_flight.discard)
