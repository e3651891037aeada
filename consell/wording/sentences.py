"""What the log's sentences are made of: the ``Names`` of a table, and the ``Line`` of a kind.

A ``Line`` reads its event's payload as the ``TypedDict`` of its kind
(``consell.rules.payloads.PAYLOADS``), so mypy checks every key a sentence reads
(issue 11 item 1): ``line(VoteOpened, lambda d, n: ...)`` types ``d`` as ``VoteOpened``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from django.utils.translation import gettext as _

from consell.game import naming
from consell.rules.cards import Catalog
from consell.rules.payloads import ChestChanged, Shown
from consell.rules.state import card_id_of
from consell.wording import words


class Names:
    """Turns seats, kingdoms and card ids in a payload into what players call them."""

    def __init__(
        self,
        state: Mapping[str, Any] | None,
        catalog: Catalog,
        language: str,
        seats: Mapping[int, str] | None = None,
    ):
        """``seats`` names the players where the state cannot (before the deal)."""
        state = state or {}
        self.seats = dict(seats or {p["seat"]: p["name"] for p in state.get("players", [])})
        self.catalog = catalog
        self.language = language
        self.kingdoms = {k["id"]: self.title_of(k["name"]) for k in state.get("kingdoms", [])}

    def named(self) -> tuple[tuple, tuple]:
        """The seats' and kingdoms' names, as a key: sentences worded with the same names
        (and catalog and languages) are the same sentences."""
        return tuple(sorted(self.seats.items())), tuple(sorted(self.kingdoms.items()))

    def title_of(self, name) -> str:
        """A name that may be a card's id (a kingdom named after its house): its title."""
        return self.card(name) if card_id_of(str(name)) in self.catalog else str(name)

    def seat(self, value) -> str:
        return self.seats.get(value, _("someone")) if value is not None else _("nobody")

    def seats_of(self, values) -> str:
        return ", ".join(self.seat(v) for v in values or [])

    def kingdom(self, value) -> str:
        if value is None:
            return _("the players without a kingdom")
        return self.kingdoms.get(value, str(value))

    def words(self, text: Mapping[str, str] | None) -> str:
        """A card's words in this language, Catalan when the card has none in it."""
        return naming.text(text, self.language)

    def card(self, instance) -> str:
        if not instance:
            return ""
        c = self.catalog.get(card_id_of(str(instance)))
        if c is None:
            return _("a card")
        return self.words(c.get("title")) or _("a card")

    def cards(self, instances) -> str:
        return ", ".join(self.card(c) for c in instances or []) or _("none")

    def ability(self, d: Shown) -> str:
        """The ability a payload is about, by its title (the card's words), never its id."""
        wanted = d["ability"]
        _kind, _sep, card = str(d["source"] or "").partition(":")
        first = self.catalog.get(card_id_of(card))
        for c in [first, *self.catalog.values()] if first else self.catalog.values():
            for a in c.get("abilities") or []:
                if a.get("id") == wanted:
                    return self.words(a.get("title")) or self.words(c.get("title"))
        return self.card(card) if card else _("an ability")

    def chest_change(self, d: ChestChanged) -> str:
        """What a chest gained, lost and paid (``{"gained": {...}, "lost": {...}}``), named."""
        parts = []
        if d.get("gained"):
            parts.append(_("gains %(what)s") % {"what": words.amounts(d.get("gained"))})
        if d.get("lost"):
            parts.append(_("loses %(what)s") % {"what": words.amounts(d.get("lost"))})
        if d.get("paid"):
            parts.append(_("pays %(what)s") % {"what": words.amounts(d.get("paid"))})
        return "; ".join(parts) or _("no change")

    def target(self, ref) -> str:
        """``seat:2`` -> the player; ``kingdom:1`` -> the kingdom; a bare number, a seat."""
        kind, _sep, value = str(ref).partition(":")
        if not value:
            return self.seat(int(kind)) if kind.isdigit() else _("someone")
        return self.kingdom(int(value)) if kind == "kingdom" else self.seat(int(value))


class Line[P: Mapping[str, Any]]:
    """The sentence of one kind: ``say`` reads the payload as ``shape``, its kind's payload.

    A line ``by_actor`` also names who acted, which a payload of its shape does not say: the
    caller of ``describe`` gives it as ``seat`` (``{"seat": event.actor, **payload}``), and
    ``say`` takes it as a third argument. Built by ``line`` or ``acted``, which type ``say``.
    """

    def __init__(self, shape: type[P], say: Callable[..., str], by_actor: bool):
        self.shape, self.say, self.by_actor = shape, say, by_actor

    def __call__(self, data: Mapping[str, Any], names: Names) -> str:
        if self.by_actor:
            return self.say(cast(P, data), names, data.get("seat"))
        return self.say(cast(P, data), names)


def line[P: Mapping[str, Any]](shape: type[P], say: Callable[[P, Names], str]) -> Line[P]:
    """The sentence of a kind whose payload is ``shape``."""
    return Line(shape, say, by_actor=False)


def acted[P: Mapping[str, Any]](shape: type[P], say: Callable[[P, Names, Any], str]) -> Line[P]:
    """The sentence of a kind whose payload is ``shape``, naming its actor (the third argument)."""
    return Line(shape, say, by_actor=True)
