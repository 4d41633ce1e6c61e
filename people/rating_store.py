"""Stored ratings, kept current from the games.

A change to rated games (a result, an entry linked to a person, a merge, an event's date) marks its
edition due from its date (`ratings_due`), in the change's own transaction. The refresh then rates every
game from the earliest due date on, starting from the ratings stored at the end of the day before it, and
replaces what was stored from that date; Longshanks' RPI and the records are recomputed from all the
edition's games (cheap next to the rating), and the statistics of play of the events from that date on
(`people.tally_store`). Every number is what the pure modules give from scratch.
"""
from __future__ import annotations

import logging
from collections import Counter, defaultdict
from datetime import date, timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import connection, transaction
from django.utils import timezone

from gaininggrounds import http_cache
from gaininggrounds.celery import queue, runs_later
from people.models import Rating, RatingsDue, RatingStep
from people.tally_store import tallies_refresh
from ratings import longshanks
from ratings.skill import DRAW, LOSS, WIN, RatedGame, history, outcome_of
from ratings.skill import Rating as Skill
from scoring.formats import EDITIONS, formats_of, get_format
from scoring.report import PLAYED
from tournaments.models import Result

log = logging.getLogger(__name__)

BEGINNING = date(1900, 1, 1)  # "due from the start": a rebuild
BATCH = 2000
RPI_DECIMALS = 4


def edition_of(format_key: str) -> str:
    return get_format(format_key).edition


def ratings_due(*, edition: str, since: date) -> None:
    """Mark `edition` to be rated again from `since` on; the refresh is queued once the change commits."""
    RatingsDue.objects.create(edition=edition, since=since)
    transaction.on_commit(lambda: enqueue(edition))


def event_ratings_due(event) -> None:
    ratings_due(edition=edition_of(event.format), since=event.date)


def _waiting_key(edition: str) -> str:
    return f"gg:ratings-refresh-waiting:{edition}"


def enqueue(edition: str) -> None:
    """Hand the refresh to the workers, at most one waiting per edition: it starts RATINGS_REFRESH_SECONDS
    later and rates everything marked due meanwhile, so a Saturday of twenty events costs one refresh
    every few seconds rather than one per result. With no broker it runs now; with the broker down
    the due row waits for beat's next round."""
    eta = None
    if runs_later():
        delay = settings.RATINGS_REFRESH_SECONDS
        try:
            if not cache.add(_waiting_key(edition), 1, timeout=delay + 60):
                return  # one is waiting; it will find this change due
        except Exception:  # noqa: BLE001 - cache unreachable: queue one all the same
            log.warning("cache unreachable: a ratings refresh of %s queued without checking", edition)
        eta = timezone.now() + timedelta(seconds=delay)
    try:
        queue("people.tasks.refresh_ratings", edition, eta=eta)
    except Exception:  # noqa: BLE001 - broker unreachable: RatingsDue keeps the change
        log.warning("broker unreachable: ratings of %s left due", edition, exc_info=True)


def refresh_started(edition: str) -> None:
    """A waiting refresh starts: a change from now on queues the next one."""
    try:
        cache.delete(_waiting_key(edition))
    except Exception:  # noqa: BLE001
        pass


def rated_rows(edition: str) -> list[tuple]:
    """Every rated game of the edition: of a finished event (a throwaway event nobody closes moves nobody's
    rating), played (not a bye, forfeit, concession or double loss), confirmed (a Result exists only then),
    both sides real people (not the Ringer, each linked to a person)."""
    formats = formats_of(edition)
    return list(Result.objects.filter(
        outcome=PLAYED, game__round__event__format__in=formats, game__round__published_at__isnull=False,
        game__round__event__finished_at__isnull=False,
        game__player_a__person__isnull=False, game__player_b__person__isnull=False,
        game__player_a__is_ringer=False, game__player_b__is_ringer=False,
    ).values_list("game__round__event__date", "game__round__number", "game__player_a__person_id",
                  "game__player_b__person_id", "tp_a", "tp_b", "game__player_a__faction", "game__player_b__faction"))


def rated_game(row) -> RatedGame:
    day, number, a, b, tp_a, tp_b = row[:6]
    return RatedGame(date=day, round=number, a=a, b=b, outcome=outcome_of(tp_a, tp_b))


def ratings_refresh(edition: str) -> bool:
    """Rate what is due in `edition`, and count its statistics again; False when nothing was due. One
    refresh per edition at a time, in one transaction."""
    with transaction.atomic():
        _lock(edition)
        due = list(RatingsDue.objects.filter(edition=edition).values_list("pk", "since"))
        if not due:
            return False
        since = min(day for _pk, day in due)
        ratings_rate(edition, since)
        tallies_refresh(edition, since)
        RatingsDue.objects.filter(pk__in=[pk for pk, _since in due]).delete()
        http_cache.bump(http_cache.PEOPLE)
    return True


def ratings_rate(edition: str, since: date) -> None:
    """The ratings part of a refresh (inside its transaction): every game from `since` on rated from the
    steps stored before it, and the people's rows brought up to date."""
    rows = rated_rows(edition)
    later = [rated_game(row) for row in rows if row[0] >= since]
    stale = set(RatingStep.objects.filter(edition=edition, date__gte=since).values_list("person_id", flat=True))
    touched = {g.a for g in later} | {g.b for g in later} | stale
    current = _steps_before(edition, since, touched)
    RatingStep.objects.filter(edition=edition, date__gte=since).delete()
    steps = {}
    for (day, _round), rated in history(later, current):
        current.update(rated)
        steps.update({(person, day): rating for person, rating in rated.items()})
    RatingStep.objects.bulk_create(
        (RatingStep(person_id=person, edition=edition, date=day, mu=r.mu, sigma=r.sigma, games=r.games)
         for (person, day), r in steps.items()), batch_size=BATCH)
    _store(edition, rows, current, touched)


def _lock(edition: str) -> None:
    """Two refreshes of one edition take turns (PostgreSQL's advisory lock; SQLite's writes take turns
    anyway)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", [f"ratings:{edition}"])


def _steps_before(edition: str, since: date, people: set[int]) -> dict[int, Skill]:
    """Each person's rating at the end of their last day before `since`."""
    steps = RatingStep.objects.filter(edition=edition, date__lt=since)
    if len(people) <= 500:  # else all of them: a long IN list is slower (and SQLite caps its parameters)
        steps = steps.filter(person_id__in=people)
    latest = {}
    for person, mu, sigma, games in steps.order_by("date").values_list("person_id", "mu", "sigma", "games"):
        latest[person] = Skill(mu=mu, sigma=sigma, games=games)
    return latest


def _store(edition: str, rows: list[tuple], current: dict[int, Skill], touched: set[int]) -> None:
    """Write each person's row where it changed: the rating and record of those whose games changed, and the
    RPI, which moves for their opponents and their opponents' opponents too. Stored to four decimals, so a
    far-off game leaves most rows alone (and an update writes what a rebuild writes). Changed rows are
    replaced (a delete and an insert: much faster than updating thousands of rows one CASE at a time)."""
    outcomes = [outcome_of(row[4], row[5]) for row in rows]
    rpi = {person: round(value, RPI_DECIMALS) for person, value in longshanks.rpi_of(
        [row[2] for row in rows], [row[3] for row in rows], outcomes).items()}
    record, factions, last = defaultdict(Counter), defaultdict(Counter), {}
    for row, outcome in zip(rows, outcomes, strict=True):
        if row[2] not in touched and row[3] not in touched:
            continue
        for person, faction, score in ((row[2], row[6], outcome), (row[3], row[7], 1 - outcome)):
            record[person][score] += 1
            factions[person][faction] += 1
            last[person] = max(last.get(person, row[0]), row[0])
    columns = [f.attname for f in Rating._meta.concrete_fields if f.attname != "id"]
    stored = {row["person_id"]: row for row in Rating.objects.filter(edition=edition).values(*columns)}
    replaced = []
    for person, value in rpi.items():
        row = stored.get(person)
        if person in touched:
            rating = current[person]
            replaced.append(Rating(person_id=person, edition=edition, mu=rating.mu, sigma=rating.sigma,
                                   shown=rating.shown, games=rating.games, wins=record[person][WIN],
                                   draws=record[person][DRAW], losses=record[person][LOSS],
                                   faction=_most_played(factions[person]), rpi=value, last_played=last[person]))
        elif row is not None and row["rpi"] != value:  # an opponent's games changed
            replaced.append(Rating(**{**row, "rpi": value}))
    gone = [p for p in stored if p not in rpi] + [r.person_id for r in replaced if r.person_id in stored]
    for start in range(0, len(gone), BATCH):
        Rating.objects.filter(edition=edition, person_id__in=gone[start:start + BATCH]).delete()
    Rating.objects.bulk_create(replaced, batch_size=BATCH)


def _most_played(factions: Counter) -> str:
    """The faction of most rated games; a tie goes to the first in alphabetical order (stable)."""
    return min(factions.items(), key=lambda item: (-item[1], item[0]))[0]


def ratings_rebuild(edition: str | None = None) -> None:
    """Every rating recomputed from scratch (after a bug fix, or to check nothing drifted)."""
    for each in [edition] if edition else EDITIONS:
        with transaction.atomic():
            ratings_due(edition=each, since=BEGINNING)
        ratings_refresh(each)
