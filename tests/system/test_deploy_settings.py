"""Production settings pass Django's deployment checklist."""
import os
import secrets
import subprocess
import sys


def test_check_deploy_is_clean_with_production_settings():
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}  # set by the browser tests
    env = {**env, "DEBUG": "0", "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "gg.example.org",
           "SECURE_HSTS_PRELOAD": "1"}
    out = subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                         capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
