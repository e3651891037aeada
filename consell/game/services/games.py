"""Creating a game, editing its ruleset, dealing it out and starting it (rules §2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from consell.game.models import Game, Seat, new_seed
from consell.game.services.store import change, dealt
from consell.rules import offices as rules_offices
from consell.rules import setup as rules_setup
from consell.rules.dice import commitment
from consell.rules.errors import RuleError
from consell.rules.event_kinds import Kind
from consell.rules.events import public
from consell.rules.payloads import (
    GameCreated,
    RulesetChanged,
)
from consell.rules.ruleset import Ruleset


class SetupError(ValueError):
    """Bad input for a new game; the message is shown to the director."""


def create_game(
    director, name: str, pack, names: Sequence[str], *, seed: str | None = None
) -> Game:
    """A new game with one seat per player name; nothing is dealt yet.

    ``seed`` (64 hex digits) replaces the secret random seed, so a replay or a simulation can
    deal the same game again; its commitment is published as for any other seed.
    """
    names = [n.strip() for n in names if n.strip()]
    ruleset = Ruleset.default()
    if not ruleset.players_min <= len(names) <= ruleset.players_max:
        raise SetupError(
            _("A game needs %(min)s to %(max)s players; you entered %(n)s.")
            % {"min": ruleset.players_min, "max": ruleset.players_max, "n": len(names)}
        )
    if len({n.casefold() for n in names}) != len(names):
        raise SetupError(_("Two players have the same name."))
    if not name.strip():
        raise SetupError(_("The game needs a name."))
    with transaction.atomic():
        secret = seed or new_seed()
        game = Game.objects.create(
            director=director,
            name=name.strip(),
            pack=pack,
            seed=secret,
            commitment=commitment(bytes.fromhex(secret)),
        )
        Seat.objects.bulk_create(
            Seat(game=game, position=i, name=n) for i, n in enumerate(names, start=1)
        )
        with change(game.pk) as ch:
            ch.record(
                None,
                [
                    public(
                        Kind.GAME_CREATED,
                        GameCreated(
                            name=game.name, players=list(names), commitment=game.commitment
                        ),
                    )
                ],
            )
    return game


def update_ruleset(game_id: int, values: Mapping[str, Any], *, nonce: str | None = None) -> None:
    """Change ruleset values before the cards are dealt (rules §7)."""
    with change(game_id, nonce=nonce) as ch:
        if ch.state is not None:
            raise SetupError(_("The ruleset can only change before the cards are dealt."))
        merged = {**ch.game.ruleset, **values}
        try:
            ruleset = Ruleset.from_dict(merged)
        except RuleError as exc:
            raise SetupError(str(exc)) from exc
        players = ch.game.seats.count()
        if not ruleset.players_min <= players <= ruleset.players_max:
            raise SetupError(
                _("This game has %(n)s players, outside the new limits.") % {"n": players}
            )
        changed = sorted(k for k in values if ch.game.ruleset.get(k) != merged[k])
        ch.game.ruleset = ruleset.to_dict()
        ch.ruleset = ruleset
        ch.record(
            None,
            [
                public(
                    Kind.RULESET_CHANGED,
                    RulesetChanged(keys=changed, values={k: merged[k] for k in changed}),
                )
            ],
        )


def deal(
    game_id: int,
    *,
    kings: Sequence[int] | None = None,
    nonce: str | None = None,
) -> None:
    """Run setup (rules §2): houses, turn order, kingdoms and Kings, objectives, cards, market."""
    with change(game_id, nonce=nonce) as ch:
        if ch.state is not None:
            raise SetupError(_("The cards have already been dealt."))
        offices = {cid for cid, c in ch.catalog.items() if c.get("kind") == "office"}
        missing = sorted(set(ch.ruleset.office_for_resource.values()) - offices)
        if missing:
            raise SetupError(
                _("The ruleset names offices this pack does not have: %(offices)s.")
                % {"offices": ", ".join(missing)}
            )
        names = [s.name for s in ch.game.seats.order_by("position")]
        outcome = rules_setup.setup_game(
            names, ch.catalog, ch.ruleset, ch.dice, kings=list(kings) if kings else None
        )
        ch.record(outcome.state, outcome.events)


def keep_objectives(
    game_id: int, seat: int, collective: str, personal: str, *, nonce: str | None = None
) -> None:
    """A player keeps one collective and one personal objective (rules §2 step 5)."""
    with dealt(game_id, nonce=nonce) as ch:
        outcome = rules_setup.keep_objectives(ch.state, seat, collective, personal, ch.ruleset)
        ch.record(outcome.state, outcome.events, actor=seat)


def appoint(
    game_id: int,
    king: int,
    office: str,
    member: int | None,
    *,
    nonce: str | None = None,
    by_director: bool = False,
) -> None:
    """The King gives an office to a member, or takes it back when ``member`` is None (G24)."""
    with dealt(game_id, nonce=nonce, by_director=by_director) as ch:
        if member is None:
            outcome = rules_offices.dismiss(ch.state, king, office)
        else:
            outcome = rules_offices.appoint(ch.state, king, office, member)
        ch.record(outcome.state, outcome.events, actor=king)


def start(game_id: int, *, nonce: str | None = None, expected_seq: int | None = None) -> None:
    """Begin turn 1 once every player has kept their objectives."""
    with dealt(game_id, nonce=nonce, expected_seq=expected_seq) as ch:
        outcome = rules_setup.start_game(ch.state, ch.dice)
        ch.record(outcome.state, outcome.events)
