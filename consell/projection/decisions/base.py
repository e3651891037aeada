"""What a decision kind declares on the web app's side (docs/principles.md, principle 9), and the
pieces the kinds share.

A ``DecisionSpec`` holds, for one ``DecisionKind``: what a viewer sees of it (``project``,
allow-listed: docs/principles.md, principle 3), the Django form that reads its answer from a
post, the template partial that shows it, the audit category its events fall in, and what the
simulator's table does with it (``bot``, ``table``, ``fallback``). The rules' half (the typed
answer and the transition) is ``consell.rules.decisions.RULES``; who may know a pending exists
is the audience rule's (``consell.rules.audience.knows_of``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _

from consell.game.naming import kingdom_names
from consell.rules.absence import least_commitment
from consell.rules.cards import card as card_of
from consell.rules.decision_kinds import DecisionKind
from consell.rules.errors import InvalidParameterError
from consell.rules.ruleset import Ruleset
from consell.rules.state import GameState, Pending


@dataclass(frozen=True)
class Seen:
    """One pending as one viewer sees it, with what its projection reads."""

    state: GameState
    catalog: Any
    ruleset: Ruleset
    p: Pending
    seat: int | None
    names: Mapping[Any, str]  # seat -> name; a missing seat reads as None
    language: str
    text: Callable[..., str]

    @property
    def data(self) -> Mapping[str, Any]:
        return self.p.data

    def title(self, instance: str) -> str:
        return self.text(card_of(self.catalog, instance).get("title"), self.language)

    def kingdom(self, kingdom_id) -> str:
        return kingdom_names(self.state, self.catalog, self.language).get(kingdom_id, "")


@dataclass(frozen=True)
class Answer:
    """What the simulated table does with a pending: a decision by ``seat`` (None: the
    director), or, with ``procedure``, the director runs it."""

    seat: int | None
    decision: Mapping[str, Any] = field(default_factory=dict)
    procedure: bool = False


class Bot(Protocol):
    """The simulator's bot (``simulator.bots.Bot``), as a kind's moves use it: declared here,
    as ``Table`` is, because the simulator imports the kinds."""

    rng: random.Random

    def person(self, seat: int) -> Any: ...

    def opinion(self, seat: int, about: str) -> float: ...

    def accepts(self) -> bool: ...

    def pick(self, items: Any) -> Any: ...

    def end_of_game(self, options: Any) -> dict[str, Any]: ...


class Table(Protocol):
    """The simulator's table, as a kind's ``table`` move sees it."""

    @property
    def bot(self) -> Bot: ...

    catalog: Any

    def appointments(self, state: GameState, kingdom_id: int | None = None) -> None: ...


Project = Callable[[Seen], dict[str, Any]]
BotMove = Callable[[Bot, GameState, Ruleset, Pending, int], Mapping[str, Any]]
TableMove = Callable[[Table, GameState, Pending], Answer | None]
Fallback = Callable[[GameState, Ruleset, Pending, int], Mapping[str, Any]]


def ideal_size(state: GameState) -> int:
    """The kingdom size people like: a third of the table, never fewer than three (rules
    §4.11); the kinds' bot moves and the simulator's people weigh choices by it."""
    return max(3, math.ceil(len(state.players) / 3))


def seat_decides(table: Table, state: GameState, pending: Pending) -> Answer | None:
    """The usual ``table`` move: nothing for the director; the seat asked makes the ``bot`` move."""
    return None


def no_move(bot: Bot, state: GameState, ruleset: Ruleset, pending: Pending, seat: int) -> dict:
    """The ``bot`` move of a kind the table answers (``table``): an empty decision."""
    return {}


class DecisionForm(forms.Form):
    """A decision's form; ``answer()`` is the typed answer the rules take, from ``cleaned_data``.
    The rules still check every value."""

    def answer(self) -> Mapping[str, Any]:
        return {}


@dataclass(frozen=True)
class DecisionSpec:
    """Everything the web app and the simulator know of one decision kind (docs/principles.md,
    principle 9)."""

    kind: DecisionKind
    project: Project
    form: type[DecisionForm]
    audit: str  # one of ``audit_categories.CATEGORIES``
    bot: BotMove = no_move
    table: TableMove = seat_decides
    # The director's answer for a player who cannot give one: the rules' (G61).
    fallback: Fallback = least_commitment

    @property
    def template(self) -> str:
        return f"game/decisions/_{self.kind}.html"

    def read(self, data: QueryDict) -> Mapping[str, Any]:
        """The answer a posted form gives; a value the form refuses is the message to show."""
        form = self.form(data)
        if not form.is_valid():
            raise form_error(form)
        return form.answer()


def form_error(form: forms.Form) -> InvalidParameterError:
    """The first thing a form refused, as the rules would refuse it."""
    messages = [str(m) for errors in form.errors.values() for m in errors]
    return InvalidParameterError(messages[0])


# -- fields the decision forms share ---------------------------------------------------------


class Strings(forms.Field):
    """The list of values posted under one name (ticked boxes); empty when none."""

    widget = forms.MultipleHiddenInput  # reads every value posted under the name

    def to_python(self, value) -> list[str]:
        return [str(v) for v in value or []]


class Whole(Strings):
    """The list of whole numbers posted under one name (ticked seats)."""

    default_error_messages = {"invalid": _("Enter a whole number.")}

    def to_python(self, value) -> list[int]:  # type: ignore[override]
        try:
            return [int(v) for v in super().to_python(value)]
        except ValueError as exc:
            raise forms.ValidationError(self.error_messages["invalid"]) from exc


class _PrefixWidget(forms.Widget):
    """The non-empty values posted as ``<name>_<key>``; None when no such box was posted."""

    def value_from_datadict(self, data, files, name):
        start = f"{name}_"
        keys = [k for k in data if k.startswith(start)]
        if not keys:
            return None
        return {k[len(start) :]: data[k] for k in keys if data[k]}


class Boxes(forms.Field):
    """One box per key, posted as ``<name>_<key>`` (a fist per resource, a gift per seat, a
    reaction's parameters): a mapping of the filled ones, whole numbers read as numbers."""

    widget = _PrefixWidget
    default_error_messages = {"invalid": _("Enter a whole number.")}

    def __init__(self, *, numbers_only: bool = True, **kwargs) -> None:
        super().__init__(required=False, **kwargs)
        self.numbers_only = numbers_only

    def to_python(self, value) -> dict[str, Any] | None:
        if value is None:
            return None
        out: dict[str, Any] = {}
        for key, raw in value.items():
            try:
                out[key] = int(raw)
            except ValueError as exc:
                if self.numbers_only:
                    raise forms.ValidationError(self.error_messages["invalid"]) from exc
                out[key] = raw
        return out


YES_NO = [("yes", "yes"), ("no", "no")]


def yes_no() -> forms.ChoiceField:
    """Two buttons, yes and no; a post with neither leaves the answer out."""
    return forms.ChoiceField(choices=YES_NO, required=False)
