"""Settings are driven by the environment (DESIGN.md, principle 8: small by default).

Each test starts a fresh Python so the settings module is read under exactly the variables given.
"""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG_VARIABLES = (
    "DATABASE_URL",
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
)
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "k3y-for-tests-" + "x7Qp2LmZ9vRt" * 5,
    "ALLOWED_HOSTS": "consell.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://consell.example.org",
}
SHOW = (
    "from django.conf import settings; "
    "print(settings.DATABASES['default']['ENGINE']); "
    "print(settings.CHANNEL_LAYERS['default']['BACKEND']); "
    "print(settings.STORAGES['staticfiles']['BACKEND'])"
)


def run(args: list[str], **variables: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in CONFIG_VARIABLES}
    env.update(DJANGO_SETTINGS_MODULE="consell.settings", **variables)
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


def test_it_queues_sqlite_writers_instead_of_failing():
    """Two phones handing in at once must queue (DESIGN.md, principle 4)."""
    result = run(
        ["-c", "from django.conf import settings; print(settings.DATABASES['default']['OPTIONS'])"]
    )
    assert "'transaction_mode': 'IMMEDIATE'" in result.stdout
    assert "journal_mode=WAL" in result.stdout


def test_it_serves_hashed_compressed_static_files_in_production():
    *_, storage = shown(**PRODUCTION)
    assert storage == "whitenoise.storage.CompressedManifestStaticFilesStorage"


def test_it_refuses_to_start_in_production_without_a_secret_key():
    result = run(["-c", SHOW], DEBUG="0", ALLOWED_HOSTS="consell.example.org")
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr


def test_it_passes_the_deployment_checklist_in_production():
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_it_fails_the_deployment_checklist_with_development_defaults():
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"])
    assert result.returncode != 0
    assert "security.W018" in result.stderr
