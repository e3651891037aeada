"""What an effect refers to: its owner, its kingdom, its boxes (rules §1.9, §4.10, §6).

Ops name players with selectors (``self``, ``$param``, ``king``, ``members``, ``others``,
``spymaster``, ``top_contributors``, ``contributors``, ``non_contributors``, ``all_players``),
kingdoms with ``own`` or ``$param``, indicators by name, ``lowest``, ``highest`` or ``$param``,
and amounts with whole numbers or formulas (``consell.rules.formula``) over ``peril``, ``m``,
``n``, ``turn`` and the ability's amount boxes. This module resolves them against a ``Context``
(who owns the effect and which kingdom it is about) and a ``Frame`` (who ``self`` is right now).

Both are JSON-safe so an effect waiting for a vote or a duel can be stored in a ``Pending``.

Choices made here where the rulebook is silent:

- Selected players always come in turn order, each once.
- ``king``/``members``/``others``/``spymaster`` of no kingdom select nobody, except for a destiny
  card of the kingdomless group (``group``), whose members are the kingdomless players and whose
  "King" is the first of them in turn order (G51). A crisis of the group has no King: "for the
  kingdomless group ... effects on indicators or on the King are ignored" (G36).
- ``lowest``/``highest`` on a tie pick the first in the order stability, wealth, army, grace.
- A negative amount counts as 0 (an effect never turns a gain into a loss).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from . import formula
from .card_shapes import Op
from .errors import InvalidParameterError, InvalidStateError
from .i18n import _
from .resources import INDICATORS, Indicator, Resource
from .ruleset import Ruleset
from .state import GameState

# Selectors for an office's holder, or the King while it is vacant, by the resource the office
# distributes (rules §1.4, §4.11).
OFFICE_OR_KING = {"marshal_or_king": Resource.FOR, "high_priest_or_king": Resource.FAI}


@dataclass(frozen=True)
class Context:
    """Who an effect belongs to and what it is about (JSON-safe via ``to_dict``).

    ``owner`` is the player whose ability it is (None for destiny cards, crisis outcomes and
    laws); ``kingdom`` is the relevant kingdom (None: no kingdom, or the kingdomless group when
    ``group``); ``params`` are the boxes; ``contributions`` the crisis totals by seat;
    ``secret`` whether the table may see what happens (rules §1.9); ``source`` and ``ability``
    name the card for the record.
    """

    owner: int | None
    kingdom: int | None
    params: Mapping[str, Any] = field(default_factory=dict)
    secret: bool = False
    group: bool = False
    contributions: Mapping[int, int] = field(default_factory=dict)
    source: str = ""
    ability: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "owner": self.owner,
            "kingdom": self.kingdom,
            "params": dict(self.params),
            "secret": self.secret,
            "group": self.group,
            "contributions": {str(k): v for k, v in self.contributions.items()},
            "source": self.source,
            "ability": self.ability,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Context:
        return cls(
            owner=data["owner"],
            kingdom=data["kingdom"],
            params=dict(data.get("params", {})),
            secret=bool(data.get("secret", False)),
            group=bool(data.get("group", False)),
            contributions={int(k): int(v) for k, v in data.get("contributions", {}).items()},
            source=str(data.get("source", "")),
            ability=str(data.get("ability", "")),
        )


@dataclass(frozen=True)
class Frame:
    """A list of ops being applied: the next op's index, ``self``, and boxes bound for it."""

    ops: tuple[Op, ...]
    index: int = 0
    self_seat: int | None = None
    bound: Mapping[str, Any] = field(default_factory=dict)

    def advanced(self) -> Frame:
        return replace(self, index=self.index + 1)

    def to_dict(self) -> dict[str, Any]:
        return {
            "ops": [dict(op) for op in self.ops],
            "index": self.index,
            "self_seat": self.self_seat,
            "bound": dict(self.bound),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Frame:
        return cls(
            ops=tuple(data["ops"]),
            index=int(data["index"]),
            self_seat=data.get("self_seat"),
            bound=dict(data.get("bound", {})),
        )


class Resolver:
    """Resolves selectors and amounts for one frame of one context on one state."""

    def __init__(self, state: GameState, ruleset: Ruleset, context: Context, frame: Frame) -> None:
        self.state, self.ruleset, self.context, self.frame = state, ruleset, context, frame

    @property
    def params(self) -> dict[str, Any]:
        return {**self.context.params, **self.frame.bound}

    def param(self, ref: str) -> Any:
        name = ref[1:]
        value = self.params.get(name)
        if value is None or value == [] or value == "":
            raise InvalidParameterError(
                _("The box %(name)s is empty.") % {"name": repr(name)}, param=name
            )
        return value

    # -- players ------------------------------------------------------------------------

    def seats(self, selector: str) -> list[int]:
        """The players a selector names, in turn order."""
        if selector.startswith("$"):
            value = self.param(selector)
            chosen = list(value) if isinstance(value, list | tuple) else [value]
        else:
            chosen = self._named(selector)
        known = {p.seat for p in self.state.players}
        order = {seat: i for i, seat in enumerate(self.state.turn_order)}
        unique = [s for i, s in enumerate(chosen) if s in known and s not in chosen[:i]]
        return sorted(unique, key=lambda s: order.get(s, len(order) + s))

    def _named(self, selector: str) -> list[int]:
        me = self.frame.self_seat
        contributions = self.context.contributions
        if selector == "self":
            return [] if me is None else [me]
        if selector == "all_players":
            return [p.seat for p in self.state.players]
        if selector == "top_contributors":
            best = max(contributions.values(), default=0)
            return [s for s, v in contributions.items() if best >= 1 and v == best]
        if selector == "contributors":
            return [s for s, v in contributions.items() if v >= 1]
        if selector == "non_contributors":
            return [s for s in self.members() if contributions.get(s, 0) < 1]
        if selector == "members":
            return self.members()
        if selector == "others":
            return [s for s in self.members() if s != me]
        if selector == "king":
            king = self.king()
            return [] if king is None else [king]
        if selector == "spymaster":
            return self._office_holder(self.ruleset.office_for_resource[Resource.INT])
        if selector in OFFICE_OR_KING:
            # "El Mariscal (o el Rei, si està vacant)": the fallback production uses (§4.11).
            holder = self._office_holder(self.ruleset.office_for_resource[OFFICE_OR_KING[selector]])
            return holder or self._named("king")
        raise InvalidStateError(
            _("Unknown player selector %(selector)s.") % {"selector": repr(selector)},
            selector=selector,
        )

    def members(self) -> list[int]:
        kingdom = self.context.kingdom
        if kingdom is None and not self.context.group:
            return []
        return self.state.members(kingdom)

    def king(self) -> int | None:
        kingdom = self.context.kingdom
        if kingdom is None:
            group = self.members()
            if not group or self.context.source.startswith("crisis:"):
                return None  # G36: a kingdomless crisis's effects on the King are ignored
            return group[0]
        return self.state.kingdom(kingdom).king

    def _office_holder(self, office: str) -> list[int]:
        if self.context.kingdom is None:
            return []
        holder = self.state.kingdom(self.context.kingdom).offices.get(office)
        return [] if holder is None else [holder]

    def one_seat(self, selector: str) -> int | None:
        seats = self.seats(selector)
        return seats[0] if seats else None

    # -- kingdoms, resources, indicators ----------------------------------------------

    def kingdom(self, selector: str) -> int | None:
        """``own`` or ``$param``: a kingdom id, or None (no kingdom)."""
        if selector == "own":
            return self.context.kingdom
        kingdom: int = self.param(selector)
        self.state.kingdom(kingdom)
        return kingdom

    def resource(self, value: str) -> Resource:
        code = self.param(value) if value.startswith("$") else value
        try:
            return Resource(str(code))
        except ValueError as exc:
            raise InvalidParameterError(
                _("%(code)s is not a resource.") % {"code": repr(code)}
            ) from exc

    def indicator(self, value: str, kingdom: int) -> Indicator:
        name = self.param(value) if value.startswith("$") else value
        indicators = self.state.kingdom(kingdom).indicators
        if name in ("lowest", "highest"):
            pick = min if name == "lowest" else max
            best = pick(indicators[i] for i in INDICATORS)
            return next(i for i in INDICATORS if indicators[i] == best)
        try:
            return Indicator(str(name))
        except ValueError as exc:
            raise InvalidParameterError(
                _("%(name)s is not an indicator.") % {"name": repr(name)}
            ) from exc

    # -- amounts ------------------------------------------------------------------------

    def env(self) -> dict[str, int]:
        env = self.state.peril_env(self.ruleset, self.context.kingdom)
        for name, value in self.params.items():
            if isinstance(value, int) and not isinstance(value, bool):
                env[name] = value
        return env

    def amount(self, value: Any, *, signed: bool = False) -> int:
        result = formula.evaluate(value, self.env())
        return result if signed else max(0, result)
