"""The penalty ladder, as arithmetic: which step a judge is advised to give for a player's next penalty of
a reason, from the penalties that player already had. Pure (no database): the services read the event's
ladder and the earlier penalties and pass them in; the judge decides, the ladder only advises.

A ladder is the event's steps, mildest first (by default a warning, a penalty of Tournament Points, a game
loss, then a disqualification); a step may appear more than once (two warnings before the TP penalty). The
nth penalty for the same reason is the nth rung, and never milder than the rung after the harshest step
already given for that reason (a judge who skipped ahead is not walked back); past the top, the top."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

WARNING, TP_PENALTY, GAME_LOSS, DISQUALIFICATION = "warning", "tp_penalty", "game_loss", "disqualification"
STEPS = (WARNING, TP_PENALTY, GAME_LOSS, DISQUALIFICATION)  # mildest first
DEFAULT_LADDER = STEPS
DEFAULT_TP = 1
TP_RANGE = (1, 5)  # a TP penalty's size; the standings' own bonus/penalty range is wider
LONGEST_LADDER = 8
REASONS = ("slow_play", "list_error", "unsportsmanlike", "rules_error", "late")


@dataclass(frozen=True)
class Suggestion:
    """The advised `step`, as the ladder's rung `rung` (0 = first); `earlier`: penalties the player already
    had for this reason; `previous`: the harshest step among them (None the first time)."""

    step: str
    rung: int
    earlier: int
    previous: str | None


def ladder_problems(steps: Sequence[str]) -> list[str]:
    """What is wrong with a ladder an organizer sets (plain words, empty when it is fine)."""
    problems = []
    if not steps:
        problems.append("A ladder has at least one step.")
    if len(steps) > LONGEST_LADDER:
        problems.append(f"A ladder has at most {LONGEST_LADDER} steps.")
    if any(step not in STEPS for step in steps):
        problems.append("Each step is a warning, a TP penalty, a game loss or a disqualification.")
    elif any(STEPS.index(a) > STEPS.index(b) for a, b in zip(steps, steps[1:])):
        problems.append("Steps go from the mildest to the harshest.")
    return problems


def suggest(ladder: Sequence[str], earlier: Sequence[tuple[str, str]], reason: str) -> Suggestion:
    """The advised step for a player's next penalty for `reason`, given their `earlier` penalties as
    (reason, step) pairs (any order, any reasons: only the same reason counts)."""
    if not ladder:
        raise ValueError("an empty ladder advises nothing")
    same = [step for given_reason, step in earlier if given_reason == reason]
    rung = len(same)
    harshest = max(same, key=STEPS.index) if same else None
    if harshest is not None and harshest in ladder:
        rung = max(rung, _first_rung(ladder, harshest) + 1)
    elif harshest is not None:  # a step the ladder no longer has: the first rung harsher than it
        rung = max(rung, next((i for i, s in enumerate(ladder) if STEPS.index(s) > STEPS.index(harshest)),
                              len(ladder)))
    rung = min(rung, len(ladder) - 1)
    return Suggestion(step=ladder[rung], rung=rung, earlier=len(same), previous=harshest)


def _first_rung(ladder: Sequence[str], step: str) -> int:
    """The rung of `step`'s first appearance, so that two warnings in a row count as two rungs."""
    return ladder.index(step)
