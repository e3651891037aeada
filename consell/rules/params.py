"""Parameter boxes (caselles) of an ability tile, checked against the state (rules §3.2, §4.2, G47).

"Cal que indiquin valors per totes aquestes caselles, a menys que el text de la targeta indiqui
que alguns d'ells són opcionals o mútuament excloents." A planned ability carries the values
its owner wrote in the boxes, as plain JSON values:

``player`` a seat (int); ``players`` a list of seats; ``kingdom`` a kingdom id; ``law`` and
``asset`` a card instance id; ``amount`` a whole number; ``resource`` a code (``"POW"``);
``indicator`` a name (``"stability"``); ``office`` an office card id; ``text`` a string;
``contributions`` one entry per crisis, ``{crisis card: {resource code: amount}}`` (the crisis
contribution tile, G36: "one entry per crisis in play in the player's kingdom"; §4.10: "els
jugadors poden combinar els tipus acceptats lliurement", e.g. 2 of one type + 3 of another).

Two levels of checking:

- ``check_at_planning``: what can be known while planning. "Planning is free": affordability is
  never checked; ``complete=True`` asks for every required box, as when a tile is added to a
  pile and when the plan is handed in. Hidden facts are never checked here, so the answer
  cannot leak them: an asset box only needs an asset card of the pack, not who owns it.
- ``check_at_execution``: everything, when the director resolves the tile (G47): a player who
  is no longer eligible, a law no longer in the row, an asset no longer available, an amount
  below the card's minimum, a value outside the card's scope.

Scopes (G28): ``any`` (anyone, the owner included), ``own_kingdom`` (members of the owner's
kingdom; a kingdomless owner has none), ``other_members`` (as ``own_kingdom``, the owner left out:
"un altre membre"), ``other_kingdoms`` (anyone outside the owner's kingdom,
kingdomless players included when the owner has a kingdom), ``others`` (anyone but the owner).
Every error is an ``InvalidParameterError`` naming the box (``details["param"]``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import cards
from .card_shapes import Ability, Param
from .errors import InvalidParameterError, InvalidStateError
from .i18n import _, texts
from .names import param_name
from .resources import Indicator, Resource
from .state import GameState


def is_empty(value: Any) -> bool:
    """A box nobody wrote in."""
    return value is None or value == "" or value == [] or value == ()


def check_at_planning(
    state: GameState,
    catalog: cards.Catalog,
    seat: int,
    ability: Ability,
    params: Mapping[str, Any],
    *,
    complete: bool = False,
) -> None:
    """Check the boxes that can be judged while planning (rules §3.2)."""
    _check(state, catalog, seat, ability, params, execution=False, complete=complete)


def check_at_execution(
    state: GameState,
    catalog: cards.Catalog,
    seat: int,
    ability: Ability,
    params: Mapping[str, Any],
) -> None:
    """Check every box now, at execution (rules §4.2, G47); the ability aborts if one fails."""
    _check(state, catalog, seat, ability, params, execution=True, complete=True)


def offered(
    state: GameState,
    catalog: cards.Catalog,
    seat: int,
    spec: Param,
    values: list[Any],
) -> list[Any]:
    """The values, of ``values``, that the box may hold as planning judges it (§4.2, G28).

    A phone offers only these: a player outside the card's scope, a law out of the row or a
    kingdom that no longer exists is never a choice. A ``players`` box is judged one player at
    a time.
    """
    kind = "player" if spec["type"] == "players" else spec["type"]
    box = _Box(state, catalog, seat, {**spec, "type": kind}, execution=False)
    out = []
    for value in values:
        try:
            box.check(value)
        except InvalidParameterError:
            continue
        out.append(value)
    return out


def _check(
    state: GameState,
    catalog: cards.Catalog,
    seat: int,
    ability: Ability,
    params: Mapping[str, Any],
    *,
    execution: bool,
    complete: bool,
) -> None:
    specs = {spec["name"]: spec for spec in ability.get("params", [])}
    unknown = sorted(set(params) - set(specs))
    if unknown:
        raise InvalidParameterError(
            _("This ability has no box called %(unknown)s.") % {"unknown": repr(unknown[0])},
            param=unknown[0],
        )
    for name, spec in specs.items():
        value = params.get(name)
        if is_empty(value):
            if complete and not spec.get("optional", False):
                raise InvalidParameterError(
                    _("The box %(box)s must be filled.") % {"box": _label(spec)}, param=name
                )
            continue
        _Box(state, catalog, seat, spec, execution).check(value)


def _label(spec: Param) -> str:
    """The box as its card names it, quoted, said in the reader's language when kept; a box
    without a title by what it asks for (``names.param_name``), as the phone labels it."""
    fallback = f"'{param_name(spec['name'], spec.get('type'))}'"
    title = spec.get("title")
    if isinstance(title, Mapping):
        quoted = {lang: f"'{words}'" for lang, words in title.items() if words}
        return texts(quoted, fallback)
    return fallback


class _Box:
    """One filled-in box checked against its spec."""

    def __init__(
        self,
        state: GameState,
        catalog: cards.Catalog,
        seat: int,
        spec: Param,
        execution: bool,
    ) -> None:
        self.state, self.catalog, self.seat = state, catalog, seat
        self.spec, self.execution = spec, execution
        self.name = spec["name"]
        self._kingdoms: dict[int, int | None] | None = None

    @property
    def kingdom_of(self) -> dict[int, int | None]:
        """Each playing seat's kingdom, read once: a phone's box is judged for every player."""
        if self._kingdoms is None:
            self._kingdoms = {p.seat: p.kingdom for p in self.state.players}
        return self._kingdoms

    def fail(self, message: str, **values: object) -> InvalidParameterError:
        """``message`` is a whole translated sentence naming the box as ``%(box)s``."""
        return InvalidParameterError(
            message % {"box": _label(self.spec), **values}, param=self.name
        )

    def check(self, value: Any) -> None:
        getattr(self, f"_{self.spec['type']}")(value)

    # -- players and kingdoms --------------------------------------------------------------

    def _seat(self, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(
                _("The box %(box)s must name a player, not %(value)s."), value=repr(value)
            )
        if value not in self.kingdom_of:
            raise self.fail(
                _("The box %(box)s names seat %(seat)s, who is not playing."), seat=value
            )
        return value

    def _in_scope(self, target_kingdom: int | None, target_seat: int | None) -> None:
        scope = self.spec.get("scope", "any")
        if self.seat not in self.kingdom_of:
            self.state.player(self.seat)  # the owner is not playing: refused as the state says
        own = self.kingdom_of[self.seat]
        if scope == "others" and target_seat == self.seat:
            raise self.fail(_("The box %(box)s must name someone other than yourself."))
        if scope == "other_members" and target_seat == self.seat:
            raise self.fail(_("The box %(box)s must name another member of your kingdom, not you."))
        if scope in ("own_kingdom", "other_members") and (own is None or target_kingdom != own):
            if own is not None:
                raise self.fail(_("The box %(box)s must name a member of your kingdom."))
            raise self.fail(
                _("The box %(box)s must name a member of a kingdom (you belong to none).")
            )
        if scope == "other_kingdoms" and target_kingdom == own:
            if target_seat is None:
                raise self.fail(_("The box %(box)s must name a kingdom outside your own kingdom."))
            raise self.fail(_("The box %(box)s must name a player outside your own kingdom."))

    def _player(self, value: Any) -> None:
        target = self._seat(value)
        self._in_scope(self.kingdom_of[target], target)

    def _players(self, value: Any) -> None:
        if not isinstance(value, list | tuple):
            raise self.fail(_("The box %(box)s must list players."))
        limit = self.spec.get("max")
        if limit is not None and len(value) > limit:
            raise self.fail(
                _("The box %(box)s names %(count)s players; at most %(limit)s may be named."),
                count=len(value),
                limit=limit,
            )
        if len(set(map(repr, value))) != len(value):
            raise self.fail(_("The box %(box)s names the same player twice."))
        for item in value:
            self._player(item)

    def _kingdom(self, value: Any) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(
                _("The box %(box)s must name a kingdom, not %(value)s."), value=repr(value)
            )
        if value not in {k.id for k in self.state.kingdoms}:
            raise self.fail(_("The box %(box)s names a kingdom that no longer exists."))
        self._in_scope(value, None)

    # -- cards --------------------------------------------------------------------------

    def _card_of_kind(self, value: Any, kind: str) -> str:
        if not isinstance(value, str) or not value:
            raise self.fail(_("The box %(box)s must name a %(kind)s card."), kind=kind)
        try:
            found = cards.card(self.catalog, value)
        except InvalidStateError as exc:
            raise self.fail(
                _("The box %(box)s names %(value)s, which is not a %(kind)s card."),
                value=repr(value),
                kind=kind,
            ) from exc
        if found.get("kind") != kind:
            raise self.fail(
                _("The box %(box)s names %(value)s, which is not a %(kind)s card."),
                value=repr(value),
                kind=kind,
            )
        return value

    def _law(self, value: Any) -> None:
        law = self._card_of_kind(value, "law")
        if law not in self.state.law_row:
            raise self.fail(_("The box %(box)s names a law that is not in the law row."))

    def _asset(self, value: Any) -> None:
        asset = self._card_of_kind(value, "asset")
        if not self.execution:
            return
        held = any(asset in p.assets for p in self.state.players)
        offered = any(asset in row for row in self.state.market.values())
        if not (held or offered):
            raise self.fail(_("The box %(box)s names an asset that is no longer available."))

    def _office(self, value: Any) -> None:
        self._card_of_kind(value, "office")

    # -- values -------------------------------------------------------------------------

    def _amount(self, value: Any) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(
                _("The box %(box)s must hold a whole number, not %(value)s."), value=repr(value)
            )
        low, high = self.spec.get("min", 0), self.spec.get("max")
        if value < low:
            raise self.fail(
                _("The box %(box)s holds %(value)s; the card's minimum is %(low)s."),
                value=value,
                low=low,
            )
        if high is not None and value > high:
            raise self.fail(
                _("The box %(box)s holds %(value)s; the card's maximum is %(high)s."),
                value=value,
                high=high,
            )

    def _resource(self, value: Any) -> None:
        if str(value) not in Resource.__members__:
            raise self.fail(
                _("The box %(box)s must name a resource, not %(value)s."), value=repr(value)
            )
        allowed = self.spec.get("of")
        if allowed and str(value) not in allowed:
            raise self.fail(
                _("The box %(box)s must be one of %(allowed)s."), allowed=", ".join(allowed)
            )

    def _indicator(self, value: Any) -> None:
        if value not in {str(i) for i in Indicator}:
            raise self.fail(
                _("The box %(box)s must name an indicator, not %(value)s."), value=repr(value)
            )

    def _contributions(self, value: Any) -> None:
        """One entry per crisis card, each an amount per resource; which crisis is paid and
        which types it accepts is settled at Crisis resolution (§4.10, G36)."""
        if not isinstance(value, Mapping):
            raise self.fail(_("The box %(box)s must give an amount per resource for each crisis."))
        limit = self.spec.get("max")
        for crisis, entry in value.items():
            self._card_of_kind(crisis, "crisis")
            if not isinstance(entry, Mapping) or any(
                str(code) not in Resource.__members__ for code in entry
            ):
                raise self.fail(_("The box %(box)s must give an amount per resource."))
            for amount in entry.values():
                if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
                    raise self.fail(
                        _("The box %(box)s holds %(value)s; amounts are 0 or more."),
                        value=repr(amount),
                    )
            if limit is not None and sum(entry.values()) > limit:
                raise self.fail(
                    _("The box %(box)s gives %(value)s to a crisis; the maximum is %(high)s."),
                    value=sum(entry.values()),
                    high=limit,
                )

    def _text(self, value: Any) -> None:
        if not isinstance(value, str):
            raise self.fail(_("The box %(box)s must hold text."))
