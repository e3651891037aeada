"""The card-effects interpreter: executing a planned ability (rules §3.3, §3.4, §4.1–§4.4, §4.6).

For each tile the director resolves (Actions phase: public; Secrets phase: private):

1. validate: the source is still held (§4.2 DEFAULT: a lost office, traded asset or used tactic
   aborts) and every box is valid now (G47, ``params.check_at_execution``);
2. pay: the ability's cost (formulas evaluated now), the Intrigue invested in a plot (G30) and,
   for abilities flagged ``friction``, the friction of every indicator step (§4.4, G17), all at
   once, Favor last (§4.1); nothing is paid if it cannot all be paid;
3. a used tactic goes to the discard (G23);
4. apply the ops in order; a plot (``complot``) is first resolved with ``plots.resolve_plot``
   and its ops applied once per successful target, with ``$targets`` bound to that target.

Any ``RuleError`` on the way aborts the ability: the returned state is the one given (plus, for
a secret, the director's note in the owner's chest), nothing is paid and nothing applied, and an
``aborted`` event tells why: publicly for an action, to the owner alone for a secret (§4.2, §3.4).

Ops that wait for people leave a ``Pending`` and the ability goes on in ``resume``.
``apply_ops`` applies ops nobody plans (destiny events, crisis rewards and penalties, laws):
no cost and no friction (G18).

Choices made here where the rulebook is silent:

- Friction is computed before payment from the state at that moment, for ``move_indicator``
  ops at any depth of ``for_each`` and of an ``if`` whose condition can be judged then; ops run
  after a vote or a duel pay none. A plot pays friction for every target it names, because its
  cost is paid before the dice say which targets it reaches (G30).
- The tile is not taken from its pile here; the phase procedure does that.
- An error after a pending was decided aborts what was left of the ability; what was applied
  before the pending stands (it happened in front of the table).
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import cards, decks, indicators, lasting, odds, params, plots
from .card_shapes import Ability, Op
from .dice import Dice
from .effects_context import Context, Frame
from .effects_interactive import HANDLERS as INTERACTIVE
from .effects_interactive import RESUME, Nested
from .effects_ops import HANDLERS as IMMEDIATE
from .effects_ops import Run, Step, Suspend, condition_holds
from .effects_record import END_OF_SECRETS
from .errors import InvalidParameterError, NotEligibleError, RuleError
from .event_kinds import Kind
from .events import PUBLIC, Event, Outcome, director, private, public
from .i18n import _, as_words
from .payloads import (
    AbilityExecuted,
    Aborted,
    ManualDone,
    PendingOpened,
    PlotAbout,
    PlotNote,
    PlotOutcomeRow,
    PlotRecord,
    PlotResolved,
    PlotTestRow,
    Refusal,
    SecretsChestChanges,
    SecretsPublicChanges,
)
from .payment import pay
from .primitives import PLOT_KEYWORD
from .resources import Indicator, Resource, add, as_json, holdings
from .ruleset import Ruleset
from .state import GameState, Note, Pending, PlannedAbility, card_id_of

HANDLERS = {**IMMEDIATE, **INTERACTIVE}


@dataclass(frozen=True)
class Secrets:
    """What the director committed at the start of the Secrets phase (§3.4, §4.6, G30).

    ``vigilance``: each player's V, already capped and paid. ``exemptions``: per kingdom, the
    targets its Spymaster exempted: seats, or the string ``"kingdom"`` for the kingdom itself.
    """

    vigilance: Mapping[int, int] = field(default_factory=dict)
    exemptions: Mapping[int, Collection[int | str]] = field(default_factory=dict)


def execute(
    state: GameState,
    catalog: cards.Catalog,
    ruleset: Ruleset,
    dice: Dice,
    seat: int,
    planned: PlannedAbility,
    *,
    secret: bool,
    secrets: Secrets | None = None,
    group: bool = False,
) -> Outcome:
    """Validate, pay and apply one planned ability of ``seat`` (§3.3 steps 2–4, §3.4).

    ``group``: a reaction to the kingdomless group's crisis, whose kingdomless owner's kingdom
    is the group (G51).
    """
    new = state.clone()
    player = new.player(seat)
    context = Context(
        owner=seat,
        kingdom=player.kingdom,
        params=dict(planned.params),
        secret=secret,
        group=group and player.kingdom is None,
        source=planned.source,
        ability=planned.ability,
    )
    run = Run(new, catalog, ruleset, dice, context)
    try:
        instance = source_card(new, catalog, seat, planned.source)
        ability = cards.ability(catalog, instance, planned.ability)
        params.check_at_execution(new, catalog, seat, ability, planned.params)
        _check_asset_unused(new, seat, planned.source)
        _check_not_blocked(new, catalog, seat, instance, ability)
        plot = plots_keyword(ability)
        bindings = _plot_bindings(ability, planned.params) if plot else [{}]
        cost = _cost(run, ability, bindings)
        _pay_cost(run, seat, cost)
        if planned.source.startswith(ASSET_SOURCE):
            player.assets_used[instance] = new.turn
        run.recorder.effect(
            Kind.ABILITY_EXECUTED,
            _shown(catalog, instance, planned, ability, cost),
        )
        if planned.source.startswith("tactic:"):
            player.tactics.remove(instance)
            decks.discard(new, decks.TACTICS, instance)
        effect = tuple(ability.get("effect", []))
        if plot:
            frames = _resolve_plot(run, seat, ability, planned, secrets or Secrets())
        else:
            frames = [Frame(effect, 0, seat)]
        _drive(run, frames)
    except RuleError as exc:
        return _aborted(state, seat, planned, exc, secret)
    return Outcome(new, tuple(run.events))


ASSET_SOURCE = "asset:"


def asset_used(state: GameState, seat: int, source: str) -> bool:
    """Whether ``source`` is an asset whose abilities ``seat`` already activated this turn.

    Actius: "el seu propietari pot activar les seves capacitats un cop cada torn" — once a
    turn for the card, whichever of its abilities, planned or a reaction.
    """
    if not source.startswith(ASSET_SOURCE):
        return False
    asset = source.removeprefix(ASSET_SOURCE)
    return state.player(seat).assets_used.get(asset) == state.turn


def _check_asset_unused(state: GameState, seat: int, source: str) -> None:
    if asset_used(state, seat, source):
        raise NotEligibleError(
            _("This asset was already used this turn: an asset acts once a turn.")
        )


def _check_not_blocked(
    state: GameState, catalog: cards.Catalog, seat: int, instance: str, ability: Ability
) -> None:
    """Quaresma: "les capacitats de les cartes Luxe d'aquest regne no es poden activar"."""
    found = lasting.blocks_ability(state, catalog, seat, instance, ability)
    if found is not None:
        raise NotEligibleError(
            _("%(card)s forbids using this card while it is in force.")
            % {"card": cards.title(catalog, found.card)}
        )


def apply_ops(
    state: GameState,
    catalog: cards.Catalog,
    ruleset: Ruleset,
    dice: Dice,
    ops: Sequence[Op],
    context: Context,
    *,
    self_seat: int | None = None,
) -> Outcome:
    """Apply ops nobody plans: destiny events, crisis rewards and penalties, laws (G18).

    No cost and no friction. ``context.kingdom`` is the card's kingdom (``group=True`` for the
    kingdomless group, G51); ``context.contributions`` the crisis totals; ``self_seat`` who
    ``self`` is (a top contributor receiving a reward). A ``RuleError`` propagates and the
    caller's state is untouched.
    """
    new = state.clone()
    run = Run(new, catalog, ruleset, dice, context)
    _drive(run, [Frame(tuple(ops), 0, self_seat)])
    return Outcome(new, tuple(run.events))


def resume(
    state: GameState,
    catalog: cards.Catalog,
    ruleset: Ruleset,
    dice: Dice,
    pending_id: int,
    decision: Mapping[str, Any],
) -> Outcome:
    """Go on with an effect once its pending decision is known.

    A decision that cannot be used raises (nothing changes, the pending keeps waiting). A
    ``manual`` pending is simply cleared: the director applied it with a correction.
    """
    new = state.clone()
    pending = next((p for p in new.pending if p.id == pending_id), None)
    if pending is None or (pending.kind not in RESUME and pending.kind != "manual"):
        raise InvalidParameterError(
            _("No effect is waiting on decision %(pending_id)s.") % {"pending_id": pending_id}
        )
    new.pending.remove(pending)
    if pending.kind == "manual":
        return Outcome(new, (director(Kind.MANUAL_DONE, ManualDone(pending=pending_id), None),))
    continuation = pending.data["continuation"]
    context = Context.from_dict(continuation["context"])
    frames = [Frame.from_dict(f) for f in continuation["frames"]]
    cleared = new.clone()
    run = Run(new, catalog, ruleset, dice, context)
    try:
        step = RESUME[pending.kind](run, pending, decision)
        if _follow(run, frames, step):
            _drive(run, frames)
    except RuleError as exc:
        if exc.details.get("decision"):
            raise
        owner = context.owner
        if owner is None:
            raise
        planned = PlannedAbility(context.source, context.ability, dict(context.params))
        aborted = _aborted(cleared, owner, planned, exc, context.secret)
        return aborted
    return Outcome(new, tuple(run.events))


def secrets_batch(events: Sequence[Event]) -> tuple[Event, ...]:
    """The material changes secrets made, to publish at the end of the Secrets phase (G52).

    Public changes become one PUBLIC event listing them in a fixed order that says nothing about
    which secret came first; each player's own chest changes are summed into one event for them.
    """
    held = [e for e in events if e.data.get("batch") == END_OF_SECRETS]
    changes = sorted(
        (
            {"kind": e.kind, **{k: v for k, v in e.data.items() if k != "batch"}}
            for e in held
            if e.audience == PUBLIC
        ),
        key=lambda c: json.dumps(c, sort_keys=True, default=str),
    )
    out = (
        [public(Kind.SECRETS_PUBLIC_CHANGES, SecretsPublicChanges(changes=changes), None)]
        if changes
        else []
    )
    chests: dict[tuple[int, ...], list[dict[str, Any]]] = {}
    for e in held:
        if isinstance(e.audience, tuple):
            data = {k: v for k, v in e.data.items() if k != "batch"}
            chests.setdefault(tuple(e.audience), []).append({"kind": e.kind, **data})
    for seats, items in sorted(chests.items()):
        items.sort(key=lambda c: json.dumps(c, sort_keys=True, default=str))
        out.append(
            private(Kind.SECRETS_CHEST_CHANGES, seats, SecretsChestChanges(changes=items), None)
        )
    return tuple(out)


# -- sources ----------------------------------------------------------------------------------


def source_card(state: GameState, catalog: cards.Catalog, seat: int, source: str) -> str:
    """The card instance behind a tile's source, if the player still holds it (§4.2, G23)."""
    player = state.player(seat)
    kind, _sep, name = source.partition(":")
    if source == "house" and player.house:
        return player.house
    if kind == "common" and name in catalog and catalog[name]["kind"] == "common_action":
        return name
    if kind == "office" and name in state.offices_of(seat):
        return name
    if kind == "tactic" and name in player.tactics:
        return name
    if kind == "asset" and name in player.assets:
        return name
    if kind == "objective" and name in player.objectives:
        return name
    raise InvalidParameterError(
        _("The card that gives this ability is no longer yours."),
        source=source,
    )


def plots_keyword(ability: Ability) -> bool:
    """A ``complot`` ability is a plot (§4.6)."""
    return PLOT_KEYWORD in ability.get("keywords", [])


# -- cost -------------------------------------------------------------------------------------


def _cost(run: Run, ability: Ability, bindings: list[dict[str, Any]]) -> dict[Resource, int]:
    """Ability cost + invested Intrigue (plots) + friction of every step (§4.1, §4.4, G30)."""
    resolver = run.resolver(Frame((), 0, run.context.owner))
    cost = holdings({r: resolver.amount(v) for r, v in ability.get("cost", {}).items()})
    if plots_keyword(ability):
        cost = add(cost, {Resource.INT: int(run.context.params["intrigue"])})
    if run.context.owner is not None:  # "paga abans 1 Poder" (a law in force)
        effect = ability.get("effect", [])
        duels_in = _duels_in(run, effect, bindings)
        extra = lasting.extra_cost(
            run.state, run.catalog, run.context.owner, effect, duels_in=duels_in
        )
        cost = add(cost, extra)
    if ability.get("friction", False):
        steps = tuple(ability.get("effect", []))
        scratch = {k.id: dict(k.indicators) for k in run.state.kingdoms}
        for bound in bindings:
            frame = Frame(steps, 0, run.context.owner, bound)
            cost = add(cost, _friction(run, frame, scratch))
    return cost


def _duels_in(run: Run, effect: Sequence[Op], bindings: list[dict[str, Any]]) -> list[int | None]:
    """The kingdoms the duels this effect starts are in, its owner taking part in each."""
    owner = run.context.owner
    out: list[int | None] = []
    for op in effect:
        if op["op"] != "start_duel":
            continue
        for bound in bindings:
            seats = run.resolver(Frame(tuple(effect), 0, owner, bound)).seats(op["participants"])
            where = lasting.duel_kingdoms(run.state, seats, run.context.kingdom)
            out += [k for k in where if k not in out]
    return out


def _friction(
    run: Run, frame: Frame, scratch: dict[int, dict[Indicator, int]]
) -> dict[Resource, int]:
    owed = holdings()
    resolver = run.resolver(frame)
    for op in frame.ops:
        name = op["op"]
        if name == "move_indicator":
            kingdom = resolver.kingdom(op["kingdom"])
            if kingdom is None:
                continue
            which = resolver.indicator(op["indicator"], kingdom)
            change = indicators.change_indicator(
                scratch[kingdom],
                which,
                resolver.amount(op["delta"], signed=True),
                run.ruleset,
                friction=True,
            )
            scratch[kingdom] = dict(change.indicators)
            owed = add(owed, change.friction)
        elif name == "for_each":
            for seat in resolver.seats(op["who"]):
                inner = Frame(tuple(op["do"]), 0, seat, frame.bound)
                owed = add(owed, _friction(run, inner, scratch))
        elif name == "if":
            holds = condition_holds(run, frame, op)
            if holds is not None:
                ops = op["then"] if holds else op.get("else", [])
                owed = add(
                    owed,
                    _friction(run, Frame(tuple(ops), 0, frame.self_seat, frame.bound), scratch),
                )
    return owed


def _pay_cost(run: Run, seat: int, cost: Mapping[Resource, int]) -> None:
    player = run.state.player(seat)
    payment = pay(player.resources, cost)
    player.resources = dict(payment.holdings)
    for res, value in payment.paid.items():
        run.state.reserve[res] += value


def _shown(
    catalog: cards.Catalog,
    instance: str,
    planned: PlannedAbility,
    ability: Ability,
    cost: Mapping[Resource, int],
) -> AbilityExecuted:
    """The tile as shown to the table: its text, never a hidden card's title (G21)."""
    card = cards.card(catalog, instance)
    hidden = card.get("kind") in ("tactic", "objective") or card.get("visibility") == "hidden"
    return {
        "card": None if hidden else card_id_of(instance),
        "ability": planned.ability,
        "title": dict(ability.get("title", {})),
        "text": dict(ability.get("text", {})),
        "params": dict(planned.params),
        "paid": as_json(cost),
    }


# -- plots ------------------------------------------------------------------------------------


def _plot_bindings(ability: Ability, values: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One binding of ``targets`` per target named in the box (§4.6)."""
    value = values.get("targets")
    items = list(value) if isinstance(value, list | tuple) else [value]
    return [{"targets": item} for item in items]


def _targets(ability: Ability, values: Mapping[str, Any]) -> tuple[plots.Target, ...]:
    spec = next(p for p in ability["params"] if p["name"] == "targets")
    items = [b["targets"] for b in _plot_bindings(ability, values)]
    if spec["type"] == "kingdom":
        return tuple(plots.KingdomTarget(k) for k in items)
    return tuple(plots.PlayerTarget(s) for s in items)


def plot_setup(
    state: GameState,
    ruleset: Ruleset,
    seat: int,
    ability: Ability,
    planned: PlannedAbility,
    secrets: Secrets,
) -> tuple[plots.Plot, plots.PlotContext]:
    """The plot a tile declares and what the director knows when it resolves (§4.6).

    Shared by the resolution and by the director's dashboard, which shows the exact odds
    (``odds.plot_odds``) of the very plot that is about to be rolled.
    """
    spymaster_office = ruleset.office_for_resource[Resource.INT]
    spymasters = {
        k.id: holder
        for k in state.kingdoms
        if (holder := k.offices.get(spymaster_office)) is not None
    }
    exemptions = {
        kingdom: frozenset(
            plots.KingdomTarget(kingdom) if item == "kingdom" else plots.PlayerTarget(int(item))
            for item in items
        )
        for kingdom, items in secrets.exemptions.items()
    }
    context = plots.PlotContext(
        membership={p.seat: p.kingdom for p in state.players},
        kings={k.id: k.king for k in state.kingdoms if k.king is not None},
        spymasters=spymasters,
        exemptions=exemptions,
        vigilance=dict(secrets.vigilance),
    )
    targets = _targets(ability, planned.params)
    return plots.Plot(seat, targets, int(planned.params["intrigue"])), context


def plot_record(result: plots.PlotResult, odds: Any) -> PlotRecord:
    """Everything the audit shows of a resolved plot: every test, every die, the odds."""

    def test(t: plots.PlotTest | None) -> PlotTestRow | None:
        if t is None:
            return None
        return {
            "threshold": t.threshold,
            "success_die": t.success_die,
            "detection_dice": list(t.detection_dice),
            "succeeded": t.succeeded,
            "detection": str(t.detection),
        }

    return {
        "conspirator": result.plot.conspirator,
        "intrigue": result.plot.intrigue,
        "vigilance": {str(o.target): o.vigilance for o in result.outcomes},
        "targets": [
            {
                "target": str(o.target),
                "vigilance": o.vigilance,
                "test": test(o.test),
                "succeeded": o.succeeded,
                "spymaster_kingdom": o.spymaster_kingdom,
            }
            for o in result.outcomes
        ],
        "spymaster_tests": [
            {
                "kingdom": s.coverage.kingdom,
                "spymaster": s.coverage.spymaster,
                "covered": [str(t) for t in s.coverage.covered],
                "own_test_stands_in": s.coverage.doubled,
                "vigilance": s.vigilance,
                "test": test(s.test),
                "succeeded": s.succeeded,
            }
            for s in result.spymaster_tests
        ],
        "odds": {
            "any_success": str(odds.any_success),
            "targets": [
                {
                    "target": str(t.target),
                    "success": str(t.success),
                    "detected": str(t.test.detected),
                    "partial": str(t.test.partial),
                    "discreet": str(t.test.discreet),
                }
                for t in odds.targets
            ],
        },
        "successful": [str(t) for t in result.successful],
        "rolls": [r.to_dict() for r in result.rolls],
    }


def _resolve_plot(
    run: Run, seat: int, ability: Ability, planned: PlannedAbility, secrets: Secrets
) -> list[Frame]:
    """Roll the plot of the conspirator in ``seat``: its tests, the notes in the chests, and a
    frame bound to each successful target."""
    state = run.state
    plot, context = plot_setup(state, run.ruleset, seat, ability, planned, secrets)
    targets = plot.targets
    chances = odds.plot_odds(plot, context, run.ruleset)
    result = plots.resolve_plot(plot, context, run.dice, run.ruleset)
    # What the plot was and what it does, for the notes (§4.6): the ability's words, never its
    # source card (G21).
    about = PlotAbout(
        source=planned.source,
        ability=planned.ability,
        title=dict(ability.get("title", {})),
        text=dict(ability.get("text", {})),
    )
    aware: set[int] = set()  # who learns of the plot from a detection note (§4.6)
    for note in result.notes:
        data = PlotNote(
            **about,
            role=str(note.role),
            conspirator=note.conspirator,
            detection=str(note.detection) if note.detection else None,
            outcomes=[PlotOutcomeRow(target=str(t), succeeded=ok) for t, ok in note.outcomes],
        )
        state.player(note.recipient).notes.append(Note(state.turn, str(note.kind), dict(data)))
        run.events.append(private(Kind(note.kind), (note.recipient,), data, None))
        if note.kind is not plots.NoteKind.OUTCOME:
            aware.add(note.recipient)
            run.trigger("plot_detected", seat=note.recipient)
    for target in targets:
        # A discreet plot leaves its target unaware: "no sabrà quina capacitat o efecte ho ha
        # causat, ni qui n'ha estat el responsable" (§4.6), so it fires none of their reactions.
        if isinstance(target, plots.PlayerTarget) and target.seat in aware:
            run.trigger("plot_against_me", seat=target.seat)
    run.events.append(
        director(Kind.PLOT_RESOLVED, PlotResolved(**about, **plot_record(result, chances)), seat)
    )
    effect = tuple(ability.get("effect", []))
    bound = [
        Frame(
            effect, 0, seat, {"targets": t.seat if isinstance(t, plots.PlayerTarget) else t.kingdom}
        )
        for t in result.successful
    ]
    return list(reversed(bound))


# -- running ops ------------------------------------------------------------------------------


def _drive(run: Run, frames: list[Frame]) -> None:
    """Apply frames top of the stack first until done or until a decision is awaited."""
    while frames:
        frame = frames[-1]
        if frame.index >= len(frame.ops):
            frames.pop()
            continue
        op = frame.ops[frame.index]
        frames[-1] = frame.advanced()
        name = op.get("op")
        handler = HANDLERS.get(name) if isinstance(name, str) else None
        if handler is None:
            raise InvalidParameterError(_("Unknown op %(op)s.") % {"op": repr(op.get("op"))})
        if not _follow(run, frames, handler(run, frame, op)):
            return


def _follow(run: Run, frames: list[Frame], step: Step | Nested) -> bool:
    """Act on what an op asked for; False when the rest must wait for a decision."""
    if isinstance(step, list):
        frames.extend(step)
    elif isinstance(step, Nested):
        inner = Run(run.state, run.catalog, run.ruleset, run.dice, step.context)
        _drive(inner, list(step.frames))
        run.events.extend(inner.events)
    elif isinstance(step, Suspend):
        data = dict(step.data)
        if step.blocking:
            data["continuation"] = {
                "context": run.context.to_dict(),
                "frames": [f.to_dict() for f in frames],
            }
        pending = Pending(run.state.next_pending_id, step.kind, data, list(step.waiting_for))
        run.state.pending.append(pending)
        run.state.next_pending_id += 1
        run.events.append(
            director(
                Kind.PENDING_OPENED,
                PendingOpened(
                    pending=pending.id, pending_kind=step.kind, waiting_for=list(step.waiting_for)
                ),
                run.context.owner,
            )
        )
        return not step.blocking
    return True


# -- aborting ---------------------------------------------------------------------------------


def _aborted(
    state: GameState, seat: int, planned: PlannedAbility, exc: RuleError, secret: bool
) -> Outcome:
    """Nothing paid, nothing applied; the owner is told why (§4.2, §3.4).

    The Catalan rulebook ("Abortar capacitats") explains the reason "al seu propietari", to its
    owner, where the English digest says an action's reason is public: the original wins. The
    table sees that the action was aborted (it was shown to everyone); only its owner reads why.
    """
    data = Refusal(
        source=planned.source,
        ability=planned.ability,
        code=exc.code,
        reason=exc.message,
        reason_words=as_words(exc.message),
    )
    if not secret:
        shown = Aborted(source=planned.source, ability=planned.ability)
        return Outcome(
            state,
            (
                public(Kind.ABORTED, shown, seat),
                private(Kind.ABORT_REASON, (seat,), data, seat),
            ),
        )
    noted = state.clone()
    noted.player(seat).notes.append(Note(noted.turn, Kind.ABORTED, dict(data)))
    return Outcome(noted, (private(Kind.ABORTED, (seat,), Aborted(**data), seat),))
