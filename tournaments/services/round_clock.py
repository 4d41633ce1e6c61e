"""The round clock: started, paused and reset by the organizer; its announcements (every 30-minute
step, 15 minutes left, time called) queued for their moment and said once on the public round page. A table
a judge gave extra time (Game.extra_minutes) hears its own last call and time up that much later: queued
with the round's, and again whenever its extension changes."""
from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from gaininggrounds.celery import queue, runs_later
from scoring.formats import get_format
from scoring.messages import say
from scoring.problems import conflict
from tournaments.clock import LAST_CALL, notice_moments, table_moments
from tournaments.models import Game, Round
from tournaments.services.changes import announce, event_change
from tournaments.signals import CLOCK_CALLED

CLOCK_ACTIONS = ("start", "pause", "reset")


def round_clock(*, rnd: Round, action: str) -> Round:
    """Start (or resume), pause or reset the round clock (the event's round length: as announced, else the
    format's, GG2017: 120 minutes)."""
    if action not in CLOCK_ACTIONS:
        raise ValueError(f"no clock action {action!r}")
    if rnd.is_draft:
        raise conflict("round_not_published", say(
            "Round {number} is not published yet: publish it before starting its clock.", number=rnd.number))
    now = timezone.now()
    if action == "start" and rnd.clock_started_at is None:
        rnd.clock_left = rnd.seconds_left(now) if rnd.clock_left is not None else rnd.event.round_length() * 60
        rnd.clock_started_at = now
    elif action == "pause" and rnd.clock_started_at is not None:
        rnd.clock_left, rnd.clock_started_at = rnd.seconds_left(now), None
    elif action == "reset":
        rnd.clock_left = rnd.clock_started_at = None
    with event_change(rnd.event, lock=False):
        rnd.save(update_fields=["clock_left", "clock_started_at"])
        if action == "start":
            transaction.on_commit(lambda: clock_notices_schedule(rnd))
    return rnd


def last_call_seconds(rnd: Round) -> int:
    """When the clock makes its last call: M4E calls the last turn at its format's minutes left."""
    minutes = get_format(rnd.event.format).last_turn_call
    return minutes * 60 if minutes else LAST_CALL


def clock_notices_schedule(rnd: Round) -> int:
    """Queue the announcements ahead of a running clock, each at its moment. With no broker (the
    embedded default) nothing is queued: the page's own countdown is all there is."""
    if not runs_later() or rnd.clock_started_at is None:
        return 0
    run = rnd.clock_started_at.isoformat()
    moments = notice_moments(rnd.clock_left, last_call_seconds(rnd))
    for left in moments:
        queue("tournaments.tasks.clock_notice", rnd.pk, run, left,
              eta=rnd.clock_started_at + timedelta(seconds=rnd.clock_left - left))
    for game in Game.objects.filter(round=rnd, extra_minutes__gt=0, result__isnull=True).exclude(player_b=None):
        table_notices_schedule(game, rnd=rnd)
    return len(moments)


def table_notices_schedule(game: Game, *, rnd: Round | None = None) -> int:
    """Queue a table's own last call and time up, its extension later than the round's (none while the round
    clock is stopped: starting it queues them). An older schedule of the table is ignored when its moment
    comes: the task names the extension it was queued for."""
    rnd = rnd or Round.objects.select_related("event").get(pk=game.round_id)
    if not runs_later() or rnd.clock_started_at is None or rnd.clock_left is None or not game.extra_minutes:
        return 0
    run, extra = rnd.clock_started_at.isoformat(), game.extra_minutes * 60
    moments = table_moments(notice_moments(rnd.clock_left, last_call_seconds(rnd)), last_call_seconds(rnd))
    for left in moments:
        queue("tournaments.tasks.table_clock_notice", game.pk, run, left, game.extra_minutes,
              eta=rnd.clock_started_at + timedelta(seconds=rnd.clock_left + extra - left))
    return len(moments)


def table_notice_say(*, game_id: int, run: str, left: int, extra_minutes: int) -> bool:
    """Say one moment of a table's own clock to its two players: the listeners hear CLOCK_CALLED with the
    `game`. Nothing if the round clock was paused, reset or restarted, the table's extension changed since, its
    result is in, or it was said already. True when said."""
    game = Game.objects.select_related("round__event").filter(pk=game_id).first()
    if game is None:
        return False
    with event_change(game.round.event, lock=False):
        rnd = Round.objects.select_for_update().select_related("event").get(pk=game.round_id)
        game = Game.objects.select_related("round").get(pk=game_id)
        if (rnd.clock_started_at is None or rnd.clock_started_at.isoformat() != run
                or game.extra_minutes != extra_minutes or hasattr(game, "result")):
            return False
        if any(n.get("run") == run and n["left"] == left and n.get("table") == game.table
               and n.get("extra") == extra_minutes for n in rnd.clock_notices):
            return False
        rnd.clock_notices = [*rnd.clock_notices, {"left": left, "run": run, "table": game.table,
                                                  "extra": extra_minutes, "at": timezone.now().isoformat()}]
        rnd.save(update_fields=["clock_notices"])
        announce(rnd.event, CLOCK_CALLED, round=rnd, left=left, run=run, last_call=last_call_seconds(rnd), game=game)
    return True


def clock_notice_say(*, round_id: int, run: str, left: int) -> bool:
    """Say one moment of the clock on the public round page. Nothing if the clock was paused, reset
    or restarted since the moment was scheduled, or if it was already said (Redis may hand a far-off
    scheduled task out twice). True when said."""
    rnd = Round.objects.select_related("event").filter(pk=round_id).first()
    if rnd is None:
        return False
    with event_change(rnd.event, lock=False):
        rnd = Round.objects.select_for_update().get(pk=round_id)
        if rnd.clock_started_at is None or rnd.clock_started_at.isoformat() != run:
            return False
        if any(n.get("run") == run and n["left"] == left for n in rnd.clock_notices):
            return False
        rnd.clock_notices = [*rnd.clock_notices, {"left": left, "run": run, "at": timezone.now().isoformat()}]
        rnd.save(update_fields=["clock_notices"])
        # its listeners: phones that asked hear the last turn called and time up
        announce(rnd.event, CLOCK_CALLED, round=rnd, left=left, run=run, last_call=last_call_seconds(rnd))
    return True
