"""The words of a PDF the app serves (the audit report, ``audit/<game>/report.pdf``), for tests.

A PDF holds its text compressed, glyph by glyph, and breaks lines wherever the page ends them,
inside a long name or at a hyphen; ``squeezed`` drops every space and line break, on both
sides of a comparison, so a text found in the page is found whatever the layout.
"""

from __future__ import annotations

import io

from pypdf import PdfReader


def pdf_text(body: bytes) -> str:
    """Every page's text, in order (pypdf refuses what is not a PDF)."""
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)


def squeezed(text: str) -> str:
    return "".join(text.split())
