"""Who takes part on the day: check-in, drops, warnings, disqualifications, and the private links."""
from __future__ import annotations

from audit.models import AuditRecord
from audit.services import actor_fields, record
from scoring.entries import hidden_characters_problem, plain
from scoring.messages import say
from scoring.problems import Invalid, Problem, conflict, invalid
from scoring.report import DOUBLE_LOSS, FORFEITED, Report, other_side
from scoring.results import score_report
from tournaments import selectors
from tournaments.models import Player, TPAdjustment, new_player_key
from tournaments.services.changes import event_change
from tournaments.services.events import refuse_if_finished, refuse_roster_if_finished
from tournaments.services.results import result_save
from tournaments.standings import ACTIVE, DISQUALIFIED, DROPPED


def player_check_in(*, player: Player, by) -> Player:
    """Arrived: paired from the next round (also a player marked absent who turns up after all)."""
    return _arrival(player, by, checked_in=True, absent=False, action="player_checked_in")


def player_check_out(*, player: Player, by) -> Player:
    """A check-in undone: expected again, not paired until checked in."""
    return _arrival(player, by, checked_in=False, absent=False, action="player_checked_out")


def player_mark_absent(*, player: Player, by) -> Player:
    """Not coming: never paired while absent (a game already paired is the organizer's forfeit to enter)."""
    return _arrival(player, by, checked_in=False, absent=True, action="player_marked_absent")


def _arrival(player: Player, by, *, checked_in: bool, absent: bool, action: str) -> Player:
    _refuse_if_disqualified(player)
    with event_change(player.event):
        player = Player.objects.select_related("event").get(pk=player.pk)
        before = {"checked_in": player.checked_in, "absent": player.absent}
        if before == {"checked_in": checked_in, "absent": absent}:
            return player
        player.checked_in, player.absent = checked_in, absent
        player.save(update_fields=["checked_in", "absent"])
        record(player.event, by, action, player=player, before=before,
               after={"checked_in": checked_in, "absent": absent})
    return player


def player_no_show(*, player: Player, by) -> Player:
    """A player who did not come to their table in the current round: that game forfeited against them
    (the organizer's decision, GG2017), and marked absent so they are not paired until checked in again;
    one transaction. Unlike a drop, the forfeit ranks them with the players who lost that round. When their
    opponent was already recorded as a no-show, neither came: a double loss."""
    _refuse_if_disqualified(player)
    with event_change(player.event) as event:
        refuse_if_finished(event)
        player = Player.objects.select_related("event").get(pk=player.pk)
        current = selectors.published_rounds(event).order_by("-number").first()
        game = current and current.games.filter(seats__player=player, player_b__isnull=False).select_related(
            "round__event", "result").first()
        result = game and getattr(game, "result", None)
        side = game and game.side_of(player.id)
        if game and result is None:
            report, unseen = Report(outcome=FORFEITED, loser=side), side
        elif game and (result.outcome, result.loser) == (FORFEITED, other_side(side)):
            report, unseen = Report(outcome=DOUBLE_LOSS), "".join(sorted(side + result.no_show))
        else:
            raise conflict("no_game_to_forfeit", say(
                "{player_name} has no game without a result in the current round.", player_name=player.name))
        result_save(game=game, by=by, report=report, scores=score_report(event.rules(), report), no_show=unseen)
        record(event, by, "player_no_show", game=game, player=player, other_player=game.opponent_of(player.pk),
               after={"outcome": report.outcome, "loser": report.loser or "", "absent": True})
        player.checked_in, player.absent = False, True
        player.save(update_fields=["checked_in", "absent"])
    return player


def players_check_in_all(*, event, by) -> int:
    """Everyone expected (active, not marked absent) checked in at once; how many were."""
    with event_change(event) as event:
        expected = event.players.filter(status=ACTIVE, checked_in=False, absent=False)
        count = expected.update(checked_in=True)
        if count:
            record(event, by, "players_checked_in", after={"players": count})
    return count


def player_drop(*, player: Player, by) -> Player:
    """A dropped player keeps the games played and is no longer paired."""
    return _roster_set(player, by, "status", DROPPED, "player_dropped")


def _roster_set(player: Player, by, field: str, value, action: str) -> Player:
    """One field of an entry set, with its audit line (never for a disqualified player)."""
    _refuse_if_disqualified(player)
    with event_change(player.event) as event:
        refuse_roster_if_finished(event)
        before = getattr(player, field)
        setattr(player, field, value)
        player.save(update_fields=[field])
        record(player.event, by, action, player=player, before={field: before}, after={field: value})
    return player


def player_disqualify(*, player: Player, by) -> Player:
    """No further part, not ranked; an unconfirmed game of the current round is forfeited against them."""
    with event_change(player.event) as event:
        player = Player.objects.select_related("event").get(pk=player.pk)
        before = player.status
        player.status = DISQUALIFIED
        player.save(update_fields=["status"])
        record(event, by, "player_disqualified", player=player, before={"status": before},
               after={"status": DISQUALIFIED})
        _, game = selectors.current_game(event, player)
        if game and not hasattr(game, "result"):
            report = Report(outcome=FORFEITED, loser=game.side_of(player.id))
            result_save(game=game, by=by, report=report, scores=score_report(event.rules(), report))
    return player


def player_reinstate(*, player: Player, by, lift_disqualification: bool = False) -> Player:
    """A dropped player is paired again from the next round (a mistaken drop or concession). A
    disqualified player only when the organizer lifts the disqualification explicitly; both are in the
    audit trail. An active player is left as they are."""
    with event_change(player.event) as event:
        player = Player.objects.select_related("event").get(pk=player.pk)
        if player.status == ACTIVE:
            return player
        if player.status == DROPPED:
            refuse_roster_if_finished(event)
        if player.status == DISQUALIFIED and not lift_disqualification:
            raise conflict("player_disqualified", say(
                "{player_name} is disqualified; lift the disqualification explicitly to reinstate them.",
                player_name=player.name))
        before = player.status
        player.status = ACTIVE
        player.save(update_fields=["status"])
        after = {"status": ACTIVE, **({"disqualification_lifted": True} if before == DISQUALIFIED else {})}
        record(event, by, "player_reinstated", player=player, before={"status": before}, after=after)
    return player


WARNING_REASON_LENGTH = 200


def player_warn(*, player: Player, by, reason: str) -> list[dict]:
    """A warning for a player, with its reason, in the audit trail (GG2017: a single warning, then
    disqualification: the organizer decides the second time). Returns every warning the player has had."""
    reason = plain(reason)
    problem = hidden_characters_problem(reason, "reason")
    if problem is not None:
        raise Invalid(problem)
    if not reason or len(reason) > WARNING_REASON_LENGTH:
        raise invalid("reason_required", say("Say why, in at most {most} characters.", most=WARNING_REASON_LENGTH),
                      "reason")
    with event_change(player.event) as event:
        player = Player.objects.select_related("event").get(pk=player.pk)
        _refuse_if_disqualified(player)
        earlier = player_warnings(player)
        number = len(earlier) + 1
        record(event, by, "player_warned", round_number=selectors.latest_round_number(event) or None,
               player=player, after={"reason": reason, "warning": number})
    return player_warnings(player)


def player_warnings(player: Player) -> list[dict]:
    """The player's warnings, oldest first: reason, who gave it, when, in which round."""
    return [{"warning": r.after.get("warning"), "reason": r.after.get("reason", ""), "by": r.by, "at": r.at,
             "round": r.round_number}
            for r in AuditRecord.objects.filter(player=player, action="player_warned").order_by("at", "id")]


def player_key_rotate(*, player: Player, by) -> Player:
    """Replace a player's private link (a lost or leaked slip): the old key stops working at once."""
    with event_change(player.event):
        player.key = new_player_key()
        player.save(update_fields=["key"])
        record(player.event, by, "key_rotated", player=player, after={"key": "replaced"})
    return player


def _refuse_if_disqualified(player: Player) -> None:
    if player.status == DISQUALIFIED:
        raise conflict("player_disqualified",
                       say("{player_name} is disqualified and takes no further part.", player_name=player.name))


TP_ADJUSTMENT_RANGE = (-20, 20)


def tp_adjust(*, player: Player, by, tp: int, reason: str) -> TPAdjustment:
    """Bonus (or, negative, penalty) Tournament Points with their reason, counted from the latest round
    on; the player sees them on their page, everyone sees that the total includes them."""
    reason = plain(reason)
    problems = [p for p in [hidden_characters_problem(reason, "reason")] if p]
    if not reason or len(reason) > WARNING_REASON_LENGTH:
        problems.append(Problem("reason_required", say("Say why, in at most {most} characters.",
                                                       most=WARNING_REASON_LENGTH), "reason"))
    low, high = TP_ADJUSTMENT_RANGE
    if not tp or not low <= tp <= high:
        problems.append(Problem("tp_out_of_range", say("A bonus or penalty is from {low} to {high} TP, not 0.",
                                                       low=low, high=high), "tp"))
    if problems:
        raise Invalid(*problems)
    with event_change(player.event) as event:
        refuse_if_finished(event)
        player = Player.objects.get(pk=player.pk)
        _refuse_if_disqualified(player)
        adjustment = TPAdjustment.objects.create(
            event=event, player=player, tp=tp, reason=reason,
            round_number=selectors.latest_round_number(event) or None, by=actor_fields(by)["by"])
        record(event, by, "tp_adjusted", round_number=adjustment.round_number, player=player,
               after={"tp": tp, "reason": reason})
    return adjustment


def tp_adjustment_remove(*, adjustment: TPAdjustment, by) -> None:
    """A bonus or penalty given by mistake, taken back; recorded."""
    with event_change(adjustment.event) as event:
        refuse_if_finished(event)
        record(event, by, "tp_adjustment_removed", round_number=adjustment.round_number, player=adjustment.player_id,
               before={"tp": adjustment.tp, "reason": adjustment.reason})
        adjustment.delete()
