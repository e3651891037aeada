"""Every decision kind is one unit, declared once (docs/principles.md, principle 9; issue 11,
item 2).

Each kind the rules know (``consell.rules.decision_kinds.DECLARED``, with its transition in
``consell.rules.decisions.TRANSITIONS``) has, on the web app's side, a
form, a template partial that exists, an allow-listed projection, an audit category and a bot
move (``consell.projection.decisions.REGISTRY``); and the dispatchers look kinds up instead of
naming them.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Mapping
from pathlib import Path
from typing import is_typeddict

import pytest
from django import forms
from django.http import QueryDict
from django.template.loader import get_template

from consell.game.audit_categories import CATEGORIES
from consell.game.services import decisions as decision_services
from consell.projection import pending_view
from consell.projection.decisions import REGISTRY
from consell.projection.decisions.base import no_move, seat_decides
from consell.rules import decisions as rules_decisions
from consell.rules import procedures
from consell.rules.audience import PENDING_AUDIENCE
from consell.rules.decision_kinds import DECLARED, DecisionKind
from consell.rules.errors import RuleError
from consell.rules.names import PENDING_NAMES
from consell.simulator import bots, runner
from consell.views import decisions as decision_views

ROOT = Path(__file__).resolve().parents[2]
KINDS = list(DecisionKind)


def test_the_rules_and_the_web_app_declare_the_same_kinds():
    assert set(DECLARED) == set(rules_decisions.TRANSITIONS) == set(KINDS) == set(REGISTRY)
    assert set(rules_decisions.INTERACTIVE) == set(KINDS)


@pytest.mark.parametrize("kind", KINDS)
def test_a_kind_has_a_typed_answer_and_a_transition(kind):
    assert is_typeddict(DECLARED[kind].answer), kind
    assert callable(rules_decisions.TRANSITIONS[kind]), kind


@pytest.mark.parametrize("kind", KINDS)
def test_a_kind_has_a_name_and_says_what_it_asks(kind):
    assert PENDING_NAMES[kind] == DECLARED[kind].name
    assert procedures.ASKED[kind] == DECLARED[kind].asked


@pytest.mark.parametrize("kind", KINDS)
def test_a_kind_has_every_part(kind):
    spec = REGISTRY[kind]
    assert spec.kind is kind
    assert issubclass(spec.form, forms.Form)
    assert get_template(spec.template).template.name == f"game/decisions/_{kind}.html"
    assert callable(spec.project)
    assert kind in PENDING_AUDIENCE  # who may know it exists is the audience rule's
    assert spec.audit in CATEGORIES
    # The simulated table can answer it: a seat's bot move, or the table's own move.
    assert spec.bot is not no_move or spec.table is not seat_decides, kind


@pytest.mark.parametrize("kind", KINDS)
def test_a_post_with_nothing_in_it_reads_or_is_refused_with_a_message(kind):
    """The every-viewer harness posts a bare pending id to every decision."""
    try:
        answer = REGISTRY[kind].read(QueryDict(""))
    except RuleError as refused:
        assert str(refused)
    else:
        assert isinstance(answer, Mapping)


READINGS = [
    (DecisionKind.VOTE, "side=for&spend=2", {"side": "for", "spend": 2}),
    (DecisionKind.VOTE, "withdraw=1", {"withdraw": True}),
    (DecisionKind.VOTE, "tie=against", {"tie": "against"}),
    (DecisionKind.DUEL, "fist_FOR=2&fist_MON=0&fist_FAV=", {"fist": {"FOR": 2}}),
    (DecisionKind.DUEL, "seat=3&fist_POW=1", {"fist": {"POW": 1}, "seat": 3}),
    (DecisionKind.KINGDOM_JOINERS, "join=no", {"join": False}),
    (DecisionKind.CONDITION, "holds=yes", {"holds": True}),
    (DecisionKind.DISCARD_CHOICE, "tactics=a&tactics=b", {"tactics": ["a", "b"]}),
    (DecisionKind.REACTION, "use=yes&param_n=2&param_who=x",
     {"use": True, "params": {"n": 2, "who": "x"}}),
    (DecisionKind.REACTION, "use=no", {"use": False, "params": {}}),
    (DecisionKind.MANUAL, "done=1", {"done": True}),
    (DecisionKind.END_OF_GAME, "pass_turn=on", {"pass": True}),
    (DecisionKind.END_OF_GAME, "choice=objective:x", {"choose": "objective:x"}),
    (DecisionKind.DISTRIBUTION, "keep=0&keep=1&extra=2&extra=4", {"keep": 1, "extra": [2, 4]}),
    (DecisionKind.DISTRIBUTION, "gift_2=1&gift_3=0&gift_4=", {"gifts": {"2": 1, "3": 0}}),
    (DecisionKind.KINGDOMLESS_INCOME, "income=POW&income=MON", {"resources": ["POW", "MON"]}),
    (DecisionKind.INSURRECTION, "pledge=0", {"pledge": 0}),
    (DecisionKind.INSURRECTION, "die=2", {"die": 2}),
    (DecisionKind.INSURRECTION, "indicator=peril", {"indicator": "peril"}),
]  # fmt: skip


@pytest.mark.parametrize(("kind", "posted", "answer"), READINGS)
def test_a_kinds_form_reads_what_its_panel_posts(kind, posted, answer):
    assert dict(REGISTRY[kind].read(QueryDict(posted))) == answer


@pytest.mark.parametrize(
    ("kind", "posted"),
    [
        (DecisionKind.VOTE, "side=for&spend=lots"),
        (DecisionKind.DUEL, "fist_FOR=two"),
        (DecisionKind.DISTRIBUTION, "keep=0&extra=bob"),
        (DecisionKind.INSURRECTION, "pledge=some"),
        (DecisionKind.END_OF_GAME, ""),
    ],
)
def test_a_value_a_form_cannot_read_is_refused_with_a_message(kind, posted):
    with pytest.raises(RuleError) as refused:
        REGISTRY[kind].read(QueryDict(posted))
    assert str(refused.value)


def _names_a_kind(source: str) -> list[str]:
    return [k for k in KINDS if re.search(rf"[\"']{k.value}[\"']", source)]


def test_the_decisions_panel_has_no_branch_per_kind():
    panel = (ROOT / "templates/game/_decisions.html").read_text()
    assert "d.kind ==" not in panel
    assert "{% include d.template %}" in panel


@pytest.mark.parametrize(
    "dispatcher",
    [
        decision_services.decide,
        decision_views,
        pending_view,
        bots.Bot.decide,
        runner.Runner._answer_pending,
        runner.Runner._seat_decides,
        rules_decisions.decide,
    ],
    ids=lambda d: d.__qualname__ if hasattr(d, "__qualname__") else d.__name__,
)
def test_a_dispatcher_names_no_kind(dispatcher):
    assert _names_a_kind(inspect.getsource(dispatcher)) == []
