"""The effect primitives that change the state at once (rules §1.5, §4.4, §4.16, §6, G53).

Each handler applies one op of ``primitives.OPS`` to a state the interpreter already cloned,
records what happened through the run's ``Recorder`` and returns nothing, the frames to apply
next (``for_each``, ``if``) or a ``Suspend`` when a player or the director must decide first.
The interactive ops (votes, duels, kingdoms) live in ``effects_interactive``.

Choices made here where the rulebook is silent:

- ``steal`` and ``transfer`` move tokens between chests, each capped at what the giver holds
  (G53); with several givers or receivers every pair is served in turn order.
- ``discard`` ``tactics``: the holder chooses which (a pending ``discard_choice``) unless they
  hold no more than asked, when the whole hand goes; ``random_tactic`` uses the dice.
- An indicator of no kingdom does not move: ignored for a destiny card of the kingdomless group
  (G51), an invalid box (the ability aborts) for a kingdomless player's own ability.
- Several insurrection steps in one move make one pending ``insurrection`` with a ``count``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal, Unpack

from . import cards, conditions, decks, indicators
from .card_shapes import Op
from .dice import Dice
from .effects_context import Context, Frame, Resolver
from .effects_record import Recorder
from .errors import InvalidParameterError
from .event_kinds import Kind
from .events import Event, director, private
from .i18n import _
from .payloads import (
    AssetLost,
    AssetOwnerChanged,
    AssetSeized,
    CardsDrawn,
    CardsHeld,
    ChestChanged,
    HiddenAsset,
    IndicatorIgnored,
    IndicatorMoved,
    ManualEffect,
    ObjectiveRevealed,
    ResourcesChanged,
    TacticsDiscarded,
    TokensMoved,
    TradesAllowed,
    Trigger,
    TriggerAbout,
)
from .payment import pay
from .resources import Resource, as_json
from .ruleset import Ruleset
from .state import GameState, Note

DRAW_DECKS = {
    "tactics": decks.TACTICS,
    "collective_objective": decks.COLLECTIVE_OBJECTIVES,
    "personal_objective": decks.PERSONAL_OBJECTIVES,
}


@dataclass(frozen=True)
class Suspend:
    """Stop here until ``waiting_for`` (or the director) decides; ``blocking`` keeps the rest
    of the effect waiting, otherwise the pending is a reminder and the effect goes on."""

    kind: str
    data: Mapping[str, Any]
    waiting_for: tuple[int, ...] = ()
    blocking: bool = True


@dataclass
class Run:
    """One application of an effect: the state being changed and everything it needs."""

    state: GameState
    catalog: cards.Catalog
    ruleset: Ruleset
    dice: Dice
    context: Context
    recorder: Recorder = field(init=False)

    def __post_init__(self) -> None:
        self.recorder = Recorder(self.context.owner, self.context.secret)

    @property
    def events(self) -> list[Event]:
        return self.recorder.events

    def resolver(self, frame: Frame) -> Resolver:
        return Resolver(self.state, self.ruleset, self.context, frame)

    def trigger(self, name: str, **about: Unpack[TriggerAbout]) -> None:
        """A reaction trigger happened (§4.3); the caller asks ``reactions.firing`` who reacts."""
        self.events.append(
            director(Kind.TRIGGER, Trigger(trigger=name, **about), self.context.owner)
        )


Step = list[Frame] | Suspend | None
Handler = Callable[[Run, Frame, Op], Step]


def _gain(run: Run, frame: Frame, op: Op) -> Step:
    r = run.resolver(frame)
    resource, amount = r.resource(op["resource"]), r.amount(op["amount"])
    for seat in r.seats(op["who"]):
        player = run.state.player(seat)
        player.resources[resource] += amount
        run.state.reserve[resource] -= amount
        _chest(run, seat, "gained", {resource: amount})
    return None


def _lose(run: Run, frame: Frame, op: Op) -> Step:
    r = run.resolver(frame)
    resource, amount = r.resource(op["resource"]), r.amount(op["amount"])
    for seat in r.seats(op["who"]):
        player = run.state.player(seat)
        taken = min(amount, player.resources[resource])
        player.resources[resource] -= taken
        run.state.reserve[resource] += taken
        _chest(run, seat, "lost", {resource: taken})
    return None


def _pay(run: Run, frame: Frame, op: Op) -> Step:
    """Must pay all, Favor last; an unaffordable payment aborts the whole ability (§4.1)."""
    r = run.resolver(frame)
    resource, amount = r.resource(op["resource"]), r.amount(op["amount"])
    for seat in r.seats(op["who"]):
        player = run.state.player(seat)
        payment = pay(player.resources, {resource: amount})
        player.resources = dict(payment.holdings)
        for res, value in payment.paid.items():
            run.state.reserve[res] += value
        _chest(run, seat, "paid", payment.paid)
    return None


def _steal(run: Run, frame: Frame, op: Op) -> Step:
    r = run.resolver(frame)
    me = frame.self_seat
    if me is None:
        raise InvalidParameterError(_("Nobody is there to receive what is stolen."))
    resource, amount = r.resource(op["resource"]), r.amount(op["amount"])
    for victim in r.seats(op["from"]):
        _move_tokens(run, victim, me, resource, amount)
    return None


def _transfer(run: Run, frame: Frame, op: Op) -> Step:
    r = run.resolver(frame)
    resource, amount = r.resource(op["resource"]), r.amount(op["amount"])
    for giver in r.seats(op["from"]):
        for receiver in r.seats(op["to"]):
            if giver != receiver:
                _move_tokens(run, giver, receiver, resource, amount)
    return None


def _move_tokens(run: Run, giver: int, receiver: int, resource: Resource, amount: int) -> None:
    source = run.state.player(giver).resources
    moved = min(amount, source[resource])
    source[resource] -= moved
    run.state.player(receiver).resources[resource] += moved
    run.recorder.effect(
        Kind.TOKENS_MOVED,
        TokensMoved(giver=giver, receiver=receiver, resource=str(resource), amount=moved),
    )
    lost = ChestChanged(seat=giver, lost={str(resource): moved})
    run.recorder.chest_change(giver, Kind.CHEST_CHANGED, lost)
    gained = ChestChanged(seat=receiver, gained={str(resource): moved})
    run.recorder.chest_change(receiver, Kind.CHEST_CHANGED, gained)


_CHEST_KINDS = {
    "gained": Kind.RESOURCES_GAINED,
    "lost": Kind.RESOURCES_LOST,
    "paid": Kind.RESOURCES_PAID,
}


def _chest(
    run: Run, seat: int, what: Literal["gained", "lost", "paid"], amounts: Mapping[Resource, int]
) -> None:
    changed = as_json(amounts)
    run.recorder.effect(_CHEST_KINDS[what], ResourcesChanged(seat=seat, resources=changed))
    chest = ChestChanged(seat=seat)
    chest[what] = changed
    run.recorder.chest_change(seat, Kind.CHEST_CHANGED, chest)


def _move_indicator(run: Run, frame: Frame, op: Op) -> Step:
    """Move an indicator step by step, without friction: it was paid up front (§4.4, G18)."""
    r = run.resolver(frame)
    kingdom_id = r.kingdom(op["kingdom"])
    if kingdom_id is None:
        if run.context.owner is not None and not run.context.group:
            raise InvalidParameterError(_("There is no kingdom whose indicator could move."))
        run.recorder.effect(Kind.INDICATOR_IGNORED, IndicatorIgnored(reason="kingdomless"))
        return None
    kingdom = run.state.kingdom(kingdom_id)
    indicator = r.indicator(op["indicator"], kingdom_id)
    change = indicators.change_indicator(
        kingdom.indicators,
        indicator,
        r.amount(op["delta"], signed=True),
        run.ruleset,
        friction=False,
    )
    kingdom.indicators = dict(change.indicators)
    data = IndicatorMoved(
        kingdom=kingdom_id, indicator=str(indicator), before=change.before, after=change.after
    )
    run.recorder.effect(Kind.INDICATOR_MOVED, data)
    run.recorder.public_change(Kind.INDICATOR_MOVED, data)
    if change.after != change.before:
        run.trigger(
            "indicator_changed",
            kingdom=kingdom_id,
            indicator=str(indicator),
            before=change.before,
            after=change.after,
        )
    if change.insurrections:
        count = len(change.insurrections)
        return Suspend("insurrection", {**data, "count": count})
    return None


def _draw(run: Run, frame: Frame, op: Op) -> Step:
    r = run.resolver(frame)
    deck, count = DRAW_DECKS[op["deck"]], int(op["count"])
    for seat in r.seats(op["who"]):
        player = run.state.player(seat)
        drawn = [c for c in (decks.draw(run.state, deck, run.dice) for _ in range(count)) if c]
        hand = player.tactics if deck == decks.TACTICS else player.objectives
        hand.extend(drawn)
        run.recorder.effect(
            Kind.CARDS_DRAWN, CardsDrawn(seat=seat, deck=op["deck"], count=len(drawn))
        )
        run.recorder.to_seats((seat,), Kind.CARDS_RECEIVED, CardsHeld(cards=drawn))
    return None


def _discard(run: Run, frame: Frame, op: Op) -> Step:
    r = run.resolver(frame)
    count = int(op["count"])
    choices: dict[str, int] = {}
    for seat in r.seats(op["who"]):
        hand = run.state.player(seat).tactics
        if op["what"] == "random_tactic":
            pool, chosen = list(hand), []
            for _ in range(min(count, len(pool))):
                with run.dice.purpose(f"random tactic of seat {seat}"):
                    chosen.append(pool.pop(run.dice.randbelow(len(pool))))
            discard_tactics(run, seat, chosen)
        elif len(hand) <= count:
            discard_tactics(run, seat, list(hand))
        else:
            choices[str(seat)] = count
    if choices:
        seats = tuple(int(s) for s in choices)
        return Suspend("discard_choice", {"choices": choices}, seats)
    return None


def discard_tactics(run: Run, seat: int, chosen: list[str]) -> None:
    """Put tactics from a hand on the secret tactics discard (§1.10)."""
    hand = run.state.player(seat).tactics
    for tactic in chosen:
        hand.remove(tactic)
        decks.discard(run.state, decks.TACTICS, tactic)
    run.recorder.effect(Kind.TACTICS_DISCARDED, TacticsDiscarded(seat=seat, count=len(chosen)))
    run.recorder.to_seats((seat,), Kind.TACTICS_LOST, CardsHeld(cards=list(chosen)))


def _seize_asset(run: Run, frame: Frame, op: Op) -> Step:
    """Take an asset from a player; a hidden asset's title stays between the two (§1.10)."""
    r = run.resolver(frame)
    me, asset = frame.self_seat, r.param(op["asset"])
    giver = r.one_seat(op["from"])
    if me is None or giver is None or asset not in run.state.player(giver).assets:
        raise InvalidParameterError(_("That player does not hold that asset."), param=op["asset"])
    run.state.player(giver).assets.remove(asset)
    run.state.player(me).assets.append(asset)
    visible = cards.card(run.catalog, asset).get("visibility") != "hidden"
    shown = asset if visible or run.context.secret else None
    run.recorder.effect(Kind.ASSET_SEIZED, AssetSeized(giver=giver, receiver=me, asset=shown))
    if not visible and not run.context.secret:
        run.recorder.to_seats((giver, me), Kind.HIDDEN_ASSET_SEIZED, HiddenAsset(asset=asset))
    run.recorder.chest_change(giver, Kind.ASSET_LOST, AssetLost(seat=giver, asset=asset))
    if visible:
        run.recorder.public_change(
            Kind.ASSET_OWNER_CHANGED, AssetOwnerChanged(asset=asset, owner=me)
        )
    return None


def _allow_trade(run: Run, frame: Frame, op: Op) -> Step:
    """ "O si una carta ho permet, específicament": trades open outside Planning (§4.14, G34)."""
    run.state.trades_allowed = True
    run.recorder.effect(Kind.TRADES_ALLOWED, TradesAllowed())
    run.recorder.public_change(Kind.TRADES_ALLOWED, TradesAllowed())
    return None


def _for_each(run: Run, frame: Frame, op: Op) -> Step:
    seats = run.resolver(frame).seats(op["who"])
    body = tuple(op["do"])
    return [replace(frame, ops=body, index=0, self_seat=seat) for seat in reversed(seats)]


def condition_holds(run: Run, frame: Frame, op: Op) -> bool | None:
    """Whether an ``if`` op's condition holds for the frame's player in the effect's kingdom
    (rules §1.7); None: the director judges."""
    return conditions.evaluate(
        run.state,
        run.catalog,
        run.ruleset,
        op["condition"],
        frame.self_seat,
        kingdom=run.context.kingdom,
        params=run.resolver(frame).params,
    )


def _if(run: Run, frame: Frame, op: Op) -> Step:
    holds = condition_holds(run, frame, op)
    if holds is None:
        branches = {
            "then": _branch(frame, op, True).to_dict(),
            "else": _branch(frame, op, False).to_dict(),
        }
        return Suspend("condition", {"condition": dict(op["condition"]), "branches": branches})
    return [_branch(frame, op, holds)]


def _branch(frame: Frame, op: Op, holds: bool) -> Frame:
    """The ``then`` or ``else`` ops of an ``if``, applied with the same ``self``."""
    return replace(frame, ops=tuple(op["then"] if holds else op.get("else", [])), index=0)


def _manual(run: Run, frame: Frame, op: Op) -> Step:
    """The director applies it by hand with a correction; the effect goes on meanwhile.

    The pending names everything the director needs to apply it: the card and ability, whose
    it is, the kingdom it is about, ``self`` now and the boxes as the owner filled them.
    """
    ctx = run.context
    text = dict(op["text"])
    run.events.append(
        director(Kind.MANUAL_EFFECT, ManualEffect(text=text, source=ctx.source), ctx.owner)
    )
    kind, _sep, name = ctx.source.partition(":")
    house = run.state.player(ctx.owner).house if kind == "house" and ctx.owner else None
    data = {
        "text": text,
        "source": ctx.source,
        "card": house or name or None,
        "ability": ctx.ability or None,
        "owner": ctx.owner,
        "self": frame.self_seat,
        "kingdom": ctx.kingdom,
        "group": ctx.group,
        "params": {**ctx.params, **frame.bound},
    }
    return Suspend("manual", data, blocking=False)


def _reveal_objective(run: Run, frame: Frame, op: Op) -> Step:
    """Show the ability's owner one of a player's kept objectives, drawn with the game's dice
    and told in a private note (the Spymaster's *Interrogatori*: "un dels objectius del jugador
    triat, a l'atzar")."""
    me = frame.self_seat
    if me is None:
        return None
    r = run.resolver(frame)
    for seat in r.seats(op["of"]):
        objectives = list(run.state.player(seat).objectives)
        if not objectives:
            continue
        with run.dice.purpose(f"an objective of seat {seat} to show"):
            shown = run.dice.choice(objectives)
        data = ObjectiveRevealed(seat=seat, objective=shown)
        run.state.player(me).notes.append(Note(run.state.turn, Kind.OBJECTIVE_REVEALED, dict(data)))
        run.events.append(private(Kind.OBJECTIVE_REVEALED, (me,), data, me))
    return None


HANDLERS: dict[str, Handler] = {
    "gain": _gain,
    "lose": _lose,
    "pay": _pay,
    "steal": _steal,
    "transfer": _transfer,
    "move_indicator": _move_indicator,
    "draw": _draw,
    "discard": _discard,
    "seize_asset": _seize_asset,
    "allow_trade": _allow_trade,
    "reveal_objective": _reveal_objective,
    "for_each": _for_each,
    "if": _if,
    "manual": _manual,
}
