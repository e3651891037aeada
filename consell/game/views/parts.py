"""A page's live parts, several in one answer (issue 14: one request per notice, not per part).

On a "changed" notice every live part of a page (an element with
``hx-get="?fragment=NAME" hx-trigger="consell:changed from:body"``) used to be fetched on its
own, each request paying for the session, the seat and the page's context again. ``live.js``
now holds those requests back and asks once, ``?fragment=a&fragment=b...``; the view answers
with each part asked for, one after another, and the page swaps each by its id. A single
``?fragment=NAME`` (a click, or an older page) is answered exactly as before.

Every part is rendered from the one context the view built from its viewer's view, so one
permission check and one view build serve them all.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.http import HttpResponse
from django.template import Engine
from django.template.context import make_context
from django.utils.safestring import mark_safe

from ..live_parts import VERSION_HEADER


def parts_asked(request, known: Iterable[str]) -> list[str] | None:
    """The live parts this htmx request asks for, in order; None when it is not such a request.

    Names the page does not have are left out (a part added to a template but not yet to its
    view's list answers nothing rather than the whole page).
    """
    if not request.htmx:
        return None
    asked = request.GET.getlist("fragment")
    known = tuple(known)
    names = [name for name in dict.fromkeys(asked) if name in known]
    return names if names else None


def render_parts(request, template: str, names: list[str], context: dict) -> HttpResponse:
    """Each part ``template#name`` in turn; nothing (204) when every part was left out.

    The answer says which version of the viewer's view it shows (``Consell-Version``): a
    socket sends the parts with its notice only when they are at least that notice's version.
    """
    if not names:
        response = HttpResponse(status=204)  # htmx swaps nothing: what is being typed stays
    else:
        response = HttpResponse(mark_safe(_render_together(template, names, context, request)))
    response[VERSION_HEADER] = str(context["view"]["game"]["version"])
    return response


def _render_together(template: str, names: list[str], context: dict, request) -> str:
    """Each part ``template#name`` in turn, in one request context: the context processors
    (the request, the language, the nonce, the login, the messages) run once per answer, not
    once per part, for 18 pages at every change. Each part renders in a level of its own, so
    a name one part sets (``{% url ... as name %}``) is gone for the next, as it was when
    each part was rendered alone."""
    engine = Engine.get_default()
    parts = [engine.get_template(f"{template}#{name}") for name in names]
    bound = make_context(context, request, autoescape=engine.autoescape)
    out = []
    with bound.bind_template(parts[0]):
        for part in parts:
            with bound.push():
                out.append(part.render(bound))
    return "".join(out)
