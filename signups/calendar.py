"""Calendar files: one event's (the "add to calendar" link) and the site's upcoming events, to subscribe
to. Written with the `icalendar` library, which also adds each time zone's definition."""
from __future__ import annotations

from datetime import timedelta

import icalendar
from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from signups.selectors import announcement_of, local_time
from tournaments.models import Event

PRODUCT = "-//Gaining Grounds//Malifaux events//EN"


def event_entry(event: Event) -> icalendar.Event:
    """The event as a calendar entry: timed when its start is announced, else the whole day."""
    announcement = announcement_of(event)
    entry = icalendar.Event()
    entry.add("uid", f"event-{event.pk}@{settings.SITE_URL.split('//')[-1].split('/')[0]}")
    entry.add("dtstamp", timezone.now())
    entry.add("summary", event.name)
    starts = local_time(event, announcement, announcement.starts_at)
    if starts is None:
        entry.add("dtstart", event.date)
        entry.add("dtend", event.date + timedelta(days=1))
    else:
        ends = local_time(event, announcement, announcement.ends_at)
        entry.add("dtstart", starts)
        entry.add("dtend", ends if ends is not None and ends > starts else starts + timedelta(hours=8))
    place = ", ".join(part for part in (announcement.venue, announcement.address) if part)
    if place:
        entry.add("location", place)
    address = settings.SITE_URL.rstrip("/") + reverse("public:event", args=[event.slug])
    entry.add("url", address)
    details = [event.format_name, announcement.price, announcement.schedule, address]
    entry.add("description", "\n".join(part for part in details if part))
    entry.add("status", "CANCELLED" if announcement.cancelled_at else "CONFIRMED")
    return entry


def calendar(events: list[Event], name: str) -> bytes:
    book = icalendar.Calendar()
    book.add("prodid", PRODUCT)
    book.add("version", "2.0")
    book.add("x-wr-calname", name)
    for event in events:
        book.add_component(event_entry(event))
    book.add_missing_timezones()
    return book.to_ical()
