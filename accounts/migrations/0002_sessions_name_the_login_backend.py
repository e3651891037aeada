"""Logins made before ``accounts.backends.LoginBackend`` stay logged in.

A session records the backend its login went through, and ``auth.get_user`` accepts only one
that ``settings.AUTHENTICATION_BACKENDS`` lists. Listing ``ModelBackend`` beside the new backend
would keep the old sessions, but make every wrong password cost two hashes (``authenticate``
tries each backend). Instead the sessions that name ``ModelBackend`` are rewritten to name
``LoginBackend``, which is ``ModelBackend`` in all but reading an account with its session.
A session that cannot be read (signed with a key no longer known) is left alone: it was
logged out already.
"""

from django.db import migrations
from django.utils import timezone

OLD = "django.contrib.auth.backends.ModelBackend"
NEW = "accounts.backends.LoginBackend"
BACKEND_KEY = "_auth_user_backend"


def _rename(apps, schema_editor, old: str, new: str) -> None:
    from django.contrib.sessions.backends.db import SessionStore

    Session = apps.get_model("sessions", "Session")
    store = SessionStore()
    sessions = Session.objects.using(schema_editor.connection.alias)
    for session in sessions.filter(expire_date__gt=timezone.now()).iterator():
        data = store.decode(session.session_data)  # empty when it cannot be read
        if data.get(BACKEND_KEY) == old:
            data[BACKEND_KEY] = new
            session.session_data = store.encode(data)
            session.save(update_fields=["session_data"])


def forwards(apps, schema_editor):
    _rename(apps, schema_editor, OLD, NEW)


def backwards(apps, schema_editor):
    _rename(apps, schema_editor, NEW, OLD)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_initial"),
        ("sessions", "0001_initial"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
