"""A page's live parts over HTTP: several in one answer, as ``live.js`` asks for them.

On a "changed" notice without its parts (or after a reconnect) a page asks once,
``?fragment=a&fragment=b...``; the answer holds each part asked for, one after another, and
the page swaps each by its id. The parts come from ``page_parts.render_parts``, the same
function the socket's push calls.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.http import HttpResponse

from consell.live.page_parts import VERSION_HEADER, Parts


def parts_asked(request, known: Iterable[str]) -> list[str] | None:
    """The live parts this htmx request asks for, in order; None when it is not such a request.

    Names the page does not have are left out (a part added to a template but not yet to its
    page's list answers nothing rather than the whole page).
    """
    if not request.htmx:
        return None
    asked = request.GET.getlist("fragment")
    known = tuple(known)
    names = [name for name in dict.fromkeys(asked) if name in known]
    return names if names else None


def parts_response(parts: Parts) -> HttpResponse:
    """The parts, one after another; nothing (204) when every part was left out.

    The answer says which version of the viewer's view it shows; each part's element names
    its own key (``data-key``).
    """
    response = HttpResponse(parts.joined()) if parts.html else HttpResponse(status=204)
    response[VERSION_HEADER] = str(parts.version)
    return response
