"""Longshanks' rating, offered beside ours for comparison: RPI = R/4 + OR/2 + OOR/4, where R is a person's
result rate (wins, and half of draws, over games), OR the mean of their opponents' R and OOR the mean of
their opponents' OR; until a person has played T games, the RPI is divided by
Q = 1 + e^((10/T)(T/2 - N)), N being their games, so a short record counts for less."""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np

from ratings.skill import RatedGame

THRESHOLD = 10  # T: games before a rating stands on its own (an event setting on Longshanks; ours a default)


def rpi(games: Iterable[RatedGame], *, threshold: int = THRESHOLD) -> dict[int, float]:
    """Every person's Longshanks rating from their games."""
    games = list(games)
    return rpi_of([g.a for g in games], [g.b for g in games], [g.outcome for g in games], threshold=threshold)


def rpi_of(a: Sequence[int], b: Sequence[int], outcome: Sequence[float], *,
           threshold: int = THRESHOLD) -> dict[int, float]:
    """The same from three columns (each game's two people and the first one's result), with numpy's
    bincount: a whole edition in milliseconds, as the refresh recomputes it after every change."""
    if not a:
        return {}
    people, positions = np.unique(np.concatenate([np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64)]),
                                  return_inverse=True)
    first, second = positions[:len(a)], positions[len(a):]
    result = np.asarray(outcome, dtype=np.float64)
    size = len(people)
    played = np.bincount(first, minlength=size) + np.bincount(second, minlength=size)

    def mean_over_games(value_first, value_second):  # per person: the mean of what each of their games gives
        return (np.bincount(first, value_first, size) + np.bincount(second, value_second, size)) / played

    r = mean_over_games(result, 1 - result)
    o_r = mean_over_games(r[second], r[first])
    o_o_r = mean_over_games(o_r[second], o_r[first])
    value = r / 4 + o_r / 2 + o_o_r / 4
    return {int(person): float(value[i]) / damping(int(played[i]), threshold) for i, person in enumerate(people)}


def damping(played: int, threshold: int = THRESHOLD) -> float:
    """Q: above 1 for a short record, 1 from the threshold on."""
    if played >= threshold:
        return 1.0
    return 1 + math.exp((10 / threshold) * (threshold / 2 - played))
