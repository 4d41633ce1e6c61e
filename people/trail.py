"""People's shared trail: what a change of who an entry is moves on (the events' pages naming the person, the
ratings due) and the record it leaves. Both the merges (people.services) and the account holders' answers
(people.links) write through it, so neither imports the other."""
from __future__ import annotations

from django.db.models import Min

from audit.services import actor_fields
from gaininggrounds import http_cache
from people.models import Person, PersonRecord
from people.rating_store import edition_of, ratings_due
from tournaments.models import Event, Player
from tournaments.services.changes import event_scopes

ACTIONS = {
    "person_merged": "Two people turned out to be one: the second one's entries moved to the first.",
    "person_merge_undone": "A merge was undone: the entries it moved went back.",
    "person_hidden": "A person hid their profile: shown by name only.",
    "person_shown": "A person showed their profile again.",
    "person_updated": "A person changed their profile (name, club or country).",
    "person_link_asked": "Someone said entries are an account holder's: they wait for the holder's word.",
    "person_link_confirmed": "An account holder confirmed an entry is theirs: it joined their record.",
    "person_link_declined": "An account holder said an entry is not theirs: it stays a person of its own.",
}


def event_pages_move_on(entries: list[int]) -> None:
    """The events whose entries changed person: their feeds name the person."""
    for event in Event.objects.filter(players__in=entries).distinct():
        http_cache.bump(*event_scopes(event))


def entries_due(entries: list[int]) -> None:
    """The ratings those entries' games are part of, due from their earliest event."""
    earliest = (Player.objects.filter(pk__in=entries).values("event__format")
                .annotate(since=Min("event__date")).values_list("event__format", "since"))
    for format_key, since in earliest:
        ratings_due(edition=edition_of(format_key), since=since)


def person_record(by, action: str, person: Person, other: Person | None, *, before=None, after=None) -> PersonRecord:
    if action not in ACTIONS:
        raise ValueError(f"unknown action {action}")
    http_cache.bump(http_cache.PEOPLE)
    return PersonRecord.objects.create(action=action, person=person, other=other, before=before, after=after,
                                       **actor_fields(by))
