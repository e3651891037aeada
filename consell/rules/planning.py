"""The Planning phase for one player (Fase de planificació; rules §3.2, G22, G23, G34, G37).

"Els jugadors planifiquen el seu torn formant tres piles": indications (unordered), actions
(ordered) and secrets (ordered). A tile goes to the pile of its ability type. Planning is free:
nothing is paid and affordability is not checked (§1.9). Before handing in, a player may also
sacrifice tactics for their discard bonus. Handing in locks the plan ("Un cop entregat, no poden
fer més modificacions") and its rank becomes the player's place in the new turn order (G58).

Every change is private to the player (and the director), except the hand-in itself, which the
whole table sees because it sets the turn order.

Choices made here where the rulebook is silent:

- A tile is added with every required box filled, and handing in checks them again (§3.2 "Cal
  que indiquin valors per totes aquestes caselles"): a box left empty is refused when it is
  written, not at the hand-in. A plan the director closes is taken as it is (G37).
- The same ability of the same source is planned at most once per turn (G22), or once more
  for each ``plan_again`` rule in force for the player (Corts generals: "cada membre pot
  proposar una llei addicional"), so two copies of a tactic are two sources; reactions and
  constants are never planned (§1.9). An asset's abilities are activated once a turn in all
  (Actius: "un cop cada torn"), so one of them at most is planned.
- Sacrificing a tactic also takes its abilities out of the piles: the card is gone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from . import cards, decks, lasting, params
from .effects import source_card
from .errors import IllegalTransitionError, InvalidParameterError, NotEligibleError
from .event_kinds import Kind
from .events import Event, Outcome, never_revealed, private, public
from .i18n import _
from .payloads import (
    PlanClosedByDirector,
    PlanEdit,
    PlanHandedIn,
    TacticSacrificed,
)
from .resources import Resource, as_json
from .state import GameState, Phase, Plan, PlannedAbility

PILES = {"indication": "indications", "action": "actions", "secret": "secrets"}


def add_ability(
    state: GameState, catalog: cards.Catalog, seat: int, planned: PlannedAbility
) -> Outcome:
    """Put a tile on the pile of its type (indication, action or secret)."""
    new = state.clone()
    plan = _open_plan(new, seat)
    instance = source_card(new, catalog, seat, planned.source)
    ability = cards.ability(catalog, instance, planned.ability)
    pile = PILES.get(ability.get("type", ""))
    if pile is None:
        raise NotEligibleError(
            _("A %(type)s ability is not planned (§1.9): it is never put in a pile.")
            % {"type": ability.get("type")}
        )
    if sum(_same(p, planned) for p in _all(plan)) >= times_allowed(
        new, catalog, seat, planned.source, planned.ability
    ):
        raise NotEligibleError(_("That ability is already planned this turn (G22)."))
    if planned.source.startswith("asset:") and any(p.source == planned.source for p in _all(plan)):
        # Actius: "pot activar les seves capacitats un cop cada torn".
        raise NotEligibleError(
            _("An asset acts once a turn: one of its abilities is already planned.")
        )
    params.check_at_planning(new, catalog, seat, ability, planned.params, complete=True)
    getattr(plan, pile).append(
        PlannedAbility(planned.source, planned.ability, dict(planned.params))
    )
    return Outcome(new, (_private(seat, Kind.ABILITY_PLANNED, pile=pile, planned=planned),))


def times_allowed(
    state: GameState, catalog: cards.Catalog, seat: int, source: str, ability: str
) -> int:
    """How many tiles of this ability ``seat`` may plan this turn: once (G22), and once more
    for each ``plan_again`` rule in force for them."""
    return allowances(state, catalog, seat)(source, ability)


def allowances(state: GameState, catalog: cards.Catalog, seat: int) -> Callable[[str, str], int]:
    """``times_allowed`` for every ability of ``seat``, the rules in force read once: a phone
    asks it of each of its abilities at every rendering."""
    again = lasting.plans_again(state, catalog, seat)
    return lambda source, ability: 1 + again[(lasting.source_card_id(source), ability)]


def remove_ability(state: GameState, seat: int, pile: str, index: int) -> Outcome:
    """Take a tile back out of a pile."""
    new = state.clone()
    tiles = _pile(_open_plan(new, seat), pile)
    if not 0 <= index < len(tiles):
        raise InvalidParameterError(
            _("There is no tile %(index)s in the %(pile)s pile.")
            % {"index": index + 1, "pile": pile}
        )
    removed = tiles.pop(index)
    return Outcome(new, (_private(seat, Kind.ABILITY_UNPLANNED, pile=pile, planned=removed),))


def reorder(state: GameState, seat: int, pile: str, order: Sequence[int]) -> Outcome:
    """Put an ordered pile in a new order: ``order`` lists the current positions, first first."""
    new = state.clone()
    plan = _open_plan(new, seat)
    tiles = _pile(plan, pile)
    if sorted(order) != list(range(len(tiles))):
        raise InvalidParameterError(
            _("Give each of the %(count)s tiles exactly one place.") % {"count": len(tiles)}
        )
    setattr(plan, pile, [tiles[i] for i in order])
    return Outcome(new, (_private(seat, Kind.PILE_REORDERED, pile=pile, order=list(order)),))


def sacrifice_tactic(state: GameState, catalog: cards.Catalog, seat: int, tactic: str) -> Outcome:
    """Hand a tactic face down to the director for its discard bonus (§3.2, §1.8).

    "Si no es mostra cap recurs, la carta no es pot sacrificar."
    """
    new = state.clone()
    plan = _open_plan(new, seat)
    player = new.player(seat)
    if tactic not in player.tactics:
        raise InvalidParameterError(_("That tactic is not in your hand."), tactic=tactic)
    bonus = {k: int(v) for k, v in (cards.card(catalog, tactic).get("discard_bonus") or {}).items()}
    if not any(bonus.values()):
        raise NotEligibleError(_("This tactic shows no discard bonus, so it cannot be sacrificed."))
    player.tactics.remove(tactic)
    decks.discard(new, decks.TACTICS, tactic)
    for code, amount in bonus.items():
        player.resources[Resource(code)] += amount
        new.reserve[Resource(code)] -= amount
    for name in PILES.values():
        setattr(plan, name, [p for p in _pile(plan, name) if p.source != f"tactic:{tactic}"])
    event = private(
        Kind.TACTIC_SACRIFICED,
        (seat,),
        TacticSacrificed(tactic=tactic, bonus=as_json({Resource(k): v for k, v in bonus.items()})),
        seat,
    )
    return Outcome(new, (event,))


def hand_in(state: GameState, catalog: cards.Catalog, seat: int) -> Outcome:
    """Submit the plan (§3.2): every required box filled; the plan is locked; rank recorded."""
    new = state.clone()
    plan = _open_plan(new, seat)
    player = new.player(seat)
    for tile in _all(plan):
        ability = cards.ability(catalog, source_card(new, catalog, seat, tile.source), tile.ability)
        params.check_at_planning(new, catalog, seat, ability, tile.params, complete=True)
    plan.handed_in = True
    plan.handed_in_rank = sum(1 for p in new.players if p.plan.handed_in_rank is not None)
    return Outcome(
        new,
        (
            public(
                Kind.PLAN_HANDED_IN, PlanHandedIn(seat=player.seat, rank=plan.handed_in_rank), seat
            ),
        ),
    )


def close_planning_for(state: GameState, seat: int, *, at_deadline: bool = False) -> Outcome:
    """The director closes Planning for a player who did not hand in (G37), or a passed
    deadline does (G61).

    "A player who has not submitted has their current draft submitted automatically"; a missing
    box makes that ability abort when it is resolved. No rank: such players come after everyone
    who handed in (``turn_order``). At a deadline no entry says the director closed it: the
    deadline's own entry says why (``services.clock``).
    """
    new = state.clone()
    plan = _open_plan(new, seat)
    plan.handed_in = True
    plan.closed_by_director = True
    if at_deadline:
        return Outcome(new, ())
    return Outcome(
        new, (public(Kind.PLAN_CLOSED_BY_DIRECTOR, PlanClosedByDirector(seat=seat), None),)
    )


def _open_plan(state: GameState, seat: int) -> Plan:
    if state.phase is not Phase.PLANNING:
        raise IllegalTransitionError(_("Plans are made during the Planning phase only."))
    plan = state.player(seat).plan
    if plan.handed_in:
        raise IllegalTransitionError(_("The plan was handed in and can no longer change (G34)."))
    return plan


def _pile(plan: Plan, name: str) -> list[PlannedAbility]:
    if name not in PILES.values():
        raise InvalidParameterError(_("There is no pile called %(name)s.") % {"name": repr(name)})
    pile: list[PlannedAbility] = getattr(plan, name)
    return pile


def _all(plan: Plan) -> list[PlannedAbility]:
    return [*plan.indications, *plan.actions, *plan.secrets]


def _same(a: PlannedAbility, b: PlannedAbility) -> bool:
    return a.source == b.source and a.ability == b.ability


def _private(
    seat: int,
    kind: Kind,
    *,
    pile: str,
    planned: PlannedAbility | None = None,
    order: list[int] | None = None,
) -> Event:
    data = PlanEdit(pile=pile)
    if planned is not None:
        data["source"], data["ability"] = planned.source, planned.ability
        data["params"] = dict(planned.params)
    if order is not None:
        data["order"] = order
    # A draft is the player's own until it is handed in; the end reveals cards and resources
    # (§4.17), not how a plan was drafted.
    return never_revealed(private(kind, (seat,), data, seat))
