"""Que settings. Everything comes from the environment with development defaults.

No variables -> SQLite, in-memory channel layer, eager Celery.
DATABASE_URL -> that database (Postgres through psycopg 3).
REDIS_URL -> channels-redis layer and the Celery broker / result backend.
See docs/operations.md.
"""

from __future__ import annotations

import os
import sys
import warnings
from pathlib import Path

import dj_database_url

PLATFORM_DIR = Path(__file__).resolve().parent.parent
BASE_DIR = PLATFORM_DIR.parent

# platform/ is an import root, not a package; make sure it is importable however we are started.
for _path in (str(PLATFORM_DIR), str(BASE_DIR)):
    if _path not in sys.path:
        sys.path.insert(0, _path)


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value else default


DEBUG = env_bool("DEBUG", default="SECRET_KEY" not in os.environ)
SECRET_KEY = os.environ.get(
    "SECRET_KEY", "django-insecure-dev-only-que-key-do-not-use-in-production-0123456789"
)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "accounts",
    "wallet",
    "rooms",
    "props",
    "games",
    "ratings",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.UserLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

# --- Database -------------------------------------------------------------------------------
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        # Persistent connections: with 0 every websocket message and every clock pass opened a
        # new connection (on SQLite running the PRAGMAs below again), about half the CPU of an
        # action in docs/ws-load.md.
        conn_max_age=env_int("DB_CONN_MAX_AGE", 60),
        # Off by default: Channels ends every database call of a socket as a request, so the
        # check ran a `SELECT 1` round trip before each websocket message on PostgreSQL (5.7 %
        # of a web process's CPU). Without it a connection the server dropped fails the one
        # call that finds it (that socket closes with 1011 and reconnects) and Django replaces
        # it at the next one (its `errors_occurred` check).
        conn_health_checks=env_bool("DB_CONN_HEALTH_CHECKS", False),
    )
}
# SQLite (the default) while tables play, which write several times a second: WAL lets readers
# go on beside the one writer; every transaction takes the write lock when it begins (BEGIN
# IMMEDIATE), so one that reads and then writes (an admin save) queues for the lock instead of
# failing at once with "database is locked" (SQLite does not wait to turn a reader into a writer
# while another connection writes); and a writer waits up to SQLITE_TIMEOUT seconds for it.
# synchronous=NORMAL, the setting SQLite recommends with WAL: a commit survives a killed process
# (only a power cut can lose the last commits), and the disk is synced at checkpoints instead of
# on every commit (a one-row insert and commit: 1.6 ms of CPU with FULL, 0.6 ms with NORMAL).
SQLITE_OPTIONS = {
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
    "transaction_mode": "IMMEDIATE",
    "timeout": env_int("SQLITE_TIMEOUT", 20),
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {**SQLITE_OPTIONS, **DATABASES["default"].get("OPTIONS", {})}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: channel layer + Celery ----------------------------------------------------------
REDIS_URL = os.environ.get("REDIS_URL", "")
# Every key this site writes to Redis (channel layer, Celery queue and broker keys, cache) starts
# with REDIS_PREFIX, by default the database's name: two sites, or a test run (tests/conftest.py
# uses "test_<name>-<pid>") and a developer's server, sharing one Redis never see each other's
# messages or tasks.
REDIS_PREFIX = os.environ.get("REDIS_PREFIX") or (
    "que-" + Path(str(DATABASES["default"].get("NAME") or "que")).stem
)
# The Redis channel layer: channels-redis' pub/sub layer by default ("pubsub"): a group_send is
# one PUBLISH and each process holds one subscriber connection, where the list-based "core" layer
# runs a Lua script per member and a blocking pop loop per socket (on PostgreSQL + Redis that layer
# was about 40 % of a web process's CPU per action). Both deliver at most once, which the table
# protocol expects (docs/protocol.md: seq, gaps, sync).
CHANNEL_LAYER = os.environ.get("CHANNEL_LAYER", "pubsub")
if REDIS_URL and CHANNEL_LAYER == "pubsub":
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [REDIS_URL], "prefix": REDIS_PREFIX},
        }
    }
elif REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            # redis-py 8 reads with a 5 s socket timeout, exactly channels-redis' 5 s BZPOPMIN
            # block: an idle socket's receive loop then dies of "Timeout reading" under load.
            "CONFIG": {
                "hosts": [{"address": REDIS_URL, "socket_timeout": 30}],
                "prefix": REDIS_PREFIX,
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or "cache+memory://"
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", default=not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_DEFAULT_QUEUE = REDIS_PREFIX
CELERY_BROKER_TRANSPORT_OPTIONS = {"global_keyprefix": f"{REDIS_PREFIX}:"}
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {"global_keyprefix": f"{REDIS_PREFIX}:"}

# --- Cache (login throttling) ---------------------------------------------------------------
# Locmem is per process; with several processes give a shared cache via REDIS_URL.
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", REDIS_PREFIX),
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# --- Auth -----------------------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Failed-login throttling: this many failures per (username, IP) within the window -> refused.
LOGIN_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5)
LOGIN_FAILURE_WINDOW_SECONDS = env_int("LOGIN_FAILURE_WINDOW_SECONDS", 15 * 60)

# --- Wallet ---------------------------------------------------------------------------------
WALLET_SIGNUP_GRANT = env_int("WALLET_SIGNUP_GRANT", 10000)

# --- Ratings (docs/ratings.md) --------------------------------------------------------------
# Escapes inside the window -> cool-down seconds before sitting again, counted from the last one.
RATINGS_ESCAPE_WINDOW_SECONDS = env_int("RATINGS_ESCAPE_WINDOW_SECONDS", 24 * 3600)
RATINGS_ESCAPE_COOLDOWNS = [(2, 10 * 60), (3, 60 * 60), (5, 24 * 3600)]
# Hands in a season before a player appears on its leaderboard.
RATINGS_LEADERBOARD_MIN_HANDS = env_int("RATINGS_LEADERBOARD_MIN_HANDS", 10)

# --- i18n -----------------------------------------------------------------------------------
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("zh-hans", "简体中文")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# --- Static ---------------------------------------------------------------------------------
STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Without collectstatic (development, tests) WhiteNoise serves straight from the finders.
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG
warnings.filterwarnings("ignore", message="No directory at", module="whitenoise.base")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# --- REST API -------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # Token first so that an anonymous API call answers 401 with WWW-Authenticate; tokens
        # may expire and be revoked (accounts/authentication.py).
        "accounts.authentication.ExpiringTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    # Every error response documented (config/schema.py).
    "DEFAULT_SCHEMA_CLASS": "config.schema.ApiAutoSchema",
    "EXCEPTION_HANDLER": "config.api.exception_handler",
    "DEFAULT_PAGINATION_CLASS": "config.api.StrictPageNumberPagination",
    # JSON only: DRF's JSON parser, but hostile nesting is a 400 (config/parsers.py).
    "DEFAULT_PARSER_CLASSES": ["config.parsers.JSONParser"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # Per user when authenticated, per address when not (config/throttles.py).
    "DEFAULT_THROTTLE_CLASSES": ["config.throttles.UserThrottle"],
    "PAGE_SIZE": 50,
}
API_USER_RATE = os.environ.get("API_USER_RATE", "600/min")
API_ANON_RATE = os.environ.get("API_ANON_RATE", "120/min")
SPECTACULAR_SETTINGS = {
    "TITLE": "Que (雀) API",
    "DESCRIPTION": "Online Chinese mahjong: accounts, wallet, rooms, ratings and the hand "
    "calculator. How to use it from a generated client: docs/api.md.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI assets come from drf-spectacular-sidecar: works without network.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # Tags and operation ids from the path after /api/v1 (wallet_entries_list, not v1_...).
    "SCHEMA_PATH_PREFIX": r"/api/v1",
    # One name for the five variants wherever a serializer offers them (rooms, ratings).
    "ENUM_NAME_OVERRIDES": {"VariantEnum": "rooms.models.Variant"},
    # ... and parameters with those values refer to it too (config/schema.py).
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "config.schema.postprocess_parameter_enums",
    ],
}

# --- Security (production) ------------------------------------------------------------------
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
if not DEBUG:
    SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", True)
    CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", True)
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 60 * 60 * 24 * 365)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
    SECURE_CONTENT_TYPE_NOSNIFF = True
    X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}

# --- Live tables (docs/protocol.md, docs/operations.md) -------------------------------------
# The one clock of the tables: "embedded" runs it in a thread of the ASGI process (the
# single-process default, `make run`); "off" means a separate `manage.py run_tables` process
# drives it (Procfile `clock`, the default with REDIS_URL).
TABLE_CLOCK = os.environ.get("TABLE_CLOCK", "off" if REDIS_URL else "embedded")
TABLE_CLOCK_INTERVAL = float(os.environ.get("TABLE_CLOCK_INTERVAL", "0.25"))
TABLE_TURN_SECONDS = env_int("TABLE_TURN_SECONDS", 20)
# Every claim window lasts at least this long, whether or not anybody may claim.
TABLE_CLAIM_WINDOW_SECONDS = float(os.environ.get("TABLE_CLAIM_WINDOW_SECONDS", "1.5"))
# The bots' human-like pause before each move (0: at once).
TABLE_BOT_DELAY_MS = env_int("TABLE_BOT_DELAY_MS", 700)
TABLE_SOCKETS_PER_USER = env_int("TABLE_SOCKETS_PER_USER", 4)
# A server process whose heartbeat is older than this is dead: its sockets end.
TABLE_PRESENCE_TTL_SECONDS = float(os.environ.get("TABLE_PRESENCE_TTL_SECONDS", "20"))
