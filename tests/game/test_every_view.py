"""Every director and phone view, posted once with nonsense and once with valid input.

Issue 10, "Must deliver" 6: "A test posts to every director and phone view at least once".
Each test stops a simulated game (``simulate --players 5 --seed 1`` unless said otherwise)
where the views have something to act on, posts nonsense (a clear refusal and nothing changed:
``Game.seq`` and the state as before) and then what the page's own form sends (taken without
a refusal, and the game moved on). ``test_every_post_view_has_a_case`` keeps the list whole.
"""

from __future__ import annotations

import pytest
from django.urls import resolve

from consell.game.models import Game
from consell.game.services import games as game_services
from consell.game.services.planning import OFFERS
from consell.projection.visibility import view_for
from consell.rules import crisis_phase, endgame, phases, resolution
from consell.rules.audience import Viewer
from consell.rules.production_phase import OPENED
from consell.rules.state import Phase
from consell.simulator.runner import default_pack
from consell.views import urls

from .page_forms import ruleset_post
from .simulated import director_client, hidden_fields, phone, play_until, refusals_of, state_of

pytestmark = pytest.mark.django_db

GET_ONLY = {"dashboard", "seat_qr", "seat_sheet", "join", "play", "board"}

# Which test posts to which view (checked against consell/views/urls.py below).
CASES = {
    "test_before_the_deal": {"game_list", "edit_ruleset", "deal"},
    "test_setup": {"appoint", "director_appoint", "keep_objectives", "reissue_seat", "start"},
    "test_destiny": {"turn_destiny", "turn_advance"},
    "test_planning": {
        "plan_add",
        "plan_move",
        "plan_remove",
        "plan_sacrifice",
        "trade_propose",
        "trade_answer",
        "plan_hand_in",
        "turn_close_planning",
        "correct",
        "kingdom_action",
    },
    "test_decisions": {"decide", "director_decide"},
    "test_actions": {"turn_action", "turn_rest"},
    "test_secrets": {"turn_vigilance", "turn_secret"},
    "test_acquisition_crisis_production_end": {
        "turn_auction",
        "turn_crisis",
        "turn_production",
        "turn_end",
    },
    "test_the_end_of_the_game": {"finish"},
    "test_a_procedure": {"run_procedure"},
    "test_time_and_absence": {"deadline", "pause", "stand_in"},
    "test_a_phones_preferences": {"notify"},
}


POSTED: set[str] = set()


@pytest.fixture(autouse=True)
def posts_what_it_says(request):
    """Each test posts to exactly the views ``CASES`` gives it."""
    POSTED.clear()
    yield
    if request.node.name in CASES:
        assert POSTED == CASES[request.node.name]


def test_every_post_view_has_a_case():
    posted = {p.name for p in urls.urlpatterns} - GET_ONLY
    assert set().union(*CASES.values()) == posted


def _post(client, action: str, data: dict):
    POSTED.add(resolve(action).url_name)
    return client.post(action, data)


def _client(game: Game, who):
    return director_client(game) if who == "director" else phone(game, who)


def _form(game: Game, who, action: str) -> dict:
    page = f"/games/{game.pk}/" if who == "director" else f"/play/{game.pk}/"
    return hidden_fields(_client(game, who).get(page), action)


def _snapshot(game: Game):
    game.refresh_from_db()
    tokens = list(game.seats.order_by("position").values_list("token", flat=True))
    return game.seq, game.state, game.ruleset, tokens, Game.objects.count()


def check(game: Game, who, action: str, nonsense: dict, valid: dict, *, refused_with=302):
    """Nonsense is refused and changes nothing; the valid post is taken and changes the game."""
    before = _snapshot(game)
    refused = _post(_client(game, who), action, nonsense)
    assert refused.status_code == refused_with, (action, refused.status_code)
    if refused_with != 404:
        errors = getattr(refused.context and refused.context.get("form"), "errors", None)
        assert refusals_of(refused) or errors, f"{action}: nonsense got no message"
    assert _snapshot(game) == before, f"{action}: nonsense changed the game"
    taken = _post(_client(game, who), action, valid)
    assert taken.status_code == 302, (action, taken.status_code)
    assert refusals_of(taken) == [], action
    assert _snapshot(game) != before, f"{action}: the valid post changed nothing"


def _only_steps(state) -> bool:
    return all(p.kind in (phases.STEP, endgame.END_OF_GAME) for p in state.pending)


def _stop(where, players=5, turns=10, seed=1) -> Game:
    return play_until(players, turns, seed, lambda s: _only_steps(s) and where(s))


# -- rules §2: before the deal, and setup ---------------------------------------------------


def test_before_the_deal(director):
    pack = default_pack()
    game = game_services.create_game(director, "Dijous", pack, ["Alice", "Bob", "Carles"])
    check(
        game,
        "director",
        "/games/",
        {"name": "", "pack": "banana", "players": "Alice"},
        {"name": "Divendres", "pack": str(pack.pk), "players": "Alice\nBob\nCarles"},
        refused_with=200,
    )
    check(
        game,
        "director",
        f"/games/{game.pk}/ruleset/",
        ruleset_post(game, turns=-4),
        ruleset_post(game, turns=8),
        refused_with=200,
    )
    deal = _form(game, "director", f"/games/{game.pk}/deal/")
    check(
        game,
        "director",
        f"/games/{game.pk}/deal/",
        {**deal, "kings": "99, banana"},
        {**deal, "kings": ""},
    )


def test_setup(director):
    """§2 steps 5 and 8: each player keeps objectives, the King appoints, turn 1 starts."""
    game = game_services.create_game(director, "Dijous", default_pack(), ["Alice", "Bob", "Carles"])
    game_services.deal(game.pk)
    g, state = game.pk, state_of(game)
    kingdom = state.kingdoms[0]
    king = kingdom.king
    members = [s for s in state.members(kingdom.id) if s != king]
    offices = sorted(o for o, holder in kingdom.offices.items() if holder is None)
    appoint = _form(game, king, f"/play/{g}/appoint/")
    check(
        game,
        king,
        f"/play/{g}/appoint/",
        {**appoint, "office": "jester", "member": members[0]},
        {**appoint, "office": offices[0], "member": members[0]},
    )
    check(
        game,
        "director",
        f"/games/{g}/appoint/",
        {"king": "banana", "office": offices[1], "member": members[0]},
        {"king": king, "office": offices[1], "member": members[1]},
    )
    for seat in (p.seat for p in state.players):
        offer = state_of(game).player(seat).objective_offer
        form = _form(game, seat, f"/play/{g}/objectives/")
        check(
            game,
            seat,
            f"/play/{g}/objectives/",
            {**form, "collective": offer[2], "personal": offer[0]},
            {**form, "collective": offer[0], "personal": offer[2]},
        )
    reissue = _form(game, "director", f"/games/{g}/seats/1/reissue/")
    before = _snapshot(game)
    assert _post(director_client(game), f"/games/{g}/seats/99/reissue/", reissue).status_code == 404
    assert _snapshot(game) == before
    taken = _post(director_client(game), f"/games/{g}/seats/1/reissue/", reissue)
    assert refusals_of(taken) == [] and _snapshot(game) != before
    start = _form(game, "director", f"/games/{g}/start/")
    check(game, "director", f"/games/{g}/start/", {**start, "seq": "banana"}, start)


# -- rules §3: the turn -----------------------------------------------------------------------


def _step(game: Game, action: str) -> None:
    """A director step as its button sends it; nonsense is a ``seq`` that is no version."""
    form = _form(game, "director", action)
    check(game, "director", action, {**form, "seq": "banana"}, form)


def test_destiny():
    """§3.1: each kingdom's destiny card is revealed, then the phase ends."""
    game = _stop(lambda s: s.phase is Phase.DESTINY and phases.find_step(s, "destiny"))
    _step(game, f"/games/{game.pk}/turn/destiny/")
    while phases.find_step(state_of(game), "destiny") or not _only_steps(state_of(game)):
        game = _stop(lambda s: s.phase is Phase.DESTINY and not phases.find_step(s, "destiny"))
    _step(game, f"/games/{game.pk}/turn/advance/")


def _plannable(game: Game, seat: int) -> list[dict]:
    me = view_for(game, Viewer.for_seat(seat), "en")["me"]
    return [a for a in me["plannable"] if not a["fields"] and not a["planned"]]


PILES = {"action": "actions", "secret": "secrets", "indication": "indications"}


def _same_pile_pair(game: Game):
    for p in state_of(game).players:
        by_type: dict[str, list] = {}
        for a in _plannable(game, p.seat):
            if all(f["optional"] for f in a["fields"]):  # added without a box to fill (§3.2)
                by_type.setdefault(a["type"], []).append(a)
        for kind, abilities in by_type.items():
            if len(abilities) >= 2:
                return p.seat, PILES[kind], abilities[:2]
    raise AssertionError("No player can plan two abilities into one pile.")


def check_once(game: Game, who, action: str, data: dict) -> None:
    """A post with no input to get wrong: taken once, and refused (or "already done") when
    sent again, changing nothing the second time."""
    before = _snapshot(game)
    taken = _post(_client(game, who), action, data)
    assert taken.status_code == 302 and refusals_of(taken) == [], action
    after = _snapshot(game)
    assert after != before, action
    again = _post(_client(game, who), action, data)
    assert again.status_code == 302, action
    assert _snapshot(game) == after, action


def test_planning():
    """§3.2 and §4.14: plan, reorder, sacrifice, trade and hand in; the director closes a
    player's Planning and corrects the game by hand."""
    game = _stop(lambda s: s.phase is Phase.PLANNING)
    g = game.pk
    seat, pile, pair = _same_pile_pair(game)
    for n, ability in enumerate(pair):
        entry = {"source": ability["source"], "ability": ability["ability"], "nonce": f"add{n}"}
        check(game, seat, f"/play/{g}/plan/add/", {**entry, "source": "banana"}, entry)
    move = {"pile": pile, "index": 1, "direction": "up", "nonce": "move"}
    check(game, seat, f"/play/{g}/plan/move/", {**move, "index": "x"}, move)
    remove = {"pile": pile, "index": 0, "nonce": "remove"}
    check(game, seat, f"/play/{g}/plan/remove/", {**remove, "pile": "banana"}, remove)
    tactic = state_of(game).player(seat).tactics[0]
    check(game, seat, f"/play/{g}/plan/sacrifice/", {"tactic": "banana"}, {"tactic": tactic})
    other = next(p.seat for p in state_of(game).players if p.seat != seat)
    check(
        game,
        seat,
        f"/play/{g}/trades/propose/",
        {"to": other, "give_MON": "-3"},
        {"to": other, "give_MON": "1", "want_POW": "1"},
    )
    offer = state_of(game).progress[OFFERS][-1]["id"]
    check(
        game,
        other,
        f"/play/{g}/trades/answer/",
        {"offer": "banana"},
        {"offer": offer, "answer": "refuse"},
    )
    correct = _form(game, "director", f"/games/{g}/correct/")
    check(
        game,
        "director",
        f"/games/{g}/correct/",
        {**correct, "res_1_MON": "lots", "reason": "x"},
        {**correct, "res_1_MON": "1", "reason": "A coin fell off the table"},
    )
    check_once(game, seat, f"/play/{g}/plan/hand-in/", {"nonce": "hand-in"})
    closing = [p.seat for p in state_of(game).players if not p.plan.handed_in]
    close = f"/games/{g}/turn/close-planning/"
    before = _snapshot(game)
    for seat_asked in ({"seat": 99}, {"seat": "banana"}, {}):
        refused = _post(director_client(game), close, seat_asked)
        assert refusals_of(refused) and _snapshot(game) == before, seat_asked
    check_once(game, "director", close, {"seat": closing[0], "nonce": "c"})
    # The dashboard's one form for every player: another player's button, sent with the same
    # one-time key, closes that player too.
    check_once(game, "director", close, {"seat": closing[1], "nonce": "c"})
    assert {p.seat for p in state_of(game).players if p.plan.handed_in} >= set(closing[:2])
    kingdoms = _form(game, "director", f"/games/{g}/kingdoms/")
    check(
        game,
        "director",
        f"/games/{g}/kingdoms/",
        {**kingdoms, "action": "banish", "seat": 2, "reason": "x"},
        {**kingdoms, "action": "expel", "seat": 2, "reason": "The table ruled it"},
    )


def test_decisions():
    """§4.3: the first reactions of the game, one answered on its owner's phone, one by the
    director for an absent player."""
    game = play_until(5, 10, 1, lambda s: len([p for p in s.pending if p.kind == "reaction"]) > 1)
    g = game.pk
    mine, absent = [p for p in state_of(game).pending if p.kind == "reaction"][:2]
    owner = mine.data["seat"]
    form = _form(game, owner, f"/play/{g}/decide/")
    check(
        game,
        owner,
        f"/play/{g}/decide/",
        {**form, "pending": "banana", "use": "no"},
        {**form, "pending": mine.id, "use": "no"},
    )
    check(
        game,
        "director",
        f"/games/{g}/decide/",
        {"pending": absent.id + 1000, "use": "no"},
        {"pending": absent.id, "use": "no"},
    )


def test_actions():
    """§3.3: the next action in turn order, resolved in public; then the rest of them."""
    game = _stop(lambda s: s.phase is Phase.ACTIONS and resolution.next_tile(s, "actions"))
    _step(game, f"/games/{game.pk}/turn/action/")
    game = _stop(
        lambda s: (
            s.phase is Phase.ACTIONS
            and _only_steps(s)
            and sum(len(p.plan.actions) for p in s.players) >= 2
        )
    )
    _step(game, f"/games/{game.pk}/turn/rest/")


def test_secrets():
    """§3.4, G30: vigilance is committed before any secret; then the next secret."""
    game = _stop(lambda s: s.phase is Phase.SECRETS and resolution.VIGILANCE not in s.progress)
    _step(game, f"/games/{game.pk}/turn/vigilance/")
    game = _stop(
        lambda s: (
            s.phase is Phase.SECRETS
            and resolution.VIGILANCE in s.progress
            and resolution.next_tile(s, "secrets")
        )
    )
    g = game.pk
    form = _form(game, "director", f"/games/{g}/turn/secret/")
    check(game, "director", f"/games/{g}/turn/secret/", {**form, "die": ["one", "two"]}, form)


def test_acquisition_crisis_production_end():
    """§3.5 to §3.8: the auction, a crisis, production, the end of the turn."""
    game = _stop(lambda s: s.phase is Phase.ACQUISITION and phases.find_step(s, "auction"))
    _step(game, f"/games/{game.pk}/turn/auction/")
    game = _stop(lambda s: s.phase is Phase.CRISIS and crisis_phase.crises_waiting(s))
    _step(game, f"/games/{game.pk}/turn/crisis/")
    game = _stop(lambda s: s.phase is Phase.PRODUCTION and not s.progress.get(OPENED))
    _step(game, f"/games/{game.pk}/turn/production/")
    game = _stop(lambda s: s.phase is Phase.END_OF_TURN and phases.find_step(s, "end_of_turn"))
    _step(game, f"/games/{game.pk}/turn/end/")


def test_the_end_of_the_game():
    """§4.17: once the players' end-of-game turns are over, the director finishes the game."""
    game = _stop(
        lambda s: any(p.kind == endgame.END_OF_GAME and not p.waiting_for for p in s.pending),
        players=3,
        turns=1,
        seed=7,
    )
    _step(game, f"/games/{game.pk}/turn/finish/")


def test_a_procedure():
    """§4.5: an insurrection waits for the director to roll it
    (``simulate --players 10 --seed 8``, its first insurrection)."""
    game = play_until(
        10,
        10,
        8,
        lambda s: any(p.kind == "insurrection" and "flow" not in p.data for p in s.pending),
    )
    pending = next(p for p in state_of(game).pending if p.kind == "insurrection")
    form = _form(game, "director", f"/games/{game.pk}/procedure/")
    assert form["pending"] == str(pending.id)
    check(
        game,
        "director",
        f"/games/{game.pk}/procedure/",
        {**form, "pending": pending.id + 1000},
        form,
    )


def test_time_and_absence():
    """G60, G62, G63: a deadline on Planning, a stand-in for a seat, a pause and its resume."""
    game = _stop(lambda s: s.phase is Phase.PLANNING)
    g = game.pk
    deadline = f"/games/{g}/deadline/"
    check(
        game,
        "director",
        deadline,
        {"action": "set", "minutes": "-4"},
        {"action": "set", "minutes": "20"},
    )
    check(
        game,
        "director",
        deadline,
        {"action": "extend", "minutes": "x"},
        {"action": "extend", "minutes": "5"},
    )
    seat = next(p.seat for p in state_of(game).players if not p.plan.handed_in)
    stand_in = f"/games/{g}/stand-in/"
    check(game, "director", stand_in, {"seat": "banana"}, {"seat": seat, "action": "hand_over"})
    pause = f"/games/{g}/pause/"
    check(game, "director", pause, {"resumes": "tomorrow-ish"}, {"resumes": ""})
    check(game, "director", pause, {"resumes": ""}, {"action": "resume"})


def test_a_phones_preferences(director, settings):
    """A seat's e-mail notifications: a preference of the player's, not the game's state."""
    settings.EMAIL_ENABLED = True
    game = game_services.create_game(director, "Dijous", default_pack(), ["Alice", "Bob", "Carles"])
    action, before = f"/play/{game.pk}/notify/", _snapshot(game)
    refused = _post(phone(game, 1), action, {"email": "banana", "notify": "on"})
    assert refusals_of(refused) and not game.seats.get(position=1).notify
    taken = _post(phone(game, 1), action, {"email": "alice@example.org", "notify": "on"})
    assert refusals_of(taken) == [] and game.seats.get(position=1).notify
    assert _snapshot(game) == before
