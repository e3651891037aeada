"""One websocket per open page, carrying "your view changed" notices (principle 7).

The socket authenticates at connect with the same rules as the page (the director's login,
the seat token kept in the session, or the board token), registers with its process's relay
for its game (``Relay``), greets with ``{"v": 1, "type": "hello", "version": n}`` and forwards
notices as ``{"v": 1, "type": "changed", "version": n, "parts": "...", "keys": {...}}``: the
page's live parts from ``page_parts.render_for_sockets``, the function the page's own requests
call too, less those whose key the page holds (``keys`` names them all). A page
compares versions with its own: a greeting or pong newer than the page means "fetch your
parts", so a reconnecting page catches up in one round trip.

A change is one channel-layer message per process, not one per socket: the process's relay
receives it and renders the parts of all its sockets whose view changed in one call, which
reads the game once. A socket still listens on its own channel as Channels makes it do, so
when Redis goes away it fails and its page reconnects and catches up; the relay, when its own
receive fails, joins its games again once Redis answers and sends every socket it holds the
version it missed, so no page depends on its socket failing to catch up.

The right a socket connected with is checked again at every rendering: a reissued seat link
or a director's ended login closes it.

Notices only ever move forward on a socket: two daphne processes behind one Redis can deliver
them out of order, and a notice no newer than the last one sent is dropped.

A refused socket is accepted and closed at once with a code the browser can read (a handshake
refusal reaches a page as 1006, which looks like a network failure and is retried forever):
4403 when this browser's seat link was reissued (it held the seat, so it learns nothing new),
4404 for everything the page itself would answer 404 to, so a stranger still cannot tell which
games exist (``access``); 4503 while Redis or the database cannot be reached, after which the
page tries again as after any drop. The only thing a client may send is a small
``{"type": "ping"}``, answered with the current version; anything else, too large, too deep or
not JSON, is answered with an error notice and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import logging
from collections import deque
from importlib import import_module
from urllib.parse import parse_qs

import orjson
from channels.auth import get_user
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer
from django.conf import settings
from django.http import Http404
from django.utils import translation

from consell.game.access import SESSION_KEY, board_game, seat_from_session
from consell.game.models import Game, Seat
from consell.live.broadcast import PROTOCOL_VERSION, game_group, hear_here
from consell.live.page_parts import Asked, Parts, render_for_sockets
from consell.rules.audience import Viewer

# A ping is 16 bytes; nothing a page sends comes near this, so nothing bigger is parsed.
MAX_FRAME = 256

# More than any page has.
MAX_PARTS = 8

NOT_ALLOWED = 4403
NOT_FOUND = 4404
# The channel layer (Redis) or the database cannot be reached now: the page tries again,
# backing off, as after any other drop.
UNAVAILABLE = 4503
# How long a handshake waits for the channel layer before it is told to try again: a Redis
# that accepts connections and never answers would otherwise hold it open.
JOIN_SECONDS = 5.0

# How soon a relay whose channel layer failed tries it again, doubling up to the second.
FIRST_RETRY, LAST_RETRY = 0.25, 2.0

logger = logging.getLogger(__name__)


class GameConsumer(AsyncWebsocketConsumer):
    # A socket has no channel of its own: it hears its game's notices through its process's
    # ``Relay``, which receives one message per change for all of them. Without one, a socket
    # also does not fail when Redis is down: its handshake is answered (UNAVAILABLE below).
    channel_layer_alias = None
    relay: Relay | None = None
    version = 0
    held: dict[str, str] = {}
    closed = False
    seat_token = ""

    async def connect(self):
        route = self.scope["url_route"]
        role = route["kwargs"].get("role")
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        self.held = _held(query)
        self.language = _language(query)
        try:
            self.viewer, refusal = await self._authenticate(role, route["kwargs"])
            if self.viewer is None:
                await self.accept()
                await self.close(code=refusal)
                return
            # Joined before the greeting: with the channel layer down the socket is closed and
            # the page retries, instead of showing "online" on a socket that can hear nothing.
            self.sending = asyncio.Lock()
            async with asyncio.timeout(JOIN_SECONDS):
                self.relay = await Relay.join(self)
            version = await self._version()
        except Exception:
            # Accepted, then closed with a code the page reads, rather than a handshake that
            # fails with a server error.
            logger.warning(
                "socket of %s refused for now: Redis or the database is unreachable",
                self.scope.get("path"),
                exc_info=True,
            )
            await self._leave_relay()
            await self.accept()
            await self.close(code=UNAVAILABLE)
            return
        await self.accept()
        self.version = version
        await self._send({"type": "hello", "version": self.version})

    async def disconnect(self, code):
        self.closed = True
        await self._leave_relay()

    async def _leave_relay(self) -> None:
        relay, self.relay = self.relay, None
        if relay is not None:
            await relay.leave(self)

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
        """Send the viewer's current version if this socket has not sent it yet, unless a
        notice the relay holds and has not handed on yet brings it: under load the relay runs
        behind, and a page's ping would otherwise render its parts alone, beside the relay's
        rendering of the whole table, making the relay later still."""
        version = await self._version()
        if self.relay is not None and self.relay.will_bring(self.game_id, self.viewer.key, version):
            return
        await self.game_changed(version)

    def asked(self) -> Asked:
        """What this socket's page shows, for ``page_parts.render_for_sockets``."""
        director = getattr(self.scope.get("user"), "pk", None)
        held = tuple(sorted(self.held.items()))
        return Asked(self.viewer, self.language, held, self.seat_token, director)

    async def game_changed(self, version: int, pushed: tuple[Asked, Parts | None] | None = None):
        """A newer version: send it with the page's parts as they are now, or alone when they
        cannot be made here (the page then fetches them itself).

        ``pushed``: the parts the relay made for this socket with the others of its process,
        with what they were made for; used only if the page still holds the parts they were
        made for (a ping may have sent newer parts meanwhile), else made again here. Only the
        parts whose key changed are sent, with the keys of all. The parts may show a
        newer version than the notice (another change came in meanwhile): the socket then
        moves on to that one. A socket sends one notice at a time.
        """
        async with self.sending:
            if self.closed or not isinstance(version, int) or version <= self.version:
                return
            if pushed is not None and pushed[0] == self.asked():
                parts = pushed[1]
            else:
                parts = await self._parts()
            if parts is None:
                await self.refused()
                return
            if parts.version >= version:
                self.version = parts.version
                self.held = parts.keys
                changed = {"version": parts.version, "parts": parts.joined(), "keys": parts.keys}
                await self._send({"type": "changed", **changed})
                return
            self.version = version
            await self._send({"type": "changed", "version": version})

    async def refused(self) -> None:
        """The right this socket connected with no longer holds: its page learns why by
        loading again (a reissued link, a director logged out)."""
        if not self.closed:
            self.closed = True
            await self.close(code=NOT_ALLOWED if self.viewer.kind == "seat" else NOT_FOUND)

    async def seat_revoked(self, event):
        if not await self._seat_still_valid():
            await self._send({"type": "revoked"})
            await self.close(code=NOT_ALLOWED)

    async def still_logged_in(self) -> bool:
        """A director's socket: whether the browser's session still holds the login it
        connected with (read afresh, as the page's own request would; Channels' ``get_user``
        checks the session's backend and password hash as Django does)."""
        if self.viewer.kind != "director":
            return True
        engine = import_module(settings.SESSION_ENGINE)
        key = self.scope.get("cookies", {}).get(settings.SESSION_COOKIE_NAME)
        user = await get_user({"session": engine.SessionStore(key)})
        return user.is_authenticated and user.pk == getattr(self.scope.get("user"), "pk", None)

    async def _send(self, payload):
        # orjson: a notice carries its page's parts, some 30 kB.
        message = {"v": PROTOCOL_VERSION, "game": self.game_id, **payload}
        await self.send(text_data=orjson.dumps(message).decode())

    @database_sync_to_async
    def _authenticate(self, role, kwargs) -> tuple[Viewer | None, int]:
        """The viewer, or None and the close code to refuse with."""
        try:
            if role == "director":
                user = self.scope.get("user")
                game_id = kwargs["game_id"]
                if not user or not user.is_authenticated:
                    return None, NOT_FOUND
                if not Game.objects.filter(pk=game_id, director=user).exists():
                    return None, NOT_FOUND
                self.game_id = game_id
                return Viewer.director(), 0
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
                return Viewer.for_seat(seat.position), 0
            if role == "public":
                game = board_game(kwargs["board_token"])
                self.game_id = game.pk
                return Viewer.public(), 0
        except Http404:
            return None, NOT_FOUND
        return None, NOT_FOUND

    async def _parts(self) -> Parts | None:
        """This page's parts, rendered now; None when its right no longer holds."""
        if not await self.still_logged_in():
            return None
        return (await database_sync_to_async(render_for_sockets)(self.game_id, [self.asked()]))[0]

    @database_sync_to_async
    def _seat_still_valid(self):
        return Seat.objects.filter(
            game_id=self.game_id, position=self.position, token=self.seat_token
        ).exists()

    @database_sync_to_async
    def _version(self):
        versions = Game.objects.filter(pk=self.game_id).values_list("versions", flat=True).first()
        return (versions or {}).get(self.viewer.key, 0)


class Relay:
    """A process's one listener: the member of each game's group that its sockets of that
    game share (one per channel layer and event loop).

    A notice names the new version of every viewer whose view changed; the relay renders the
    parts of each of its sockets that has not sent that version yet in one call
    (``page_parts.render_for_sockets``, each from its own viewer's view), then hands each
    socket its own.

    A notice of a change made in this process is heard twice: at once, as it is sent
    (``hear``), and again when it comes back through the channel layer. Notices are handed on
    one at a time, in the order heard, and one already handed on (by its id) is dropped. A
    notice is taken from the layer as soon as it arrives and waits here (``waiting``), so a
    page's ping knows whether its version is already on its way (``will_bring``).
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
        # The notices of each game heard and not handed on yet.
        self.waiting: dict[int, list[dict]] = {}

    @classmethod
    async def join(cls, socket: GameConsumer) -> Relay:
        """The relay of ``socket``'s layer and loop, with ``socket`` among those it serves.

        Raises when the channel layer cannot be reached, so the handshake fails."""
        layer = get_channel_layer()
        if layer is None:
            raise RuntimeError("a relay needs a channel layer (settings.CHANNEL_LAYERS)")
        relay = cls._open.get(id(layer))
        if relay is None or relay.loop is not asyncio.get_running_loop():
            relay = cls._open[id(layer)] = cls(layer)
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
            self._queue(message)

    def will_bring(self, game_id: int, viewer_key: str, version: int) -> bool:
        """Whether a notice waiting here brings ``viewer_key`` of ``game_id`` at least to
        ``version``."""
        return any(
            isinstance(versions := message.get("versions"), dict)
            and isinstance(versions.get(viewer_key), int)
            and versions[viewer_key] >= version
            for message in self.waiting.get(game_id, ())
        )

    def hear(self, message: dict) -> None:
        """A notice this process is sending, handed on now rather than when it comes back
        through the channel layer (a few milliseconds later through Redis)."""
        try:
            if asyncio.get_running_loop() is not self.loop:
                return  # another loop's notice: this relay hears it through the layer
        except RuntimeError:
            return
        self._queue(message)

    def _queue(self, message: dict) -> None:
        """Hand ``message`` on after those heard before it (tasks take ``handing`` in the
        order they were made)."""
        game = message.get("game")
        if isinstance(game, int):
            self.waiting.setdefault(game, []).append(message)
        # In a context of its own: the sender's may hold the executor of a call that ends
        # before the rendering does (asgiref's, when a notice is sent from sync code).
        task = self.loop.create_task(self._hand_on_once(message), context=contextvars.Context())
        self.hearing.add(task)
        task.add_done_callback(self.hearing.discard)

    async def _hand_on_once(self, message: dict) -> None:
        """Hand on ``message`` unless it was already (heard here, then again from the layer)."""
        try:
            await self._hand_on_in_turn(message)
        finally:
            waiting = self.waiting.get(message.get("game"), [])  # type: ignore[arg-type]
            if any(m is message for m in waiting):
                waiting[:] = [m for m in waiting if m is not message]
                if not waiting:
                    self.waiting.pop(message.get("game"), None)  # type: ignore[arg-type]

    async def _hand_on_in_turn(self, message: dict) -> None:
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
                if socket.viewer.key == seat:
                    await socket.seat_revoked(message)
            return
        versions = message.get("versions")
        if message.get("type") != "game.changed" or not isinstance(versions, dict):
            return
        due = [
            (socket, versions[socket.viewer.key])
            for socket in sockets
            if isinstance(versions.get(socket.viewer.key), int)
            and versions[socket.viewer.key] > socket.version
        ]
        if not due:
            return
        allowed = []
        for socket, version in due:
            if await socket.still_logged_in():
                allowed.append((socket, version))
            else:
                await socket.refused()
        # The dashboards last: the costliest rendering, while the table's pages are sent.
        allowed.sort(key=lambda due: due[0].viewer.kind == "director")
        asked = [socket.asked() for socket, _ in allowed]
        loop = asyncio.get_running_loop()
        made: asyncio.Queue[list[tuple[int, Parts | None]] | None] = asyncio.Queue()

        def batch_made(batch: list[tuple[int, Parts | None]]) -> None:  # rendering's thread
            loop.call_soon_threadsafe(made.put_nowait, batch)

        rendering = loop.create_task(
            database_sync_to_async(render_for_sockets)(message["game"], asked, batch_made)
        )
        rendering.add_done_callback(lambda _: made.put_nowait(None))  # however it ended
        try:
            while (batch := await made.get()) is not None:
                for index, parts in batch:
                    socket, version = allowed[index]
                    try:
                        await socket.game_changed(version, (asked[index], parts))
                    except Exception:
                        logger.warning(
                            "a notice could not be sent to a %s socket", socket.viewer.kind
                        )
        finally:
            await rendering  # its failure, if any, is the notice's (``_hand_on_once``)


def _held(query: dict[str, list[str]]) -> dict[str, str]:
    """The key of each part the page held when it connected (``?held=name:key,...``), so its
    first notice leaves out the parts that did not change; what is not a short name and a
    short key is ignored (the part is then sent)."""
    held = {}
    for pair in query.get("held", [""])[0].split(",")[:MAX_PARTS]:
        name, _, key = pair.partition(":")
        if name.isalpha() and len(name) <= 16 and key.isalnum() and len(key) <= 64:
            held[name] = key
    return held


def _language(query: dict[str, list[str]]) -> str:
    """The language the page was rendered in (``?lang=``), which its parts are rendered in
    too; the site's default when it names none the site speaks."""
    try:
        return translation.get_supported_language_variant(query.get("lang", [""])[0])
    except LookupError:
        return settings.LANGUAGE_CODE


def _parse(text_data):
    """The client's message as JSON, or None when it is absent, too large, too deep or not JSON."""
    if not isinstance(text_data, str) or len(text_data) > MAX_FRAME:
        return None
    try:
        return json.loads(text_data)
    except (ValueError, RecursionError):
        return None
