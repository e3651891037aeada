"""``manage.py load_content PATH``: validate a pack and install it, all or nothing.

An installed version keeps its cards (``consell.content.loader``): loading it again with the
same cards changes nothing, with other cards it is refused; ``--replace`` rewrites a version
that no game was created with.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from consell.content.errors import PackInvalid
from consell.content.loader import LOADED, REPLACED, UNCHANGED, load_pack
from consell.content.reader import read_pack

VERBS = {LOADED: "Loaded", UNCHANGED: "Unchanged", REPLACED: "Replaced"}


class Command(BaseCommand):
    help = "Validate a content pack (its directory or its pack.yaml) and load it in one go."
    # The start-up checks validate the installed packs; this command is how a broken one is
    # replaced, so it must run even when those checks fail.
    requires_system_checks = []

    def add_arguments(self, parser) -> None:
        parser.add_argument("path", help="The pack directory, or its pack.yaml.")
        parser.add_argument(
            "--replace",
            action="store_true",
            help="Replace the cards of an installed version that no game was created with.",
        )

    def handle(self, *args, path: str, replace: bool = False, **options) -> None:
        try:
            content = read_pack(path)
            pack, status = load_pack(content, replace=replace)
        except PackInvalid as exc:
            raise CommandError(str(exc)) from exc
        counts = content.counts()
        per_kind = ", ".join(f"{kind} {count}" for kind, count in counts.items())
        self.stdout.write(
            f"{VERBS[status]} content pack {pack}: {len(content.cards)} "
            f"cards, {sum(counts.values())} with copies ({per_kind})."
        )
