"""Recomputing every rating from scratch, at the size of a national community's history (issue 17: 5,000
people, 1,000 events, 100,000 games over three editions), beside a baseline in the same run: the same games
rated one after another with openskill alone, no periods. Also the update after one event's results (the
ratings before its date, then its games and every later one).

    python -m benchmarks.ratings [--people 5000 --events 1000 --games 100000 --seed 1]
"""
from __future__ import annotations

import argparse
import random
import time
from datetime import date, timedelta

from ratings.skill import DRAW, LOSS, MODEL, WIN, RatedGame, rate, rate_from

EDITIONS = ("m2e", "m3e", "m4e")


def synthetic_history(people: int, events: int, games: int, seed: int) -> dict[str, list[RatedGame]]:
    """Events spread over three years, each with its edition, a field drawn from the community and its
    rounds of games; results follow a hidden skill, with draws."""
    rng = random.Random(seed)
    skill = [rng.gauss(0, 1) for _ in range(people)]
    per_event = max(1, games // events)
    by_edition: dict[str, list[RatedGame]] = {e: [] for e in EDITIONS}
    for event in range(events):
        day = date(2024, 1, 6) + timedelta(days=rng.randrange(3 * 365))
        edition = EDITIONS[event % 3]
        rounds = 5
        field = rng.sample(range(people), min(people, 2 * -(-per_event // rounds)))
        for number in range(1, rounds + 1):
            rng.shuffle(field)
            for a, b in zip(field[::2], field[1::2]):
                edge = skill[a] - skill[b] + rng.gauss(0, 1)
                outcome = WIN if edge > 0.25 else LOSS if edge < -0.25 else DRAW
                by_edition[edition].append(RatedGame(day, number, a, b, outcome))
    return by_edition


def one_by_one(games: list[RatedGame]) -> None:
    """The baseline: openskill alone, each game rated in turn from the ratings it changes."""
    ratings = {}
    for game in sorted(games):
        a, b = ratings.get(game.a) or MODEL.rating(), ratings.get(game.b) or MODEL.rating()
        ranks = [0, 0] if game.outcome == DRAW else ([0, 1] if game.outcome == WIN else [1, 0])
        [[ratings[game.a]], [ratings[game.b]]] = MODEL.rate([[a], [b]], ranks=ranks)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--people", type=int, default=5000)
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    history = synthetic_history(args.people, args.events, args.games, args.seed)
    total = sum(len(g) for g in history.values())
    started = time.perf_counter()
    ratings = {edition: rate(games) for edition, games in history.items()}
    ours = time.perf_counter() - started
    started = time.perf_counter()
    for games in history.values():
        one_by_one(games)
    baseline = time.perf_counter() - started
    games = history["m4e"]
    last_event_day = max(g.date for g in games)
    before = rate(g for g in games if g.date < last_event_day)
    started = time.perf_counter()
    updated = rate_from(last_event_day, games, before)
    update = time.perf_counter() - started
    assert updated == ratings["m4e"], "an update must equal recomputing"
    print(f"games {total:,} people {args.people:,} events {args.events:,}")
    print(f"recompute every rating: {ours:.2f} s   openskill one game at a time: {baseline:.2f} s   "
          f"ratio {ours / baseline:.2f}")
    print(f"update after the latest event (M4E): {update * 1000:.1f} ms   target 10 s / 0.5 s: "
          f"{'held' if ours <= 10 and update <= 0.5 else 'NOT held'}")


if __name__ == "__main__":
    main()
