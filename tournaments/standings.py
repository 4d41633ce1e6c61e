"""Standings recomputed from results every time, never kept as running totals.

GG2017 "Standings": order by Tournament Points, then Differential, then VP;
players equal on the whole chain share a place and the next place is skipped
(1, 2, 2, 4). The organizer may choose another tiebreak chain, with strength of
schedule (SOS: the sum of one's opponents' TP) available. The Ringer is never listed and a disqualified player is not
ranked; a dropped player keeps their games and is listed as dropped. Bonus and penalty Tournament Points
(a painting bonus, a late-list penalty) count in the standings from their round on; pairing goes by games.
Someone who never played (marked absent, or a no-show in every round) is listed apart, unranked: never
above those who played and lost, never the wooden spoon.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field

ACTIVE, DROPPED, DISQUALIFIED = "active", "dropped", "disqualified"
# A player who joins after round 1 starts on nothing, or takes a loss for each round missed (an event setting).
LATE_ON_ZERO, LATE_WITH_LOSSES = "start_on_zero", "loss_per_missed_round"
DEFAULT_TIEBREAKS = ("tp", "diff", "vp")
TIEBREAKS = {"tp": "Tournament Points", "diff": "Differential", "vp": "Victory Points",
             "sos": "Strength of schedule (opponents' TP)"}


@dataclass(frozen=True)
class Entrant:
    id: int
    name: str
    faction: str = ""
    status: str = ACTIVE
    is_ringer: bool = False

    @property
    def ranked(self) -> bool:
        return not self.is_ringer and self.status != DISQUALIFIED


@dataclass(frozen=True)
class Adjustment:
    """Bonus (or, negative, penalty) Tournament Points for one player, counted from round `round` on
    (None: from the start)."""

    player: int
    tp: int
    round: int | None = None


@dataclass(frozen=True)
class SideResult:
    """One player's side of one game with a result (a bye has no opponent), or a round a late arrival
    missed, counted as a loss where the event says so (`missed`: no game was played)."""

    player: int
    round: int
    vp: int
    tp: int
    diff: int
    opponent: int | None = None
    missed: bool = False
    # Lost without coming to the table: recorded at the desk as a no-show (not any forfeit: an illegal crew
    # or misconduct is forfeited by a player who came).
    no_show: bool = False


@dataclass
class Totals:
    tp: int = 0
    diff: int = 0
    vp: int = 0
    played: int = 0
    sos: int = 0
    opponents: list[int] = field(default_factory=list)
    adjusted: int = 0  # bonus and penalty TP included in `tp`

    def add(self, side: SideResult) -> None:
        self.tp += side.tp
        self.diff += side.diff
        self.vp += side.vp
        self.played += not side.missed
        if side.opponent is not None:
            self.opponents.append(side.opponent)


@dataclass(frozen=True)
class Standing:
    """A row of the standings; someone who did not play (never seated, or every game lost without coming
    to the table) is listed apart, after everyone who played, with no rank."""

    rank: int | None
    entrant: Entrant
    totals: Totals
    cut: int | None = None  # in a top cut: how many players were left where they went out (1: the winner)

    @property
    def played(self) -> bool:
        return self.rank is not None


def missed_round_losses(first_rounds: dict[int, int | None], rounds_played: int, loss) -> list[SideResult]:
    """For an event whose late arrivals take a loss per missed round: a loss (the forfeit loser's award,
    `loss` with tp, diff, vp) for every round before a player's first seat (`first_rounds`: player -> first
    round seated, None while not yet seated, so every round played so far is missed)."""
    return [SideResult(player, number, loss.vp, loss.tp, loss.diff, missed=True)
            for player, first in first_rounds.items()
            for number in range(1, (first if first is not None else rounds_played + 1))]


def totals_by_player(results: Iterable[SideResult], *, after_round: int | None = None) -> dict[int, Totals]:
    totals: dict[int, Totals] = {}
    for side in results:
        if after_round is None or side.round <= after_round:
            totals.setdefault(side.player, Totals()).add(side)
    return totals


def did_not_play(results: Iterable[SideResult], seated: Collection[int], *,
                 after_round: int | None = None) -> Callable[[int], bool]:
    """Who has not taken part: never seated in a round, or seated only to be a no-show at every table. A
    seated player whose result is not in yet, or who lost a game by a forfeit for another reason, has."""
    came: set[int] = set()
    lost_unseen: set[int] = set()
    for side in results:
        if side.missed or (after_round is not None and side.round > after_round):
            continue
        (lost_unseen if side.no_show else came).add(side.player)
    return lambda pid: pid not in seated or (pid in lost_unseen and pid not in came)


def standings(entrants: Iterable[Entrant], results: Iterable[SideResult], *, after_round: int | None = None,
              tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS, adjustments: Iterable[Adjustment] = (),
              seated: Collection[int] | None = None) -> list[Standing]:
    """Ranked rows, best first; ties listed by name so the page is stable. Given who was `seated` in the
    rounds counted, those who did not play follow, unranked (they are not last among those who played)."""
    entrants, results = list(entrants), list(results)
    absent = did_not_play(results, seated, after_round=after_round) if seated is not None else (lambda pid: False)
    totals = totals_by_player(results, after_round=after_round)
    for adjustment in adjustments:
        if after_round is None or adjustment.round is None or adjustment.round <= after_round:
            own = totals.setdefault(adjustment.player, Totals())
            own.tp += adjustment.tp
            own.adjusted += adjustment.tp
    ringers = {e.id for e in entrants if e.is_ringer}
    for own in totals.values():
        own.sos = sum(totals[o].tp for o in own.opponents if o not in ringers)
    rows = [(e, totals.get(e.id, Totals())) for e in entrants if e.ranked and not absent(e.id)]
    apart = [(e, totals.get(e.id, Totals())) for e in entrants if e.ranked and absent(e.id)]

    def merit(row: tuple[Entrant, Totals]) -> tuple[int, ...]:
        return tuple(getattr(row[1], t) for t in tiebreaks)

    rows.sort(key=lambda row: (tuple(-v for v in merit(row)), row[0].name.casefold(), row[0].id))
    ranked: list[Standing] = []
    for position, row in enumerate(rows, start=1):
        shares_place = ranked and merit(row) == merit((ranked[-1].entrant, ranked[-1].totals))
        rank = ranked[-1].rank if shares_place else position
        ranked.append(Standing(rank=rank, entrant=row[0], totals=row[1]))
    apart.sort(key=lambda row: (row[0].name.casefold(), row[0].id))
    return ranked + [Standing(rank=None, entrant=e, totals=t) for e, t in apart]
