"""Writing an installed pack back to YAML (``manage.py export_content``).

The export writes pack.yaml and the card files with each card dict exactly as stored, in its
file and position, so loading the export again gives identical cards.
"""

from __future__ import annotations

from pathlib import Path

from .models import Pack
from .reader import write_pack
from .stored import content_of


def find_pack(slug: str, version: int | None = None) -> Pack:
    """The installed pack ``slug`` at ``version``, or its latest version; raises DoesNotExist."""
    packs = Pack.objects.filter(slug=slug)
    if version is not None:
        return packs.get(version=version)
    pack = packs.order_by("-version").first()
    if pack is None:
        raise Pack.DoesNotExist(f"No content pack {slug!r} is installed.")
    return pack


def export_pack(pack: Pack, directory: str | Path) -> list[Path]:
    """Write ``pack`` into ``directory``; returns the files written."""
    return write_pack(content_of(pack), directory)
