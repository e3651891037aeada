"""What players call the things the rules key by code: decisions the game waits for, seats.

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


def pending_name(kind: str) -> str:
    """A pending decision's name in the current language; an unknown kind, in plain words."""
    known = PENDING_NAMES.get(str(kind))
    return _(known) if known else _("a decision")


def players_named(state: GameState, seats: Iterable[int]) -> str:
    """Seats by their players' names (``[1, 3]`` -> "Alice, Carles"), as the table says them."""
    names = {p.seat: p.name for p in state.players}
    return ", ".join(names.get(s, str(s)) for s in seats)
