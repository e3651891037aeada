"""Django's ``ModelBackend``, able to take an account already read with its session.

A director's socket checks at each rendering that its browser is still logged in
(``live_parts``): reading the session and then the account were two round trips at the end of
every change's renderings. ``sessions.with_login`` reads both by one statement; inside
``known(user)``, this backend's ``get_user`` gives that account instead of reading it again,
when it is the one asked for. Everything else is ``ModelBackend``'s: logging in, permissions,
whether an account may log in, and ``auth.get_user``'s checks of the session's backend and hash.

A session records the backend it logged in with: the sessions of logins made before this
backend was listed were rewritten to name it (``accounts`` migration 0002), so nobody was
logged out, and a wrong password still costs one hash.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend

_KNOWN: ContextVar[object | None] = ContextVar("known_account", default=None)


@contextlib.contextmanager
def known(user) -> Iterator[None]:
    """Within the block, ``LoginBackend.get_user`` gives ``user`` (if not None) for its id."""
    token = _KNOWN.set(user)
    try:
        yield
    finally:
        _KNOWN.reset(token)


class LoginBackend(ModelBackend):
    def get_user(self, user_id):
        user = _KNOWN.get()
        if user is None or user.pk != get_user_model()._meta.pk.to_python(user_id):
            return super().get_user(user_id)
        return user if self.user_can_authenticate(user) else None
