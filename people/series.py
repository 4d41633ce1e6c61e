"""Ranking series, in the database: creating and changing one, and reading its standings from the
finished events' stored places (a few queries, whatever the number of events)."""
from __future__ import annotations

from datetime import date

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Count, Q
from django.utils.text import slugify

from gaininggrounds import http_cache
from people.models import EDITIONS, Person, Series
from ratings.series import Placing, PointsTable, in_window, placement_points, series_standings
from scoring.entries import plain, text_problems
from scoring.formats import formats_of, get_format
from scoring.messages import say
from scoring.problems import Invalid, Problem, conflict
from tournaments.models import Event, Player

SETTINGS = ("name", "edition", "starts", "ends", "best_of", "rolling_days", "points", "events", "trusted")
SERIES_DATES = (date(2000, 1, 1), date(2999, 12, 31))


def series_create(*, by, name: str, edition: str, **settings) -> Series:
    """A new series, organized by `by` (and whoever they add later). Two series of one name made at the
    same instant would take one address: the second is refused (409) rather than failing."""
    try:
        with transaction.atomic():
            series = Series(name=plain(name), edition=edition, slug=_free_slug(name))
            _apply(series, {"name": name, "edition": edition, **settings})
            series.organizers.add(by)
    except IntegrityError as error:
        if Series.objects.filter(slug=series.slug).exists():
            raise conflict("series_name_taken", say(
                "Another series of this name was created at the same moment: send it again.")) from error
        raise
    return series


def may_edit(user, series: Series) -> bool:
    """Who changes a series: staff, or one of its organizers (the console's page and the API ask this)."""
    return bool(user.is_authenticated and (user.is_staff or series.organizers.filter(pk=user.pk).exists()))


def series_update(*, series: Series, **settings) -> Series:
    with transaction.atomic():
        series = Series.objects.select_for_update().get(pk=series.pk)
        _apply(series, settings)
    return series


def _apply(series: Series, settings: dict) -> None:
    unknown = set(settings) - set(SETTINGS)
    if unknown:
        raise TypeError(f"unknown series settings {unknown}")
    events = settings.pop("events", None)
    trusted = settings.pop("trusted", None)
    for key, value in settings.items():
        setattr(series, key, plain(value) if key == "name" else value)
    problems = [p for p in text_problems(series.name, None) if p]
    if series.edition not in dict(EDITIONS):
        problems.append(Problem("edition_unknown", say("Choose M2E, M3E or M4E."), "edition"))
    for attr in ("starts", "ends"):  # the window's arithmetic (a year back from 1 January 0001) must not overflow
        when = getattr(series, attr)
        if when is not None and not SERIES_DATES[0] <= when <= SERIES_DATES[1]:
            problems.append(Problem("date_out_of_range", say(
                "A series runs between {first} and {last}.", first=SERIES_DATES[0].isoformat(),
                last=SERIES_DATES[1].isoformat()), attr))
    if series.starts and series.ends and series.starts > series.ends:
        problems.append(Problem("dates_reversed", say("The series ends before it starts."), "ends"))
    if not 1 <= series.best_of <= 100:
        problems.append(Problem("best_of_range", say("Count from 1 to 100 best results."), "best_of"))
    if series.rolling_days is not None and not 1 <= series.rolling_days <= 3660:
        problems.append(Problem("window_range", say("The window is from 1 to 3,660 days, or empty."), "rolling_days"))
    problems += _points_problems(series.points)
    if events is not None:
        found = list(Event.objects.filter(pk__in=events))
        if len(found) != len(set(events)):
            problems.append(Problem("event_unknown", say("An event listed does not exist."), "events"))
        if any(get_format(e.format).edition != series.edition for e in found):
            problems.append(Problem("event_edition", say("Every event listed must be of the series' edition."),
                                    "events"))
    if trusted is not None:
        users = list(get_user_model().objects.filter(username__in=trusted))
        unknown_names = sorted(set(trusted) - {u.get_username() for u in users})
        if unknown_names:
            problems.append(Problem("unknown_user", say("No user is called {username}.",
                                                        username=", ".join(unknown_names)), "trusted"))
    if problems:
        raise Invalid(*problems)
    series.save()
    if events is not None:
        series.events.set(found)
    if trusted is not None:
        series.trusted.set(users)
    http_cache.bump(http_cache.PEOPLE)


def _points_problems(points) -> list[Problem]:
    """A points table as JSON: the winner's points by rounds (from 1 round up), the last place's, and the
    field sizes."""
    def whole(value) -> bool:  # JSON numbers: 100, not 100.7, "100" or true
        return isinstance(value, int) and not isinstance(value, bool)

    try:
        raw = points if isinstance(points, dict) else {"by_rounds": None}
        if not all(whole(v) for v in [*raw.get("by_rounds", {}).values(), *(raw.get(k, 0) for k in (
                "minimum", "full_field", "min_players"))]):
            raise ValueError("not whole numbers")
        table = PointsTable.from_json(raw)
        valid = (table.by_rounds and all(1 <= r <= 20 and 1 <= p <= 10_000 for r, p in table.by_rounds.items())
                 and 0 <= table.minimum <= min(table.by_rounds.values()) and 0 <= table.full_field <= 1000
                 and 2 <= table.min_players <= 1000)
    except (AttributeError, TypeError, ValueError):
        valid = False
    return [] if valid else [Problem("points_invalid", say(
        'The points table needs "by_rounds" (rounds: the winner\'s points), "minimum" (the last place\'s, no more '
        'than a winner\'s), "full_field" and "min_players".'), "points")]


def _free_slug(name: str) -> str:
    base = slugify(name)[:120] or "series"
    slug, n = base, 1
    while Series.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def series_events(series: Series):
    """The finished events that count, with their size (those ranked) and rounds played (published): the
    edition, the dates, and who admitted them. A list counts only the events its organizers listed; without
    one, the events made by its organizers or by the organizers it trusts. Anyone may make an event, so an
    event nobody vouched for never counts."""
    formats = formats_of(series.edition)
    events = Event.objects.filter(format__in=formats, finished_at__isnull=False)
    if series.starts:
        events = events.filter(date__gte=series.starts)
    if series.ends:
        events = events.filter(date__lte=series.ends)
    if series.events.exists():
        events = events.filter(pk__in=series.events.values("pk"))
    else:
        # Made by them: anyone may add anyone as a co-organizer of their own event, unasked.
        vouching = [*series.organizers.values_list("pk", flat=True), *series.trusted.values_list("pk", flat=True)]
        events = events.filter(created_by__in=vouching)
    return events.annotate(
        # Those ranked: who did not play has no place, so the last who played takes the last place's points.
        size=Count("players", filter=Q(players__is_ringer=False, players__place__isnull=False), distinct=True),
        played=Count("round_set", filter=Q(round_set__published_at__isnull=False), distinct=True)).order_by("-date")


def standings(series: Series, *, on: date | None = None) -> dict:
    """The series' standings as of `on` (its end, else today), with the winner's points of each event whose
    results can count then: in the window up to `on` (None for an event too small or short to count)."""
    on = on or (min(series.ends, date.today()) if series.ends else date.today())
    table = PointsTable.from_json(series.points)
    events = {e.pk: e for e in series_events(series) if in_window(e.date, on=on, window_days=series.rolling_days)}
    placings = []
    for person, event_id, place in Player.objects.filter(
            event__in=list(events), is_ringer=False, person__isnull=False, place__isnull=False).values_list(
            "person_id", "event_id", "place"):
        event = events[event_id]
        points = placement_points(place, event.size, event.played, table)
        if points is not None:
            placings.append(Placing(person=person, event=event_id, date=event.date, points=points))
    rows = series_standings(placings, best=series.best_of, window_days=series.rolling_days, on=on)
    people = Person.objects.in_bulk([row.person for row in rows])
    return {"on": on, "rows": [(row, people[row.person]) for row in rows], "table": table,
            "events": [(e, table.winner(e.played, e.size)) for e in events.values()]}
