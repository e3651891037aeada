"""Every decision kind, declared once on the web app's side (docs/principles.md, principle 9).

One module per ``DecisionKind``, named after it (``vote.py`` for ``vote``), holds its form, its
allow-listed projection, its audit category and its bot moves, and declares a ``SPEC``; its
template partial is ``templates/game/decisions/_<kind>.html``. ``REGISTRY`` finds each module by
its kind's name: the decide service, the pending projection, the decisions panel, the decide
view and the simulator look a pending's kind up here instead of branching on its name. Adding a
kind: ``docs/decision-kinds.md``.
"""

from __future__ import annotations

from importlib import import_module

from consell.rules.decision_kinds import DecisionKind

from .base import Answer, DecisionSpec, Posted, Seen, Table


def _spec(kind: DecisionKind) -> DecisionSpec:
    spec = import_module(f"{__name__}.{kind}").SPEC
    if spec.kind is not kind:
        raise ImportError(f"{__name__}.{kind} declares {spec.kind}, not {kind}.")
    return spec


REGISTRY: dict[str, DecisionSpec] = {kind: _spec(kind) for kind in DecisionKind}

__all__ = ["REGISTRY", "Answer", "DecisionSpec", "Posted", "Seen", "Table"]
