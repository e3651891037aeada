"""``manage.py audit GAME [--verify] [--json]``: the post-game audit from the command line.

``--verify`` recomputes every die and shuffle from the seed (the server holds it, so this works
before the end too, without printing it) and exits non-zero naming each roll that does not
match. ``--json`` prints the audit log (``docs/audit-log.md``), or with ``--verify`` the
verdict, for other programs.
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from consell.audit.export import build_document
from consell.audit.proof import ENTERED, VERIFIED, prove
from consell.audit.timeline import summarise, timeline
from consell.game.models import Game
from consell.rules.audience import Viewer


class Command(BaseCommand):
    help = "Show a game's audit; --verify checks every die against the seed."

    def add_arguments(self, parser):
        parser.add_argument("game", type=int, help="the game's id")
        parser.add_argument("--verify", action="store_true", help="recompute every roll")
        parser.add_argument(
            "--json", action="store_true", dest="as_json", help="machine-readable output"
        )

    def handle(self, *args, game: int, verify: bool, as_json: bool, **options):
        try:
            record = Game.objects.select_related("pack").get(pk=game)
        except Game.DoesNotExist as exc:
            raise CommandError(f"There is no game {game}.") from exc
        document = build_document(record, Viewer.director())
        if verify:
            self._verify(record, document, as_json=as_json)
        elif as_json:
            self.stdout.write(_dumps(document))
        else:
            self._summary(record, document)

    def _verify(self, record: Game, document: dict, *, as_json: bool) -> None:
        document["dice"]["seed"] = record.seed
        proof = prove(document)
        if as_json:
            self.stdout.write(
                _dumps(
                    {
                        "game": record.pk,
                        "ok": proof.ok,
                        "rolls": len(proof.rolls),
                        "verified": proof.count(VERIFIED),
                        "entered": proof.count(ENTERED),
                        "problems": list(proof.problems),
                    }
                )
            )
        else:
            self.stdout.write(
                f"{record.name}: {len(proof.rolls)} rolls, {proof.count(VERIFIED)} verified, "
                f"{proof.count(ENTERED)} entered by the director"
            )
        if proof.problems:
            raise CommandError("; ".join(proof.problems))

    def _summary(self, record: Game, document: dict) -> None:
        summary = summarise(timeline(document["events"]))
        self.stdout.write(
            f"{record.name} ({record.status}): {summary.events} events, {summary.secret} secret, "
            f"{summary.corrections} corrections, {summary.for_player} decisions taken by the "
            f"director for a player, {len(document['rolls'])} rolls"
        )


def _dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2)
