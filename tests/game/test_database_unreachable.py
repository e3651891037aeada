"""A request that meets the database restarting gets a page to send it again, not a 500
(docs/reliability.md), and nothing of the change is kept.

The database drops in the middle of a change: after its events are appended, as the game's
row is written (``game_rows.write`` raises what psycopg raises when the server goes away).
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.db import OperationalError
from django.test import Client

from consell.game import game_rows
from consell.game.models import Event
from tests.game.test_idempotency import started  # noqa: F401  (a game at turn 1)

pytestmark = pytest.mark.django_db


@pytest.fixture
def database_drops(monkeypatch):
    def drop(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(game_rows, "write", drop)
    return monkeypatch


def _hidden_fields(html: str) -> dict[str, str]:
    found = re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', html)
    return {name: unescape(value) for name, value in found}


def test_a_step_that_meets_the_database_dropping_can_be_sent_again_and_counts_once(
    started,  # noqa: F811
    client_dora,
    database_drops,
):
    url = f"/games/{started.pk}/turn/destiny/"
    events = Event.objects.filter(game=started).count()
    response = client_dora.post(url, {"seq": started.seq, "nonce": "the-step"})

    assert response.status_code == 503
    page = response.content.decode()
    assert "Send it again" in page and f'action="{url}"' in page
    sent_again = _hidden_fields(page)
    assert sent_again["nonce"] == "the-step" and sent_again["seq"] == str(started.seq)
    # The change was one transaction: none of its events was kept.
    assert Event.objects.filter(game=started).count() == events

    database_drops.undo()
    client_dora.post(url, sent_again)
    client_dora.post(url, sent_again)  # a second press of "Send it again"
    assert Event.objects.filter(game=started, kind="destiny_revealed").count() == 1


def test_an_htmx_form_gets_the_message_alone_and_keeps_what_was_typed(
    started,  # noqa: F811
    client_dora,
    database_drops,
):
    response = client_dora.post(
        f"/games/{started.pk}/turn/destiny/",
        {"seq": started.seq, "nonce": "by-htmx"},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 503
    page = response.content.decode()
    assert page.startswith('<p class="message error" role="alert">') and "<form" not in page


def test_a_page_read_while_the_database_is_out_of_reach_offers_a_reload(
    started,  # noqa: F811
    client_dora,
    monkeypatch,
):
    def unreachable(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr("consell.views.director.director_game", unreachable)
    response = client_dora.get(f"/games/{started.pk}/")
    assert response.status_code == 503
    page = response.content.decode()
    assert f'href="/games/{started.pk}/"' in page and "Reload" in page


@pytest.fixture
def own_pool():
    """A pool of this test's own. Threads of earlier tests in this process (live servers,
    sockets' database calls) can still hold connections the pool lent them; they would count
    against the budget this test measures, or leave it none to lend."""
    from django.db import connection

    connection.close()
    connection.close_pool()
    yield
    connection.close()
    connection.close_pool()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_after_the_database_restarts_the_next_request_is_served(own_pool, game, client_dora):
    """A restart cuts every connection the pool holds; the pool checks each one as it lends
    it, so the first request after the restart gets a new one instead of an error."""
    import psycopg
    from django.db import close_old_connections, connection

    assert client_dora.get(f"/games/{game.pk}/").status_code == 200
    settings = connection.settings_dict
    with psycopg.connect(
        host=settings["HOST"],
        port=settings["PORT"] or 5432,
        user=settings["USER"],
        dbname="postgres",
        autocommit=True,
    ) as admin:
        cut = admin.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE datname = %s AND pid <> pg_backend_pid()",
            [settings["NAME"]],
        ).fetchone()
    assert cut and cut[0] >= 1, "the app held a connection to cut"
    # What the server does as each request starts (Django's test client leaves it out): the
    # thread's connection goes back to the pool, and the request borrows one again.
    close_old_connections()
    assert client_dora.get(f"/games/{game.pk}/").status_code == 200


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_many_requests_at_once_never_use_more_connections_than_the_pool_lends(
    own_pool, game, client_dora
):
    """docs/deployment.md, the connection budget: a process's requests share its pool, so a
    burst of them waits for a free connection instead of opening more (two daphnes of 20
    threads once used up PostgreSQL's 100 and answered 500). 30 pages asked at once: every one
    is answered, and the database never sees more of this process's connections than
    ``DB_POOL_SIZE``."""
    import threading

    import psycopg
    from django.conf import settings as django_settings
    from django.db import connection, connections

    db = connection.settings_dict
    budget = db["OPTIONS"]["pool"]["max_size"]
    assert budget == django_settings.DB_POOL_SIZE
    session = client_dora.cookies["sessionid"].value
    url = f"/games/{game.pk}/"
    answers: list[int] = []
    peak = [0]
    done = threading.Event()

    def count_connections() -> None:
        with psycopg.connect(
            host=db["HOST"],
            port=db["PORT"] or 5432,
            user=db["USER"],
            dbname="postgres",
            autocommit=True,
        ) as admin:
            while not done.is_set():
                row = admin.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = %s", [db["NAME"]]
                ).fetchone()
                peak[0] = max(peak[0], row[0] if row else 0)

    def page() -> None:
        client = Client()
        client.cookies["sessionid"] = session
        try:
            answers.append(client.get(url).status_code)
        finally:
            connections.close_all()  # what the server does as the request ends

    connection.close()  # the test's own connection goes back to the pool too
    sampler = threading.Thread(target=count_connections)
    sampler.start()
    pages = [threading.Thread(target=page) for _ in range(30)]
    for thread in pages:
        thread.start()
    for thread in pages:
        thread.join()
    done.set()
    sampler.join()
    assert answers == [200] * 30
    assert 1 < peak[0] <= budget, f"{peak[0]} connections, for a pool of {budget}"
