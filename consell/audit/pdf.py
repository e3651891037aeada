"""The audit report as a PDF (issue 13 item 9), drawn by WeasyPrint over Debian's Pango.

The PDF is the report page's own content (``audit/_report.html``) in a document designed for
paper (``audit/report_pdf.html``, ``static/css/audit-print.css`` then
``static/css/audit-pdf.css``). WeasyPrint fetches only what the document links, through
``StaticFiles``: the app's static files, read from disk; every other address is refused, so
drawing a report never reaches the network nor reads a file of the server that is not a
static file (WeasyPrint's own fetcher follows http, https, ftp and file addresses).

What made it slow (docs/performance.md, "The audit report as a PDF"): the screen stylesheet
makes ``<body>`` a flex column, and WeasyPrint lays a flex container out again for every page
it breaks, so the cost grew with the square of the pages; then every box, anchor (``id``) and
table cell of six thousand events costs its share. The PDF's document has no flex box, one
line of text for an event and for a roll, and ids only where a link points.
"""

from __future__ import annotations

import mimetypes
from pathlib import Path
from urllib.parse import unquote, urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.exceptions import SuspiciousFileOperation
from django.utils._os import safe_join

# The document's own address: no such host exists (RFC 2606), and nothing is fetched from it.
BASE_URL = "https://consell.invalid/"


class Refused(ValueError):
    """An address the report may not fetch (anything but the app's static files)."""


def static_file(url: str) -> Path:
    """The file on disk behind a static URL of this document, or ``Refused``.

    Looked up like ``{% static %}`` wrote it: in the source folders (the finders, as the test
    suite and ``./dev serve`` use) or in ``STATIC_ROOT`` (``collectstatic``'s hashed names)."""
    parts = urlsplit(url)
    base = urlsplit(BASE_URL)
    prefix = "/" + settings.STATIC_URL.strip("/") + "/"
    if (parts.scheme, parts.netloc) != (base.scheme, base.netloc):
        raise Refused(f"not a static file of the report: {url}")
    if not parts.path.startswith(prefix):
        raise Refused(f"not a static file of the report: {url}")
    name = unquote(parts.path[len(prefix) :])
    try:
        found = finders.find(name)
        collected = Path(found or safe_join(settings.STATIC_ROOT, name))
    except SuspiciousFileOperation as error:
        raise Refused(f"outside the static files: {url}") from error
    if not collected.is_file():
        raise Refused(f"no such static file: {url}")
    return collected


def _fetcher():
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class StaticFiles(URLFetcher):
        """WeasyPrint's fetcher, answering from disk for static files and refusing the rest."""

        def fetch(self, url, headers=None):
            path = static_file(url)
            kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": kind})

    return StaticFiles()


def render_pdf(html: str) -> bytes:
    """``html`` (a whole document whose links are ``{% static %}`` URLs) as PDF bytes.

    WeasyPrint is imported here, not at start-up: it loads Pango and fontconfig, which only
    this download needs."""
    import weasyprint

    document = weasyprint.HTML(string=html, base_url=BASE_URL, url_fetcher=_fetcher())
    return document.write_pdf()
