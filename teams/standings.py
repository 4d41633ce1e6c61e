"""Team standings, pure: a team match's result from its individual games, and the teams ranked.

The event chooses how a match counts: match points (3 for the team that won more of the match's games, 1
each when they won as many, 0 for fewer; a team bye counts as a match won), or the total of the members'
Tournament Points. Teams then rank by that, by the sum of their members' TP, Differential, then VP; teams
equal on all of it share a place (1, 2, 2, 4), listed by name.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

MATCH_POINTS, TOTAL_TP = "match_points", "total_tp"
MATCH_RULES = (MATCH_POINTS, TOTAL_TP)
WIN, DRAW, LOSS = 3, 1, 0


@dataclass(frozen=True)
class GameScore:
    """One individual game of a team match with its result, from team a's side and team b's."""

    tp_a: int
    diff_a: int
    vp_a: int
    tp_b: int
    diff_b: int
    vp_b: int


@dataclass(frozen=True)
class Match:
    """A team match of one round: the two teams (b None: a's bye), its games with results so far, and how
    many it has (a match counts its points once every game has its result)."""

    round: int
    team_a: int
    team_b: int | None
    scores: tuple[GameScore, ...]
    games: int

    @property
    def complete(self) -> bool:
        return len(self.scores) == self.games and self.games > 0


@dataclass
class TeamTotals:
    points: int = 0  # match points, or the members' TP under TOTAL_TP
    tp: int = 0
    diff: int = 0
    vp: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    opponents: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class TeamStanding:
    rank: int
    team: int
    name: str
    totals: TeamTotals


def match_points(match: Match) -> tuple[int, int] | None:
    """(team a's, team b's) match points once the match is complete; None before. A bye: a match won."""
    if not match.complete:
        return None
    if match.team_b is None:
        return WIN, 0
    won_a = sum(s.tp_a > s.tp_b for s in match.scores)
    won_b = sum(s.tp_b > s.tp_a for s in match.scores)
    return (WIN, LOSS) if won_a > won_b else (LOSS, WIN) if won_b > won_a else (DRAW, DRAW)


def team_totals(matches: Iterable[Match], rule: str, *, after_round: int | None = None) -> dict[int, TeamTotals]:
    """Each team's totals over the matches (up to `after_round`): its members' TP, Diff, VP game by game,
    and its points by the event's rule."""
    totals: dict[int, TeamTotals] = {}
    for match in matches:
        if after_round is not None and match.round > after_round:
            continue
        sides = [(match.team_a, "a")] + ([(match.team_b, "b")] if match.team_b is not None else [])
        points = match_points(match)
        for team, side in sides:
            own = totals.setdefault(team, TeamTotals())
            for score in match.scores:
                own.tp += getattr(score, f"tp_{side}")
                own.diff += getattr(score, f"diff_{side}")
                own.vp += getattr(score, f"vp_{side}")
            if match.team_b is not None:
                own.opponents.append(match.team_b if side == "a" else match.team_a)
            if points is not None:
                mine = points[0] if side == "a" else points[1]
                own.won += mine == WIN
                own.drawn += mine == DRAW
                own.lost += mine == LOSS
                if rule == MATCH_POINTS:
                    own.points += mine
    if rule == TOTAL_TP:
        for own in totals.values():
            own.points = own.tp
    return totals


def team_standings(teams: dict[int, str], matches: Iterable[Match], rule: str, *,
                   after_round: int | None = None) -> list[TeamStanding]:
    """Every team (id -> name) ranked, best first."""
    totals = team_totals(matches, rule, after_round=after_round)

    def merit(team: int) -> tuple[int, ...]:
        t = totals.get(team, TeamTotals())
        return t.points, t.tp, t.diff, t.vp

    order = sorted(teams, key=lambda team: (tuple(-v for v in merit(team)), teams[team].casefold(), team))
    rows: list[TeamStanding] = []
    for position, team in enumerate(order, start=1):
        shares = rows and merit(rows[-1].team) == merit(team)
        rows.append(TeamStanding(rows[-1].rank if shares else position, team, teams[team],
                                 totals.get(team, TeamTotals())))
    return rows


def tables_for(match_index: int, size: int, unavailable: Sequence[int] = ()) -> list[int]:
    """The tables of a round's `match_index`-th match (from 0): `size` tables side by side, after those of the
    matches before it, skipping tables not available."""
    free = (t for t in range(1, 10_000) if t not in set(unavailable))
    for _ in range(match_index * size):
        next(free)
    return [next(free) for _ in range(size)]
