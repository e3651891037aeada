"""Secrets stay behind the screen until their batch, reactions included (rules G52, §4.6).

G52: the app "shows other players the resulting changes in public state ... as one batch at the
end of the Secrets phase, without saying what caused them". §4.6 (original, *Discreció*): the
target of a discreet plot "no sabrà quina capacitat o efecte ho ha causat, ni qui n'ha estat el
responsable". So no phone is woken while secrets are resolved, a reaction that a secret
triggers is offered only once the batch is out, and a discreet plot triggers none of its
target's "when someone plots against you" reactions.

Alice (seat 1) plots against Bob (seat 2), who holds the *Web of informers*: "when someone plots
against you", gain 1 Intrigue.
"""

from __future__ import annotations

import pytest

from consell.game.services import planning
from consell.game.services import turn as turn_services
from consell.game.signals import game_changed
from consell.rules.resources import Resource
from consell.rules.state import Phase

from .conftest import seat_client
from .helpers import arrange, give_house, hand_in_all, start, state_of, to_planning

pytestmark = pytest.mark.django_db

INFORMERS = "xarxa-d-informadors-1"


@pytest.fixture
def notices(monkeypatch):
    """Every version notice sent after a commit, as (viewer, version) pairs."""
    sent: list[tuple[str, int]] = []

    def spy(sender, *, game_id, versions, **kwargs):
        sent.extend(versions.items())

    game_changed.connect(spy)
    yield sent
    game_changed.disconnect(spy)


def _to_secrets(game) -> None:
    """Alice plans the Falcon's plot against Bob; Bob holds the informers; Secrets begin."""
    start(game)
    to_planning(game)

    def arrange_table(state):
        give_house(state, 1, "casa-falco")
        for pile in state.market.values():
            if INFORMERS in pile:
                pile.remove(INFORMERS)
        for deck in state.decks.values():
            if INFORMERS in deck:
                deck.remove(INFORMERS)
        state.player(2).assets.append(INFORMERS)

    arrange(game, arrange_table)
    planning.add(game.pk, 1, "house", "robatori", {"targets": [2], "intrigue": 1})
    hand_in_all(game)
    turn_services.advance(game.pk)  # Actions: nobody planned any
    turn_services.advance(game.pk)
    assert state_of(game).phase is Phase.SECRETS
    turn_services.commit_vigilance(game.pk)


def _informers_offered(state) -> list:
    return [
        p
        for p in state.pending
        if p.kind == "reaction" and p.data["source"] == f"asset:{INFORMERS}"
    ]


def test_g52_no_phone_is_woken_while_secrets_are_resolved(
    game, notices, django_capture_on_commit_callbacks
):
    """G52: changes are shown to other players "as one batch at the end of the Secrets phase"."""
    _to_secrets(game)
    with django_capture_on_commit_callbacks(execute=True):
        # Success die 1; detection dice 6 and 6: Bob detects the plot, and its conspirator.
        turn_services.resolve_next_secret(game.pk, entered_dice=[1, 6, 6])
    assert [viewer for viewer, _ in notices] == ["director"]
    with django_capture_on_commit_callbacks(execute=True):
        turn_services.advance(game.pk)  # the batch: every phone is woken at once
    woken = {viewer for viewer, _ in notices[1:]}
    assert {"public", "seat:1", "seat:2", "seat:3", "seat:4", "seat:5"} <= woken


def test_g52_every_screen_sees_the_secrets_phase_begin(
    game, notices, django_capture_on_commit_callbacks
):
    """G52 holds what the secrets change, not the phase itself: the change that enters Secrets
    is public, so every phone and the board are woken to show that the phase began."""
    start(game)
    to_planning(game)
    hand_in_all(game)
    turn_services.advance(game.pk)  # Actions: nobody planned any
    with django_capture_on_commit_callbacks(execute=True):
        turn_services.advance(game.pk)
    assert state_of(game).phase is Phase.SECRETS
    woken = {viewer for viewer, _ in notices}
    assert {"director", "public", "seat:1", "seat:2", "seat:3", "seat:4", "seat:5"} <= woken


def test_s46_a_detected_plots_reaction_waits_for_the_batch(game):
    """§4.6: detected, the target's note tells "what the plot was ... and WHO the conspirator
    is", so Bob may react; G52: not before the batch, which would tell him at which step."""
    _to_secrets(game)
    intrigue = state_of(game).player(2).resources[Resource.INT]
    turn_services.resolve_next_secret(game.pk, entered_dice=[1, 6, 6])
    behind = state_of(game)
    assert not _informers_offered(behind)
    assert behind.player(2).resources[Resource.INT] == intrigue

    turn_services.advance(game.pk)  # the batch is published; Acquisition begins
    after = state_of(game)
    assert after.phase is Phase.ACQUISITION
    # The informers' reaction is free, so mandatory: it applies as the batch comes out.
    assert after.player(2).resources[Resource.INT] == intrigue + 1


def test_s46_a_discreet_plot_fires_none_of_its_targets_reactions(game):
    """§4.6, *Discreció*: the target "no sabrà quina capacitat o efecte ho ha causat, ni qui
    n'ha estat el responsable", so their "when someone plots against you" does not fire."""
    _to_secrets(game)
    intrigue = state_of(game).player(2).resources[Resource.INT]
    # Success die 1; detection dice 1 and 1: discreet.
    turn_services.resolve_next_secret(game.pk, entered_dice=[1, 1, 1])
    turn_services.advance(game.pk)
    after = state_of(game)
    assert after.phase is Phase.ACQUISITION
    assert not _informers_offered(after)
    assert after.player(2).resources[Resource.INT] == intrigue


def test_s46_a_detection_note_says_what_the_plot_was_and_what_it_did(game):
    """§4.6: detected, "note to r: what the plot was, what it did, and WHO the conspirator is";
    partially detected, the same "without the conspirator"."""
    _to_secrets(game)
    turn_services.resolve_next_secret(game.pk, entered_dice=[1, 6, 6])
    turn_services.advance(game.pk)
    page = seat_client(game, 2).get(f"/play/{game.pk}/").content.decode()
    assert "You detected a plot by Alice" in page
    assert "⟪casa-falco:robatori⟫" in page  # what the plot was: the ability, by its title
    assert "against Bob, success" in page  # and what it did


def test_s46_a_partial_detection_note_hides_only_the_conspirator(game):
    """§4.6: "det == 1 -> note to r: what the plot was and what it did, without the
    conspirator"."""
    _to_secrets(game)
    turn_services.resolve_next_secret(game.pk, entered_dice=[1, 1, 6])
    turn_services.advance(game.pk)
    page = seat_client(game, 2).get(f"/play/{game.pk}/").content.decode()
    assert "You noticed a plot, but not who was behind it" in page
    assert "⟪casa-falco:robatori⟫" in page
    assert "against Bob, success" in page
    assert "by Alice" not in page


def test_g52_a_phone_reads_its_own_secrets_results_with_the_batch(game):
    """G52 and §3.8 (the chests come back "with all its cards, resources and paper notes"): while
    Secrets are resolved no phone is woken, so no phone may show anything new either, not even
    the owner's result; a fresh load then equals the page left open."""
    _to_secrets(game)
    alice = seat_client(game, 1)
    before = alice.get(f"/play/{game.pk}/?fragment=board&fragment=log", HTTP_HX_REQUEST="true")
    turn_services.resolve_next_secret(game.pk, entered_dice=[1, 6, 6])
    behind = alice.get(f"/play/{game.pk}/").content.decode()
    assert "Your plot" not in behind
    again = alice.get(f"/play/{game.pk}/?fragment=board&fragment=log", HTTP_HX_REQUEST="true")
    assert again.content == before.content
    turn_services.advance(game.pk)
    assert "Your plot" in alice.get(f"/play/{game.pk}/").content.decode()
