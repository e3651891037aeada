"""Every decision kind, declared once on the web app's side (docs/principles.md, principle 9).

One module per ``DecisionKind``, named after it (``vote.py`` for ``vote``), holds its form, its
allow-listed projection, its audit category and its bot moves, and declares a ``SPEC``; its
template partial is ``templates/game/decisions/_<kind>.html``. ``REGISTRY`` finds each module by
its kind's name: the decide service, the pending projection, the decisions panel, the decide
view and the simulator look a pending's kind up here instead of branching on its name. Adding a
kind: ``docs/decision-kinds.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from django.http import QueryDict

from consell.projection.decisions.base import Answer, DecisionSpec, Seen, Table
from consell.rules.decision_kinds import DecisionKind


def _spec(kind: DecisionKind) -> DecisionSpec:
    spec = import_module(f"{__name__}.{kind}").SPEC
    if spec.kind is not kind:
        raise ImportError(f"{__name__}.{kind} declares {spec.kind}, not {kind}.")
    return spec


REGISTRY: dict[str, DecisionSpec] = {kind: _spec(kind) for kind in DecisionKind}


@dataclass(frozen=True)
class Posted:
    """A decision form as posted. The decide service reads it by its pending's kind only once it
    has found the pending and checked that the poster may answer it, so a form's refusal never
    tells a phone what another seat was asked."""

    data: QueryDict

    def read(self, kind: str) -> Mapping[str, Any]:
        """The typed answer the kind's form reads; a pending that takes no decision reads
        nothing, and the rules say so."""
        spec = REGISTRY.get(kind)
        return spec.read(self.data) if spec else {}


__all__ = ["REGISTRY", "Answer", "DecisionSpec", "Posted", "Seen", "Table"]
