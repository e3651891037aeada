"""A phone's forms say their limits before they are sent (issue 35 item 4): how many players
a box takes, the numbers an amount takes (as text and as min/max), what a crisis may be given,
how many leftover units a distributor hands out and how much Favor a King must give. Read on
games the simulator played, in Catalan, the table's language."""

from __future__ import annotations

import re
from html import unescape

import pytest

from consell.projection.visibility import view_for
from consell.rules.audience import Viewer
from consell.rules.payment import funds
from consell.rules.resources import Resource
from consell.rules.ruleset import Ruleset
from consell.rules.state import Phase

from .simulated import phone, play_until, state_of

pytestmark = pytest.mark.django_db


def _page(game, seat: int) -> str:
    client = phone(game, seat)
    client.cookies["django_language"] = "ca"
    return unescape(client.get(f"/play/{game.pk}/").content.decode())


def _fold(page: str, ability: dict) -> str:
    """The HTML of one ability's fold in the planner."""
    start = page.index(f'data-fold="{ability["source"]}:{ability["ability"]}"')
    return page[start : page.index("</details>", start)]


def _amount_hint(f: dict) -> str:
    low = f["min"] or 0
    return f"De {low} a {f['max']}." if f["max"] is not None else f"{low} o més."


def _players_hint(f: dict) -> str:
    if f["max"] is None:
        return (
            "Marca els jugadors que vulguis, o cap." if f["optional"] else "Marca un jugador o més."
        )
    if f["optional"]:
        return f"Marca fins a {f['max']} jugadors, o cap."
    return f"Marca d'1 a {f['max']} jugadors."


@pytest.fixture
def planning():
    """``simulate --players 8 --turns 3 --seed 1`` at turn 1's Planning."""
    return play_until(8, 3, 1, lambda s: s.turn == 1 and s.phase is Phase.PLANNING)


def test_s32_every_box_of_the_planner_says_its_limits(planning):
    seen = set()
    for seat in range(1, 9):
        page = _page(planning, seat)
        view = view_for(planning, Viewer.for_seat(seat), "ca")
        for ability in view["me"]["plannable"]:
            if ability["planned"]:
                continue
            fold = _fold(page, ability)
            for f in ability["fields"]:
                name = re.escape(f["name"])
                if f["type"] == "amount":
                    seen.add("amount")
                    assert _amount_hint(f) in fold, (ability["title"], f)
                    tag = re.search(rf'<input type="number" name="{name}"[^>]*>', fold).group()
                    assert f'min="{f["min"] or 0}"' in tag
                    if f["max"] is not None:
                        assert f'max="{f["max"]}"' in tag
                    assert ("required" in tag) is not f["optional"]
                elif f["type"] == "players" and f["max"] == 1:
                    seen.add("one player")
                    assert re.search(rf'<select name="{name}"', fold), "one player: a list"
                    assert f'type="checkbox" name="{f["name"]}"' not in fold
                elif f["type"] == "players":
                    seen.add("players")
                    assert _players_hint(f) in fold, (ability["title"], f)
                elif f["type"] == "contributions" and f["max"] is not None:
                    assert f"Com a màxim {f['max']} en total a aquesta crisi." in fold
                    assert f'max="{f["max"]}"' in fold
    assert seen == {"amount", "one player", "players"}, "the game offers every kind of box"


@pytest.fixture
def distribution():
    """The same game at its first distribution of a resource other than Favor (§4.11)."""
    return play_until(8, 3, 1, lambda s: any(p.kind == "distribution" for p in s.pending))


def _distributions(game) -> list:
    return [p for p in state_of(game).pending if p.kind == "distribution"]


def test_s411_the_distributor_is_told_how_many_leftover_units_to_hand_out(distribution):
    pending = _distributions(distribution)[0]
    data = pending.data
    assert data["resource"] != "FAV"
    page = _page(distribution, data["distributor"])
    members = len(data["members"])
    allowed = Ruleset.from_dict(distribution.ruleset).distributor_keep
    keep = min(data.get("keep_limit", allowed), data["amount"])
    leftover, kept = data["amount"] % members, (data["amount"] - keep) % members
    if keep:
        told = (
            f"Unitats sobrants: {leftover}, o {kept} si primer te'n quedes {keep}. "
            "Marca tants membres com unitats sobrants."
        )
    else:
        told = f"Unitats sobrants: {leftover}. Marca tants membres com unitats sobrants."
    assert told in page


def test_s411_the_king_is_told_how_much_favor_to_give():
    game = play_until(
        8,
        3,
        1,
        lambda s: any(p.kind == "distribution" and p.data["resource"] == "FAV" for p in s.pending),
    )
    pending = next(p for p in _distributions(game) if p.data["resource"] == "FAV")
    amount = pending.data["amount"]
    page = _page(game, pending.data["distributor"])
    assert f"Favor per repartir, tot, com vulguis: {amount}." in page
    gifts = re.findall(r'<input type="number" name="gift_\d+"[^>]*>', page)
    assert gifts and all(f'min="0" max="{amount}"' in g and "required" in g for g in gifts)


def test_s48_a_duellist_is_told_the_most_each_box_of_their_fist_takes():
    """§4.8: a fist is paid from the chest; each box says how much of it the chest holds."""
    game = play_until(8, 10, 1, lambda s: any(p.kind == "duel" for p in s.pending))
    pending = next(p for p in state_of(game).pending if p.kind == "duel")
    seat = next(
        s for s in pending.data["participants"] if str(s) not in pending.data.get("fists", {})
    )
    chest = state_of(game).player(seat).resources
    page = _page(game, seat)
    for code in dict.fromkeys([*pending.data["resources"], "FAV"]):
        held = chest[Resource(code)]
        box = re.search(rf'<input type="number" name="fist_{code}"[^>]*>', page).group()
        assert f'min="0" max="{held}"' in box, code
        assert f"De 0 a {held}." in page


def test_s45_a_member_asked_to_pledge_is_told_the_most_they_can_pledge():
    """§4.5, G31: a pledge is what the reroll still needs, at most what the chest can pay."""
    game = play_until(
        10,
        10,
        8,
        lambda s: any(
            p.kind == "insurrection" and p.data.get("flow", {}).get("stage") == "pledging"
            for p in s.pending
        ),
    )
    state = state_of(game)
    pending = next(p for p in state.pending if p.kind == "insurrection")
    [seat] = pending.waiting_for
    ruleset = Ruleset.from_dict(game.ruleset)
    left = ruleset.insurrection_reroll_cost - sum(
        p["amount"] for p in pending.data["flow"]["pledges"]
    )
    can = min(left, funds(state.player(seat).resources, ruleset.insurrection_reroll_resource))
    page = _page(game, seat)
    box = re.search(r'<input type="number" name="pledge"[^>]*>', page).group()
    assert f'min="0" max="{can}"' in box
    assert f"De 0 a {can}." in page


def test_s33_a_trade_offer_says_how_much_of_each_resource_can_be_given(planning):
    """§3.3: what a player gives in a trade comes from their chest; each box says how much."""
    chest = state_of(planning).player(1).resources
    page = _page(planning, 1)
    offer = page[page.index('action="/play/') : page.index('name="want_POW"')]
    for code in ("POW", "MON", "INT", "FOR", "FAI"):
        held = chest[Resource(code)]
        box = re.search(rf'<input type="number" name="give_{code}"[^>]*>', offer).group()
        assert f'min="0" max="{held}"' in box, code
    assert f"En tens {chest[Resource.POW]}." in offer
