"""The audit, the log and the screens read an event's payload typed (issue 11 item 1).

A reader narrows a logged event with ``consell.rules.payloads.payload(event, Shape)`` (or a
sentence's ``line(Shape, ...)``) so mypy checks each key it reads. Reading the stored row's
``payload`` by key (``ev.payload.get("targets")``, ``e["payload"]["bids"]``) is a guess mypy
cannot check: none is left in the reader modules, and a new one fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

import consell

ROOT = Path(consell.__file__).parent
READERS = [
    *sorted((ROOT / "audit").glob("*.py")),
    *sorted((ROOT / "game").glob("*.py")),
    *sorted((ROOT / "wording").glob("*.py")),
    *sorted((ROOT / "projection").glob("*.py")),
    *sorted((ROOT / "live").glob("*.py")),
    *sorted((ROOT / "views").glob("*.py")),
    ROOT / "game" / "services" / "turn.py",
    ROOT / "simulator" / "summary.py",
    ROOT / "simulator" / "mechanics.py",
]
assert all(path.is_file() for path in READERS), "a reader named here was moved"
_OR_EMPTY = r"(?: or \{\}\))?"  # (e.get("payload") or {}).get("x")
UNTYPED = re.compile(
    rf"\.payload{_OR_EMPTY}(\.get\(|\[)"  # ev.payload.get("x"), ev.payload["x"]
    rf"|\[\"payload\"\]{_OR_EMPTY}(\.get\(|\[)"  # e["payload"]["x"]
    rf"|\.get\(\"payload\"[^)]*\){_OR_EMPTY}(\.get\(|\[)"  # e.get("payload", {}).get("x")
    rf"|\b(ev|event|aborted)\.data{_OR_EMPTY}(\.get\(|\[)"  # a rules Event's data, by key
    r"|\bpayload\.get\("  # a payload held untyped: payload(event, Shape)["x"] reads it typed
)


def test_no_reader_reads_an_events_payload_by_key():
    found = [
        f"{path.relative_to(ROOT.parent)}:{n}: {line.strip()}"
        for path in READERS
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if UNTYPED.search(line)
    ]
    assert found == [], "read it with payloads.payload(event, Shape):\n" + "\n".join(found)


def test_the_check_sees_the_usual_guesses():
    for guess in (
        'verdicts = judged.payload.get("verdicts", [])',
        'for b in ev.payload["bids"]:',
        'e.get("payload", {}).get("commitment")',
        '(event.get("payload") or {}).get("rolls")',
        'aborted.data.get("reason", "")',
        '(ev.payload or {}).get("card")',
        'if payload.get("success"):',
    ):
        assert UNTYPED.search(guess), guess
