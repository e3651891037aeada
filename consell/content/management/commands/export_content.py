"""``manage.py export_content PACK_ID --out DIR``: write an installed pack back to YAML."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from consell.content.export import export_pack, find_pack
from consell.content.models import Pack


class Command(BaseCommand):
    help = "Write an installed content pack as pack.yaml plus its card files."
    requires_system_checks = []

    def add_arguments(self, parser) -> None:
        parser.add_argument("pack_id", help="The pack id, e.g. default.")
        parser.add_argument("--out", required=True, help="The directory to write into.")
        parser.add_argument("--pack-version", type=int, help="Default: the latest version.")

    def handle(self, *args, pack_id: str, out: str, pack_version: int | None, **options) -> None:
        try:
            pack = find_pack(pack_id, pack_version)
        except Pack.DoesNotExist as exc:
            wanted = pack_id if pack_version is None else f"{pack_id} v{pack_version}"
            raise CommandError(f"No content pack {wanted} is installed.") from exc
        written = export_pack(pack, out)
        self.stdout.write(f"Exported content pack {pack}: {len(written)} files in {out}.")
