"""One whole game played headless through the services the views use (rules §2, §3, §4.17).

The runner is the director and the table at once: it deals, lets each player keep objectives,
starts, and then loops on the stored state. Every pending decision is answered by the bot of
the seat asked (or by the director's default when the bot's choice is refused, as the director
would for an absent player); every phase's director steps are done in order; players plan,
trade and hand in from what their phones offer. It stops when the game is finished.

The game's dice come from its seed, derived from the simulation seed; the bots draw from their
own generator seeded the same way, so one seed gives one game.

With ``absent`` (``simulate(absent=N)``, ``manage.py simulate --absent N``), N seats drawn from
the seed have no player once the game has started: the runner never plans, trades, hands in or
decides for them (G60-G63, docs/absence.md). The director sets a deadline on every moment that
waits for players and lets it pass once only the absent are left: their missing answers take
their defaults (``services.clock``). After the first deadline that answered for them, the
director hands their seats to stand-ins (``simulator.stand_in``), who play from their phones'
views from then on; a deadline still passes for what a stand-in leaves unanswered. At the start
of turn 2 the director pauses the game and resumes it. Time is simulated (every clock call is
given its ``at``, from a fixed evening far ahead, so a page opened meanwhile, which ticks the
clock with the real time, finds nothing due): nothing sleeps, and one seed still gives one game.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from django.contrib.auth import get_user_model

from consell.content.catalog import load_catalog
from consell.content.models import Pack
from consell.game import game_rows
from consell.game.models import Event, Game
from consell.game.services import clock, decisions, games, planning, stand_ins, store, turn
from consell.projection.decisions import REGISTRY, DecisionSpec
from consell.rules import (
    absence,
    crisis_phase,
    endgame,
    phases,
    procedures,
    resolution,
)
from consell.rules import decisions as rules_decisions
from consell.rules import trades as rules_trades
from consell.rules.errors import RuleError
from consell.rules.production_phase import OPENED
from consell.rules.ruleset import Ruleset
from consell.rules.state import GameState, Phase, Status, card_id_of
from consell.simulator import stand_in
from consell.simulator.bots import Bot
from consell.simulator.mechanics import LastingTally

NAMES = (
    "Alice Bob Carles Dídac Elena Ferran Gemma Hug Irene Jordi Laia Marc Núria Oriol Pau Queralt"
).split()
DIRECTOR = "simulador"
DEFAULT_PACK = Path(__file__).resolve().parents[1] / "content" / "packs" / "default"
MAX_STEPS = 200_000
# The simulated clock of a game with absent seats: an evening far ahead of any real one, so
# that a page opened while it runs (which ticks the clock with the real time) finds nothing due.
EVENING = datetime(2100, 1, 1, 19, 0, tzinfo=UTC)
DEADLINE_MINUTES = 10
PAUSE = timedelta(hours=1)

AfterPhase = Callable[[Game, GameState], None]
# Called before every step of the loop, with the state the step will act on: a harness that
# must look at every decision the game waits for (not only at phase changes) hooks in here.
BeforeStep = Callable[[Game, GameState], None]
# The free text a bot writes where the app takes free text (a trade's information and
# promises, a text box of a tile): ``plant(where, seat)``. A harness plants markers with it.
Plant = Callable[[str, int], str]


class SimulationStuck(RuntimeError):
    """The game stopped moving: a bug in the services or the rules, described for the reader."""


@dataclass
class Played:
    """What a simulation leaves: the finished game and how the bots were overruled."""

    game: Game
    elapsed: float
    phases: int = 0
    calls: int = 0
    overruled: dict[str, int] = field(default_factory=dict)
    lasting_effects_applied: int = 0
    absent: tuple[int, ...] = ()  # the seats that had no player (``simulate(absent=N)``)


def game_seed(seed: int) -> str:
    """The game's own dice seed (64 hex digits) for a simulation seed."""
    return hashlib.sha256(f"consell-simulate:{seed}".encode()).hexdigest()


def default_pack() -> Pack:
    """The default content pack, loaded from its YAML the first time."""
    pack = Pack.objects.filter(slug="default").order_by("-version").first()
    if pack is None:
        from consell.content.loader import load_pack
        from consell.content.reader import read_pack

        pack, _ = load_pack(read_pack(DEFAULT_PACK))
    return pack


def simulate(
    players: int,
    turns: int,
    seed: int,
    *,
    pack: Pack | None = None,
    after_phase: AfterPhase | None = None,
    before_step: BeforeStep | None = None,
    plant: Plant | None = None,
    director: str = DIRECTOR,
    phone_secrets: bool = False,
    absent: int = 0,
) -> Played:
    """Play one game to its end and return it (see the module docstring).

    ``director`` names the user who owns the game, so someone who can log in may open it.
    ``phone_secrets``: every hand-in sends a secret, as a phone's browser does, so the plans
    are sealed under it and the turns' dice mix the players' entropy (``services.sealing``).
    ``absent``: how many seats have no player once the game has started (the module
    docstring); 0 plays every seat, exactly as before.
    """
    if not 0 <= absent <= players:
        raise ValueError("At most every seat can be absent.")
    started = time.perf_counter()
    runner = Runner(
        players, turns, seed, pack or default_pack(), after_phase, before_step, plant, director
    )
    if absent:
        runner.absent = absent_seats(players, absent, seed)
    if phone_secrets:
        runner.secrets = random.Random(f"phone secrets {seed}")
    runner.play()
    return Played(
        runner.game,
        time.perf_counter() - started,
        runner.phases,
        runner.calls,
        dict(runner.overruled),
        runner.lasting.applied,
        tuple(sorted(runner.absent)),
    )


def absent_seats(players: int, absent: int, seed: int) -> frozenset[int]:
    """The ``absent`` seats of ``players`` that have no player, drawn from the seed alone."""
    return frozenset(random.Random(f"absent seats {seed}").sample(range(1, players + 1), absent))


class Runner:
    """The loop: read the state, do the one thing it waits for, repeat."""

    def __init__(
        self,
        players: int,
        turns: int,
        seed: int,
        pack: Pack,
        after_phase: AfterPhase | None,
        before_step: BeforeStep | None = None,
        plant: Plant | None = None,
        director_name: str = DIRECTOR,
    ) -> None:
        if not 1 <= players <= len(NAMES):
            raise ValueError(f"The simulator seats 1 to {len(NAMES)} players.")
        self.bot = Bot(random.Random(seed), plant)
        # Draws each hand-in's secret as a phone would (``simulate(phone_secrets=True)``); apart
        # from the bots' own, so the same seed plays the same moves either way.
        self.secrets: random.Random | None = None
        self.after_phase = after_phase
        self.before_step = before_step
        self.plant = plant
        # The seats with no player (``simulate(absent=N)``), whether stand-ins play them yet,
        # whether the game was paused once, and the simulated time the director's clock reads.
        self.absent: frozenset[int] = frozenset()
        self.waited_in_vain = self.handed_over = self.paused_once = False
        self.now = EVENING
        self.phases = self.calls = 0
        self.overruled: dict[str, int] = {}
        director, _ = get_user_model().objects.get_or_create(username=director_name)
        self.game = games.create_game(
            director, f"Simulació {seed}", pack, NAMES[:players], seed=game_seed(seed)
        )
        self.gid = self.game.pk
        games.update_ruleset(self.gid, {"turns": turns})
        self.game.refresh_from_db(fields=["ruleset"])
        self.ruleset = Ruleset.from_dict(self.game.ruleset)
        self.catalog = load_catalog(pack)
        self.lasting = LastingTally(self.catalog)

    # -- the loop ----------------------------------------------------------------------

    def play(self) -> None:
        self._setup()
        where = None
        for _ in range(MAX_STEPS):
            state = self.state()
            now = (state.status, state.turn, state.phase)
            if now != where:
                where = now
                self.phases += 1
                if self.after_phase:
                    self.after_phase(self.game, state)
            if self.before_step:
                self.before_step(self.game, state)
            if state.status is Status.FINISHED:
                return
            self.calls += 1
            seq, watch = self.game.seq, self.lasting.before(state)
            if self.absent and self._absence(state):
                pass  # the clock, the director or a stand-in moved: read the state again
            elif not self._answer_pending(state):
                self._director_step(state)
            if watch:
                logged = Event.objects.filter(game_id=self.gid, seq__gt=seq).order_by("seq")
                self.lasting.after(logged.values_list("kind", "payload"))
        raise SimulationStuck(f"No end after {MAX_STEPS} steps; the game stands at {where}.")

    def state(self) -> GameState:
        # The row as a page reads it, without the state (``load_state`` takes the parsed copy
        # when the tag is this process's): the ORM's refresh built its query again at every
        # step, 8 % of B4.
        self.game = game_rows.read(self.gid)
        state = store.load_state(self.game)
        assert state is not None  # dealt in _setup
        return state

    def _setup(self) -> None:
        games.deal(self.gid)
        state = self.state()
        if self.before_step:  # the objectives on offer and the Kings' appointments (§2)
            self.before_step(self.game, state)
        for p in state.players:
            offer = p.objective_offer
            collective = [o for o in offer if self._scope(o) == "collective"]
            personal = [o for o in offer if self._scope(o) == "personal"]
            games.keep_objectives(
                self.gid, p.seat, self.bot.pick(collective), self.bot.pick(personal)
            )
        self.appointments(self.state())
        games.start(self.gid)

    def _scope(self, instance: str) -> str:
        return self.catalog[card_id_of(instance)].get("scope", "")

    def appointments(self, state: GameState, kingdom_id: int | None = None) -> None:
        """Kings fill vacant offices at random (§2 step 8, G24)."""
        for k in state.kingdoms:
            if k.king is None or (kingdom_id is not None and k.id != kingdom_id):
                continue
            if k.king in self.absent and state.status is Status.PLAYING:
                continue  # an absent King appoints nobody
            members = [s for s in state.members(k.id) if s != k.king]
            for office, holder in sorted(k.offices.items()):
                if holder is None and members and self.bot.appoints():
                    games.appoint(self.gid, k.king, office, self.bot.pick(members))

    # -- pending decisions (§4.3–§4.12) --------------------------------------------------

    def _answer_pending(self, state: GameState) -> bool:
        """Answer the oldest pending decision; False when only director steps are left."""
        found = next(
            (
                p
                for p in state.pending
                if p.kind != phases.STEP
                and (p.kind != endgame.END_OF_GAME or p.waiting_for)
                and not rules_decisions.held(state, p)
                and not self._absent_only(p.waiting_for)
            ),
            None,
        )
        if found is None:
            return False
        spec = REGISTRY.get(found.kind)
        if spec is None and found.kind in procedures.AUTOMATIC:
            decisions.run_procedure(self.gid, found.id)
            return True
        if spec is None:
            raise SimulationStuck(f"Pending {found.kind} {found.data} is no decision kind.")
        answer = spec.table(self, state, found)
        if answer is not None and answer.procedure:
            decisions.run_procedure(self.gid, found.id)
        elif answer is not None:
            decisions.decide(self.gid, found.id, answer.decision, seat=answer.seat)
        else:
            self._seat_decides(state, found, spec)
        return True

    def _seat_decides(self, state: GameState, pending, spec: DecisionSpec) -> None:
        """The seat asked makes the kind's bot move; a refused one, the director's fallback."""
        present = [s for s in pending.waiting_for if s not in self.absent]
        seat = present[0] if present else None
        if seat is None:
            raise SimulationStuck(f"Pending {pending.kind} {pending.data} waits for nobody.")
        choice = self.bot.decide(state, self.ruleset, pending, seat)
        try:
            decisions.decide(self.gid, pending.id, choice, seat=seat)
        except RuleError:
            self._overrule(pending.kind)
            fallback = spec.fallback(state, self.ruleset, pending, seat)
            decisions.decide(self.gid, pending.id, fallback, seat=None)

    def _overrule(self, kind: str) -> None:
        self.overruled[kind] = self.overruled.get(kind, 0) + 1

    # -- absent seats: stand-ins, deadlines, a pause (G60-G63) ----------------------------

    def _absent_only(self, seats) -> bool:
        """Whether ``seats`` are all absent: what they owe, the runner leaves alone."""
        return bool(self.absent) and bool(seats) and set(seats) <= self.absent

    def _absence(self, state: GameState) -> bool:
        """The director's clock and the stand-ins, before the table's own step; True when
        something changed (the loop reads the state again)."""
        paused = self.game.clock.get("paused")
        if paused:
            self.now += PAUSE
            clock.resume(self.gid, at=self.now)
            return True
        if state.status is not Status.PLAYING:
            return False
        if state.turn >= 2 and not self.paused_once:
            self.paused_once = True
            clock.pause(self.gid, resumes=self.now + PAUSE, at=self.now)
            return True
        if self.waited_in_vain and not self.handed_over and state.phase is not Phase.PLANNING:
            # The director waited once in vain: stand-ins play the absent seats from now on
            # (not in Planning, where a seat whose plan was handed in waits for the next turn).
            self.handed_over = True
            for seat in sorted(self.absent):
                stand_ins.hand_over(self.gid, seat)
            return True
        if self.handed_over and stand_in.play(self.gid):
            return True
        waits = absence.awaited(state)
        if not waits:
            return False
        clock_now = self.game.clock
        if clock_now.get("moment") != absence.moment(state) or not absence.awaited_within(
            state, clock_now.get("scope")
        ):  # a deadline covers what waited when it was set: a decision opened since gets one
            self.now += timedelta(minutes=1)
            clock.set_deadline(self.gid, minutes=DEADLINE_MINUTES, at=self.now)
            return True
        if not self._absent_only({w.seat for w in waits}):
            return False  # the players at the table answer first
        self.now += timedelta(minutes=DEADLINE_MINUTES + 1)
        if not clock.tick(game_rows.read(self.gid), at=self.now):
            raise SimulationStuck(
                f"The deadline passed and answered nothing; the game waits for {waits}."
            )
        self.waited_in_vain = True
        return True

    # -- the director's steps, phase by phase (§3) ---------------------------------------

    def _director_step(self, state: GameState) -> None:
        phase, gid = state.phase, self.gid
        if phase is Phase.DESTINY and phases.find_step(state, "destiny"):
            turn.reveal_destiny(gid)
        elif phase is Phase.PLANNING:
            if self._planning(state):
                turn.advance(gid)
        elif phase is Phase.ACTIONS and resolution.next_tile(state, "actions"):
            turn.resolve_next_action(gid)
        elif phase is Phase.SECRETS and resolution.VIGILANCE not in state.progress:
            turn.commit_vigilance(gid)
        elif phase is Phase.SECRETS and resolution.next_tile(state, "secrets"):
            turn.resolve_next_secret(gid)
        elif phase is Phase.ACQUISITION and phases.find_step(state, "auction"):
            turn.resolve_auction(gid)
        elif phase is Phase.CRISIS and crisis_phase.crises_waiting(state):
            turn.resolve_crisis(gid)
        elif phase is Phase.PRODUCTION and not state.progress.get(OPENED):
            turn.open_production(gid)
        elif phase is Phase.END_OF_TURN and phases.find_step(state, "end_of_turn"):
            turn.end_turn(gid)
        elif any(p.kind == endgame.END_OF_GAME for p in state.pending):
            self._finish()
        else:
            turn.advance(gid)

    def _finish(self) -> None:
        try:
            turn.finish_game(self.gid)
        except RuleError as exc:
            needs = exc.details.get("needs")
            if not needs:
                raise
            turn.finish_game(self.gid, self.bot.rules(needs))

    def _planning(self, state: GameState) -> bool:
        """The Court, then every player plans, maybe trades, and hands in (§3.2, G24, G34);
        False while an absent seat's plan is still missing (its deadline or stand-in hands
        it in)."""
        if not any(p.plan.handed_in for p in state.players):
            self.appointments(state)
        seats = [
            p.seat for p in state.players if not p.plan.handed_in and p.seat not in self.absent
        ]
        self.bot.rng.shuffle(seats)
        for seat in seats:
            self._plan(seat)
        for seat in seats:
            secret = f"{self.secrets.getrandbits(256):064x}" if self.secrets else None
            try:
                planning.hand_in(self.gid, seat, secret=secret)
            except RuleError:
                self._overrule("hand_in")
                planning.close_for(self.gid, seat)
        return not self.absent or all(p.plan.handed_in for p in self.state().players)

    def _plan(self, seat: int) -> None:
        state = self.state()
        tactic = self.bot.sacrifice(state, self.catalog, seat)
        if tactic:
            planning.sacrifice(self.gid, seat, tactic)
            state = self.state()
        for source, ability, params in self.bot.tiles(state, self.catalog, seat, self.ruleset):
            try:
                planning.add(self.gid, seat, source, ability, params)
            except RuleError:
                self._overrule("plan")
        offer = self.bot.trade(state, seat, self.ruleset)
        if offer and offer[0] in self.absent:
            offer = None  # nobody to bargain with
        if offer:
            to, gives, wants = offer
            information = promises = ""
            if self.plant:
                information = self.plant("trade information", seat)
                promises = self.plant("trade promises", seat)
            try:
                planning.propose_trade(
                    self.gid,
                    seat,
                    to,
                    rules_trades.Offer(resources=gives, information=information, promises=promises),
                    rules_trades.Offer(resources=wants),
                )
            except RuleError:
                self._overrule("trade")
                return
            offers = self.state().progress.get(planning.OFFERS, [])
            try:
                planning.answer_trade(self.gid, to, offers[-1]["id"], self.bot.accepts())
            except RuleError:
                self._overrule("trade")
