"""A viewer's live parts, rendered from that viewer's view (docs/principles.md, principle 7).

``render_parts`` is the one function that turns a viewer's view into the HTML of its page's
live parts. The page's own requests (a load, htmx asking again) and the socket's push after a
change both call it, so what a browser receives is the same whichever way it came, and both
are built from ``visibility.view_for``, the one gate.

A part is rendered from a plain context: the slice of the view it shows, and nothing else (no
request, no login, no form token: a page's static script adds the browser's CSRF token when a
form is sent, and a page loaded whole has it written in at delivery, for a phone without
JavaScript). So a rendering is a function of its audience, its language, its part and that
slice, and it is kept in Django's cache under exactly those, the slice by its digest:

    part:<game>:<audience>:<language>:<template>#<part>:<digest of the slice>

Whatever is not in the slice is not shown, so a part can never be served stale by a key
that forgot something it shows. A phone's chest, planner and decisions (``OWN_PARTS``) are
rendered again only when their slice changed, and their slice is made only when their
player's own part (``visibility.own_part``, kept under a key naming all it reads) or what they
show beside it changed: a public change leaves all 16 alone. The board's pieces inside them
(``{% shared_part %}``) are rendered once for every viewer given the same data.
A part's forms carry a one-time key (the nonce) so that a form sent twice is applied once;
a kept rendering holds a mark in its place, and each delivery writes fresh keys in.

Each part also has a short key, a digest of its cache key, written on its element
(``data-key``). A page tells its socket the keys it holds, the socket remembers what it sent,
and a part whose key the page holds is neither rendered nor sent again: a public change sends
a phone its board and its log, not its chest. The page compares every key of a notice with
its own and asks over HTTP for any part it does not hold, so a notice it skipped cannot leave
a part stale.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from django.template.loader import get_template
from django.utils import translation
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from consell.game import game_rows
from consell.game.access import with_state
from consell.game.models import Game
from consell.live.rendered import part_key, part_key_from, rendered_as, rendered_each
from consell.projection.digests import digest
from consell.projection.frozen import Frozen
from consell.projection.visibility import (
    LOG_LINES,
    TableView,
    behind_screen_for,
    log_moment,
    log_since,
    log_window_start,
    own_key,
    own_part,
    table_view,
    view_for,
)
from consell.rules.audience import Viewer
from consell.wording.templatetags.consell_game import CSRF_LATER, NONCE_LATER, kingdom_of
from consell.wording.words import content_language

# The parts of each page a notice refreshes (its elements with hx-trigger="consell:changed").
PAGES: dict[str, tuple[str, tuple[str, ...]]] = {
    "director": ("game/dashboard.html", ("live", "log")),
    "seat": ("game/play.html", ("decisions", "plan", "chest", "board", "log")),
    "public": ("game/board.html", ("board",)),
}

# A phone's parts made from its player's own part (``visibility.own_part``): kept under that
# part's key and what they show beside it, so a change that reaches no one's own part leaves
# them as they are without taking it out of the cache or digesting it.
OWN_PARTS = ("decisions", "plan", "chest")

# Parts whose slice is what the whole table sees (a phone's board shows its kingdom, which its
# members share): kept for the table, not for one viewer.
TABLE_PARTS = {"seat": ("board",)}

# Response header of a parts answer: the version it shows.
VERSION_HEADER = "Consell-Version"

PLAN_PILES = (
    ("indications", _("Indications")),
    ("actions", _("Actions, in order")),
    ("secrets", _("Secrets, in order")),
)
TRADEABLE = ("POW", "MON", "INT", "FOR", "FAI")

# What a phone's view adds to its chest for the planner (what it may plan and trade now).
PLANNER_KEYS = frozenset({"plannable", "offers", "may_trade"})
# What the planner shows of a phone's view: a change to anything else leaves it as it is. The
# resources are the most a trade may give of each (the offer's boxes say so before it is sent).
PLANNER_SHOWS = (*PLANNER_KEYS, "plan", "tactics", "assets", "resources")


@dataclass(frozen=True)
class Parts:
    """A page's live parts at ``version`` of its viewer's view, by name, in page order.

    ``keys`` names the rendering of every part of the page, sent or not: a part whose key the
    page already holds is left out of ``html`` (a planner left alone keeps what its player is
    typing; a chest no change reached is not sent again)."""

    version: int
    html: dict[str, str] = field(default_factory=dict)
    keys: dict[str, str] = field(default_factory=dict)
    view: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def joined(self) -> str:
        return "".join(self.html.values())


def render_parts(
    game: Game,
    viewer: Viewer,
    names: Iterable[str] | None = None,
    held: Mapping[str, str] | None = None,
    table: TableView | None = None,
    lines: dict[tuple, str] | None = None,
    csrf: str = "",
    log_grows: bool = False,
) -> Parts:
    """The live parts ``names`` (all of the page's by default) of ``viewer``'s page, rendered
    from ``viewer``'s view of ``game`` in the active language.

    ``held``: the key of each part the page already shows; those parts are left out.
    ``csrf``: the browser's CSRF token, for parts delivered in a page loaded whole.
    ``table``: this version's shared table for the viewer's side of the screen, and
    ``lines``: the log lines rendered so far, when the caller renders several viewers of one
    change; made here otherwise.
    ``log_grows``: a log (a phone's, the dashboard's) held at an earlier version is brought
    up to date with its new lines alone (``log_update``), for a socket's page, which adds
    them (``live.js``).

    A phone's own parts (``OWN_PARTS``) are made from its player's own part
    (``visibility.own_part``) and what they show beside it: their keys are kept under that
    part's key (``visibility.own_key``) and the digest of the rest, so the own part is taken
    out of the ``views`` cache, or made, only when one of those changed or the page lacks
    the part.
    """
    template, page_parts = PAGES[viewer.kind]
    language = content_language()
    owner = viewer.kind == "seat" and game.state is not None
    if game.state is not None and table is None:
        table = table_view(game, behind_screen_for(game, viewer), language)
    wanted = page_parts if names is None else [n for n in page_parts if n in set(names)]
    held = held or {}
    lines = {} if lines is None else lines
    # The log is the costliest part of a view: an answer showing none leaves it out (the
    # public board shows none), and one that only adds lines to the log its page holds makes
    # those lines alone.
    page_log = table is not None and "log" in wanted
    frame = log_frame(game, viewer, table) if page_log and table is not None else ""
    base = held_newest(held.get("log", ""), frame) if page_log and log_grows else None
    shows_log = page_log and base is None
    view = view_for(game, viewer, language, table, own=not owner, log=shows_log)
    log = log_lines(view.get("log", []), lines)
    slices = _slices(viewer, {**view, "log_lines": log}, game)
    own_of = own_key(game, viewer, language, table) if owner and table else "none"
    own: Mapping[str, Any] | None = None  # the seat's own part, taken once a part needs it

    def with_own(name: str) -> dict[str, Any]:
        nonlocal own
        if own is None:
            own = own_part(game, viewer, language, table) if owner and table else view
        return _with_own(name, own, slices[name])

    def own_context_key(whose: str, part: str, name: str) -> str:
        return part_key(whose, part, with_own(name))

    html: dict[str, str] = {}
    keys: dict[str, str] = {}
    for name in wanted:
        if name == "log" and page_log and table is not None:
            since = log_window_start(table)
            if base is not None:
                keys[name], more = log_update(game, viewer, table, held[name], base, since, lines)
                if keys[name] != held.get(name):
                    html[name] = more
                continue
            shown_lines = view.get("log") or ()
            newest = shown_lines[0]["seq"] if shown_lines else 0
            keys[name] = log_key(frame, newest, since)
            if held.get(name) != keys[name]:
                whose, part = f"{game.pk}:{viewer.key}", f"{template}#log"
                context = {**slices[name], "part_key": keys[name]}
                html[name] = rendered_as(part_key(whose, part, context), part, context)
            continue
        audience = "table" if name in TABLE_PARTS.get(viewer.kind, ()) else viewer.key
        whose, part = f"{game.pk}:{audience}", f"{template}#{name}"
        mine = viewer.kind == "seat" and name in OWN_PARTS
        if mine:
            inputs = f"{whose}:{part}:{own_of}:{digest(slices[name]).hex()}"
            full = part_key_from(inputs, partial(own_context_key, whose, part, name))
        else:
            full = part_key(whose, part, slices[name])
        keys[name] = short = hashlib.sha256(full.encode()).hexdigest()[:16]
        if held.get(name) == short:
            continue
        # It follows from the key: the page's element says which rendering it shows.
        context = with_own(name) if mine else slices[name]
        shown = {**context, "nonce_later": True, "part_key": short}
        html[name] = stamped(rendered_as(full, part, shown), csrf)
    if owner and own is not None:  # the whole view, for a page loaded whole
        view = Frozen({**view, **own})
    return Parts(view["game"]["version"], html, keys, view)


# A log part's key: the digest of what its lines are worded and chosen by (``log_frame``),
# the newest entry it shows, and the oldest entry it looks among (``LOG_WINDOW``).
LOG_KEY = re.compile(r"([0-9a-f]{16})n([0-9]+)w([0-9]+)")


def log_frame(game: Game, viewer: Viewer, table: TableView) -> str:
    """What a page's log lines are chosen and worded by, besides the entries themselves: the
    game, the viewer, the moment they read at (``log_moment``), the wording and the
    languages. While it stays the same, the log at a later version is the log at an earlier
    one with newer lines on top (the log is append-only), so a page can be sent those alone."""
    moment = log_moment(game, viewer)
    said = (table.game, viewer.key, moment.behind_screen_turn, moment.revealed)
    return digest([*said, table.wording_key, table.language, get_language()]).hex()[:16]


def log_key(frame: str, newest: int, since: int) -> str:
    """A log part's key: its ``frame``, the newest entry it shows (0 for none) and
    the oldest it looks among; these say which lines it shows (docs/architecture.md)."""
    return f"{frame}n{newest}w{since}"


def held_newest(held: str, frame: str) -> int | None:
    """The newest entry a page's log shows when its key (``held``) is of this ``frame`` and
    shows a line; None when the page must be sent its log whole."""
    found = LOG_KEY.fullmatch(held)
    if found is None or found[1] != frame or int(found[2]) == 0:
        return None
    return int(found[2])


def log_update(
    game: Game,
    viewer: Viewer,
    table: TableView,
    held: str,
    base: int,
    since: int,
    known: dict[tuple, str],
) -> tuple[str, str]:
    """A log part's key now, and what a page whose log's key is ``held``, showing entry
    ``base`` at its newest (``held_newest``), adds to show it (``game/_log_new.html``): the
    lines newer than ``base``, the oldest entry its lines may now come from, and how many it
    keeps."""
    new = log_since(game, viewer, table, base)
    key = log_key(held[:16], new[0]["seq"] if new else base, since)
    context = {
        "base_key": held,
        "part_key": key,
        "since": since,
        "keep": LOG_LINES,
        "log_lines": log_lines(new, known),
    }
    return key, get_template("game/_log_new.html").render(context)


def log_lines(log: list[dict[str, Any]], known: dict[tuple, str]) -> SafeString:
    """A viewer's log (``view.log``) as its ``<li>`` lines, newest first as given.

    A line shows its turn, its phase, its sentence and whether the director made it, so the
    phones that read the same entry read the same line: ``known`` holds the lines already
    rendered for this change's other viewers, and the rest come from the ``parts`` cache or
    are rendered, once each."""
    shows = [
        (ev["seq"], ev["turn"], ev["phase"], ev["by_director"], ev["text"] or ev["kind"])
        for ev in log
    ]
    new = list(dict.fromkeys(line for line in shows if line not in known))
    if new:
        contexts = [{"ev": dict(zip(LINE_FIELDS, line, strict=True))} for line in new]
        known.update(zip(new, rendered_each("game/_log_line.html", contexts), strict=True))
    return mark_safe("\n".join(known[line] for line in shows))


LINE_FIELDS = ("seq", "turn", "phase", "by_director", "text")


def stamped(html: str, csrf: str = "") -> SafeString:
    """``html`` with a fresh one-time key in each of its forms: a kept rendering is shown
    again after a form of it was sent (a tile added, then removed), and its forms must not
    carry keys already used. With ``csrf``, the browser's token goes in each form too, so a
    page loaded whole works without JavaScript; without it, ``forms.js`` adds the token."""
    token = format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">', csrf)
    html = html.replace(CSRF_LATER, token if csrf else "")
    first, *rest = html.split(NONCE_LATER)
    if not rest:
        return mark_safe(first)
    fresh = secrets.token_hex(14)  # this delivery's, then each form's number
    return mark_safe(first + "".join(f"{fresh}{n:04x}{piece}" for n, piece in enumerate(rest)))


def page_context(parts: Parts) -> dict[str, Any]:
    """What a whole page shows around its parts: the viewer's view, and each part's HTML."""
    return {"view": parts.view, "parts": parts.html}


def _slices(viewer: Viewer, view: dict[str, Any], game: Game) -> dict[str, dict[str, Any]]:
    """Each part's context: the slice of the view it shows (for a phone's ``OWN_PARTS``, what
    it shows beside its player's own part). The viewer's version is left out (no part shows
    it), so a part whose slice did not change is the same rendering."""
    shown = {k: v for k, v in view.items() if k != "log"}
    shown["game"] = {k: v for k, v in view["game"].items() if k != "version"}
    if viewer.kind == "director":
        game_row = {"pk": game.pk, "id": game.pk, "seq": game.seq}
        log = shown.pop("log_lines")
        return {"live": {"view": shown, "game": game_row}, "log": {"log_lines": log}}
    if viewer.kind == "public":
        return {"board": {"view": shown}}
    return _seat_slices(shown)


def _seat_slices(shown: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """A phone's board and log, and for each of its ``OWN_PARTS`` what it shows beside its
    player's own part (``_with_own`` adds that)."""
    board = shown.get("board")
    common = {"game": shown["game"], "viewer": shown["viewer"]}
    phase = {k: board[k] for k in ("status", "turn", "turns", "phase", "peril")} if board else None
    players = [{"seat": p["seat"], "name": p["name"]} for p in board["players"]] if board else None
    return {
        "decisions": {**common, "board": phase, "clock": shown.get("clock")},
        "plan": {
            **common,
            "board": {"players": players} if board else None,
            "receipt": shown.get("receipt"),
        },
        "chest": {**common, "board": _appointing(board) if board else None},
        "board": {
            "view": {
                "game": shown["game"],
                "board": board,
                "kingdom": kingdom_of(board, shown["viewer"]["seat"]) if board else None,
                "final": shown.get("final"),
                "head": shown.get("head"),
            }
        },
        "log": {"log_lines": shown.get("log_lines", "")},
    }


def _with_own(name: str, own: Mapping[str, Any], beside: dict[str, Any]) -> dict[str, Any]:
    """The context of the phone's own part ``name``: what it shows beside the player's own
    part (``beside``) and what it shows of it (``own``: ``me`` and ``decisions``, absent
    before the cards are dealt)."""
    me = own.get("me")
    if name == "decisions":
        return {
            "view": {
                **beside,
                "me": bool(me),
                "decisions": own.get("decisions"),
                "stand_in": bool(me and me.get("stand_in")),
            }
        }
    if name == "plan":
        planner = {k: me[k] for k in PLANNER_SHOWS if k in me} if me else None
        return {
            "view": {**beside, "me": planner},
            "plan_piles": PLAN_PILES,
            "tradeable": TRADEABLE,
        }
    chest = {k: v for k, v in me.items() if k not in PLANNER_KEYS} if me else None
    return {"view": {**beside, "me": chest}}


def _appointing(board: dict[str, Any]) -> dict[str, Any]:
    """What a chest shows of the board: before turn 1 a King appoints the members of their
    kingdom to its offices; after that, nothing of the board (so a public change leaves the
    chest as it is)."""
    if board["status"] != "setup":
        return {"status": board["status"]}
    return {
        "status": board["status"],
        "kingdoms": [
            {
                "name": k["name"],
                "king": k["king"],
                "offices": [
                    {"id": o["id"], "title": o["title"], "holder": o["holder"]}
                    for o in k["offices"]
                ],
            }
            for k in board["kingdoms"]
        ],
        "players": [
            {"seat": p["seat"], "name": p["name"], "kingdom": p["kingdom"]}
            for p in board["players"]
        ],
    }


@dataclass(frozen=True)
class Asked:
    """What a socket asks for its page after a change: its viewer, the language its page was
    rendered in, the key of each part its page holds, and the right it connected with (a seat's link
    token, or the account directing the game), checked again at every rendering."""

    viewer: Viewer
    language: str
    held: tuple[tuple[str, str], ...] = ()
    seat_token: str = ""
    director: int | None = None


def render_for_sockets(
    game_id: int,
    asked: list[Asked],
    made: Callable[[list[tuple[int, Parts | None]]], None] | None = None,
) -> list[Parts | None]:
    """The parts of several sockets' pages of one game at its current version, in order;
    None for a socket whose right no longer holds (a reissued link, another director).

    One read of the game and its seats serves them all, and each side of the Secrets screen
    builds its shared table once per language, for every viewer on that side. ``made`` is
    handed the parts (by the sockets' indexes) in two batches: the table's pages, then the
    dashboards, the costliest, so the pages can be sent while the dashboards are rendered
    (handing on each page alone cost more wake-ups of the server's loop than it saved)."""
    try:
        game = with_state(game_rows.read(game_id))
    except Game.DoesNotExist:
        game = None
    if game is None:
        if made is not None:
            made([(index, None) for index in range(len(asked))])
        return [None] * len(asked)
    tokens = dict(game.seats.values_list("position", "token"))
    tables: dict[tuple, TableView] = {}
    lines: dict[tuple, dict[tuple, str]] = {}
    out: list[Parts | None] = []
    batch: list[tuple[int, Parts | None]] = []
    for index, one in enumerate(asked):
        if made is not None and batch and one.viewer.kind == "director":
            made(batch)  # the pages before it go out while the dashboard renders
            batch = []
        if not _still_allowed(game, tokens, one):
            out.append(None)
            batch.append((index, None))
            continue
        with translation.override(one.language):
            table = None
            if game.state is not None:
                behind = behind_screen_for(game, one.viewer)
                key = (behind, content_language(), get_language())
                table = tables.get(key)
                if table is None:
                    table = tables[key] = table_view(game, behind, content_language())
            said = lines.setdefault((get_language(), content_language()), {})
            parts = render_parts(
                game, one.viewer, held=dict(one.held), table=table, lines=said, log_grows=True
            )
            out.append(parts)
            batch.append((index, parts))
    if made is not None and batch:
        made(batch)
    return out


def _still_allowed(game: Game, tokens: dict[int, str], one: Asked) -> bool:
    viewer = one.viewer
    if viewer.kind == "seat":
        return viewer.seat is not None and tokens.get(viewer.seat) == one.seat_token
    if viewer.kind == "director":
        return one.director is not None and game.director_id == one.director
    return True
