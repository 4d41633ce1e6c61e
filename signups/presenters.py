"""What the public event page shows of the run-up: venue, times, price, places, the sign-up's state, as
fits the event's moment (before round 1, on the day, finished)."""
from __future__ import annotations

from urllib.parse import quote_plus

from django_countries import countries

from signups.models import AFTER_EVENT, PUBLIC_NOW, WAITLISTED, Announcement, SignUp
from signups.selectors import announcement_of, crew_lists, local_time, places_taken
from signups.services import closed_reason
from tournaments.models import Event


def map_link(address: str) -> str:
    """A search for the address on OpenStreetMap: a link, no embedded map (nothing loads from another site)."""
    return f"https://www.openstreetmap.org/search?query={quote_plus(address)}" if address else ""


# The event's moments, and what the event page's run-up shows at each (any of them set, the section is
# shown): before round 1 everything; on the day only what helps there (where, when, the day's schedule, whom
# to ask), nothing about signing up, deadlines or paying; once finished, only where it was held.
BEFORE, ON_THE_DAY, AFTER = "before", "day", "after"
SHOWN = {
    BEFORE: ("venue", "address", "starts_at", "schedule", "price", "how_to_pay", "cap", "deadline", "painting_rules",
             "proxy_rules", "contact", "crew_lists", "cancelled_at"),
    ON_THE_DAY: ("venue", "address", "starts_at", "schedule", "contact"),
    AFTER: ("venue", "address"),
}


def run_up(event: Event, *, started: bool) -> dict:
    """The announcement as the event page shows it at the event's moment; the places and the sign-up
    button only before round 1."""
    announcement = announcement_of(event)
    moment = AFTER if event.finished_at is not None else ON_THE_DAY if started else BEFORE
    before = moment == BEFORE
    waiting = SignUp.objects.filter(event=event, state=WAITLISTED).count() if before else 0
    taken = places_taken(event) if before else None
    open_now = before and closed_reason(event, announcement) is None
    return {
        "a": announcement, "moment": moment, "cancelled": announcement.cancelled_at is not None,
        "starts": local_time(event, announcement, announcement.starts_at),
        "ends": local_time(event, announcement, announcement.ends_at),
        "map": map_link(announcement.address),
        "taken": taken, "waiting": waiting,
        "full": announcement.cap is not None and taken is not None and taken >= announcement.cap,
        "open": open_now, "shown": open_now or any(getattr(announcement, name) for name in SHOWN[moment]),
    }


def lists_public(event: Event) -> bool:
    """Whether the event's crew lists are shown to everyone now (the organizer's choice)."""
    shown = announcement_of(event).lists_shown
    return shown == PUBLIC_NOW or (shown == AFTER_EVENT and event.finished_at is not None)


def public_lists(event: Event) -> dict[int, str]:
    """Player id -> crew list, where the lists are public."""
    return {s.player_id: s.crew_list for s in crew_lists(event)} if lists_public(event) else {}


def countries_listed() -> list[tuple[str, str]]:
    """The countries events are announced in, named in the reader's language, for the home page's filter."""
    codes = set(Announcement.objects.exclude(country="").values_list("country", flat=True).distinct())
    return sorted(((code, countries.name(code)) for code in codes), key=lambda pair: str(pair[1]))
