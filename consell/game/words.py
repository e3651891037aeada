"""Things named as players call them, in the viewer's language: the one place for name look-ups.

Payloads, notes and rule messages key things by code (``MON``, ``casa-llop``, ``law_choice``,
seat numbers); every screen and sentence names them through here (issue 13: "no code, id or
English word reaches a Catalan viewer"). ``say`` speaks a message the rules kept in the log
(``consell.rules.i18n.as_words``) again in the current language, with its amounts named.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from consell.rules.payment import amounts_text

from .templatetags.consell_game import (
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
}


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
    """``{"MON": 2}`` -> "2 de Diners"; the empty amount says "nothing", never a blank."""
    return amounts_text(values or {}, resource)


def say(words: Any) -> str:
    """A kept message in the current language: ``{"msgid", "params"}`` is translated and
    filled again, ``{"amounts"}`` named; plain text (an older log) is translated if it is a
    known message and shown as it is otherwise."""
    if isinstance(words, Mapping) and "amounts" in words:
        return amounts(words["amounts"])
    if isinstance(words, Mapping) and "msgid" in words:
        text = _(words["msgid"])
        params = words.get("params")
        if params is None:
            return text
        filled = {k: v if isinstance(v, (int, float)) else say(v) for k, v in params.items()}
        try:
            return text % filled
        except (KeyError, TypeError, ValueError):
            return words["msgid"] % filled
    if isinstance(words, list):
        return ", ".join(say(w) for w in words)
    if isinstance(words, str):
        return _(words) if words else ""
    return "" if words is None else str(words)
