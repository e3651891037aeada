"""Settings are driven by the environment (docs/principles.md, principle 8: small by default).

Each test starts a fresh Python so the settings module is read under exactly the variables given.
"""

import os
import re
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG_VARIABLES = (
    "DATABASE_URL",
    "SQLITE_PATH",
    "PUBLIC_URL",
    "HTTPS",
    "SECRET_KEY_FILE",
    "REDIS_URL",
    "DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "CSRF_TRUSTED_ORIGINS",
    "SECURE_SSL_REDIRECT",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "SECURE_PROXY_SSL_HEADER",
    "DB_POOL_SIZE",
    "DB_POOL_TIMEOUT",
)
PRODUCTION = {
    "SECRET_KEY": "k3y-for-tests-" + "x7Qp2LmZ9vRt" * 5,
    "PUBLIC_URL": "https://consell.example.org",
}
SHOW = (
    "from django.conf import settings; "
    "print(settings.DATABASES['default']['ENGINE']); "
    "print(settings.CHANNEL_LAYERS['default']['BACKEND']); "
    "print(settings.STORAGES['staticfiles']['BACKEND'])"
)


def run(args: list[str], **variables: str) -> subprocess.CompletedProcess:
    """Run Python with only `variables` configured; the database (and so the secret key kept
    beside it) goes to a fresh temporary folder unless SQLITE_PATH is given."""
    env = {k: v for k, v in os.environ.items() if k not in CONFIG_VARIABLES}
    env.update(DJANGO_SETTINGS_MODULE="consell.settings")
    env.setdefault("SQLITE_PATH", str(Path(tempfile.mkdtemp(prefix="consell-settings-")) / "db"))
    env.update(variables)
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def shown(**variables: str) -> list[str]:
    result = run(["-c", SHOW], **variables)
    assert result.returncode == 0, result.stderr
    return result.stdout.split()


def test_it_uses_sqlite_and_the_in_memory_layer_when_nothing_is_set():
    engine, layer, _ = shown()
    assert engine == "django.db.backends.sqlite3"
    assert layer == "channels.layers.InMemoryChannelLayer"


def test_it_uses_postgresql_and_redis_when_their_urls_are_set():
    engine, layer, _ = shown(
        DATABASE_URL="postgres://consell:secret@db.example.org:5432/consell",
        REDIS_URL="redis://cache.example.org:6379/0",
    )
    assert engine == "django.db.backends.postgresql"
    assert layer == "channels_redis.core.RedisChannelLayer"


def test_a_number_setting_that_is_not_a_number_is_a_clear_error():
    result = run(
        ["-c", "import django; django.setup()"],
        DATABASE_URL="postgres://consell:secret@db.example.org:5432/consell",
        DB_POOL_SIZE="many",
    )
    assert result.returncode != 0
    assert "DB_POOL_SIZE must be a whole number, not 'many'." in result.stderr


def test_a_pool_needs_at_least_one_connection():
    url = "postgres://consell:secret@db.example.org:5432/consell"
    result = run(["-c", "import django; django.setup()"], DATABASE_URL=url, DB_POOL_SIZE="0")
    assert result.returncode != 0
    assert "DB_POOL_SIZE must be at least 1." in result.stderr


def test_each_process_lends_postgresql_connections_from_a_bounded_pool():
    """Connections per process never exceed DB_POOL_SIZE: the budget in docs/deployment.md."""
    url = "postgres://consell:secret@db.example.org:5432/consell"
    database = "settings.DATABASES['default']"
    shown = f"{database}['CONN_MAX_AGE'], {database}['OPTIONS']['pool']['max_size']"
    assert setting(shown, DATABASE_URL=url) == "0 12"
    assert setting(shown, DATABASE_URL=url, DB_POOL_SIZE="4") == "0 4"


def test_it_queues_sqlite_writers_instead_of_failing():
    """Two phones handing in at once must queue (docs/principles.md, principle 4)."""
    result = run(
        ["-c", "from django.conf import settings; print(settings.DATABASES['default']['OPTIONS'])"]
    )
    assert "'transaction_mode': 'IMMEDIATE'" in result.stdout
    assert "journal_mode=WAL" in result.stdout


def test_it_serves_hashed_compressed_static_files_in_production():
    *_, storage = shown(**PRODUCTION)
    assert storage == "whitenoise.storage.CompressedManifestStaticFilesStorage"


def test_it_passes_the_deployment_checklist_in_production():
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_it_fails_the_deployment_checklist_with_debug_on():
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], DEBUG="1")
    assert result.returncode != 0
    assert "security.W018" in result.stderr


def setting(expression: str, **variables: str) -> str:
    """What `expression` (e.g. "settings.DEBUG") prints under exactly `variables`."""
    result = run(["-c", f"from django.conf import settings; print({expression})"], **variables)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_debug_is_off_unless_turned_on():
    """Issue 10: "`./dev serve` serves with DEBUG off ... Developers turn DEBUG on explicitly"."""
    assert setting("settings.DEBUG") == "False"
    assert setting("settings.DEBUG", DEBUG="1") == "True"


def test_a_secret_key_is_made_once_and_kept_beside_the_database(tmp_path):
    """Issue 10: "a secret key generated once and kept beside the database" (mode 600)."""
    database = tmp_path / "db.sqlite3"
    first = setting("settings.SECRET_KEY", SQLITE_PATH=str(database))
    kept = tmp_path / "secret_key"
    assert kept.read_text().strip() == first
    assert len(first) >= 50
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert setting("settings.SECRET_KEY", SQLITE_PATH=str(database)) == first


def test_processes_starting_together_agree_on_one_key(tmp_path):
    """daphne and a management command may start at the same moment on a fresh install."""
    env = {k: v for k, v in os.environ.items() if k not in CONFIG_VARIABLES}
    env.update(DJANGO_SETTINGS_MODULE="consell.settings", SQLITE_PATH=str(tmp_path / "db"))
    show = "from django.conf import settings; print(settings.SECRET_KEY)"
    starts = [
        subprocess.Popen([sys.executable, "-c", show], cwd=ROOT, env=env, stdout=subprocess.PIPE)
        for _ in range(4)
    ]
    keys = {start.communicate(timeout=120)[0] for start in starts}
    assert keys == {(tmp_path / "secret_key").read_bytes()}


def test_an_empty_key_file_is_a_clear_error(tmp_path):
    (tmp_path / "secret_key").write_text("\n")
    result = run(["-c", "import django; django.setup()"], SQLITE_PATH=str(tmp_path / "db"))
    assert result.returncode != 0
    assert "secret key file" in result.stderr and "is empty" in result.stderr


def test_an_unwritable_key_folder_is_a_clear_error():
    result = run(["-c", "import django; django.setup()"], SECRET_KEY_FILE="/proc/consell/key")
    assert result.returncode != 0
    assert "Cannot keep a secret key in /proc/consell/key" in result.stderr
    assert "set SECRET_KEY" in result.stderr


def test_a_given_secret_key_wins(tmp_path):
    given = {"SECRET_KEY": "given-" + "z" * 50, "SQLITE_PATH": str(tmp_path / "db.sqlite3")}
    assert setting("settings.SECRET_KEY", **given) == "given-" + "z" * 50
    assert not (tmp_path / "secret_key").exists()


def test_the_hosts_come_from_the_public_url():
    """Issue 10: "`ALLOWED_HOSTS` from `PUBLIC_URL`" (plus this machine's own names)."""
    lan = {"PUBLIC_URL": "http://192.168.1.20:8000"}
    assert (
        setting("settings.ALLOWED_HOSTS", **lan)
        == "['localhost', '127.0.0.1', '[::1]', '192.168.1.20']"
    )
    assert setting("settings.CSRF_TRUSTED_ORIGINS", **lan) == "['http://192.168.1.20:8000']"
    assert setting("settings.ALLOWED_HOSTS") == "['localhost', '127.0.0.1', '[::1]']"
    assert setting("settings.ALLOWED_HOSTS", PUBLIC_URL="http://[fd00::7]:8000").endswith(
        "'[fd00::7]']"
    )
    assert setting("settings.ALLOWED_HOSTS", ALLOWED_HOSTS="a.example,b.example", **lan) == (
        "['a.example', 'b.example']"
    )


def test_a_malformed_public_url_is_a_clear_error():
    result = run(["-c", "import django; django.setup()"], PUBLIC_URL="192.168.1.20:8000")
    assert result.returncode != 0
    assert "PUBLIC_URL must look like http://host:port" in result.stderr


SECURE_SWITCHES = (
    "[settings.SECURE_SSL_REDIRECT, settings.SESSION_COOKIE_SECURE, settings.CSRF_COOKIE_SECURE,"
    " settings.SECURE_HSTS_SECONDS > 0]"
)


def test_plain_http_on_the_lan_keeps_cookies_usable():
    """Issue 10: "HTTPS-only settings must not break a game night on plain http on the LAN"."""
    assert setting(SECURE_SWITCHES, PUBLIC_URL="http://10.0.0.2") == "[False, False, False, False]"


def test_an_https_public_url_turns_the_https_switches_on():
    assert setting(SECURE_SWITCHES, PUBLIC_URL="https://consell.example.org") == (
        "[True, True, True, True]"
    )
    assert setting(SECURE_SWITCHES, HTTPS="1") == "[True, True, True, True]"


def test_the_csp_allows_the_websocket_of_the_public_url():
    policy = setting("settings.SECURE_CSP['connect-src']", PUBLIC_URL="https://consell.example.org")
    assert "wss://consell.example.org" in policy


def _entrypoint(tmp_path, command: list[str], timeout: int, **extra: str):
    """``docker/entrypoint.sh command`` run as a container runs it: none of the project's
    settings variables but ``extra``, DEBUG off, a fresh SQLite file in ``tmp_path``."""
    env = {k: v for k, v in os.environ.items() if k not in CONFIG_VARIABLES}
    env.update(CONSELL_APP=str(ROOT), DEBUG="0", SQLITE_PATH=str(tmp_path / "db.sqlite3"))
    env.update(extra)
    return subprocess.run(
        [str(ROOT / "docker" / "entrypoint.sh"), *command],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_the_container_start_migrates_and_loads_the_pack_so_a_game_can_be_dealt(tmp_path):
    """Issue 10: "The Docker image migrates but loads no content pack, so a new deployment
    cannot deal a game." The image's entrypoint, run as the container runs it (DEBUG off, a
    fresh SQLite file), then `manage.py demo` deals a game from the default pack."""
    demo = ["python", str(ROOT / "manage.py"), "demo", "--base-url", "http://10.0.0.2:8000"]
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    result = _entrypoint(tmp_path, demo, timeout=300, PATH=path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Loaded content pack default" in result.stdout
    assert "Dashboard:      http://10.0.0.2:8000/games/1/" in result.stdout
    assert (tmp_path / "secret_key").exists()


def test_a_replica_started_with_consell_migrate_0_leaves_the_database_to_the_migrate_service(
    tmp_path,
):
    """docker-compose.yml migrates once, in its one-shot service; the app replicas start with
    CONSELL_MIGRATE=0 and run their command without touching the database."""
    result = _entrypoint(tmp_path, ["echo", "daphne would start"], timeout=60, CONSELL_MIGRATE="0")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == "daphne would start\n"
    assert not (tmp_path / "db.sqlite3").exists()


SERVE_STATIC = """
import re, django
django.setup()
from django.test import Client
from django.test.utils import setup_test_environment
setup_test_environment()
client = Client()
page = client.get("/", HTTP_HOST="localhost").content.decode()
for url in re.findall(r'(?:src|href)="(/static/[^"]+)"', page):
    response = client.get(url, HTTP_HOST="localhost")
    print(response.status_code, url, response["Content-Type"])
"""


def test_htmx_css_and_js_are_served_with_debug_off(tmp_path):
    """Issue 10: "static files served (whitenoise)": with DEBUG off the pages name hashed
    files that whitenoise serves from the collected folder."""
    variables = {"STATIC_ROOT": str(tmp_path / "static"), "SECRET_KEY": PRODUCTION["SECRET_KEY"]}
    collected = run(["manage.py", "collectstatic", "--no-input", "-v", "0"], **variables)
    assert collected.returncode == 0, collected.stderr
    served = run(["-c", SERVE_STATIC], **variables)
    assert served.returncode == 0, served.stderr
    lines = served.stdout.splitlines()
    assert any(re.match(r"200 /static/vendor/htmx\.min\.\w{12}\.js ", line) for line in lines)
    assert any(re.match(r"200 /static/css/app\.\w{12}\.css text/css", line) for line in lines)
    assert any(re.match(r"200 /static/js/confirm\.\w{12}\.js ", line) for line in lines)
    assert all(line.startswith("200 ") for line in lines), lines


def test_the_parts_and_views_caches_take_this_codes_long_keys_without_memcacheds_warning():
    """A part's key names its game, audience, language, template and digest, and a phone's own
    parts' keys name more (``rendered.part_key_from``): past memcached's 250 characters. The
    processes' own caches keep them, and say nothing of memcached's rules
    (``consell/caches.py``)."""
    import warnings

    from django.core.cache import caches
    from django.core.cache.backends.base import CacheKeyWarning

    key = "from:ca:" + "7:seat:3:game/play.html#plan:" * 10
    assert len(key) > 250
    for name in ("parts", "views"):
        with warnings.catch_warnings():
            warnings.simplefilter("error", CacheKeyWarning)
            caches[name].set(key, "kept")
            assert caches[name].get(key) == "kept"
