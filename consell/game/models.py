"""What the app remembers of a game: the game row, its seats, the event log and its dice.

The event log is the memory (docs/principles.md, principle 2). The current state is kept beside it
as the rules engine's own ``GameState`` serialised to JSON in ``Game.state``: the engine reads and
returns whole states, so storing it whole means one write per change, no mapping layer that
could drift from the rules, and every card provably in exactly one place. Both are written in
the same transaction by ``consell.game.services.store``, the only writer.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from consell.game.state_json import StateDecoder, StateEncoder
from consell.rules.errors import IllegalTransitionError
from consell.rules.ruleset import Ruleset
from consell.rules.state import GameState


def new_seed() -> str:
    """A fresh secret dice seed (docs/principles.md, principle 5): 32 random bytes as hex."""
    return secrets.token_hex(32)


def _new_token() -> str:
    return secrets.token_urlsafe(24)


def _default_ruleset() -> dict:
    return Ruleset.default().to_dict()


class Game(models.Model):
    """One evening's game, run by one director."""

    director = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="games"
    )
    name = models.CharField(_("name"), max_length=120)
    # The content pack version the game was created with, for good: an installed version's
    # cards never change once a game uses it (consell.content.loader), so the game keeps the
    # cards it was dealt whatever is loaded later.
    pack = models.ForeignKey("content.Pack", on_delete=models.PROTECT, related_name="games")
    ruleset = models.JSONField(_("ruleset"), default=_default_ruleset)
    seed = models.CharField(max_length=64, default=new_seed, editable=False)
    commitment = models.CharField(max_length=64, editable=False)
    dice_counter = models.PositiveIntegerField(default=0)
    state = models.JSONField(null=True, blank=True, encoder=StateEncoder, decoder=StateDecoder)
    # The state as Secrets began: what the phones and the board show until the phase closes,
    # so nobody learns which secret did what, or in which order (rules G52).
    snapshot = models.JSONField(null=True, blank=True, encoder=StateEncoder, decoder=StateDecoder)
    seq = models.PositiveIntegerField(default=0)
    # Drawn anew at every write of ``state`` or ``snapshot`` (``store.save``, their only
    # writer), events or not: the key of each process's parsed state (``state_cache``). Random,
    # not a counter, so the tag of a write that was rolled back never names a stored state.
    state_tag = models.PositiveBigIntegerField(default=0, editable=False)
    # Per-viewer counters ("director", "public", "seat:<n>") bumped when that viewer can see
    # something new; websocket notices carry them so a phone can spot a gap without learning
    # how many hidden events happened in between.
    versions = models.JSONField(default=dict)
    # The hash-chained log (``consell.rules.chain``): how many links (events and rolls) it
    # has, its newest hash, and the head as each phase closed, which every phone and the board
    # show and the phones keep (docs/audit-log.md).
    links = models.PositiveIntegerField(default=0)
    chain_head = models.CharField(max_length=64, blank=True, default="")
    heads = models.JSONField(default=list)
    # The key the dice draw with: {} for the seed alone, else the last closed turn's
    # {"turn": N, "entropies": {seat: hex}} (``consell.rules.dice.turn_key``).
    dice_key = models.JSONField(default=dict)
    # Time and absence (``services.clock``, docs/absence.md): the deadline of the moment that
    # waits for players, and the pause of a game played over several evenings; written only by
    # ``store.save``, with the events that say so.
    clock = models.JSONField(default=dict)
    # The seats a stand-in plays (``services.stand_ins``), by position.
    stand_ins = models.JSONField(default=list)
    board_token = models.CharField(max_length=64, unique=True, default=_new_token)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name

    @property
    def seed_bytes(self) -> bytes:
        return bytes.fromhex(self.seed)

    @property
    def status(self) -> str:
        return (self.state or {}).get("status", "setup")

    @property
    def finished(self) -> bool:
        return self.status == "finished"

    def dealt_state(self) -> GameState:
        """The rules' state of a dealt game; before the deal there is none to read (rules §2)."""
        if self.state is None:
            raise IllegalTransitionError(gettext("The cards have not been dealt yet."))
        return GameState.from_dict(self.state)


class Seat(models.Model):
    """A player's place at the table, opened from a phone by its private join link."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()  # the seat number in the rules state, 1..N
    name = models.CharField(_("name"), max_length=60)
    token = models.CharField(max_length=64, unique=True, default=_new_token)
    reissued = models.PositiveIntegerField(default=0)
    # Told by e-mail when the game waits for this seat, if its player opted in from the phone
    # (``consell.live.notify``): never a word of the game's secrets.
    email = models.EmailField(_("e-mail"), blank=True)
    notify = models.BooleanField(_("notify me by e-mail"), default=False)
    # What the game last waited for from this seat when it was told (no second e-mail for it).
    notified = models.CharField(max_length=200, blank=True, default="")
    # The log's last entry this seat's phone showed, and when: the recap starts after it.
    seen_seq = models.PositiveIntegerField(default=0)
    seen_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_unique_position")
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.game})"


class Event(models.Model):
    """One entry of the append-only event log, with who may see it (docs/principles.md,
    principle 2)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    turn = models.PositiveSmallIntegerField(default=0)
    phase = models.CharField(max_length=20, blank=True)
    kind = models.CharField(max_length=40)
    actor = models.SmallIntegerField(null=True, blank=True)  # seat position
    by_director = models.BooleanField(default=False)
    payload = models.JSONField(default=dict)
    audience = models.JSONField(default=list)  # "public" | "director" | [seat positions]
    reveal_at_end = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # Its place in the game's hash chain, the chain's hash there, and the random salt its
    # digest covers, revealed only with the event (``consell.rules.chain``).
    link = models.PositiveIntegerField(null=True)
    chain = models.CharField(max_length=64, blank=True, default="")
    salt = models.CharField(max_length=32, blank=True, default="")

    class Meta:
        ordering = ["game", "seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="event_unique_seq")]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.seq} {self.kind}"


class DiceRoll(models.Model):
    """Every number the app drew for a game, to be recomputed from the seed at the end."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rolls")
    counter = models.PositiveIntegerField()
    sides = models.PositiveIntegerField()
    value = models.IntegerField()
    kind = models.CharField(max_length=10, default="die")
    purpose = models.CharField(max_length=200, blank=True)
    entered = models.BooleanField(default=False)
    event_seq = models.PositiveIntegerField(null=True)
    key = models.CharField(max_length=16, blank=True, default="")  # ``Roll.key``
    link = models.PositiveIntegerField(null=True)  # as an event's (``consell.rules.chain``)
    chain = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ["game", "counter"]
        constraints = [
            models.UniqueConstraint(fields=["game", "counter"], name="roll_unique_counter")
        ]

    def __str__(self) -> str:
        return f"{self.game_id} roll #{self.counter}: {self.value}"


class PhaseRecord(models.Model):
    """The game as one phase closed (or a status moved on), kept for the replays
    (docs/audit-log.md, "Replays"): the state the table was shown just before the change that
    closed it, the Secrets snapshot the phones and the board showed meanwhile if one was kept
    (G52), and how far the log and its chain had gone. Written by ``store.save``, in the same
    transaction as the change, and never changed."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="phase_records")
    number = models.PositiveIntegerField()  # 1, 2, 3... in the order the phases closed
    turn = models.PositiveSmallIntegerField()
    phase = models.CharField(max_length=20)
    status = models.CharField(max_length=20)
    seq = models.PositiveIntegerField()  # the log's last entry as the phase closed
    links = models.PositiveIntegerField()  # the chain's length then
    state = models.JSONField(encoder=StateEncoder, decoder=StateDecoder)
    snapshot = models.JSONField(null=True, blank=True, encoder=StateEncoder, decoder=StateDecoder)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="phase_record_unique_number")
        ]

    def __str__(self) -> str:
        return f"{self.game_id} #{self.number}: turn {self.turn} {self.phase}"


class ProcessedRequest(models.Model):
    """A form submission already applied: the same nonce again changes nothing (idempotency)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="processed")
    nonce = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "nonce"], name="request_unique_nonce")
        ]

    def __str__(self) -> str:
        return f"{self.game_id} {self.nonce}"
