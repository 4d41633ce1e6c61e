"""The top cut, pure: a single-elimination stage for the top 4, 8 or 16 of the Swiss standings.

Seeds meet as a standard bracket does (1 v 8, 4 v 5, 2 v 7, 3 v 6 for eight), so the two best seeds can
only meet in the final. Gaining Grounds packs say nothing of a cut, so a drawn game follows the event's
setting: the player with the better Differential over the Swiss rounds goes through, then the one with
more VP, then the higher seed; or the game is replayed, so a draw is no result at all. Final places: the
cut's players by how far they went (the winner, the finalist, then those out in the same stage by seed),
everyone else by the Swiss standings after them.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from scoring.messages import say
from scoring.problems import Problem
from scoring.report import DOUBLE_LOSS, PLAYED
from tournaments.standings import Standing

CUT_SIZES = (4, 8, 16)
DIFF_THEN_VP, REPLAY = "diff_then_vp", "replay"
DRAW_RULES = (DIFF_THEN_VP, REPLAY)


def slot_order(size: int) -> list[int]:
    """Seeds (1 = best) in bracket order: neighbours meet first, then the winners of neighbouring pairs."""
    if size not in CUT_SIZES:
        raise ValueError(f"a cut is of {CUT_SIZES}, not {size}")
    order = [1]
    while len(order) < size:
        top = len(order) * 2 + 1
        order = [seed for kept in order for seed in (kept, top - kept)]
    return order


def stages(size: int) -> int:
    """How many rounds the cut lasts (a top 8: quarterfinals, semifinals, final)."""
    return size.bit_length() - 1


@dataclass(frozen=True)
class CutResult:
    """A cut game's result as the bracket needs it: who sat on side a and b, VP, outcome and loser side."""

    player_a: int
    player_b: int
    vp_a: int
    vp_b: int
    outcome: str = PLAYED
    loser: str = ""


@dataclass(frozen=True)
class CutGame:
    """A place in the bracket: its players once known (the higher seed first), and its winner once decided."""

    stage: int  # 0: the first round of the cut
    slot: int  # left to right in the bracket
    a: int | None
    b: int | None
    winner: int | None = None
    drawn: bool = False  # decided by the draw rule, not on the table


def result_problem(outcome: str, vp_a: int | None, vp_b: int | None, rule: str) -> Problem | None:
    """Why a cut game cannot end like this: every game of the cut needs a winner (no double loss), and where
    the event replays a drawn game, a draw is not a result."""
    if outcome == DOUBLE_LOSS:
        return Problem("cut_needs_a_winner", say("A game of the top cut needs a winner: it cannot be a "
                                                 "double loss."), "outcome")
    if rule == REPLAY and outcome == PLAYED and vp_a is not None and vp_a == vp_b:
        return Problem("cut_draw_replayed", say("This event replays a drawn game of the top cut: report the "
                                                "replay's score."), "vp_a")
    return None


def winner(result: CutResult, rule: str, seed_of: Mapping[int, int],
           swiss: Mapping[int, tuple[int, int]]) -> tuple[int | None, bool]:
    """(who goes through, whether the draw rule decided it); None where the game decides nobody (a
    double loss, or a draw that is replayed). `swiss`: each player's (Differential, VP) over the Swiss."""
    a, b = result.player_a, result.player_b
    if result.outcome != PLAYED:
        return ({"a": b, "b": a}.get(result.loser), False)
    if result.vp_a != result.vp_b:
        return (a if result.vp_a > result.vp_b else b), False
    if rule == REPLAY:
        return None, False
    return min((a, b), key=lambda p: (tuple(-v for v in swiss.get(p, (0, 0))), seed_of[p])), True


def bracket(seeds: Sequence[int], results: Sequence[CutResult], rule: str,
            swiss: Mapping[int, tuple[int, int]]) -> list[list[CutGame]]:
    """Every stage of the cut for `seeds` (player ids, best first), as far as the results decide it: a game
    whose players are not known yet has None on that side."""
    seed_of = {player: number for number, player in enumerate(seeds, start=1)}
    by_pair = {frozenset((r.player_a, r.player_b)): r for r in results}
    entrants: list[int | None] = [seeds[s - 1] for s in slot_order(len(seeds))]
    rounds: list[list[CutGame]] = []
    for stage in range(stages(len(seeds))):
        games = []
        for slot in range(len(entrants) // 2):
            a, b = sorted(entrants[2 * slot:2 * slot + 2], key=lambda p: seed_of.get(p, len(seeds) + 1))
            result = by_pair.get(frozenset((a, b))) if a is not None and b is not None else None
            won, drawn = winner(result, rule, seed_of, swiss) if result else (None, False)
            games.append(CutGame(stage, slot, a, b, won, drawn))
        rounds.append(games)
        entrants = [g.winner for g in games]
    return rounds


def next_stage(stages_so_far: list[list[CutGame]]) -> list[CutGame] | None:
    """The first stage not wholly decided, if its players are all known (it can be paired); None when the
    cut is over or waits for results."""
    for games in stages_so_far:
        if any(g.winner is None for g in games):
            return games if all(g.a is not None and g.b is not None for g in games) else None
    return None


def cut_order(seeds: Sequence[int], stages_so_far: list[list[CutGame]]) -> list[tuple[int, int]]:
    """The cut's players best first, each with how many players were left in the stage where they went out
    (1 for the winner; still in: the stage they play now): further is better, then still playing before out
    in the same stage, then the better seed."""
    seed_of = {player: number for number, player in enumerate(seeds, start=1)}
    left: dict[int, int] = {}
    out: set[int] = set()
    for games in stages_so_far:
        field = len(games) * 2
        for game in games:
            for player in (game.a, game.b):
                if player is not None:
                    left[player] = field
            if game.winner is not None:
                out.add(game.b if game.winner == game.a else game.a)
                if len(games) == 1:
                    left[game.winner] = 1
    return sorted(((p, n) for p, n in left.items()), key=lambda item: (item[1], item[0] in out, seed_of[item[0]]))


def with_cut(swiss: list[Standing], seeds: Sequence[int], stages_so_far: list[list[CutGame]]) -> list[Standing]:
    """The standings once the cut has begun: its players first, placed by how far they went (`Standing.cut`
    says how many were left where they went out), then everyone else in their Swiss order, sharing a place
    where the Swiss standings share one; those who did not play stay apart, last."""
    order = cut_order(seeds, stages_so_far)
    rows = {row.entrant.id: row for row in swiss}
    placed = [replace(rows[p], rank=place, cut=left) for place, (p, left) in enumerate(order, start=1) if p in rows]
    in_cut = {p for p, _ in order}
    rest: list[Standing] = []
    for row in swiss:
        if row.entrant.id in in_cut or row.rank is None:
            continue
        position = len(placed) + len(rest) + 1
        shares = rest and row.rank == _swiss_rank(rows, rest[-1])
        rest.append(replace(row, rank=rest[-1].rank if shares else position))
    apart = [row for row in swiss if row.rank is None and row.entrant.id not in in_cut]
    return placed + rest + apart


def _swiss_rank(rows: Mapping[int, Standing], row: Standing) -> int | None:
    return rows[row.entrant.id].rank
