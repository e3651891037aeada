"""Remote seats: a player who is not at the table is told by e-mail when the game waits for
them (issue 37, item 4; the waits are ``rules.absence.awaited``).

A player opts in from their phone (``views.player.notify``): an address and a tick, kept on
their seat. After every committed change (``game_changed``) each opted-in seat that the game
now waits for, and was not yet told of that wait, gets one e-mail; the seat's ``notified``
names what it was told of (the moment and the waits), so a change that still waits for the same
answers sends nothing. A deadline about to end (``deadline_near``) tells the opted-in seats it
still waits for when it ends.

No secret goes in an e-mail: neither what is awaited (a plan, a vote, a duel), nor a card, nor
anyone else at the table; only the game's name, that it waits, and the address of the seat's
page. That address is the page the player's own phone opens (``game:play``), not the seat's
link: the link is the seat's key (``Seat.token``), and an e-mail is no place for a key. Each
e-mail is sent by a task of its own (Django's tasks framework); a failure is logged and never
reaches the change that was saved.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Iterable

from django.conf import settings
from django.core.mail import send_mail
from django.tasks import task
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from consell.game import game_rows, naming
from consell.game.models import Game, Seat
from consell.game.services.store import load_state
from consell.rules import absence
from consell.rules.state import GameState

logger = logging.getLogger(__name__)

PLAN = "plan"  # the wait for a seat's plan; a decision's is its pending's id
# Where the e-mails' links point when PUBLIC_URL is not set (``./dev serve`` always sets it).
FALLBACK_URL = "http://localhost:8000"
TOLD_LENGTH = Seat._meta.get_field("notified").max_length or 200


def waits_by_seat(state: GameState | None) -> dict[int, set[str]]:
    """What the game waits for from each seat now, named without a word of its content."""
    waits: dict[int, set[str]] = defaultdict(set)
    for wait in absence.awaited(state):
        waits[wait.seat].add(PLAN if wait.pending is None else str(wait.pending))
    return waits


def _told(moment: str, waits: Iterable[str]) -> str:
    return f"{moment}|{','.join(sorted(waits))}"


def _read_told(told: str) -> tuple[str, set[str]]:
    moment, _bar, waits = told.partition("|")
    return moment, set(filter(None, waits.split(",")))


def to_tell(told: str, moment: str, waits: set[str]) -> str | None:
    """What ``notified`` becomes when a seat told of ``told`` must be told of ``waits`` now,
    None when it was told of all of them already. Within one moment what it was told of is
    kept: answering one of two decisions does not tell it again of the other."""
    told_moment, before = _read_told(told)
    if not waits or told_moment == moment and waits <= before:
        return None
    kept = _told(moment, waits | before if told_moment == moment else waits)
    return kept if len(kept) <= TOLD_LENGTH else _told(moment, waits)[:TOLD_LENGTH]


def told_now(game: Game, position: int) -> str:
    """``notified`` for a seat that knows what the game waits for from it now: its player,
    who is looking at their phone as they opt in, is not told of it again."""
    state = load_state(game)
    return _told(absence.moment(state), waits_by_seat(state).get(position, ()))


def seat_page(game_id: int) -> str:
    """The address of the seat's page, as the player's phone opens it."""
    base = settings.PUBLIC_URL or FALLBACK_URL
    return base + reverse("game:play", args=[game_id])


def _opted_in(game_id: int, positions: Iterable[int] | None = None) -> list[Seat]:
    if not settings.EMAIL_ENABLED:
        return []  # no SMTP server here: nobody is e-mailed, and nothing is asked
    seats = Seat.objects.filter(game_id=game_id, notify=True).exclude(email="")
    if positions is not None:
        seats = seats.filter(position__in=list(positions))
    return list(seats)


def on_game_changed(sender=None, *, game_id: int, **kwargs) -> None:
    """After a committed change: e-mail each opted-in seat the game newly waits for. One
    query when nobody of the game opted in, as at most tables."""
    seats = _opted_in(game_id)
    if not seats:
        return
    game = game_rows.read(game_id)
    state = load_state(game)
    moment, waits = absence.moment(state), waits_by_seat(state)
    for seat in seats:
        if seat.position in game.stand_ins:
            continue  # a stand-in answers for it: nobody waits for its player
        told = to_tell(seat.notified, moment, waits.get(seat.position, set()))
        if told is None:
            continue
        # Written only if nobody wrote it meanwhile: of two changes told at once, one sends.
        if Seat.objects.filter(pk=seat.pk, notified=seat.notified).update(notified=told):
            _enqueue(game, seat, None)


def on_deadline_near(sender=None, *, game_id: int, seats: list[int], until: str, **kwargs) -> None:
    """A deadline ends soon: e-mail each opted-in seat it still waits for when it ends."""
    rows = _opted_in(game_id, seats)
    if not rows:
        return
    game = game_rows.read(game_id)
    for seat in rows:
        if seat.position not in game.stand_ins:
            _enqueue(game, seat, until)


def _enqueue(game: Game, seat: Seat, until: str | None) -> None:
    """Word the e-mail in the table's language and hand it to a task; never raises."""
    try:
        with translation.override(settings.LANGUAGE_CODE):
            subject, body = wording(game.name, seat_page(game.pk), until)
        send_notice.enqueue(seat.email, subject, body, game.pk, seat.position)
    except Exception:
        logger.exception("Game %s: the e-mail to seat %s was not queued", game.pk, seat.position)


def wording(name: str, link: str, until: str | None = None) -> tuple[str, str]:
    """The subject and body of an e-mail, in the active language: the game's name, that it
    waits, when its deadline ends, and the page's address; nothing else of the game."""
    if until is None:
        subject = _("Consell: «%(game)s» is waiting for you") % {"game": name}
        said = _("The game «%(game)s» is waiting for your input.") % {"game": name}
    else:
        subject = _("Consell: the deadline of «%(game)s» ends soon") % {"game": name}
        said = _(
            "The game «%(game)s» is still waiting for your input. Its deadline ends at %(when)s."
        ) % {"game": name, "when": naming.when(until)}
    opened = _("Open your seat on the phone you play on: %(link)s") % {"link": link}
    unsubscribe = _("You can stop these e-mails on your seat's page, under Notifications.")
    return subject, f"{said}\n\n{opened}\n\n{unsubscribe}\n"


@task
def send_notice(address: str, subject: str, body: str, game_id: int, position: int) -> None:
    """Send one e-mail to a seat's player; a failure is logged (without the address)."""
    try:
        send_mail(subject, body, None, [address], using="default")
    except Exception:
        logger.exception("Game %s: the e-mail to seat %s could not be sent", game_id, position)
