"""Ranking series: placement points per event, and a person's best results in a window.

The default table is the UK community's: the winner of an event of 3, 4 or 5+ rounds scores 100, 110 or 120,
less one point for each player under 16; places below scale down in even steps to 5 points for the last;
events of fewer than 8 players do not count. Each person's best results (5 by default) in the series'
window (a rolling year by default) are added up.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, timedelta


@dataclass(frozen=True)
class PointsTable:
    by_rounds: dict[int, int] = field(default_factory=lambda: {3: 100, 4: 110, 5: 120})  # the winner's points
    minimum: int = 5  # the last place's points
    full_field: int = 16  # one point less for the winner per player under this
    min_players: int = 8  # smaller events do not count

    @classmethod
    def from_json(cls, data: dict) -> PointsTable:
        default = cls()
        return cls(by_rounds={int(k): int(v) for k, v in data.get("by_rounds", default.by_rounds).items()},
                   minimum=int(data.get("minimum", default.minimum)),
                   full_field=int(data.get("full_field", default.full_field)),
                   min_players=int(data.get("min_players", default.min_players)))

    def as_json(self) -> dict:
        return {"by_rounds": {str(k): v for k, v in sorted(self.by_rounds.items())}, "minimum": self.minimum,
                "full_field": self.full_field, "min_players": self.min_players}

    def winner(self, rounds: int, players: int) -> int | None:
        """The winner's points; None when the event does not count (too few players or rounds)."""
        counted = [r for r in self.by_rounds if r <= rounds]
        if players < self.min_players or not counted:
            return None
        return max(self.minimum, self.by_rounds[max(counted)] - max(0, self.full_field - players))


UK = PointsTable()


def placement_points(place: int, players: int, rounds: int, table: PointsTable = UK) -> int | None:
    """Points for finishing `place` of `players` in an event of `rounds`: from the winner's down to the
    minimum for the last, in even steps (rounded half up); places shared in the standings score alike."""
    top = table.winner(rounds, players)
    if top is None:
        return None
    if players == 1:
        return top
    share = (players - place) / (players - 1)
    return int(table.minimum + (top - table.minimum) * share + 0.5)


@dataclass(frozen=True)
class Placing:
    person: int
    event: int
    date: date
    points: int


@dataclass(frozen=True)
class SeriesRow:
    person: int
    total: int
    counted: tuple[Placing, ...]  # the results that count, best first
    events: int  # every result in the window


def in_window(day: date, *, on: date, window_days: int | None) -> bool:
    """Whether a result of `day` can count as of `on`: not after `on`, and fewer than `window_days` days before
    it (a result exactly `window_days` days before is out); any day up to `on` when the window is None."""
    start = on - timedelta(days=window_days) if window_days else date.min
    return start < day <= on


def series_standings(placings: Iterable[Placing], *, best: int = 5, window_days: int | None = 365,
                     on: date | None = None) -> list[SeriesRow]:
    """Each person's total of their `best` results within `window_days` up to `on` (every result when the
    window is None), highest total first; ties keep the person with the better best result first."""
    on = on or date.today()
    mine: dict[int, list[Placing]] = {}
    for placing in placings:
        if in_window(placing.date, on=on, window_days=window_days):
            mine.setdefault(placing.person, []).append(placing)
    rows = []
    for person, results in mine.items():
        counted = tuple(sorted(results, key=lambda p: (-p.points, p.date, p.event))[:best])
        rows.append(SeriesRow(person=person, total=sum(p.points for p in counted), counted=counted,
                              events=len(results)))
    return sorted(rows, key=lambda r: (-r.total, [-p.points for p in r.counted], r.person))
