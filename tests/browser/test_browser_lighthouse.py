"""Lighthouse's PWA audits (Lighthouse 11, the last that has them: installable manifest, splash screen,
themed address bar, content sized to the viewport, viewport, maskable icon) pass on a player's private page
and on a public round page, in Debian's Chromium. Installed by `make test` (tests/browser/lighthouse)."""
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.browser.conftest import CHROMIUM

CLI = Path(__file__).parent / "lighthouse" / "node_modules" / "lighthouse" / "cli" / "index.js"


def pwa_audits(url: str, tmp_path) -> dict:
    report = tmp_path / "lighthouse.json"
    subprocess.run(
        [shutil.which("node") or "node", str(CLI), url, "--only-categories=pwa", "--output=json",
         f"--output-path={report}", "--quiet", "--chrome-flags=--headless --no-sandbox --disable-gpu"],
        check=True, timeout=180, env={**os.environ, "CHROME_PATH": CHROMIUM})
    found = json.loads(report.read_text())
    return {ref["id"]: found["audits"][ref["id"]] for ref in found["categories"]["pwa"]["auditRefs"]}


@pytest.mark.django_db(transaction=True)
def test_the_pages_players_install_pass_lighthouses_pwa_audits(live_server, round_two, tmp_path):
    if not CLI.exists():
        pytest.fail("Lighthouse is missing: `make test` installs it (npm ci in tests/browser/lighthouse)")
    for url in (f"{live_server.url}/p/{round_two.player_a.key}/", f"{live_server.url}/e/spring-open/rounds/2/"):
        audits = pwa_audits(url, tmp_path)
        automatic = {name: audit for name, audit in audits.items() if audit["scoreDisplayMode"] != "manual"}
        assert "installable-manifest" in automatic and len(automatic) >= 5
        failed = {name: audit.get("explanation") or audit["title"] for name, audit in automatic.items()
                  if audit["score"] != 1}
        assert not failed, (url, failed)
