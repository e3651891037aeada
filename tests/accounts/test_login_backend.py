"""The login backend (accounts/backends.py) and the session read with its account
(accounts/sessions.py): a director's socket checks its login at each rendering by one statement,
and is refused exactly as Django's own reading would refuse it."""

from __future__ import annotations

from importlib import import_module
from types import SimpleNamespace

import pytest
from django.contrib import auth
from django.contrib.auth import get_user_model
from django.db import connection
from django.http import HttpRequest
from django.test import Client
from django.test.utils import CaptureQueriesContext

from accounts import backends
from accounts.sessions import with_login

pytestmark = pytest.mark.django_db


def _logged_in(username: str = "dora") -> tuple[object, str]:
    user = get_user_model().objects.create_user(username=username, password="x-consell-x")
    browser = Client()
    assert browser.login(username=username, password="x-consell-x")
    return user, browser.cookies["sessionid"].value


def _user_of(session_key: str, connected) -> tuple[object, int]:
    """``auth.get_user`` on the session read with the account ``connected``; its queries."""
    request = HttpRequest()
    with CaptureQueriesContext(connection) as queries:
        request.session, account = with_login(session_key, connected)
        with backends.known(account):
            user = auth.get_user(request)
    return user, len(queries)


def _djangos_user_of(session_key: str):
    request = HttpRequest()
    request.session = import_module("django.contrib.sessions.backends.db").SessionStore(session_key)
    return auth.get_user(request)


def test_a_login_is_read_with_its_session_by_one_statement():
    dora, key = _logged_in()
    user, queries = _user_of(key, dora.pk)
    assert (user.pk, user.is_authenticated, queries) == (dora.pk, True, 1)
    assert user.password == _djangos_user_of(key).password


def test_a_logged_out_changed_or_other_login_is_refused_as_django_refuses_it():
    dora, key = _logged_in()
    mallory, _ = _logged_in("mallory")
    # The session holds dora's login: read with another account, that account is not hers.
    user, _ = _user_of(key, mallory.pk)
    assert user.pk == dora.pk  # read again by the backend, as Django reads it
    # A password changed elsewhere ends the session's login (its hash no longer holds).
    dora.set_password("a-new-one-x")
    dora.save()
    assert not _user_of(key, dora.pk)[0].is_authenticated
    assert not _djangos_user_of(key).is_authenticated
    # A deactivated account, or a session logged out, is no login.
    other, other_key = _logged_in("other")
    get_user_model().objects.filter(pk=other.pk).update(is_active=False)
    assert not _user_of(other_key, other.pk)[0].is_authenticated
    assert not _user_of("no-such-session-key-anywhere", other.pk)[0].is_authenticated


def test_logins_log_in_by_it_and_a_wrong_password_is_refused(client):
    get_user_model().objects.create_user(username="dora", password="x-consell-x")
    assert not client.login(username="dora", password="wrong")
    assert client.login(username="dora", password="x-consell-x")
    assert client.session["_auth_user_backend"] == "accounts.backends.LoginBackend"


def test_logins_made_before_it_stay_logged_in():
    """Migration 0002 rewrites the sessions that name ``ModelBackend`` (which is no longer
    listed, so they would be logged out) to name this backend; its reverse undoes it."""
    from django.apps import apps
    from django.contrib.sessions.backends.db import SessionStore

    migration = import_module("accounts.migrations.0002_sessions_name_the_login_backend")
    dora = get_user_model().objects.create_user(username="dora", password="x-consell-x")
    before = SessionStore()
    before.update(
        {
            "_auth_user_id": str(dora.pk),
            "_auth_user_backend": "django.contrib.auth.backends.ModelBackend",
            "_auth_user_hash": dora.get_session_auth_hash(),
            "consell_seats": {"3": {"position": 2, "token": "kept"}},
        }
    )
    before.save()
    assert not _djangos_user_of(before.session_key).is_authenticated
    editor = SimpleNamespace(connection=connection)  # all the migration uses of its editor
    migration.forwards(apps, editor)
    assert _djangos_user_of(before.session_key).pk == dora.pk
    assert SessionStore(before.session_key).load()["consell_seats"] == {
        "3": {"position": 2, "token": "kept"}
    }
    migration.backwards(apps, editor)
    assert SessionStore(before.session_key).load()["_auth_user_backend"] == (
        "django.contrib.auth.backends.ModelBackend"
    )


def _game_list(browser: Client) -> tuple[object, list[str]]:
    """The director's list of games, as the browser asks; the account the request ran as
    and the statements it sent before its view's own (the session and the account)."""
    with CaptureQueriesContext(connection) as queries:
        response = browser.get("/games/")
    user = response.wsgi_request.user
    tables = ("django_session", "accounts_user")
    login = [q["sql"] for q in queries if any(name in q["sql"] for name in tables)]
    return user, login


def test_a_request_reads_its_login_with_its_session_once_it_was_seen():
    """A director's every request read the session, then the account: after the first, the
    account the session was found logged in as is read with it, by one statement, and the
    request is still the session's own login, as Django decides it."""
    dora, key = _logged_in()
    browser = Client()
    browser.cookies["sessionid"] = key
    first_user, first = _game_list(browser)
    assert first_user.pk == dora.pk and len(first) == 2
    user, login = _game_list(browser)
    assert user.pk == dora.pk and user.is_authenticated
    assert len(login) == 1 and "JOIN" in login[0].upper()


def test_a_login_read_with_its_session_is_refused_as_django_refuses_it():
    dora, key = _logged_in()
    mallory, mallory_key = _logged_in("mallory")
    browser = Client()
    browser.cookies["sessionid"] = key
    _game_list(browser)
    # A hint naming another account: the session's own login is read, and is the request's.
    from accounts import sessions

    sessions.remember(key, mallory.pk)
    user, login = _game_list(browser)
    assert user.pk == dora.pk and len(login) == 2
    # A password changed elsewhere ends the login, hint or not.
    dora.set_password("a-new-one-x")
    dora.save()
    user, _ = _game_list(browser)
    assert not user.is_authenticated
    # A deactivated account is no login either.
    browser.cookies["sessionid"] = mallory_key
    _game_list(browser)
    get_user_model().objects.filter(pk=mallory.pk).update(is_active=False)
    assert not _game_list(browser)[0].is_authenticated
