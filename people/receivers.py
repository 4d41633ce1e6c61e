"""What people hear of the tournament, through its one hook (`tournaments.signals`):
who a new or restored entry is, and which ratings a change makes due. Called inside the change's
transaction, so a person linked or a rating marked due commits with the change, and a refusal (an
unknown or private person) refuses the change itself."""
from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Q

from people.links import link_ask, needs_consent
from people.models import PendingLink, Person
from people.names import search_key
from people.rating_store import edition_of, event_ratings_due, ratings_due
from people.services import current, person_for_entry
from scoring.messages import say
from scoring.problems import conflict
from tournaments import signals

# An entry's fields that move its games' ratings: the Ringer is nobody's record; the faction is rated.
RATED_FIELDS = frozenset({"is_ringer", "faction"})


def heard(*, signal, kind: str, event, **details) -> None:
    """One change to the tournament (`people.apps.hear` passes it on), handled by its kind."""
    HEARD[kind](event, **details)


def _entry_registered(event, *, player, user=None, person: int | None = None, by=None) -> None:
    """The account's own person, or the one chosen; an account holder chosen by someone else is only asked
    (`people.links`), and the entry is a new person until they confirm."""
    if player.is_ringer:
        return
    found = person_for_entry(event=event, name=player.name, club=player.club, user=user, person_id=person)
    if user is None and person is not None and needs_consent(found, by):
        link_ask(entry=player, person=found, by=by)
    else:
        _link(player, found)


def _entry_restored(event, *, player, user=None, person: int | None = None, original: str = "") -> None:
    """As the backup says, but an account holder's record grows only with their word: a file names any
    person and any username it likes, so an entry found to be an account holder's (by its person or by the
    file's username, `user`) only asks them."""
    if player.is_ringer:
        return
    found = _person_restored(event, player, user, person, original)
    if found.user_id is not None:
        link_ask(entry=player, person=found, by=None)
    else:
        _link(player, found)


def _person_restored(event, player, user, person_id: int | None, original: str = "") -> Person:
    """The backup's person (when on this server under the same name), else the account's, when they show
    their profile and played neither in the original event (still here: restored beside it) nor in another
    event that day: a copy must not count anyone's games twice, and nobody adds to a private record. Else a
    new person."""
    backed_up = Person.objects.filter(pk=person_id or 0).first()
    if backed_up is not None:  # the same id on another server is someone else: the name must agree too
        backed_up = current(backed_up)
        if search_key(backed_up.name) != search_key(player.name):
            backed_up = None
    for person in (backed_up, Person.objects.filter(user=user).first() if user is not None else None):
        if person is None:
            continue
        elsewhere = person.entries.exclude(event=event)
        if person.hidden or elsewhere.filter(Q(event__date=event.date) | Q(event__slug=original or None)).exists():
            break  # theirs, but it may not join their record: a person of its own
        return person
    return Person.objects.create(name=player.name, search_key=search_key(player.name), club=player.club)


def _entry_changed(event, *, player, fields: frozenset[str]) -> None:
    if "is_ringer" in fields:  # the Ringer is nobody's record; a player who was the Ringer becomes someone
        if player.is_ringer:
            PendingLink.objects.filter(entry=player).delete()  # nobody is asked to be the Ringer
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


def _entry_removed(event, *, player, by=None) -> None:
    """An entry removed (a mistake, or a withdrawal before the day) has no game, so no rating moves; its
    person stays, as every person does, with the entries they have elsewhere."""


def _event_finished(event) -> None:
    """Finished, its games start to count; reopened, they stop until it is finished again."""
    event_ratings_due(event)


def _link(player, person: Person | None) -> None:
    """The entry is this person's. The database keeps one entry per person in an event; a merge moving
    that person's entries at the same moment is told apart as a conflict, not a failure."""
    player.person = person
    try:
        with transaction.atomic():
            player.save(update_fields=["person"])
    except IntegrityError as error:
        raise conflict("person_registered", say("{name} already has an entry in this event.",
                                                name=person.name if person else player.name), "person") from error


HEARD = {
    signals.ENTRY_REGISTERED: _entry_registered,
    signals.ENTRY_RESTORED: _entry_restored,
    signals.ENTRY_CHANGED: _entry_changed,
    signals.ENTRY_REMOVED: _entry_removed,
    signals.ENTRY_GONE: lambda event, **details: None,  # its person stays: nothing more to do
    signals.RESULT_CHANGED: _result_changed,
    signals.DATE_MOVED: _date_moved,
    signals.EVENT_RESTORED: _event_restored,
    signals.EVENT_FINISHED: _event_finished,
    # What players and organizers are told (notifications' business): no person and no rating moves.
    signals.ROUND_PUBLISHED: lambda event, **details: None,
    signals.REPORT_AWAITS: lambda event, **details: None,
    signals.REPORT_DISPUTED: lambda event, **details: None,
    signals.CLOCK_CALLED: lambda event, **details: None,
    signals.JUDGE_CALLED: lambda event, **details: None,
}
