"""Consent: an entry joins an account holder's record only when they say it is theirs.

An organizer who registers an entry as an account holder's person, or merges a person into theirs (or
theirs into another), only asks (`PendingLink`); the entry stays a person of its own, rated as such,
until the account holder confirms from their profile page or the API. Anyone can make an event, so
without this a stranger could add losses to anyone's rating."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from audit.services import actor_fields
from people.models import PendingLink, Person, PersonRecord
from people.names import search_key
from people.trail import entries_due, event_pages_move_on, person_record
from scoring.messages import say
from scoring.problems import conflict, invalid
from tournaments.models import Player


def acting_user_id(by) -> int | None:
    """The account behind an actor (a user, or a player acting through an account), if any."""
    if isinstance(by, get_user_model()):
        return by.pk
    return getattr(by, "user_id", None)


def needs_consent(person: Person, by) -> bool:
    """Adding to this person's record asks them first: they have an account, and someone else acts."""
    return person.user_id is not None and person.user_id != acting_user_id(by)


def link_ask(*, entry: Player, person: Person, by) -> PendingLink:
    """Ask the account holder behind `person` whether `entry` is theirs; the entry keeps its own person
    meanwhile (a new one, named as entered, when it has none)."""
    if PendingLink.objects.filter(person=person, entry__event_id=entry.event_id).exclude(entry=entry).exists():
        raise conflict("person_registered", say("{name} already has an entry in this event.", name=person.name),
                       "person")
    if entry.person_id and PersonRecord.objects.filter(action="person_link_declined", person=person,
                                                       other=entry.person_id).exists():
        raise conflict("link_declined", say("{name} already said this entry is not them.", name=person.name),
                       "person")
    if entry.person_id is None:
        entry.person = Person.objects.create(name=entry.name, search_key=search_key(entry.name), club=entry.club)
        entry.save(update_fields=["person"])
    link, _made = PendingLink.objects.update_or_create(entry=entry, defaults={
        "person": person, "asked_by": actor_fields(by)["by"], "asked_by_user_id": acting_user_id(by)})
    entry.pending_link = link  # the answer to the registration says so without reading after its commit
    return link


def links_follow_account(source: Person, target: Person) -> None:
    """An account moved from one person to another (a merge or its undoing): the questions asked of it go
    with it, or nobody could answer them."""
    PendingLink.objects.filter(person=source).update(person=target)


def links_awaiting(user) -> list[PendingLink]:
    """The entries waiting for this account holder's word, oldest first."""
    return list(PendingLink.objects.filter(person__user=user).select_related("entry__event", "person"))


def link_answer(*, link: PendingLink, user, confirm: bool) -> PersonRecord:
    """The account holder's word on one entry. Confirmed, the entry joins their record (its own person,
    left without entries, leads to theirs); declined, it stays a person of its own. Recorded either way."""

    with transaction.atomic():
        # People first, then the link: the order a merge that asks takes them in (no deadlock between the two).
        holder = Person.objects.select_for_update().get(pk=link.person_id)
        link = (PendingLink.objects.select_for_update().filter(pk=link.pk, person=holder)
                .select_related("entry").first())  # an inner join: PostgreSQL locks no nullable side
        if link is None:
            raise conflict("link_answered", say("This link was already answered or withdrawn."))
        if holder.user_id != user.pk:
            raise invalid("not_yours", say("Only the account holder answers this link."))
        entry, before = link.entry, link.entry.person
        if entry.is_ringer:
            raise conflict("ringer", say("This entry is the Ringer now: nobody's record."))
        link.delete()
        if not confirm:
            return person_record(user, "person_link_declined", holder, before, before={"entries": [entry.pk]})
        if Player.objects.filter(event_id=entry.event_id, person=holder).exists():
            raise conflict("played_together", say("You already have an entry in this event: this one is someone "
                                                  "else."))
        try:
            with transaction.atomic():
                Player.objects.filter(pk=entry.pk).update(person=holder)
        except IntegrityError as error:  # an entry of theirs registered into that event at the same moment
            raise conflict("played_together", say("You already have an entry in this event: this one is "
                                                  "someone else.")) from error
        entries_due([entry.pk])
        event_pages_move_on([entry.pk])
        if before is not None and before.user_id is None and not before.entries.exists():
            before.merged_into = holder  # its old address leads to the record it joined
            before.save(update_fields=["merged_into"])
        return person_record(user, "person_link_confirmed", holder, before, before={"entries": [entry.pk]})
