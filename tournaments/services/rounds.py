"""Rounds: pairing the next one (now, or as a job for a large field), swapping seats, redoing one."""
from __future__ import annotations

import hashlib

from django.conf import settings
from django.utils import timezone

from audit.services import record
from jobs.services import job_start
from scoring.messages import say
from scoring.missions import PER_TABLE
from scoring.problems import Invalid, Problem, conflict, invalid
from scoring.report import BYE
from scoring.results import score_bye
from tournaments import selectors
from tournaments.models import CUT_STAGE, SWISS_STAGE, Event, Game, Player, Result, Round, Seat
from tournaments.pairing import SWISS
from tournaments.pairing.report import FORCED_ONLY, REMATCH_IN_WINDOW, game_flags
from tournaments.planning import RoundPlan, plan_round
from tournaments.services.changes import announce, event_change
from tournaments.services.cut import cut_pairs, cut_removed, cut_rounds, is_cut_round
from tournaments.services.events import event_update, refuse_if_finished
from tournaments.signals import ROUND_PUBLISHED
from tournaments.standings import ACTIVE


def round_request(*, event: Event, by, **options):
    """Pair the next round now, or, for a field at least PAIRING_JOB_THRESHOLD strong, as a job
    (a `jobs.models.Job` to follow)."""
    field = event.players.filter(status=ACTIVE, checked_in=True, is_ringer=False).count()
    if field < settings.PAIRING_JOB_THRESHOLD:
        return round_generate(event=event, by=by, **options)
    refuse_round_now(event, selectors.latest_round_number(event, drafts=True) + 1)  # the usual 409s at once
    return job_start(event=event, kind="round_generate", params=options, by=by)


def round_generate(*, event: Event, seed: str | int | None = None, strategy: str = "", deployment: str = "",
                   scheme_pool: list[str] | None = None, method: str = SWISS, avoid_same_club: bool = False,
                   publish: bool = True, unavailable_tables: list[int] | None = None,
                   fresh_tables: bool | None = None, progress=None, by=None) -> Round:
    """Pair the next round and save it whole: mission, flipped cards, games and tables with their flags,
    seats; published at once (the bye's award, the players' mail), or, without `publish`, a draft for the
    organizers to preview and adjust first. The event's table settings, when given, change with it (in the
    audit trail). `progress(percent)` hears how far it got."""
    progress = progress or (lambda percent: None)
    with event_change(event) as event:
        tables = {key: value for key, value in (("unavailable_tables", unavailable_tables),
                                                ("fresh_tables", fresh_tables))
                  if value is not None and value != getattr(event, key)}
        if tables:
            event = event_update(event=event, by=by, **tables)
        if event.team_size:
            raise conflict("team_event", say("This is a team event: its rounds pair teams, from its teams' pages."))
        inputs = selectors.round_inputs(event)
        refuse_round_now(event, inputs.number)
        cut = is_cut_round(event, inputs.number)
        plan = plan_round(inputs, seed=seed, strategy=strategy, deployment=deployment, scheme_pool=scheme_pool,
                          method=method, avoid_same_club=avoid_same_club, progress=progress,
                          cut_pairs=cut_pairs(event, inputs) if cut else None)
        asked = {"method": method, "avoid_same_club": avoid_same_club,
                 **{k: v for k, v in (("strategy", strategy), ("deployment", deployment),
                                      ("scheme_pool", scheme_pool)) if v}}
        rnd, games = _save_round(event, plan, asked=asked, publish=publish, by=by,
                                 stage=CUT_STAGE if cut else SWISS_STAGE)
        if publish:
            _announce(event, rnd, games)
        progress(100)
    return rnd


def round_open(*, event: Event, by, publish: bool, seed: str | int | None = None, method: str = "teams") -> Round:
    """The next round with its mission and Fate cards but no game yet, for pairings made elsewhere (a team
    event's matches, whose games come with their lineups); inside the caller's `event_change`."""
    inputs = selectors.round_inputs(event)
    refuse_round_now(event, inputs.number)
    plan = plan_round(inputs, seed=seed, cut_pairs=[])
    rnd, _ = _save_round(event, plan, asked={"method": method}, publish=publish, by=by)
    return rnd


def seating(games) -> str:
    """A short fingerprint of who sits where, so that a draft is published as the organizer saw it."""
    seats = sorted((g.table or 0, g.player_a_id, g.player_b_id or 0) for g in games)
    return hashlib.sha256(repr(seats).encode()).hexdigest()[:16]


def round_publish(*, event: Event, number: int, by, seen: str | None = None) -> Round:
    """Publish a draft: players see their tables, the bye's award counts, the mail goes; one transaction.
    Refused while a seated player is no longer expected to play (dropped, disqualified, absent), and when
    `seen` (the `seating` the organizer looked at) is not the draft's any more: another organizer swapped
    seats or paired it again meanwhile."""
    with event_change(event) as event:
        refuse_if_finished(event)
        rnd = event.round_set.filter(number=number).first()
        if rnd is None:
            raise invalid("unknown_round", say("This event has no round {number}.", number=number), "round")
        if not rnd.is_draft:
            raise conflict("round_published", say("Round {number} is already published.", number=number))
        games = list(rnd.games.all())
        if seen is not None and seen != seating(games):
            raise conflict("draft_changed", say(
                "The pairing of round {number} changed since you looked at it (seats swapped, or paired again): "
                "check it, then publish.", number=number))
        gone = list(event.players.filter(seats__round=rnd).exclude(status=ACTIVE, checked_in=True)
                    .order_by("name").values_list("name", flat=True))
        if gone:
            raise conflict("players_gone", say(
                "Seated but no longer playing: {value}. Pair the round again, or swap them out first.",
                value=", ".join(gone)))
        rnd.published_at = timezone.now()
        rnd.save(update_fields=["published_at"])
        record(event, by, "round_published", round_number=rnd.number, after={"games": len(games)})
        _announce(event, rnd, games)
    return rnd


BYE_SEAT, RINGER_SEAT, PAIRED_AGAIN = "bye", "ringer", "paired_again"
CUT_METHOD = "cut"  # a round of the top cut, paired by its bracket
# The free seat would have been a rematch inside the window: the draft was paired again instead (legal).
REMATCH_AVOIDED = "rematch_avoided"


def round_seat_late(*, event: Event, number: int, player: Player, by) -> tuple[Round, str]:
    """A player who arrived after the draft was paired joins it before it is published: against the player
    who had the bye (at their pinned table, else the next free one; the only seat for a Ringer who arrived
    late), or in the Ringer's seat. Where neither
    fits (no such seat, its opponent gone since, a pinned table taken, missions drawn per table), the draft
    is paired again with everyone checked in, with the options it was paired with; so it is when the free
    seat would be a rematch inside the window (one tap never seats a late player against the opponent
    he met last round). Returns the draft and which happened (BYE_SEAT, RINGER_SEAT, PAIRED_AGAIN,
    REMATCH_AVOIDED)."""
    with event_change(event) as event:
        rnd = event.round_set.filter(number=number).first()
        if rnd is None:
            raise invalid("unknown_round", say("This event has no round {number}.", number=number), "round")
        if not rnd.is_draft:
            raise conflict("round_published", say(
                "Round {number} is published: a late player joins from the next round.", number=number))
        player = Player.objects.get(pk=player.pk, event=event)
        if player.status != ACTIVE or not player.checked_in:
            raise conflict("player_not_expected", say("{player_name} is not checked in to play.",
                                                       player_name=player.name))
        if event.team_size:
            raise conflict("team_lineup_seats", say(
                "In a team event a player plays for their team: seat them through its lineup."))
        if rnd.stage == CUT_STAGE:
            raise conflict("cut_seats_seeds", say("A round of the top cut seats only the players its bracket sends "
                                                  "there."))
        if player.is_ringer and not rnd.games.filter(player_b__isnull=True).exists():
            raise conflict("ringer_not_needed", say(
                "The Ringer plays only against the player who would have the bye; this round has none."))
        if Seat.objects.filter(round=rnd, player=player).exists():
            raise conflict("already_seated", say("{player_name} already has a seat in round {number}.",
                                                 player_name=player.name, number=number))
        game, how = _late_seat(event, rnd, player)
        if game is not None:
            history, _ = selectors.pairing_history(event, before_round=number)
            game.flags = game_flags(game.player_a_id, game.player_b_id, game.table, history=history,
                                    round_number=number, rematch_window=event.rematch_window)
            if REMATCH_IN_WINDOW in game.flags:
                game, how = None, REMATCH_AVOIDED
        if game is None:
            round_delete(event=event, number=number, by=by)
            return round_generate(event=event, publish=False, by=by, **rnd.report.get("asked", {})), how
        game.save(update_fields=["player_a", "player_b", "table", "flags"])
        Seat.objects.create(round=rnd, player=player, game=game)
        record(event, by, "late_player_seated", round_number=number, player=player,
               other_player=game.opponent_of(player.pk), after={"table": game.table, "seat": how})
    return rnd, how


def _late_seat(event: Event, rnd: Round, late: Player) -> tuple[Game | None, str]:
    """The draft's game a late player can join without moving anyone else (changed, not saved), or None."""
    if event.missions == PER_TABLE:
        return None, PAIRED_AGAIN  # the new table would need a mission of its own from the event's deck
    games = list(rnd.games.select_related("player_a", "player_b"))
    playing = {p.pk: p for g in games for p in (g.player_a, g.player_b) if p}
    ringer = next((p for p in playing.values() if p.is_ringer), None)
    bye = next((g for g in games if g.is_bye), None)
    if bye is not None:
        partner = bye.player_a
        wanted = late.pinned_table or partner.pinned_table
        table = wanted if wanted else _free_table(event, games)
        if wanted and (wanted in {g.table for g in games} or wanted in event.unavailable_tables) \
                or not _still_playing(partner):
            return None, PAIRED_AGAIN  # a pinned table taken, or the bye's player left since the pairing
        bye.player_b_id, bye.table = late.pk, table
        return bye, BYE_SEAT
    elif ringer is not None:
        game = next(g for g in games if g.side_of(ringer.pk))
        partner = playing[game.opponent_of(ringer.pk)]
        if late.pinned_table and late.pinned_table != game.table or not _still_playing(partner):
            return None, PAIRED_AGAIN
        Seat.objects.filter(round=rnd, player=ringer).delete()
        setattr(game, "player_a_id" if game.player_a_id == ringer.pk else "player_b_id", late.pk)
        return game, RINGER_SEAT
    return None, PAIRED_AGAIN


def _still_playing(player: Player) -> bool:
    return player.status == ACTIVE and player.checked_in


def _free_table(event: Event, games: list[Game]) -> int:
    """The lowest table number neither used in the round nor unavailable."""
    taken = {g.table for g in games if g.table} | set(event.unavailable_tables)
    return next(t for t in range(1, len(taken) + 2) if t not in taken)


def _announce(event: Event, rnd: Round, games: list[Game]) -> None:
    """A round being published: the bye's award counts, and the players hear of their tables (by mail, phone
    and Discord, from who listens to ROUND_PUBLISHED)."""
    bye = score_bye(event.rules())
    Result.objects.bulk_create(Result(game=game, outcome=BYE, vp_a=bye.vp, tp_a=bye.tp, diff_a=bye.diff)
                               for game in games if game.is_bye)
    announce(event, ROUND_PUBLISHED, round=rnd, games=games)


def round_from_job(job, progress) -> dict:
    """A pairing job's work (see `jobs.services`): the round, and where to find it."""
    rnd = round_generate(event=job.event, progress=progress, by=job.created_by, **job.params)
    return {"result": {"round": rnd.number}}


def _save_round(event: Event, plan: RoundPlan, *, asked: dict, publish: bool, by,
                stage: str = SWISS_STAGE) -> tuple[Round, list[Game]]:
    """`asked`: the options the round was paired with (method, clubs, a mission chosen), kept in its report
    so that a draft paired again is paired the same way; a round of the cut is paired by its bracket."""
    method = CUT_METHOD if stage == CUT_STAGE else asked["method"]
    rounds_fixed = event.rounds is None
    if rounds_fixed:
        event.rounds = plan.planned_rounds
        event.save(update_fields=["rounds"])
    mission = plan.mission
    rnd = Round.objects.create(
        event=event, number=plan.number, stage=stage, seed=plan.seed, **mission_fields(mission), flips=plan.flips,
        published_at=timezone.now() if publish else None,
        report={"method": method, "warnings": [{"code": w.code, "detail": w.detail}
                                               for w in (mission.warnings if mission else ())],
                "objective": plan.objective, "adjustments": [], "asked": asked,
                **({"rounds_fixed": True} if rounds_fixed else {})})
    games = Game.objects.bulk_create(Game(round=rnd, table=g.table, player_a_id=g.player_a, player_b_id=g.player_b,
                                          flags=g.flags, **mission_fields(g.mission)) for g in plan.games)
    Seat.objects.bulk_create(Seat(round=rnd, player_id=pid, game=game)
                             for game in games for pid in (game.player_a_id, game.player_b_id) if pid)
    record(event, by, "round_paired", round_number=plan.number,
           after={"method": method, "seed": plan.seed, "games": len(games), "published": publish})
    return rnd, games


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
        if event.team_size:
            raise conflict("team_lineup_seats", say(
                "In a team event the lineups seat the players: seats cannot be swapped."))
        if rnd.stage == CUT_STAGE:
            raise conflict("cut_seats_seeds", say("A round of the top cut follows its bracket: seats cannot be "
                                                  "swapped."))
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


def round_delete(*, event: Event, number: int, by, draft_only: bool = False) -> None:
    """Redo: remove the latest round (a draft, or a published round while no game of it has a reported
    result); its cards go back on the deck. `draft_only`: only if it is still a draft (discarded without
    asking, so a round published meanwhile is refused)."""
    with event_change(event) as event:
        refuse_if_finished(event)
        latest = selectors.latest_round_number(event, drafts=True)
        if number != latest:
            raise conflict("not_latest_round", say("Only the latest round ({latest}) can be removed.", latest=latest))
        rnd = event.round_set.get(number=number)
        if draft_only and not rnd.is_draft:
            raise conflict("round_published", say(
                "Round {number} was published meanwhile: redo it from its page, which asks first.", number=number))
        _refuse_if_reported(rnd, say("Round {number} already has results; correct them instead.", number=number))
        rnd.delete()
        if rnd.stage == CUT_STAGE:
            cut_removed(event, number)
        if rnd.report.get("rounds_fixed"):  # fixed from round 1's attendance: fixed again when it is paired again
            event.rounds = None
            event.save(update_fields=["rounds"])
        record(event, by, "round_removed", round_number=number,
               before={"seed": rnd.seed, **({"draft": True} if rnd.is_draft else {})})


def _refuse_if_reported(rnd: Round, why: str) -> None:
    """Seats move and rounds go only while no game has a result (a bye's award does not count)."""
    if Result.objects.filter(game__round=rnd).exclude(outcome=BYE).exists():
        raise conflict("round_has_results", why)


def refuse_round_now(event: Event, number: int) -> None:
    """Round `number` may be paired: the event not finished, within the planned rounds, the round before
    wholly confirmed."""
    refuse_if_finished(event)
    missing = [] if number == 1 else list(
        Game.objects.filter(round__event=event, round__number=number - 1, result__isnull=True)
        .order_by("table").values_list("table", flat=True))
    # A draft has no result at all: only then is the round before looked at again.
    if missing and event.round_set.filter(number=number - 1, published_at__isnull=True).exists():
        raise conflict("round_not_published", say(
            "Round {number} is paired but not published: publish it or discard it first.", number=number - 1))
    if event.rounds is not None and number > event.rounds + cut_rounds(event):
        if event.cut_size:
            raise conflict("cut_complete", say("The top cut has its winner: the event can be finished."))
        raise conflict("rounds_complete",
                       say("All {event_rounds} planned rounds are paired.", event_rounds=event.rounds))
    if missing:
        raise conflict("results_missing", say(
            "Round {round} still has games without a confirmed result (tables: {tables}).",
            round=number - 1, tables=", ".join(map(str, missing))))
