"""What sign-ups read: an event's announcement, its places taken and its waitlist."""
from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from django.utils import timezone

from signups.models import AT_SIGN_UP, BY_DATE, REGISTERED, WAITLISTED, Announcement, SignUp
from tournaments.models import Event


def announcement_of(event: Event) -> Announcement:
    """The event's announcement; an event never announced has an empty one (not stored until edited)."""
    try:
        return event.announcement
    except Announcement.DoesNotExist:
        return Announcement(event=event)


def places_taken(event: Event) -> int:
    """What the cap counts: the event's entries but the Ringer. One
    dropped before round 1 keeps their place until removed: reinstated, they would otherwise take the
    event over its cap."""
    return event.players.filter(is_ringer=False).count()


def lists_asked(announcement: Announcement) -> bool:
    return announcement.crew_lists in (AT_SIGN_UP, BY_DATE)


def crew_lists(event: Event) -> list[SignUp]:
    """The registered players' crew lists, by name."""
    return list(SignUp.objects.filter(event=event, state=REGISTERED, player__isnull=False).exclude(crew_list="")
                .order_by("name"))


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


def local_today(announcement: Announcement) -> date:
    """Today where the event is: a date the announcement gives (crew lists due by) is a date there, whatever
    the server's own time zone."""
    return timezone.localdate(timezone=ZoneInfo(announcement.time_zone))
