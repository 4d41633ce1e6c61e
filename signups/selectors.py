"""What sign-ups read: an event's announcement, its places taken and its waitlist."""
from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from signups.models import WAITLISTED, Announcement, SignUp
from tournaments.models import Event
from tournaments.standings import ACTIVE


def announcement_of(event: Event) -> Announcement:
    """The event's announcement; an event never announced has an empty one (not stored until edited)."""
    try:
        return event.announcement
    except Announcement.DoesNotExist:
        return Announcement(event=event)


def places_taken(event: Event, *, leaving: int | None = None) -> int:
    """What the cap counts: the event's players, the Ringer and anyone dropped apart (and `leaving`, an
    entry being removed)."""
    return event.players.filter(is_ringer=False, status=ACTIVE).exclude(pk=leaving).count()


def waitlist(event: Event) -> list[SignUp]:
    return list(SignUp.objects.filter(event=event, state=WAITLISTED).order_by("position", "id"))


def position_of(signup: SignUp) -> int | None:
    """Where a waitlisted sign-up stands (1: next to get a place)."""
    if signup.state != WAITLISTED:
        return None
    return SignUp.objects.filter(event_id=signup.event_id, state=WAITLISTED, position__lt=signup.position).count() + 1


def local_time(event: Event, announcement: Announcement, at) -> datetime | None:
    """The event's date at a time of day, in the event's own time zone."""
    if at is None:
        return None
    return datetime.combine(event.date, at, tzinfo=ZoneInfo(announcement.time_zone))
