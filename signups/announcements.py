"""The organizer's announcement: what it may say, and what a change to it does (a raised cap fills
places from the waitlist; a moved date, time or venue and a cancellation are mailed to who signed up)."""
from __future__ import annotations

import functools
import zoneinfo
from datetime import date, datetime, time

from django.utils import timezone
from django_countries import countries
from django_countries.fields import Country

from audit.services import jsonable, record
from scoring.entries import hidden_characters_problem
from scoring.messages import say
from scoring.problems import Invalid, Problem, conflict
from signups import mails
from signups.models import (
    AFTER_EVENT,
    AT_SIGN_UP,
    BY_DATE,
    MOVES,
    NO_LISTS,
    ORGANIZERS_ONLY,
    PUBLIC_NOW,
    TEXT_LENGTH,
    Announcement,
)
from signups.selectors import announcement_of
from signups.services import places_filled
from tournaments.models import Event
from tournaments.services.changes import event_change

CAP_RANGE = (2, 1000)
# Field -> (kind, most characters): what the announcement accepts, one place for the API and the console.
FIELDS = {
    "venue": ("line", 120), "address": ("line", 300), "country": ("country", 2), "region": ("line", 80),
    "time_zone": ("zone", 64), "starts_at": ("time", None), "ends_at": ("time", None),
    "schedule": ("text", TEXT_LENGTH), "price": ("line", 80), "how_to_pay": ("text", TEXT_LENGTH),
    "cap": ("cap", None), "deadline": ("moment", None), "painting_rules": ("text", TEXT_LENGTH),
    "proxy_rules": ("text", TEXT_LENGTH), "contact": ("line", 200),
    "crew_lists": ("choice", (NO_LISTS, AT_SIGN_UP, BY_DATE)), "lists_due": ("date", None),
    "lists_shown": ("choice", (ORGANIZERS_ONLY, AFTER_EVENT, PUBLIC_NOW)),
    "mail_placed": ("flag", None), "mail_promoted": ("flag", None), "mail_reminder": ("flag", None),
    "mail_changes": ("flag", None),
}


def field_problem(name: str, value) -> Problem | None:
    kind, limit = FIELDS[name]
    wrong = {
        "line": lambda: not isinstance(value, str) or len(value) > limit or "\n" in value,
        "text": lambda: not isinstance(value, str) or len(value) > limit,
        "country": lambda: value not in ("", *dict(countries)),
        "zone": lambda: value not in time_zones(),
        "time": lambda: value is not None and not isinstance(value, time),
        "date": lambda: value is not None and not isinstance(value, date),
        "moment": lambda: value is not None and not (isinstance(value, datetime) and timezone.is_aware(value)),
        "cap": lambda: value is not None and not (isinstance(value, int) and CAP_RANGE[0] <= value <= CAP_RANGE[1]),
        "choice": lambda: value not in limit,
        "flag": lambda: not isinstance(value, bool),
    }[kind]()
    if wrong:
        return Problem("invalid_value", _words(kind, limit), name)
    if kind in ("line", "text"):
        return hidden_characters_problem(value.replace("\n", " ").replace("\r", " ") if kind == "text" else value,
                                         name)
    return None


def _words(kind: str, limit) -> str:
    """What a field of this kind takes, in the reader's words."""
    if kind == "line":
        return say("One line of at most {limit} characters.", limit=limit)
    if kind == "text":
        return say("At most {limit} characters.", limit=limit)
    if kind == "country":
        return say("Not a country code (ISO 3166, such as GB or FR).")
    if kind == "zone":
        return say("Not a time zone (such as Europe/London).")
    if kind == "time":
        return say("A time of day, such as 09:30.")
    if kind == "date":
        return say("A date, such as 2027-03-14.")
    if kind == "moment":
        return say("A date and time with its time zone.")
    if kind == "cap":
        return say("A number of places from {low} to {high}, or empty.", low=CAP_RANGE[0], high=CAP_RANGE[1])
    if kind == "choice":
        return say("One of: {choices}.", choices=", ".join(repr(c) for c in limit))
    return say("On or off (true or false).")


@functools.cache
def time_zones() -> frozenset[str]:
    """The IANA zones this machine knows (read from disk once: listing them walks a folder)."""
    return frozenset(zoneinfo.available_timezones())


def _value(value):
    """A field's value as changes compare and the trail keeps it (a country as its code)."""
    return str(value) if isinstance(value, Country) else value


def together_problems(fields: dict) -> list[Problem]:
    """What the fields say together: lists due by a date need the date; the end comes after the start."""
    problems = []
    if fields["crew_lists"] == BY_DATE and fields["lists_due"] is None:
        problems.append(Problem("date_missing", say("Say by which date the crew lists are due."), "lists_due"))
    if fields["starts_at"] and fields["ends_at"] and fields["ends_at"] <= fields["starts_at"]:
        problems.append(Problem("ends_before_start", say("The end comes after the start."), "ends_at"))
    return problems


def announcement_update(*, event: Event, by, **changes) -> Announcement:
    """Change the announcement; every problem is reported at once and nothing is saved with one."""
    unknown = sorted(set(changes) - set(FIELDS))
    if unknown:
        raise ValueError(f"not announcement fields: {unknown}")
    problems = [p for name, value in changes.items() if (p := field_problem(name, value))]
    with event_change(event) as event:
        announcement = announcement_of(event)
        fine = {name: value for name, value in changes.items() if name not in {p.attr for p in problems}}
        problems += together_problems({**{n: getattr(announcement, n) for n in FIELDS}, **fine})
        if problems:
            raise Invalid(*problems)
        before = {name: _value(getattr(announcement, name)) for name in changes}
        for name, value in changes.items():
            setattr(announcement, name, value)
        announcement.save()
        changed = [name for name in changes if before[name] != changes[name]]
        if changed:
            record(event, by, "announcement_changed", before={n: jsonable(before[n]) for n in changed},
                   after={n: jsonable(changes[n]) for n in changed})
        if "cap" in changed:
            places_filled(event)
        if set(changed) & set(MOVES):
            mails.changed(event, announcement)
    return announcement


def event_cancel(*, event: Event, by, cancelled: bool = True) -> Announcement:
    """Cancel the event (sign-ups close; everyone signed up is told), or take the cancellation back."""
    with event_change(event) as event:
        if cancelled and (event.finished_at is not None or event.round_set.exists()):
            raise conflict("event_started", say("This event has started: finish it instead of cancelling it."))
        announcement = announcement_of(event)
        if (announcement.cancelled_at is not None) == cancelled:
            return announcement
        announcement.cancelled_at = timezone.now() if cancelled else None
        announcement.save()
        record(event, by, "event_cancelled" if cancelled else "event_uncancelled")
        if cancelled:
            mails.cancelled(event, announcement)
        else:
            places_filled(event)  # places freed while it was cancelled go to the waitlist now
    return announcement


def pages_moved_by_the_clock(*, since, now) -> int:
    """Public pages hold what was true at their last change; the clock changes two things without a write:
    a deadline passing (no more Sign up button) and a day ending (an event moves from upcoming to past).
    Each event whose deadline fell between `since` and `now`, or whose day ended then, has its pages moved
    on (Celery beat, signups.tasks). How many."""
    moved = {a.event for a in Announcement.objects.select_related("event").filter(deadline__gt=since,
                                                                                  deadline__lte=now)}
    if timezone.localdate(since) != timezone.localdate(now):
        moved |= set(Event.objects.filter(date=timezone.localdate(since)))
    for event in moved:
        with event_change(event):
            pass  # the write path moves the event's pages (and the site's) on after the commit
    return len(moved)
