"""Logins made while the app had a login backend of its own stay logged in.

The app now uses Django's ``ModelBackend`` as shipped; sessions that name the backend of
migration 0002 are rewritten to name Django's, which ``auth.get_user`` accepts.
"""

from importlib import import_module

from django.db import migrations

earlier = import_module("accounts.migrations.0002_sessions_name_the_login_backend")


class Migration(migrations.Migration):
    dependencies = [("accounts", "0002_sessions_name_the_login_backend")]

    operations = [migrations.RunPython(earlier.backwards, earlier.forwards)]
