"""Readable, translated names for what the scorers return (breakdown categories, gifts)."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .courtiers import COURTIERS
from .versailles import CARDS

GAMES = {
    "richelieu": gettext_lazy("Richelieu"),
    "louis14": gettext_lazy("Louis XIV"),
    "versailles": gettext_lazy("La Cour de Versailles"),
}
SYMBOLS = {
    "sword": gettext_lazy("Sword"),
    "cross": gettext_lazy("Cross"),
    "tower": gettext_lazy("Tower"),
}
# Richelieu's card kinds as the tap table counts them (editing.RICHELIEU_KINDS).
CARD_KINDS = {"2": gettext_lazy("2 coats"), "1": gettext_lazy("1 coat"), **SYMBOLS}
SEALS = {
    "favorite": gettext_lazy("Favorite"),
    "clergy": gettext_lazy("Clergy"),
    "statesman": gettext_lazy("Statesman"),
    "feather": gettext_lazy("Feather"),
    "military": gettext_lazy("Military"),
}
SEAL_ICONS = {"favorite": "♥", "clergy": "✝", "statesman": "⚖", "feather": "✒", "military": "⚔"}
LEFTOVERS = {
    "influence_cards": gettext_lazy("Influence cards"),
    "intrigue_cards": gettext_lazy("Intrigue cards"),
    "mission_tokens": gettext_lazy("Mission tokens"),
    "markers_on_courtiers": gettext_lazy("Markers on courtiers"),
    "gold": gettext_lazy("Louis d'or"),
}
COUNTS = {
    "missions": gettext_lazy("Fulfilled missions"),
    "own_supply": gettext_lazy("Markers in own supply"),
}
GIFTS = {
    "scepter": gettext_lazy("scepter"),
    "letter": gettext_lazy("letter"),
    "ring": gettext_lazy("ring"),
    "helmet": gettext_lazy("helmet"),
    "crown": gettext_lazy("crown"),
    "coat_and_marker": gettext_lazy("1 coat, then 1 marker from the general supply on any board"),
    "five_gold": gettext_lazy("5 Louis d'or"),
    "markers_to_montespan": gettext_lazy(
        "2 markers from the general supply on board 5, then 1 marker back to the own supply"
    ),
    "two_coats": gettext_lazy("2 coats"),
    "influence_card": gettext_lazy("top influence card"),
    "coat_and_intrigue": gettext_lazy("1 coat and the top intrigue card"),
}
SIDES = {
    "gold": gettext_lazy("Gold"),
    "first": gettext_lazy("1st place"),
    "influence": gettext_lazy("Influence"),
}
REASONS = {
    "first": gettext_lazy("alone with the most"),
    "influence": gettext_lazy("reached the threshold"),
    "king_first": gettext_lazy("alone with the most, with the King"),
    "king_second": gettext_lazy("alone second, with the King"),
    "king_tie": gettext_lazy("tied for the most, with the King: no crown"),
    "once_first": gettext_lazy("won the tie with “once first”"),
}
ROWS = (gettext_lazy("top"), gettext_lazy("middle"), gettext_lazy("bottom"))
COLUMNS = (gettext_lazy("left"), gettext_lazy("centre"), gettext_lazy("right"))


def category(game: str, key: str) -> str:
    """The label of one breakdown category, e.g. `majority:sword` -> "Most swords"."""
    kind, _sep, what = key.partition(":")
    if game == "richelieu":
        name = str(SYMBOLS.get(what, what))
        return {
            "majority": _("Majority: %(name)s"),
            "presence": _("Cards of %(name)s"),
            "penalty": _("No card of %(name)s"),
        }[kind] % {"name": name}
    if game == "louis14":
        if kind == "missions":
            return _("Missions")
        return {"coats": _("Coats %(kind)s"), "bonus": _("Most coats %(kind)s")}[kind] % {
            "kind": what
        }
    if kind == "military":
        return _("Most military seals") if what == "most" else _("Fewest military seals")
    slug, _sep, place = what.partition(":")
    row, col = (int(n) for n in place.split(","))
    return _("%(card)s (%(row)s %(column)s)") % {
        "card": CARDS[slug].name,
        "row": ROWS[row],
        "column": COLUMNS[col],
    }


def courtier(number: int) -> str:
    return f"{number}. {COURTIERS[number].name}"
