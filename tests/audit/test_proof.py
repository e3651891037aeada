"""The dice proof (issue 6.4): "The audit shows the commitment that was published at creation,
recomputes every die the app rolled (and every shuffle) from it and marks each verified;
physically entered dice are marked as entered by the director. `python manage.py audit GAME
--verify` does the same from the command line and exits non-zero, naming the roll, on any
mismatch."
"""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from consell.audit.export import build_document
from consell.audit.proof import ENTERED, MISMATCH, SEALED, VERIFIED, prove
from consell.audit.timeline import summarise, timeline
from consell.game.models import DiceRoll
from consell.rules.audience import Viewer
from tests.audit.conftest import TABLE_DICE, director_client
from tests.game.conftest import seat_client

pytestmark = pytest.mark.django_db


def _proof(game):
    game.refresh_from_db()
    return prove(build_document(game, Viewer.director()))


def _verify(game) -> str:
    try:
        call_command("audit", str(game.pk), "--verify")
    except CommandError as exc:
        return str(exc)
    return ""


def test_every_app_roll_and_shuffle_is_verified_and_table_dice_are_entered(finished):
    proof = _proof(finished)
    assert proof.ok
    assert {r.status for r in proof.rolls} == {VERIFIED, ENTERED}
    entered = [r.value for r in proof.rolls if r.status == ENTERED]
    assert entered and len(entered) % 3 == 0  # a success die and two detection dice per test
    assert entered == TABLE_DICE[: len(entered)]
    assert any(r.kind == "below" and r.status == VERIFIED for r in proof.rolls)
    assert len(proof.rolls) == finished.dice_counter


def test_before_the_end_the_seed_stays_sealed(played):
    client_dora = director_client(played)
    proof = _proof(played)
    assert not proof.revealed and not proof.ok and proof.problems == ()
    entered = {ENTERED} if played.rolls.filter(entered=True).exists() else set()
    assert {r.status for r in proof.rolls} == {SEALED} | entered
    assert played.seed not in client_dora.get(f"/audit/{played.pk}/dice/").content.decode()
    assert played.seed not in client_dora.get(f"/audit/{played.pk}/export.json").content.decode()


def test_after_the_end_every_seat_sees_the_seed_and_the_commitment(finished):
    page = seat_client(finished, 3).get(f"/audit/{finished.pk}/dice/").content.decode()
    assert finished.seed in page and finished.commitment in page
    assert 'class="audit-roll-entered"' in page and 'class="audit-roll-verified"' in page


def test_the_command_passes_an_honest_game(finished, capsys):
    assert _verify(finished) == ""
    assert f"{finished.dice_counter} rolls" in capsys.readouterr().out


def test_an_altered_die_fails_naming_the_roll(finished):
    roll = DiceRoll.objects.filter(game=finished, kind="die", entered=False).last()
    roll.value = roll.value % roll.sides + 1
    roll.save()
    assert f"roll #{roll.counter} ({roll.purpose})" in _verify(finished)
    (bad,) = [r for r in _proof(finished).rolls if r.status == MISMATCH]
    assert bad.counter == roll.counter


def test_an_altered_shuffle_fails_naming_the_roll(finished):
    roll = DiceRoll.objects.filter(
        game=finished, kind="below", purpose__startswith="shuffle", sides__gt=1
    ).first()
    roll.value = (roll.value + 1) % roll.sides
    roll.save()
    assert f"roll #{roll.counter} ({roll.purpose})" in _verify(finished)


def test_an_altered_seed_fails(finished):
    finished.seed = "00" * 32
    finished.save()
    message = _verify(finished)
    assert "the revealed seed does not hash to the commitment" in message
    assert not _proof(finished).ok


def test_a_deleted_roll_fails_naming_it(finished):
    roll = DiceRoll.objects.filter(game=finished, entered=False).first()
    roll.delete()
    assert f"roll #{roll.counter} is missing from the log" in _verify(finished)


def test_a_die_shown_in_an_event_must_be_the_logged_die(finished):
    event = finished.events.filter(kind="plot_resolved").first()
    shown = event.payload["rolls"][0]
    shown["value"] = shown["value"] % 6 + 1
    event.save()
    assert f"roll #{shown['counter']}: event #{event.seq} shows" in _verify(finished)


def test_an_entered_die_outside_its_faces_fails(finished):
    """A die typed in at the table is only checked to be a face; a 7 on a d6 is not."""
    roll = DiceRoll.objects.filter(game=finished, entered=True).first()
    roll.value = 7
    roll.save()
    assert f"roll #{roll.counter}" in _verify(finished)


def test_the_verdict_as_json(finished, capsys):
    call_command("audit", str(finished.pk), "--verify", "--json")
    out = capsys.readouterr().out
    entered = finished.rolls.filter(entered=True).count()
    assert '"ok": true' in out and f'"entered": {entered}' in out


def test_an_unknown_game_is_a_clear_error():
    with pytest.raises(CommandError, match="There is no game 999"):
        call_command("audit", "999", "--verify")


def test_a_commitment_changed_after_creation_fails(finished):
    """The commitment must be the one announced publicly in the first event of the game."""
    finished.commitment = "ab" * 32
    finished.save()
    assert "is not the one published at creation" in _verify(finished)


def test_the_command_without_flags_summarises_the_game(finished, capsys):
    summary = summarise(timeline(build_document(finished, Viewer.director())["events"]))
    assert summary.corrections  # the director's correction of Alice's chest (conftest)
    call_command("audit", str(finished.pk))
    out = capsys.readouterr().out
    expected = (
        f"{summary.corrections} corrections, "
        f"{summary.for_player} decisions taken by the director for a player"
    )
    assert expected in out


def test_the_steps_the_dice_page_gives_reproduce_every_roll_by_hand(finished):
    """Issue 35: the dice-proof page told players to read a file of the project's. It now says
    how to check a roll itself; followed to the letter, outside the app, those steps give every
    roll the app made, from the seed and the commitment the page shows."""
    import hashlib
    import hmac
    import re

    page = seat_client(finished, 3).get(f"/audit/{finished.pk}/dice/").content.decode()
    assert "docs/" not in page
    steps = re.search(r'<details class="audit-by-hand">(.*?)</details>', page, re.S).group(1)
    assert steps.count("<li>") == 4
    seed_hex = re.search(r"<dt>[^<]*Seed[^<]*</dt><dd><code[^>]*>([0-9a-f]+)</code>", page)
    seed = bytes.fromhex(seed_hex.group(1))
    assert hashlib.sha256(seed).hexdigest() in page  # step 1: the commitment

    def by_hand(number: int, n: int, die: bool) -> int:
        limit = (2**256 // n) * n  # the largest multiple of N under 2^256
        message, attempt = str(number), 0
        while True:
            x = int.from_bytes(hmac.new(seed, message.encode(), hashlib.sha256).digest(), "big")
            if x < limit:
                return x % n + (1 if die else 0)
            attempt += 1
            message = f"{number}:{attempt}"

    rolls = DiceRoll.objects.filter(game=finished, entered=False)
    assert rolls.count() > 50
    for roll in rolls:
        die = roll.kind == "die"
        assert by_hand(roll.counter, roll.sides, die) == roll.value, roll.counter
