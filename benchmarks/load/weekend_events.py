# Run by weekend.py inside `manage.py shell -c`: 20 GG2017 events of 16 to 128 players, each at its own
# stage (rounds 1 to 5 paired, the earlier ones reported), one organizer each. Prints a JSON line: for
# each event its id, slug, size, rounds, current round and organizer token, and for the current round
# each table's game id with its two players' private keys.
import json
import random

from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token

from scoring.report import Report
from tournaments import services

FACTIONS = ["guild", "arcanists", "resurrectionists", "neverborn", "outcasts", "ten-thunders", "gremlins"]
rng = random.Random(20)
events = []
for n in range(20):
    size = 16 + round(n * (128 - 16) / 19)
    organizer = get_user_model().objects.create_user(f"weekend-organizer-{n}", password="weekend-" + "x" * 12)
    event = services.event_create(user=organizer, name=f"Weekend {n + 1} ({size})", date="2017-05-06",
                                  format="gg2017", rounds=5)
    for p in range(size):
        services.player_register(event=event, name=f"Player {n}-{p:03d}", faction=FACTIONS[p % 7], by=organizer)
    stage = n % 5 + 1  # the round being played now
    for number in range(1, stage + 1):
        rnd = services.round_generate(event=event, seed=number, by=organizer)
        if number < stage:
            for game in rnd.games.exclude(player_b=None).select_related("round__event", "player_a", "player_b"):
                services.result_record(game=game, by=organizer,
                                       report=Report(vp_a=rng.randint(0, 10), vp_b=rng.randint(0, 10)))
    tables = [[g.pk, g.player_a.key, g.player_b.key, g.table]
              for g in rnd.games.exclude(player_b=None).select_related("player_a", "player_b")]
    events.append({"id": event.pk, "slug": event.slug, "players": size, "rounds": 5, "round": stage,
                   "token": Token.objects.create(user=organizer).key, "tables": tables})
print(json.dumps(events))
