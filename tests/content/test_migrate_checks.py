"""``migrate`` on a database of an older version: the installed-pack check waits for it.

``migrate`` runs the database checks before it migrates, and ``content.E003`` reads every
installed pack. When a migration adds a column (``Pack.name_es``), reading the packs before it
is applied fails, and ``./dev serve`` could not start on an existing database. The check now
waits until no content migration is left to apply.
"""

from io import StringIO

import pytest
from django.core.management import call_command

from consell.content.checks import DEFAULT_PACK, check_installed_packs


@pytest.mark.django_db(transaction=True)
def test_migrate_runs_on_a_database_that_lacks_the_newest_content_column():
    call_command("load_content", str(DEFAULT_PACK), stdout=StringIO())
    call_command("migrate", "content", "0001", verbosity=0)
    try:
        assert check_installed_packs(databases=["default"]) == []
        call_command("migrate", "content", verbosity=0)
    finally:
        call_command("migrate", "content", verbosity=0)
    assert check_installed_packs(databases=["default"]) == []
