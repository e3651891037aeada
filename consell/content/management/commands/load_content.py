"""``manage.py load_content PATH``: validate a pack and install it, all or nothing."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from consell.content.errors import PackInvalid
from consell.content.loader import load_pack
from consell.content.reader import read_pack


class Command(BaseCommand):
    help = "Validate a content pack (its directory or its pack.yaml) and load it in one go."
    # The start-up checks validate the installed packs; this command is how a broken one is
    # replaced, so it must run even when those checks fail.
    requires_system_checks = []

    def add_arguments(self, parser) -> None:
        parser.add_argument("path", help="The pack directory, or its pack.yaml.")

    def handle(self, *args, path: str, **options) -> None:
        try:
            content = read_pack(path)
        except PackInvalid as exc:
            raise CommandError(str(exc)) from exc
        pack, created = load_pack(content)
        counts = content.counts()
        per_kind = ", ".join(f"{kind} {count}" for kind, count in counts.items())
        self.stdout.write(
            f"{'Loaded' if created else 'Replaced'} content pack {pack}: {len(content.cards)} "
            f"cards, {sum(counts.values())} with copies ({per_kind})."
        )
