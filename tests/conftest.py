"""Shared fixtures and the rules for tests that need real services.

Tests marked `postgres` or `redis` run when DATABASE_URL / REDIS_URL is set and are skipped
when it is absent (the plain SQLite + in-memory run). When the variable IS set the service
must answer: an unreachable service fails those tests instead of skipping them, so the CI run
against PostgreSQL and Redis can never pass by silently testing nothing.

Tests marked `e2e` share one xdist group, so `pytest -n 2 --dist loadgroup` runs the browser
tests on a single worker, one after another; they fail if xdist ignored the group.

Tests marked `alone` measure speed in a real browser (Lighthouse): a test running beside them
on the other core would be measured with them. `./dev test` runs the suite with `--alone=after`,
which leaves them out, then runs them by themselves with `--alone=only`. Plain `pytest` runs them
with the rest.
"""

import functools
import os

import pytest

from consell.game import state_cache

# Every use of a process's parsed state is compared with its row: the whole suite proves the
# cache and the database agree (consell/game/state_cache.py).
state_cache.CHECK = True

SERVICES = {"postgres": "DATABASE_URL", "redis": "REDIS_URL"}


@functools.cache
def unreachable(service: str, url: str) -> str | None:
    """Why the service at `url` cannot be used, or None when it answers."""
    try:
        if service == "postgres":
            import psycopg

            psycopg.connect(url, dbname="postgres", connect_timeout=3).close()
        else:
            import redis

            client = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3)
            client.ping()
            client.close()
    except Exception as error:  # any failure means "not usable"; the message says which
        return f"{type(error).__name__}: {error}"
    return None


def pytest_addoption(parser):
    parser.addoption(
        "--alone",
        choices=("with", "after", "only"),
        default="with",
        help="tests marked `alone`: run them with the rest, leave them for a later run, or "
        "run only them",
    )


def pytest_collection_modifyitems(config, items):
    choice = config.getoption("alone")
    if choice == "with":
        return
    wanted = choice == "only"
    kept = [item for item in items if bool(item.get_closest_marker("alone")) == wanted]
    dropped = [item for item in items if bool(item.get_closest_marker("alone")) != wanted]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


def pytest_itemcollected(item):
    # Marked here, while collecting, because xdist reads the group in its own
    # pytest_collection_modifyitems.
    if item.get_closest_marker("e2e"):
        item.add_marker(pytest.mark.xdist_group("e2e"))
    for service, variable in SERVICES.items():
        if item.get_closest_marker(service) and not os.environ.get(variable):
            item.add_marker(pytest.mark.skip(reason=f"{variable} is not set"))


def pytest_runtest_setup(item):
    if (
        item.get_closest_marker("e2e")
        and getattr(item.config.option, "loadgroup", False)
        and not item.nodeid.endswith("@e2e")
    ):
        pytest.fail("xdist ignored the e2e group (pytest-xdist#1386); see the pytest pin")
    for service, variable in SERVICES.items():
        url = os.environ.get(variable)
        if item.get_closest_marker(service) and url:
            problem = unreachable(service, url)
            if problem:
                pytest.fail(f"{variable} is set but {service} is unreachable: {problem}")


@pytest.fixture
def director(django_user_model):
    """Dora, the director of every test table."""
    return django_user_model.objects.create_user(
        username="dora", email="dora@example.org", password="dora-plays-fair"
    )


@pytest.fixture
def client_dora(client, director):
    """A browser logged in as Dora."""
    client.force_login(director)
    return client


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    """Test on a SQLite *file*, as the app runs, not on a shared in-memory database.

    An in-memory database shared between threads answers a second writer "table is locked"
    at once, where a real database file makes it wait its turn (IMMEDIATE transactions), which
    is what two phones handing in at the same moment rely on. Each xdist worker has its own
    temporary folder, hence its own file.
    """
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"].endswith("sqlite3"):
        folder = tmp_path_factory.getbasetemp()
        database.setdefault("TEST", {})["NAME"] = str(folder / "consell-test.sqlite3")


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup):
    """The test database; at its end, every connection a thread of this process kept is
    closed first, for PostgreSQL refuses to drop a database still in use.

    Threads keep their connections between uses (``CONN_MAX_AGE``): asgiref's thread for
    synchronous code (async tests, the websocket consumers), an event loop's executor, the
    browser tests' server. Those of threads that have ended are freed by the collector; the
    others are closed from here, their threads being idle by now.
    """
    yield
    import gc

    from django.db.backends.base.base import BaseDatabaseWrapper

    # Importing the server's entry point (consell.asgi) freezes what exists by then, and the
    # collector lists no frozen object: a connection kept before that import was missed.
    gc.unfreeze()
    gc.collect()
    # type(), not isinstance(): isinstance asks a lazy object (a request's user) its class,
    # which evaluates it.
    kept = [o for o in gc.get_objects() if issubclass(type(o), BaseDatabaseWrapper)]
    for wrapper in kept:
        if wrapper.connection is not None:
            wrapper.inc_thread_sharing()
            try:
                wrapper.close()
            finally:
                wrapper.dec_thread_sharing()


@pytest.fixture(autouse=True)
def own_channel_layer(request):
    """Each test but the browser tests gets a channel layer of its own.

    channels-redis' layer serves the receivers of one event loop at a time, and the browser
    tests' server (a thread of this process, its loop running all session) keeps receiving on
    the layer it has; a websocket test run later on the same worker then failed with a lock
    "bound to a different event loop". A fresh layer also carries nothing over from the test
    before.
    """
    if request.node.get_closest_marker("e2e") or not request.config.pluginmanager.hasplugin(
        "django"
    ):
        yield
        return
    from channels.layers import channel_layers

    kept = dict(channel_layers.backends)
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()
    channel_layers.backends.update(kept)


@pytest.fixture(autouse=True)
def english_unless_catalan(request):
    """Tests read the app in English, the language they are written in.

    The app's default is Catalan (the table speaks it); tests that check the Catalan catalog
    or the default say so with ``@pytest.mark.catalan``. Pure rules tests run without Django.
    """
    if request.node.get_closest_marker("catalan") or not request.config.pluginmanager.hasplugin(
        "django"
    ):
        yield
        return
    from django.test import override_settings
    from django.utils import translation

    with override_settings(LANGUAGE_CODE="en"), translation.override("en"):
        yield


@pytest.fixture(autouse=True)
def _fresh_parts():
    """Each test renders and keeps its own: ids of rolled-back games come again in the next test."""
    from django.core.cache import caches

    caches["parts"].clear()
    caches["views"].clear()
