"""The round clock: started, paused and reset by the organizer; its announcements (every 30-minute
step, 15 minutes left, time called) queued for their moment and said once on the public round page."""
from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from gaininggrounds.celery import queue, runs_later
from scoring.formats import get_format
from scoring.messages import say
from scoring.problems import conflict
from tournaments.clock import LAST_CALL, notice_moments
from tournaments.models import Round
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
    return len(moments)


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
