"""Changes to people: the person behind a new entry, merging two people who are one (and undoing it),
hiding a profile. Each is one transaction, recorded in the people's trail, and marks the ratings it
moves as due."""
from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Count, Max
from django_countries import countries

from people.links import link_ask, links_follow_account, needs_consent
from people.models import Person, PersonRecord
from people.names import search_key
from people.trail import entries_due, event_pages_move_on, person_record
from scoring.entries import NAME_LENGTH, plain, text_problems
from scoring.messages import say
from scoring.problems import Invalid, Problem, conflict, invalid
from tournaments.models import Player


def current(person: Person) -> Person:
    """The person kept, following merges (an old link to a merged person leads to them)."""
    seen = set()
    while person.merged_into_id is not None and person.pk not in seen:
        seen.add(person.pk)
        person = Person.objects.get(pk=person.merged_into_id)
    return person


def person_for_entry(*, event, name: str, club: str = "", user=None, person_id: int | None = None) -> Person:
    """Who a new entry is: the account's person (made on its first entry), the person the organizer chose
    from the suggestions, or a new person of that name. Refused when the person already has an entry in
    the event."""
    if user is not None:
        person = _account_person(user, name=name, club=club)
    elif person_id is not None:
        found = Person.objects.filter(pk=person_id).first()
        if found is None:
            raise invalid("person_unknown", say("No person has the number {value}.", value=person_id), "person")
        # Locked: a merge moving this person's entries waits, then sees this entry (and the other way round).
        # A merge that absorbed them while this waited: follow it to the person kept, and lock that one.
        person = Person.objects.select_for_update().get(pk=current(found).pk)
        while person.merged_into_id is not None:
            person = Person.objects.select_for_update().get(pk=current(person).pk)
        if person.hidden:  # they chose to keep their record to themselves: nobody else adds to it
            raise conflict("person_private", say(
                "{name} keeps their profile private: register them as a new person, or let them enter with "
                "their account.", name=person.name), "person")
    else:
        return Person.objects.create(name=name, search_key=search_key(name), club=club)
    if event.players.filter(person=person).exists():
        raise conflict("person_registered", say("{name} already has an entry in this event.", name=person.name),
                       "person")
    return person


def _account_person(user, *, name: str, club: str = "") -> Person:
    """The account's person, made on its first entry. Two first entries at the same moment (two events,
    two tabs) both find the one person: the second creation fails on the account's uniqueness and reads
    the first's, which has committed by then."""
    person = Person.objects.filter(user=user).first()
    if person is not None:
        return person
    try:
        with transaction.atomic():
            return Person.objects.create(name=name, search_key=search_key(name), club=club, user=user)
    except IntegrityError:
        person = Person.objects.filter(user=user).first()
        if person is None:
            raise conflict("busy", say("Someone else changed this at the same moment: send it again.")) from None
        return person


def people_named(text: str, *, limit: int = 8) -> list[Person]:
    """People whose name holds what was typed, accents and case aside; those who played most first. Not
    the people who keep their profile private."""
    key = search_key(text)
    if len(key) < 2:
        return []
    return list(Person.objects.filter(merged_into=None, hidden=False, search_key__contains=key)
                .annotate(played=Count("entries")).order_by("-played", "name", "id")[:limit])


def namesakes(names: list[str], *, event, limit: int = 5) -> dict[str, list[Person]]:
    """For each name (by its `search_key`): the people who played before under that name, accents, case and
    spaces aside, those who played most first, with their history (`with_history`). Never a person who keeps
    their profile private, one merged into another, or one already entered in `event`."""
    keys = {key for key in map(search_key, names) if key}
    found: dict[str, list[Person]] = {}
    for person in with_history(Person.objects.filter(merged_into=None, hidden=False, search_key__in=keys)
                               .exclude(entries__event=event)).order_by("-played", "name", "id"):
        if len(found.setdefault(person.search_key, [])) < limit:
            found[person.search_key].append(person)
    return found


def with_history(people):
    """People with what tells two namesakes apart: events played (`played`) and the date of the latest
    (`last_played`)."""
    return people.annotate(played=Count("entries__event", distinct=True), last_played=Max("entries__event__date"))


def may_merge(user, absorbed: Person, keep: Person | None = None) -> bool:
    """Staff may merge anyone; an organizer, a person without an account whose every entry is in events
    they organize (the person exists because of their events), into anyone who shows their profile."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_staff:
        return True
    if keep is not None and keep.hidden:
        return False
    entries = Player.objects.filter(person=absorbed)
    return (absorbed.user_id is None and entries.exists()
            and not entries.exclude(event__organizers=user).exists())


def person_merge(*, keep: Person, absorb: Person, by) -> PersonRecord:
    """`absorb` turns out to be `keep`: its entries move to `keep` and its profile leads there. When only the
    absorbed one has an account, the account moves too. Refused for one person twice, two accounts, or
    two people who played in the same event."""
    with transaction.atomic():
        locked = {p.pk: p for p in Person.objects.select_for_update().filter(pk__in=[keep.pk, absorb.pk])
                  .order_by("pk")}
        keep, absorb = locked[keep.pk], locked.get(absorb.pk, keep)
        if keep.pk == absorb.pk:
            raise invalid("same_person", say("That is the same person."), "other")
        if keep.merged_into_id or absorb.merged_into_id:
            raise conflict("person_merged", say("One of them was already merged into someone else."))
        if keep.user_id and absorb.user_id:
            raise conflict("two_accounts", say("Both have an account: two accounts cannot be one person."))
        if Player.objects.filter(person=absorb, event__in=Player.objects.filter(person=keep).values("event")).exists():
            raise conflict("played_together", say("Both have an entry in the same event: they are two people."))
        holder = keep if keep.user_id else absorb if absorb.user_id else None
        if holder is not None and needs_consent(holder, by):  # their record grows only with their word
            other = absorb if holder is keep else keep
            asked = [link_ask(entry=entry, person=holder, by=by).entry_id for entry in Player.objects.filter(
                person=other)]
            event_pages_move_on(asked)  # their organizers' lists show the entries waiting
            return person_record(by, "person_link_asked", holder, other, before={"entries": asked})
        moved = list(Player.objects.filter(person=absorb).values_list("pk", flat=True))
        entries_due(moved)
        account = absorb.user_id
        if account:
            absorb.user = None
            absorb.save(update_fields=["user"])
            keep.user_id = account
            keep.save(update_fields=["user"])
            links_follow_account(absorb, keep)
        try:
            with transaction.atomic():
                Player.objects.filter(pk__in=moved).update(person=keep)
        except IntegrityError as error:  # the kept person registered into one of those events meanwhile
            raise conflict("played_together", say(
                "Both have an entry in the same event: they are two people.")) from error
        event_pages_move_on(moved)
        absorb.merged_into = keep
        absorb.save(update_fields=["merged_into"])
        hidden_before, hid = keep.hidden, absorb.hidden and not keep.hidden
        if hid:  # whoever kept their record private keeps it private
            keep.hidden = True
            keep.save(update_fields=["hidden"])
        return person_record(by, "person_merged", keep, absorb,
                             before={"entries": moved, "account_moved": bool(account),
                                     "names": [keep.name, absorb.name], "hidden": hidden_before, "hid": hid})


def person_merge_undo(*, merge: PersonRecord, by) -> PersonRecord:
    """Put a merge back: the entries it moved (those still with the person kept) and the account, if it
    moved, return to the absorbed person, whose profile stands on its own again."""
    with transaction.atomic():
        if merge.action != "person_merged":
            raise invalid("not_a_merge", say("Only a merge can be undone."))
        if PersonRecord.objects.filter(action="person_merge_undone", before__merge=merge.pk).exists():
            raise conflict("merge_undone", say("This merge was already undone."))
        keep, absorb = (Person.objects.select_for_update().get(pk=pk) for pk in sorted([merge.person_id,
                                                                                          merge.other_id]))
        keep, absorb = (keep, absorb) if keep.pk == merge.person_id else (absorb, keep)
        if absorb.merged_into_id != keep.pk:
            raise conflict("merge_undone", say("This merge was already undone."))
        if keep.merged_into_id is not None:
            raise conflict("merge_later", say(
                "{name} was merged into someone else since: undo that merge first.", name=keep.name))
        moved = list(Player.objects.filter(pk__in=merge.before["entries"], person=keep).values_list("pk", flat=True))
        Player.objects.filter(pk__in=moved).update(person=absorb)
        entries_due(moved)
        event_pages_move_on(moved)
        account_back = merge.before.get("account_moved") and keep.user_id
        # A choice made since the merge (hiding or showing the profile) is the owner's, and stays theirs.
        chosen = PersonRecord.objects.filter(person=keep, action__in=("person_hidden", "person_shown"),
                                             pk__gt=merge.pk).exists()
        if account_back:
            account, keep.user = keep.user_id, None
            absorb.user_id = account
            links_follow_account(keep, absorb)
        # Someone else still merged into the person kept who keeps their record private keeps it private.
        still_private = Person.objects.filter(merged_into=keep, hidden=True).exclude(pk=absorb.pk).exists()
        # A merge recorded before "hid" was kept hid the person kept when they were public and the absorbed
        # one private.
        hid = merge.before.get("hid", merge.before.get("hidden") is False and absorb.hidden)
        if account_back and chosen:  # the account holder's latest choice goes back with their account
            absorb.hidden = keep.hidden
            keep.hidden = bool(merge.before.get("hidden")) or still_private
        elif hid and not chosen and not still_private:  # what this merge itself hid, its undoing shows again
            keep.hidden = False
        keep.save(update_fields=["user", "hidden"])
        absorb.merged_into = None
        absorb.save(update_fields=["merged_into", "user", "hidden"])
        return person_record(by, "person_merge_undone", keep, absorb, before={"merge": merge.pk, "entries": moved})


def person_hide(*, person: Person, hidden: bool, by) -> Person:
    """A person's own choice: hidden, they show by name only, without profile or history."""
    with transaction.atomic():
        person = Person.objects.select_for_update().get(pk=person.pk)
        if person.hidden != hidden:
            person.hidden = hidden
            person.save(update_fields=["hidden"])
            event_pages_move_on(list(person.entries.values_list("pk", flat=True)))  # feeds name the person
            person_record(by, "person_hidden" if hidden else "person_shown", person, None)
    return person


def person_of_account(user, *, name: str = "") -> Person:
    """The account's person, made (named `name`, else the account's) the first time it is saved."""
    return _account_person(user, name=(name or user.get_full_name() or user.get_username())[:NAME_LENGTH])


def person_update(*, person: Person, by, name: str, club: str, country: str) -> Person:
    """What a person shows of themselves on their profile; checked as an entry's name and club are."""
    name, club = plain(name), plain(club)
    problems = [p for p in text_problems(name, club) if p]
    if len(name) > NAME_LENGTH or len(club) > NAME_LENGTH:
        problems.append(Problem("name_too_long", say("A name has at most 100 characters."), "name"))
    if country and country not in countries:
        problems.append(Problem("country_unknown", say("Choose a country from the list."), "country"))
    if problems:
        raise Invalid(*problems)
    with transaction.atomic():
        person = Person.objects.select_for_update().get(pk=person.pk)
        before = {"name": person.name, "club": person.club, "country": str(person.country)}
        after = {"name": name, "club": club, "country": country}
        if before != after:
            person.name, person.search_key, person.club, person.country = name, search_key(name), club, country
            person.save(update_fields=["name", "search_key", "club", "country"])
            person_record(by, "person_updated", person, None, before=before, after=after)
    return person




def profile_save(user, *, name: str, club: str, country: str, hidden: bool) -> Person:
    """The account's own profile, from *My profile* or the API: its person made on the first save, what it
    shows, and whether it shows it at all; all or nothing (a refused name leaves no person made)."""
    with transaction.atomic():
        person = Person.objects.filter(user=user).first() or person_of_account(user, name=name)
        person = person_update(person=person, by=user, name=name, club=club, country=country)
        return person_hide(person=person, hidden=hidden, by=user)
