"""deploy/: the systemd units pass `systemd-analyze verify` (pointed at this checkout instead of
/srv/gaininggrounds), and docs/deploying.md's backup and restore drill run word for word on
PostgreSQL against deploy/backup.sh's dump."""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

from tests.processes import ROOT

DEPLOY = ROOT / "deploy"
DOC = ROOT / "docs" / "deploying.md"


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_the_systemd_units_verify(tmp_path):
    units = sorted((DEPLOY / "systemd").iterdir())
    assert {u.name for u in units} >= {"gaininggrounds-web.service", "gaininggrounds-public.service",
                                       "gaininggrounds-worker.service",
                                       "gaininggrounds-beat.service", "gaininggrounds-release.service",
                                       "gaininggrounds-backup.service", "gaininggrounds-backup.timer"}
    for unit in units:
        (tmp_path / unit.name).write_text(unit.read_text().replace("/srv/gaininggrounds", str(ROOT)))
    verified = subprocess.run(["systemd-analyze", "verify", *map(str, sorted(tmp_path.iterdir()))],
                              capture_output=True, text=True)
    assert verified.returncode == 0 and not verified.stderr.strip(), verified.stderr
    web = (DEPLOY / "systemd" / "gaininggrounds-web.service").read_text()
    # Migrations before the new web processes start.
    assert "Requires=gaininggrounds-release.service" in web and "After=gaininggrounds-release.service" in web
    assert "manage.py migrate" in (DEPLOY / "systemd" / "gaininggrounds-release.service").read_text()
    # The public pool starts with the web service, and stops and restarts with it (a release's restart).
    public = (DEPLOY / "systemd" / "gaininggrounds-public.service").read_text()
    assert "Wants=gaininggrounds-public.service" in web and "PartOf=gaininggrounds-web.service" in public
    assert "Environment=GUNICORN_POOL=public" in public and "Requires=gaininggrounds-release.service" in public


def pg_env() -> dict:
    settings = connection.settings_dict
    return {**os.environ, "PGHOST": settings["HOST"] or "127.0.0.1", "PGPORT": str(settings["PORT"] or 5432),
            "PGUSER": settings["USER"], "PGDATABASE": settings["NAME"]}


@pytest.mark.django_db(transaction=True)
def test_the_nightly_backup_and_the_restore_drill_run_as_written(tmp_path, api):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (the CI's second run sets DATABASE_URL)")
    from tests.factories import new_event

    event, _ = new_event(api, players=4)
    assert api.post(f"/api/events/{event['id']}/rounds/", {"seed": 1})[0] == 201
    env = {**pg_env(), "BACKUP_DIR": str(tmp_path), "KEEP_DAYS": "14"}
    dump = subprocess.run([str(DEPLOY / "backup.sh")], env=env, capture_output=True, text=True, check=True)
    assert Path(dump.stdout.strip()).exists() and not list(tmp_path.glob("*.partial"))
    assert Path(dump.stdout.strip()).stat().st_mode & 0o077 == 0  # the account's alone
    drill = re.search(r"<!-- restore drill -->\n```sh\n(.*?)```", DOC.read_text(), re.S).group(1)
    drill = drill.replace("/var/backups/gaininggrounds/gaininggrounds-", f"{tmp_path}/{env['PGDATABASE']}-")
    drill = drill.replace("sudo -u postgres ", "")  # the test's PG* variables name PostgreSQL's account
    subprocess.run(["dropdb", "--if-exists", "gg_restore_drill"], env=env, check=True)
    ran = subprocess.run(["bash", "-c", "set -euo pipefail\n" + drill], env=env, capture_output=True, text=True,
                         timeout=120)
    assert ran.returncode == 0, ran.stderr
    events, games, last_migration = ran.stdout.split("\n")[:3]
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM tournaments_event")
        assert int(events) == cursor.fetchone()[0] == 1
        cursor.execute("SELECT count(*) FROM tournaments_game")
        assert int(games) == cursor.fetchone()[0] > 0
    assert last_migration


def gunicorn_settings(**env) -> dict:
    shown = subprocess.run([sys.executable, "-m", "gunicorn", "-c", str(DEPLOY / "gunicorn.conf.py"),
                            "--print-config", "gaininggrounds.wsgi"], cwd=ROOT, env={**os.environ, "DEBUG": "1", **env},
                           capture_output=True, text=True, check=True).stdout
    settings = dict(line.split("=", 1) for line in shown.splitlines() if "=" in line)
    return {k.strip(): v.strip() for k, v in settings.items() if k.strip() in (
        "workers", "preload_app", "timeout", "graceful_timeout", "bind")}


def test_production_and_the_load_benchmarks_run_gunicorn_with_one_configuration():
    """What `make load` measures is what the service runs: one settings file, read by both, for both pools."""
    for unit in ("gaininggrounds-web.service", "gaininggrounds-public.service"):
        text = (DEPLOY / "systemd" / unit).read_text()
        assert "gunicorn -c /srv/gaininggrounds/deploy/gunicorn.conf.py gaininggrounds.wsgi" in text
    assert '"deploy" / "gunicorn.conf.py"' in (ROOT / "benchmarks" / "load" / "stack.py").read_text()
    same = {"preload_app": "True", "timeout": "30", "graceful_timeout": "30"}
    assert gunicorn_settings(GUNICORN_WORKERS="3", GUNICORN_BIND="127.0.0.1:9", GUNICORN_PUBLIC_WORKERS="5") == {
        **same, "workers": "3", "bind": "['127.0.0.1:9']"}
    assert gunicorn_settings(GUNICORN_POOL="public", GUNICORN_WORKERS="3", GUNICORN_PUBLIC_WORKERS="5") == {
        **same, "workers": "5", "bind": "['127.0.0.1:8001']"}
    wrong = subprocess.run([sys.executable, "-m", "gunicorn", "-c", str(DEPLOY / "gunicorn.conf.py"), "--print-config",
                            "gaininggrounds.wsgi"], cwd=ROOT, env={**os.environ, "GUNICORN_POOL": "everyone"},
                           capture_output=True, text=True)
    assert wrong.returncode != 0 and "GUNICORN_POOL='everyone'" in wrong.stdout + wrong.stderr


def test_the_loaded_application_is_frozen_out_of_the_workers_garbage_collections():
    """A worker's full collection walks only what it made itself (deploy/gunicorn.conf.py's pre_fork):
    the loaded code's objects are in the permanent generation when the master forks."""
    import gc
    import runpy

    hooks = runpy.run_path(str(DEPLOY / "gunicorn.conf.py"))
    gc.unfreeze()
    try:
        hooks["pre_fork"](None, None)
        assert gc.get_freeze_count() > 10_000
    finally:
        gc.unfreeze()
