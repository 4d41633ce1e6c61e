"""Turning a reported game into Tournament Points, Differential and VP for each side.

GG2017 "Scoring": more VP wins 3 TP, a draw 1 TP, a loss 0 TP; Differential is
own VP minus the opponent's. Byes, concessions and forfeits take fixed awards
from the event's rules (the format's, or the values the organizer announced); in a double loss both
players take the forfeit loser's award.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .formats import Award, Format, UnusualResult
from .problems import Invalid
from .report import CONCEDED, DOUBLE_LOSS, PLAYED, Report
from .validator import validate_report

WIN_TP, DRAW_TP, LOSS_TP = 3, 1, 0


@dataclass(frozen=True)
class SideScore:
    vp: int
    tp: int
    diff: int

    @classmethod
    def from_award(cls, award: Award) -> SideScore:
        return cls(vp=award.vp, tp=award.tp, diff=award.diff)


def tournament_points(own_vp: int, opponent_vp: int) -> int:
    if own_vp > opponent_vp:
        return WIN_TP
    return DRAW_TP if own_vp == opponent_vp else LOSS_TP


def score_played(vp_a: int, vp_b: int) -> tuple[SideScore, SideScore]:
    return (SideScore(vp_a, tournament_points(vp_a, vp_b), vp_a - vp_b),
            SideScore(vp_b, tournament_points(vp_b, vp_a), vp_b - vp_a))


def score_unusual(awards: UnusualResult, loser: str) -> tuple[SideScore, SideScore]:
    """A conceded or forfeited game: the awards replace whatever VP were on the table."""
    winner_side, loser_side = SideScore.from_award(awards.winner), SideScore.from_award(awards.loser)
    return (loser_side, winner_side) if loser == "a" else (winner_side, loser_side)


def score_bye(rules: Format) -> SideScore:
    return SideScore.from_award(rules.bye)


def score_report(rules: Format, report: Report, *, pool: Sequence[str] = (),
                 names: dict[str, str] | None = None, strategy: str = "") -> tuple[SideScore, SideScore]:
    """Validate a report and score both sides; raises `Invalid` listing every problem."""
    problems = validate_report(rules, report, pool=pool, names=names, strategy=strategy)
    if problems:
        raise Invalid(*problems)
    if report.outcome == PLAYED:
        return score_played(report.vp_a, report.vp_b)
    if report.outcome == DOUBLE_LOSS:
        both = SideScore.from_award(rules.forfeit.loser)
        return both, both
    return score_unusual(rules.concession if report.outcome == CONCEDED else rules.forfeit, report.loser)
