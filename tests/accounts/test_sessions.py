"""The session store (accounts/sessions.py) reads a session as Django's database store does:
what a browser logged in with, or kept a seat in, is what the next request finds."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.sessions.backends.db import SessionStore as DjangoStore
from django.contrib.sessions.models import Session
from django.utils import timezone

from accounts.sessions import SessionStore

pytestmark = pytest.mark.django_db


def _saved(data: dict) -> str:
    store = DjangoStore()
    store.update(data)
    store.save()
    return store.session_key


def test_a_saved_session_reads_back_as_djangos_store_reads_it():
    key = _saved({"consell_seats": {"12": {"position": 3, "token": "abc"}}, "n": 1})
    ours, theirs = SessionStore(key), DjangoStore(key)
    assert (
        ours.load()
        == theirs.load()
        == {
            "consell_seats": {"12": {"position": 3, "token": "abc"}},
            "n": 1,
        }
    )
    assert ours.session_key == key
    row = ours._get_session_from_db()
    assert (row.session_key, row.session_data, row.expire_date) == (
        key,
        Session.objects.get(pk=key).session_data,
        Session.objects.get(pk=key).expire_date,
    )


def test_an_expired_or_unknown_session_is_empty_and_forgotten():
    key = _saved({"n": 1})
    Session.objects.filter(pk=key).update(expire_date=timezone.now() - timedelta(seconds=1))
    for session_key in (key, "no-such-session-key-at-all-here"):
        ours, theirs = SessionStore(session_key), DjangoStore(session_key)
        assert ours.load() == theirs.load() == {}
        assert ours.session_key is None and theirs.session_key is None


def test_the_site_uses_it(client, settings):
    assert settings.SESSION_ENGINE == "accounts.sessions"
    session = client.session
    session["n"] = 7
    session.save()
    assert SessionStore(session.session_key).load() == {"n": 7}
