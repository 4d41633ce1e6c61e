"""Statistics of play, pure: each played game's two sides counted by faction, leader, mission and scheme,
with win rates and their 95 % confidence intervals.

A draw counts as half a win. A mirror match (a faction against itself) always gives that faction one win
and one loss, so it is counted apart ("mirror") and left out of the faction's win rate. Tallies are
integer counts, so a site's or a series' figures are exact sums of its events' tallies.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

FACTION, MIRROR, MATCHUP, LEADER, STRATEGY, DEPLOYMENT, SCHEME, ENTRIES = (
    "faction", "mirror", "matchup", "leader", "strategy", "deployment", "scheme", "entries")
COUNTS = ("games", "wins", "draws", "losses", "scored", "vp")  # a tally's fields, in the order stored
Z95 = 1.959964  # the normal quantile of a two-sided 95 % interval


@dataclass(frozen=True)
class Side:
    """One player's side of a played game, as the statistics read it."""

    faction: str
    opponent: str  # the opponent's faction
    score: float  # 1 a win, 0.5 a draw, 0 a loss
    leader: str = ""
    strategy: str = ""
    deployment: str = ""
    schemes: tuple[tuple[str, int], ...] = ()  # (scheme chosen, VP it scored)


@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    scored: int = 0  # schemes: games where it scored at least 1 VP
    vp: int = 0  # schemes: VP it scored in all

    def add(self, score: float, *, scored: int = 0, vp: int = 0, times: int = 1) -> None:
        self.games += times
        self.wins += times * (score == 1)
        self.draws += times * (score == 0.5)
        self.losses += times * (score == 0)
        self.scored += times * scored
        self.vp += times * vp

    @property
    def win_rate(self) -> float | None:
        """Wins and half the draws over games; None with no game."""
        return (self.wins + self.draws / 2) / self.games if self.games else None

    def interval(self) -> tuple[float, float] | None:
        """The win rate's 95 % interval (Wilson's score interval, which stays inside 0-1 and behaves on
        few games)."""
        return wilson(self.wins + self.draws / 2, self.games)


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float] | None:
    if n == 0:
        return None
    p = successes / n
    centre = p + z * z / (2 * n)
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denominator = 1 + z * z / n
    # Mathematically the interval holds p; the min/max keep it so at 0 % and 100 % despite rounding.
    return max(0.0, min(p, (centre - margin) / denominator)), min(1.0, max(p, (centre + margin) / denominator))


Key = tuple[str, str, str]  # (kind, key, other): e.g. ("matchup", "guild", "neverborn"), ("leader", "perdita", "guild")


def tallies(sides: Iterable[Side], entries: Mapping[str, int] | None = None) -> dict[Key, Tally]:
    """Every tally of these sides; `entries` (faction: players registered) adds representation."""
    counted: dict[Key, Tally] = {}

    def add(kind: str, key: str, other: str, score: float, **extra) -> None:
        counted.setdefault((kind, key, other), Tally()).add(score, **extra)

    for side in sides:
        if side.faction == side.opponent:
            add(MIRROR, side.faction, "", side.score)
        else:
            add(FACTION, side.faction, "", side.score)
            add(MATCHUP, side.faction, side.opponent, side.score)
        if side.leader:
            add(LEADER, side.leader, side.faction, side.score)
        if side.strategy:
            add(STRATEGY, side.strategy, side.faction, side.score)
        if side.deployment:
            add(DEPLOYMENT, side.deployment, side.faction, side.score)
        for scheme, vp in side.schemes:
            add(SCHEME, scheme, "", side.score, scored=int(vp > 0), vp=vp)
    for faction, players in (entries or {}).items():
        counted.setdefault((ENTRIES, faction, ""), Tally()).games += players
    return counted


def as_counts(counted: Mapping[Key, Tally]) -> dict[str, list[int]]:
    """Tallies as stored: {"kind\tkey\tother": [games, wins, draws, losses, scored, vp]}."""
    return {"\t".join(key): [getattr(tally, name) for name in COUNTS] for key, tally in counted.items()}


def from_counts(counts: Mapping[str, list[int]]) -> dict[Key, Tally]:
    return {tuple(key.split("\t")): Tally(*values) for key, values in counts.items()}


def summed(parts: Iterable[Mapping[str, list[int]]]) -> dict[str, list[int]]:
    """Stored tallies added up (an edition's from its events'), as stored: no Tally made for each of the tens
    of thousands of counts."""
    total: dict[str, list[int]] = {}
    for part in parts:
        for key, values in part.items():
            known = total.get(key)
            total[key] = list(values) if known is None else [x + y for x, y in zip(known, values, strict=True)]
    return total
