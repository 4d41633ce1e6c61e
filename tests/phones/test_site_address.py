"""One site address, set once: `make run` serves, prints and writes into mails' links the address the settings
default to, so a link followed from a mail opens the origin the session is signed in on (localhost and
127.0.0.1 are two origins: a session does not carry over)."""
import os
import runpy
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LOCAL = "http://127.0.0.1:8000"


def run_plan(*assignments: str) -> dict[str, str]:
    """What `make run` would do (make -n), its demo-loading and serving lines by the command they run."""
    env = {name: value for name, value in os.environ.items() if name != "SITE_URL"}
    plan = subprocess.run(["make", "-n", "run", *assignments], cwd=ROOT, env=env, capture_output=True, text=True,
                          check=True).stdout.splitlines()
    return {step: next(line for line in plan if f"manage.py {step}" in line) for step in ("load_demo", "runserver")}


def test_the_settings_default_to_the_address_make_run_serves(monkeypatch):
    monkeypatch.delenv("SITE_URL", raising=False)
    monkeypatch.setenv("DEBUG", "1")
    assert runpy.run_path(str(ROOT / "gaininggrounds" / "settings.py"))["SITE_URL"] == LOCAL


def test_make_run_serves_prints_and_mails_one_address_set_once():
    plan = run_plan()
    assert f"SITE_URL={LOCAL} " in plan["load_demo"] and plan["load_demo"].endswith(f"--site {LOCAL}")
    assert f"SITE_URL={LOCAL} " in plan["runserver"] and plan["runserver"].endswith("runserver 127.0.0.1:8000")
    moved = run_plan("SITE_URL=http://localhost:8010/")
    assert moved["load_demo"].endswith("--site http://localhost:8010/")
    assert "SITE_URL=http://localhost:8010/ " in moved["runserver"]
    assert moved["runserver"].endswith("runserver localhost:8010")
