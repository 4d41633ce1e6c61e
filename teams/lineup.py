"""Who plays whom inside a team match, pure: the captains' documented process, step by step.

The process, in cycles until every player has an opponent: both captains secretly place one of their
players not yet placed; once both have, the placements are shown, and each captain secretly answers the
other team's placed player with one of their own still free; once both have, the answers are shown and the
cycle gives two games. A captain left with a single free player has no choice to make: that player answers
(or, when both captains have only one, the last two play each other). A captain never sees the other's
choice of the current phase before submitting their own, and the tool refuses a step out of turn.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.messages import say
from scoring.problems import Problem

PLACE, ANSWER = "place", "answer"
SIDES = ("a", "b")


@dataclass(frozen=True)
class Step:
    """One captain's secret choice: `side` ("a" or "b") placed a player, or answered the other's placed one."""

    side: str
    kind: str
    player: int


@dataclass(frozen=True)
class Lineup:
    """Where a match's lineup stands: the games made so far, and what each side must do next (None: done or
    waiting for the other captain)."""

    games: list[tuple[int, int]]
    waiting: dict[str, str | None]  # side -> PLACE or ANSWER it owes now, None when it owes nothing
    placed: dict[str, int | None]  # this cycle's placed player of each side, once both are shown
    done: bool


def lineup(players_a: Sequence[int], players_b: Sequence[int], steps: Sequence[Step]) -> Lineup:
    """Replay `steps` (assumed legal: see `problem`) over the two teams' players."""
    free = {"a": list(players_a), "b": list(players_b)}
    games: list[tuple[int, int]] = []
    pending: dict[str, dict[str, int]] = {PLACE: {}, ANSWER: {}}
    placed: dict[str, int | None] = {"a": None, "b": None}
    for step in steps:
        pending[step.kind][step.side] = step.player
        if step.kind == PLACE and len(pending[PLACE]) == 2:
            placed = dict(pending[PLACE])
            pending[PLACE] = {}
            _auto_answers(free, placed, pending)
        elif step.kind == ANSWER and len(pending[ANSWER]) == 2:
            games += _cycle_games(free, placed, pending)
            placed = {"a": None, "b": None}
    if placed["a"] is not None and len(pending[ANSWER]) == 2:  # answered without a step (one player free)
        games += _cycle_games(free, placed, pending)
        placed = {"a": None, "b": None}
    if placed["a"] is None and len(free["a"]) == 1 and len(free["b"]) == 1:
        games.append((free["a"].pop(), free["b"].pop()))
    done = not free["a"] and not free["b"]
    owes = ANSWER if placed["a"] is not None else PLACE
    waiting = {side: None if done or side in pending[owes] else owes for side in SIDES}
    return Lineup(games, waiting, placed, done)


def _auto_answers(free, placed, pending) -> None:
    """A side whose placed player leaves it one free player answers with that one, without a step."""
    for side in SIDES:
        rest = [p for p in free[side] if p != placed[side]]
        if len(rest) == 1:
            pending[ANSWER][side] = rest[0]


def _cycle_games(free, placed, pending) -> list[tuple[int, int]]:
    """The cycle's two games: a's placed player against b's answer, b's placed against a's answer."""
    answers = pending[ANSWER]
    pending[ANSWER] = {}
    for side in SIDES:
        free[side].remove(placed[side])
        free[side].remove(answers[side])
    return [(placed["a"], answers["b"]), (answers["a"], placed["b"])]


def problem(players_a: Sequence[int], players_b: Sequence[int], steps: Sequence[Step], step: Step) -> Problem | None:
    """Why `step` cannot come now (not this side's turn, or a player it may not choose); None: it may."""
    state = lineup(players_a, players_b, steps)
    if state.done:
        return Problem("lineup_complete", say("Every player of this match already has an opponent."))
    owed = state.waiting[step.side]
    if owed is None:
        return Problem("lineup_not_your_turn", say("Your choice is in: the other captain has not chosen yet."))
    if step.kind != owed:
        return Problem("lineup_not_your_turn", say("Now each captain places a player.") if owed == PLACE else
                       say("Now each captain answers the other team's placed player."), "kind")
    own = players_a if step.side == "a" else players_b
    chosen = {s.player for s in steps if s.side == step.side}  # placed or answering already: never again
    if step.player not in own or step.player in chosen:
        return Problem("lineup_player_unavailable", say("That player is not free to choose in this match."),
                       "player")
    return None


def visible(steps: Sequence[Step], side: str) -> list[Step]:
    """The steps one captain may see: their own, and the other's only once both have made that choice."""
    shown, pending = [], {PLACE: [], ANSWER: []}
    for step in steps:
        pending[step.kind].append(step)
        if len({s.side for s in pending[step.kind]}) == 2:
            shown += pending[step.kind]
            pending[step.kind] = []
    return shown + [s for kind in (PLACE, ANSWER) for s in pending[kind] if s.side == side]
