"""The only way game state changes: lock, apply, log, save, broadcast after commit.

Every service runs its work inside ``change(game_id)``: the game row is locked (a queue on
SQLite, whose write transactions start IMMEDIATE, and ``SELECT ... FOR UPDATE`` on
PostgreSQL), the rules engine computes an ``Outcome``, and ``Change.record`` appends its events
with consecutive sequence numbers, stores the dice drawn, and saves the new state, all in one
transaction. The "game changed" signal (``consell.game.signals``) goes out with
``transaction.on_commit``, never before.
A hand-in goes through ``together``, which applies the hand-ins that arrive at once in one
such change (``open_dealt``, each applied in turn, ``save``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import TypedDict, Unpack

import orjson
from django.db import transaction
from django.http import Http404
from django.utils.translation import gettext as _

from consell.content.catalog import load_catalog
from consell.game import chain_rows, game_rows, log_cache, state_cache
from consell.game.access import keep_row
from consell.game.models import DiceRoll, Event, Game, PhaseRecord
from consell.game.naming import when
from consell.game.signals import announce, game_changed
from consell.rules import audience, phases
from consell.rules.audience import Viewer
from consell.rules.dice import HmacDice, PhysicalDice, Roll, turn_key
from consell.rules.errors import IllegalTransitionError
from consell.rules.events import Event as RuleEvent
from consell.rules.ruleset import Ruleset
from consell.rules.state import GameState


class AlreadyApplied(Exception):
    """The same request (nonce) was applied before; the caller answers as if it just had."""


class StaleRequest(Exception):
    """The request was made from a page that no longer shows the current game."""


@dataclass
class Change:
    """An open change of one game: its locked row and the state being built."""

    game: Game
    state: GameState | None
    ruleset: Ruleset
    dice: HmacDice | PhysicalDice
    # The director corrected the game or decided in a player's place: marked in the audit.
    by_director: bool = False
    events: list[Event] = field(default_factory=list)
    touched: bool = False  # something changed that no event records (e.g. a ruleset edit)
    touched_public: bool = False
    touched_seats: set[int] = field(default_factory=set)
    # The snapshot and ruleset as read, to save only what changed.
    loaded: tuple[dict | None, dict] = (None, {})
    # The turn, phase and status as the change began: the chain's head is published when
    # they move on (``chain_rows.publish``).
    began: tuple[int, str, str] | None = None
    # Columns of the game's row this change set besides those every change writes
    # (``clock``, ``stand_ins``: ``services.clock``, ``services.stand_ins``).
    row_fields: set[str] = field(default_factory=set)

    def touch(self, *, public: bool = False, seats: Iterable[int] = ()) -> None:
        """Mark viewers to refresh although no event was recorded."""
        self.touched = True
        self.touched_public = self.touched_public or public
        self.touched_seats.update(seats)

    @cached_property
    def catalog(self):
        """The pack's cards (shared and read-only, ``consell.content.catalog``)."""
        return load_catalog(self.game.pack)

    def record(
        self,
        state: GameState | None,
        events: Iterable[RuleEvent],
        *,
        actor: int | None = None,
    ) -> None:
        """Append events (with the state's turn and phase) and keep the new state."""
        if state is not None:
            self.state = state
        turn = self.state.turn if self.state else 0
        phase = str(self.state.phase) if self.state else ""
        for ev in events:
            self.game.seq += 1
            self.events.append(
                Event(
                    game=self.game,
                    seq=self.game.seq,
                    turn=turn,
                    phase=phase,
                    kind=ev.kind,
                    actor=ev.actor if ev.actor is not None else actor,
                    by_director=self.by_director,
                    payload=_json_safe(ev.data),
                    audience=ev.audience if isinstance(ev.audience, str) else list(ev.audience),
                    reveal_at_end=ev.reveal_at_end,
                    salt=chain_rows.new_salt(),
                )
            )


class Options(TypedDict, total=False):
    """How a change is asked for: ``nonce`` (a repeated form is "already done"),
    ``expected_seq`` (the version the page showed), ``by_director`` (marked in the audit),
    ``entered_dice`` (the table's dice instead of the app's), ``while_paused`` (a change that
    may run while the game is paused: the director's, or the clock's own)."""

    nonce: str | None
    expected_seq: int | None
    by_director: bool
    entered_dice: list[int] | None
    while_paused: bool


# The account a director's request acts as (``acting_for``), or None (a phone, the simulator).
_ACTING: ContextVar[int | None] = ContextVar("consell_acting_director", default=None)


@contextmanager
def acting_for(director_id: int) -> Iterator[None]:
    """Within the block, every change is the request of the account ``director_id``, and is
    refused (404, as to anyone who does not direct the game) unless that account directs the
    game, as the row the change locks says. A director's step was checked on a read of the
    row of its own before it was locked: a round trip on the path of every change the
    director makes (B1, docs/performance.md); ``access.directing`` now checks first on a row
    this process already read, and the change checks here on the row it locks."""
    token = _ACTING.set(director_id)
    try:
        yield
    finally:
        _ACTING.reset(token)


@contextmanager
def change(game_id: int, **options: Unpack[Options]) -> Iterator[Change]:
    """Lock the game, hand out a ``Change``, and save everything it recorded on exit."""
    with transaction.atomic():
        ch = _open(game_id, options)
        yield ch
        save(ch)


@dataclass
class DealtChange(Change):
    """A change of a game whose cards are dealt: there is a state to act on."""

    state: GameState


@contextmanager
def dealt(game_id: int, **options: Unpack[Options]) -> Iterator[DealtChange]:
    """``change`` for a step that acts on the dealt game: before the deal there is no state
    to act on, and the step says so instead of failing (rules §2)."""
    with transaction.atomic():
        ch = open_dealt(game_id, options)
        yield ch
        save(ch)


def open_dealt(game_id: int, options: Options) -> DealtChange:
    """Lock a dealt game and read it, as ``dealt`` does, inside the caller's transaction."""
    opened = _open(game_id, options)
    if opened.state is None:
        raise IllegalTransitionError(_("The cards have not been dealt yet."))
    ch = DealtChange(opened.game, opened.state, opened.ruleset, opened.dice, opened.by_director)
    ch.loaded, ch.began = opened.loaded, opened.began
    return ch


def _open(game_id: int, options: Options) -> Change:
    """Lock the game row, refuse a repeated or outdated request, and read state and dice."""
    nonce, expected_seq = options.get("nonce"), options.get("expected_seq")
    entered_dice = options.get("entered_dice")
    # The nonce first: a form sent again is "already done", not "from an outdated page". It
    # is claimed before the row is locked, so that 16 phones handing in at once do not claim
    # theirs one at a time (B3, docs/performance.md); the claim is undone with the change.
    if nonce and not game_rows.claim(game_id, nonce):
        raise AlreadyApplied
    acting = _ACTING.get()
    try:
        game = game_rows.lock(game_id)
    except Game.DoesNotExist:
        if acting is None:
            raise
        raise Http404 from None  # a director's step on a game that is not there
    if acting is not None and game.director_id != acting:
        raise Http404  # as to anyone else: it says nothing of whether the game exists
    if expected_seq is not None and expected_seq != game.seq:
        raise StaleRequest
    if game.clock.get("paused") and not (
        acting is not None or options.get("by_director") or options.get("while_paused")
    ):
        raise IllegalTransitionError(paused_message(game))
    state = load_state(game)
    dice: HmacDice | PhysicalDice
    key, label = dice_key(game)
    if entered_dice is not None:
        dice = PhysicalDice(entered_dice, counter=game.dice_counter, seed=key, key=label)
    else:
        dice = HmacDice(key, counter=game.dice_counter, key=label)
    ruleset = ruleset_of(game)
    by_director = options.get("by_director", False)
    return Change(
        game,
        state,
        ruleset,
        dice,
        by_director,
        loaded=(game.snapshot, game.ruleset),
        began=_moment(state),
    )


def paused_message(game: Game) -> str:
    """What a player who acts on a paused game is told (G63)."""
    resumes = game.clock.get("paused", {}).get("resumes")
    if resumes:
        return _("The game is paused until %(when)s; nothing was done.") % {"when": when(resumes)}
    return _("The game is paused; nothing was done. The director resumes it.")


def dice_key(game: Game) -> tuple[bytes, str]:
    """The key the game's dice draw with now, and its name: the seed alone, or the last
    closed turn's key (``consell.rules.dice.turn_key``, ``services.sealing``)."""
    if not game.dice_key:
        return game.seed_bytes, ""
    turn = int(game.dice_key["turn"])
    return turn_key(game.seed_bytes, turn, game.dice_key["entropies"]), f"turn:{turn}"


def _moment(state: GameState | None) -> tuple[int, str, str] | None:
    return None if state is None else (state.turn, str(state.phase), str(state.status))


def ruleset_of(game: Game) -> Ruleset:
    """``game``'s ruleset, read only: parsed and validated once per process (``_ruleset``)."""
    return _ruleset(orjson.dumps(game.ruleset, option=orjson.OPT_SORT_KEYS))


@lru_cache(maxsize=64)
def _ruleset(stored: bytes) -> Ruleset:
    """A game's ruleset, parsed and validated once per process and per content (keyed by its
    JSON, keys sorted): a ruleset is frozen, and parsing it at every change was 3% of one."""
    return Ruleset.from_dict(orjson.loads(stored))


def load_state(game: Game) -> GameState | None:
    """The row's state, its own copy (``game.state_tag`` read fresh; ``state`` and ``snapshot``
    may be deferred): this process's parsed copy when it carries the row's tag, else the row's
    JSON. ``game.state`` and ``game.snapshot`` are set to what the row holds."""
    entry = state_cache.get(game.pk, game.state_tag)
    if entry is None or state_cache.CHECK:
        # The tag is read again with the state: a change committed since ``game`` was read
        # (by another thread) makes them the row's next version, read together.
        stored, snapshot, tag = (
            Game.objects.filter(pk=game.pk).values_list("state", "snapshot", "state_tag").get()
        )
        if entry is None or tag != game.state_tag:
            game.state, game.snapshot, game.state_tag = stored, snapshot, tag
            return GameState.from_dict(stored) if stored else None
        state_cache.check(game.pk, entry, stored, snapshot)
    game.state, game.snapshot = entry.raw, entry.snapshot
    if entry.state is None:  # kept by a page that read the row: not parsed yet
        return GameState.from_dict(entry.raw) if entry.raw else None
    return entry.state.clone()


def save(ch: Change) -> None:
    """Append what ``ch`` recorded, write its state and versions; notices after the commit."""
    game = ch.game
    first_seq = ch.events[0].seq if ch.events else game.seq
    before = (first_seq - 1 if ch.events else game.seq, game.state_tag)
    rolls: list[Roll] = ch.dice.rolls
    dice = [
        DiceRoll(
            game=game,
            counter=r.counter,
            sides=r.sides,
            value=r.value,
            kind=r.kind,
            purpose=r.purpose[:200],
            entered=r.entered,
            key=r.key,
            event_seq=first_seq,
        )
        for r in rolls
    ]
    closing = (game.state, ch.loaded[0], before[0], game.links)  # as the table last saw it
    chain_rows.seal(game, ch.events, dice)
    published = ch.began is not None and _moment(ch.state) != ch.began
    if ch.began is not None and published:
        chain_rows.publish(game, *ch.began[:2])
        _keep_closing(game, ch.began, *closing)
        if game.clock.get("deadline"):
            # A deadline belongs to the moment that waited; the game moved on (G60).
            game.clock = clock_lapsed(game.clock)
            ch.row_fields.add("clock")
    keys = game_rows.append(ch.events, ids=True)
    game_rows.append(dice)
    game.dice_counter = ch.dice.counter
    game.state = ch.state.to_dict() if ch.state is not None else None
    bumped = _bump_versions(game, ch)
    # Only what changed: the whole state is rewritten at every change, the Secrets snapshot
    # and the ruleset seldom are.
    game.state_tag = state_cache.new_tag()
    fields = ["dice_counter", "state", "state_tag", "seq", "versions", "updated_at"]
    fields += ["links", "chain_head", "dice_key", *(["heads"] if published else [])]
    snapshot, ruleset = ch.loaded
    fields += ["snapshot"] if game.snapshot is not snapshot else []
    fields += ["ruleset"] if game.ruleset is not ruleset else []
    fields += sorted(ch.row_fields)
    game_rows.write(game, fields)
    # Kept at once, not on commit: a write rolled back leaves an entry whose tag no row holds.
    # The change's own state is kept, not a copy: nothing writes to it once it is saved (the
    # suite's CHECK compares it with the row at every later use), and each use clones it.
    state_cache.put(game.pk, state_cache.Entry(game.state_tag, ch.state, game.state, game.snapshot))
    keep_row(game_rows.as_read(game))  # and its row, which the pages rendered at once read
    if keys is not None:  # and, once committed, its entries, which they read too
        written = [log_cache.entry_of(ev, key) for ev, key in zip(ch.events, keys, strict=True)]
        after = (game.seq, game.state_tag)
        transaction.on_commit(lambda: log_cache.keep_written(game, before, after, written))
    if bumped:
        runs_on = bool(ch.state is not None and ch.state.progress.get(phases.RUN_ON))
        stand_ins = bool(game.stand_ins)
        transaction.on_commit(
            lambda: announce(
                game_changed,
                game_id=game.pk,
                versions=bumped,
                runs_on=runs_on,
                stand_ins=stand_ins,
            )
        )


DEADLINE_KEYS = (
    *("deadline", "minutes", "moment", "scope", "stopped_left", "stopped_by_pause"),
    *("reminded", "passed"),
)


def clock_lapsed(clock: dict) -> dict:
    """``clock`` without its deadline: the moment it was set for is over."""
    return {k: v for k, v in clock.items() if k not in DEADLINE_KEYS}


def _keep_closing(
    game: Game,
    began: tuple[int, str, str],
    state: dict | None,
    snapshot: dict | None,
    seq: int,
    links: int,
) -> None:
    """Keep the game as the phase ``began`` names closed, for the replays: the state the
    table was shown up to this change, the Secrets snapshot the phones and the board showed
    meanwhile, and how far the log and the chain had gone (docs/audit-log.md, "Replays")."""
    if state is None:
        return
    number = PhaseRecord.objects.filter(game_id=game.pk).count() + 1
    turn, phase, status = began
    record = PhaseRecord(
        game=game,
        number=number,
        turn=turn,
        phase=phase,
        status=status,
        seq=seq,
        links=links,
        state=state,
        snapshot=snapshot,
    )
    game_rows.append([record])


def _bump_versions(game: Game, ch: Change) -> dict[str, int]:
    """Raise the version of every viewer who may read something this change recorded.

    Who reads an event is the one audience rule's (``consell.rules.audience``): public events
    reach everyone, private ones their seats, the director sees all. While Secrets are resolved
    behind the screen (G52) what they record wakes no phone, not even its owner's: waking it
    would tell the table when and at which step a secret touched someone; everyone is woken by
    the public batch that closes the phase. A ``touch`` (a change no event records) wakes whom
    it names.
    """
    readers = [Viewer("director"), Viewer("public")]
    readers += [Viewer("seat", position) for position in _seat_positions(game, ch)]
    # Behind the screen only when the change began there: the change that enters Secrets is
    # public (everyone sees the phase begin) and the one that leaves it publishes the batch.
    state = ch.state
    behind = state is not None and game.snapshot is not None and ch.loaded[0] is not None
    moment = audience.behind_screen(state.turn) if state is not None and behind else audience.LIVE
    woken: set[str] = set()
    if ch.events or ch.dice.rolls or ch.touched:
        woken.add("director")
    if ch.touched_public:
        woken.update(reader.key for reader in readers)
    elif not behind:
        woken.update(f"seat:{position}" for position in ch.touched_seats)
    for reader in readers:
        if reader.key not in woken and any(
            audience.may_read(ev, reader, moment) for ev in ch.events
        ):
            woken.add(reader.key)
    versions = dict(game.versions or {})
    for key in woken:
        versions[key] = versions.get(key, 0) + 1
    game.versions = versions
    return {key: versions[key] for key in woken}


def _seat_positions(game: Game, ch: Change) -> list[int]:
    if ch.state is not None:
        return [p.seat for p in ch.state.players]
    return list(game.seats.values_list("position", flat=True))


def _json_safe(value):
    """Events carry plain JSON: enums become strings, tuples lists, sets sorted lists, and a
    whole float its integer (the hash chain encodes whole numbers only, ``rules.chain``)."""
    if isinstance(value, dict):
        return {str(k): _json_safe(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json_safe(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(_json_safe(v) for v in value)
    if hasattr(value, "to_dict"):
        return _json_safe(value.to_dict())
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str | int | float | bool) or value is None:
        return value if not isinstance(value, str) else str(value)
    if hasattr(value, "__dataclass_fields__"):
        from dataclasses import asdict

        return _json_safe(asdict(value))
    return str(value)
