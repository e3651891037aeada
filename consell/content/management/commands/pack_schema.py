"""``manage.py pack_schema [--out DIR]``: write the pack format's JSON Schema for editors."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from consell.content.json_schema import SCHEMA_DIRECTORY, write_schemas


class Command(BaseCommand):
    help = (
        "Write pack.schema.json (for pack.yaml) and cards.schema.json (for card files), so an "
        "editor validates a content pack as it is typed."
    )
    requires_system_checks = []

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--out",
            default=str(SCHEMA_DIRECTORY),
            help="The directory to write into; default: the copy kept in the repository.",
        )

    def handle(self, *args, out: str, **options) -> None:
        try:
            written = write_schemas(out)
        except OSError as exc:  # a folder that cannot be made or written: say so, no traceback
            raise CommandError(f"Cannot write the schemas into {out}: {exc.strerror}.") from exc
        for path in written:
            self.stdout.write(f"Wrote {path}")
