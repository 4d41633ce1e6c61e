"""Longshanks' rating, offered beside ours for comparison: RPI = R/4 + OR/2 + OOR/4, where R is a person's
result rate (wins, and half of draws, over games), OR the mean of their opponents' R and OOR the mean of
their opponents' OR; until a person has played T games, the RPI is divided by
Q = 1 + e^((10/T)(T/2 - N)), N being their games, so a short record counts for less."""
from __future__ import annotations

import math
from collections.abc import Iterable
from statistics import fmean

from ratings.skill import RatedGame

THRESHOLD = 10  # T: games before a rating stands on its own (an event setting on Longshanks; ours a default)


def rpi(games: Iterable[RatedGame], *, threshold: int = THRESHOLD) -> dict[int, float]:
    """Every person's Longshanks rating from their games."""
    scores: dict[int, list[float]] = {}
    opponents: dict[int, list[int]] = {}
    for game in games:
        for me, them, score in ((game.a, game.b, game.outcome), (game.b, game.a, 1 - game.outcome)):
            scores.setdefault(me, []).append(score)
            opponents.setdefault(me, []).append(them)
    r = {person: fmean(s) for person, s in scores.items()}
    o_r = {person: fmean(r[o] for o in them) for person, them in opponents.items()}
    o_o_r = {person: fmean(o_r[o] for o in them) for person, them in opponents.items()}
    return {person: (r[person] / 4 + o_r[person] / 2 + o_o_r[person] / 4) / damping(len(scores[person]), threshold)
            for person in scores}


def damping(played: int, threshold: int = THRESHOLD) -> float:
    """Q: above 1 for a short record, 1 from the threshold on."""
    if played >= threshold:
        return 1.0
    return 1 + math.exp((10 / threshold) * (threshold / 2 - played))
