"""Every event the rules make in these tests carries the payload its kind declares
(``payload_types``): a test fails on a malformed event it made, whatever it asserts itself."""

from __future__ import annotations

import sys

import pytest

from consell.rules.events import Event
from tests.rules.payload_types import event_problems

_ON_THE_WAY = ("consell.rules.events", "dataclasses")  # public(), never_revealed()'s replace()


def _made_by_the_rules() -> bool:
    """Whether the event being made comes from the rules, not from a test's own example
    (through ``events.public`` and its siblings or directly)."""
    frame = sys._getframe(2)
    while frame is not None and frame.f_globals.get("__name__") in _ON_THE_WAY:
        frame = frame.f_back
    return frame is not None and not frame.f_globals.get("__name__", "").startswith("tests.")


@pytest.fixture(autouse=True)
def events_carry_their_declared_payloads(monkeypatch):
    found: list[str] = []
    made = Event.__init__

    def checked(event: Event, *args, **kwargs) -> None:
        made(event, *args, **kwargs)
        if _made_by_the_rules():
            found.extend(event_problems(event.kind, event.data))

    monkeypatch.setattr(Event, "__init__", checked)
    yield
    if found:
        pytest.fail(
            "events with payloads other than their kinds declare:\n" + "\n".join(found[:20])
        )
