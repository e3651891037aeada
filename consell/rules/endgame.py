"""The end of the game (Final de la partida; rules §4.17, G44, G48).

"Els jugadors revelen tots els seus recursos i cartes": after the last turn everything hidden is
revealed to everyone. Then "en Ordre de joc, cada jugador s'alterna per activar una de les seves
reaccions Al final de la partida - incloent aquelles proporcionades pels seus objectius
personals i col·lectius": the ``end_of_game`` decision asks one player at a time for one choice
(``endgame_turns``); each kept objective is one of them, judged when it is chosen. Finally "es
compara el seu Prestigi. El jugador amb el valor més alt guanya. En cas d'empat els jugadors
comparteixen la victòria."

G48: the app checks what it can; an objective whose condition it cannot judge waits for the
director, whose rulings are passed to ``finish_game``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from . import conditions
from .cards import Catalog, card
from .errors import IllegalTransitionError, InvalidParameterError
from .event_kinds import Kind
from .events import Outcome, public
from .i18n import _
from .payloads import (
    FinalPrestige,
    GameWon,
    ObjectivesJudged,
)
from .resources import Resource
from .ruleset import Ruleset
from .state import GameState, Pending, Status, gain

END_OF_GAME = "end_of_game"
AT_END_OF_GAME = "at_end_of_game"
JUDGED = "objectives_judged"  # state.progress: the verdicts, kept for the final screen


@dataclass(frozen=True)
class Verdict:
    """Whether one kept objective was met; ``by`` says who decided it."""

    seat: int
    objective: str
    prestige: int
    met: bool | None  # None: the director has not ruled yet
    by: str  # "app" | "director" | "kingdomless" (G48)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def judge_objective(
    state: GameState, catalog: Catalog, ruleset: Ruleset, seat: int, objective: str
) -> Verdict:
    """Judge one kept objective now (G48).

    A collective objective is about the kingdom the player belongs to at the end: a kingdomless
    player fails it, unless its condition itself speaks of being kingdomless.
    """
    c = card(catalog, objective)
    condition = c["condition"]  # every objective has one (consell.content.cards.Objective)
    prestige = int(c["prestige"])  # required, at least 1 (consell.content.cards.Objective)
    player = state.player(seat)
    if (
        c.get("scope") == "collective"
        and player.kingdom is None
        and not _mentions(condition, "kingdomless")
    ):
        return Verdict(seat, objective, prestige, False, "kingdomless")
    met = conditions.evaluate(state, catalog, ruleset, condition, seat)
    if met is None:
        return Verdict(seat, objective, prestige, None, "director")
    return Verdict(seat, objective, prestige, bool(met), "app")


def verdicts_of(pending: Pending) -> list[Verdict]:
    """The objectives judged so far in the end-of-game turns, in the order they were chosen."""
    return [Verdict(**v) for v in pending.data["verdicts"]]  # begin_end_of_game sets it


def unruled(state: GameState) -> list[Verdict]:
    """Objectives chosen whose condition only the director can judge (G48)."""
    pending = next((p for p in state.pending if p.kind == END_OF_GAME), None)
    return [v for v in verdicts_of(pending) if v.met is None] if pending else []


def finish_game(
    state: GameState,
    rulings: Mapping[tuple[int, str], bool] | None = None,
) -> Outcome:
    """Add the Prestige of the objectives the director ruled met and name the winners (§4.17
    step 3). Public. The end-of-game turns (``endgame_turns``) must be over."""
    rulings = rulings or {}
    pending = _ready_to_finish(state, rulings)
    new = state.clone()
    verdicts = []
    for v in verdicts_of(pending):
        if v.met is None:
            v = Verdict(
                v.seat, v.objective, v.prestige, bool(rulings[(v.seat, v.objective)]), "director"
            )
            if v.met and v.prestige:
                gain(new, v.seat, Resource.PRE, v.prestige)
        verdicts.append(v)
    final = {p.seat: p.resources[Resource.PRE] for p in new.players}
    best = max(final.values())
    new.winners = [seat for seat in new.turn_order if final[seat] == best]
    new.status = Status.FINISHED
    new.pending = [p for p in new.pending if p.kind != END_OF_GAME]
    new.progress[JUDGED] = [v.to_dict() for v in verdicts]
    return Outcome(
        new,
        (
            public(
                Kind.OBJECTIVES_JUDGED,
                ObjectivesJudged(
                    verdicts=[
                        {"seat": v.seat, "objective": v.objective, "met": v.met, "by": v.by}
                        for v in verdicts
                    ]
                ),
            ),
            public(
                Kind.FINAL_PRESTIGE, FinalPrestige(prestige={str(s): v for s, v in final.items()})
            ),
            public(Kind.GAME_WON, GameWon(winners=list(new.winners))),
        ),
    )


def _ready_to_finish(state: GameState, rulings: Mapping[tuple[int, str], bool]) -> Pending:
    """The end-of-game decision, once nothing else is pending, the players' end-of-game
    reactions are over and the director has ruled on every objective only they can judge
    (§4.17, G48)."""
    pending = next((p for p in state.pending if p.kind == END_OF_GAME), None)
    if pending is None:
        raise IllegalTransitionError(_("The game is finished only after the last turn's end."))
    others = [p.kind for p in state.pending if p.kind != END_OF_GAME]
    if others:
        raise IllegalTransitionError(
            _("Pending decisions must be settled first: %(others)s.")
            % {"others": ", ".join(others)},
            pending=others,
        )
    if pending.waiting_for or not pending.data.get("opened"):
        raise IllegalTransitionError(
            _("The players have not finished their end-of-game reactions.")
        )
    missing = [(v.seat, v.objective) for v in verdicts_of(pending) if v.met is None]
    missing = [key for key in missing if key not in rulings]
    if missing:
        raise InvalidParameterError(
            _("The director must rule on: %(objectives)s.")
            % {
                "objectives": ", ".join(
                    _("seat %(seat)s %(objective)s") % {"seat": s, "objective": o}
                    for s, o in missing
                )
            },
            needs=missing,
        )
    return pending


def _mentions(condition: Any, test: str) -> bool:
    """Whether a condition tree uses a given test anywhere."""
    if isinstance(condition, Mapping):
        return condition.get("test") == test or any(_mentions(v, test) for v in condition.values())
    if isinstance(condition, list):
        return any(_mentions(v, test) for v in condition)
    return False
