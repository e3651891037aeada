"""What players call the things the rules key by code: decisions the game waits for, a
tile's boxes, seats.

The engine names a pending decision by its kind (``law_choice``; a decision kind's name is
declared with it, ``decision_kinds.DECLARED``); a message of the rules that
mentions one says its name instead (``pending_name``), in the current language. The web app's
labels are these same words (``consell.wording.templatetags.consell_game.PENDING_LABELS``).
"""

from __future__ import annotations

from collections.abc import Iterable

from .decision_kinds import DECLARED
from .i18n import _, gettext_noop
from .state import GameState

PENDING_NAMES: dict[str, str] = {
    **{kind: declared.name for kind, declared in DECLARED.items()},
    "expel": gettext_noop("Expulsion"),
    "execution": gettext_noop("Execution"),
    "found_kingdom": gettext_noop("Founding a kingdom"),
    "join_kingdom": gettext_noop("Joining a kingdom"),
    "step": gettext_noop("A step of the director"),
}


# A tile's parameter boxes (the pack's ``params``) by what each asks for, for a box whose card
# gives it no title; the rulebook calls whom a plot aims at its "destinatari".
PARAM_NAMES: dict[str, str] = {
    "targets": gettext_noop("Targets"),
    "target": gettext_noop("Target"),
    "intrigue": gettext_noop("Intrigue invested"),
    "amount": gettext_noop("Amount"),
    "asset": gettext_noop("Asset"),
    "exempt": gettext_noop("Exempt"),
    "indicator": gettext_noop("Indicator"),
    "kingdom": gettext_noop("Kingdom"),
    "law": gettext_noop("Law"),
    "resource": gettext_noop("Resource"),
    "primary_asset": gettext_noop("Asset of the main bid"),
    "primary_amount": gettext_noop("Main bid"),
    "secondary_asset": gettext_noop("Asset of the second bid"),
    "secondary_amount": gettext_noop("Second bid"),
}
# A box no name above fits, by what kind of value it takes.
PARAM_KINDS: dict[str, str] = {
    "player": gettext_noop("Player"),
    "players": gettext_noop("Players"),
    "office": gettext_noop("Office"),
    "text": gettext_noop("Text"),
}
A_CHOICE = gettext_noop("Choice")


def param_name(name: str, kind: str | None = None) -> str:
    """A parameter box's name in the current language: by what it asks for, else by the kind
    of value it takes, else "Choice"."""
    found = PARAM_NAMES.get(str(name)) or PARAM_NAMES.get(str(kind)) or PARAM_KINDS.get(str(kind))
    return _(found or A_CHOICE)


def pending_name(kind: str) -> str:
    """A pending decision's name in the current language; an unknown kind, in plain words."""
    known = PENDING_NAMES.get(str(kind))
    return _(known) if known else _("a decision")


def players_named(state: GameState, seats: Iterable[int]) -> str:
    """Seats by their players' names (``[1, 3]`` -> "Alice, Carles"), as the table says them."""
    names = {p.seat: p.name for p in state.players}
    return ", ".join(names.get(s, str(s)) for s in seats)
