"""Sealed plans and the players' entropy in the dice (docs/audit-log.md, "Sealed plans").

At hand-in the player's phone draws a secret (32 random bytes, in the browser) and sends it
with the form. The plan is sealed under it: the receipt (``chain.plan_receipt``) goes to the
player in the log, the secret stays on the phone. When Planning closes, each plan is logged
as it will be resolved, to its owner, and the hash of every phone's secret is published: from
then on the turn's dice draw with a key that mixes the committed seed with it
(``rules.dice.turn_key``), so neither the server, which does not know the secrets before
the hand-ins, nor a player, who does not know the seed, steers them alone.

A phone without JavaScript sends no secret: the server derives one from the game's secret seed
to seal its plan, and that seat adds nothing to the dice. A turn in which no phone sent one
keeps the seed's dice.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from typing import Any

from django.utils.translation import gettext as _

from consell.game.models import Event
from consell.game.services.store import DealtChange, dice_key
from consell.rules import chain
from consell.rules.dice import HmacDice, entropy_of
from consell.rules.errors import InvalidParameterError
from consell.rules.event_kinds import Kind
from consell.rules.events import never_revealed, private, public
from consell.rules.payloads import DiceEntropy, PlanLocked, PlanSealed
from consell.rules.state import GameState

SECRET = re.compile(r"[0-9a-f]{64}")


def checked_secret(secret: str | None) -> str | None:
    """The phone's secret, or None when it sent none; anything else is refused before the
    hand-in changes anything."""
    if secret is None or secret == "":
        return None
    if not SECRET.fullmatch(secret):
        raise InvalidParameterError(
            _("The phone's seal is not 64 hexadecimal digits; reload the page and hand in again.")
        )
    return secret


def plan_of(state: GameState, seat: int) -> dict[str, Any]:
    """A player's plan as it is sealed: its three piles, tile by tile."""
    plan = state.player(seat).plan
    return {
        pile: [dict(tile.to_dict()) for tile in getattr(plan, pile)]
        for pile in ("indications", "actions", "secrets")
    }


def seal(ch: DealtChange, seat: int, secret: str | None) -> None:
    """Seal ``seat``'s plan just handed in, under the phone's secret (or one of the server's)."""
    phone = secret is not None
    turn = ch.state.turn
    if secret is None:  # from the seed: the same game plays the same way, and nobody knows it
        message = f"plan secret:{turn}:{seat}".encode()
        secret = hmac.new(ch.game.seed_bytes, message, hashlib.sha256).hexdigest()
    receipt = chain.plan_receipt(turn, seat, plan_of(ch.state, seat), secret)
    sealed = PlanSealed(turn=turn, seat=seat, receipt=receipt, secret=secret, phone=phone)
    ch.record(None, [never_revealed(private(Kind.PLAN_SEALED, (seat,), sealed, seat))])


def close_planning(ch: DealtChange) -> None:
    """As Planning closes: each plan as it will be resolved, to its owner; the phones' entropy,
    to everyone; and the key the rest of the turn's dice draw with."""
    state, turn = ch.state, ch.state.turn
    ch.record(
        None,
        [
            never_revealed(
                private(
                    Kind.PLAN_LOCKED,
                    (p.seat,),
                    PlanLocked(turn=turn, seat=p.seat, plan=plan_of(state, p.seat)),
                )
            )
            for p in state.players
        ],
    )
    entropies = {
        str(e.payload["seat"]): entropy_of(e.payload["secret"])
        for e in Event.objects.filter(game=ch.game, turn=turn, kind=Kind.PLAN_SEALED)
        if e.payload.get("phone")
    }
    if not entropies:
        return
    ch.record(None, [public(Kind.DICE_ENTROPY, DiceEntropy(turn=turn, entropies=entropies))])
    ch.game.dice_key = {"turn": turn, "entropies": entropies}
    key, label = dice_key(ch.game)
    drawn, ch.dice = ch.dice, HmacDice(key, counter=ch.dice.counter, key=label)
    ch.dice.rolls = drawn.rolls  # what this change drew before is saved with it
