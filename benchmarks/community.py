"""People, ratings and statistics from the database, at a national community's size (issue 17): a synthetic
history of 5,000 people, 1,000 events and 100,000 games over three editions, seeded straight into
PostgreSQL (a database of its own, made afresh), then:

- every rating recomputed from scratch and stored (target ≤ 10 s), beside the pure rating alone; then the
  statistics of play, and both together (the rebuild);
- the update after one event's results changed (≤ 0.5 s), beside the edition recomputed from scratch;
- the site's statistics page, the leaderboard (≤ 150 ms each, uncached, a constant number of queries)
  and a profile of 200 games (≤ 100 ms), each beside the naive read that scans every game of the edition.

    python -m benchmarks.community [--people 5000 --events 1000 --games 100000 --database postgres://…]
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from datetime import date, timedelta

EDITIONS = {"gg2017": "M2E", "m3e": "M3E", "m4e-gg0": "M4E"}
ROUNDS = 5


def fresh_database(url: str) -> None:
    """Drop and make the benchmark's own database (never the one the tests or the site use)."""
    import psycopg

    base, name = url.rsplit("/", 1)
    with psycopg.connect(f"{base}/postgres", autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
        connection.execute(f'CREATE DATABASE "{name}"')


def seed(people: int, events: int, games: int, rng: random.Random) -> int:
    """The history, in bulk: returns the id of a regular who played 40 events (200 games)."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from people.models import Person, RatingsDue
    from people.names import search_key
    from scoring.formats import get_format
    from tournaments.models import Event, Game, Player, Result, Round

    user = get_user_model().objects.create_user("bench", password="bench-password-1")
    skill = [rng.gauss(0, 1) for _ in range(people)]
    persons = Person.objects.bulk_create(Person(name=f"Person {n}", search_key=search_key(f"Person {n}"),
                                                country=rng.choice(["GB", "FR", "DE", "US", ""]))
                                         for n in range(people))
    field_size = 2 * -(-max(1, games // events) // ROUNDS)
    formats = list(EDITIONS)
    factions = {key: [f.key for f in get_format(key).factions] for key in formats}
    masters = {key: {f: [f"{f} master {n}" for n in range(4)] for f in factions[key]} for key in formats}
    made = Event.objects.bulk_create(Event(
        name=f"Event {n}", slug=f"event-{n}", date=date(2024, 1, 6) + timedelta(days=rng.randrange(3 * 365)),
        format=formats[n % 3], rounds=ROUNDS, finished_at=timezone.now(), created_by=user) for n in range(events))
    regular = persons[0].pk
    entries = []
    for n, event in enumerate(made):
        field = rng.sample(range(1, people), field_size - 1) + [0] if n < 120 and n % 3 == 0 else \
            rng.sample(range(1, people), field_size)  # person 0 plays 40 events of M2E
        entries += [Player(event=event, name=f"Person {p}", person_id=persons[p].pk,
                           faction=factions[event.format][p % len(factions[event.format])],
                           place=place + 1) for place, p in enumerate(field)]
    entries = Player.objects.bulk_create(entries, batch_size=5000)
    by_event = {}
    for entry in entries:
        by_event.setdefault(entry.event_id, []).append(entry)
    rounds = Round.objects.bulk_create(Round(event=e, number=k, seed="b", published_at=timezone.now(),
                                             strategy="", deployment="") for e in made
                                       for k in range(1, ROUNDS + 1))
    game_rows, outcomes = [], []
    for rnd in rounds:
        field = by_event[rnd.event_id][:]
        rng.shuffle(field)
        for table, (a, b) in enumerate(zip(field[::2], field[1::2]), start=1):
            edge = 2.2 * (skill[a.person_id - persons[0].pk] - skill[b.person_id - persons[0].pk])
            vp_a = max(0, min(10, round(5 + edge + rng.gauss(0, 1.8))))
            vp_b = max(0, min(10, round(5 - edge + rng.gauss(0, 1.8))))
            game_rows.append(Game(round=rnd, table=table, player_a=a, player_b=b))
            outcomes.append((vp_a, vp_b, rng.choice(masters[a.event.format][a.faction]), b.faction))
    game_rows = Game.objects.bulk_create(game_rows, batch_size=5000)
    results = []
    for game, (vp_a, vp_b, master_a, _faction_b) in zip(game_rows, outcomes, strict=True):
        tp_a, tp_b = (3, 0) if vp_a > vp_b else (0, 3) if vp_b > vp_a else (1, 1)
        results.append(Result(game=game, outcome="played", vp_a=vp_a, vp_b=vp_b, tp_a=tp_a, tp_b=tp_b,
                              diff_a=vp_a - vp_b, diff_b=vp_b - vp_a, master_a=master_a,
                              breakdown={"a": {"strategy": min(vp_a, 4), "schemes": [
                                  {"scheme": f"scheme-{rng.randrange(12)}", "vp": min(2, vp_a)}]}}))
    Result.objects.bulk_create(results, batch_size=5000)
    RatingsDue.objects.all().delete()
    return regular


def timed(work, repeat: int) -> tuple[float, object]:
    """The median of `repeat` runs, and the last run's answer."""
    seconds, answer = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        answer = work()
        seconds.append(time.perf_counter() - start)
    return statistics.median(seconds), answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--people", type=int, default=5000)
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--database", default="postgres://postgres@127.0.0.1:5432/gg_bench_community")
    args = parser.parse_args()
    fresh_database(args.database)
    os.environ["DATABASE_URL"] = args.database
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DEBUG", "1")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gaininggrounds.settings")
    import django

    django.setup()
    from django.core.cache import cache
    from django.core.management import call_command
    from django.db import connection, transaction
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from people import rating_store, tally_store
    from people.models import Rating
    from ratings.skill import rate
    from ratings.tallies import tallies
    from tournaments.models import Event, Game, Player, Result

    call_command("migrate", verbosity=0)
    start = time.perf_counter()
    regular = seed(args.people, args.events, args.games, random.Random(1))
    with connection.cursor() as cursor:  # what autovacuum does after a bulk load: the planner's statistics
        cursor.execute("ANALYZE")
    print(f"seeded {Event.objects.count()} events, {Player.objects.count()} entries, {Game.objects.count()} games "
          f"in {time.perf_counter() - start:.1f} s")
    checks = []

    def figure(label, seconds, baseline, target):
        ok = seconds <= target
        checks.append(ok)
        print(f"{label}: {seconds * 1000:.1f} ms; baseline {baseline * 1000:.1f} ms (ratio {baseline / seconds:.1f}x); "
              f"target ≤ {target * 1000:.0f} ms: {'holds' if ok else 'MISSED'}")

    editions = ("M2E", "M3E", "M4E")

    def every(step):
        def run():
            for edition in editions:
                with transaction.atomic():
                    step(edition, rating_store.BEGINNING)
        return run

    ratings_alone, _ = timed(every(rating_store.ratings_rate), 1)
    pure = 0.0
    for edition in editions:
        games = [rating_store.rated_game(row) for row in rating_store.rated_rows(edition)]
        start = time.perf_counter()
        rate(games)
        pure += time.perf_counter() - start
    figure("every rating recomputed from scratch, stored", ratings_alone, pure, 10)
    statistics_alone, _ = timed(every(tally_store.tallies_refresh), 1)
    print(f"every statistic of play recomputed from scratch, stored: {statistics_alone * 1000:.1f} ms")
    both, _ = timed(rating_store.ratings_rebuild, 1)
    print(f"both, as the rebuild command does them: {both * 1000:.1f} ms")

    latest = Event.objects.filter(format="m4e-gg0").order_by("-date").first()
    result = Result.objects.filter(game__round__event=latest).first()

    def correct_latest():
        with transaction.atomic():
            Result.objects.filter(pk=result.pk).update(vp_a=10 - result.vp_a)
            rating_store.event_ratings_due(latest)
        rating_store.ratings_refresh("M4E")

    update, _ = timed(correct_latest, args.repeat)

    def from_scratch():
        with transaction.atomic():
            rating_store.ratings_due(edition="M4E", since=rating_store.BEGINNING)
        rating_store.ratings_refresh("M4E")

    scratch, _ = timed(from_scratch, 1)
    figure("update after the latest event's results", update, scratch, 0.5)

    client = Client()

    def page(path):
        def get():
            cache.clear()  # uncached: rendered from the database every time
            response = client.get(path)
            assert response.status_code == 200, path
        return get

    def naive_stats():
        events = list(Event.objects.filter(format="m4e-gg0").values_list("pk", flat=True))
        return tallies(side for sides in tally_store.played_sides(events).values() for side in sides)

    def naive_leaderboard():
        counts = {}
        for row in rating_store.rated_rows("M4E"):
            game = rating_store.rated_game(row)
            counts[game.a] = counts.get(game.a, 0) + game.outcome
            counts[game.b] = counts.get(game.b, 0) + 1 - game.outcome
        return sorted(counts.items(), key=lambda item: -item[1])[:50]

    def naive_profile():
        mine = set(Player.objects.filter(person_id=regular).values_list("pk", flat=True))
        return [g for g in Game.objects.select_related("round__event", "result").all()
                if g.player_a_id in mine or g.player_b_id in mine]

    for label, path, naive, target in (("site statistics page /stats/M4E/", "/stats/M4E/", naive_stats, 0.15),
                                       ("leaderboard /ratings/M4E/", "/ratings/M4E/", naive_leaderboard, 0.15),
                                       (f"profile of 200 games /people/{regular}/", f"/people/{regular}/",
                                        naive_profile, 0.1)):
        page(path)()  # once first: templates compiled, code loaded, as on a running site
        seconds, _ = timed(page(path), args.repeat)
        baseline, _ = timed(naive, 1)
        with CaptureQueriesContext(connection) as queries:
            page(path)()
        figure(f"{label} ({len(queries)} queries)", seconds, baseline, target)
    played = Game.objects.filter(player_a__person_id=regular).count() + \
        Game.objects.filter(player_b__person_id=regular).count()
    print(f"the profile's person played {played} games; {Rating.objects.count()} ratings stored")
    print("every target holds" if all(checks) else "some target is missed (see MISSED above)")


if __name__ == "__main__":
    main()
