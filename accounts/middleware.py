"""Django's ``AuthenticationMiddleware``, given the account read with the session.

A logged-in request read its session and then its account: two round trips before the view
began, on the director's every step (B1, docs/performance.md). The session store reads the
account its session was last found logged in as with the session itself, by one statement
(``sessions.SessionStore.load``); here Django's own ``auth.get_user`` is handed that account
through ``backends.known`` and decides as ever: the session's user id, its backend and its
hash. A session found logged in is remembered for its next request.
"""

from __future__ import annotations

from django.contrib import auth
from django.contrib.auth.middleware import AuthenticationMiddleware
from django.utils.functional import SimpleLazyObject

from . import backends, sessions


def get_user(request):
    """``django.contrib.auth.middleware.get_user``, with the account read with the session."""
    if not hasattr(request, "_cached_user"):
        session = request.session
        session.get(auth.SESSION_KEY)  # loads the session, and the account with it if known
        read = getattr(session, "account_read", None)
        with backends.known(read[1] if read is not None else None):
            user = request._cached_user = auth.get_user(request)
        if user.is_authenticated:
            sessions.remember(session.session_key, user.pk)
    return request._cached_user


class LoginMiddleware(AuthenticationMiddleware):
    def process_request(self, request):
        super().process_request(request)
        request.user = SimpleLazyObject(lambda: get_user(request))
