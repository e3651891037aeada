"""After a full turn, no phone shows another player's secret stack, bids, vigilance, plot
notes or undetected plots (docs/principles.md, principle 3; rules §1.10, §3.4, §4.6, §4.9).

Every card and ability of the test pack carries a unique marker in its title, and the bid is
a number nobody else could have, so a leak is a marker or that number found where it must not
be. The bid is looked for as a whole number: every form's nonce is 32 random hex digits, and a
short number inside one of them is no leak (on a long PostgreSQL run that happened once).
"""

from __future__ import annotations

import re

import pytest

from consell.game.models import Event
from consell.game.services import planning
from consell.game.services import turn as turn_services
from consell.projection.visibility import view_for
from consell.rules.audience import Viewer
from consell.rules.state import Phase

from .conftest import seat_client
from .helpers import SEATS, arrange, give_house, hand_in_all, start, state_of, to_planning

pytestmark = pytest.mark.django_db

PLOT_TILE = "⟪casa-falco:robatori⟫"
BID = 748213906
BID_SHOWN = re.compile(rf"\b{BID}\b")


def _received(game, seat) -> str:
    phone = seat_client(game, seat)
    pages = [
        phone.get(f"/play/{game.pk}/"),
        phone.get(f"/play/{game.pk}/?fragment=chest", HTTP_HX_REQUEST="true"),
        phone.get(f"/play/{game.pk}/?fragment=board", HTTP_HX_REQUEST="true"),
    ]
    return "\n".join(p.content.decode() for p in pages)


@pytest.fixture
def played_turn(game):
    """Alice plots against Bob (undetected), Carles bids, everyone keeps vigilance."""
    start(game)
    to_planning(game)

    arrange(game, lambda state: give_house(state, 1, "casa-falco"))
    planning.add(game.pk, 1, "house", "robatori", {"targets": [2], "intrigue": 1})
    planning.add(game.pk, 1, "common:vigilancia", "vigilancia", {"intrigue": 0})
    asset = state_of(game).market["row1"][0]
    planning.add(game.pk, 3, "common:apostes", "apostes", {})
    hand_in_all(game)
    turn_services.advance(game.pk)  # Actions: nobody planned any
    turn_services.advance(game.pk)
    assert state_of(game).phase is Phase.SECRETS
    turn_services.commit_vigilance(game.pk)
    # Success die 1, detection dice 1 and 1: the plot succeeds and Bob notices nothing.
    turn_services.resolve_next_secret(game.pk, entered_dice=[1, 1, 1])
    turn_services.advance(game.pk)
    return game, asset


def test_the_plot_is_recorded_for_the_director_alone(played_turn):
    game, _ = played_turn
    plot = Event.objects.get(game=game, kind="plot_resolved")
    assert plot.audience == "director"
    assert plot.payload["targets"][0]["test"]["detection"] == "discreet"


def test_no_phone_but_the_conspirators_shows_the_plot(played_turn):
    game, _ = played_turn
    assert PLOT_TILE in _received(game, 1) or "robatori" in str(state_of(game).player(1).notes)
    for seat in SEATS[1:]:
        assert PLOT_TILE not in _received(game, seat), f"seat {seat} sees Alice's plot"


def test_the_victim_of_an_undetected_plot_gets_no_note(played_turn):
    game, _ = played_turn
    bob = state_of(game).player(2)
    assert not [n for n in bob.notes if n.kind.startswith("plot")]


def test_no_phone_reads_an_event_that_is_not_theirs(played_turn):
    game, _ = played_turn
    events = {e.seq: e for e in Event.objects.filter(game=game)}
    for seat in SEATS:
        for line in view_for(game, Viewer.for_seat(seat))["log"]:
            audience = events[line["seq"]].audience
            assert audience == "public" or seat in audience, (seat, events[line["seq"]].kind)


def test_a_bid_is_seen_by_no_other_phone(game):
    start(game)
    to_planning(game)
    asset = state_of(game).market["row1"][0]
    planning.add(
        game.pk, 3, "common:apostes", "apostes", {"primary_asset": asset, "primary_amount": BID}
    )
    for seat in SEATS:
        page = _received(game, seat)
        assert bool(BID_SHOWN.search(page)) == (seat == 3), f"seat {seat}"
