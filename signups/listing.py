"""The home page's list of events: running now, upcoming by date, past below, each filtered by what people
look for (edition, country, region, words of the name or the venue) and paginated."""
from __future__ import annotations

from dataclasses import dataclass

from django.core.paginator import Page, Paginator
from django.db.models import Count, F, Q, QuerySet
from django.utils import timezone

from scoring.formats import EDITIONS, formats_of
from tournaments.models import Event
from tournaments.selectors import ROUNDS_MADE

PER_PAGE = 20
SEARCH_LENGTH = 100


@dataclass(frozen=True)
class Filters:
    edition: str = ""
    country: str = ""
    region: str = ""
    words: str = ""

    @classmethod
    def of(cls, params) -> Filters:
        """From a query string, whatever was typed: an unknown edition is no filter."""
        edition = params.get("edition", "")
        return cls(edition=edition if edition in EDITIONS else "",
                   country=params.get("country", "").strip().upper()[:2],
                   region=params.get("region", "").strip()[:80], words=params.get("q", "").strip()[:SEARCH_LENGTH])

    def __bool__(self) -> bool:
        return any((self.edition, self.country, self.region, self.words))


def filtered(filters: Filters) -> QuerySet:
    events = Event.objects.select_related("announcement").annotate(
        rounds_made=ROUNDS_MADE,
        open_games=Count("round_set__games", filter=Q(round_set__games__result__isnull=True)))
    if filters.edition:
        events = events.filter(format__in=formats_of(filters.edition))
    if filters.country:
        events = events.filter(announcement__country=filters.country)
    if filters.region:
        events = events.filter(announcement__region__icontains=filters.region)
    for word in filters.words.split()[:5]:
        events = events.filter(Q(name__icontains=word) | Q(announcement__venue__icontains=word)
                               | Q(announcement__address__icontains=word) | Q(announcement__region__icontains=word))
    return events


# Finished: the organizer said so, or every planned round is paired and every game reported.
FINISHED = Q(finished_at__isnull=False) | Q(rounds_made=F("rounds"), open_games=0)


def listing(filters: Filters, *, upcoming_page=1, past_page=1) -> dict[str, list[Event] | Page]:
    """Running events (few, never paginated), upcoming ones soonest first, past ones latest first."""
    today = timezone.localdate()
    events = filtered(filters)
    running = events.filter(rounds_made__isnull=False).exclude(FINISHED).order_by("-date", "name")
    upcoming = events.filter(rounds_made__isnull=True, date__gte=today).order_by("date", "name")
    past = events.filter(FINISHED | Q(rounds_made__isnull=True, date__lt=today)).order_by("-date", "name")
    return {"running": list(running), "upcoming": Paginator(upcoming, PER_PAGE).get_page(upcoming_page),
            "past": Paginator(past, PER_PAGE).get_page(past_page)}


def upcoming_events() -> list[Event]:
    """Every event not yet started and not yet past, soonest first (the site's calendar feed)."""
    return list(filtered(Filters()).filter(rounds_made__isnull=True, date__gte=timezone.localdate())
                .order_by("date", "name")[:500])
