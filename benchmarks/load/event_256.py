# Run by throughput.py inside `manage.py shell -c`: a 256-player GG2017 event, round 1 reported,
# round 2 paired; prints a JSON line: the event's slug, an organizer token, and for round 2 each
# table's game id with the private key of its first player (the scenario's reporters), and a
# signed-in session of the organizer's.
import json
import random

from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore
from rest_framework.authtoken.models import Token

from scoring.report import Report
from tournaments import services

FACTIONS = ["guild", "arcanists", "resurrectionists", "neverborn", "outcasts", "ten-thunders", "gremlins"]
rng = random.Random(256)
organizer = get_user_model().objects.create_user("load-organizer", password="load-" + "x" * 12)
event = services.event_create(user=organizer, name="Load 256", date="2017-05-06", format="gg2017", rounds=5)
for n in range(256):
    services.player_register(event=event, name=f"Player {n:03d}", faction=FACTIONS[n % 7], by=organizer)
first = services.round_generate(event=event, seed=1, by=organizer)
for game in first.games.exclude(player_b=None).select_related("round__event", "player_a", "player_b"):
    services.result_record(game=game, by=organizer, report=Report(vp_a=rng.randint(0, 10), vp_b=rng.randint(0, 10)))
second = services.round_generate(event=event, seed=2, by=organizer)
reporters = [[g.pk, g.player_a.key] for g in second.games.exclude(player_b=None).select_related("player_a")]
session = SessionStore()  # the organizer signed in, as a browser: its pages are for them alone
session.update({"_auth_user_id": str(organizer.pk), "_auth_user_backend": "django.contrib.auth.backends.ModelBackend",
                "_auth_user_hash": organizer.get_session_auth_hash()})
session.create()
print(json.dumps({"id": event.pk, "slug": event.slug, "token": Token.objects.create(user=organizer).key,
                  "session": session.session_key, "reporters": reporters}))
