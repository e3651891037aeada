"""No secret leaks in a whole simulated game (docs/principles.md, principle 3; rules §1.10, §3.4,
§4.8, §4.9).

"No player's pages or websocket messages show another player's bids, fists before the reveal,
hidden assets, objectives or undetected plots." The game is played with the game tests' pack,
whose every card carries a unique marker in its title, and after every phase each player's view
(what every page, fragment and catch-up is rendered from) is searched for what it must not hold.
"""

from __future__ import annotations

import json
import re

import pytest

from consell.content.loader import load_pack
from consell.content.schema import validate_pack
from consell.game.models import Event, Game
from consell.live import broadcast
from consell.projection.visibility import view_for
from consell.rules.audience import Viewer
from consell.rules.state import GameState, Status, card_id_of
from consell.simulator import simulate
from tests.game.conftest import unique_pack

pytestmark = pytest.mark.django_db

MARKER = re.compile(r"⟪([a-z0-9-]+)⟫")
SECRET_KINDS = {"plot_resolved", "auction_resolved", "vigilance_committed", "crisis_payments"}


@pytest.fixture
def marked_pack(db):
    files = unique_pack()
    meta = files.pop("pack.yaml")
    loaded, _ = load_pack(validate_pack(meta, files))
    return loaded


def _hidden(game: Game, state: GameState, seat: int) -> set[str]:
    """Card ids only ``seat`` (and the director) may see now."""
    hidden_assets = {
        c.card_id for c in game.pack.cards.filter(kind="asset") if c.data["visibility"] == "hidden"
    }
    p = state.player(seat)
    cards = set(p.tactics) | set(p.objectives) | set(p.objective_offer)
    cards |= {a for a in p.assets if card_id_of(a) in hidden_assets}
    return {card_id_of(c) for c in cards}


def _written(state: GameState, seat: int) -> set[str]:
    """Card ids ``seat`` wrote on their own tiles: a bid names an asset of the market, seen
    face up when the plan was made; that someone else holds it now is not learnt from it."""
    plan = state.player(seat).plan
    tiles = [*plan.indications, *plan.actions, *plan.secrets]
    return {card_id_of(v) for t in tiles for v in t.params.values() if isinstance(v, str)}


class LeakWatch:
    """After every phase, each player's view must hold nothing of another's secrets."""

    def __init__(self) -> None:
        self.leaks: list[str] = []
        self.looked = 0

    def __call__(self, game: Game, state: GameState) -> None:
        if state.status is not Status.PLAYING:
            return
        audience = dict(Event.objects.filter(game=game).values_list("seq", "audience"))
        for p in state.players:
            view = view_for(game, Viewer.for_seat(p.seat), "en")
            self.looked += 1
            text = json.dumps(view, ensure_ascii=False, default=str)
            seen = set(MARKER.findall(text)) - _written(state, p.seat)
            where = f"turn {state.turn} {state.phase}, seat {p.seat}"
            for other in state.players:
                if other.seat != p.seat and _hidden(game, state, other.seat) & seen:
                    self.leaks.append(f"{where} sees seat {other.seat}'s cards")
            for entry in view["log"]:
                heard = audience[entry["seq"]]
                if entry["kind"] in SECRET_KINDS or not (heard == "public" or p.seat in heard):
                    self.leaks.append(f"{where} reads {entry['kind']} meant for {heard}")
            for decision in view["decisions"]:
                if "fists" in json.dumps(decision) or "data" in decision:
                    self.leaks.append(f"{where} sees the inside of a {decision['kind']}")


class Socket:
    """A channel layer that keeps every websocket notice sent."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, dict]] = []

    async def group_send(self, group: str, message: dict) -> None:
        self.sent.append((group, message))


def test_no_players_view_shows_anothers_secrets_at_any_phase(marked_pack):
    watch = LeakWatch()
    simulate(5, 10, seed=11, pack=marked_pack, after_phase=watch)
    assert watch.looked >= 5 * 8 * 10
    assert watch.leaks == []


def test_websocket_notices_carry_only_a_version(
    marked_pack, monkeypatch, django_capture_on_commit_callbacks
):
    """Notices say "game N changed, these viewers' versions are V" and nothing of the game
    (docs/principles.md, principle 7); their id is drawn at random, for the relay to know a notice
    heard twice."""
    socket = Socket()
    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: socket)
    with django_capture_on_commit_callbacks(execute=True):
        played = simulate(4, 3, seed=5, pack=marked_pack)
    assert socket.sent
    viewers = {"director", "public"} | {f"seat:{seat}" for seat in range(1, 5)}
    for group, message in socket.sent:
        assert group == f"game-{played.game.pk}"
        assert set(message) == {"type", "game", "versions", "id"}
        assert re.fullmatch(r"[0-9a-f]{16}", message["id"])
        assert message["type"] == "game.changed" and message["game"] == played.game.pk
        assert set(message["versions"]) <= viewers
        assert all(isinstance(version, int) for version in message["versions"].values())
    assert len({message["id"] for _, message in socket.sent}) == len(socket.sent)
