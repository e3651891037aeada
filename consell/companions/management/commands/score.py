"""`manage.py score GAME FILE`: score a finished play from the spec's JSON (companions spec).

Bad input prints one message naming the field and exits with status 2, printing no result.
"""

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from consell.companions.games import GAMES, score
from consell.companions.inputs import JSONInputError, ScoreInputError, load_json

BAD_INPUT = 2


class Command(BaseCommand):
    # A pure calculation: it needs no database and no content pack, so no system checks.
    requires_system_checks = []
    help = (
        "Score a play of Richelieu, Louis XIV or La Cour de Versailles from the JSON of "
        "docs/companions.md and print totals, winners and breakdown as JSON."
    )

    def add_arguments(self, parser):
        parser.add_argument("game", help=f"one of {', '.join(GAMES)}")
        parser.add_argument("file", help="the play as JSON; - reads standard input")
        parser.add_argument(
            "--tie-scores",
            dest="tie_scores",
            help="Richelieu: a tied majority scores 'full' (default, the seed) or 'none'",
        )
        parser.add_argument(
            "--three-rows",
            dest="three_rows",
            action="store_true",
            default=None,
            help="Richelieu: 2-player variant scored when three rows are cleared",
        )
        parser.add_argument(
            "--catalogue",
            help="Versailles: JSON file {card: [seals]} giving the seals of cells without them",
        )

    def handle(self, *args, game, file, tie_scores, three_rows, catalogue, **options):
        if game not in GAMES:
            raise _bad("game", f"unknown game {game!r}; choose one of {', '.join(GAMES)}")
        data = _read_json(file, "FILE")
        seals = _read_json(catalogue, "--catalogue") if catalogue is not None else None
        try:
            result = score(
                game, data, tie_scores=tie_scores, three_rows=three_rows, catalogue=seals
            )
        except ScoreInputError as error:
            raise _bad(error.field or "input", error.message) from error
        self.stdout.write(json.dumps(result, ensure_ascii=False, indent=2))


def _bad(field: str, message: str) -> CommandError:
    return CommandError(f"{field}: {message}", returncode=BAD_INPUT)


def _read_json(path: str, what: str):
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as error:
        raise _bad(what, f"cannot read {path}: {error.strerror}") from error
    except UnicodeDecodeError as error:
        raise _bad(what, f"{path} is not UTF-8 text") from error
    try:
        return load_json(text)
    except JSONInputError as error:
        raise _bad(what, error.english()) from error
