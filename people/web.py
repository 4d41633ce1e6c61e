"""People's public pages: profiles, leaderboards, ranking series and statistics of play. Cached as public pages
(scope `people`, moved on by every event's writes and every refresh of the ratings)."""
from __future__ import annotations

import csv
from collections import Counter

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django_countries import countries

from gaininggrounds.http_cache import PEOPLE, public_cache
from gaininggrounds.web import naming
from people import charts, selectors, stats_tables, tally_store
from people.models import Person, Series
from people.series import series_events
from people.series import standings as series_standings
from people.services import current
from scoring.formats import EDITIONS, get_format, loose
from tournaments.models import Event

LEADERBOARD_PARAMS = ("faction", "country", "min", "page")
PROFILE_HEAD = "/people/"  # checked against the URL configuration by a test


@public_cache(PEOPLE)
def profile_page(request, person_id: int):
    person = get_object_or_404(Person, pk=person_id)
    if person.merged_into_id:
        return redirect("people:profile", current(person).pk, permanent=False)
    if person.hidden:
        return render(request, "people/hidden.html", {"person": person})
    found = selectors.profile(person)
    ratings = [{"rating": r, "chart": _chart(person, r.edition, found["steps"].get(r.edition, [])),
                "steps": found["steps"].get(r.edition, []), "faction": _faction_of(r.edition, r.faction)}
               for r in sorted(found["ratings"], key=lambda r: EDITIONS.index(r.edition))]  # newest first
    names = _Names()
    games = [{**line, "faction": names.faction(line["format"], line["faction"]),
              "opponent_faction": names.faction(line["format"], line["opponent_faction"]) if line["opponent"] else "",
              "mission": names.mission(line["format"], line["strategy"], line["deployment"]),
              "profile": profile_link(line["opponent_person"]) if line["opponent_person"] else "",
              "words": names.words(line)}
             for line in found["games"]]
    return render(request, "people/profile.html", {
        "person": person, "country": countries.name(person.country) if person.country else "",
        "events": found["events"], "games": games, "ratings": ratings, "round_word": _("Round"),
        "bye_word": _("Bye"), "against_word": _("against"), "unreported_word": _("not reported yet"),
        "played": played_by_edition(found["factions"], found["leaders"])})


def played_by_edition(factions: list[tuple], leaders: list[tuple]) -> list[dict]:
    """The factions and leaders a person played, under each edition, newest first: a faction once per edition
    however many of its formats (seasons) counted it, most played first; a leader typed in different ways
    (earlier editions' free text) once, by its most played spelling."""
    played = {edition: {"factions": Counter(), "leaders": {}} for edition in EDITIONS}
    names = {}
    for (fmt, key), n in factions:
        edition = get_format(fmt).edition
        played[edition]["factions"][key] += n
        names.setdefault((edition, key), naming.faction(fmt, key))
    for (fmt, name), n in leaders:
        spellings = played[get_format(fmt).edition]["leaders"].setdefault(loose(name) or name.strip(), Counter())
        spellings[name] += n
    return [{"edition": edition,
             "factions": _most_first((names[(edition, key)], n) for key, n in each["factions"].items()),
             "leaders": _most_first((_most_first(spellings.items())[0][0], spellings.total())
                                    for spellings in each["leaders"].values())}
            for edition, each in played.items() if each["factions"] or each["leaders"]]


def _most_first(counted) -> list[tuple[str, int]]:
    """(name, count) pairs, the most counted first, then by name."""
    return sorted(counted, key=lambda pair: (-pair[1], pair[0]))


class _Names:
    """Factions and missions named once per page, however many games name them (a profile lists hundreds)."""

    def __init__(self):
        self.known = {}

    def faction(self, format_key: str, key: str) -> str:
        if ("f", format_key, key) not in self.known:
            self.known[("f", format_key, key)] = naming.faction(format_key, key)
        return self.known[("f", format_key, key)]

    def mission(self, format_key: str, strategy: str, deployment: str) -> str:
        if ("m", format_key, strategy, deployment) not in self.known:
            fmt = get_format(format_key)
            named = [naming.localized(fmt.strategy(strategy)), naming.localized(fmt.deployment(deployment))]
            self.known[("m", format_key, strategy, deployment)] = " · ".join(n for n in named if n)
        return self.known[("m", format_key, strategy, deployment)]

    def words(self, line: dict) -> str:
        """"Round 3", "won", "(forfeited)": each phrase translated once per page."""
        outcome = {"win": _("won"), "draw": _("drawn"), "loss": _("lost")}.get(line["outcome"], "")
        unusual = line["result"] not in ("", "played", "bye")
        return f"{outcome} ({naming.outcome_words(line['result'])})" if unusual else outcome


def profile_link(person_id: int) -> str:
    """A profile's address without a reverse() per row."""
    return f"{PROFILE_HEAD}{person_id}/"


def _faction_of(edition: str, key: str) -> str:
    return naming.faction(selectors.edition_format(edition), key)


def _chart(person: Person, edition: str, steps: list[tuple]) -> str:
    if len(steps) < 2:
        return ""
    return charts.line_over_time([(day, shown) for day, shown, _games in steps],
                                 _("Rating of %(name)s in %(edition)s, after each day played")
                                 % {"name": person.name, "edition": edition}, name=_("Rating"))


@public_cache(PEOPLE, params=LEADERBOARD_PARAMS)
def leaderboard_page(request, edition: str):
    if edition not in EDITIONS:
        raise Http404("No such edition")
    factions, rated_countries = selectors.leaderboard_choices(edition)
    faction = request.GET.get("faction", "")
    faction = faction if faction in factions else ""
    country = request.GET.get("country", "")
    country = country if country in rated_countries else ""
    min_games = _number(request.GET.get("min"), selectors.MIN_GAMES, upper=1000)
    page = _number(request.GET.get("page"), 1, upper=10_000, lower=1)
    rows, total = selectors.leaderboard(edition, faction=faction, country=country, min_games=min_games, page=page)
    start = (page - 1) * selectors.LEADERBOARD_PAGE
    return render(request, "people/leaderboard.html", {
        "edition": edition, "editions": EDITIONS, "total": total,
        "previous": page - 1 if page > 1 else None,
        "next": page + 1 if start + selectors.LEADERBOARD_PAGE < total else None,
        "rows": [{"place": start + i, "rating": r, "faction": _faction_of(edition, r.faction),
                  "country": countries.name(r.person.country) if r.person.country else ""}
                 for i, r in enumerate(rows, start=1)],
        "factions": [(key, _faction_of(edition, key)) for key in factions],
        "countries": [(code, countries.name(code)) for code in rated_countries],
        "chosen": {"faction": faction, "country": country, "min": min_games}})


def _inert(cell):
    """A cell a spreadsheet shows as text: a leader typed as "=cmd()" must not run as a formula."""
    return f"'{cell}" if isinstance(cell, str) and cell[:1] in ("=", "+", "-", "@", "\t", "\r") else cell


def _number(text: str | None, default: int, *, upper: int, lower: int = 0) -> int:
    """A whole number from the query string, kept in range; anything else is the default."""
    try:
        return min(max(int(text), lower), upper)
    except (TypeError, ValueError):
        return default


@public_cache(PEOPLE)
def series_list_page(request):
    return render(request, "people/series_list.html", {"all_series": Series.objects.all()})


@public_cache(PEOPLE)
def series_page(request, slug: str):
    series = get_object_or_404(Series, slug=slug)
    # Who vouches for the events that count (people.series.series_events), said on the page.
    vouching = sorted({*series.organizers.values_list("username", flat=True),
                       *series.trusted.values_list("username", flat=True)})
    return render(request, "people/series.html", {"series": series, "standings": series_standings(series),
                                                  "listed": series.events.exists(), "vouching": vouching})


@public_cache(PEOPLE)
def site_stats_page(request, edition: str, table: str = ""):
    if edition not in EDITIONS:
        raise Http404("No such edition")
    return _stats(request, tally_store.edition_tallies(edition), selectors.edition_format(edition), table, {
        "title": _("%(edition)s statistics, every event") % {"edition": edition}, "edition": edition,
        "base": reverse("people:site-stats", args=[edition])})


@public_cache(PEOPLE)
def event_stats_page(request, slug: str, table: str = ""):
    event = get_object_or_404(Event, slug=slug)
    return _stats(request, tally_store.event_tallies(event), event.format, table, {
        "title": _("%(event)s statistics") % {"event": event.name}, "event": event,
        "base": reverse("people:event-stats", args=[slug])})


@public_cache(PEOPLE)
def series_stats_page(request, slug: str, table: str = ""):
    series = get_object_or_404(Series, slug=slug)
    events = list(series_events(series).values_list("pk", flat=True))
    return _stats(request, tally_store.events_tallies(events), selectors.edition_format(series.edition), table, {
        "title": _("%(series)s statistics") % {"series": series.name}, "series": series,
        "base": reverse("people:series-stats", args=[slug])})


def _stats(request, counted: dict, format_key: str, table: str, context: dict):
    """The statistics page, or one of its tables as CSV (`table`)."""
    built = stats_tables.tables(counted, stats_tables.Names(format_key))
    if table:
        if table not in stats_tables.TABLES:
            raise Http404("No such table")
        response = HttpResponse(content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{table}.csv"'
        csv.writer(response).writerows([[_inert(cell) for cell in row] for row in stats_tables.csv_rows(table, built)])
        return response
    rated = [(row["name"], 100 * row["value"]) for row in built["factions"] if row["value"] is not None]
    chart = charts.bars(rated, _("Win rate by faction, mirror matches apart"), name=_("Win rate")) if rated else ""
    return render(request, "people/stats.html", {**context, **built, "chart": chart,
                                                 "tables": stats_tables.TABLES})
