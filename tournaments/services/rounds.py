"""Rounds: pairing the next one (now, or as a job for a large field), swapping seats, redoing one."""
from __future__ import annotations

from django.conf import settings
from django.utils import timezone

from audit.services import record
from jobs.services import job_start
from notifications.services import round_published
from scoring.messages import say
from scoring.problems import Invalid, Problem, conflict, invalid
from scoring.results import score_bye
from scoring.validator import BYE
from tournaments import selectors
from tournaments.models import Event, Game, Result, Round, Seat
from tournaments.pairing import SWISS
from tournaments.pairing.report import FORCED_ONLY, game_flags
from tournaments.planning import RoundPlan, plan_round
from tournaments.services.changes import event_change
from tournaments.services.events import refuse_if_finished
from tournaments.standings import ACTIVE


def round_request(*, event: Event, by, **options):
    """Pair the next round now, or, for a field at least PAIRING_JOB_THRESHOLD strong, as a job
    (a `jobs.models.Job` to follow)."""
    field = event.players.filter(status=ACTIVE, checked_in=True, is_ringer=False).count()
    if field < settings.PAIRING_JOB_THRESHOLD:
        return round_generate(event=event, by=by, **options)
    refuse_round_now(event, selectors.latest_round_number(event) + 1)  # answer the usual 409s at once
    return job_start(event=event, kind="round_generate", params=options, by=by)


def round_generate(*, event: Event, seed: str | int | None = None, strategy: str = "", deployment: str = "",
                   scheme_pool: list[str] | None = None, method: str = SWISS, avoid_same_club: bool = False,
                   progress=None, by=None) -> Round:
    """Pair the next round and save it whole: mission, flipped cards, games and tables with their flags,
    seats and the bye's award. `progress(percent)` hears how far it got."""
    progress = progress or (lambda percent: None)
    with event_change(event) as event:
        inputs = selectors.round_inputs(event)
        refuse_round_now(event, inputs.number)
        plan = plan_round(inputs, seed=seed, strategy=strategy, deployment=deployment, scheme_pool=scheme_pool,
                          method=method, avoid_same_club=avoid_same_club, progress=progress)
        rnd = _save_round(event, plan, method=method, by=by)
        progress(100)
    return rnd


def round_from_job(job, progress) -> dict:
    """A pairing job's work (see `jobs.services`): the round, and where to find it."""
    rnd = round_generate(event=job.event, progress=progress, by=job.created_by, **job.params)
    return {"result": {"round": rnd.number}}


def _save_round(event: Event, plan: RoundPlan, *, method: str, by) -> Round:
    if event.rounds is None:
        event.rounds = plan.planned_rounds
        event.save(update_fields=["rounds"])
    mission = plan.mission
    rnd = Round.objects.create(
        event=event, number=plan.number, seed=plan.seed, **mission_fields(mission), flips=plan.flips,
        report={"method": method, "warnings": [{"code": w.code, "detail": w.detail}
                                               for w in (mission.warnings if mission else ())],
                "objective": plan.objective, "adjustments": []})
    games = Game.objects.bulk_create(Game(round=rnd, table=g.table, player_a_id=g.player_a, player_b_id=g.player_b,
                                          flags=g.flags, **mission_fields(g.mission)) for g in plan.games)
    Seat.objects.bulk_create(Seat(round=rnd, player_id=pid, game=game)
                             for game in games for pid in (game.player_a_id, game.player_b_id) if pid)
    bye = score_bye(event.rules())
    Result.objects.bulk_create(Result(game=game, outcome=BYE, vp_a=bye.vp, tp_a=bye.tp, diff_a=bye.diff)
                               for game in games if game.is_bye)
    record(event, by, "round_paired", round_number=plan.number,
           after={"method": method, "seed": plan.seed, "games": len(games)})
    round_published(rnd, games)
    return rnd


def mission_fields(mission) -> dict:
    """A planned mission as the round's (or a table's) stored keys; none: left empty."""
    if mission is None:
        return {}
    return {"strategy": mission.strategy.key, "deployment": mission.deployment.key,
            "scheme_pool": [s.key for s in mission.scheme_pool]}


def round_swap(*, event: Event, number: int, player_1: int, player_2: int, force: bool = False, by) -> Round:
    """Exchange two players' seats in a round with no reported result; a swap that breaks a pairing rule
    (a rematch within the window, a second bye) needs `force` and is recorded in the round's report."""
    with event_change(event) as event:
        refuse_if_finished(event)
        rnd = event.round_set.filter(number=number).first()
        if rnd is None:
            raise invalid("unknown_round", say("This event has no round {number}.", number=number), "round")
        _refuse_if_reported(rnd, say("Round {number} already has results; seats can no longer move.",
                                     number=number))
        seats = {s.player_id: s for s in
                 Seat.objects.filter(round=rnd, player_id__in=(player_1, player_2)).select_related("game")}
        problems = [Problem("player_not_in_round", say("Player {pid} has no seat in round {number}.", pid=pid,
                                                       number=number), attr)
                    for pid, attr in ((player_1, "player_1"), (player_2, "player_2")) if pid not in seats]
        if problems:
            raise Invalid(*problems)
        first, second = seats[player_1].game, seats[player_2].game
        if first.pk == second.pk:
            raise invalid("same_game", say("These two players already sit at the same game."), "player_2")
        for game, leaving, arriving in ((first, player_1, player_2), (second, player_2, player_1)):
            if game.player_a_id == leaving:
                game.player_a_id = arriving
            else:
                game.player_b_id = arriving
        history, _ = selectors.pairing_history(event, before_round=number)
        for game in (first, second):
            game.flags = game_flags(game.player_a_id, game.player_b_id, game.table, history=history,
                                    round_number=number, rematch_window=event.rematch_window)
        broken = sorted({f for game in (first, second) for f in game.flags if f in FORCED_ONLY})
        if broken and not force:
            raise conflict("swap_needs_force", say(
                'This swap breaks a pairing rule ({value}); send "force": true to make it anyway.',
                value=", ".join(broken)))
        Game.objects.bulk_update([first, second], ["player_a", "player_b", "flags"])
        seats[player_1].game, seats[player_2].game = second, first
        Seat.objects.bulk_update(seats.values(), ["game"])
        rnd.report.setdefault("adjustments", []).append({
            "swap": [player_1, player_2], "forced": bool(broken), "broken": broken,
            "by": getattr(by, "username", ""), "at": timezone.now().isoformat()})
        rnd.save(update_fields=["report"])
        record(event, by, "seats_swapped", round_number=number, player=player_1, other_player=player_2,
               before={"tables": [second.table, first.table]},
               after={"tables": [first.table, second.table], "forced": bool(broken), "broken": broken})
    return rnd


def round_delete(*, event: Event, number: int, by) -> None:
    """Redo: remove the latest round while no game of it has a reported result; its cards go back on the deck."""
    with event_change(event) as event:
        refuse_if_finished(event)
        latest = selectors.latest_round_number(event)
        if number != latest:
            raise conflict("not_latest_round", say("Only the latest round ({latest}) can be removed.", latest=latest))
        rnd = event.round_set.get(number=number)
        _refuse_if_reported(rnd, say("Round {number} already has results; correct them instead.", number=number))
        rnd.delete()
        record(event, by, "round_removed", round_number=number, before={"seed": rnd.seed})


def _refuse_if_reported(rnd: Round, why: str) -> None:
    """Seats move and rounds go only while no game has a result (a bye's award does not count)."""
    if Result.objects.filter(game__round=rnd).exclude(outcome=BYE).exists():
        raise conflict("round_has_results", why)


def refuse_round_now(event: Event, number: int) -> None:
    """Round `number` may be paired: the event not finished, within the planned rounds, the round before
    wholly confirmed."""
    refuse_if_finished(event)
    if event.rounds is not None and number > event.rounds:
        raise conflict("rounds_complete",
                       say("All {event_rounds} planned rounds have been played.", event_rounds=event.rounds))
    if number > 1:
        missing = list(Game.objects.filter(round__event=event, round__number=number - 1, result__isnull=True)
                       .order_by("table").values_list("table", flat=True))
        if missing:
            raise conflict("results_missing", say(
                "Round {round} still has games without a confirmed result (tables: {tables}).",
                round=number - 1, tables=", ".join(map(str, missing))))
