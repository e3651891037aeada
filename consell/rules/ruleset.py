"""The ruleset: every value the rulebook lost or left open (rules §7).

A game stores its own copy (``to_dict``) so a table can change a default before the game starts,
and old games keep the values they were played with. Nothing in the engine hard-codes a value
that lives here.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import InvalidParameterError
from .i18n import _
from .resources import Resource

OUTCOMES = ("revolution", "uprising", "unrest", "crushed")


def _default_initial() -> dict[Resource, int]:
    return {
        Resource.PRE: 3,
        Resource.POW: 3,
        Resource.MON: 3,
        Resource.INT: 3,
        Resource.FOR: 3,
        Resource.FAI: 3,
        Resource.FAV: 0,
    }


def _default_offices() -> dict[Resource, str]:
    return {
        Resource.FAV: "rei",
        Resource.POW: "canceller",
        Resource.MON: "tresorer",
        Resource.INT: "mestre-espies",
        Resource.FOR: "mariscal",
        Resource.FAI: "gran-sacerdot",
    }


@dataclass(frozen=True)
class Ruleset:
    """Configurable rule values, with the defaults of rules §7."""

    turns: int = 10
    players_min: int = 3
    players_max: int = 16
    kingdom_divisor: int = 4  # K = max(1, floor(N / divisor)), G3
    objectives_dealt: tuple[int, int] = (2, 2)  # (collective, personal)
    objectives_kept: tuple[int, int] = (1, 1)
    tactics_initial: int = 3
    tactics_per_turn: int = 1  # drawn at End of turn, G45
    initial_resources: Mapping[Resource, int] = field(default_factory=_default_initial)
    law_row_size: int = 3
    destiny_crises: int = 5
    destiny_events: int = 5
    indicator_min: int = 1
    indicator_max: int = 5
    indicator_start: int = 3
    friction: Mapping[int, int] = field(
        default_factory=lambda: {2: 1, 4: 1, 1: 2, 5: 2, 0: 3}
    )  # destination of a step -> cost; 0 is the insurrection step (G16)
    production_divisor: int = 3  # P(m, v) = ceil(m * v / divisor), G25
    favor_divisor: int = 4  # F(m, v) = ceil((m - 1) * (v - 1) / divisor), G26
    distributor_keep: int = 1
    kingdomless_income: int = 3
    office_for_resource: Mapping[Resource, str] = field(default_factory=_default_offices)
    plot_base: int = 3
    plot_clamp: tuple[int, int] = (1, 5)
    plot_min_intrigue: int = 1
    insurrection_dice: int = 3
    insurrection_reroll_cost: int = 3
    insurrection_reroll_resource: Resource = Resource.FOR
    insurrection_table: tuple[str, ...] = OUTCOMES  # index = number of successes (G57)
    market_row_size: int | None = None  # None: the number of players (G8)
    auction_tiebreak: str = "lowest_prestige"  # or "none" (G39)
    new_kingdom_cost: int = 8
    new_kingdom_resource: Resource = Resource.POW
    succession_duel: tuple[Resource, ...] = (Resource.POW, Resource.FOR)
    expulsion_duel: tuple[Resource, ...] = (Resource.FOR,)
    execution_loss: Mapping[Resource, int] = field(default_factory=lambda: {Resource.PRE: 1})
    tradeable: tuple[Resource, ...] = (
        Resource.POW,
        Resource.MON,
        Resource.INT,
        Resource.FOR,
        Resource.FAI,
    )
    vote_withdraw_final: bool = True
    vote_side_locked: bool = True
    law_scope: str = "kingdom"  # or "global" (G33)

    @classmethod
    def default(cls) -> Ruleset:
        return cls()

    # -- derived values -------------------------------------------------------------

    def peril(self, turn: int) -> int:
        """Peril of a turn (G56): ceil(5·t / turns); 1,1,2,2,3,3,4,4,5,5 for ten turns."""
        if turn < 1:
            raise InvalidParameterError(
                _("Turn %(turn)s does not exist; turns start at 1.") % {"turn": turn}
            )
        return max(1, min(5, math.ceil(5 * turn / self.turns)))

    def production(self, members: int, value: int) -> int:
        """Resources produced for ``members`` when the linked indicator is ``value`` (G25)."""
        if members <= 0:
            return 0
        return math.ceil(members * value / self.production_divisor)

    def favor_production(self, members: int, lowest: int) -> int:
        """Favor produced for ``members`` when the lowest indicator is ``lowest`` (G26)."""
        if members <= 1:
            return 0
        return math.ceil((members - 1) * (lowest - 1) / self.favor_divisor)

    def kingdom_count(self, players: int) -> int:
        """Number of kingdoms at setup (G3): max(1, floor(N / 4))."""
        return max(1, players // self.kingdom_divisor)

    def friction_for_step(self, destination: int) -> int:
        """Friction of one step away from the centre that lands on ``destination`` (G16)."""
        return int(self.friction.get(destination, 0))

    def new_kingdom_price(self, joiners: int) -> int:
        """Cost of founding a kingdom (G40): ceil(8 / 2^joiners), at least 1."""
        return max(1, math.ceil(self.new_kingdom_cost / (2**joiners)))

    def row_size(self, players: int) -> int:
        """Assets in a market row (G8): the number of players unless set."""
        return self.market_row_size if self.market_row_size is not None else players

    def clamp_threshold(self, value: int) -> int:
        low, high = self.plot_clamp
        return max(low, min(high, value))

    # -- storage --------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe copy, stored with each game."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            out[f.name] = _to_json(getattr(self, f.name))
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ruleset:
        """Rebuild a ruleset; unknown keys and values of the wrong type are refused."""
        known = {f.name: f for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise InvalidParameterError(
                _("Unknown ruleset keys: %(unknown)s.") % {"unknown": ", ".join(unknown)},
                keys=unknown,
            )
        base = cls()
        values: dict[str, Any] = {}
        for name, raw in data.items():
            values[name] = _from_json(name, raw, getattr(base, name))
        ruleset = dataclasses.replace(base, **values)
        ruleset.validate()
        return ruleset

    def validate(self) -> None:
        """Refuse values no game can be played with."""
        problems = []
        if self.turns < 1:
            problems.append(_("turns must be at least 1"))
        if not 2 <= self.players_min <= self.players_max:
            problems.append(_("players_min must be at least 2 and at most players_max"))
        if self.kingdom_divisor < 1 or self.production_divisor < 1 or self.favor_divisor < 1:
            problems.append(_("divisors must be at least 1"))
        if any(v < 0 for v in self.initial_resources.values()):
            problems.append(_("initial resources cannot be negative"))
        if sorted(self.insurrection_table) != sorted(OUTCOMES) or len(self.insurrection_table) != 4:
            problems.append(
                _("insurrection_table must order the outcomes %(outcomes)s")
                % {"outcomes": ", ".join(OUTCOMES)}
            )
        if self.auction_tiebreak not in ("lowest_prestige", "none"):
            problems.append(_("auction_tiebreak must be 'lowest_prestige' or 'none'"))
        if self.law_scope not in ("kingdom", "global"):
            problems.append(_("law_scope must be 'kingdom' or 'global'"))
        if self.plot_clamp[0] > self.plot_clamp[1]:
            problems.append(_("plot_clamp must be (low, high) with low <= high"))
        if problems:
            raise InvalidParameterError(
                _("Invalid ruleset: %(problems)s.") % {"problems": "; ".join(problems)}
            )


def _to_json(value: Any) -> Any:
    if isinstance(value, Resource):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): _to_json(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_to_json(v) for v in value]
    return value


def _from_json(name: str, raw: Any, default: Any) -> Any:
    """Convert a stored value back to the type of the default, refusing mismatches."""
    try:
        if isinstance(default, bool):
            if not isinstance(raw, bool):
                raise TypeError
            return raw
        if isinstance(default, Resource):
            return Resource(raw)
        if isinstance(default, int) or (default is None and name == "market_row_size"):
            if raw is None and default is None:
                return None
            if isinstance(raw, bool) or not isinstance(raw, int):
                raise TypeError
            return raw
        if isinstance(default, str):
            if not isinstance(raw, str):
                raise TypeError
            return raw
        if isinstance(default, tuple):
            items = list(raw)
            if default and isinstance(default[0], Resource):
                return tuple(Resource(v) for v in items)
            if default and isinstance(default[0], int):
                return tuple(int(v) for v in items)
            return tuple(str(v) for v in items)
        if isinstance(default, Mapping):
            sample_key = next(iter(default))
            out = {}
            for k, v in dict(raw).items():
                key = Resource(k) if isinstance(sample_key, Resource) else int(k)
                sample_value = next(iter(default.values()))
                out[key] = v if isinstance(sample_value, str) else int(v)
            return out
    except (TypeError, ValueError) as exc:
        raise InvalidParameterError(
            _("Ruleset value %(name)s has the wrong type.") % {"name": repr(name)}, key=name
        ) from exc
    return raw
