"""The replays (issue 34 item 5; docs/audit-log.md, "Replays"): each viewer steps through the
game as their screen showed it, built by the one gate from the state and log of that moment."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from consell.content.catalog import load_catalog
from consell.game import game_rows
from consell.game.access import with_state
from consell.game.models import Game
from consell.game.replay import as_of, steps
from consell.game.signals import game_changed
from consell.projection.visibility import card_title, view_for
from consell.rules.audience import Viewer
from consell.simulator import simulate
from tests.audit.conftest import (
    ALICE,
    BOB,
    CARLES,
    CORRECTION_REASON,
    TRADE_INFORMATION,
    board_client,
    director_client,
)

FORM = re.compile(r"<form|<button|<input|<select|<textarea", re.I)


class _Acts:
    """Whether a page's main element holds a control (the site's header and footer aside)."""

    @staticmethod
    def search(page: str) -> bool:
        main = page.split("<main", 1)[-1].split("</main>", 1)[0]
        return bool(FORM.search(main))


ACTS = _Acts()


def seat_client(game, position: int) -> Client:
    client = Client()
    assert client.get(f"/s/{game.seats.get(position=position).token}/").status_code == 302
    return client


def _pages(client: Client, base: str, count: int) -> list[str]:
    out = []
    for number in range(1, count + 1):
        answer = client.get(f"{base}?step={number}")
        assert answer.status_code == 200, (base, number)
        out.append(answer.content.decode())
    return out


def _shown(view) -> Any:
    """A view as its screen shows it: the viewer's version counter aside."""
    return {**view, "game": {k: v for k, v in view["game"].items() if k != "version"}}


@pytest.mark.django_db(transaction=True)
def test_each_step_is_the_view_each_viewer_had_as_the_phase_closed():
    """Every view is captured as the table's screens got it (after each change's commit);
    a step of the replay is, for each viewer, the view it had just before the change that
    closed that phase: its board, chest, plan, log and seal, Secrets screen included."""
    viewers = [Viewer.for_seat(1), Viewer.for_seat(3), Viewer.public(), Viewer.director()]
    seen: dict[int, dict] = {}

    def capture(sender, *, game_id, **kwargs):
        game = with_state(game_rows.read(game_id))
        # As the database gives the state back, as a replay reads it: PostgreSQL's jsonb keeps
        # a mapping's keys in an order of its own, which the process's parsed copy does not.
        game.state, game.snapshot = (
            Game.objects.filter(pk=game_id).values_list("state", "snapshot").get()
        )
        if game.state is not None:
            seen[game.seq] = {v: _shown(view_for(game, v, "en")) for v in viewers}

    game_changed.connect(capture)
    try:
        played = simulate(3, 2, 5)
    finally:
        game_changed.disconnect(capture)
    game = with_state(game_rows.read(played.game.pk))
    game.state, game.snapshot = (
        Game.objects.filter(pk=game.pk).values_list("state", "snapshot").get()
    )
    every = steps(game)
    assert {s.phase for s in every if s.status == "playing"} >= {"planning", "secrets"}
    assert every[-1].status == "finished"
    for step in every:
        past = as_of(game, step)
        then = seen[past.seq]
        for viewer in viewers:
            assert _shown(view_for(past, viewer, "en")) == then[viewer], (step, viewer)


def test_a_seat_replays_its_phone_and_nothing_else(finished):
    """Carles never reads Alice and Bob's words; no seat reads the director's private
    correction, which only the audit opens at the end; no step but the last shows the seed or
    another seat's chest."""
    every = steps(finished)
    carles = _pages(seat_client(finished, CARLES), f"/audit/{finished.pk}/replay/", len(every))
    bob = _pages(seat_client(finished, BOB), f"/audit/{finished.pk}/replay/", len(every))
    for page in carles + bob:
        assert CORRECTION_REASON not in page
        assert finished.seed not in page
        assert not ACTS.search(page), "a replay acts on nothing"
    assert not any(TRADE_INFORMATION in page for page in carles)
    assert "Revealed chest of" not in "".join(bob[:-1]) and "Revealed chest of" in bob[-1]


def test_a_later_reveal_does_not_leak_backwards(finished):
    """Alice's objectives are revealed at the end (§4.17): Bob's replay does not show them at
    any step of a turn before the last."""
    final = finished.dealt_state()
    catalog = load_catalog(finished.pack)
    titles = [card_title(catalog, o, "en") for o in final.player(ALICE).objectives]
    assert titles
    every = steps(finished)
    bob = _pages(seat_client(finished, BOB), f"/audit/{finished.pk}/replay/", len(every))
    for step, page in zip(every, bob, strict=True):
        if step.status != "finished" and step.turn < final.turn:
            assert not any(t in page for t in titles), step
    assert all(t in bob[-1] for t in titles)


def test_the_directors_replay_shows_everything_as_it_was(finished):
    every = steps(finished)
    pages = _pages(director_client(finished), f"/audit/{finished.pk}/replay/", len(every))
    assert any(CORRECTION_REASON in page for page in pages)
    assert not any(finished.seed in page for page in pages[:-1])
    assert f"/board/{finished.board_token}/replay/" in pages[-1]
    assert not any(ACTS.search(page) for page in pages)


def test_the_public_replay_refuses_a_game_not_finished(played):
    assert board_client(played).get(f"/board/{played.board_token}/replay/").status_code == 404
    assert Client().get(f"/board/{played.board_token}/replay/?step=1").status_code == 404


def test_the_public_replay_shows_the_board_alone(finished):
    every = steps(finished)
    pages = _pages(Client(), f"/board/{finished.board_token}/replay/", len(every))
    for page in pages:
        for words in (CORRECTION_REASON, TRADE_INFORMATION, finished.seed):
            assert words not in page
        assert "Chest of" not in page and not ACTS.search(page)
    assert Client().get("/board/no-such-token/replay/").status_code == 404


def test_before_the_end_only_the_director_replays(played):
    assert seat_client(played, ALICE).get(f"/audit/{played.pk}/replay/").status_code == 404
    assert director_client(played).get(f"/audit/{played.pk}/replay/").status_code == 200


def test_who_may_open_a_replay(finished):
    assert Client().get(f"/audit/{finished.pk}/replay/").status_code == 404
    assert board_client(finished).get(f"/audit/{finished.pk}/replay/").status_code == 404
    assert seat_client(finished, ALICE).get(f"/audit/{finished.pk}/replay/").status_code == 200


@pytest.mark.parametrize(
    "step, status",
    [
        ("abc", 400),
        ("-1", 400),
        ("1.5", 400),
        ("9" * 12, 400),
        ("0", 404),
        ("99999", 404),
    ],  # fmt: skip
)
def test_a_bad_step_is_a_clear_page_never_a_500(finished, step, status):
    for client, base in (
        (seat_client(finished, ALICE), f"/audit/{finished.pk}/replay/"),
        (director_client(finished), f"/audit/{finished.pk}/replay/"),
        (Client(), f"/board/{finished.board_token}/replay/"),
    ):
        answer = client.get(f"{base}?step={step}")
        assert answer.status_code == status, (base, step)
        body = answer.content.decode()
        assert "Traceback" not in body and "?step=1" not in body or status != 500
        assert 'role="alert"' in body
