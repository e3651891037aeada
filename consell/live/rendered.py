"""A template rendered from a plain context, kept by what it was rendered from.

The one mechanism that keeps renderings between versions (docs/architecture.md): Django's
``parts`` cache, keyed by the audience, the language, the template and the digest of the
context. The template sees nothing but that context (no request), so the same key is the
same bytes, whoever asks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.cache import caches
from django.template.loader import get_template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from consell.projection.digests import digest


def rendered(template_name: str, context: dict[str, Any], audience: str = "any") -> SafeString:
    """``template_name`` rendered from ``context`` alone, kept in the ``parts`` cache under
    ``audience`` (whose page it is: a game and viewer, or "any" for pieces every viewer may
    share), the active language, the template and the digest of ``context``."""
    return rendered_as(part_key(audience, template_name, context), template_name, context)


def rendered_as(key: str, template_name: str, context: dict[str, Any]) -> SafeString:
    """``template_name`` rendered from ``context``, kept under ``key``, which the caller made
    with ``part_key`` from everything in ``context`` but what follows from that key alone."""
    cache = caches["parts"]
    html = cache.get(key)
    if html is None:
        html = get_template(template_name).render(context)
        cache.set(key, html)
    return mark_safe(html)


def rendered_each(template_name: str, contexts: list[dict[str, Any]]) -> list[SafeString]:
    """``rendered`` of each context, for pieces every viewer may share, looked up together:
    the new lines of a change's logs are one look-up."""
    keys = [part_key("any", template_name, context) for context in contexts]
    cache = caches["parts"]
    found = cache.get_many(keys)
    made = {}
    template = get_template(template_name)
    for key, context in zip(keys, contexts, strict=True):
        if key not in found and key not in made:
            made[key] = template.render(context)
    if made:
        cache.set_many(made)
    return [mark_safe(found.get(key) or made[key]) for key in keys]


def part_key(audience: str, template_name: str, context: dict[str, Any]) -> str:
    """The key a rendering is kept under: its audience, the active language, its template and
    the digest of its context."""
    return f"part:{audience}:{get_language()}:{template_name}:{digest(context).hex()}"


def part_key_from(inputs: str, make: Callable[[], str]) -> str:
    """The ``part_key`` of a context made from ``inputs`` alone (a key naming everything it is
    made from), kept in the ``parts`` cache: ``make()`` makes the context and its key only
    when those inputs are new. A change that reaches none of the inputs leaves the context
    unmade; one that reaches them without changing what it shows gives the same key again."""
    cache = caches["parts"]
    name = f"from:{get_language()}:{inputs}"
    key = cache.get(name)
    if key is None:
        key = make()
        cache.set(name, key)
    return key
