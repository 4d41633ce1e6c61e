"""A rating per person per game edition, from every counted game in date order (openskill's Weng-Lin
Plackett-Luce model: it handles draws, is MIT-licensed and maintained).

Games are rated in periods: one date and one round number. Every game of a period is rated from the
ratings as they stood when the period began, and each person's changes are then added up with exactly
rounded sums, so the ratings do not depend on the order in which the games, or two events held on the same
date, are listed. A rating is a pure function of the games: recomputing from scratch, or from the
ratings before a date with the games from that date on, gives the same numbers (`rate_from`), and a
correction to an old game moves only the ratings from its period on.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from itertools import groupby

from openskill.models import PlackettLuce

MODEL = PlackettLuce()  # mu 25, sigma 25/3, as the model's authors set them
WIN, DRAW, LOSS = 1.0, 0.5, 0.0


def outcome_of(tp_a: int, tp_b: int) -> float:
    """A played game's result for its first player, by Tournament Points: WIN, DRAW or LOSS."""
    return WIN if tp_a > tp_b else DRAW if tp_a == tp_b else LOSS


@dataclass(frozen=True, order=True)
class RatedGame:
    """One counted game between two people (byes, forfeits and games against the Ringer are not rated):
    `outcome` is WIN, DRAW or LOSS for `a`."""

    date: date
    round: int
    a: int
    b: int
    outcome: float

    @property
    def period(self) -> tuple[date, int]:
        return self.date, self.round


@dataclass(frozen=True)
class Rating:
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0

    @property
    def shown(self) -> float:
        """The figure a leaderboard ranks by: mu less three sigma (a new person starts at 0)."""
        return self.mu - 3 * self.sigma


def rate(games: Iterable[RatedGame], start: Mapping[int, Rating] | None = None) -> dict[int, Rating]:
    """Every person's rating after `games`, from `start` (else everyone new)."""
    ratings = dict(start or {})
    for _period, rated in history(games, ratings):
        ratings.update(rated)
    return ratings


def history(games: Iterable[RatedGame], start: Mapping[int, Rating] | None = None):
    """Period by period, in date order: ((date, round), {person: rating after it}) for the people who
    played in it, each period rated from the ratings as they stood before it."""
    ratings = dict(start or {})
    for period, in_period in groupby(sorted(games, key=lambda g: g.period), key=lambda g: g.period):
        rated = _period(list(in_period), ratings)
        ratings.update(rated)
        yield period, rated


def rate_from(day: date, games: Iterable[RatedGame], before: Mapping[int, Rating]) -> dict[int, Rating]:
    """The ratings now, from `before` (the ratings after every game before `day`) and the games from `day`
    on: what an update after a correction recomputes."""
    return rate((g for g in games if g.date >= day), before)


def _period(games: list[RatedGame], ratings: Mapping[int, Rating]) -> dict[int, Rating]:
    """Each game rated from the ratings at the start of the period; a person's changes summed (mu) and
    multiplied (variance) with exactly rounded sums, so no order of the games shows in the result."""
    mu_changes: dict[int, list[float]] = {}
    variance_logs: dict[int, list[float]] = {}
    for game in games:
        old_a, old_b = ratings.get(game.a, Rating()), ratings.get(game.b, Rating())
        ranks = [0, 0] if game.outcome == DRAW else ([0, 1] if game.outcome == WIN else [1, 0])
        [[new_a], [new_b]] = MODEL.rate([[MODEL.rating(old_a.mu, old_a.sigma)],
                                         [MODEL.rating(old_b.mu, old_b.sigma)]], ranks=ranks)
        for person, old, new in ((game.a, old_a, new_a), (game.b, old_b, new_b)):
            mu_changes.setdefault(person, []).append(new.mu - old.mu)
            variance_logs.setdefault(person, []).append(2 * (math.log(new.sigma) - math.log(old.sigma)))
    rated = {}
    for person, changes in mu_changes.items():
        old = ratings.get(person, Rating())
        sigma = old.sigma * math.exp(math.fsum(variance_logs[person]) / 2)
        rated[person] = Rating(mu=old.mu + math.fsum(changes), sigma=sigma, games=old.games + len(changes))
    return rated
