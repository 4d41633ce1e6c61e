"""Players report their own games: one reports, the opponent confirms or disputes.

A player's version is a `PlayerReport`; it counts only once the opponent
confirms it (or disputes with the same figures, or the reporter corrects theirs
to match the dispute), and the organizer's result always wins. The rules module
judges every version exactly as it judges an organizer's entry.
"""
from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import asdict

from django.db import IntegrityError, transaction

from audit.services import record, result_snapshot, version_snapshot
from scoring.entries import plain_masters
from scoring.messages import say
from scoring.problems import conflict
from scoring.report import Report, breakdown_from_dict, mission_from_dict, other_side
from tournaments.models import AWAITING, CONFIRMED, DISPUTED, Game, Player, PlayerReport, SentOnce
from tournaments.services.changes import SHARED, announce, event_change
from tournaments.services.results import (
    EVERY_PART,
    corrected,
    game_leaders,
    leaders_kept,
    locked_game,
    result_record,
    result_save,
    result_scores,
)
from tournaments.signals import REPORT_AWAITS, REPORT_DISPUTED


def report_submit(*, game: Game, player: Player, report: Report, masters: tuple[str, str] = ("", ""),
                  shown: Collection[str] | None = None) -> str:
    """A player of the game reports it, or corrects their own version; returns the game's status."""
    return _answer(game, player, report, masters, shown, disputing=False)


def report_dispute(*, game: Game, player: Player, report: Report, masters: tuple[str, str] = ("", ""),
                   shown: Collection[str] | None = None) -> str:
    """The opponent answers a report with their own figures (again: their version corrected); equal figures
    confirm it instead."""
    return _answer(game, player, report, masters, shown, disputing=True)


def _answer(game, player, report, masters, shown, *, disputing: bool) -> str:
    """A correction of the player's own version changes what their form or request shows (`shown`, see
    results.corrected; None: the whole report) and keeps the rest; a player's page shows their own score
    sheet, so the opponent's side of their version (the shared tracker's) is kept unless the report carries
    it. A whole report is judged before the game is locked."""
    masters, leaders = game_leaders(game, plain_masters(masters))
    shown = frozenset(EVERY_PART if shown is None else shown)
    if (opponent := other_side(game.side_of(player.id))) not in report.breakdown:
        shown -= {f"breakdown.{opponent}"}
    scores = _checked(game, report) if shown == EVERY_PART else None
    with event_change(game.round.event, lock=SHARED):
        game, versions = _locked(game, player)
        side = game.side_of(player.id)
        mine, theirs = versions.get(side), versions.get(other_side(side))
        if disputing and theirs is None:
            raise conflict("nothing_to_dispute", say(
                "Your opponent has not reported this game: report it yourself."))
        if not disputing and theirs is not None and mine is None:
            raise conflict("report_awaits_you", say(
                "Your opponent already reported this game: confirm their result or dispute it."))
        action = "result_disputed" if disputing else "report_corrected" if mine else "result_reported"
        return _store_version(game, player, side, mine, theirs, corrected(report, mine, shown), scores,
                              (masters, leaders), action)


def report_confirm(*, game: Game, player: Player) -> str:
    """The opponent accepts the other player's version (also the way out of a dispute); it counts."""
    with event_change(game.round.event, lock=SHARED):
        game, versions = _locked(game, player)
        theirs = versions.get(other_side(game.side_of(player.id)))
        if theirs is None:
            raise conflict("nothing_to_confirm", say("There is no report from your opponent to confirm."))
        report = _as_report(theirs)
        _count(game, player, report, _checked(game, report), _leaders_of(theirs),
               versions=[version_snapshot(v) for v in versions.values()])
    return CONFIRMED


def report_sent_once(*, player: Player, token: str) -> bool:
    """Take the token of a form from the player's page; False when it was taken before: the phone sends
    the same form again (kept offline, or again after an answer the wifi lost), and nothing must change.
    Called in the transaction of what the form does, so a refused form leaves its token free. A form
    without a (well-formed) token is simply taken."""
    if not re.fullmatch(r"[0-9a-f]{32}", token or ""):
        return True
    try:
        with transaction.atomic():
            SentOnce.objects.create(player=player, token=token)
    except IntegrityError:
        return False
    return True


def result_accept_version(*, game: Game, side: str, by):
    """The organizer decides a dispute (or an awaiting report) by taking one player's version as it stands."""
    version = PlayerReport.objects.filter(game=game, side=side).first()
    if version is None:
        raise conflict("no_such_version", say("That player has no version of this game to accept."))
    return result_record(game=game, by=by, report=_as_report(version),
                         masters=(version.master_a, version.master_b))


def _checked(game: Game, report: Report):
    if not game.round.event.self_reporting:
        raise conflict("self_reporting_off", say("Organizers enter the results of this event."))
    return result_scores(game, report)


def _locked(game: Game, player: Player) -> tuple[Game, dict[str, PlayerReport]]:
    """The game, locked against a simultaneous report, and its players' versions by side."""
    game = locked_game(game)
    if getattr(game, "result", None) is not None:
        raise conflict("result_confirmed", say(
            "This game's result is confirmed; only an organizer can correct it now."))
    if game.side_of(player.id) is None:
        raise conflict("not_your_game", say("Only the two players of a game can report it."))
    return game, {v.side: v for v in game.reports.all()}


def _leaders_of(version: PlayerReport) -> tuple[tuple[str, str], tuple[str, str]]:
    return (version.master_a, version.master_b), (version.leader_a, version.leader_b)


def _store_version(game, player, side, mine, theirs, report, scores, leaders, action) -> str:
    """A player's version saved: `report` (with what a correction kept), its scores (judged here when not
    yet), and the leaders typed (a side left empty keeps the version's)."""
    scores = scores or _checked(game, report)
    before = version_snapshot(mine)
    version = mine or PlayerReport(game=game, side=side)
    version.outcome, version.loser = report.outcome, report.loser or ""
    version.vp_a, version.vp_b, version.turns = scores[0].vp, scores[1].vp, report.turns
    version.breakdown = {s: asdict(part) for s, part in report.breakdown.items()}
    (version.master_a, version.master_b), (version.leader_a, version.leader_b) = leaders_kept(mine, *leaders)
    version.mission = asdict(report.mission) if report.mission else {}
    version.save()
    record(game.round.event, player, action, game=game, before=before, after=version_snapshot(version))
    stamp = f"{side}:{version.updated_at.timestamp():.6f}"
    if theirs is not None and _same_result(version, theirs):
        # Both players now say the same thing: that is a confirmation.
        _count(game, player, _as_report(theirs), result_scores(game, _as_report(theirs)),
               ((theirs.master_a or version.master_a, theirs.master_b or version.master_b),
                (theirs.leader_a or version.leader_a, theirs.leader_b or version.leader_b)),
               versions=[version_snapshot(theirs), version_snapshot(version)])
        return CONFIRMED
    if theirs is not None:
        announce(game.round.event, REPORT_DISPUTED, game=game, player=player, version_stamp=stamp)
        return DISPUTED
    announce(game.round.event, REPORT_AWAITS, game=game, player=player, version_stamp=stamp)
    return AWAITING


def _same_result(one: PlayerReport, other: PlayerReport) -> bool:
    """The same figures, and the same mission where both say which their table flipped."""
    fields = ("outcome", "loser", "vp_a", "vp_b")
    same_mission = not (one.mission and other.mission) or one.mission == other.mission
    return same_mission and all(getattr(one, f) == getattr(other, f) for f in fields)


def _as_report(version: PlayerReport) -> Report:
    return Report(outcome=version.outcome, vp_a=version.vp_a, vp_b=version.vp_b, loser=version.loser or None,
                  turns=version.turns, breakdown=breakdown_from_dict(version.breakdown),
                  mission=mission_from_dict(version.mission))


def _count(game, player, report, scores, leaders, *, versions) -> None:
    masters, leader_keys = leaders
    result, _ = result_save(game=game, by=player, report=report, scores=scores, masters=masters,
                            leaders=leader_keys)
    record(game.round.event, player, "result_confirmed", game=game, before={"versions": versions},
           after=result_snapshot(result))
