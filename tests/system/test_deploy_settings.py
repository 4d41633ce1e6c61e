"""Production settings pass Django's deployment checklist; DEBUG is off unless asked for, and with it off
the app refuses to start on a missing, short or published SECRET_KEY."""
import os
import secrets
import subprocess
import sys

import pytest

from gaininggrounds.settings import DEVELOPMENT_SECRET_KEY

# The browser tests set DJANGO_ALLOW_ASYNC_UNSAFE; make test sets DEBUG=1.
BARE = {k: v for k, v in os.environ.items() if k not in ("DJANGO_ALLOW_ASYNC_UNSAFE", "DEBUG", "SECRET_KEY")}


def manage(*args, **env):
    return subprocess.run([sys.executable, "manage.py", *args], capture_output=True, text=True,
                          env={**BARE, **env}, timeout=120)


def test_check_deploy_is_clean_with_production_settings():
    out = manage("check", "--deploy", "--fail-level", "WARNING", DEBUG="0", SECRET_KEY=secrets.token_urlsafe(50),
                 ALLOWED_HOSTS="gg.example.org", SECURE_HSTS_PRELOAD="1")
    assert out.returncode == 0, out.stdout + out.stderr


def test_debug_is_off_unless_asked_for():
    shown = "from django.conf import settings; print('DEBUG', settings.DEBUG)"
    out = manage("shell", "-c", shown, SECRET_KEY=secrets.token_urlsafe(50))
    assert out.returncode == 0 and "DEBUG False" in out.stdout, out.stderr
    assert "DEBUG True" in manage("shell", "-c", shown, DEBUG="1").stdout


@pytest.mark.parametrize("key", [None, "", DEVELOPMENT_SECRET_KEY, "too-short-1234567890", "a" * 60])
def test_without_debug_an_unsafe_secret_key_stops_the_app_with_what_to_set(key):
    env = {"DEBUG": "0"} if key is None else {"DEBUG": "0", "SECRET_KEY": key}
    out = manage("check", **env)
    assert out.returncode != 0
    assert "SECRET_KEY must be set to a long random value" in out.stderr and "secrets.token_urlsafe" in out.stderr


def test_a_mistyped_rate_limit_stops_the_start_and_names_it():
    out = manage("check", DEBUG="1", THROTTLE_SIGNIN_ACCOUNT="10/fortnight")
    assert out.returncode != 0 and "RATE_LIMITS['signin_account']" in out.stderr and "per second, minute" in out.stderr


HOST_TOOLS = """
from django.test import Client
client = Client(HTTP_HOST="127.0.0.1")
for path in ("/healthz", "/metrics", "/e/some-event/"):
    print(path, client.get(path).status_code)
"""


def test_the_hosts_own_tools_ask_gunicorn_over_plain_http_without_a_redirect(tmp_path):
    """Prometheus and the health checks talk to gunicorn on loopback, where there is no TLS: with the
    production settings they are answered there, while the site's pages still go to HTTPS."""
    out = manage("shell", "-c", HOST_TOOLS, DEBUG="0", SECRET_KEY=secrets.token_urlsafe(50),
                 ALLOWED_HOSTS="tournaments.example.org,127.0.0.1", DATABASE_URL=f"sqlite:///{tmp_path}/db.sqlite3")
    assert out.returncode == 0, out.stderr
    assert "/healthz 200" in out.stdout and "/metrics 200" in out.stdout and "/e/some-event/ 301" in out.stdout
