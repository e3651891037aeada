"""Remote seats (issue 37, item 4): a player away from the table is told when the game waits
for them, by e-mail if they opted in from their phone, and never told a secret.

The e-mails go through Django's SMTP backend to a real SMTP server of the test's own
(aiosmtpd), on a free port.
"""

from __future__ import annotations

import email
import email.policy
import logging
import socket

import pytest
from aiosmtpd.controller import Controller

from consell.game.models import Seat
from consell.game.services import clock, planning
from consell.live import notify

from .conftest import PLAYERS
from .helpers import start, state_of, to_planning

ALICE = "alice@example.org"
SMTP = "django.core.mail.backends.smtp.EmailBackend"


class Inbox:
    """What the SMTP server received: (recipients, parsed message), in order."""

    def __init__(self) -> None:
        self.received: list[tuple[list[str], email.message.EmailMessage]] = []

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        self.received.append((list(envelope.rcpt_tos), message))
        return "250 OK"

    def to(self, address: str) -> list[email.message.EmailMessage]:
        return [m for rcpt, m in self.received if address in rcpt]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def smtp_at(port: int) -> dict:
    options = {"host": "127.0.0.1", "port": port, "timeout": 5}
    return {"default": {"BACKEND": SMTP, "OPTIONS": options}}


@pytest.fixture(autouse=True)
def email_on(settings):
    """A server with an SMTP server to send through (EMAIL_HOST set)."""
    settings.EMAIL_ENABLED = True


@pytest.fixture
def inbox(settings):
    # The server's own log ("connection lost", a session cancelled as it stops) is written
    # from its thread, at times after the test's output is closed: not ours to read.
    server_log = logging.getLogger("mail.log")
    server_log.disabled = True
    handler = Inbox()
    server = Controller(handler, hostname="127.0.0.1", port=free_port())
    server.start()
    settings.MAILERS = smtp_at(server.port)
    settings.PUBLIC_URL = "https://consell.example.org"
    yield handler
    server.stop()
    server_log.disabled = False


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """Run a service as the server does: its signals go out once it is committed."""

    def run(service, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            service(*args, **kwargs)

    return run


def opt_in(game, position: int, address: str) -> None:
    Seat.objects.filter(game=game, position=position).update(email=address, notify=True)


def body_of(message: email.message.EmailMessage) -> str:
    return message["Subject"] + "\n" + message.get_content()


def assert_tells_nothing_of_the_game(game, message: email.message.EmailMessage) -> None:
    text = body_of(message)
    assert "⟪" not in text  # every card of the test pack is titled with a marker
    for name in PLAYERS:
        assert name not in text
    for seat in game.seats.all():
        assert seat.token not in text
    for word in ("plan", "vote", "duel", "destiny", "turn"):
        assert word not in text.lower()


def test_it_emails_an_opted_in_seat_once_when_planning_waits_for_its_plan(game, inbox, committed):
    opt_in(game, 1, ALICE)
    committed(start, game)
    committed(to_planning, game)

    assert [rcpt for rcpt, _m in inbox.received] == [[ALICE]]
    message = inbox.to(ALICE)[0]
    assert "Dijous" in message["Subject"]
    assert f"https://consell.example.org/play/{game.pk}/" in message.get_content()
    assert_tells_nothing_of_the_game(game, message)

    committed(planning.hand_in, game.pk, 2)  # still waiting for Alice's plan
    assert len(inbox.received) == 1


def test_it_emails_nobody_who_did_not_opt_in(game, inbox, committed):
    Seat.objects.filter(game=game, position=2).update(email="bob@example.org", notify=False)
    committed(start, game)
    committed(to_planning, game)
    assert inbox.received == []


def test_it_does_not_email_a_seat_the_game_no_longer_waits_for(game, inbox, committed):
    opt_in(game, 1, ALICE)
    committed(start, game)
    committed(to_planning, game)
    committed(planning.hand_in, game.pk, 1)
    committed(planning.hand_in, game.pk, 2)
    assert len(inbox.to(ALICE)) == 1


def test_it_reminds_an_opted_in_seat_before_the_deadline_ends(game, inbox, committed):
    opt_in(game, 1, ALICE)
    opt_in(game, 3, "carles@example.org")
    committed(start, game)
    committed(to_planning, game)
    committed(planning.hand_in, game.pk, 3)  # Carles is not waited for any more
    committed(clock.set_deadline, game.pk, minutes=5)
    assert clock.remind(game.pk)

    alice = inbox.to(ALICE)
    assert len(alice) == 2
    reminder = alice[1]
    assert "deadline" in reminder["Subject"]
    game.refresh_from_db()
    assert notify.naming.when(game.clock["deadline"]) in reminder.get_content()
    assert f"/play/{game.pk}/" in reminder.get_content()
    assert_tells_nothing_of_the_game(game, reminder)
    assert len(inbox.to("carles@example.org")) == 1  # at Planning's start, not reminded


def test_a_failed_email_is_logged_and_the_change_stands(game, settings, committed, caplog):
    settings.MAILERS = smtp_at(free_port())  # nobody listens there
    opt_in(game, 1, ALICE)
    committed(start, game)
    with caplog.at_level(logging.ERROR, logger="consell.live.notify"):
        committed(to_planning, game)
    assert state_of(game).phase == "planning"
    assert "could not be sent" in caplog.text
    assert ALICE not in caplog.text


def test_a_table_where_nobody_opted_in_costs_one_query(game, django_assert_num_queries):
    with django_assert_num_queries(1):
        notify.on_game_changed(game_id=game.pk, versions={}, runs_on=False)


@pytest.mark.parametrize(
    ("told", "moment", "waits", "expected"),
    [
        ("", "playing:1:planning", {"plan"}, "playing:1:planning|plan"),
        ("playing:1:planning|plan", "playing:1:planning", {"plan"}, None),
        ("playing:1:actions|4", "playing:1:actions", {"4", "5"}, "playing:1:actions|4,5"),
        # Answering one of two decisions does not tell it again of the other.
        ("playing:1:actions|4,5", "playing:1:actions", {"5"}, None),
        ("playing:1:planning|plan", "playing:2:planning", {"plan"}, "playing:2:planning|plan"),
        ("playing:1:actions|4", "playing:1:actions", set(), None),
    ],
)
def test_a_seat_is_told_once_of_each_wait(told, moment, waits, expected):
    assert notify.to_tell(told, moment, waits) == expected


# -- the phone's form --------------------------------------------------------------------------


def test_a_bad_address_is_refused_and_changes_nothing(game, phones):
    response = phones[1].post(
        f"/play/{game.pk}/notify/", {"email": "alice at home", "notify": "on"}, follow=True
    )
    page = response.content.decode()
    assert "That is not an e-mail address: nothing was changed." in page
    assert "Give an e-mail address" not in page  # one message, the one that says why
    seat = game.seats.get(position=1)
    assert (seat.email, seat.notify) == ("", False)


def test_ticking_without_an_address_is_refused(game, phones):
    response = phones[1].post(f"/play/{game.pk}/notify/", {"notify": "on"}, follow=True)
    assert "Give an e-mail address" in response.content.decode()
    assert not game.seats.get(position=1).notify


def test_a_good_address_is_kept_and_shown(game, phones):
    response = phones[1].post(
        f"/play/{game.pk}/notify/", {"email": ALICE, "notify": "on"}, follow=True
    )
    page = response.content.decode()
    seat = game.seats.get(position=1)
    assert (seat.email, seat.notify) == (ALICE, True)
    assert f"E-mails go to {ALICE}." in page
    assert 'name="notify" value="on" checked' in page
    assert game.seats.get(position=2).email == ""  # Bob's seat is his own


def test_unticking_turns_the_emails_off(game, phones):
    opt_in(game, 1, ALICE)
    phones[1].post(f"/play/{game.pk}/notify/", {"email": ALICE})
    assert not game.seats.get(position=1).notify
    page = phones[1].get(f"/play/{game.pk}/").content.decode()
    assert "No e-mails are sent to you." in page


def test_a_player_who_opts_in_while_asked_is_not_emailed_of_it(game, phones, inbox, committed):
    committed(start, game)
    committed(to_planning, game)
    phones[1].post(f"/play/{game.pk}/notify/", {"email": ALICE, "notify": "on"})
    committed(planning.hand_in, game.pk, 2)
    assert inbox.received == []


def test_the_form_needs_the_seat(game, client):
    response = client.post(f"/play/{game.pk}/notify/", {"email": ALICE, "notify": "on"})
    assert response.status_code == 404
    assert not Seat.objects.filter(email=ALICE).exists()


# -- the browser's notification ----------------------------------------------------------------


def test_the_chest_marks_a_seat_the_game_waits_for(game, phones, committed):
    committed(start, game)
    committed(to_planning, game)
    assert "data-asked" in phones[1].get(f"/play/{game.pk}/").content.decode()
    committed(planning.hand_in, game.pk, 1)
    assert "data-asked" not in phones[1].get(f"/play/{game.pk}/").content.decode()
    page = phones[2].get(f"/play/{game.pk}/").content.decode()
    assert "data-asked" in page
    assert 'data-body="The game is waiting for you."' in page
    assert "js/live.js" in page


def test_a_reissued_seat_link_forgets_the_old_phones_address(game, phones):
    """The director reissues a lost phone's link: whoever opens the new one sets their own
    notifications, and the old address is told nothing more."""
    from consell.game.services import seats

    phones[1].post(f"/play/{game.pk}/notify/", {"email": ALICE, "notify": "on"})
    assert Seat.objects.get(game=game, position=1).notify
    seats.reissue_link(game.pk, 1)
    seat = Seat.objects.get(game=game, position=1)
    assert (seat.email, seat.notify, seat.notified) == ("", False, "")


def test_a_server_without_email_says_so_and_takes_no_address(game, phones, settings):
    """Without EMAIL_HOST (and DEBUG off) e-mail is off: the phone says so, keeps the
    browser's notifications, and an address posted anyway changes nothing."""
    settings.EMAIL_ENABLED = False
    page = phones[1].get(f"/play/{game.pk}/").content.decode()
    assert "This server sends no e-mail" in page and 'name="email"' not in page
    assert "data-browser-notify" in page
    response = phones[1].post(
        f"/play/{game.pk}/notify/", {"email": ALICE, "notify": "on"}, follow=True
    )
    assert "This server sends no e-mail: nothing was changed." in response.content.decode()
    assert not game.seats.get(position=1).notify
