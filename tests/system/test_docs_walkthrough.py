"""docs/api.md's curl walk-through works when pasted as it is: run by bash and curl against a live
server holding the demo's organizer account."""
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from notifications.models import PushSubscription
from notifications.push import vapid_pair
from tournaments.models import Game

DOC = Path(__file__).resolve().parents[2] / "docs" / "api.md"


@pytest.mark.skipif(shutil.which("curl") is None, reason="curl is not installed")
def test_the_api_walkthrough_runs_as_written(live_server, transactional_db, settings, eager_celery):
    get_user_model().objects.create_user("organizer", password="demo-organizer")
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = vapid_pair()  # as `make run` makes them
    blocks = re.findall(r"```sh\n(.*?)```", DOC.read_text(), re.S)
    script = "set -euo pipefail\n" + "\n".join(blocks).replace("http://127.0.0.1:8000", live_server.url)
    out = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert '"status":"confirmed"' in out.stdout and '"name":"Ann"' in out.stdout
    assert '"kind":"place"' in out.stdout and '"team":' in out.stdout, "the captain's choice and the team standings"
    result = Game.objects.get(round__event__name="Club Night").result
    assert (result.vp_a, result.vp_b) == (7, 3)  # the organizer's result decided last
    night = Game.objects.get(round__event__name="Phone Night")
    assert '"objected":true' in out.stdout and night.result.turns == 3, "the phones' tracked game, confirmed"
    assert sorted((night.result.vp_a, night.result.vp_b)) == [1, 2] and not PushSubscription.objects.exists()
