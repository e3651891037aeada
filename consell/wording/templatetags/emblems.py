"""House emblems as pictures, since many browsers have no emoji font (issue 13 item 7).

A pack names an emblem with an emoji; Debian's Chromium draws it as an empty box. The filter
draws the matching SVG of ``static/img/emblems/`` (see its README for the licence) and keeps
the character only for an emoji that has no picture there.
"""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.contrib.staticfiles import finders
from django.templatetags.static import static
from django.utils.html import format_html

register = template.Library()

VARIATION_SELECTOR = 0xFE0F


def file_name(emoji: str) -> str:
    """``"⚖️"`` -> ``"2696"``: the emoji's code points as the picture's file is named."""
    return "-".join(f"{ord(c):x}" for c in emoji if ord(c) != VARIATION_SELECTOR)


@lru_cache(maxsize=256)
def _picture(emoji: str) -> str | None:
    path = f"img/emblems/{file_name(emoji)}.svg"
    return static(path) if finders.find(path) else None


@register.filter
def emblem(value) -> str:
    """An emblem for any page: a decorative picture (the name beside it says whose it is)."""
    emoji = str(value or "").strip()
    if not emoji:
        return ""
    src = _picture(emoji)
    if src is None:
        return format_html('<span class="emblem" aria-hidden="true">{}</span>', emoji)
    return format_html('<img class="emblem" src="{}" alt="" width="24" height="24">', src)
