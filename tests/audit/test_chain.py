"""The hash-chained log (issue 34, "Must deliver" 1): "Each event's hash covers the previous hash
and the event's whole content, hidden payloads included, in a canonical encoding. The export
carries the chain. [...] The verifier refuses an export in which any event was changed,
removed, reordered or inserted, or any roll's purpose or counter was changed. It names the
first bad link."

Every document here is the export of a game the simulator played (``tests/audit/conftest.py``).
"""

from __future__ import annotations

import copy
import io
import json

import pytest

from consell.audit import verify_export
from consell.audit.export import build_document
from consell.audit.proof import prove
from consell.game.models import Event
from consell.rules import chain
from consell.rules.audience import Viewer
from tests.audit.conftest import ALICE, BOB, seats_of

pytestmark = pytest.mark.django_db


def _document(game, viewer=None):
    game.refresh_from_db()
    return build_document(game, viewer or Viewer.director())


def _problems(document) -> tuple[str, ...]:
    return prove(document).problems


def _rehash_from(document, number: int) -> None:
    """Recompute every hash from link ``number`` on, as a forger who rewrote the chain would
    (the digests of the changed content included), so only the heads the table saw differ."""
    contents = {e["link"]: chain.event_content(e) for e in document["events"]}
    contents |= {r["link"]: chain.roll_content(r) for r in document["rolls"]}
    links = document["chain"]["links"]
    previous = links[number - 2]["hash"] if number > 1 else document["chain"]["start"]
    for position, link in enumerate(links[number - 1 :], start=number):
        link["link"] = position
        if position in contents:
            link["digest"] = chain.digest(contents[position])
        link["hash"] = previous = chain.next_hash(previous, position, link["digest"])
    document["chain"]["head"] = previous


def test_the_export_carries_a_chain_that_holds_for_every_reader(ended):
    director = _document(ended)
    proof = prove(director)
    assert proof.ok and proof.chain is not None and proof.chain.ok
    assert proof.hidden_links == 0  # the director reads every link
    assert proof.chain.links == ended.links == ended.events.count() + ended.rolls.count()
    assert director["chain"]["head"] == ended.chain_head
    for seat in seats_of(ended):
        mine = prove(_document(ended, Viewer("seat", seat)))
        assert mine.ok and mine.chain.head == ended.chain_head
        # What a seat may not read still holds the chain, by its digest alone, with no salt.
        assert mine.hidden_links == ended.links - len(mine.rolls) - len(
            _document(ended, Viewer("seat", seat))["events"]
        )


def test_a_head_is_published_as_each_phase_closes_and_is_a_link_of_the_chain(finished):
    document = _document(finished)
    published = document["chain"]["published"]
    closed = {(h["turn"], h["phase"]) for h in published}
    assert {(1, "planning"), (1, "secrets"), (2, "planning")} <= closed
    hashes = {link["link"]: link["hash"] for link in document["chain"]["links"]}
    assert all(hashes[h["link"]] == h["head"] for h in published)
    assert published[-1]["head"] == finished.chain_head  # the game's end publishes the last


def test_an_event_changed_is_refused_naming_its_link(finished):
    document = _document(finished)
    event = next(e for e in document["events"] if e["kind"] == "plot_resolved")
    event["payload"]["success"] = not event["payload"].get("success")
    problems = _problems(document)
    assert problems[0] == (
        f"the chain breaks at link {event['link']}, event #{event['seq']} (plot_resolved): "
        "its content is not the content it sealed"
    )


def test_an_event_removed_is_refused(finished):
    document = _document(finished)
    removed = document["events"].pop(10)
    document["chain"]["links"] = [
        link for link in document["chain"]["links"] if link["link"] != removed["link"]
    ]
    assert prove(document).chain.first_bad == removed["link"]
    assert _problems(document)[0] == (
        f"the chain breaks at link {removed['link']}: it is missing or out of order"
    )


def test_two_events_swapped_are_refused(finished):
    document = _document(finished)
    first, second = document["events"][5], document["events"][6]
    for key in ("seq", "link"):
        first[key], second[key] = second[key], first[key]
    assert prove(document).chain.first_bad == min(first["link"], second["link"])


def test_an_event_inserted_and_the_chain_rewritten_after_it_no_longer_reaches_the_heads_shown(
    finished,
):
    document = _document(finished)
    forged = copy.deepcopy(document["events"][3])
    forged["payload"] = {"note": "never happened"}
    at = forged["link"]
    for row in document["events"] + document["rolls"]:
        if row["link"] >= at:
            row["link"] += 1
    document["events"].insert(3, forged)
    document["chain"]["links"].insert(at - 1, {"link": at, "digest": "", "hash": ""})
    _rehash_from(document, at)
    proof = prove(document)
    assert proof.chain.ok  # the forger could recompute every hash...
    shown = [p for p in proof.problems if "shown to the table" in p]
    assert shown and not proof.ok  # ...but not the heads every phone and the board showed


def test_a_rolls_purpose_or_counter_changed_is_refused(finished):
    for field, value in (("purpose", "a friendlier purpose"), ("counter", 9999)):
        document = _document(finished)
        roll = document["rolls"][4]
        roll[field] = value
        bad = prove(document)
        assert not bad.ok and bad.chain.first_bad == roll["link"]


def test_a_foreign_chain_is_refused(finished):
    document = _document(finished)
    document["chain"]["start"] = "0" * 64
    assert "the chain does not start from this game's commitment" in _problems(document)


def test_a_row_changed_in_the_database_no_longer_matches_its_hash(finished):
    event = finished.events.filter(kind="vote_cast").first() or finished.events.last()
    Event.objects.filter(pk=event.pk).update(payload={**event.payload, "forged": 1})
    assert prove(_document(finished)).chain.first_bad == event.link


def test_the_command_line_verifier_names_the_first_bad_link(finished, tmp_path):
    document = _document(finished)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(document))
    out = io.StringIO()
    assert verify_export.main([str(good)], out) == 0
    assert f"chain: {finished.links} links hold" in out.getvalue()
    document["rolls"][0]["purpose"] = "changed"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document))
    out = io.StringIO()
    assert verify_export.main([str(bad)], out) == 1
    assert f"the chain breaks at link {document['rolls'][0]['link']}, roll #0" in out.getvalue()


def test_a_hidden_events_salt_and_content_stay_with_those_who_read_it(finished):
    director = {e["link"]: e for e in _document(finished)["events"]}
    alice = {e["link"]: e for e in _document(finished, Viewer("seat", ALICE))["events"]}
    hidden = set(director) - set(alice)
    assert hidden
    exported = json.dumps(_document(finished, Viewer("seat", BOB)))
    for number in hidden - {e["link"] for e in _document(finished, Viewer("seat", BOB))["events"]}:
        assert director[number]["salt"] not in exported
