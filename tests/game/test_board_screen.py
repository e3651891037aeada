"""The public board on a shared screen (issue 13 item 6), on games the simulator really plays.

Rules §3.1, Destiny phase: "Everything is **public**. The director reveals the top destiny card
once for each kingdom [...] Its effects are read aloud." (the original: "El director de joc
revela una carta de la pila de destí per cada un dels regnes del joc"). An immediate event is
discarded at once, so the board reads the turn's cards from the public log, and shows each
with its text. §4.17, End of game: "All players reveal all their resources and hidden cards
[...] Compare Prestige. The highest total wins"; objectives are judged then (G48).
"""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from consell.content.catalog import load_catalog
from consell.game.models import Event
from consell.rules.resources import Resource
from consell.rules.state import Phase
from consell.rules.state import card_id_of as _card_id
from consell.simulator import simulate
from tests.game.simulated import phone, play_until, state_of

pytestmark = pytest.mark.django_db

ACCOUNT_LINKS = ("/accounts/login", "/accounts/signup", 'href="/companions/"')


def _planning_of_turn_2(state) -> bool:
    return state.turn == 2 and state.phase is Phase.PLANNING


def _board(game) -> str:
    """The board as the table's screen shows it, in Catalan (the table's language)."""
    page = Client().get(f"/board/{game.board_token}/", HTTP_ACCEPT_LANGUAGE="ca")
    text = html.unescape(page.content.decode())
    assert '<html lang="ca">' in text
    return text


def _title(catalog, instance: str) -> str:
    return catalog[_card_id(instance)]["title"]["ca"]


def _text(catalog, instance: str) -> str:
    return catalog[_card_id(instance)]["text"]["ca"]


def test_section_3_1_every_destiny_card_of_the_turn_is_on_the_board_in_full():
    """Each card revealed this turn, immediate events included, shows with its whole text."""
    game = play_until(16, 3, 1, _planning_of_turn_2)
    catalog = load_catalog(game.pack)
    revealed = Event.objects.filter(game=game, turn=2, kind="destiny_revealed")
    kingdoms = len(state_of(game).kingdoms)
    assert kingdoms >= 4 and revealed.count() == kingdoms, "one card for each kingdom (§3.1)"
    page = _board(game)
    screen = page[page.index('class="screen"') :]
    for ev in revealed:
        assert ev.audience == "public"
        assert _title(catalog, ev.payload["card"]) in screen
        assert _text(catalog, ev.payload["card"]) in screen
    in_play = {dc.card for dc in state_of(game).in_play}
    gone = [e for e in revealed if e.payload["card"] not in in_play]
    assert gone, "this seed reveals an immediate event, discarded at once: only the log has it"


def test_section_3_2_the_turn_order_marks_who_has_handed_in():
    """Planning: the board shows, in turn order, who has handed in their chest and who has not."""
    from consell.game.services import planning

    game = play_until(5, 3, 1, _planning_of_turn_2)
    planning.hand_in(game.pk, 2)
    state = state_of(game)
    page = _board(game)
    order = re.search(r'<section class="screen-order".*?</section>', page, re.S).group(0)
    items = re.findall(r'<li class="(done|waiting)">.*?</li>', order, re.S)
    expected = ["done" if state.player(s).plan.handed_in else "waiting" for s in state.turn_order]
    assert items == expected
    names = re.findall(r"</?\w[^>]*>\s*([^<>]+?)\s*<span class=\"screen-mark\"", order)
    assert [n.strip() for n in names] == [state.player(s).name for s in state.turn_order]


def test_section_4_17_the_end_shows_the_standings_and_the_objectives_met():
    played = simulate(5, 2, 3)
    game = played.game
    state = state_of(game)
    catalog = load_catalog(game.pack)
    page = _board(game)
    standings = re.search(r'<section class="screen-standings".*?</section>', page, re.S).group(0)
    ranked = sorted(state.players, key=lambda p: (-p.resources[Resource.PRE], p.name))
    positions = [standings.index(f"<strong>{p.name}</strong>") for p in ranked]
    assert positions == sorted(positions), "best Prestige first"
    verdicts = Event.objects.get(game=game, kind="objectives_judged").payload["verdicts"]
    for v in verdicts:
        word = "✓ complert" if v["met"] else "✗ no complert"
        assert f"{word}: {_title(catalog, v['objective'])}" in standings
    for seat in state.winners:
        name = state.player(seat).name
        assert re.search(rf'<li class="winner">.*?<strong>{name}</strong>', standings, re.S)


def test_the_board_and_the_phones_carry_no_account_links():
    """Players never need to log in or sign up, nor the screen of the table (issue 13 item 7)."""
    game = play_until(5, 3, 1, _planning_of_turn_2)
    pages = {"board": _board(game), "phone": phone(game, 1).get(f"/play/{game.pk}/")}
    pages["phone"] = pages["phone"].content.decode()
    for name, page in pages.items():
        for link in ACCOUNT_LINKS:
            assert link not in page, (name, link)
    visitor = Client().get("/").content.decode()
    assert "/accounts/login" in visitor or "/login" in visitor


def test_section_4_10_a_resolved_crisis_shows_its_outcome_on_the_board():
    """Issue 35: "Crisis outcomes are never shown: resolved crises stay CRISI". Once the
    director resolves a crisis, the board says whether the kingdom overcame it, with what was
    put in against the threshold, as the public ``crisis_resolved`` event tells the table."""
    game = play_until(16, 3, 1, lambda s: s.turn == 2 and s.phase is Phase.PRODUCTION)
    catalog = load_catalog(game.pack)
    resolved = Event.objects.filter(game=game, turn=2, kind="crisis_resolved")
    assert resolved, "this seed resolves a crisis in turn 2"
    page = _board(game)
    for ev in resolved:
        assert ev.audience == "public"
        box = re.search(
            rf'<div class="screen-destiny crisis (won|lost)">\s*<p class="screen-destiny-head">'
            rf".*?{re.escape(_title(catalog, ev.payload['card']))}.*?</div>",
            page,
            re.S,
        )
        assert box, "the crisis box carries its outcome"
        assert box.group(1) == ("won" if ev.payload["success"] else "lost")
        word = "Superada" if ev.payload["success"] else "Fracassada"
        pool, threshold = ev.payload["pool"], ev.payload["threshold"]
        assert f"{word}: {pool} aportats, en calien {threshold}" in box.group(0)
    before = play_until(16, 3, 1, lambda s: s.turn == 2 and s.phase is Phase.CRISIS)
    assert 'class="screen-outcome"' not in _board(before), "no outcome before it is resolved"


def test_each_member_shows_with_the_offices_they_hold():
    """The table reads a kingdom as its people: each member, the King first, with the offices
    they hold (rules §1.4); offices nobody holds are named as vacant."""
    game = play_until(16, 3, 1, _planning_of_turn_2)
    state = state_of(game)
    catalog = load_catalog(game.pack)
    page = _board(game)
    tiles = re.findall(r'<article class="screen-tile screen-kingdom">(.*?)</article>', page, re.S)
    for kingdom in state.kingdoms:
        members = state.members(kingdom.id)
        tile = next(t for t in tiles if f"<strong>{state.player(members[0]).name}</strong>" in t)
        people = re.findall(
            r'<li class="screen-person( king)?"><strong>(.*?)</strong>(.*?)</li>', tile, re.S
        )
        assert {name for _, name, _ in people} == {state.player(s).name for s in members}
        if kingdom.king is not None:
            assert people[0][:2] == (" king", state.player(kingdom.king).name)
        for _, name, rest in people:
            seat = next(s for s in members if state.player(s).name == name)
            for office in state.offices_of(seat):
                assert _title(catalog, office) in rest
        vacant = [o for o, holder in kingdom.offices.items() if holder is None]
        for office in vacant:
            assert re.search(
                rf'class="screen-vacant">Vacants?: .*{re.escape(_title(catalog, office))}', tile
            )


def test_a_law_in_force_shows_the_rule_it_keeps_not_what_it_did_when_passed():
    """Rules §1.7: a law "stays in force" in its kingdom; the board states that rule (the
    card's ``in_force``), since its effect on passing is past; a law that keeps no rule shows
    its title alone."""
    game = play_until(16, 3, 1, _planning_of_turn_2)
    state = state_of(game)
    catalog = load_catalog(game.pack)
    page = _board(game)
    laws = re.findall(r'<ul class="screen-kingdom-laws".*?</ul>', page, re.S)
    shown = "".join(laws)
    in_force = [law for k in state.kingdoms for law in k.laws]
    assert in_force, "this seed passes laws by turn 2"
    for law in in_force:
        card = catalog[_card_id(law)]
        item = re.search(rf"<li><strong>{re.escape(card['title']['ca'])}</strong>(.*?)</li>", shown)
        assert item, card["id"]
        assert card["text"]["ca"] not in item.group(1)
        if card["lasting"]:
            assert f"<small>{card['in_force']['ca']}</small>" in item.group(1)
        else:
            assert item.group(1) == ""
