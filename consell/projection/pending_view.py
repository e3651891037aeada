"""What each viewer may see of the decisions the game is waiting for (docs/principles.md,
principle 3).

Who may know a pending exists is the audience rule's (``consell.rules.audience.knows_of``);
what they see of it is allow-listed per kind, by the kind's own ``project``
(``consell.projection.decisions``).
A player sees the decisions asked of them and the public part of the others (a vote's running
totals, who has put a fist in); a duel's fists stay hidden until the reveal, and a hidden asset
under dispute is never named.
"""

from __future__ import annotations

from typing import Any

from consell.projection.decisions import REGISTRY, Seen
from consell.rules import procedures
from consell.rules.audience import TURN_PANEL, knows_of
from consell.rules.ruleset import Ruleset
from consell.rules.state import GameState

# A pending that is no decision (a procedure the director runs) shows in this partial.
PROCEDURE_TEMPLATE = "game/decisions/_procedure.html"


def for_seat(state: GameState, catalog, ruleset: Ruleset, seat: int | None, language, text):
    """The pendings a player is asked to decide, and the public ones they may follow."""
    names = {p.seat: p.name for p in state.players}
    out = []
    for p in state.pending:
        if p.kind in TURN_PANEL or not knows_of(p, seat):
            continue
        seen = Seen(state, catalog, ruleset, p, seat, names, language, text)
        out.append(_project(seen))
    return out


def _project(v: Seen) -> dict[str, Any]:
    """The allow-listed view of one pending: what every viewer may see of it and what its kind
    adds; a pending that is no decision shows the director its data."""
    p, seat = v.p, v.seat
    spec = REGISTRY.get(p.kind)
    base = {
        "id": p.id,
        "kind": p.kind,
        "mine": seat is None or seat in p.waiting_for,
        "waiting_for": [v.names.get(s, s) for s in p.waiting_for],
        "template": spec.template if spec else PROCEDURE_TEMPLATE,
    }
    return {**base, **(spec.project(v) if spec else _procedure(v))}


def _procedure(v: Seen) -> dict[str, Any]:
    """A pending with no decision kind: the director sees its data, a seat nothing more."""
    if v.seat is not None:
        return {}
    return {
        "procedure": v.p.kind in procedures.AUTOMATIC,
        "data": {k: val for k, val in v.data.items() if k != "continuation"},
    }
