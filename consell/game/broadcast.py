"""Websocket notices: "game N changed, your version is V" to each viewer's own group.

Notices carry no game content at all; the page fetches its fragments through the same views a
click would use (DESIGN principle 7), so one permission check guards everything a viewer sees.

Notices go out after the change is committed, and they are best-effort: when the channel layer
cannot be reached (Redis down or restarting) the change stays saved and its request succeeds;
the failure is logged and every open page catches up when its socket reconnects, because the
socket's greeting carries the viewer's current version.
"""

from __future__ import annotations

import asyncio
import logging

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer

PROTOCOL_VERSION = 1
NOTICE_SECONDS = 2.0

logger = logging.getLogger(__name__)


def group_for(game_id: int, viewer: str) -> str:
    """Channel-layer group of one viewer: ``director``, ``public`` or ``seat:<n>``."""
    return f"game-{game_id}-{viewer.replace(':', '-')}"


def notify_game_changed(game_id: int, versions: dict[str, int]) -> None:
    """Tell each viewer whose view changed its new version (one trip into the event loop)."""
    if not versions:
        return
    layer = get_channel_layer()
    if isinstance(layer, InMemoryChannelLayer) and not any(
        group_for(game_id, viewer) in layer.groups for viewer in versions
    ):
        # The in-process layer knows its listeners: with no page of this game open (the
        # simulator, a director between games) there is nobody to tell, and the trip into an
        # event loop is most of a change's cost. Redis cannot say so cheaply: it always sends.
        return

    async def send_all(layer) -> None:
        # All at once, not one Redis round trip after another: on a loaded machine 18 in a row
        # outlasted NOTICE_SECONDS and the last viewers' notices were dropped.
        await asyncio.gather(
            *(
                layer.group_send(
                    group_for(game_id, viewer),
                    {"type": "game.changed", "game": game_id, "version": version},
                )
                for viewer, version in versions.items()
            )
        )

    _best_effort(send_all, f"game {game_id} changed")


def close_seat(game_id: int, position: int) -> None:
    """Close every socket a revoked seat link still has open."""

    async def send(layer) -> None:
        await layer.group_send(
            group_for(game_id, f"seat:{position}"), {"type": "seat.revoked", "game": game_id}
        )

    _best_effort(send, f"game {game_id} seat {position} revoked")


def _best_effort(send, what: str) -> None:
    """Run ``send(layer)``; a layer that fails is logged, never raised into a saved change.

    A Redis that accepts connections but never answers (stopped, overloaded) would hold the
    request forever, so the notice gets ``NOTICE_SECONDS`` and is then given up.
    """

    async def bounded(layer) -> None:
        await asyncio.wait_for(send(layer), NOTICE_SECONDS)

    try:
        layer = get_channel_layer()
        if layer is not None:
            async_to_sync(bounded)(layer)
    except Exception:  # the change is committed already: a lost notice must not undo the answer
        logger.warning("notice not sent (%s); pages catch up on reconnect", what, exc_info=True)
