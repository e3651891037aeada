"""The end of the game (Final de la partida; rules §4.17, G44, G48).

"Els jugadors revelen tots els seus recursos i cartes": after the last turn everything hidden is
revealed to everyone. Then, in turn order, players use their "At end of game" reactions (the
reactions module runs them while the ``end_of_game`` decision is pending). Finally objectives
are judged, their Prestige is added, and "el jugador amb el valor més alt guanya. En cas d'empat
els jugadors comparteixen la victòria."

Objectives are judged through a ``judge(condition, state, seat) -> bool | None`` callable, so the
conditions evaluator plugs in here; None means the condition needs the director, whose rulings
are passed to ``finish_game`` (G48: the app checks what it can, the director confirms the rest).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .cards import Catalog, card
from .errors import IllegalTransitionError, InvalidParameterError
from .events import Outcome, director, public
from .i18n import _
from .resources import Resource, as_json
from .state import GameState, Pending, Status, gain

END_OF_GAME = "end_of_game"
AT_END_OF_GAME = "at_end_of_game"

Judge = Callable[[Mapping[str, Any], GameState, int], bool | None]


@dataclass(frozen=True)
class Verdict:
    """Whether one kept objective was met; ``by`` says who decided it."""

    seat: int
    objective: str
    prestige: int
    met: bool | None  # None: the director has not ruled yet
    by: str  # "app" | "director" | "kingdomless" (G48)


def begin_end_of_game(state: GameState) -> Outcome:
    """Reveal every player's resources and hidden cards to everyone (§4.17 step 1)."""
    new = state.clone()
    new.pending.append(Pending(new.next_pending_id, END_OF_GAME))
    new.next_pending_id += 1
    revealed = [
        {
            "seat": p.seat,
            "resources": as_json(p.resources),
            "tactics": list(p.tactics),
            "assets": list(p.assets),
            "objectives": list(p.objectives),
        }
        for p in (new.player(seat) for seat in new.turn_order)
    ]
    return Outcome(
        new,
        (
            public("everything_revealed", turn=new.turn, players=revealed),
            # "At the end of the game" reactions are used while the decision is pending.
            director("trigger", trigger=AT_END_OF_GAME),
        ),
    )


def judge_objectives(
    state: GameState,
    catalog: Catalog,
    judge: Judge,
    rulings: Mapping[tuple[int, str], bool] | None = None,
) -> list[Verdict]:
    """Judge every kept objective (G48), in turn order.

    A collective objective is about the kingdom the player belongs to at the end: a kingdomless
    player fails it, unless its condition itself speaks of being kingdomless.
    """
    rulings = rulings or {}
    verdicts = []
    for seat in state.turn_order:
        player = state.player(seat)
        for objective in player.objectives:
            c = card(catalog, objective)
            condition = c.get("condition", {})
            prestige = int(c.get("prestige", 0))
            if (
                c.get("scope") == "collective"
                and player.kingdom is None
                and not _mentions(condition, "kingdomless")
            ):
                verdicts.append(Verdict(seat, objective, prestige, False, "kingdomless"))
                continue
            met = judge(condition, state, seat)
            if met is None:
                ruled = rulings.get((seat, objective))
                verdicts.append(Verdict(seat, objective, prestige, ruled, "director"))
            else:
                verdicts.append(Verdict(seat, objective, prestige, bool(met), "app"))
    return verdicts


def finish_game(
    state: GameState,
    catalog: Catalog,
    judge: Judge,
    rulings: Mapping[tuple[int, str], bool] | None = None,
) -> Outcome:
    """Add the Prestige of met objectives and name the winners (§4.17 step 3). Public."""
    if not any(p.kind == END_OF_GAME for p in state.pending):
        raise IllegalTransitionError(_("The game is finished only after the last turn's end."))
    others = [p.kind for p in state.pending if p.kind != END_OF_GAME]
    if others:
        raise IllegalTransitionError(
            _("Pending decisions must be settled first: %(others)s.")
            % {"others": ", ".join(others)},
            pending=others,
        )
    verdicts = judge_objectives(state, catalog, judge, rulings)
    unruled = [(v.seat, v.objective) for v in verdicts if v.met is None]
    if unruled:
        raise InvalidParameterError(
            _("The director must rule on: %(objectives)s.")
            % {
                "objectives": ", ".join(
                    _("seat %(seat)s %(objective)s") % {"seat": s, "objective": o}
                    for s, o in unruled
                )
            },
            needs=unruled,
        )
    new = state.clone()
    for v in verdicts:
        if v.met and v.prestige:
            gain(new, v.seat, Resource.PRE, v.prestige)
    final = {p.seat: p.resources[Resource.PRE] for p in new.players}
    best = max(final.values())
    new.winners = [seat for seat in new.turn_order if final[seat] == best]
    new.status = Status.FINISHED
    new.pending = [p for p in new.pending if p.kind != END_OF_GAME]
    return Outcome(
        new,
        (
            public(
                "objectives_judged",
                verdicts=[
                    {"seat": v.seat, "objective": v.objective, "met": v.met, "by": v.by}
                    for v in verdicts
                ],
            ),
            public("final_prestige", prestige={str(s): v for s, v in final.items()}),
            public("game_won", winners=list(new.winners)),
        ),
    )


def _mentions(condition: Any, test: str) -> bool:
    """Whether a condition tree uses a given test anywhere."""
    if isinstance(condition, Mapping):
        return condition.get("test") == test or any(_mentions(v, test) for v in condition.values())
    if isinstance(condition, list):
        return any(_mentions(v, test) for v in condition)
    return False
