"""Refuse the NUL character in any request, before a view or the database sees it.

PostgreSQL cannot store U+0000 in text or JSON, so a NUL typed (or pasted, or forged) into any
field, nonce or link would fail at the database after the view had run; SQLite would store it.
Both refuse it here the same way: a clear message in the viewer's language, nothing changed.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponseBadRequest, HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

NUL = "\x00"


def _has_nul(request) -> bool:
    if NUL in request.path:
        return True
    for data in (request.GET, request.POST):
        for key, values in data.lists():
            if NUL in key or any(NUL in v for v in values):
                return True
    return False


class RefuseNulMiddleware:
    """Placed after the session, locale and messages middleware: it speaks the viewer's
    language and, for a form, sends them back to the page they came from with the message."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not _has_nul(request):
            return self.get_response(request)
        message = _(
            "The text sent contains a NUL character, which cannot be kept. Nothing was done."
        )
        back = request.META.get("HTTP_REFERER", "")
        if request.method == "POST" and url_has_allowed_host_and_scheme(
            back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        ):
            messages.error(request, message)
            return HttpResponseRedirect(back)
        return HttpResponseBadRequest(message, content_type="text/plain; charset=utf-8")
