"""The 400 and 500 pages, served without Django's ``requires_csrf_token``.

Django wraps its error handlers in ``requires_csrf_token``, whose check reads ``request.POST``
when a POST carries a CSRF cookie. A form body Django refuses to read (urlencoded in another
charset than UTF-8: ``BadRequest``) then raised again while its 400 page was made, and again in
the 500 page: the server answered with its own raw 500. Neither page holds a form, so neither
needs a token; both are rendered without the request, in the active language.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponseBadRequest, HttpResponseServerError
from django.template import loader


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponseBadRequest:
    return HttpResponseBadRequest(loader.render_to_string("400.html"))


def server_error(request: HttpRequest) -> HttpResponseServerError:
    return HttpResponseServerError(loader.render_to_string("500.html"))
