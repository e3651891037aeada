"""The audit finds the seats an event is about by the payload keys that name seats.

An ability's parameters name a target by its bare seat number; an insurrection's ``target``
is the number its dice must beat (``InsurrectionRolled``), which is no seat.
"""

from __future__ import annotations

from consell.audit.timeline import seats_in
from consell.rules.event_kinds import Kind


def test_an_insurrections_target_number_is_not_a_seat():
    """``insurrection_rolled`` keeps T, the number its dice must beat, as ``target``: the
    audit read it as seat T and put the roll in that player's story."""
    event = {
        "seq": 1,
        "kind": Kind.INSURRECTION_ROLLED,
        "actor": None,
        "audience": "public",
        "payload": {"pending": 1, "kingdom": 0, "indicator": "stability", "target": 3,
                    "dice": [1, 5, 6], "successes": 2},
    }  # fmt: skip
    assert seats_in(event) == frozenset()


def test_a_plot_names_its_targets_by_reference():
    event = {
        "seq": 1,
        "kind": Kind.PLOT_OUTCOME,
        "actor": None,
        "audience": [2],
        "payload": {"outcomes": [{"target": "seat:4", "succeeded": True}], "conspirator": 1},
    }
    assert seats_in(event) == frozenset({1, 2, 4})


def test_an_abilitys_target_parameter_is_a_seat():
    event = {
        "seq": 1,
        "kind": Kind.ABILITY_PLANNED,
        "actor": 1,
        "audience": [1],
        "payload": {
            "pile": "secret",
            "source": "tactic:t1",
            "ability": "a",
            "params": {"target": 3},
        },
    }
    assert seats_in(event) == frozenset({1, 3})
