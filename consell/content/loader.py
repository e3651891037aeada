"""Loading a validated pack into the database in one transaction (docs/principles.md, principle 6).

An installed pack version never changes its cards once a game was created with it. A game
points at the ``Pack`` row (id + version) it was created with (``Game.pack``, protected from
deletion), and every page and every change of that game reads its cards from that row through
``consell.content.catalog``. So "the game keeps the cards it was dealt" holds as long as the
row's cards stay as they were, and that is what this module guards:

- loading the same id and version with **identical** cards is a no-op (``./dev serve`` loads
  the default pack at every start); only the names and description, which no game reads, are
  refreshed;
- loading the same id and version with **different** cards is refused with a message naming the
  cards that differ: raise ``version`` in pack.yaml to install them beside the old version;
- ``replace=True`` (``load_content --replace``) lets a pack writer rewrite a version that **no
  game** was created with yet; with a game on it, the replacement is refused like the rest.

Why pin a version rather than copy the cards into each game: the cards are already stored once
per version, a game's exports and audit name ``pack id + version`` (so that name must mean one
set of cards for good), the pages of other engineers read ``load_catalog(game.pack)`` unchanged,
and a copy per game would store the same ~300 cards again for every game of an evening. The
admin obeys the same rule (``forms.CardForm``): cards of a pack in use cannot be edited.
Everything happens inside one ``transaction.atomic``, so a pack is never half-loaded.
"""

from __future__ import annotations

from typing import NamedTuple

from django.db import transaction
from django.utils.translation import gettext

from .errors import PackError, PackInvalid
from .models import Card, Pack
from .schema import PACK_FILE, PackContent

CHANGE_WORDS = {
    "removed": lambda: gettext("removed %(ids)s"),
    "added": lambda: gettext("added %(ids)s"),
    "changed": lambda: gettext("changed %(ids)s"),
}
"""How a refusal names each group of card ids, said in the active language."""
LOADED, UNCHANGED, REPLACED = "loaded", "unchanged", "replaced"
LISTED = 5  # card ids named per group in a refusal; the rest are counted


class Loaded(NamedTuple):
    """What ``load_pack`` did: ``status`` is ``loaded`` (new version), ``unchanged`` or
    ``replaced`` (``replace=True`` on a version no game uses). Unpacks as ``pack, status``."""

    pack: Pack
    status: str


def load_pack(content: PackContent, *, replace: bool = False) -> Loaded:
    """Install ``content`` (already validated); see the module docstring for reloads.

    Raises ``PackInvalid`` (one error on pack.yaml's ``version``) when the version is installed
    with other cards and may not be replaced.
    """
    with transaction.atomic():
        pack, created = Pack.objects.select_for_update().get_or_create(
            slug=content.id,
            version=content.version,
            defaults=_names(content),
        )
        if not created:
            differences = differences_of(pack, content)
            if not differences:
                _refresh_names(pack, content)
                return Loaded(pack, UNCHANGED)
            games = pack.games.count()
            if not replace or games:
                raise PackInvalid([_conflict(pack, differences, games, replace)])
        for field, value in _names(content).items():
            setattr(pack, field, value)
        pack.description = content.description
        pack.files = dict(content.files)
        pack.save()
        pack.cards.all().delete()
        cards = []
        for entry in content.cards:
            card = Card(
                pack=pack,
                kind=entry.kind,
                file=entry.file,
                position=entry.position,
                data=entry.data,
            )
            card.copy_from_data()
            cards.append(card)
        Card.objects.bulk_create(cards)
    return Loaded(pack, LOADED if created else REPLACED)


def differences_of(pack: Pack, content: PackContent) -> dict[str, list[str]]:
    """How the installed cards of ``pack`` differ from ``content``: card ids ``removed``,
    ``added`` and ``changed`` (its kind or any field). Empty when the cards are identical.

    Which file holds a card and its place there are layout, read by no game: a pack whose
    cards were only moved or reordered has the same cards (the installed layout is kept).
    """
    installed = {
        card_id: (kind, data)
        for card_id, kind, data in pack.cards.values_list("card_id", "kind", "data")
    }
    new = {card.data["id"]: (card.kind, card.data) for card in content.cards}
    found = {
        "removed": sorted(set(installed) - set(new)),
        "added": sorted(set(new) - set(installed)),
        "changed": sorted(key for key in set(new) & set(installed) if new[key] != installed[key]),
    }
    return {key: ids for key, ids in found.items() if ids}


def _names(content: PackContent) -> dict[str, str]:
    """The pack's name columns: Catalan, English, and Spanish (empty when the pack has none)."""
    name = content.name
    return {"name_ca": name["ca"], "name_en": name["en"], "name_es": name.get("es", "")}


def _refresh_names(pack: Pack, content: PackContent) -> None:
    names = {**_names(content), "description": content.description}
    if any(getattr(pack, field) != value for field, value in names.items()):
        for field, value in names.items():
            setattr(pack, field, value)
        pack.save(update_fields=list(names))


def _conflict(
    pack: Pack, differences: dict[str, list[str]], games: int, replace: bool
) -> PackError:
    parts = []
    for key in ("removed", "added", "changed"):
        ids = differences.get(key, [])
        if ids:
            listed = ", ".join(ids[:LISTED])
            if len(ids) > LISTED:
                listed = gettext("%(ids)s and %(count)s more") % {
                    "ids": listed,
                    "count": len(ids) - LISTED,
                }
            parts.append(CHANGE_WORDS[key]() % {"ids": listed})
    installed = ", ".join(
        str(v) for v in Pack.objects.filter(slug=pack.slug).values_list("version", flat=True)
    )
    newest = max(Pack.objects.filter(slug=pack.slug).values_list("version", flat=True))
    names = {
        "pack": pack,
        "differences": "; ".join(parts),
        "version": newest + 1,
        "installed": installed,
        "games": games,
    }
    if games:
        message = gettext(
            "content pack %(pack)s is already installed with other cards (%(differences)s). "
            "An installed version keeps its cards, so that every game created with it keeps the "
            "cards it was dealt: set version: %(version)s to install these cards beside it "
            "(installed versions: %(installed)s). %(games)s game(s) use %(pack)s, so it cannot "
            "be replaced."
        )
    elif not replace:
        message = gettext(
            "content pack %(pack)s is already installed with other cards (%(differences)s). "
            "An installed version keeps its cards, so that every game created with it keeps the "
            "cards it was dealt: set version: %(version)s to install these cards beside it "
            "(installed versions: %(installed)s), or, since no game uses %(pack)s yet, replace "
            "it with load_content --replace."
        )
    else:
        message = gettext(
            "content pack %(pack)s is already installed with other cards (%(differences)s). "
            "An installed version keeps its cards, so that every game created with it keeps the "
            "cards it was dealt: set version: %(version)s to install these cards beside it "
            "(installed versions: %(installed)s)."
        )
    return PackError(PACK_FILE, "", "version", message % names)
