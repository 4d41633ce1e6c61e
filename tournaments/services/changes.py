"""How every write to an event happens: lock, one transaction, then the public pages move on.

`event_change` is the only way services write: it locks the event's row (or,
for results and reports, lets the service lock the one game it touches, so
thirty tables can report at once), runs the block in one transaction, and moves
the event's cached pages on, now and again after the commit. It is the only
caller of the cache's version bump, so no write can forget it.

The database guards what must never happen with constraints. A violation a
service expects (two requests racing past the same check) becomes a conflict
with a clear message, found by the constraint's name; any other IntegrityError
is a bug and stays one (a logged 500).

`announce` is how the rest of the site hears of a change (`tournaments.signals`): the tournament
imports nothing of the apps built on it.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

from django.apps import apps
from django.db import IntegrityError, connection, models, transaction

from gaininggrounds import http_cache
from scoring.messages import say
from scoring.problems import Conflict, Problem
from tournaments import selectors
from tournaments.models import Event, Player
from tournaments.signals import KINDS, tournament_changed

SHARED = "shared"


def announce(event: Event, kind: str, **details) -> None:
    """Tell the listeners of `tournament_changed` what just changed in `event`, inside its transaction (a
    listener's writes commit with the change; a listener's refusal refuses it)."""
    if kind not in KINDS:
        raise ValueError(f"unknown change {kind}")
    tournament_changed.send(sender=Event, kind=kind, event=event, **details)


@contextmanager
def event_change(event: Event, *, lock: bool | str = True) -> Iterator[Event]:
    """Run the block as one write to `event`: inside a transaction, with the event's row locked
    (`lock=False` for a new event or the round clock; `lock=SHARED` for results and reports, which
    then lock their one game: any number of tables write at once, while a pairing or a round's removal,
    which take the event's row alone, wait for them, and they for it). The event is always locked
    first, so two writes never wait for each other in a circle. Yields the event, fresh from the
    database."""
    try:
        with transaction.atomic():
            if lock == SHARED:
                _lock_shared(event)
            elif lock:
                event = Event.objects.select_for_update().get(pk=event.pk)
            yield event
            _places_kept(event)
            _move_pages_on(event)
    except IntegrityError as error:
        problem = _expected(error)
        if problem is None:
            raise
        raise Conflict(problem) from error


def _places_kept(event: Event) -> None:
    """A finished event's places, stored on its entries for profiles and series, follow every change to it
    (finishing, a disqualification afterwards, new tiebreaks); reopening clears them. Nothing to do, and
    no query, while an event runs."""
    if event.pk is None or (event.finished_at is None and not getattr(event, "reopened", False)):
        return
    entries = list(event.players.all())
    places = ({standing.entrant.id: standing.rank for standing in selectors.event_standings(event)}
              if event.finished_at is not None else {})
    changed = [entry for entry in entries if entry.place != places.get(entry.pk)]
    for entry in changed:
        entry.place = places.get(entry.pk)
    Player.objects.bulk_update(changed, ["place"])


def _lock_shared(event: Event) -> None:
    """FOR SHARE on the event's row (Django's select_for_update has no shared mode). SQLite has no row
    locks: its transactions begin IMMEDIATE, so writes there take turns anyway."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT 1 FROM {Event._meta.db_table} WHERE id = %s FOR SHARE", [event.pk])


def _move_pages_on(event: Event) -> None:
    http_cache.bump(*event_scopes(event))


def event_scopes(event: Event) -> tuple[str, ...]:
    """The cache scopes an event's pages and API reads are stored under (see `http_cache.public_cache`);
    people's profiles and leaderboards show its games too."""
    return (http_cache.SITE, http_cache.PEOPLE, http_cache.scope_key("event", "slug", event.slug),
            http_cache.scope_key("event", "event_id", event.pk))


def _conflicts() -> dict[str, Problem]:
    """The constraint violations a race between two requests can cause, by constraint name."""
    concurrent = Problem("concurrent_change", say("Another change to this event happened at the same time; "
                                                  "reload and try again."))
    return {
        "player_name_unique_in_event": Problem("duplicate_name", say("A player of that name is already registered."),
                                               "name"),
        "one_entry_per_account_in_event": Problem("already_registered",
                                                  say("You are already registered for this event.")),
        "one_entry_per_person_in_event": Problem("person_registered", say(
            "That person already has an entry in this event."), "person"),
        "one_ringer_per_event": Problem("ringer_exists", say("This event already has a Ringer; it can have only one."),
                                        "is_ringer"),
        "tournaments_result_game_id_key": Problem("concurrent_change", say(
            "Another result for this game was saved at the same time; reload.")),
        "round_number_unique_in_event": concurrent,
        "player_once_per_round": concurrent,
        "table_unique_in_round": concurrent,
        "one_version_per_side": concurrent,
        "lineup_step_order_unique": concurrent,  # two captains' choices at once (teams/)
        "lineup_player_chosen_once": concurrent,
        "team_once_per_round": concurrent,
    }


def _expected(error: IntegrityError) -> Problem | None:
    return _conflicts().get(violated_constraint(error) or "")


def violated_constraint(error: IntegrityError) -> str | None:
    """The name of the constraint an IntegrityError broke. PostgreSQL names it; SQLite names a CHECK
    but only the columns of a UNIQUE, which are mapped back to the constraint declared on them."""
    diagnosis = getattr(error.__cause__, "diag", None)
    if diagnosis is not None:
        return diagnosis.constraint_name
    message = str(error)
    check = re.match(r"CHECK constraint failed: (\w+)", message)
    if check:
        return check.group(1)
    unique = re.match(r"UNIQUE constraint failed: (.+)", message)
    return _unique_by_columns().get(unique.group(1).strip()) if unique else None


def _unique_by_columns() -> dict[str, str]:
    """"table.column, table.column" (SQLite's words) -> constraint name (PostgreSQL's, for a unique field)."""
    found = {}
    for model in apps.get_models():
        table = model._meta.db_table
        for constraint in model._meta.constraints:
            if isinstance(constraint, models.UniqueConstraint) and constraint.fields:
                columns = [model._meta.get_field(name).column for name in constraint.fields]
                found[", ".join(f"{table}.{c}" for c in columns)] = constraint.name
        for field in model._meta.local_fields:
            if field.unique and not field.primary_key:
                found[f"{table}.{field.column}"] = f"{table}_{field.column}_key"
    return found
