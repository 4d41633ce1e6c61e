"""The result that counts: entered or corrected by an organizer, or confirmed by the players
(`reports`); every figure judged by the rules module first."""
from __future__ import annotations

from collections.abc import Collection
from dataclasses import asdict, replace

from audit.services import record, result_snapshot, version_snapshot
from scoring.entries import leaders_checked, plain_masters
from scoring.formats import get_format
from scoring.messages import say
from scoring.missions import AT_TABLE
from scoring.problems import Invalid, conflict, invalid
from scoring.report import (
    CONCEDED,
    DOUBLE_LOSS,
    FORFEITED,
    PLAYED,
    SIDES,
    Report,
    breakdown_from_dict,
    mission_from_dict,
)
from scoring.results import score_report
from tournaments.bracket import result_problem
from tournaments.models import CUT_STAGE, SWISS_STAGE, Game, Player, PlayerReport, Result
from tournaments.services.changes import SHARED, announce, event_change
from tournaments.services.cut import refuse_cut_winner_change
from tournaments.services.events import refuse_if_finished
from tournaments.signals import RESULT_CHANGED
from tournaments.standings import ACTIVE, DROPPED


def result_record(*, game: Game, by, report: Report, masters: tuple[str, str] | None = None,
                  shown: Collection[str] | None = None) -> tuple[Result, bool]:
    """An organizer enters or replaces a game's result; it counts at once and settles any players'
    versions (a dispute). A correction changes the parts its form shows (`shown`, see `corrected`; None: the
    report is whole) and keeps the rest of what it corrects; masters not given, or one side's left empty,
    are kept from the result or the players' versions.
    Returns (result, created)."""
    masters = plain_masters(masters)
    leaders = None
    if masters and any(masters):
        masters, leaders = game_leaders(game, masters)
    with event_change(game.round.event, lock=SHARED):
        game = locked_game(game)
        existing = getattr(game, "result", None)
        before = result_snapshot(existing)
        reports = list(game.reports.all())  # read once: the locked game has them in no cache
        versions = [version_snapshot(v) for v in reports]
        basis = correction_basis(existing, reports)
        report = corrected(report, basis, shown)
        scores = result_scores(game, report)
        known = [existing] if existing else reports
        kept = next((k for k in known if k.master_a or k.master_b), None)
        masters, leaders = leaders_kept(kept, masters, leaders)
        result, created = result_save(game=game, by=by, report=report, scores=scores, masters=masters,
                                      leaders=leaders, no_show=still_unseen(existing, report))
        record(game.round.event, by, "result_entered", game=game,
               before={"result": before, "versions": versions} if versions else before,
               after=result_snapshot(result))
    return result, created


# The parts of a result a form or a request shows, for `corrected`: the outcome (with its loser), each side's
# VP, the turns played, each side's breakdown (a player's page shows their own) and the mission their table
# flipped (events whose tables flip their own).
EVERY_PART = frozenset(("outcome", "vp_a", "vp_b", "turns", "breakdown.a", "breakdown.b", "mission"))


def correction_basis(result, versions):
    """What a correction starts from, and what the board and the score sheet show first: the result that
    counts, else a single player's version (a report awaiting confirmation); a dispute's two give none."""
    versions = list(versions)
    return result or (versions[0] if len(versions) == 1 else None)


def corrected(report: Report, before, shown: Collection[str] | None) -> Report:
    """A correction changes only the parts its form shows (`shown`, among EVERY_PART; None: the report is
    whole) and keeps every other part as `before` (a result or a player's version) has it: the board's VP
    keep the score sheet's turns and breakdown. A score is kept only while the game stays played (a
    concession's VP are its awards), and so is a breakdown (a concession, forfeit or double loss has none);
    VP sent without an outcome to a game that was not played are refused, not dropped."""
    if before is None or shown is None:
        return report
    shown = frozenset(shown)
    outcome = report.outcome if "outcome" in shown else before.outcome
    if outcome != PLAYED and "outcome" not in shown and shown & {"vp_a", "vp_b"}:
        raise invalid("vp_without_outcome", say(
            "This game was not played to a score: send its outcome \"played\" with the VP."), "outcome")
    kept: dict = {} if "outcome" in shown else {"outcome": before.outcome, "loser": before.loser or None}
    for side in SIDES:
        if f"vp_{side}" not in shown and outcome == PLAYED and before.outcome == PLAYED:
            kept[f"vp_{side}"] = getattr(before, f"vp_{side}")
    if "turns" not in shown:
        kept["turns"] = before.turns
    breakdown = {side: part for side, part in report.breakdown.items() if f"breakdown.{side}" in shown}
    if outcome == PLAYED:
        breakdown.update((side, part) for side, part in breakdown_from_dict(before.breakdown or {}).items()
                         if f"breakdown.{side}" not in shown)
    kept["breakdown"] = dict(sorted(breakdown.items()))
    if "mission" not in shown:  # a version keeps the mission it reported; a result's is its game's
        kept["mission"] = mission_from_dict(getattr(before, "mission", None))
    return replace(report, **kept)


def leaders_kept(kept, masters: tuple[str, str] | None, leaders: tuple[str, str] | None):
    """The two leaders a result or a version stores: those typed (checked), a side left empty keeping its
    leader as `kept` (what is corrected) had it; none typed, all kept. Returns (masters, leader keys)."""
    kept_masters = (kept.master_a, kept.master_b) if kept else ("", "")
    kept_leaders = (kept.leader_a, kept.leader_b) if kept else ("", "")
    if leaders is None or not any(masters):
        return kept_masters, kept_leaders
    return (tuple(masters[i] or kept_masters[i] for i in range(2)),
            tuple(leaders[i] if masters[i] else kept_leaders[i] for i in range(2)))


def still_unseen(before, report: Report) -> str:
    """The sides the desk recorded as no-shows stay so while the corrected result still has them lose by
    forfeit (or a double loss): a game they came to after all has none."""
    unseen = getattr(before, "no_show", "") or ""
    if report.outcome == DOUBLE_LOSS:
        return unseen
    return "".join(side for side in unseen if report.outcome == FORFEITED and side == report.loser)


def locked_game(game: Game) -> Game:
    """The game's row locked (only its own row: the event is locked first, shared, by event_change),
    fresh, with its result as it stands (`getattr(locked, "result", None)`); a conflict when its round was
    removed meanwhile."""
    locked = Game.objects.select_for_update(of=("self",)).select_related("round__event", "result").filter(
        pk=game.pk).order_by("pk").first()  # one row: no need to sort it by its round
    if locked is None:
        raise conflict("game_removed", say("This game's round was removed meanwhile; reload the round."))
    for side in ("player_a", "player_b"):  # the players already read stay read, unless a swap changed them
        if getattr(Game, side).is_cached(game) and getattr(game, f"{side}_id") == getattr(locked, f"{side}_id"):
            setattr(locked, side, getattr(game, side))
    return locked


def result_scores(game: Game, report: Report):
    """The game's two scores under the event's rules, against the mission its table played (its own, else
    the round's; at the table: as reported); every problem with the report raises Invalid."""
    if game.is_bye:
        raise conflict("bye_result_fixed", say("A bye's result is the event's award and cannot be entered."))
    event = game.round.event
    refuse_if_finished(event)
    if game.round.is_draft:
        raise conflict("round_not_published", say(
            "Round {number} is not published yet: publish it before entering results.", number=game.round.number))
    if event.missions == AT_TABLE:
        if report.mission is None and report.outcome == PLAYED and not game.strategy:
            raise invalid("mission_required", say(
                "Each table of this event flips its own mission: report the strategy, deployment and Scheme "
                "Pool the table played."), "mission")
    elif report.mission is not None:
        raise invalid("mission_unexpected", say(
            "This event's missions are not flipped at the table: report the result without one."), "mission")
    names = {"a": game.player_a.name, "b": game.player_b.name}
    strategy, _, pool = game.mission()
    scores = score_report(event.rules(), report, pool=pool, names=names, strategy=strategy)
    _refuse_in_cut(game, report, scores)
    return scores


def _refuse_in_cut(game: Game, report: Report, scores) -> None:
    """A game of the top cut needs a winner (`tournaments.bracket.result_problem`)."""
    if game.round.stage == CUT_STAGE:
        problem = result_problem(report.outcome, scores[0].vp, scores[1].vp, game.round.event.cut_draws)
        if problem is not None:
            raise Invalid(problem)


def game_leaders(game: Game, masters: tuple[str, str]) -> tuple[tuple[str, str], tuple[str, str]]:
    """The two leaders as reported, checked against each player's declared faction (M4E's list)."""
    return leaders_checked(get_format(game.round.event.format), (game.player_a.faction, game.player_b.faction),
                           masters, {"a": game.player_a.name, "b": game.player_b.name})


def result_save(*, game: Game, by, report: Report, scores, masters: tuple[str, str] = ("", ""),
                leaders: tuple[str, str] = ("", ""), no_show: str = "") -> tuple[Result, bool]:
    """Store the result that counts (inside the caller's `event_change`, with the game locked):
    players' pending versions go, a concession drops the conceder where the event's rule says so, a mission
    flipped at the table is the table's from now on."""
    side_a, side_b = scores
    _refuse_in_cut(game, report, scores)  # also for the desk's no-shows, which are not reported
    event = game.round.event
    if game.round.stage == SWISS_STAGE and event.cut_size and event.round_set.filter(stage=CUT_STAGE).exists():
        raise conflict("cut_seeded", say("The top cut is seeded from the Swiss results (and decides its draws by "
                                         "them): remove the cut's rounds first to correct one."))
    PlayerReport.objects.filter(game=game).delete()
    announce(event, RESULT_CHANGED, game=game)
    if report.mission is not None:
        game.strategy, game.deployment = report.mission.strategy, report.mission.deployment
        game.scheme_pool = list(report.mission.scheme_pool)
        game.save(update_fields=["strategy", "deployment", "scheme_pool"])
    # The result as it stands, read with the locked game (or now): the game's row is locked, so nobody adds
    # one meanwhile, and it is written below without update_or_create's lock and savepoints (five round trips
    # fewer, on the write a player waits for).
    previous = getattr(game, "result", None)
    if previous is not None:
        refuse_cut_winner_change(game, report.outcome, side_a.vp, side_b.vp, report.loser or "")
    leaves = event.rules().conceder_leaves  # the event's rule: GG2017's conceder stands down, GG Zero's plays on
    if leaves and previous and previous.outcome == CONCEDED and (report.outcome, report.loser) != (
            CONCEDED, previous.loser):
        _concession_withdrawn(event, by, game, game.player_of(previous.loser))
    if leaves and report.outcome == CONCEDED:
        conceder = game.player_of(report.loser)
        if Player.objects.filter(pk=conceder, status=ACTIVE).update(status=DROPPED):
            record(event, by, "player_dropped", round_number=game.round.number, player=conceder,
                   before={"status": ACTIVE}, after={"status": DROPPED, "conceded": True})
    values = dict(
        outcome=report.outcome,
        loser=report.loser or "",
        master_a=masters[0],
        master_b=masters[1],
        leader_a=leaders[0],
        leader_b=leaders[1],
        no_show=no_show,
        entered_by=by if getattr(by, "is_authenticated", False) and not isinstance(by, Player) else None,
        turns=report.turns,
        breakdown={side: asdict(part) for side, part in report.breakdown.items()},
        vp_a=side_a.vp,
        tp_a=side_a.tp,
        diff_a=side_a.diff,
        vp_b=side_b.vp,
        tp_b=side_b.tp,
        diff_b=side_b.diff,
    )
    if previous is None:
        game.result = Result.objects.create(game=game, **values)
        return game.result, True
    for field, value in values.items():
        setattr(previous, field, value)
    previous.save()
    return previous, False


def _concession_withdrawn(event, by, game: Game, conceder: int) -> None:
    """A concession replaced by another result: its conceder, dropped by it, plays on, unless they
    conceded another game of the event or were disqualified."""
    other = Result.objects.filter(game__round__event=event, outcome=CONCEDED).exclude(game=game)
    if any(r.game.player_of(r.loser) == conceder for r in other.select_related("game")):
        return
    if Player.objects.filter(pk=conceder, status=DROPPED).update(status=ACTIVE):
        record(event, by, "player_reinstated", round_number=game.round.number, player=conceder,
               before={"status": DROPPED},
               after={"status": ACTIVE, "concession_replaced": True})
