"""Offices (càrrecs): appointments, dismissals and losing offices (rules §1.4, §2 step 8, G24).

Each kingdom keeps one copy of every office card (G54) in ``Kingdom.offices``: office id ->
holder seat, or None while the card lies in the kingdom's office reserve. Holding rules (§1.4):
offices go only to members of the King's own kingdom, the King holds no other office, and an
office has one holder. A non-King member may hold several.

When the King may appoint (G24): during setup (initial appointments), in the Court step that
opens each Planning phase (before any player has handed in), and right after founding a kingdom
(§4.12: "the new King may immediately appoint joiners"), which is recorded as a pending
``appointments`` decision until the King closes it.
"""

from __future__ import annotations

from .errors import IllegalTransitionError, InvalidParameterError, NotEligibleError
from .event_kinds import Kind
from .events import Outcome, public
from .i18n import _
from .payloads import (
    AppointmentsClosed,
    Office,
)
from .state import GameState, Kingdom, Pending, Phase, Status

APPOINTMENTS = "appointments"


def vacate_offices(state: GameState, seat: int) -> list[str]:
    """Return every office card a player holds to their kingdom's reserve (mutates ``state``).

    Used when a player creates a kingdom, is expelled or executed, becomes King or leaves for
    another kingdom (§1.4, G49). A King loses the King office too, which leaves the kingdom
    without a King until a succession struggle fills the throne (§4.12).
    """
    player = state.player(seat)
    if player.kingdom is None:
        return []
    kingdom = state.kingdom(player.kingdom)
    lost = sorted(office for office, holder in kingdom.offices.items() if holder == seat)
    for office in lost:
        kingdom.offices[office] = None
    if kingdom.king == seat:
        kingdom.king = None
    return lost


def crown(state: GameState, kingdom_id: int, seat: int, king_office: str) -> list[str]:
    """Make a member King (mutates ``state``; §4.12, G41).

    "Si el nou Rei tenia altres càrrecs ha de renunciar-hi": the offices he held go back to the
    reserve, then he takes the King office card. Returns the offices he gave up.
    """
    given_up = vacate_offices(state, seat)
    kingdom = state.kingdom(kingdom_id)
    kingdom.offices[king_office] = seat
    kingdom.king = seat
    return given_up


def appoint(state: GameState, king_seat: int, office: str, member_seat: int) -> Outcome:
    """The King gives an office from the reserve to a member (§2 step 8, G24). Public (§1.10)."""
    kingdom = _court(state, king_seat)
    _check_office(kingdom, office)
    if state.player(member_seat).kingdom != kingdom.id:
        raise NotEligibleError(
            _("Seat %(seat)s is not a member of the King's kingdom; offices go only to members.")
            % {"seat": member_seat},
            seat=member_seat,
        )
    if member_seat == king_seat:
        raise NotEligibleError(_("The King holds no other office."), seat=member_seat)
    holder = kingdom.offices[office]
    if holder is not None:
        raise InvalidParameterError(
            _("The office %(office)s is held by seat %(holder)s; dismiss them first.")
            % {"office": repr(office), "holder": holder},
            office=office,
            holder=holder,
        )
    new = state.clone()
    new.kingdom(kingdom.id).offices[office] = member_seat
    return Outcome(
        new,
        (
            public(
                Kind.OFFICE_APPOINTED,
                Office(kingdom=kingdom.id, office=office, seat=member_seat),
                king_seat,
            ),
        ),
    )


def dismiss(state: GameState, king_seat: int, office: str) -> Outcome:
    """The King takes an office back into the reserve (G24). Public (§1.10)."""
    kingdom = _court(state, king_seat)
    _check_office(kingdom, office)
    holder = kingdom.offices[office]
    if holder is None:
        raise InvalidParameterError(
            _("The office %(office)s is already vacant.") % {"office": repr(office)}, office=office
        )
    new = state.clone()
    new.kingdom(kingdom.id).offices[office] = None
    return Outcome(
        new,
        (
            public(
                Kind.OFFICE_DISMISSED,
                Office(kingdom=kingdom.id, office=office, seat=holder),
                king_seat,
            ),
        ),
    )


def close_appointments(state: GameState, king_seat: int) -> Outcome:
    """The new King has finished appointing after founding a kingdom (§4.12)."""
    found = [p for p in state.pending if p.kind == APPOINTMENTS and p.data["king"] == king_seat]
    if not found:
        raise IllegalTransitionError(
            _("Seat %(king_seat)s has no appointments to close.") % {"king_seat": king_seat}
        )
    new = state.clone()
    new.pending = [p for p in new.pending if p.id != found[0].id]
    return Outcome(
        new,
        (
            public(
                Kind.APPOINTMENTS_CLOSED,
                AppointmentsClosed(kingdom=found[0].data["kingdom"]),
                king_seat,
            ),
        ),
    )


def open_appointments(state: GameState, kingdom_id: int) -> Pending:
    """Record that a new King may appoint now (mutates ``state``; §4.12)."""
    king = state.kingdom(kingdom_id).king
    pending = Pending(
        state.next_pending_id,
        APPOINTMENTS,
        {"kingdom": kingdom_id, "king": king},
        [king] if king is not None else [],
    )
    state.next_pending_id += 1
    state.pending.append(pending)
    return pending


def _court(state: GameState, king_seat: int) -> Kingdom:
    """The King's kingdom, if the King may appoint now (G24)."""
    player = state.player(king_seat)
    kingdom = state.kingdom(player.kingdom) if player.kingdom is not None else None
    if kingdom is None or kingdom.king != king_seat:
        raise NotEligibleError(
            _("Seat %(king_seat)s is not a King; only a King appoints.") % {"king_seat": king_seat}
        )
    if state.status is Status.SETUP:
        return kingdom
    if any(p.kind == APPOINTMENTS and p.data["kingdom"] == kingdom.id for p in state.pending):
        return kingdom
    court_open = state.phase is Phase.PLANNING and not any(p.plan.handed_in for p in state.players)
    if state.status is Status.PLAYING and court_open:
        return kingdom
    raise IllegalTransitionError(
        _(
            "Appointments are made at setup, in the Court step that opens Planning "
            "(before anyone hands in) or right after founding a kingdom."
        )
    )


def _check_office(kingdom: Kingdom, office: str) -> None:
    """Only reserve offices are appointed; the King office is the one the King holds."""
    if office not in kingdom.offices:
        raise InvalidParameterError(
            _("There is no office %(office)s.") % {"office": repr(office)}, office=office
        )
    if kingdom.offices[office] == kingdom.king:
        raise InvalidParameterError(
            _("The King office is never appointed; it passes by succession.")
        )
