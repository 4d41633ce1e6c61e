"""What people hear of the tournament, through its one hook (`tournaments.signals`):
who a new or restored entry is, and which ratings a change makes due. Called inside the change's
transaction, so a person linked or a rating marked due commits with the change, and a refusal (an
unknown or private person) refuses the change itself."""
from __future__ import annotations

from people.models import Person
from people.names import search_key
from people.rating_store import edition_of, event_ratings_due, ratings_due
from people.services import current, person_for_entry
from tournaments import signals

# An entry's fields that move its games' ratings: the Ringer is nobody's record; the faction is rated.
RATED_FIELDS = frozenset({"is_ringer", "faction"})


def heard(*, signal, kind: str, event, **details) -> None:
    """One change to the tournament (`people.apps.hear` passes it on), handled by its kind."""
    HEARD[kind](event, **details)


def _entry_registered(event, *, player, user=None, person: int | None = None) -> None:
    if not player.is_ringer:
        _link(player, person_for_entry(event=event, name=player.name, club=player.club, user=user,
                                       person_id=person))


def _entry_restored(event, *, player, user=None, person: int | None = None) -> None:
    if not player.is_ringer:
        _link(player, _person_restored(event, player, user, person))


def _person_restored(event, player, user, person_id: int | None) -> Person:
    """The backup's person when they are on this server and did not play another event that day (the
    original event still here: a copy's games must not count twice for them); else the account's
    person, or a new one."""
    person = Person.objects.filter(pk=person_id or 0).first()
    if person is not None:  # the same id on another server is someone else: the name must agree too
        person = current(person)
        same = search_key(person.name) == search_key(player.name)
        if same and not person.entries.filter(event__date=event.date).exclude(event=event).exists():
            return person
    return person_for_entry(event=event, name=player.name, club=player.club, user=user)


def _entry_changed(event, *, player, fields: frozenset[str]) -> None:
    if "is_ringer" in fields:  # the Ringer is nobody's record; a player who was the Ringer becomes someone
        _link(player, None if player.is_ringer else (
            player.person or person_for_entry(event=event, name=player.name, club=player.club)))
    if RATED_FIELDS & fields:
        event_ratings_due(event)


def _result_changed(event, *, game) -> None:
    event_ratings_due(event)


def _date_moved(event, *, before, after) -> None:
    """Its games are rated on another day: from the earlier of the two on."""
    ratings_due(edition=edition_of(event.format), since=min(before, after))


def _event_restored(event) -> None:
    event_ratings_due(event)


def _event_finished(event) -> None:
    """Finished, its games start to count; reopened, they stop until it is finished again."""
    event_ratings_due(event)


def _link(player, person: Person | None) -> None:
    player.person = person
    player.save(update_fields=["person"])


HEARD = {
    signals.ENTRY_REGISTERED: _entry_registered,
    signals.ENTRY_RESTORED: _entry_restored,
    signals.ENTRY_CHANGED: _entry_changed,
    signals.RESULT_CHANGED: _result_changed,
    signals.DATE_MOVED: _date_moved,
    signals.EVENT_RESTORED: _event_restored,
    signals.EVENT_FINISHED: _event_finished,
}
