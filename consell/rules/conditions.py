"""Conditions written on cards: objectives, ``if`` ops and reactions (rules §1.7, §4.17, G48).

A condition is ``{test: <name>, ...}`` with the tests of ``primitives.CONDITIONS``. It is
judged for one player. Tests about a kingdom (indicators, members, laws in force) look at the
player's kingdom, or at the kingdom an event or crisis belongs to when the caller names it.

G48: "A collective objective is judged against the kingdom the player belongs to at game end;
a kingdomless player fails it unless the card says otherwise." So a kingdom test for a player
with no kingdom is false; a card that wants otherwise says so with ``any`` and ``kingdomless``.
``manual`` cannot be judged by the engine: ``evaluate`` returns None and the director decides.

Choices made here where the rulebook is silent:

- ``keyword_count_at_least`` counts the cards the player holds (assets and tactics in hand)
  whose keywords include the word, compared without regard to case ("Luxe" = "luxe").
- ``holds_any_office`` counts the King's office too: the King holds an office card (§1.4).
- ``lowest``/``highest`` compare the kingdom's lowest/highest indicator with the value.
- ``all`` is None when no part is false and one is None; ``any`` is None when no part is true
  and one is None; ``not`` of None is None (the director judges the whole).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal

from . import cards, formula
from .card_shapes import Condition
from .errors import InvalidStateError
from .i18n import _
from .resources import INDICATORS, Indicator, Resource
from .ruleset import Ruleset
from .state import GameState, Kingdom, Player

PERSONAL_TESTS = frozenset(
    {
        "resource_at_least",
        "is_king",
        "holds_office",
        "holds_any_office",
        "keyword_count_at_least",
        "assets_at_least",
        "kingdomless",
    }
)


def evaluate(
    state: GameState,
    catalog: cards.Catalog,
    ruleset: Ruleset,
    condition: Condition,
    seat: int | None,
    *,
    kingdom: int | None | Literal["own"] = "own",
    params: Mapping[str, Any] | None = None,
) -> bool | None:
    """Whether ``condition`` holds for the player in ``seat``; None: the director judges.

    ``seat`` is None for an effect nobody owns (a destiny card, a law): tests about a player
    are then false and only the kingdom tests can hold.

    ``kingdom`` is the kingdom whose indicators and members the tests look at: ``"own"`` (the
    player's, the default for objectives) or a kingdom id (None: the kingdomless group, which
    has no indicators, G51). ``params`` gives the values of the ability's ``$param`` boxes.
    """
    if isinstance(kingdom, str):
        where = state.player(seat).kingdom if seat is not None else None
    else:
        where = kingdom
    judge = _Judge(state, catalog, ruleset, seat, where, dict(params or {}))
    return judge.test(condition)


class _Judge:
    def __init__(
        self,
        state: GameState,
        catalog: cards.Catalog,
        ruleset: Ruleset,
        seat: int | None,
        kingdom: int | None,
        params: dict[str, Any],
    ) -> None:
        self.state, self.catalog, self.ruleset = state, catalog, ruleset
        self.kingdom_id, self.params = kingdom, params
        self.player = state.player(seat) if seat is not None else None

    def test(self, condition: Condition) -> bool | None:
        name = condition.get("test")
        handler: Callable[..., bool | None] | None = getattr(self, f"_{name}", None)
        if handler is None:
            raise InvalidStateError(
                _("Unknown condition test %(name)s.") % {"name": repr(name)}, test=name
            )
        if name in PERSONAL_TESTS:
            # Tests about a player are false for an effect nobody owns (see ``evaluate``).
            return False if self.player is None else handler(condition, self.player)
        return handler(condition)

    # -- kingdom tests ---------------------------------------------------------------

    def _kingdom(self) -> Kingdom | None:
        if self.kingdom_id is None:
            return None
        return self.state.kingdom(self.kingdom_id)

    def _indicator_value(self, which: str) -> int | None:
        kingdom = self._kingdom()
        if kingdom is None:
            return None
        if which.startswith("$"):
            which = str(self.params.get(which[1:], ""))
        if which == "lowest":
            return min(kingdom.indicators[i] for i in INDICATORS)
        if which == "highest":
            return max(kingdom.indicators[i] for i in INDICATORS)
        try:
            return kingdom.indicators[Indicator(which)]
        except ValueError as exc:
            raise InvalidStateError(
                _("Unknown indicator %(which)s.") % {"which": repr(which)}, indicator=which
            ) from exc

    def _indicator_at_least(self, c: Condition) -> bool:
        value = self._indicator_value(str(c["indicator"]))
        return value is not None and value >= int(c["value"])

    def _indicator_at_most(self, c: Condition) -> bool:
        value = self._indicator_value(str(c["indicator"]))
        return value is not None and value <= int(c["value"])

    def _all_indicators_at_least(self, c: Condition) -> bool:
        kingdom = self._kingdom()
        return kingdom is not None and all(
            kingdom.indicators[i] >= int(c["value"]) for i in INDICATORS
        )

    def _kingdom_members_at_least(self, c: Condition) -> bool:
        return self.kingdom_id is not None and len(self.state.members(self.kingdom_id)) >= int(
            c["count"]
        )

    def _laws_in_force_at_least(self, c: Condition) -> bool:
        kingdom = self._kingdom()
        return kingdom is not None and len(kingdom.laws) >= int(c["count"])

    def _kingdomless(self, c: Condition, me: Player) -> bool:
        return me.kingdom is None

    # -- personal tests ---------------------------------------------------------------

    def _resource_at_least(self, c: Condition, me: Player) -> bool:
        resource = str(c["resource"])
        if resource.startswith("$"):
            resource = str(self.params.get(resource[1:], ""))
        env = {
            **self.state.peril_env(self.ruleset, self.kingdom_id),
            **{k: v for k, v in self.params.items() if isinstance(v, int)},
        }
        need = formula.evaluate(c["amount"], env)
        return me.resources[Resource(resource)] >= need

    def _is_king(self, c: Condition, me: Player) -> bool:
        kingdom = self.state.kingdom(me.kingdom) if me.kingdom is not None else None
        return kingdom is not None and kingdom.king == me.seat

    def _holds_office(self, c: Condition, me: Player) -> bool:
        return str(c["office"]) in self.state.offices_of(me.seat)

    def _holds_any_office(self, c: Condition, me: Player) -> bool:
        return bool(self.state.offices_of(me.seat))

    def _keyword_count_at_least(self, c: Condition, me: Player) -> bool:
        word = str(c["keyword"]).casefold()
        held = [*me.assets, *me.tactics]
        count = sum(
            1
            for instance in held
            if word in {w.casefold() for w in cards.keywords(self.catalog, instance)}
        )
        return count >= int(c["count"])

    def _assets_at_least(self, c: Condition, me: Player) -> bool:
        return len(me.assets) >= int(c["count"])

    # -- combinators ------------------------------------------------------------------

    def _all(self, c: Condition) -> bool | None:
        results = [self.test(part) for part in _parts(c)]
        if any(r is False for r in results):
            return False
        return None if any(r is None for r in results) else True

    def _any(self, c: Condition) -> bool | None:
        results = [self.test(part) for part in _parts(c)]
        if any(r is True for r in results):
            return True
        return None if any(r is None for r in results) else False

    def _not(self, c: Condition) -> bool | None:
        of = c["of"]
        result = self._all(c) if isinstance(of, list) else self.test(of)
        return None if result is None else not result

    def _manual(self, c: Condition) -> None:
        return None


def _parts(c: Condition) -> list[Condition]:
    """The tests under ``all`` or ``any``: a list as the pack writes it (a lone test, read as
    a list of one, is refused by the validator)."""
    of = c["of"]
    return of if isinstance(of, list) else [of]
