"""System checks for content packs (docs/principles.md, principle 6), run by ``manage.py check`` at
start-up.

``content.E001`` the shipped default pack directory has no pack.yaml.
``content.E002`` the shipped default pack is invalid (one message per error).
``content.E003`` an installed pack in the database is invalid (one message per error); this
check reads the database, so it runs when checks are given a database (``migrate``,
``check --database default``), as Django's database checks do, once no content migration
is left to apply (``migrate`` runs it before migrating a database that lacks newer columns).
"""

from __future__ import annotations

from pathlib import Path

from django.core.checks import Error, Tags, register
from django.utils.translation import gettext, gettext_lazy

from .errors import PackInvalid
from .reader import read_pack
from .schema import PACK_FILE

DEFAULT_PACK = Path(__file__).resolve().parent / "packs" / "default"
LOAD_HINT = gettext_lazy("Fix the pack files, then run: manage.py load_content %(path)s")


@register("content")
def check_default_pack(app_configs=None, **kwargs) -> list[Error]:
    """The default pack shipped with the app must load."""
    if not (DEFAULT_PACK / PACK_FILE).is_file():
        return [
            Error(
                gettext("The default content pack has no %(file)s in %(path)s.")
                % {"file": PACK_FILE, "path": DEFAULT_PACK},
                hint=gettext("Restore consell/content/packs/default from the repository."),
                id="content.E001",
            )
        ]
    try:
        read_pack(DEFAULT_PACK)
    except PackInvalid as exc:
        return [
            Error(
                gettext("Default content pack: %(error)s") % {"error": error},
                hint=LOAD_HINT % {"path": DEFAULT_PACK},
                id="content.E002",
            )
            for error in exc.errors
        ]
    return []


@register("content", Tags.database)
def check_installed_packs(app_configs=None, databases=None, **kwargs) -> list[Error]:
    """Every installed pack must still pass the loader's validation (admin edits included)."""
    from django.db import connections

    from .models import Pack
    from .stored import errors_of

    messages = []
    for database in databases or ():
        if not _migrated(connections[database]):
            continue  # ``migrate`` runs this check before it creates the tables or the columns
        for pack in Pack.objects.using(database).prefetch_related("cards"):
            messages += [
                Error(
                    gettext("Installed content pack %(pack)s: %(error)s")
                    % {"pack": pack, "error": error},
                    hint=gettext(
                        "Fix the card in the admin, or reload the pack with manage.py load_content."
                    ),
                    obj=pack,
                    id="content.E003",
                )
                for error in errors_of(pack)
            ]
    return messages


def _migrated(connection) -> bool:
    """Whether the content tables are there with every column the models read: no migration
    of this app is left to apply (a database of an older version lacks the newer columns)."""
    from django.db.migrations.executor import MigrationExecutor

    from .models import Pack

    if Pack._meta.db_table not in connection.introspection.table_names():
        return False
    executor = MigrationExecutor(connection)
    plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
    return not any(migration.app_label == "content" for migration, _backwards in plan)
