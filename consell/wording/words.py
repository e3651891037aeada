"""Things named as players call them, in the viewer's language: the one place for name look-ups.

Payloads, notes and rule messages key things by code (``MON``, ``casa-llop``, ``law_choice``,
seat numbers); every screen and sentence names them through here (issue 13: "no code, id or
English word reaches a Catalan viewer"). ``say`` speaks a message the rules kept in the log
(``consell.rules.i18n.as_words``) again in the current language, with its amounts named.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from consell.content.fields import LANGUAGES as CONTENT_LANGUAGES
from consell.game import naming
from consell.rules.cards import Catalog
from consell.rules.names import param_name
from consell.rules.payment import amounts_text
from consell.rules.state import card_id_of
from consell.wording.elision import elide
from consell.wording.templatetags.consell_game import (
    DECK_LABELS,
    INDICATOR_LABELS,
    PENDING_LABELS,
    PHASE_LABELS,
    RESOURCE_LABELS,
)

# The auction's words (rules §4.9): its two rounds and how each bid ended.
BID_ROUNDS = {"primary": gettext_lazy("main bid"), "secondary": gettext_lazy("second bid")}
BID_STATUSES = {
    "won": gettext_lazy("won"),
    "outbid": gettext_lazy("outbid"),
    "tied": gettext_lazy("still tied: nobody wins"),
    "zero": gettext_lazy("no Money to back it"),
    "void": gettext_lazy("asset already sold"),
    "not_won": gettext_lazy("not won"),  # a bidder's own note says only whether it won
}


# What each die was rolled for, as the rules label it (``Dice.purpose``), and its words.
_PURPOSES = (
    ("initial turn order", gettext_lazy("the first turn order")),
    ("deal the houses", gettext_lazy("dealing the houses")),
    ("choose the Kings", gettext_lazy("choosing the Kings")),
    ("spread the players across the kingdoms", gettext_lazy("spreading the players")),
    ("shuffle the destiny pile", gettext_lazy("shuffling the destiny pile")),
    ("market: shuffle the (?P<pile>visible|hidden) assets", gettext_lazy("shuffling: %(deck)s")),
    (
        "market: reshuffle the (?P<pile>visible|hidden) discards",
        gettext_lazy("reshuffling: %(deck)s"),
    ),
    (r"reshuffle the (?P<deck>\w+) discards", gettext_lazy("reshuffling: %(deck)s")),
    (r"shuffle the (?P<deck>\w+)", gettext_lazy("shuffling: %(deck)s")),
    ("law deck reshuffle", gettext_lazy("reshuffling the laws")),
    ("insurrection reroll", gettext_lazy("rerolling the insurrection")),
    ("insurrection", gettext_lazy("the insurrection")),
    (r"random tactic of seat (?P<seat>\d+)", gettext_lazy("a random tactic of %(who)s")),
    (
        r"an objective of seat (?P<seat>\d+) to show",
        gettext_lazy("an objective of %(who)s to show"),
    ),
    (
        r"plot (success|detection) spymaster=(?P<seat>\d+) kingdom=\S+ th=(?P<th>\d+)",
        gettext_lazy("Spymaster's test: %(who)s, threshold %(th)s"),
    ),
    (
        r"plot success target=(?P<target>\S+) th=(?P<th>\d+)",
        gettext_lazy("plot success against %(who)s, threshold %(th)s"),
    ),
    (
        r"plot detection target=(?P<target>\S+) th=(?P<th>\d+)",
        gettext_lazy("plot detection by %(who)s, threshold %(th)s"),
    ),
)


def purpose(text: str, names) -> str:
    """A die's purpose in words: ``"shuffle the tactics"`` -> "barreja: Tàctiques"; the
    seats and targets it names by the players' and kingdoms' names (``names``: describe's)."""
    for pattern, words in _PURPOSES:
        found = re.fullmatch(pattern, text or "")
        if found is None:
            continue
        parts = found.groupdict()
        deck = parts.get("deck") or (parts.get("pile") and f"assets_{parts['pile']}")
        who = parts.get("seat") or parts.get("target")
        return str(words) % {
            "deck": DECK_LABELS.get(deck, _("a deck")) if deck else "",
            "who": names.target(who) if who else "",
            "th": parts.get("th", ""),
        }
    return _("another roll")


def bid_round(code) -> str:
    return str(BID_ROUNDS.get(str(code), _("a bid")))


def bid_status(code) -> str:
    return str(BID_STATUSES.get(str(code), _("not won")))


def resource(code) -> str:
    return str(RESOURCE_LABELS.get(str(code), code))


def indicator(code) -> str:
    return str(INDICATOR_LABELS.get(str(code), code))


def phase(code) -> str:
    return str(PHASE_LABELS.get(str(code), code))


def pending(kind) -> str:
    return str(PENDING_LABELS.get(str(kind), _("a decision")))


def amounts(values: Mapping[str, int] | None) -> str:
    """``{"MON": 2, "INT": 4}`` -> "2 de Diners, 4 d'Intriga"; the empty amount says
    "nothing", never a blank."""
    return amounts_text(values or {})


def say(words: Any) -> str:
    """A kept message in the current language: ``{"msgid", "params"}`` is translated and
    filled again, ``{"amounts"}`` named; plain text (an older log) is translated if it is a
    known message and shown as it is otherwise."""
    if isinstance(words, Mapping) and "amounts" in words:
        return amounts(words["amounts"])
    if isinstance(words, Mapping) and "texts" in words:
        return naming.text(words["texts"], (get_language() or "ca")[:2])
    if isinstance(words, Mapping) and "msgid" in words:
        text = _(words["msgid"])
        params = words.get("params")
        if params is None:
            return text
        filled = {k: v if isinstance(v, (int, float)) else say(v) for k, v in params.items()}
        try:
            return elide(text % filled)
        except (KeyError, TypeError, ValueError):
            return words["msgid"] % filled
    if isinstance(words, list):
        return ", ".join(say(w) for w in words)
    if isinstance(words, str):
        return _(words) if words else ""
    return "" if words is None else str(words)


def named_params(state, catalog: Catalog, language: str, ability, params) -> dict[str, str]:
    """A tile's boxes as the director reads them: each box's name and its value, named."""
    kinds = {spec["name"]: spec.get("type", "") for spec in ability.get("params", [])}
    return {
        param_name(k): param_text(state, catalog, language, kinds.get(k, ""), v)
        for k, v in params.items()
    }


def param_text(state, catalog: Catalog, language: str, kind: str, value) -> str:
    """A box as a player reads it: names for players and kingdoms, titles for cards."""
    if isinstance(value, list):
        return ", ".join(param_text(state, catalog, language, kind, v) for v in value)
    if kind in ("player", "players"):
        return next((p.name for p in state.players if p.seat == value), str(value))
    if kind == "kingdom":
        named = next((k.name for k in state.kingdoms if k.id == value), str(value))
        return param_text(state, catalog, language, "", named)
    if kind == "resource":
        return resource(value)
    if kind == "indicator":
        return indicator(value)
    if isinstance(value, str) and card_id_of(value) in catalog:
        return naming.text(catalog[card_id_of(value)].get("title"), language)
    return str(value)


def content_language() -> str:
    """The language of the card texts for this viewer: theirs if packs may carry it, else
    Catalan.

    The interface speaks every language in ``settings.LANGUAGES``; a pack gives every card text
    in Catalan and English and, optionally, Spanish (``consell.content.fields.LANGUAGES``). A
    Spanish viewer reads the Spanish texts, and the Catalan one, visibly marked, where a pack
    has none (``consell.game.naming.text``), never an empty title or a card id.
    """
    lang = (get_language() or "ca")[:2]
    return lang if lang in CONTENT_LANGUAGES else "ca"
