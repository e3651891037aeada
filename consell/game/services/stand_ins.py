"""The director hands an absent player's seat to a stand-in, and takes it back (G62).

The stand-in is the simulator's bot made to play a live seat (``consell.simulator.stand_in``);
it decides from that seat's own view, as the phone shows it. Here is only who plays which seat,
on the game's row (``Game.stand_ins``), changed through ``store`` with a public event: the
table knows that a stand-in plays for someone, and the phone says so.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from consell.game.services.store import change
from consell.rules.errors import IllegalTransitionError, InvalidParameterError
from consell.rules.event_kinds import Kind
from consell.rules.events import public
from consell.rules.payloads import StandIn
from consell.rules.state import Phase, Status


def hand_over(game_id: int, seat: int, *, nonce: str | None = None) -> None:
    """A stand-in plays ``seat`` from now on."""
    with change(game_id, nonce=nonce, by_director=True) as ch:
        state = ch.state
        if state is None or state.status is Status.FINISHED:
            raise IllegalTransitionError(_("Only a game being played can have stand-ins."))
        if seat not in {p.seat for p in state.players}:
            raise InvalidParameterError(_("There is no seat %(seat)s.") % {"seat": seat})
        if seat in ch.game.stand_ins:
            raise IllegalTransitionError(_("A stand-in already plays this seat."))
        player = state.player(seat)
        if state.phase is Phase.PLANNING and player.plan.handed_in:
            raise IllegalTransitionError(
                _("%(who)s has already handed in this turn's plan; hand the seat over later.")
                % {"who": player.name}
            )
        ch.game.stand_ins = sorted([*ch.game.stand_ins, seat])
        ch.row_fields.add("stand_ins")
        ch.record(None, [public(Kind.STAND_IN_ON, StandIn(seat=seat))])


def take_back(game_id: int, seat: int, *, nonce: str | None = None) -> None:
    """``seat``'s player plays their own seat again."""
    with change(game_id, nonce=nonce, by_director=True) as ch:
        if seat not in ch.game.stand_ins:
            raise IllegalTransitionError(_("No stand-in plays this seat."))
        ch.game.stand_ins = [s for s in ch.game.stand_ins if s != seat]
        ch.row_fields.add("stand_ins")
        ch.record(None, [public(Kind.STAND_IN_OFF, StandIn(seat=seat))])
