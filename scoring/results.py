"""Turning a reported game into Tournament Points, Differential and VP for each side.

GG2017 "Scoring": more VP wins 3 TP, a draw 1 TP, a loss 0 TP; Differential is
own VP minus the opponent's. Byes, concessions and forfeits take fixed awards
from the format (or the event's own announced values).
"""
from __future__ import annotations

from dataclasses import dataclass

from .formats import Award, Format, UnusualResult
from .problems import Invalid, Problem

PLAYED, CONCEDED, FORFEITED, BYE = "played", "conceded", "forfeited", "bye"
REPORTED_OUTCOMES = (PLAYED, CONCEDED, FORFEITED)
SIDES = ("a", "b")

WIN_TP, DRAW_TP, LOSS_TP = 3, 1, 0


@dataclass(frozen=True)
class SideScore:
    vp: int
    tp: int
    diff: int

    @classmethod
    def from_award(cls, award: Award) -> "SideScore":
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


def score_bye(fmt: Format) -> SideScore:
    return SideScore.from_award(fmt.bye)


def validate_report(fmt: Format, *, outcome: str, vp_a: int | None, vp_b: int | None,
                    loser: str | None) -> list[Problem]:
    """Every problem with a reported result, so the reporter can fix them all at once."""
    problems: list[Problem] = []
    if outcome not in REPORTED_OUTCOMES:
        return [Problem("unknown_outcome", f"Outcome must be one of {', '.join(REPORTED_OUTCOMES)}.", "outcome")]
    if outcome == PLAYED:
        for attr, vp in (("vp_a", vp_a), ("vp_b", vp_b)):
            if vp is None:
                problems.append(Problem("vp_required", "A played game needs the VP of both players.", attr))
            elif vp < 0:
                problems.append(Problem("vp_negative", f"Victory Points cannot be negative (got {vp}).", attr))
            elif vp > fmt.vp.game:
                problems.append(Problem(
                    "vp_above_game_limit",
                    f"{fmt.name} allows at most {fmt.vp.game} VP in a game (got {vp}).", attr))
        if loser is not None:
            problems.append(Problem("loser_unexpected",
                                    "A played game has no loser to name; more VP wins.", "loser"))
    elif loser not in SIDES:
        problems.append(Problem("loser_required",
                                f"A {outcome} game must name the player who lost it: \"a\" or \"b\".", "loser"))
    return problems


def score_report(fmt: Format, *, outcome: str, vp_a: int | None = None, vp_b: int | None = None,
                 loser: str | None = None) -> tuple[SideScore, SideScore]:
    """Validate a report and score both sides; raises `Invalid` listing every problem."""
    problems = validate_report(fmt, outcome=outcome, vp_a=vp_a, vp_b=vp_b, loser=loser)
    if problems:
        raise Invalid(*problems)
    if outcome == PLAYED:
        return score_played(vp_a, vp_b)
    return score_unusual(fmt.concession if outcome == CONCEDED else fmt.forfeit, loser)
