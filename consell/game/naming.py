"""What players call things the state names by id: kingdoms after their founding King's house."""

from __future__ import annotations

from consell.rules.state import GameState


def kingdom_name(catalog, name: str, language: str) -> str:
    """A kingdom carries its founding King's house id; players read the house's title."""
    title = catalog.get(name, {}).get("title") if name in catalog else None
    if title:
        return title.get(language) or title.get("ca") or name
    return name


def kingdom_names(state: GameState, catalog, language: str) -> dict[int, str]:
    return {k.id: kingdom_name(catalog, k.name, language) for k in state.kingdoms}
