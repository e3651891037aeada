"""The hash-chained log, the turns' dice keys and sealed plans (docs/audit-log.md, "The chain"
and "Sealed plans"): "Each event's hash covers the previous hash and the event's whole
content, hidden payloads included, in a canonical encoding"; "A turn's secret dice derive from
the committed server seed and that turn's player entropy" (issue 34)."""

from __future__ import annotations

import hashlib
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from consell.rules import chain
from consell.rules.dice import HmacDice, entropy_of, turn_key, verify

SEED = bytes(range(32))
COMMITMENT = hashlib.sha256(SEED).hexdigest()
EVENT = {
    "seq": 1, "turn": 0, "phase": "", "kind": "game_created", "actor": None,
    "by_director": True, "audience": "public", "reveal_at_end": True,
    "payload": {"name": "Dijous", "vote": 3}, "salt": "ab" * 16,
}  # fmt: skip


def _links(contents):
    previous, links = chain.genesis(COMMITMENT), []
    for number, content in enumerate(contents, start=1):
        d = chain.digest(content)
        previous = chain.next_hash(previous, number, d)
        links.append(chain.Link(number, d, previous))
    return links


def test_the_canonical_encoding_sorts_keys_without_spaces_in_utf8():
    assert chain.canonical({"b": 1, "a": ["Fe", "Força"]}) == '{"a":["Fe","Força"],"b":1}'.encode()


@pytest.mark.parametrize("bad", [{"x": 1.5}, {1: "a"}, [0.1]])
def test_the_canonical_encoding_refuses_what_a_browser_would_write_otherwise(bad):
    with pytest.raises(chain.NotCanonical):
        chain.canonical(bad)


@given(st.recursive(st.integers(-(2**40), 2**40) | st.text() | st.booleans() | st.none(),
                    lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner)))  # fmt: skip
def test_the_canonical_encoding_is_json_that_reads_back_the_same(value):
    assert json.loads(chain.canonical(value)) == value


def test_a_chain_that_holds_is_checked_through_the_links_a_reader_may_not_read():
    contents = [chain.event_content(EVENT), chain.roll_content(
        {"counter": 0, "sides": 6, "kind": "die", "value": 4, "purpose": "p", "entered": False,
         "key": ""})]  # fmt: skip
    links = _links(contents)
    checked = chain.check(chain.genesis(COMMITMENT), links, {2: contents[1]})
    assert checked.ok and checked.links == 2 and checked.head == links[-1].hash
    assert checked.code == f"{links[-1].hash[:4]}-{links[-1].hash[4:8]}".upper()


def test_the_first_bad_link_is_named():
    contents = [chain.event_content({**EVENT, "seq": n}) for n in (1, 2, 3)]
    links = _links(contents)
    changed = {2: chain.event_content({**EVENT, "seq": 2, "payload": {"vote": 4}})}
    assert chain.check(chain.genesis(COMMITMENT), links, changed).first_bad == 2
    assert chain.check(chain.genesis(COMMITMENT), [links[0], links[2]], {}).first_bad == 2
    forged = [links[0], chain.Link(2, links[1].digest, "0" * 64), links[2]]
    assert chain.check(chain.genesis(COMMITMENT), forged, {}).problem == (
        "its hash does not follow from the link before"
    )
    assert chain.check(chain.genesis(COMMITMENT), links, {9: contents[0]}).first_bad == 9


def test_a_salt_changes_the_digest_of_the_same_secret():
    a = chain.digest(chain.event_content(EVENT))
    b = chain.digest(chain.event_content({**EVENT, "salt": "cd" * 16}))
    assert a != b


def test_a_plan_receipt_binds_the_plan_the_turn_the_seat_and_the_secret():
    plan = {"indications": [], "actions": [{"source": "house", "ability": "a", "params": {}}],
            "secrets": []}  # fmt: skip
    receipt = chain.plan_receipt(2, 3, plan, "1" * 64)
    assert receipt == chain.plan_receipt(2, 3, dict(reversed(plan.items())), "1" * 64)
    others = [
        chain.plan_receipt(1, 3, plan, "1" * 64),
        chain.plan_receipt(2, 4, plan, "1" * 64),
        chain.plan_receipt(2, 3, {**plan, "actions": []}, "1" * 64),
        chain.plan_receipt(2, 3, plan, "2" * 64),
    ]
    assert receipt not in others


def test_a_turns_key_mixes_every_players_entropy_with_the_seed():
    entropies = {"1": entropy_of("a" * 64), "2": entropy_of("b" * 64)}
    key = turn_key(SEED, 3, entropies)
    assert key == turn_key(SEED, 3, dict(reversed(entropies.items())))  # order of hand-ins
    assert key != turn_key(SEED, 3, {**entropies, "2": entropy_of("c" * 64)})
    assert key != turn_key(SEED, 4, entropies)
    assert key != turn_key(bytes(32), 3, entropies)
    assert entropy_of("a" * 64) != hashlib.sha256(b"a" * 64).hexdigest()  # not the secret's hash


def test_rolls_drawn_with_a_turns_key_are_proven_only_with_its_published_entropy():
    entropies = {"1": entropy_of("a" * 64)}
    dice = HmacDice(turn_key(SEED, 1, entropies), counter=5, key="turn:1")
    dice.d6(), dice.shuffle(range(4))
    assert {r.key for r in dice.rolls} == {"turn:1"}
    assert verify(SEED, COMMITMENT, dice.rolls, {1: entropies}) == []
    missing = verify(SEED, COMMITMENT, dice.rolls)
    assert [m.expected for m in missing] == [-1] * len(dice.rolls)
    wrong = verify(SEED, COMMITMENT, dice.rolls, {1: {"1": entropy_of("b" * 64)}})
    assert wrong and all(m.expected != -1 for m in wrong)
