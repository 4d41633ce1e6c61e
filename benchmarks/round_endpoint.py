"""End-to-end figure: POST /api/events/{id}/rounds/ on SQLite, beside the engine alone on the same data.

    python -m benchmarks.round_endpoint [--players 2000] [--rounds-played 0]

Builds the event through the services in a throw-away SQLite database (`--rounds-played` rounds with
random results before), then times the HTTP request for the next round with Django's test client, as an
organizer would send it, with the project's default settings: a field of `PAIRING_JOB_THRESHOLD` players
or more (2,000) is paired by a job, which runs in the request with the embedded defaults' eager Celery,
and the figure then includes reading the finished job. The ratio shows what the database, the job and
serialization add to the engine. Target (issue 20): round 1 of 2,000 players within 2 s.
"""
from __future__ import annotations

import argparse
import os
import random
import tempfile
import time

TARGET_SECONDS = {(2000, 0): 2.0}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds-played", type=int, default=0)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="gg-bench-")
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gaininggrounds.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    from scoring.report import Report
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
    for _ in range(args.rounds_played):
        rnd = services.round_generate(event=event, seed=rng.random())
        for game in Game.objects.filter(round=rnd, player_b__isnull=False).select_related("round__event",
                                                                                         "player_a", "player_b"):
            services.result_record(game=game, by=user, report=Report(vp_a=rng.randint(0, 10),
                                                                       vp_b=rng.randint(0, 10)))
    history, totals = selectors.pairing_history(event)  # the engine's input, read before the round exists
    contenders = [Contender(p.id, *((totals[p.id].tp, totals[p.id].diff, totals[p.id].vp) if p.id in totals
                                    else (0, 0, 0)), p.id in history.had_bye)
                  for p in event.players.all()]
    client = Client()
    client.force_login(user)
    number = args.rounds_played + 1
    start = time.perf_counter()
    response = client.post(f"/api/events/{event.id}/rounds/", {"seed": "bench"}, content_type="application/json")
    answered = time.perf_counter() - start
    assert response.status_code in (201, 202), response.content[:300]
    if response.status_code == 202:  # paired by a job in a process of its own: poll it as the console does
        while (job := client.get(response["Location"]).json())["status"] not in ("done", "failed"):
            time.sleep(0.02)
        assert job["status"] == "done", job
    seconds = time.perf_counter() - start
    assert event.round_set.filter(number=number).exists()

    start = time.perf_counter()
    pair_round(contenders, round_number=number, seed="bench", met=history.met, rematch_window=3)
    engine = time.perf_counter() - start
    how = f"answered {response.status_code} in {answered:.3f} s, job done" if response.status_code == 202 else "201"
    print(f"POST /rounds/ for round {number} of {args.players} players on SQLite ({how}): "
          f"{seconds:.3f} s (engine alone {engine:.3f} s, ratio {seconds / engine:.1f}x)")
    target = TARGET_SECONDS.get((args.players, args.rounds_played))
    if target is not None:
        print(f"Target ≤ {target:g} s: {'met' if seconds <= target else 'NOT MET'}")


if __name__ == "__main__":
    main()
