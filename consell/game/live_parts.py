"""A page's live parts, rendered for its socket (issue 14: the notice carries the parts).

A notice used to say only "your view changed", and each of a table's 18 pages then asked for
its parts over HTTP: 18 requests a change, each paying for its session, its seat and a
database connection before any of its own work. Now the socket that receives the notice
renders the parts its page would have asked for and sends them with the notice, so a page
shows a change without asking.

The parts are made by the page's own view, called with a GET request built from the socket's
handshake (its cookies, its session, its login as it is now, its language), exactly
as ``live.js`` would ask for them: the view checks who the viewer is and renders from that
viewer's view, so the one gate stays the one gate and a socket can never receive another
viewer's parts. When the parts cannot be made here (no CSRF cookie yet for the forms, the
view refused, anything failed), the notice goes out without them and the page asks over
HTTP as before.
"""

from __future__ import annotations

import functools
import io
import logging
from dataclasses import dataclass
from importlib import import_module

from django.conf import settings
from django.contrib import auth
from django.core.exceptions import PermissionDenied
from django.core.handlers.asgi import ASGIRequest
from django.db import connections
from django.http import Http404, HttpResponse, QueryDict
from django.middleware.csrf import CsrfViewMiddleware
from django.urls import ResolverMatch, get_script_prefix, resolve, reverse
from django.utils import translation
from django_htmx.middleware import HtmxDetails

from accounts import backends

logger = logging.getLogger(__name__)

# Response headers a parts answer carries: the version it shows, and the planner's key.
VERSION_HEADER = "Consell-Version"
PLAN_KEY_HEADER = "Consell-Plan-Key"


@dataclass(frozen=True)
class Pushed:
    """What a socket sends with a notice: the parts (may be empty) at ``version``."""

    version: int
    html: str
    plan_key: str


def page_path(role: str, kwargs: dict) -> str:
    """The page a socket belongs to, from its own route."""
    key = kwargs["board_token"] if role == "public" else kwargs["game_id"]
    return _page_path(role, key, get_script_prefix(), settings.ROOT_URLCONF)


@functools.lru_cache(maxsize=1024)
def _page_path(role: str, key, prefix: str, urlconf: str) -> str:
    """Reversed once per page (and prefix and URL configuration), not at each of a table's 18
    renderings of every change."""
    name = {"director": "game:dashboard", "seat": "game:play", "public": "game:board"}[role]
    return reverse(name, args=[key], urlconf=urlconf)


@functools.lru_cache(maxsize=1024)
def _resolved(path: str, urlconf: str) -> ResolverMatch:
    """The view of a socket's page, found once per page (and URL configuration): matching it
    against every route again was a few per cent of each of a table's 18 renderings."""
    return resolve(path, urlconf)


def live_parts_of(role: str) -> tuple[str, ...]:
    """The parts a notice refreshes on this kind of page (its elements that htmx refetches)."""
    from .views import board, director, player

    return {"director": director, "seat": player, "public": board}[role].LIVE_PARTS


def render_for_socket(scope: dict, role: str, kwargs: dict, plan_key: str) -> Pushed | None:
    """The parts this socket's page would load now, made by its own view; None when they
    cannot be made here (the page then asks for them itself)."""
    usable_connections()
    path, parts = page_path(role, kwargs), live_parts_of(role)
    request = _request(scope, path, parts, plan_key, director=role == "director")
    had_token = "CSRF_COOKIE" in request.META
    match = _resolved(request.path_info, settings.ROOT_URLCONF)
    language = translation.get_language_from_request(request)
    try:
        with translation.override(language):
            request.LANGUAGE_CODE = language
            response = match.func(request, *match.args, **match.kwargs)
    except (Http404, PermissionDenied):  # a refused socket is closed by its own notice
        return None
    except Exception:  # the page's own request will say what is wrong, as it always did
        logger.warning("parts not rendered for a %s socket", role, exc_info=True)
        connections.close_all()  # a broken connection is opened afresh for the next notice
        return None
    if not isinstance(response, HttpResponse) or response.status_code not in (200, 204):
        return None
    version = response.get(VERSION_HEADER)
    if version is None:
        return None
    if not had_token and request.META.get("CSRF_COOKIE_NEEDS_UPDATE"):
        return None  # its forms carry a token this browser has no cookie for yet
    html = response.content.decode() if response.status_code == 200 else ""
    return Pushed(int(version), html, response.get(PLAN_KEY_HEADER, plan_key))


def usable_connections() -> None:
    """Close this thread's database connections that cannot serve a rendering, keep the rest.

    Django's own check (``close_old_connections``) also closes every connection older than
    ``CONN_MAX_AGE``, which a deployment may set to 0; the rendering thread lives as long as
    the process, so its connection is kept from one notice to the next whatever that says,
    and only one left in a transaction or broken (an error since it was last checked, and it
    no longer answers) is closed, to be opened afresh.
    """
    for conn in connections.all(initialized_only=True):
        if conn.connection is None:
            continue
        if conn.get_autocommit() != conn.settings_dict["AUTOCOMMIT"]:
            conn.close()
        elif conn.errors_occurred:
            if conn.is_usable():
                conn.errors_occurred = False
            else:
                conn.close()


def _request(
    scope: dict, path: str, parts: tuple[str, ...], plan_key: str, director: bool
) -> ASGIRequest:
    """A GET for ``path``'s live parts as the socket's browser would send it."""
    query = "&".join(f"fragment={name}" for name in parts)
    if plan_key:
        query += f"&shown={plan_key}"
    headers = [(k, v) for k, v in scope.get("headers", []) if k.lower() != b"hx-request"]
    http_scope = {
        "type": "http",
        "method": "GET",
        "path": path,
        "root_path": scope.get("root_path", ""),
        "query_string": query.encode(),
        "headers": [*headers, (b"hx-request", b"true")],
        "client": scope.get("client"),
        "server": scope.get("server"),
        "scheme": "https" if scope.get("scheme") == "wss" else "http",
    }
    request = ASGIRequest(http_scope, io.BytesIO())
    request.GET = _query(query)  # type: ignore[assignment]  # immutable, as the stubs want
    if director or "session" not in scope:
        # A director's right is the login in the session: read as it is now, from the
        # browser's cookie as the page's own request would, so a director who logged out
        # since the socket connected is refused here too. The account the socket connected
        # as is read with the session, by one statement (``accounts.sessions.with_login``).
        session_key = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
        engine = import_module(settings.SESSION_ENGINE)
        connected = getattr(scope.get("user"), "pk", None)
        if connected is not None and hasattr(engine, "with_login"):
            request.session, account = engine.with_login(session_key, connected)
            with backends.known(account):
                request.user = auth.get_user(request)
        else:
            request.session = engine.SessionStore(session_key)
            request.user = auth.get_user(request)
    else:
        # A seat's right is its link's token, which the view checks against the seats at every
        # rendering (a reissued link is refused); the session read at connect says which.
        request.session, request.user = scope["session"], scope["user"]
    request.htmx = HtmxDetails(request)  # type: ignore[attr-defined]
    CsrfViewMiddleware(_never_called).process_request(request)  # the browser's CSRF secret
    return request


@functools.lru_cache(maxsize=256)
def _query(query: str) -> QueryDict:
    """The parts' query, parsed once for all the pages that ask the same (a QueryDict is
    immutable, and the views only read it): 16 phones parsed it at every change."""
    return QueryDict(query)


def _never_called(request):  # CsrfViewMiddleware wants a next step; only its reading is used
    raise AssertionError("not a middleware chain")
