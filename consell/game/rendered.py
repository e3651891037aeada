"""A template rendered from a plain context, kept by what it was rendered from.

The one mechanism that keeps renderings between versions (docs/architecture.md): Django's
``parts`` cache, keyed by the audience, the language, the template and the digest of the
context. The template sees nothing but that context (no request), so the same key is the
same bytes, whoever asks.
"""

from __future__ import annotations

from typing import Any

from django.core.cache import caches
from django.template.loader import get_template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from .digests import digest


def rendered(template_name: str, context: dict[str, Any], audience: str = "any") -> SafeString:
    """``template_name`` rendered from ``context`` alone, kept in the ``parts`` cache under
    ``audience``, the active language, the template and the digest of ``context``.

    ``audience`` must name who may be shown this rendering whenever the template holds a
    form: a form's one-time key (its nonce) is then that audience's alone."""
    key = f"part:{audience}:{get_language()}:{template_name}:{digest(context).hex()}"
    cache = caches["parts"]
    html = cache.get(key)
    if html is None:
        html = get_template(template_name).render(context)
        cache.set(key, html)
    return mark_safe(html)
