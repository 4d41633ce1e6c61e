"""Settings read from the environment, with embedded defaults for a laptop.

DATABASE_URL picks the database (PostgreSQL through psycopg 3 in production),
else an SQLite file under var/. REDIS_URL sets the cache and the Celery broker,
else the local-memory cache and eager Celery.
"""
import json
import os
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    return default if value is None else value.strip().lower() in ("1", "true", "yes", "on")


# Off unless asked for: `make run` and `make test` set DEBUG=1 for local use.
DEBUG = env_flag("DEBUG", False)
DEVELOPMENT_SECRET_KEY = "dev-only-gaininggrounds-secret-key-change-me-in-production"


def secret_key(value: str | None, debug: bool) -> str:
    """The signing key. In development a fixed one will do; otherwise refuse to start on a missing,
    short or published key (Django's own deployment check would only warn, and only when asked)."""
    if debug:
        return value or DEVELOPMENT_SECRET_KEY
    if not value or value == DEVELOPMENT_SECRET_KEY or len(value) < 50 or len(set(value)) < 5:
        from django.core.exceptions import ImproperlyConfigured

        raise ImproperlyConfigured(
            "SECRET_KEY must be set to a long random value when DEBUG is off (at least 50 characters), "
            "for instance the output of: python3 -c 'import secrets; print(secrets.token_urlsafe(50))'. "
            "For local use only, set DEBUG=1 instead.")
    return value


SECRET_KEY = secret_key(os.environ.get("SECRET_KEY"), DEBUG)
ALLOWED_HOSTS = [h for h in os.environ.get("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver").split(",") if h]

if not DEBUG:
    # Outside development: cookies only over HTTPS, HSTS, and HTTPS behind a proxy that says so.
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env_flag("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(60 * 60 * 24 * 30)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_flag("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_flag("SECURE_HSTS_PRELOAD", False)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    # What the host's own tools ask gunicorn for directly, over plain HTTP: no redirect to HTTPS.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$", r"^metrics$"]
SESSION_COOKIE_HTTPONLY = True

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "drf_standardized_errors",
    "django_countries",
    "tournaments",
    "people",
    "audit",
    "jobs",
    "notifications",
    "signups",
    "tracker",
    "teams",
    "judges",
    "seasons",
]

MIDDLEWARE = [
    # Outermost: times, counts and logs every answer, cached ones too (gaininggrounds/metrics.py).
    "gaininggrounds.metrics.RequestObserver",
    "django.middleware.security.SecurityMiddleware",
    # Before the page cache, so copies served from it carry the policy too.
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Anonymous public reads come from the cache before sessions, language, CSRF and users are looked
    # at (a visitor without a session cookie is anonymous): a cached page costs one cache round trip.
    "gaininggrounds.http_cache.PublicPageCache",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

# Diagnostics for the load benchmark, off in production: each answer says its query count (X-DB-Queries).
QUERY_COUNT_HEADER = env_flag("GG_QUERY_COUNT", False)

ROOT_URLCONF = "gaininggrounds.urls"
WSGI_APPLICATION = "gaininggrounds.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'var' / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        # A connection kept across requests is checked first, so the service recovers by itself
        # after the database restarts.
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Wait for a concurrent writer instead of failing at once with "database is locked"; IMMEDIATE
    # takes the write lock when a transaction begins, so a reader never fails upgrading to a writer.
    DATABASES["default"].setdefault("OPTIONS", {}).update(timeout=20, transaction_mode="IMMEDIATE")
    DATABASES["default"]["CONN_MAX_AGE"] = 0
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {"default": {"BACKEND": "gaininggrounds.redis_cache.ReusedClientRedisCache", "LOCATION": REDIS_URL}}
    CELERY_BROKER_URL = REDIS_URL
    CELERY_TASK_ALWAYS_EAGER = False
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    CELERY_BROKER_URL = "memory://"
    CELERY_TASK_ALWAYS_EAGER = True
    CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
# A task whose worker died unacknowledged is handed out again after this many seconds; keep it above
# the longest task's time limit (pairing jobs: 900 s).
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "3600")),
    # How often a worker sweeps for such tasks (kombu's default: about every 100 s).
    "unacked_restore_interval": int(os.environ.get("CELERY_RESTORE_INTERVAL", "10")),
    "unacked_restore_throttle": int(os.environ.get("CELERY_RESTORE_THROTTLE", "10")),
}
CELERY_TASK_REJECT_ON_WORKER_LOST = True
# Celery beat: every NOTIFICATION_RETRY_SECONDS, mail left pending (the broker was down when it was
# written) is queued again.
NOTIFICATION_RETRY_SECONDS = float(os.environ.get("NOTIFICATION_RETRY_SECONDS", "60"))
CELERY_BEAT_SCHEDULE = {
    "requeue-pending-notifications": {"task": "notifications.tasks.requeue_pending_notifications",
                                      "schedule": NOTIFICATION_RETRY_SECONDS},
    "clear-old-exports": {"task": "jobs.tasks.clear_old_exports", "schedule": 3600},
    "fail-lost-jobs": {"task": "jobs.tasks.fail_lost_jobs", "schedule": 300},
    "refresh-due-ratings": {"task": "people.tasks.refresh_all_due_ratings", "schedule": 300},
    "sign-up-reminders": {"task": "signups.tasks.send_reminders", "schedule": 3600},
    "pages-by-the-clock": {"task": "signups.tasks.move_pages_by_the_clock", "schedule": 300},
}
# How far back each of those runs looks for a deadline passed or a day ended (a little more than its period,
# so a late run misses nothing; a page moved on twice costs one render).
CLOCK_PAGES_SECONDS = 360
# A field at least this strong is paired by a Celery job (202 and a job URL) rather than in the request.
PAIRING_JOB_THRESHOLD = int(os.environ.get("PAIRING_JOB_THRESHOLD", "2000"))
# How long after a change a public page may still be served as it was, while one request renders the
# new version (single flight); 0 makes every request that misses render for itself.
# Ratings and statistics are refreshed by a worker this long after the first change waiting for them
# (people.rating_store.enqueue): one refresh for every result of those seconds, across all events.
RATINGS_REFRESH_SECONDS = float(os.environ.get("RATINGS_REFRESH_SECONDS", "10"))
PAGE_CACHE_GRACE_SECONDS = float(os.environ.get("PAGE_CACHE_GRACE_SECONDS", "1"))
# Events with this many players or more get their exports prepared by a job, with a download link.
EXPORT_JOB_THRESHOLD = int(os.environ.get("EXPORT_JOB_THRESHOLD", "200"))
# How long a prepared export file waits for its download before Celery beat deletes it (hourly).
EXPORT_KEEP_HOURS = float(os.environ.get("EXPORT_KEEP_HOURS", "24"))
CELERY_TASK_TIME_LIMIT = 600
# A job (a large pairing or export) gets this many seconds of a worker; one still "running" a minute
# after that, or still waiting for a worker after JOB_WAIT_LIMIT seconds, is ended as failed with why.
JOB_TIME_LIMIT = int(os.environ.get("JOB_TIME_LIMIT", "900"))
JOB_WAIT_LIMIT = int(os.environ.get("JOB_WAIT_LIMIT", "1800"))
# With no broker each job is a process on the web machine: at most this many wait or run at once.
JOBS_WITHOUT_WORKER = int(os.environ.get("JOBS_WITHOUT_WORKER", "2"))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "accounts:my-events"
LOGOUT_REDIRECT_URL = "signups:home"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("fr", "Français")]
FORMAT_MODULE_PATH = ["gaininggrounds.formats"]  # English dates day first (formats/en/formats.py)
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "var" / "static"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Whitenoise serves static files; in development and tests it reads them where they are.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

# Rate limits (tournaments.access, for the API and the pages alike): reporting per player and per client
# address, and failed key lookups per address. A venue's wifi puts many phones behind one address, hence
# the wide per-address rate.
RATE_LIMITS = {
    "report_player": os.environ.get("THROTTLE_REPORT_PLAYER", "20/minute"),
    "report_address": os.environ.get("THROTTLE_REPORT_ADDRESS", "300/minute"),
    "bad_key": os.environ.get("THROTTLE_BAD_KEY", "20/minute"),
    # Failed password sign-ins (API token, console, admin): per account and per client address, and a
    # burst limit per address, so a flood costs a few slow password hashes a minute, not thirty at once
    # (benchmarks/load/signin_flood.py).
    "signin_account": os.environ.get("THROTTLE_SIGNIN_ACCOUNT", "10/hour"),
    "signin_address": os.environ.get("THROTTLE_SIGNIN_ADDRESS", "30/hour"),
    "signin_burst": os.environ.get("THROTTLE_SIGNIN_BURST", "5/minute"),
    # What costs a mail or an account on every try: password resets per client address and per email
    # asked for, accounts created per client address.
    "reset_address": os.environ.get("THROTTLE_RESET_ADDRESS", "10/hour"),
    "reset_account": os.environ.get("THROTTLE_RESET_ACCOUNT", "3/hour"),
    "signup_address": os.environ.get("THROTTLE_SIGNUP_ADDRESS", "10/hour"),
    # Signing up for an event without an account mails a confirmation link: per client address (wide: a
    # club signs up together from one wifi) and per email asked for.
    "entry_address": os.environ.get("THROTTLE_ENTRY_ADDRESS", "30/hour"),
    "entry_email": os.environ.get("THROTTLE_ENTRY_EMAIL", "5/hour"),
    # Season packs started or imported per account: each is a new pack of up to 256 KB kept for good.
    "pack_account": os.environ.get("THROTTLE_PACK_ACCOUNT", "60/hour"),
}
# Client addresses come from REMOTE_ADDR unless this many proxies (nginx) stand in front.
TRUSTED_PROXIES = int(os.environ.get("TRUSTED_PROXIES", "0"))
# Who may read /metrics (Prometheus on this host by default); never a request that came through the proxy.
METRICS_ALLOWED_ADDRESSES = [a.strip() for a in os.environ.get("METRICS_ALLOWED_ADDRESSES", "127.0.0.1,::1").split(",")
                             if a.strip()]

# Content-Security-Policy (django-csp): our own origin only; the pages load nothing from elsewhere and
# carry no inline script or style (htmx's injected indicator style is switched off in base.html). The
# API documentation pages add what their vendored viewers need (gaininggrounds/urls.py).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "font-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

REST_FRAMEWORK = {
    # Token first, so an anonymous write answers 401 with a WWW-Authenticate header, not 403.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "tournaments.api.auth.PlayerKeyAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PARSER_CLASSES": [
        "gaininggrounds.api.parsers.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "drf_standardized_errors.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "drf_standardized_errors.handler.exception_handler",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
}
DRF_STANDARDIZED_ERRORS = {
    "EXCEPTION_HANDLER_CLASS": "gaininggrounds.api.errors.DomainExceptionHandler",
    # Even with DEBUG on, an API client gets a JSON body, never Django's HTML error page.
    "ENABLE_IN_DEBUG_FOR_UNHANDLED_EXCEPTIONS": True,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Gaining Grounds API",
    "DESCRIPTION": "Run Malifaux tournaments: events, players, Swiss rounds, results and standings.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",  # its script served by gaininggrounds/api_docs.py, without the logo from Redocly's CDN
    "ENUM_NAME_OVERRIDES": {
        "GameStatusEnum": "tournaments.models.GAME_STATUSES",
        "TeamStatusEnum": "teams.models.TEAM_STATUSES",  # a team, and a team with the member just added
        "JudgeCallKindEnum": "judges.models.KINDS",  # a call, and a call asked for
        "ReportedOutcomeEnum": "scoring.report.REPORTED_OUTCOMES",
        "EnteredOutcomeEnum": "scoring.report.ENTERED_OUTCOMES",
        "SideEnum": "scoring.report.SIDES",
        "EventMissionsEnum": "scoring.missions.MISSION_SETTINGS",  # an event's setting, a team event's too (one name)
        "ValidationErrorEnum": "drf_standardized_errors.openapi_serializers.ValidationErrorEnum.choices",
        "ClientErrorEnum": "drf_standardized_errors.openapi_serializers.ClientErrorEnum.choices",
        "ServerErrorEnum": "drf_standardized_errors.openapi_serializers.ServerErrorEnum.choices",
        "ErrorCode401Enum": "drf_standardized_errors.openapi_serializers.ErrorCode401Enum.choices",
        "ErrorCode403Enum": "drf_standardized_errors.openapi_serializers.ErrorCode403Enum.choices",
        "ErrorCode404Enum": "drf_standardized_errors.openapi_serializers.ErrorCode404Enum.choices",
        "ErrorCode405Enum": "drf_standardized_errors.openapi_serializers.ErrorCode405Enum.choices",
        "ErrorCode406Enum": "drf_standardized_errors.openapi_serializers.ErrorCode406Enum.choices",
        "ErrorCode415Enum": "drf_standardized_errors.openapi_serializers.ErrorCode415Enum.choices",
        "ErrorCode429Enum": "drf_standardized_errors.openapi_serializers.ErrorCode429Enum.choices",
        "ErrorCode500Enum": "drf_standardized_errors.openapi_serializers.ErrorCode500Enum.choices",
    },
    "POSTPROCESSING_HOOKS": ["drf_standardized_errors.openapi_hooks.postprocess_schema_enums"],
}

# Production logs one JSON object per line (LOG_FORMAT=json, the default with DEBUG off), one line per
# request (LOG_REQUESTS=0 to stop those), each with its request id; secrets are masked (gaininggrounds/logs.py).
LOG_FORMAT = os.environ.get("LOG_FORMAT", "text" if DEBUG else "json")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "gaininggrounds.logs.RequestId"}, "redact": {"()": "gaininggrounds.logs.Redact"}},
    "formatters": {
        "json": {"()": "gaininggrounds.logs.JsonLines",
                 "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s %(request_id)s",
                 "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"}},
        "text": {"format": "%(levelname)s %(name)s %(message)s"},
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": LOG_FORMAT,
                             "filters": ["request_id", "redact"]}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    "loggers": {"gaininggrounds.requests": {
        "level": "INFO" if env_flag("LOG_REQUESTS", not DEBUG) else "WARNING"}},
}
# Celery workers log through the same configuration rather than their own.
CELERY_WORKER_HIJACK_ROOT_LOGGER = False

# Mail (password resets; round notifications later): printed to the console unless EMAIL_HOST is set.
if os.environ.get("EMAIL_HOST"):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = os.environ["EMAIL_HOST"]
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_flag("EMAIL_USE_TLS", True)
    EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "30"))
elif os.environ.get("EMAIL_FILE_PATH"):
    EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"  # one file per message
    EMAIL_FILE_PATH = os.environ["EMAIL_FILE_PATH"]
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "gaininggrounds@localhost")
# The site's address as people reach it, set once: every link read away from a request (mails, calendar
# files, Discord posts) starts with it; links in a page or an API answer (QR slips, the API's `link`) are
# built from the request, the same address behind the proxy. By default `make run`'s own address, so a
# link followed from a mail finds the session signed in there (localhost and 127.0.0.1 are two origins).
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000")
# How long a sign-up's confirmation link works; and the time zone a new event's times are announced in.
SIGNUP_CONFIRM_HOURS = int(os.environ.get("SIGNUP_CONFIRM_HOURS", "48"))
EVENT_TIME_ZONE = os.environ.get("EVENT_TIME_ZONE", "Europe/London")


def vapid_keys(path: Path) -> dict:
    """The VAPID key pair `manage.py vapid_keys` wrote (out of git, under var/ by default), if any."""
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return {}


# Web Push (notifications.push): the VAPID key pair from the environment, else from VAPID_KEY_FILE. With
# neither, push notifications are simply not offered. VAPID_SUBJECT tells the push services who sends.
VAPID_KEY_FILE = Path(os.environ.get("VAPID_KEY_FILE", BASE_DIR / "var" / "vapid.json"))
_vapid = vapid_keys(VAPID_KEY_FILE)
VAPID_PUBLIC_KEY = os.environ.get("VAPID_PUBLIC_KEY", _vapid.get("public_key", ""))
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", _vapid.get("private_key", ""))
VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT", f"mailto:{DEFAULT_FROM_EMAIL}")
# Outward requests (push, Discord) go only to https on the services' public hosts (gaininggrounds/outward.py),
# unless this is set: only the tests set it, for their local stand-ins on 127.0.0.1 (never from the environment).
OUTWARD_LOCAL = False
# Where Discord webhooks are posted (the tests point it at a local receiver; the stored address keeps
# Discord's own origin, which is what an organizer pastes and what is checked).
DISCORD_API_ORIGIN = os.environ.get("DISCORD_API_ORIGIN", "https://discord.com")

# Error reports to a Sentry-compatible service, off unless SENTRY_DSN is set (gaininggrounds/error_reports.py).
if os.environ.get("SENTRY_DSN"):
    from gaininggrounds.error_reports import start as start_error_reports

    start_error_reports(os.environ["SENTRY_DSN"], environment=os.environ.get("SENTRY_ENVIRONMENT", "production"))
