"""Settings for Consell, read from the environment with explicit defaults.

Nothing set gives a game night on one laptop: SQLite in the project folder, the in-memory
channel layer, DEBUG off (a player's phone must never see a debug page), a secret key generated
once and kept beside the database, and the hosts the site answers to taken from `PUBLIC_URL`.
Developers turn DEBUG on with `DEBUG=1`. `DATABASE_URL` switches to PostgreSQL and `REDIS_URL`
to channels-redis so several daphne workers can serve many tables. The HTTPS-only switches
follow whether the site is reached over HTTPS (an `https://` PUBLIC_URL, or `HTTPS=1`), not
DEBUG, so a table on plain http on the LAN can still log in. docs/deployment.md lists the
variables.
"""

import os
import secrets
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    """Read a yes/no variable; `1 true yes on` (any case) mean yes."""
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_int(name: str, default: int) -> int:
    """Read a whole number; anything else stops the start with a message naming the variable."""
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {value!r}.") from None


def env_list(name: str, default: list[str]) -> list[str]:
    """Read a comma-separated list, ignoring blanks."""
    value = os.environ.get(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def kept_secret_key(path: Path) -> str:
    """The key stored in `path`, created (mode 600) on first use.

    Written to a private temporary file and linked into place, so two processes starting at
    once agree on one key and neither ever reads a half-written file.
    """
    try:
        if not path.exists():
            temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
            descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
                handle.write(secrets.token_urlsafe(50) + "\n")
            try:
                os.link(temporary, path)
            except FileExistsError:
                pass
            finally:
                temporary.unlink()
        key = path.read_text(encoding="utf-8").strip()
    except OSError as error:
        raise ImproperlyConfigured(
            f"Cannot keep a secret key in {path} ({error.strerror}): set SECRET_KEY, or "
            "SECRET_KEY_FILE to a place this user may write and read."
        ) from error
    if not key:
        raise ImproperlyConfigured(f"The secret key file {path} is empty: delete it or fill it.")
    return key


DEBUG = env_bool("DEBUG", False)
TESTING = "pytest" in sys.modules

SQLITE_PATH = Path(os.environ.get("SQLITE_PATH", BASE_DIR / "db.sqlite3"))
SECRET_KEY = os.environ.get("SECRET_KEY", "").strip()
if not SECRET_KEY:
    if TESTING:
        # The test run writes no key file; tests/test_settings.py checks the file in a child.
        SECRET_KEY = "consell-tests-only-" + "k" * 40
    else:
        SECRET_KEY = kept_secret_key(
            Path(os.environ.get("SECRET_KEY_FILE", SQLITE_PATH.with_name("secret_key")))
        )

# The address the phones open, e.g. http://192.168.1.20:8000 on the table's Wi-Fi or
# https://consell.example.org behind a proxy (`./dev serve` also prints the demo's links with it).
PUBLIC_URL = os.environ.get("PUBLIC_URL", "").strip().rstrip("/")
_public = urlsplit(PUBLIC_URL)
if PUBLIC_URL and (_public.scheme not in {"http", "https"} or not _public.hostname):
    raise ImproperlyConfigured(f"PUBLIC_URL must look like http://host:port, not {PUBLIC_URL!r}.")
LOCAL_HOSTS = ["localhost", "127.0.0.1", "[::1]"]
# Django names an IPv6 host in brackets, as the Host header does.
_public_host = (
    f"[{_public.hostname}]" if ":" in (_public.hostname or "") else _public.hostname or ""
)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", LOCAL_HOSTS + ([_public_host] if PUBLIC_URL else []))
CSRF_TRUSTED_ORIGINS = env_list(
    "CSRF_TRUSTED_ORIGINS", [f"{_public.scheme}://{_public.netloc}"] if PUBLIC_URL else []
)
# Reached over HTTPS: only then are cookies HTTPS-only and plain http redirected.
HTTPS = env_bool("HTTPS", _public.scheme == "https")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "accounts",
    "consell.content",
    "consell.game",
    "consell.wording",
    "consell.live",
    "consell.simulator",
    "consell.views",
    "consell.companions",
    "consell.audit",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "consell.middleware.NoStoreMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "consell.game.middleware.RefuseNulMiddleware",
    "consell.middleware.DatabaseUnavailableMiddleware",
]

ROOT_URLCONF = "consell.urls"
ASGI_APPLICATION = "consell.asgi.application"
WSGI_APPLICATION = "consell.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# SQLite by default. Write transactions start IMMEDIATE and the journal is WAL, so two phones
# handing in at once queue for the lock instead of failing with "database is locked".
DATABASES: dict[str, Any] = {
    "default": {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": SQLITE_PATH,
        "OPTIONS": {
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL;",
        },
    }
}
if os.environ.get("DATABASE_URL"):
    # Under ASGI each request runs on a thread of its own, so connections are not kept per
    # thread (CONN_MAX_AGE 0) but lent by psycopg's pool, as Django documents: each process
    # opens at most DB_POOL_SIZE connections, and a request that finds none free waits for
    # one (DB_POOL_TIMEOUT seconds) instead of opening more. The budget: processes x
    # DB_POOL_SIZE under the server's max_connections (docs/deployment.md).
    DATABASES["default"] = dj_database_url.parse(os.environ["DATABASE_URL"], conn_max_age=0)
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        from psycopg_pool import ConnectionPool

        DB_POOL_SIZE = env_int("DB_POOL_SIZE", 12)
        if DB_POOL_SIZE < 1:
            raise ImproperlyConfigured("DB_POOL_SIZE must be at least 1.")
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": 1,
            "max_size": DB_POOL_SIZE,
            "timeout": env_int("DB_POOL_TIMEOUT", 10),
            # A connection is checked as it is lent: after the database restarts, the pool's
            # broken connections are replaced instead of failing the next requests.
            "check": ConnectionPool.check_connection,
        }

if os.environ.get("REDIS_URL"):
    # channels-redis queues every socket of one daphne process in one Redis list, and its
    # default capacity (100) drops notices beyond that: 16 players handing in at once send
    # 16 x 18 notices, and pages stayed behind (docs/reliability.md). Notices are ~100 bytes.
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [os.environ["REDIS_URL"]], "capacity": 2000},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# Rendered page parts, kept by their audience, language, template and the digest of exactly
# what they are rendered from (consell/live/rendered.py): each process keeps its own, since a
# rendering is the same bytes wherever it is made. A 16-player table's change adds about 60.
# Django's local-memory cache, less memcached's key rules (consell/caches.py).
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "parts": {
        "BACKEND": "consell.caches.LocalCache",
        "LOCATION": "parts",
        "TIMEOUT": 3600,
        "OPTIONS": {"MAX_ENTRIES": env_int("PARTS_CACHE_ENTRIES", 4000)},
    },
    # What a view keeps of one version for the next while nothing it reads changed: each
    # player's own part of their view, by the digest of the state less what it never reads
    # (consell/projection/read_keys.py); each event's sentence; each chest's notes; and each
    # stored version's public board, for every request and relay that shows that version.
    "views": {
        "BACKEND": "consell.caches.LocalCache",
        "LOCATION": "views",
        "TIMEOUT": 3600,
        "OPTIONS": {"MAX_ENTRIES": env_int("VIEWS_CACHE_ENTRIES", 4000)},
    },
}

# E-mail: a remote seat is told when the game waits for it (consell/live/notify.py), through
# the SMTP server EMAIL_HOST names. Without one, e-mail is off (the phone says so and sends
# nothing), except with DEBUG on, where e-mails are printed on the console. Django 6.1's
# mailers (MAILERS) replace the EMAIL_* settings.
_email_host = os.environ.get("EMAIL_HOST", "").strip()  # lower case: not a setting of its own
EMAIL_ENABLED = bool(_email_host) or DEBUG
MAILERS: dict[str, Any] = {
    "default": {
        "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "OPTIONS": {
            "host": _email_host or "localhost",
            "port": env_int("EMAIL_PORT", 25),
            "username": os.environ.get("EMAIL_HOST_USER", ""),
            "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
            "use_tls": env_bool("EMAIL_USE_TLS", False),
            "use_ssl": env_bool("EMAIL_USE_SSL", False),
            "timeout": env_int("EMAIL_TIMEOUT", 10),
        },
    }
    if _email_host or not DEBUG
    else {"BACKEND": "django.core.mail.backends.console.EmailBackend"}
}
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "consell@localhost")
# Sending one takes its own task (Django's tasks framework); the immediate backend runs it at
# once, in the process that made the change: a failure is logged, never raised into it.
TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/games/"
LOGOUT_REDIRECT_URL = "home"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "ca"
LANGUAGES = [("ca", _("Catalan")), ("en", _("English")), ("es", _("Spanish"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Madrid")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
# Hashed, compressed files only in production: the manifest needs collectstatic to have run,
# which neither `./dev serve` nor the test suite does.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG or TESTING
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
# Without collectstatic, whitenoise serves straight from the source folders (pytest-django
# turns DEBUG off during tests, and the browser tests still need htmx and the CSS).
WHITENOISE_USE_FINDERS = DEBUG or TESTING
WHITENOISE_AUTOREFRESH = DEBUG or TESTING

# Behind a TLS-terminating proxy set SECURE_PROXY_SSL_HEADER=1 so Django trusts
# X-Forwarded-Proto. The HTTPS-only switches are on by default when the site is reached over
# HTTPS (see HTTPS above); on plain http they would lock every phone out of its session.
if env_bool("SECURE_PROXY_SSL_HEADER", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", HTTPS)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", HTTPS)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", HTTPS)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000 if HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", HTTPS)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", HTTPS)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy: scripts and styles come from our own static files only (no inline
# script, no inline style, no eval), so an injected <script> or onclick= never runs. htmx is
# told not to inject its indicator <style> and not to eval (templates/base.html). The live
# updates' websocket is same-origin ('self'; the PUBLIC_URL's ws:// or wss:// origin is named
# too, for browsers that do not match websockets to 'self').
_websocket = (
    [f"{'wss' if _public.scheme == 'https' else 'ws'}://{_public.netloc}"] if PUBLIC_URL else []
)
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF],
    "connect-src": [CSP.SELF, *_websocket],
    "font-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    # WeasyPrint (the audit PDF) logs every step of every page at INFO.
    "loggers": {"weasyprint.progress": {"level": "WARNING"}},
}
