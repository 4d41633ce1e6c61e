"""The errata rule of the season packs (GG Zero: FAQ and errata count only once released at least a month
before the event): an event run under a pack version released less than a calendar month before its date
is warned in the console, never refused. Shipped seasons are long released."""
from __future__ import annotations

import calendar
from datetime import date

from django.utils.formats import date_format

from scoring.messages import say
from seasons.catalogue import version_id
from seasons.models import DRAFT, PackVersion


def month_after(day: date) -> date:
    """The same day a calendar month later (the month's last day where it is shorter: 31 January -> 28 or
    29 February)."""
    year, month = (day.year + 1, 1) if day.month == 12 else (day.year, day.month + 1)
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def too_recent(released: date, event_day: date) -> bool:
    return event_day < month_after(released)


def warning(event) -> str:
    """The console's warning for `event`, or "" when its pack counts (or it runs a shipped season)."""
    pk = version_id(event.format)
    version = PackVersion.objects.select_related("pack").exclude(state=DRAFT).filter(pk=pk).first() if pk else None
    if version is None or version.released_on is None or not too_recent(version.released_on, event.date):
        return ""
    return say("{pack} was released on {day}, less than a month before this event: the pack says its changes do "
               "not count yet.", pack=version.pack.name, day=date_format(version.released_on))


def console_event_panel(*, event, **page) -> dict:
    return {"pack_warning": warning(event)}
