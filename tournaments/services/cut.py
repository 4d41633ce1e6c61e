"""The top cut's writes: seeding it from the Swiss standings, pairing each of its rounds from the bracket,
and keeping the bracket whole while results are corrected (`tournaments.bracket` holds its rules)."""
from __future__ import annotations

from scoring.messages import say
from scoring.problems import conflict
from tournaments import selectors
from tournaments.bracket import CutResult, next_stage, stages, winner
from tournaments.models import CUT_STAGE, Event, Game, Player
from tournaments.planning import RoundInputs


def cut_rounds(event: Event) -> int:
    """How many rounds the event's cut adds after its Swiss rounds (0: no cut)."""
    return stages(event.cut_size) if event.cut_size else 0


def last_round(event: Event) -> int | None:
    """The event's last round, its cut's final included; None while its number of rounds is open."""
    return event.rounds + cut_rounds(event) if event.rounds is not None else None


def cut_rounds_left(event: Event) -> int:
    """How many of the cut's rounds are not paired yet (0: its final is, or the event has no cut)."""
    if not event.cut_size:
        return 0
    return cut_rounds(event) - event.round_set.filter(stage=CUT_STAGE).count()


def is_cut_round(event: Event, number: int) -> bool:
    return bool(event.cut_size) and event.rounds is not None and number > event.rounds


def cut_pairs(event: Event, inputs: RoundInputs) -> list[tuple[int, int]]:
    """The games of the cut's next round, the better seed first. Its first round seeds the cut: the best
    of the Swiss standings still playing (active and checked in, the Ringer never), each given their seed."""
    if inputs.number == event.rounds + 1:
        _seed(event, inputs)
    swiss = selectors.event_standings(event, after_round=event.rounds)
    _, stages_so_far = selectors.cut_bracket(event, swiss, pairing=True)
    games = next_stage(stages_so_far)
    if games is None:
        raise conflict("cut_complete", say("The top cut has its winner: the event can be finished."))
    return [(g.a, g.b) for g in games]


def _seed(event: Event, inputs: RoundInputs) -> None:
    playing = {p.id for p in inputs.players if not p.is_ringer}
    swiss = selectors.event_standings(event, after_round=event.rounds)
    seeds = [row.entrant.id for row in swiss if row.rank is not None and row.entrant.id in playing][:event.cut_size]
    if len(seeds) < event.cut_size:
        raise conflict("cut_too_small", say(
            "A top {cut_size} needs {cut_size} players still playing; {value} are.", cut_size=event.cut_size,
            value=len(seeds)))
    event.players.exclude(seed=None).update(seed=None)
    for number, pid in enumerate(seeds, start=1):
        Player.objects.filter(pk=pid).update(seed=number)


def cut_removed(event: Event, number: int) -> None:
    """The cut's first round removed (redone): nobody is seeded until it is paired again."""
    if number == event.rounds + 1:
        event.players.exclude(seed=None).update(seed=None)


def refuse_cut_winner_change(game: Game, outcome: str, vp_a: int, vp_b: int, loser: str) -> None:
    """A cut game's winner may change only while the cut's next round is not paired: its winner plays
    there. (A score that keeps the winner is fine.)"""
    rnd = game.round
    if rnd.stage != CUT_STAGE or not rnd.event.round_set.filter(number=rnd.number + 1).exists():
        return
    event = rnd.event
    seeds = dict(event.players.exclude(seed=None).values_list("id", "seed"))
    totals = {row.entrant.id: (row.totals.diff, row.totals.vp)
              for row in selectors.event_standings(event, after_round=event.rounds)}
    before = game.result
    was, _ = winner(CutResult(game.player_a_id, game.player_b_id, before.vp_a, before.vp_b, before.outcome,
                              before.loser), event.cut_draws, seeds, totals)
    now, _ = winner(CutResult(game.player_a_id, game.player_b_id, vp_a, vp_b, outcome, loser), event.cut_draws,
                    seeds, totals)
    if was != now:
        raise conflict("cut_round_paired", say(
            "Round {number} of the cut is paired with this game's winner: remove it first to change who won.",
            number=rnd.number + 1))

