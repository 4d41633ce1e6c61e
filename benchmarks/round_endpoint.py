"""End-to-end figure: POST /api/events/{id}/rounds/ for a 1,000-player event after 4 rounds, on SQLite.

    python -m benchmarks.round_endpoint [--players 1000]

Builds the event through the services in a throw-away SQLite database (4 rounds, random results), then
times the HTTP request for round 5 with Django's test client, next to the engine alone on the same data
(the ratio shows what the database and serialization add).
"""
from __future__ import annotations

import argparse
import os
import random
import tempfile
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=1000)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="gg-bench-")
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gaininggrounds.settings")
    os.environ["PAIRING_JOB_THRESHOLD"] = str(10**9)
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    from scoring.validator import Report
    from tournaments import selectors, services
    from tournaments.models import Game
    from tournaments.pairing import Contender, pair_round

    call_command("migrate", verbosity=0)
    user = get_user_model().objects.create_user("bench", password="bench-password-1")
    event = services.event_create(user=user, name="Benchmark", date="2017-05-06", format="gg2017", rounds=6)
    factions = ["guild", "arcanists", "neverborn", "outcasts", "gremlins"]
    for i in range(args.players):
        services.player_register(event=event, name=f"Player {i}", faction=factions[i % 5])
    rng = random.Random(1)
    for _ in range(4):
        rnd = services.round_generate(event=event, seed=rng.random())
        for game in Game.objects.filter(round=rnd, player_b__isnull=False).select_related("round__event",
                                                                                         "player_a", "player_b"):
            services.result_record(game=game, by=user, report=Report(vp_a=rng.randint(0, 10),
                                                                       vp_b=rng.randint(0, 10)))
    client = Client()
    client.force_login(user)
    start = time.perf_counter()
    response = client.post(f"/api/events/{event.id}/rounds/", {"seed": "bench"}, content_type="application/json")
    seconds = time.perf_counter() - start
    assert response.status_code == 201, response.content[:300]
    services.round_delete(event=event, number=5, by=user)

    history, totals = selectors.pairing_history(event)
    contenders = [Contender(p.id, totals[p.id].tp, totals[p.id].diff, totals[p.id].vp, p.id in history.had_bye)
                  for p in event.players.all()]
    start = time.perf_counter()
    pair_round(contenders, round_number=5, seed="bench", met=history.met, rematch_window=3)
    engine = time.perf_counter() - start
    print(f"POST /rounds/ for {args.players} players on SQLite: {seconds:.3f} s "
          f"(engine alone {engine:.3f} s, ratio {seconds / engine:.1f}x)")


if __name__ == "__main__":
    main()
