"""The ruleset: every value the rulebook lost or left open (rules §7).

A game stores its own copy (``to_dict``) so a table can change a default before the game starts,
and old games keep the values they were played with. Nothing in the engine hard-codes a value
that lives here.
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Callable, Iterable, Mapping
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
        price: float = self.new_kingdom_cost / (2**joiners)
        return max(1, math.ceil(price))

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
        """Refuse values no game can be played with, every problem named by its key.

        The error's ``problems`` detail maps each key to what is wrong with it, so a form can
        show the message beside the field.
        """
        problems = ruleset_problems(self)
        if problems:
            raise InvalidParameterError(
                _("Invalid ruleset: %(problems)s.")
                % {"problems": "; ".join(m for ms in problems.values() for m in ms)},
                problems=problems,
            )


# The bounds of every whole-number value (low, high): what a game night can be played with.
BOUNDS: dict[str, tuple[int, int]] = {
    "turns": (1, 100),
    "players_min": (2, 16),
    "players_max": (2, 16),
    "kingdom_divisor": (1, 16),
    "tactics_initial": (0, 20),
    "tactics_per_turn": (0, 10),
    "law_row_size": (0, 10),
    "destiny_crises": (0, 20),
    "destiny_events": (0, 20),
    "indicator_min": (1, 10),
    "indicator_max": (1, 10),
    "indicator_start": (1, 10),
    "production_divisor": (1, 100),
    "favor_divisor": (1, 100),
    "distributor_keep": (0, 100),
    "kingdomless_income": (0, 5),  # different resources among the five produced (§4.11)
    "plot_base": (0, 10),
    "plot_min_intrigue": (0, 100),
    "insurrection_dice": (1, 10),
    "insurrection_reroll_cost": (1, 100),
    "market_row_size": (0, 32),
    "new_kingdom_cost": (0, 100),
}
AMOUNT_MAX = 100  # any single amount of a resource in the ruleset
DIE_BOUNDS = (0, 6)  # a plot threshold is compared with a d6 (§4.6)


Refuse = Callable[[str, str], None]  # records a problem with one value of the ruleset


def ruleset_problems(r: Ruleset) -> dict[str, list[str]]:
    """What is wrong with each value of ``r`` (empty when the ruleset can be played)."""
    problems: dict[str, list[str]] = {}

    def refuse(key: str, message: str) -> None:
        problems.setdefault(key, []).append(message)

    _number_problems(refuse, r)
    _resource_problems(refuse, r)
    _listed_problems(refuse, r)
    return problems


def _number_problems(refuse: Refuse, r: Ruleset) -> None:
    """The whole numbers: each within its bounds, and the ones that must agree with others."""
    for key, (low, high) in BOUNDS.items():
        value = getattr(r, key)
        if value is None and key == "market_row_size":
            continue
        if not low <= value <= high:
            refuse(
                key,
                _("%(key)s must be a whole number from %(low)s to %(high)s")
                % {"key": key, "low": low, "high": high},
            )
    if r.players_min > r.players_max:
        refuse("players_min", _("players_min cannot be above players_max"))
    if not r.indicator_min < r.indicator_max:
        refuse("indicator_min", _("indicator_min must be below indicator_max"))
    if not r.indicator_min <= r.indicator_start <= r.indicator_max:
        refuse("indicator_start", _("indicator_start must lie between indicator_min and max"))
    if r.destiny_crises + r.destiny_events < 1:
        refuse("destiny_events", _("the destiny pile needs at least one card (§3.1)"))
    _pair(refuse, "objectives_dealt", r.objectives_dealt, 1, 10)
    _pair(refuse, "objectives_kept", r.objectives_kept, 1, 1)
    _pair(refuse, "plot_clamp", r.plot_clamp, *DIE_BOUNDS)
    if len(r.plot_clamp) == 2 and r.plot_clamp[0] > r.plot_clamp[1]:
        refuse("plot_clamp", _("plot_clamp must be (low, high) with low <= high"))


def _resource_problems(refuse: Refuse, r: Ruleset) -> None:
    """The tables keyed by resource or indicator value: complete, and amounts in range."""
    if set(r.initial_resources) != set(Resource):
        refuse("initial_resources", _("initial_resources must give every resource once"))
    _amounts(refuse, "initial_resources", r.initial_resources.values())
    _amounts(refuse, "execution_loss", r.execution_loss.values())
    if any(not isinstance(k, int) for k in r.friction) or any(
        not (k == 0 or r.indicator_min <= k <= r.indicator_max) for k in r.friction
    ):
        refuse("friction", _("friction is keyed by indicator values, and 0 for insurrection"))
    _amounts(refuse, "friction", r.friction.values())
    offices = set(Resource) - {Resource.PRE}
    if set(r.office_for_resource) != offices or not all(
        isinstance(o, str) and o for o in r.office_for_resource.values()
    ):
        refuse(
            "office_for_resource",
            _("office_for_resource names one office for each of FAV, POW, MON, INT, FOR, FAI"),
        )


def _listed_problems(refuse: Refuse, r: Ruleset) -> None:
    """The lists and the named choices: duel resources, the insurrection table, tie-breaks."""
    for key in ("succession_duel", "expulsion_duel", "tradeable"):
        values = getattr(r, key)
        if not values or len(set(values)) != len(values):
            refuse(key, _("%(key)s lists different resources, at least one") % {"key": key})
    if sorted(r.insurrection_table) != sorted(OUTCOMES) or len(r.insurrection_table) != 4:
        refuse(
            "insurrection_table",
            _("insurrection_table must order the outcomes %(outcomes)s")
            % {"outcomes": ", ".join(OUTCOMES)},
        )
    if r.auction_tiebreak not in ("lowest_prestige", "none"):
        refuse("auction_tiebreak", _("auction_tiebreak must be 'lowest_prestige' or 'none'"))
    if r.law_scope not in ("kingdom", "global"):
        refuse("law_scope", _("law_scope must be 'kingdom' or 'global'"))


def _pair(refuse: Refuse, key: str, value: tuple[int, ...], low: int, high: int) -> None:
    if len(value) != 2 or not all(low <= v <= high for v in value):
        refuse(
            key,
            _("%(key)s must be two whole numbers from %(low)s to %(high)s")
            % {"key": key, "low": low, "high": high},
        )


def _amounts(refuse: Refuse, key: str, values: Iterable[int]) -> None:
    if any(not 0 <= v <= AMOUNT_MAX for v in values):
        refuse(
            key,
            _("%(key)s holds amounts from 0 to %(high)s") % {"key": key, "high": AMOUNT_MAX},
        )


def _to_json(value: Any) -> Any:
    if isinstance(value, Resource):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): _to_json(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_to_json(v) for v in value]
    return value


def _whole(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(value)
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
            return _whole(raw)
        if isinstance(default, str):
            if not isinstance(raw, str):
                raise TypeError
            return raw
        if isinstance(default, tuple):
            if not isinstance(raw, list | tuple):
                raise TypeError
            if default and isinstance(default[0], Resource):
                return tuple(Resource(v) for v in raw)
            if default and isinstance(default[0], int):
                return tuple(_whole(v) for v in raw)
            if any(not isinstance(v, str) for v in raw):
                raise TypeError
            return tuple(raw)
        if isinstance(default, Mapping):
            if not isinstance(raw, Mapping):
                raise TypeError
            sample_key = next(iter(default))
            sample_value = next(iter(default.values()))
            out: dict[Resource | int, str | int] = {}
            for k, v in raw.items():
                key = Resource(k) if isinstance(sample_key, Resource) else int(k)
                if isinstance(sample_value, str):
                    if not isinstance(v, str):
                        raise TypeError
                    out[key] = v
                else:
                    out[key] = _whole(v)
            return out
    except (TypeError, ValueError) as exc:
        raise InvalidParameterError(
            _("Ruleset value %(name)s has the wrong type.") % {"name": repr(name)},
            key=name,
            problems={
                name: [
                    _("%(key)s must have the form of its default, %(default)s")
                    % {"key": name, "default": json.dumps(_to_json(default))}
                ]
            },
        ) from exc
    return raw
