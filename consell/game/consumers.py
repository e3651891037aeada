"""One websocket per open page, carrying only "your view changed" notices (DESIGN principle 7).

The socket authenticates at connect with the same rules as the page (the director's login,
the seat token kept in the session, or the board token), joins that viewer's own group, and
forwards notices as ``{"v": 1, "type": "changed", "version": n}``. Anything a client sends is
answered with an error notice and changes nothing; a revoked seat's socket is closed.
"""

from __future__ import annotations

import json

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.http import Http404

from .access import board_game, seat_from_session
from .broadcast import PROTOCOL_VERSION, group_for
from .models import Game


class GameConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        route = self.scope["url_route"]
        role = route["kwargs"].get("role")
        self.viewer = await self._authenticate(role, route["kwargs"])
        if self.viewer is None:
            await self.close(code=4404)
            return
        self.group = group_for(self.game_id, self.viewer)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        version = await self._version()
        await self._send({"type": "hello", "version": version})

    async def disconnect(self, code):
        if getattr(self, "group", None):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        """Clients have nothing to say over the socket except "ping"; everything else is refused."""
        try:
            message = json.loads(text_data or "")
        except (TypeError, ValueError):
            message = None
        if isinstance(message, dict) and message.get("type") == "ping":
            await self._send({"type": "pong", "version": await self._version()})
            return
        await self._send({"type": "error", "error": "unknown message"})

    async def game_changed(self, event):
        await self._send({"type": "changed", "version": event["version"]})

    async def seat_revoked(self, event):
        if not await self._seat_still_valid():
            await self._send({"type": "revoked"})
            await self.close(code=4403)

    async def _send(self, payload):
        await self.send(
            text_data=json.dumps({"v": PROTOCOL_VERSION, "game": self.game_id, **payload})
        )

    @database_sync_to_async
    def _authenticate(self, role, kwargs):
        try:
            if role == "director":
                user = self.scope.get("user")
                game_id = kwargs["game_id"]
                if not user or not user.is_authenticated:
                    return None
                if not Game.objects.filter(pk=game_id, director=user).exists():
                    return None
                self.game_id = game_id
                return "director"
            if role == "seat":
                seat = seat_from_session(self.scope["session"], kwargs["game_id"])
                self.game_id = seat.game_id
                self.seat_token = seat.token
                self.position = seat.position
                return f"seat:{seat.position}"
            if role == "public":
                game = board_game(kwargs["board_token"])
                self.game_id = game.pk
                return "public"
        except Http404:
            return None
        return None

    @database_sync_to_async
    def _seat_still_valid(self):
        from .models import Seat

        return Seat.objects.filter(
            game_id=self.game_id, position=self.position, token=self.seat_token
        ).exists()

    @database_sync_to_async
    def _version(self):
        versions = Game.objects.filter(pk=self.game_id).values_list("versions", flat=True).first()
        return (versions or {}).get(self.viewer, 0)
