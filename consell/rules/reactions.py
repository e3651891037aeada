"""Reactions (Reaccions): who reacts when a trigger happens (rules §1.9, §4.3, G21).

"Cada reacció indica les condicions necessàries per la seva activació." Reactions are never
planned. "Si una reacció té un cost en recursos, la seva activació serà opcional"; "les reaccions
gratuïtes són obligatòries" unless the card says otherwise; "si múltiples reaccions s'apliquen al
mateix moment, es resoldran en l'ordre de torn". A paid reaction is paid when declared: using
it is executing the ability at once (``effects.execute``), and an unaffordable one aborts.

Reactions come from everything a player holds: the house card, their offices, the common
actions, tactics in hand, assets and objectives. Choice made here: one owner's reactions to the
same trigger come in the order house, offices, common actions, tactics, assets, objectives (§4.3
lets the owner choose; the phone may reorder them before using them).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from . import cards, lasting
from .card_shapes import Cost
from .dice import Dice
from .effects import asset_used, execute
from .errors import NotEligibleError
from .event_kinds import Kind
from .events import Outcome, private
from .i18n import _
from .payloads import (
    ReactionDeclined,
)
from .ruleset import Ruleset
from .state import GameState, PlannedAbility


@dataclass(frozen=True)
class Reaction:
    """A reaction that fires: whose, from which source, and whether it must be used."""

    seat: int
    source: str
    ability: str
    mandatory: bool  # free reactions are mandatory (§1.9)


def firing(
    state: GameState,
    catalog: cards.Catalog,
    trigger: str,
    *,
    seats: Collection[int] | None = None,
) -> list[Reaction]:
    """The reactions ``trigger`` fires, in turn order (§4.3).

    ``seats`` limits them to the players the trigger is about (``plot_against_me``: the target).
    """
    out: list[Reaction] = []
    for seat in _in_turn_order(state):
        if seats is not None and seat not in seats:
            continue
        for source, instance in _sources(state, catalog, seat):
            if asset_used(state, seat, source):
                continue  # an asset acts once a turn (Actius)
            for ability in cards.card(catalog, instance).get("abilities", []):
                if ability.get("type") != "reaction" or ability.get("trigger") != trigger:
                    continue
                if lasting.blocks_ability(state, catalog, seat, instance, ability):
                    continue  # a lasting event forbids this card (Quaresma)
                free = not any(_amounts(ability.get("cost", {})))
                out.append(Reaction(seat, source, ability["id"], mandatory=free))
    return out


def use(
    state: GameState,
    catalog: cards.Catalog,
    ruleset: Ruleset,
    dice: Dice,
    reaction: Reaction,
    params: Mapping[str, Any] | None = None,
    *,
    secret: bool,
    group: bool = False,
) -> Outcome:
    """Declare a reaction: pay it now and apply it (§4.1: "Reactions are paid when declared").

    ``group``: it answers the kingdomless group's crisis, so a kingdomless owner's "regne" is
    the group (G51).
    """
    planned = PlannedAbility(reaction.source, reaction.ability, dict(params or {}))
    return execute(
        state, catalog, ruleset, dice, reaction.seat, planned, secret=secret, group=group
    )


def decline(state: GameState, reaction: Reaction) -> Outcome:
    """Let an optional reaction pass; a free reaction cannot be declined (§1.9)."""
    if reaction.mandatory:
        raise NotEligibleError(_("A free reaction is mandatory and cannot be declined (§1.9)."))
    event = private(
        Kind.REACTION_DECLINED,
        (reaction.seat,),
        ReactionDeclined(source=reaction.source, ability=reaction.ability),
        reaction.seat,
    )
    return Outcome(state, (event,))


def _in_turn_order(state: GameState) -> list[int]:
    order = list(state.turn_order)
    return order + [p.seat for p in state.players if p.seat not in order]


def _sources(state: GameState, catalog: cards.Catalog, seat: int) -> list[tuple[str, str]]:
    player = state.player(seat)
    out = [("house", player.house)] if player.house else []
    out += [(f"office:{o}", o) for o in state.offices_of(seat)]
    out += [(f"common:{c}", c) for c in cards.of_kind(catalog, "common_action")]
    out += [(f"tactic:{t}", t) for t in player.tactics]
    out += [(f"asset:{a}", a) for a in player.assets]
    out += [(f"objective:{o}", o) for o in player.objectives]
    return out


def _amounts(cost: Cost) -> list[bool]:
    """Whether each cost entry asks for something (a formula always may)."""
    return [not (isinstance(v, int) and v == 0) for v in cost.values()]
