"""The end-of-game turns: one reaction at a time, in turn order (rules §4.17 step 2).

"En Ordre de joc, cada jugador s'alterna per activar una de les seves reaccions Al final de la
partida - incloent aquelles proporcionades pels seus objectius personals i col·lectius." The
``end_of_game`` pending asks the player whose turn it is for one choice: an "at the end of the
game" reaction of a card they hold, or one of their kept objectives (judged as it is chosen,
G48). Then the next player in turn order who has something left chooses, and so on "until
nobody has any left or wants to use one".

Choices made here where the rulebook is silent: a free reaction and an objective must be used
(§1.9: "les reaccions gratuïtes són obligatòries"), so a player may pass only when what is left
is paid; passing is final (as withdrawing from a vote, G32). Decisions:
``{"choose": key, "params": {...}}`` or ``{"pass": True}``, by the player whose turn it is (the
director may decide for an absent player).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import cards, effects, lasting, reactions
from .dice import Dice
from .effects_context import Context
from .endgame import AT_END_OF_GAME, END_OF_GAME, judge_objective
from .errors import InvalidParameterError, NotEligibleError
from .event_kinds import Kind
from .events import Event, Outcome, public
from .i18n import _
from .payloads import (
    EndOfGameChoice,
    EndOfGamePassed,
    EverythingRevealed,
    ObjectiveVerdict,
    RevealedPlayer,
)
from .resources import Resource, as_json
from .ruleset import Ruleset
from .state import GameState, Pending, gain

OBJECTIVE = "objective:"


@dataclass(frozen=True)
class Option:
    """One end-of-game choice of a player: a reaction (``source``, ``ability``) or an objective."""

    key: str
    source: str
    ability: str | None
    mandatory: bool

    @property
    def objective(self) -> str | None:
        return self.source.removeprefix(OBJECTIVE) if self.ability is None else None


def options(state: GameState, catalog: cards.Catalog, pending: Pending, seat: int) -> list[Option]:
    """What ``seat`` may still choose: their unused end-of-game reactions, then their objectives."""
    used = set(pending.data["used"].get(str(seat), []))
    out = [
        Option(f"{r.source}|{r.ability}", r.source, r.ability, r.mandatory)
        for r in reactions.firing(state, catalog, AT_END_OF_GAME, seats=[seat])
        if not r.source.startswith(OBJECTIVE)
    ]
    out += [
        Option(f"{OBJECTIVE}{o}", f"{OBJECTIVE}{o}", None, True)
        for o in state.player(seat).objectives
    ]
    return [o for o in out if o.key not in used]


def begin_end_of_game(state: GameState) -> Outcome:
    """Reveal every player's resources and hidden cards to everyone (§4.17 step 1), then ask
    the first player in turn order for their first end-of-game choice (step 2).

    The end of the game is no turn: an asset that acted in the last turn may still use its
    "at the end of the game" reaction (Actius: "un cop cada torn").
    """
    new = state.clone()
    for player in new.players:
        player.assets_used = {}
    revealed = [
        RevealedPlayer(
            seat=p.seat,
            resources=as_json(p.resources),
            tactics=list(p.tactics),
            assets=list(p.assets),
            objectives=list(p.objectives),
        )
        for p in (new.player(seat) for seat in new.turn_order)
    ]
    pending = Pending(new.next_pending_id, END_OF_GAME, {"used": {}, "out": [], "verdicts": []})
    new.pending.append(pending)
    new.next_pending_id += 1
    return Outcome(
        new,
        (public(Kind.EVERYTHING_REVEALED, EverythingRevealed(turn=new.turn, players=revealed)),),
    )


def open_turns(state: GameState, catalog: cards.Catalog, ruleset: Ruleset, dice: Dice) -> Outcome:
    """Apply what the laws in force and the events in play do at the end of the game, then ask
    the first player in turn order who has something to choose. The phases know no cards, so
    the service opens the turns right after ``begin_end_of_game``."""
    if _pending(state).data.get("opened"):
        return Outcome(state.clone(), ())
    ended = lasting_at_end(state, catalog, ruleset, dice)
    new = ended.state
    live = _pending(new)
    live.data["opened"] = True
    live.waiting_for = _next_seat(new, catalog, live, after=None)
    return Outcome(new, ended.events)


def lasting_at_end(
    state: GameState, catalog: cards.Catalog, ruleset: Ruleset, dice: Dice
) -> Outcome:
    """The ``end_of_game`` lasting rules, each applied in its card's kingdom, laws kingdom by
    kingdom then events (Llei sumptuària: "cada membre que tingui 3 cartes Luxe o més perd 1
    Prestigi al final de la partida"). Public, as everything is at the end (§4.17)."""
    new = state.clone()
    events: list[Event] = []
    for a in list(lasting.active(state, catalog)):
        if a.rule.get("rule") != "end_of_game":
            continue
        kind = cards.card(catalog, a.card)["kind"]
        context = Context(
            owner=None, kingdom=a.kingdom, group=a.kingdom is None, source=f"{kind}:{a.card}"
        )
        applied = effects.apply_ops(new, catalog, ruleset, dice, a.rule["effect"], context)
        new, events = applied.state, [*events, *applied.events]
    return Outcome(new, tuple(events))


def opened(state: GameState) -> bool:
    """Whether the end-of-game turns have begun (or there is no end of game to open)."""
    pending = next((p for p in state.pending if p.kind == END_OF_GAME), None)
    return pending is None or bool(pending.data.get("opened"))


def decide(
    state: GameState,
    catalog: cards.Catalog,
    ruleset: Ruleset,
    dice: Dice,
    pending: Pending,
    seat: int | None,
    decision: Mapping[str, Any],
) -> Outcome:
    """One end-of-game choice, or passing, by the player whose turn it is (§4.17 step 2)."""
    if not pending.waiting_for:
        raise InvalidParameterError(_("Every end-of-game reaction is already used."))
    who = pending.waiting_for[0]
    if seat is not None and seat != who:
        raise NotEligibleError(_("It is not your turn to use an end-of-game reaction."))
    left = options(state, catalog, pending, who)
    if decision.get("pass"):
        return _pass(state, catalog, who, left)
    option = next((o for o in left if o.key == decision.get("choose")), None)
    if option is None:
        raise InvalidParameterError(_("Choose one of your end-of-game reactions."))
    params = decision.get("params") or {}
    if not isinstance(params, Mapping):
        raise InvalidParameterError(_("A reaction's boxes are named values."))
    if option.ability is None:
        used = _judge(state, catalog, ruleset, who, option.source.removeprefix(OBJECTIVE))
    else:
        reaction = reactions.Reaction(who, option.source, option.ability, option.mandatory)
        used = reactions.use(state, catalog, ruleset, dice, reaction, dict(params), secret=False)
    new = used.state.clone()  # an aborted reaction hands back the state it was given
    live = _pending(new)
    live.data["used"] = {
        **live.data["used"],
        str(who): [*live.data["used"].get(str(who), []), option.key],
    }
    live.waiting_for = _next_seat(new, catalog, live, after=who)
    card = option.objective or effects.source_card(state, catalog, who, option.source)
    chosen = public(
        Kind.END_OF_GAME_CHOICE,
        EndOfGameChoice(seat=who, source=option.source, ability=option.ability, card=card),
        who,
    )
    return Outcome(new, (chosen, *used.events))


def _pass(state: GameState, catalog: cards.Catalog, who: int, left: list[Option]) -> Outcome:
    """A player with only paid reactions left may stop using them; it is final."""
    if any(o.mandatory for o in left):
        raise NotEligibleError(
            _("Free reactions and objectives must be used; choose one of them first (§1.9).")
        )
    new = state.clone()
    live = _pending(new)
    live.data["out"] = sorted({*live.data["out"], who})
    live.waiting_for = _next_seat(new, catalog, live, after=who)
    return Outcome(new, (public(Kind.END_OF_GAME_PASSED, EndOfGamePassed(seat=who), who),))


def _judge(
    state: GameState,
    catalog: cards.Catalog,
    ruleset: Ruleset,
    who: int,
    objective: str,
) -> Outcome:
    """An objective used as an end-of-game reaction: judged now, its Prestige gained if met."""
    verdict = judge_objective(state, catalog, ruleset, who, objective)
    new = state.clone()
    if verdict.met and verdict.prestige:
        gain(new, who, Resource.PRE, verdict.prestige)
    live = _pending(new)
    live.data["verdicts"] = [*live.data["verdicts"], verdict.to_dict()]
    event = public(
        Kind.OBJECTIVE_JUDGED,
        ObjectiveVerdict(seat=who, objective=objective, met=verdict.met, by=verdict.by),
        who,
    )
    return Outcome(new, (event,))


def _next_seat(
    state: GameState, catalog: cards.Catalog, pending: Pending, *, after: int | None
) -> list[int]:
    """The next player in turn order after ``after`` with a choice left, or nobody (done)."""
    order = list(state.turn_order)
    start = order.index(after) + 1 if after in order else 0
    for seat in order[start:] + order[:start]:
        if seat in pending.data["out"]:
            continue
        if options(state, catalog, pending, seat):
            return [seat]
    return []


def _pending(state: GameState) -> Pending:
    return next(p for p in state.pending if p.kind == END_OF_GAME)
