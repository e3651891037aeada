"""Verify a game in your own browser (issue 34, "Must deliver" 1 and 4): on a 360 px phone, in
Catalan, a player who saw the game's seals on their phone opens the audit's dice page and
verifies the game with the page's static script and WebCrypto; an export tampered with on its
way is refused, naming the first bad link, and a seal the phone kept that the chain lacks is
reported as a rewritten log.
"""

from __future__ import annotations

import json
import re

import pytest

from consell.audit.export import build_document
from consell.audit.proof import prove
from consell.rules.audience import Viewer
from consell.rules.event_kinds import Kind
from consell.rules.state import Phase
from consell.simulator import simulate
from tests.game.simulated import play_until

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def ended(live_url):
    """A finished game the simulator played (four players, two turns), Alice's link and the
    links of her audit's pages."""
    game = simulate(4, 2, 4).game
    game.refresh_from_db()
    alice = game.seats.get(position=1)
    return {
        "link": f"{live_url}/s/{alice.token}/",
        "dice": f"{live_url}/audit/{game.pk}/dice/",
        "export": f"{live_url}/audit/{game.pk}/export.json",
        "links": game.links,
        "head": game.chain_head,
        "code": f"{game.chain_head[:4]}-{game.chain_head[4:8]}".upper(),
    }


def _verify(page) -> tuple[str, str]:
    section = page.locator("section.audit-verify")
    section.locator("button[data-verify]").click()
    page.locator("section.audit-verify[data-verdict]").wait_for(timeout=30_000)
    return section.get_attribute("data-verdict"), section.locator("[data-lines]").inner_text()


def test_a_player_verifies_the_game_with_the_seals_their_phone_kept(ended, browser):
    phone = browser.phone()
    page = phone.new_page()
    page.goto(ended["link"])  # the seat's link logs the phone in, and shows the last seal
    assert ended["code"] in page.locator(".chain-head").inner_text()
    page.goto(ended["dice"])
    verdict, text = _verify(page)
    assert verdict == "ok", text
    assert f"{ended['links']} baules" in text
    assert "navegador va veure" in text  # the kept seal, checked
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_tampered_export_is_refused_in_the_browser_naming_the_first_bad_link(ended, browser):
    page = browser.phone().new_page()
    page.goto(ended["link"])
    tampered = {}

    def change_a_roll(route):
        document = json.loads(route.fetch().text())
        roll = document["rolls"][3]
        roll["purpose"] = "a friendlier purpose"
        tampered["link"] = roll["link"]
        route.fulfill(json=document)

    page.route("**/export.json", change_a_roll)
    page.goto(ended["dice"])
    verdict, text = _verify(page)
    assert verdict == "bad"
    assert f"La cadena es trenca a la baula {tampered['link']}" in text


def test_a_seal_the_phone_kept_that_the_chain_lacks_means_a_rewritten_log(ended, browser):
    page = browser.phone().new_page()
    page.goto(ended["link"])
    key = page.locator(".chain-head").get_attribute("data-chain-game")
    page.evaluate(
        "([key, head]) => localStorage.setItem('consell-heads:' + key,"
        " JSON.stringify([{link: 1, head: head}]))",
        [key, "f" * 64],
    )
    page.goto(ended["dice"])
    verdict, text = _verify(page)
    assert verdict == "bad"
    assert "S'ha reescrit" in text


def test_a_phone_that_kept_no_seals_is_told_what_it_cannot_check(ended, browser):
    page = browser.phone().new_page()
    page.goto(ended["link"])
    page.evaluate("localStorage.clear()")
    page.goto(ended["dice"])
    verdict, text = _verify(page)
    assert verdict == "ok", text
    assert "no ha guardat cap segell" in text


@pytest.fixture
def sealed(live_url):
    """A finished game whose phones sent a secret at every hand-in, Alice's link, her audit's
    dice page and the secrets her phone drew (read before any browser opens)."""
    game = simulate(4, 2, 4, phone_secrets=True).game
    game.refresh_from_db()
    alice = game.seats.get(position=1)
    mine = game.events.filter(kind=Kind.PLAN_SEALED, actor=1).order_by("seq")
    return {
        "link": f"{live_url}/s/{alice.token}/",
        "dice": f"{live_url}/audit/{game.pk}/dice/",
        "key": f"{game.pk}-{game.commitment[:16]}",
        "secrets": [e.payload["secret"] for e in mine],
    }


def _keep_secrets(page, key: str, secrets: list[str]) -> None:
    page.evaluate(
        "([key, kept]) => localStorage.setItem('consell-secrets:' + key, JSON.stringify(kept))",
        [key, secrets],
    )


def test_the_browser_proves_each_plan_resolved_is_the_plan_its_phone_sealed(sealed, browser):
    page = browser.phone().new_page()
    page.goto(sealed["link"])
    _keep_secrets(page, sealed["key"], sealed["secrets"])
    page.goto(sealed["dice"])
    verdict, text = _verify(page)
    assert verdict == "ok", text
    assert "Plans resolts tal com es van segellar en lliurar-los: 2." in text
    assert "segellats amb el secret que aquest navegador va generar: 2." in text


def test_a_plan_sealed_under_a_secret_the_phone_never_drew_is_refused(sealed, browser):
    page = browser.phone().new_page()
    page.goto(sealed["link"])
    _keep_secrets(page, sealed["key"], ["a" * 64])
    page.goto(sealed["dice"])
    verdict, text = _verify(page)
    assert verdict == "bad"
    assert "un secret que aquest navegador no va generar" in text


@pytest.fixture
def planning(live_url):
    """Alice's link at turn 1's Planning of the simulator's four-player game, not handed in."""
    game = play_until(4, 2, 4, lambda s: s.phase is Phase.PLANNING and s.turn == 1)
    return f"{live_url}/s/{game.seats.get(position=1).token}/", f"{game.pk}-{game.commitment[:16]}"


def test_a_phone_hands_in_with_a_secret_it_keeps_and_reads_its_receipt(planning, browser):
    link, key = planning
    page = browser.phone().new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(link)
    with page.expect_navigation():
        page.locator("form.hand-in button[type=submit]").click()
    kept = page.evaluate(f"JSON.parse(localStorage.getItem('consell-secrets:{key}'))")
    assert len(kept) == 1 and re.fullmatch(r"[0-9a-f]{64}", kept[0])
    receipt = page.locator("#plan .receipt").inner_text()  # under the locked plan
    assert re.search(r"segellat: rebut [0-9A-F]{4}-[0-9A-F]{4}", receipt), receipt
    page.locator("#fold-log summary").click()
    assert page.locator("#log-live li", has_text=receipt).count() == 1  # and in the log
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def _swap(document):
    first, second = document["events"][5], document["events"][6]
    for key in ("seq", "link"):
        first[key], second[key] = second[key], first[key]
    return min(first["link"], second["link"])


def _remove(document):
    removed = document["events"].pop(10)
    links = document["chain"]["links"]
    document["chain"]["links"] = [x for x in links if x["link"] != removed["link"]]
    return removed["link"]


def _insert(document):
    forged = {**document["events"][3], "payload": {"note": "never happened"}}
    at = forged["link"] + 1
    for row in document["events"] + document["rolls"]:
        row["link"] += row["link"] >= at
    for link in document["chain"]["links"]:
        link["link"] += link["link"] >= at
    forged["link"] = at
    document["events"].insert(4, forged)
    document["chain"]["links"].insert(at - 1, {"link": at, "digest": "0" * 64, "hash": "0" * 64})
    return at


def _change_event(document):
    event = next(e for e in document["events"] if e["kind"] == "plan_handed_in")
    event["payload"]["rank"] += 1
    return event["link"]


def _change_roll(field, value):
    def change(document):
        roll = document["rolls"][7]
        roll[field] = value
        return roll["link"]

    return change


TAMPERINGS = {
    "an event changed": _change_event,
    "an event removed": _remove,
    "two events swapped": _swap,
    "an event inserted": _insert,
    "a roll's purpose changed": _change_roll("purpose", "a friendlier purpose"),
    "a roll's counter changed": _change_roll("counter", 9999),
}


@pytest.fixture
def exported(live_url, tmp_path):
    """Alice's own export of a finished game, and of another game, as files she kept."""
    game, other = simulate(4, 2, 4).game, simulate(3, 1, 2).game
    for g in (game, other):
        g.refresh_from_db()
    alice = game.seats.get(position=1)
    return {
        "link": f"{live_url}/s/{alice.token}/",
        "dice": f"{live_url}/audit/{game.pk}/dice/",
        "mine": build_document(game, Viewer("seat", 1)),
        "other": build_document(other, Viewer.director()),
        "folder": tmp_path,
    }


def _verify_file(page, path) -> tuple[str, str]:
    section = page.locator("section.audit-verify")
    section.locator("input[data-verify-file]").set_input_files(path)
    page.locator("section.audit-verify[data-verdict]").wait_for(timeout=30_000)
    return section.get_attribute("data-verdict"), section.locator("[data-lines]").inner_text()


def test_a_kept_file_tampered_with_in_any_way_is_refused_in_the_browser(exported, browser):
    page = browser.phone().new_page()
    page.goto(exported["link"])
    page.goto(exported["dice"])
    good = exported["folder"] / "good.json"
    good.write_text(json.dumps(exported["mine"]))
    verdict, text = _verify_file(page, good)
    assert verdict == "ok", text
    for name, tamper in TAMPERINGS.items():
        document = json.loads(json.dumps(exported["mine"]))
        bad_link = tamper(document)
        path = exported["folder"] / f"{name}.json"
        path.write_text(json.dumps(document))
        page.reload()
        verdict, text = _verify_file(page, path)
        assert verdict == "bad", name
        assert f"La cadena es trenca a la baula {bad_link}:" in text, (name, text)
        assert prove(document).chain.first_bad == bad_link, name  # and so does Python's
    other = exported["folder"] / "other.json"
    other.write_text(json.dumps(exported["other"]))
    page.reload()
    verdict, text = _verify_file(page, other)
    assert verdict == "bad" and "d'una altra partida" in text
