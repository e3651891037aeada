"""Every event a real game logs is of a declared kind with its typed payload (issue 11 item 1).

The rules emit ``Kind`` members and build each payload from its ``TypedDict``
(``consell.rules.payloads``), which mypy checks; these games check what reached the log: no
kind outside the enum, no key a payload lacks or does not declare.
"""

from __future__ import annotations

import pytest
from django.utils import translation

from consell.content.catalog import load_catalog
from consell.game.models import Event
from consell.rules.event_kinds import Kind
from consell.rules.payloads import PAYLOADS, Executed, VoteStake, payload, problems
from consell.simulator import simulate
from consell.wording.describe import Names, describe

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("players", "seed"), [(4, 2), (6, 4)])
def test_every_logged_event_is_a_kind_with_its_payload(pack, players, seed):
    played = simulate(players, 10, seed=seed, pack=pack)
    rows = list(Event.objects.filter(game=played.game))
    kinds = {row.kind for row in rows}
    assert kinds - set(Kind) == set(), "kinds logged but not declared"
    found = sorted({p for row in rows for p in problems(row.kind, row.payload)})
    assert found == [], "\n".join(found)
    assert len(kinds) > 60, "a whole game logs most kinds"
    assert _undescribed(played.game, rows) == [], "sentences that cannot read their payload"


def _undescribed(game, rows) -> list[str]:
    """The kinds whose sentence fails on a payload the game really logged (a reader reading
    a key, or a type, its kind's payload does not have)."""
    names = Names(game.state, load_catalog(game.pack), "en")
    with translation.override("en"):
        cannot = translation.gettext("Something happened that this version cannot describe.")
        return sorted(
            {
                r.kind
                for r in rows
                if describe(r.kind, {"seat": r.actor, **r.payload}, names) == cannot
            }
        )


def test_every_kind_has_one_payload_type():
    assert set(PAYLOADS) == set(Kind)


def test_a_reader_narrows_a_logged_event_to_its_payload(pack):
    played = simulate(3, 2, seed=1, pack=pack)
    row = Event.objects.filter(game=played.game, kind=Kind.VOTE_SPEND).first()
    assert row is not None
    stake = payload(row, VoteStake)
    assert stake["amount"] >= 0 and stake["seat"] in {1, 2, 3}
    with pytest.raises(TypeError):
        payload(row, Executed)
