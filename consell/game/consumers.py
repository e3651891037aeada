"""One websocket per open page, carrying "your view changed" notices (DESIGN principle 7).

The socket authenticates at connect with the same rules as the page (the director's login,
the seat token kept in the session, or the board token), registers with its process's relay
for its game (``Relay``), greets with ``{"v": 1, "type": "hello", "version": n}`` and forwards
notices as ``{"v": 1, "type": "changed", "version": n, "parts": "..."}``: the page's live parts
as its own view renders them now for this socket's browser (``live_parts``), or no ``parts``
when they cannot be made here, and the page then fetches them. A page compares versions with
its own: a greeting or pong newer than the page means "fetch your parts", so a reconnecting
page catches up in one round trip.

A change is one channel-layer message per process, not one per socket: the process's relay
receives it and renders the parts of all its sockets whose view changed in one trip to the
rendering thread. A socket still listens on its own channel as Channels makes it do, so when
Redis goes away it fails and its page reconnects and catches up as before; the relay, when
its own receive fails, joins its games again once Redis answers and sends every socket it
holds the version it missed, so no page depends on its socket failing to catch up.

Notices only ever move forward on a socket: two daphne processes behind one Redis can deliver
them out of order, and a notice no newer than the last one sent is dropped.

A refused socket is accepted and closed at once with a code the browser can read (a handshake
refusal reaches a page as 1006, which looks like a network failure and is retried forever):
4403 when this browser's seat link was reissued (it held the seat, so it learns nothing new),
4404 for everything the page itself would answer 404 to, so a stranger still cannot tell which
games exist (``access``). The only thing a client may send is a small ``{"type": "ping"}``,
answered with the current version; anything else, too large, too deep or not JSON, is answered
with an error notice and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import logging
from collections import deque
from collections.abc import Callable
from functools import partial
from urllib.parse import parse_qs

import orjson
from asgiref.sync import sync_to_async
from channels.consumer import get_handler_name
from channels.db import DatabaseSyncToAsync
from channels.generic.websocket import AsyncWebsocketConsumer
from django.http import Http404

from consell import quiet_collector

from .access import SESSION_KEY, board_game, seat_from_session, seats_read_once
from .broadcast import PROTOCOL_VERSION, game_group, hear_here
from .live_parts import Pushed, render_for_socket
from .models import Game, Seat

# The socket's reads (who is this, which version) run on a thread pool, not on the one thread
# Django gives sync views under ASGI: a table's phones connecting while the same pages load
# their parts would otherwise queue behind those renders, and daphne drops a handshake that
# is not accepted within its websocket connect timeout (5 s). They only read, each in its
# own connection, so nothing depends on which thread runs them.
read_in_pool = partial(DatabaseSyncToAsync, thread_sensitive=False)

# A ping is 16 bytes; nothing a page sends comes near this, so nothing bigger is parsed.
MAX_FRAME = 256

NOT_ALLOWED = 4403
NOT_FOUND = 4404

# How soon a relay whose channel layer failed tries it again, doubling up to the second.
FIRST_RETRY, LAST_RETRY = 0.25, 2.0

logger = logging.getLogger(__name__)


class GameConsumer(AsyncWebsocketConsumer):
    relay: Relay | None = None
    version = 0
    plan_key = ""
    closed = False

    async def connect(self):
        route = self.scope["url_route"]
        role = route["kwargs"].get("role")
        self.role, self.route_kwargs = role, route["kwargs"]
        self.plan_key = _shown(self.scope.get("query_string", b""))
        self.viewer, refusal = await self._authenticate(role, route["kwargs"])
        if self.viewer is None:
            await self.accept()
            await self.close(code=refusal)
            return
        # Joined before the handshake: with the channel layer down the handshake fails and
        # the page retries, instead of showing "online" on a socket that can hear nothing.
        self.sending = asyncio.Lock()
        self.relay = await Relay.join(self)
        await self.accept()
        self.version = await self._version()
        await self._send({"type": "hello", "version": self.version})

    async def dispatch(self, message):
        """Each message to its handler, without Channels' ``close_old_connections`` first.

        Channels closes the database connections of the thread Django's sync code shares
        before every message, and with ``CONN_MAX_AGE`` 0 that is every connection: the
        rendering thread then opened a new PostgreSQL connection for each of a table's 18
        notices (and queued a hop to that thread just to close it). The rendering keeps its
        connection instead and looks after it itself (``live_parts.usable_connections``);
        the socket's own reads run on pool threads, checked by Channels before and after each.
        """
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def disconnect(self, code):
        self.closed = True
        if self.relay is not None:
            await self.relay.leave(self)

    async def receive(self, text_data=None, bytes_data=None):
        """Clients have nothing to say over the socket except "ping"; everything else is refused."""
        if self.relay is None:
            return
        message = _parse(text_data)
        if isinstance(message, dict) and message.get("type") == "ping":
            # Joining again is harmless and heals a membership a Redis restart forgot.
            await self.relay.rejoin(self.game_id)
            # A newer version than this socket has sent is sent now, as its notice would be
            # (with the parts): the notice itself, still on its way, is then not newer.
            await self.catch_up()
            await self._send({"type": "pong", "version": self.version})
            return
        await self._send({"type": "error", "error": "unknown message"})

    async def catch_up(self) -> None:
        """Send the viewer's current version if this socket has not sent it yet."""
        await self.game_changed(await self._version())

    async def game_changed(
        self, version: int, rendered: tuple[str, Pushed | None] | None = None
    ) -> None:
        """A newer version: send it with the page's parts as they are now (``live_parts``),
        or alone when they cannot be made here, and the page fetches them itself.

        ``rendered`` are the parts the relay made for this socket with the others of its
        process, and the planner key they were made against; they are used only if the page
        still shows that planner (a ping may have sent newer parts meanwhile), else the parts
        are made again here. The parts may show a newer version than the notice (another
        change came in meanwhile): the socket then moves on to that one, and the notice is
        dropped. A socket sends one notice at a time.
        """
        async with self.sending:
            if self.closed or not isinstance(version, int) or version <= self.version:
                return
            if rendered is not None and rendered[0] == self.plan_key:
                pushed = rendered[1]
            else:
                pushed = await self._parts()
            if pushed is not None and pushed.version >= version:
                self.version = pushed.version
                self.plan_key = pushed.plan_key
                await self._send(
                    {"type": "changed", "version": pushed.version, "parts": pushed.html}
                )
                return
            self.version = version
            await self._send({"type": "changed", "version": version})

    def rendering(self) -> tuple:
        """What ``render_for_socket`` needs to make this page's parts."""
        return self.scope, self.role, self.route_kwargs, self.plan_key

    async def seat_revoked(self, event):
        if not await self._seat_still_valid():
            await self._send({"type": "revoked"})
            await self.close(code=NOT_ALLOWED)

    async def _send(self, payload):
        # orjson: a notice carries its page's parts, some 30 kB, written 18 times a change.
        message = {"v": PROTOCOL_VERSION, "game": self.game_id, **payload}
        await self.send(text_data=orjson.dumps(message).decode())

    @read_in_pool
    def _authenticate(self, role, kwargs) -> tuple[str | None, int]:
        """The viewer's key, or None and the close code to refuse with."""
        try:
            if role == "director":
                user = self.scope.get("user")
                game_id = kwargs["game_id"]
                if not user or not user.is_authenticated:
                    return None, NOT_FOUND
                if not Game.objects.filter(pk=game_id, director=user).exists():
                    return None, NOT_FOUND
                self.game_id = game_id
                return "director", 0
            if role == "seat":
                session = self.scope["session"]
                held = str(kwargs["game_id"]) in (session.get(SESSION_KEY) or {})
                try:
                    seat = seat_from_session(session, kwargs["game_id"])
                except Http404:
                    return None, NOT_ALLOWED if held else NOT_FOUND
                self.game_id = seat.game_id
                self.seat_token = seat.token
                self.position = seat.position
                return f"seat:{seat.position}", 0
            if role == "public":
                game = board_game(kwargs["board_token"])
                self.game_id = game.pk
                return "public", 0
        except Http404:
            return None, NOT_FOUND
        return None, NOT_FOUND

    async def _parts(self) -> Pushed | None:
        """This page's parts, made by its view.

        On the one thread every socket of this process shares for Django's code (a table's
        sockets render one after the other anyway), which keeps its database connection from
        one notice to the next: one opened per rendering doubled a change's time on
        PostgreSQL (B1, docs/performance.md). ``render_for_socket`` drops the connection
        when anything failed, so one broken by a database restart is opened afresh for the
        next notice.
        """
        return await sync_to_async(render_for_socket, thread_sensitive=True)(*self.rendering())

    @read_in_pool
    def _seat_still_valid(self):
        return Seat.objects.filter(
            game_id=self.game_id, position=self.position, token=self.seat_token
        ).exists()

    @read_in_pool
    def _version(self):
        versions = Game.objects.filter(pk=self.game_id).values_list("versions", flat=True).first()
        return (versions or {}).get(self.viewer, 0)


class Relay:
    """A process's one listener: the member of each game's group that its sockets of that
    game share (one per channel layer and event loop).

    A notice names the new version of every viewer whose view changed; the relay renders the
    parts of each of its sockets that has not sent that version yet in one trip to the
    rendering thread, then hands each socket its own. A socket's parts are still made by its
    page's view from its own handshake (``render_for_socket``), so the one gate stays the one
    gate.

    A notice of a change made in this process is heard twice: at once, as it is sent
    (``hear``), and again when it comes back through the channel layer. Notices are handed on
    one at a time, and one already handed on (by its id) is dropped.
    """

    # The relay of each channel layer, by the layer's id; one made on another event loop (a
    # test's earlier loop) is replaced.
    _open: dict[int, Relay] = {}

    def __init__(self, layer) -> None:
        self.layer = layer
        self.loop = asyncio.get_running_loop()
        self.channel = ""
        self.sockets: dict[int, set[GameConsumer]] = {}
        self.locks: dict[int, asyncio.Lock] = {}
        self.task: asyncio.Task | None = None
        self.handing = asyncio.Lock()
        self.heard: deque[str] = deque(maxlen=256)
        self.hearing: set[asyncio.Task] = set()

    @classmethod
    async def join(cls, socket: GameConsumer) -> Relay:
        """The relay of ``socket``'s layer and loop, with ``socket`` among those it serves.

        Raises when the channel layer cannot be reached, so the handshake fails."""
        relay = cls._open.get(id(socket.channel_layer))
        if relay is None or relay.loop is not asyncio.get_running_loop():
            relay = cls._open[id(socket.channel_layer)] = cls(socket.channel_layer)
            hear_here(relay.layer, relay.hear)
        if not relay.channel:
            # The default prefix, as the sockets': channels-redis pops one list per prefix and
            # process, and a receive holding its lock pops only its own prefix's list.
            relay.channel = await relay.layer.new_channel()
        async with relay._lock(socket.game_id):
            await relay.layer.group_add(game_group(socket.game_id), relay.channel)
            relay.sockets.setdefault(socket.game_id, set()).add(socket)
        if relay.task is None:
            relay.task = asyncio.get_running_loop().create_task(relay._listen())
        return relay

    async def rejoin(self, game_id: int) -> None:
        """Join the game's group again: harmless, and heals a membership Redis forgot."""
        await self.layer.group_add(game_group(game_id), self.channel)

    async def leave(self, socket: GameConsumer) -> None:
        """Stop serving ``socket``; the game's group is left with its last socket here."""
        async with self._lock(socket.game_id):
            sockets = self.sockets.get(socket.game_id, set())
            sockets.discard(socket)
            if not sockets:
                self.sockets.pop(socket.game_id, None)
                try:
                    await self.layer.group_discard(game_group(socket.game_id), self.channel)
                except Exception:  # Redis down: the group's expiry forgets the membership
                    logger.warning("relay could not leave game %s", socket.game_id)
        if not self.sockets and self.task is not None:
            self.task.cancel()
            self.task = None

    def _lock(self, game_id: int) -> asyncio.Lock:
        """Joining and leaving a game's group one at a time, so a socket that arrives while
        the last one leaves is never left out of the group."""
        return self.locks.setdefault(game_id, asyncio.Lock())

    async def _listen(self) -> None:
        while True:
            try:
                message = await self.layer.receive(self.channel)
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.warning("relay lost its channel layer; catching its pages up when back")
                await self._recover()
                continue
            await self._hand_on_once(message)

    def hear(self, message: dict) -> None:
        """A notice this process is sending, handed on now rather than when it comes back
        through the channel layer (a few milliseconds later through Redis)."""
        try:
            if asyncio.get_running_loop() is not self.loop:
                return  # another loop's notice: this relay hears it through the layer
        except RuntimeError:
            return
        # In a context of its own: the sender's may hold the executor of a call that ends
        # before the rendering does (asgiref's, when a notice is sent from sync code).
        task = self.loop.create_task(self._hand_on_once(message), context=contextvars.Context())
        self.hearing.add(task)
        task.add_done_callback(self.hearing.discard)

    async def _hand_on_once(self, message: dict) -> None:
        """Hand on ``message`` unless it was already (heard here, then again from the layer)."""
        async with self.handing:
            notice = message.get("id")
            if isinstance(notice, str):
                if notice in self.heard:
                    return
                self.heard.append(notice)
            try:
                await self._hand_on(message)
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.exception("relay could not hand on a notice")

    async def _recover(self) -> None:
        """Once the layer answers again, join every game again (a restarted Redis forgot the
        groups) and send each socket the version it missed meanwhile."""
        delay = FIRST_RETRY
        while True:
            await asyncio.sleep(delay)
            try:
                for game_id in list(self.sockets):
                    await self.rejoin(game_id)
                break
            except Exception:
                delay = min(2 * delay, LAST_RETRY)
        for sockets in list(self.sockets.values()):
            for socket in list(sockets):
                try:
                    await socket.catch_up()
                except Exception:
                    logger.warning("a page could not be caught up; its next ping will")

    async def _hand_on(self, message: dict) -> None:
        sockets = list(self.sockets.get(message.get("game"), ()))  # type: ignore[arg-type]
        if message.get("type") == "seat.revoked":
            seat = f"seat:{message.get('position')}"
            for socket in sockets:
                if socket.viewer == seat:
                    await socket.seat_revoked(message)
            return
        versions = message.get("versions")
        if message.get("type") != "game.changed" or not isinstance(versions, dict):
            return
        due = [
            (socket, versions[socket.viewer])
            for socket in sockets
            if isinstance(versions.get(socket.viewer), int)
            and versions[socket.viewer] > socket.version
        ]
        if not due:
            return
        quiet_collector.busy()
        try:
            renderings = [socket.rendering() for socket, _ in due]
            loop = asyncio.get_running_loop()
            made: asyncio.Queue[list[tuple[int, Pushed | None]] | None] = asyncio.Queue()

            def batch_made(batch: list[tuple[int, Pushed | None]]) -> None:  # rendering thread
                loop.call_soon_threadsafe(made.put_nowait, batch)

            rendering = loop.create_task(
                sync_to_async(_render_all, thread_sensitive=True)(renderings, batch_made)
            )
            rendering.add_done_callback(lambda _: made.put_nowait(None))  # however it ended
            try:
                while (batch := await made.get()) is not None:
                    for index, pushed in batch:
                        (socket, version), plan_key = due[index], renderings[index][3]
                        try:
                            await socket.game_changed(version, (plan_key, pushed))
                        except Exception:
                            logger.warning("a notice could not be sent to a %s socket", socket.role)
            finally:
                await rendering  # its failure, if any, is the notice's (``_hand_on_once``)
        finally:
            quiet_collector.quiet_soon()  # a full pass, if none is due before the next change


def _render_all(
    renderings: list[tuple], made: Callable[[list[tuple[int, Pushed | None]]], None]
) -> None:
    """The parts of several sockets, one after the other on the rendering thread, their
    seats checked against one read of their game's seats, handed to ``made`` by their index.

    The other pages come first and are handed on together as the directors' dashboards begin,
    which are handed on last: a dashboard is the costliest rendering and the one that reads
    the database (the director's login, checked at each rendering), so the other pages are
    sent meanwhile, most of it while that rendering waits on its reads. Handing on each page's
    parts as soon as they were made cost more (a wake of the server's loop for each, each
    contending with the rendering for the interpreter) than it saved (docs/performance.md).
    """
    pages = [i for i, rendering in enumerate(renderings) if rendering[1] != "director"]
    dashboards = [i for i, rendering in enumerate(renderings) if rendering[1] == "director"]
    with seats_read_once():
        for part in (pages, dashboards):
            if part:
                made([(index, render_for_socket(*renderings[index])) for index in part])


def _shown(query_string: bytes) -> str:
    """The planner key the page showed when it connected (``?shown=``), so its first pushed
    parts leave alone a planner that did not change."""
    key = parse_qs(query_string.decode("latin-1")).get("shown", [""])[0]
    return key if key.isalnum() and len(key) <= 64 else ""


def _parse(text_data):
    """The client's message as JSON, or None when it is absent, too large, too deep or not JSON."""
    if not isinstance(text_data, str) or len(text_data) > MAX_FRAME:
        return None
    try:
        return json.loads(text_data)
    except (ValueError, RecursionError):
        return None
