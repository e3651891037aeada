"""The turn runner: the director advances the phases and resolves each step (rules §3).

Every service here is keyed to where the game stands: the director's page sends the sequence
number it was rendered at (``expected_seq``), so a second click, a retry or a second tab acting
on an outdated page changes nothing. Secrets are resolved behind the screen: what they change
in public is held back and published as one batch when the phase closes (G52), and the
phones and the board show the game as it stood when Secrets began until then.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from consell.game import game_rows
from consell.game.models import Game
from consell.game.naming import kingdom_names, target_name
from consell.game.services import sealing
from consell.game.services.decisions import answer_triggers, record
from consell.game.services.planning import OFFERS, clear_offers
from consell.game.services.store import AlreadyApplied, DealtChange, dealt, load_state
from consell.rules import (
    acquisition,
    cards,
    crisis_phase,
    destiny,
    effects,
    end_of_turn,
    endgame,
    endgame_turns,
    phases,
    plots,
    production_phase,
    resolution,
)
from consell.rules.cards import Catalog
from consell.rules.effects_context import Context
from consell.rules.errors import IllegalTransitionError, InvalidParameterError, RuleError
from consell.rules.event_kinds import Kind
from consell.rules.events import Event, director
from consell.rules.payloads import Aborted, RunOn, payload
from consell.rules.snapshots import snapshot_event
from consell.rules.state import GameState, Phase


def advance(game_id: int, *, nonce=None, expected_seq=None) -> None:
    """Leave the current phase for the next (refused with the reasons when it cannot)."""
    with dealt(game_id, nonce=nonce, expected_seq=expected_seq) as ch:
        state = ch.state
        events: list[Event] = []
        if state.phase is Phase.PLANNING:
            sealing.close_planning(ch)
        if state.phase is Phase.PLANNING or state.progress.get(OFFERS):
            # Planning is over, or the phase a card let players trade in (Llibertat de comerç).
            state = state.clone()
            events += clear_offers(state)
        released: list[Event] = []
        if state.phase is Phase.SECRETS and not state.progress.get(resolution.CLOSED):
            released = resolution.held_triggers(state)
            closed = resolution.close_secrets(state, resolution.held_batch(state))
            state, events = closed.state, [*events, *closed.events]
        leaving = state.phase
        outcome = phases.advance(state, ch.ruleset)
        new = outcome.state
        ch.record(new, [*events, *outcome.events])
        answer_triggers(ch, outcome.events)  # "at the end of each turn" reactions (§3.8)
        _open_end_of_game(ch)
        if new.phase is Phase.SECRETS:
            ch.game.snapshot = new.to_dict()
        elif leaving is Phase.SECRETS:
            ch.game.snapshot = None
            # The batch is out: the reactions that secrets triggered are offered now (G52).
            answer_triggers(ch, released)


def reveal_destiny(game_id: int, *, nonce=None, expected_seq=None) -> None:
    """Reveal the next kingdom's destiny card and apply an event's effect at once (§3.1)."""
    with dealt(game_id, nonce=nonce, expected_seq=expected_seq) as ch:
        outcome, revelation = destiny.reveal_next(ch.state, ch.catalog, ch.ruleset, ch.dice)
        ch.record(outcome.state, outcome.events)
        if revelation.effect:
            context = Context(
                owner=None,
                kingdom=revelation.kingdom,
                group=revelation.kingdom is None,
                source=f"destiny:{revelation.card}",
            )
            applied = effects.apply_ops(
                ch.state, ch.catalog, ch.ruleset, ch.dice, revelation.effect, context
            )
            record(ch, applied)


def close_planning_for(game_id: int, seat: int, *, nonce=None) -> None:
    """See ``planning.close_for``; re-exported for the director's dashboard."""
    from consell.game.services.planning import close_for

    if Game.objects.filter(pk=game_id, state__isnull=True).exists():
        raise IllegalTransitionError(_("The cards have not been dealt yet."))
    close_for(game_id, seat, nonce=nonce)


def resolve_next_action(game_id: int, *, nonce=None, expected_seq=None) -> None:
    """Show, validate, pay and execute the next action in turn order (§3.3). Public."""
    with dealt(game_id, nonce=nonce, expected_seq=expected_seq) as ch:
        outcome = resolution.resolve_next(ch.state, ch.catalog, ch.ruleset, ch.dice, "actions")
        record(ch, outcome)


def commit_vigilance(game_id: int, *, nonce=None, expected_seq=None) -> None:
    """Cap and pay vigilance before any secret (G30)."""
    with dealt(game_id, nonce=nonce, expected_seq=expected_seq) as ch:
        outcome = resolution.commit_vigilance(ch.state, ch.catalog, ch.ruleset)
        ch.record(outcome.state, outcome.events)


def resolve_next_secret(
    game_id: int, *, nonce=None, expected_seq=None, entered_dice: list[int] | None = None
) -> None:
    """Resolve the next secret behind the screen, with the app's dice or the table's (§3.4).

    Public consequences are held back (G52); what the owner and the director may see is
    recorded now. Dice typed in from the table must be exactly the plot's, in its order
    (``table_dice``): a wrong count or value is refused before anything is applied, never
    left to abort the plot.
    """
    with dealt(
        game_id,
        nonce=nonce,
        expected_seq=expected_seq,
        entered_dice=entered_dice,
    ) as ch:
        if entered_dice is not None:
            _check_table_dice(ch, entered_dice)
        outcome = resolution.resolve_next(ch.state, ch.catalog, ch.ruleset, ch.dice, "secrets")
        if entered_dice is not None:
            _check_dice_used(ch, outcome.events)
        state, now = resolution.hold_batch(outcome.state, outcome.events)
        ch.record(state, now)
        answer_triggers(ch, outcome.events)


def table_dice(state: GameState, catalog: Catalog, ruleset, language: str) -> list[str] | None:
    """What each die typed for the next secret is for, in order; None when it rolls none.

    A plot rolls one test per target, then one per Spymaster test (§4.6, G29): a success die
    and two detection dice each (``plots.resolve_plot``).
    """
    found = resolution.next_tile(state, "secrets") if state.phase is Phase.SECRETS else None
    if found is None:
        return None
    seat, tile = found
    try:
        instance = effects.source_card(state, catalog, seat, tile.source)
        ability = cards.ability(catalog, instance, tile.ability)
        if not effects.plots_keyword(ability):
            return None
        plot, context = effects.plot_setup(
            state, ruleset, seat, ability, tile, resolution.secrets_for(state)
        )
    except RuleError:
        return None
    names = {p.seat: p.name for p in state.players}
    kingdoms = kingdom_names(state, catalog, language)
    tests = [
        _("the test against %(target)s") % {"target": target_name(t, names, kingdoms)}
        for t in plot.targets
    ]
    tests += [
        _("the test of the Spymaster %(name)s") % {"name": names.get(c.spymaster, c.spymaster)}
        for c in plots.coverages(plot, context)
        if not c.doubled
    ]
    return tests


def _check_table_dice(ch, entered: list[int]) -> None:
    """Refuse typed dice that are not the plot's: every value 1..6, three per test."""
    if any(isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6 for v in entered):
        raise InvalidParameterError(_("Each die is a whole number from 1 to 6."))
    tests = table_dice(ch.state, ch.catalog, ch.ruleset, (get_language() or "ca")[:2])
    if tests is None:
        raise InvalidParameterError(
            _("This secret rolls no plot dice; resolve it with the app's dice.")
        )
    if len(entered) != 3 * len(tests):
        order = "; ".join(
            _("dice %(first)s to %(last)s: %(test)s (success, then two for detection)")
            % {"first": 3 * i + 1, "last": 3 * i + 3, "test": test}
            for i, test in enumerate(tests)
        )
        raise InvalidParameterError(
            _("This plot needs %(needed)s dice and %(typed)s were typed. In order, %(order)s.")
            % {"needed": 3 * len(tests), "typed": len(entered), "order": order},
            needed=3 * len(tests),
        )


def _check_dice_used(ch, events) -> None:
    """Typed dice are all used, or the step is refused: a plot that aborts before its dice
    (it cannot be paid) is resolved with the app's button, which rolls nothing either."""
    aborted = next((ev for ev in events if ev.kind == Kind.ABORTED), None)
    if aborted is not None and ch.dice.values:
        raise InvalidParameterError(
            _(
                "This plot is aborted before any die is rolled (%(reason)s); nothing was done. "
                "Resolve it with the app's button: no die is used."
            )
            % {"reason": payload(aborted, Aborted).get("reason", "")}
        )
    code = payload(aborted, Aborted).get("code") if aborted is not None else None
    if ch.dice.values or code == "dice_exhausted":
        raise InvalidParameterError(
            _("The plot did not use the dice typed as expected; nothing was done.")
        )


def resolve_auction(game_id: int, *, nonce=None, expected_seq=None) -> None:
    """The blind auction behind the screen, then the market refresh (§3.5, §4.9)."""
    with dealt(game_id, nonce=nonce, expected_seq=expected_seq) as ch:
        outcome = acquisition.resolve_acquisition(ch.state, ch.catalog, ch.ruleset, ch.dice)
        record(ch, outcome)


def resolve_crisis(game_id: int, *, nonce=None, expected_seq=None) -> None:
    """The next crisis in kingdom order: contributions, threshold, reward or penalty (§4.10)."""
    with dealt(game_id, nonce=nonce, expected_seq=expected_seq) as ch:
        outcome = crisis_phase.resolve_next_crisis(ch.state, ch.catalog, ch.ruleset, ch.dice)
        record(ch, outcome)


# "Resolve the rest": the steps no one is asked anything in, one after another, each its own
# change with its own events, as if the director had pressed its button each time. Where a
# person is needed (a pending decision) it stops; the phase then runs on as the answers come
# in (``carry_on``), until its steps are done. The director moves on to the next phase, so the
# table keeps its pace. Typed dice are a step of their own, never run on.
PLAIN_STEPS_AT_MOST = 200
_running: ContextVar[bool] = ContextVar("running_the_rest", default=False)


def plain_step(state: GameState, *, behind_decisions: bool = False):
    """The service of the next step that asks nobody anything, or None. With
    ``behind_decisions``, the one that will be next once the pending decisions are answered."""
    if not behind_decisions and any(p.kind != phases.STEP for p in state.pending):
        return None
    if state.phase is Phase.DESTINY and phases.find_step(state, destiny.DESTINY_STEP):
        return reveal_destiny
    if state.phase is Phase.ACTIONS and resolution.next_tile(state, "actions"):
        return resolve_next_action
    if (
        state.phase is Phase.SECRETS
        and resolution.VIGILANCE in state.progress
        and resolution.next_tile(state, "secrets")
    ):
        return resolve_next_secret
    if state.phase is Phase.CRISIS and crisis_phase.crises_waiting(state):
        return resolve_crisis
    return None


@dataclass(frozen=True)
class Ran:
    """What ``resolve_the_rest`` did: ``done`` steps; ``stopped``, why a step was refused after
    others had run (those are saved, so the refusal is news, not a failure); ``running_on``,
    whether the phase goes on as the answers come in."""

    done: int
    stopped: str
    running_on: bool


def resolve_the_rest(game_id: int, *, nonce=None, expected_seq=None) -> Ran:
    """Run the phase's plain steps in order until one needs a person, and let the phase run
    on from there (``carry_on``). The n-th step is keyed ``nonce:n``: the
    same request sent again is refused as already applied at its first step, and runs nothing
    more."""
    key = nonce[:48] if nonce else None  # room for ":n" in the 64 characters a key keeps
    if key and game_rows.claimed(game_id, f"{key}:0"):
        raise AlreadyApplied
    done, stopped = 0, ""
    token = _running.set(True)
    try:
        for n in range(PLAIN_STEPS_AT_MOST):
            state = load_state(game_rows.read(game_id))
            step = plain_step(state) if state is not None else None
            if step is None:
                if state is not None and plain_step(state, behind_decisions=True):
                    _run_on(game_id, f"{key}:on" if key else None)
                break
            try:
                step(
                    game_id,
                    nonce=f"{key}:{n}" if key else None,
                    expected_seq=expected_seq if n == 0 else None,
                )
            except (AlreadyApplied, RuleError) as exc:
                if n == 0:
                    raise
                stopped = str(exc)
                break
            done += 1
    finally:
        _running.reset(token)
    state = load_state(game_rows.read(game_id))
    running_on = bool(
        state and state.progress.get(phases.RUN_ON) and plain_step(state, behind_decisions=True)
    )
    if not done and not stopped and not running_on:
        raise IllegalTransitionError(_("Nothing is left to resolve without a person's answer."))
    return Ran(done, stopped, running_on)


def _run_on(game_id: int, nonce: str | None) -> None:
    """Mark the phase as running on, logged for the director and the audit."""
    with dealt(game_id, nonce=nonce) as ch:
        if ch.state.progress.get(phases.RUN_ON):
            return
        new = ch.state.clone()
        new.progress[phases.RUN_ON] = True
        ch.record(new, [director(Kind.RUN_ON, RunOn(phase=str(new.phase)))])


def carry_on(sender=None, *, game_id: int, runs_on: bool = False, **kwargs) -> None:
    """After a committed change whose phase runs on: if no decision is pending any more,
    resolve the next plain steps (a receiver of ``game_changed``, so a failure here is logged
    and never turns the change that was saved into an error). Any other change costs nothing."""
    if not runs_on or _running.get():
        return
    state = load_state(game_rows.read(game_id))
    if state is None or not state.progress.get(phases.RUN_ON) or plain_step(state) is None:
        return
    resolve_the_rest(game_id)


def open_production(game_id: int, *, nonce=None, expected_seq=None) -> None:
    """Work out what each kingdom produces and ask each distributor on their phone (§4.11)."""
    with dealt(game_id, nonce=nonce, expected_seq=expected_seq) as ch:
        record(ch, production_phase.open_production(ch.state, ch.catalog, ch.ruleset))


def end_turn(game_id: int, *, nonce=None, expected_seq=None) -> None:
    """Chests back, a tactic each, lasting events count down, the next turn (§3.8).

    After the last turn everything is revealed and the end-of-game reactions are offered in
    turn order (§4.17); a snapshot of every chest and indicator is kept for the audit's charts.
    """
    with dealt(game_id, nonce=nonce, expected_seq=expected_seq) as ch:
        before = ch.state
        outcome = end_of_turn.end_turn(ch.state, ch.ruleset, ch.dice)
        ch.record(outcome.state, [*outcome.events, snapshot_event(before)])
        answer_triggers(ch, outcome.events)
        _open_end_of_game(ch)


def _open_end_of_game(ch: DealtChange) -> None:
    """After the last turn, the first player in turn order is asked for their first
    end-of-game reaction (§4.17 step 2; ``endgame_turns``)."""
    if not endgame_turns.opened(ch.state):
        opened = endgame_turns.open_turns(ch.state, ch.catalog, ch.ruleset, ch.dice)
        ch.record(opened.state, opened.events)


def finish_game(
    game_id: int, rulings: dict | None = None, *, nonce=None, expected_seq=None
) -> None:
    """Apply the director's rulings on objectives, compare Prestige and name the winners, once
    the end-of-game turns are over (§4.17, G48)."""
    with dealt(game_id, nonce=nonce, expected_seq=expected_seq) as ch:
        outcome = endgame.finish_game(ch.state, rulings or {})
        ch.record(outcome.state, [*outcome.events, snapshot_event(outcome.state)])
