"""Project-wide HTTP middleware."""

import logging

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse
from django.template import loader
from django.utils.cache import add_never_cache_headers
from django.utils.deprecation import MiddlewareMixin

logger = logging.getLogger(__name__)


class NoStoreMiddleware(MiddlewareMixin):
    """Every page, fragment and JSON answer is `Cache-Control: no-store`.

    A seat's page shows that player's hidden chest: a phone passed round the table, its back
    button, or a shared proxy must never replay it from a cache. Static files never get here
    (whitenoise answers them earlier, with long-lived caching for hashed names).
    """

    def process_response(self, request, response):
        add_never_cache_headers(response)
        return response


class DatabaseUnavailableMiddleware:
    """A request that meets the database restarting, or out of reach, gets a page that says
    so and lets the player send the same form again, instead of a bare server error.

    A change is one transaction: when the database drops in the middle, nothing of it is
    kept. Whatever happened, sending the form again is safe: it carries its one-time key
    (nonce), and a change already applied is applied once. A form sent by htmx keeps what the
    player typed where it is, and ``forms.js`` shows this answer's message above it; a plain
    form's fields come back in a form that sends them again.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        logger.warning(
            "database unreachable on %s %s", request.method, request.path, exc_info=exception
        )
        htmx = request.headers.get("HX-Request") == "true"
        fields = [] if htmx or request.method != "POST" else _fields(request)
        html = loader.render_to_string(
            "503.html",
            {
                "fields": fields,
                "action": request.get_full_path(),
                "fragment": htmx,
                "post": request.method == "POST",
            },
        )
        response = HttpResponse(html, status=503)
        response["Retry-After"] = "2"
        return response


def _fields(request) -> list[tuple[str, str]]:
    """What a plain form sent, to send again as it was (its CSRF token included); files are
    not kept."""
    try:
        return [(name, value) for name, values in request.POST.lists() for value in values]
    except Exception:  # a body that cannot be read again: the page still explains
        return []
