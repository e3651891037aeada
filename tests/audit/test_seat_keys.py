"""The audit finds the seats an event is about by the payload keys that name seats.

Each key it looks for is one a payload of ``consell.rules.payloads`` declares (a key no payload
has finds nothing, and hides the one a payload renamed), and a key that names a seat only as
``"seat:N"`` never takes a bare number for a seat.
"""

from __future__ import annotations

from typing import Any, get_args, get_type_hints

from consell.audit.timeline import REF_KEYS, SEAT_KEYS, SEAT_MAP_KEYS, seats_in
from consell.rules.event_kinds import Kind
from consell.rules.payloads import PAYLOADS


def _declared_keys() -> set[str]:
    """Every key of every payload, and of the rows nested in them."""
    keys: set[str] = set()
    seen: set[Any] = set()

    def walk(tp: Any) -> None:
        if isinstance(tp, type) and hasattr(tp, "__required_keys__") and tp not in seen:
            seen.add(tp)
            for key, value in get_type_hints(tp).items():
                keys.add(key)
                walk(value)
        for arg in get_args(tp):
            walk(arg)

    for shape in PAYLOADS.values():
        walk(shape)
    return keys


def test_every_key_the_audit_reads_seats_from_is_a_payloads_key():
    declared = _declared_keys()
    assert not (SEAT_KEYS | SEAT_MAP_KEYS) - declared
    assert REF_KEYS <= SEAT_KEYS


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
