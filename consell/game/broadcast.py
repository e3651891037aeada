"""Websocket notices: "game N changed, your version is V" to each viewer's own group.

Notices carry no game content at all; the page fetches its fragments through the same views a
click would use (DESIGN principle 7), so one permission check guards everything a viewer sees.
"""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

PROTOCOL_VERSION = 1


def group_for(game_id: int, viewer: str) -> str:
    """Channel-layer group of one viewer: ``director``, ``public`` or ``seat:<n>``."""
    return f"game-{game_id}-{viewer.replace(':', '-')}"


def notify_game_changed(game_id: int, versions: dict[str, int]) -> None:
    """Tell each viewer whose view changed its new version (one trip into the event loop)."""
    layer = get_channel_layer()
    if layer is None or not versions:
        return

    async def send_all() -> None:
        for viewer, version in versions.items():
            await layer.group_send(
                group_for(game_id, viewer),
                {"type": "game.changed", "game": game_id, "version": version},
            )

    async_to_sync(send_all)()


def close_seat(game_id: int, position: int) -> None:
    """Close every socket a revoked seat link still has open."""
    layer = get_channel_layer()
    if layer is None:
        return
    async_to_sync(layer.group_send)(
        group_for(game_id, f"seat:{position}"), {"type": "seat.revoked", "game": game_id}
    )
