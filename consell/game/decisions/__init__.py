"""Every decision kind, declared once on the web app's side (DESIGN principle 9).

One module per ``DecisionKind`` holds its form, its allow-listed projection, its audit category
and its bot moves, and declares a ``SPEC``; its template partial is
``templates/game/decisions/_<kind>.html``. ``REGISTRY`` collects them: the decide service, the
pending projection, the decisions panel, the decide view and the simulator look a pending's kind
up here instead of branching on its name. Adding a kind: ``docs/decision-kinds.md``.
"""

from __future__ import annotations

from .appointments import SPEC as APPOINTMENTS
from .base import Answer, DecisionSpec, Posted, Seen, Table
from .condition import SPEC as CONDITION
from .discard_choice import SPEC as DISCARD_CHOICE
from .distribution import SPEC as DISTRIBUTION
from .duel import SPEC as DUEL
from .end_of_game import SPEC as END_OF_GAME
from .insurrection import SPEC as INSURRECTION
from .kingdom_joiners import SPEC as KINGDOM_JOINERS
from .kingdomless_income import SPEC as KINGDOMLESS_INCOME
from .law_choice import SPEC as LAW_CHOICE
from .manual import SPEC as MANUAL
from .reaction import SPEC as REACTION
from .vote import SPEC as VOTE

REGISTRY: dict[str, DecisionSpec] = {
    spec.kind: spec
    for spec in (
        LAW_CHOICE,
        VOTE,
        DUEL,
        KINGDOM_JOINERS,
        CONDITION,
        DISCARD_CHOICE,
        REACTION,
        MANUAL,
        END_OF_GAME,
        DISTRIBUTION,
        KINGDOMLESS_INCOME,
        INSURRECTION,
        APPOINTMENTS,
    )
}

__all__ = ["REGISTRY", "Answer", "DecisionSpec", "Posted", "Seen", "Table"]
