"""schemathesis, a real outside client, reads /api/schema/ from gunicorn on PostgreSQL and Redis and
sends every operation but DELETE generated and malformed requests as an organizer of a running event: no
answer may be a server error. Bounded (a few examples per operation, a fixed seed) so CI's second pass can
afford it; GG_FUZZ_EXAMPLES and GG_FUZZ_SEED widen or vary a run by hand."""
import os
import re
import secrets
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from people.series import series_create
from signups.services import entry_signup
from teams.models import Team
from tests.factories import event_made, make_user, round_paired
from tests.processes import gunicorn, postgres_url, stop
from tournaments.models import Game, Round

# Every operation works on this event, its round 1, a player and a game, so the fuzzing reaches the
# views' logic rather than stopping at a 404 for an id that does not exist.
CONFIG = """
[parameters]
"path.event_id" = {event}
"path.number" = 1
"path.player_id" = {player}
"path.id" = {game}
"path.slug" = "{series}"
"path.key" = "{signup_key}"
"path.signup_id" = {signup}
"path.team_id" = {team}
"""


@pytest.mark.django_db(transaction=True)
def test_schemathesis_finds_no_server_error(tmp_path):
    if connection.vendor != "postgresql" or "redis" not in settings.CACHES["default"]["BACKEND"].lower():
        pytest.skip("runs in CI's PostgreSQL and Redis pass")
    user, token = make_user("fuzzing-organizer")
    event = event_made(user, players=6)
    game = round_paired(event, user).games.exclude(player_b=None).first()
    series = series_create(by=user, name="Fuzzed", edition="M2E")
    signup = entry_signup(game.player_a)  # the player's own sign-up, as the private page makes it
    team = Team.objects.create(event=event, name="Fuzzed")
    (tmp_path / "schemathesis.toml").write_text(CONFIG.format(
        event=event.pk, player=game.player_a_id, game=game.pk, series=series.slug, signup_key=signup.key,
        signup=signup.pk, team=team.pk))
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_ALLOW_ASYNC_UNSAFE",)}
    env.update(DEBUG="0", SECRET_KEY=secrets.token_urlsafe(50), ALLOWED_HOSTS="127.0.0.1", SECURE_SSL_REDIRECT="0",
               DATABASE_URL=postgres_url(connection.settings_dict))
    web, url = gunicorn(env, workers=2)
    try:
        # The schema first, with time to build it (a busy machine takes more than schemathesis's 10 seconds to
        # write every operation's); the fuzzing then reads it from the file and calls the server.
        with urllib.request.urlopen(f"{url}/api/schema/?format=json", timeout=300) as answer:
            (tmp_path / "schema.json").write_bytes(answer.read())
        run = subprocess.run(
            [str(Path(sys.executable).parent / "st"), "run", "schema.json", "--url", url,
             "--header", f"Authorization: Token {token}", "--checks", "not_a_server_error",
             "--max-examples", os.environ.get("GG_FUZZ_EXAMPLES", "5"), "--seed", os.environ.get("GG_FUZZ_SEED", "1"),
             "--workers", "1", "--generation-database", "none", "--no-color",
             # Deleting round 1 early would leave every later operation on it a 404; tests cover DELETE.
             "--exclude-method", "DELETE"],
            cwd=tmp_path, capture_output=True, text=True, timeout=1200)
    finally:
        stop(web)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    # What the operations worked on was still there at the end: the fuzzing reached the views' logic.
    assert Round.objects.filter(event=event, number=1).exists() and Game.objects.filter(pk=game.pk).exists()
    counted = re.search(r"Selected: (\d+)/(\d+)\s+Tested: (\d+)", run.stdout)
    selected, _, tested = counted.groups() if counted else (0, 0, -1)
    assert selected == tested and int(tested) >= 30, run.stdout[-2000:]  # every operation but DELETE
