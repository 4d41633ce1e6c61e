"""People across events: who an entry is, merging and its undoing, hiding, places, backups."""
from datetime import date

import pytest
from django.contrib.auth import get_user_model

from people import services as people
from people.models import PendingLink, Person, PersonRecord
from people.names import search_key
from scoring.problems import Conflict, Invalid
from tests.factories import event_made, results_entered, round_paired
from tournaments import selectors, services
from tournaments.backup import export_event, import_event
from tournaments.models import Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def user(db):
    return get_user_model().objects.create_user("org", password="x")


def test_every_entry_but_the_ringers_has_a_person_of_its_name(user):
    event = event_made(user, players=2)
    ringer = services.player_register(event=event, by=user, name="Ringer", faction="guild", is_ringer=True)
    entries = list(event.players.filter(is_ringer=False))
    assert all(e.person is not None and e.person.name == e.name for e in entries)
    assert len({e.person_id for e in entries}) == 2
    assert ringer.person is None


def test_an_account_keeps_one_person_across_events(user):
    player = get_user_model().objects.create_user("ada", password="x")
    first, second = event_made(user, players=0), event_made(user, players=0, name="Autumn Open")
    one = services.player_register(event=first, by=user, name="Ada", faction="guild", user=player)
    two = services.player_register(event=second, by=user, name="Ada L.", faction="guild", user=player)
    assert one.person_id == two.person_id == Person.objects.get(user=player).pk


def test_the_organizer_links_a_new_entry_to_someone_who_played_before(user):
    first = event_made(user, players=1)
    known = first.players.get().person
    second = event_made(user, players=0, name="Autumn Open")
    entry = services.player_register(event=second, by=user, name="Player 0", faction="guild", person=known.pk)
    assert entry.person_id == known.pk


def test_a_person_cannot_have_two_entries_in_one_event(user):
    event = event_made(user, players=1)
    known = event.players.get().person
    with pytest.raises(Conflict) as refused:
        services.player_register(event=event, by=user, name="Someone Else", faction="guild", person=known.pk)
    assert refused.value.problems[0].code == "person_registered"
    with pytest.raises(Invalid):
        services.player_register(event=event, by=user, name="Nobody", faction="guild", person=999_999)
    assert event.players.count() == 1


@pytest.mark.parametrize("typed, stored", [("ZOÉ durand", "Zoé Durand"), ("zoe  DURAND", "Zoé Durand"),
                                           ("Müller", "MULLER"), ("ﬁnn", "Finn")])
def test_names_are_found_without_accents_case_or_extra_spaces(typed, stored):
    assert search_key(typed) == search_key(stored)


def test_suggestions_find_people_by_part_of_their_name_most_played_first(user):
    event_made(user, players=0)
    zoe = Person.objects.create(name="Zoé Durand", search_key=search_key("Zoé Durand"))
    Person.objects.create(name="Zoe Martin", search_key=search_key("Zoe Martin"))
    other = event_made(user, players=0, name="Other")
    services.player_register(event=other, by=user, name="Zoé Durand", faction="guild", person=zoe.pk)
    found = people.people_named("zoe")
    assert [p.name for p in found] == ["Zoé Durand", "Zoe Martin"]
    assert people.people_named("DUR") == [zoe]
    assert people.people_named("z") == []  # one letter suggests nobody


def two_events_one_human(user):
    first = event_made(user, players=2)
    second = event_made(user, players=2, name="Autumn Open", date=date(2017, 4, 1))
    return first.players.get(name="Player 0"), second.players.get(name="Player 0")


def test_a_merge_moves_the_entries_and_is_recorded_then_undone(user):
    spring, autumn = two_events_one_human(user)
    keep, absorb = spring.person, autumn.person
    record = people.person_merge(keep=keep, absorb=absorb, by=user)
    assert set(keep.entries.values_list("pk", flat=True)) == {spring.pk, autumn.pk}
    absorb.refresh_from_db()
    assert absorb.merged_into_id == keep.pk and people.current(absorb) == keep
    assert record.action == "person_merged" and record.by == "org" and record.before["entries"] == [autumn.pk]
    undo = people.person_merge_undo(merge=record, by=user)
    absorb.refresh_from_db()
    assert absorb.merged_into_id is None
    assert list(absorb.entries.values_list("pk", flat=True)) == [autumn.pk]
    assert undo.action == "person_merge_undone"
    with pytest.raises(Conflict):
        people.person_merge_undo(merge=record, by=user)
    assert PersonRecord.objects.count() == 2


def test_a_merge_takes_the_account_along_and_its_undoing_gives_it_back(user):
    spring, autumn = two_events_one_human(user)
    account = get_user_model().objects.create_user("ada", password="x")
    Person.objects.filter(pk=autumn.person_id).update(user=account)
    # Their own merge (anyone else's only asks them: tests/people/test_consent.py).
    record = people.person_merge(keep=spring.person, absorb=Person.objects.get(pk=autumn.person_id), by=account)
    assert Person.objects.get(user=account).pk == spring.person_id
    people.person_merge_undo(merge=record, by=user)
    assert Person.objects.get(user=account).pk == autumn.person_id


@pytest.mark.parametrize("case", ["same event", "same person", "two accounts", "already merged"])
def test_merges_that_cannot_be_right_are_refused_and_change_nothing(user, case):
    spring, autumn = two_events_one_human(user)
    keep, absorb = spring.person, autumn.person
    if case == "same event":
        absorb = spring.event.players.get(name="Player 1").person
    elif case == "same person":
        absorb = keep
    elif case == "two accounts":
        for n, person in enumerate((keep, absorb)):
            person.user = get_user_model().objects.create_user(f"u{n}", password="x")
            person.save()
    else:
        people.person_merge(keep=keep, absorb=absorb, by=user)
        absorb = spring.event.players.get(name="Player 1").person
        keep = Person.objects.get(pk=autumn.person_id)
    before = list(Player.objects.order_by("pk").values_list("person_id", flat=True))
    records = PersonRecord.objects.count()
    with pytest.raises((Conflict, Invalid)):
        people.person_merge(keep=keep, absorb=absorb, by=user)
    assert list(Player.objects.order_by("pk").values_list("person_id", flat=True)) == before
    assert PersonRecord.objects.count() == records


def test_an_organizer_merges_only_people_who_exist_through_their_own_events(user):
    spring, _autumn = two_events_one_human(user)
    stranger = get_user_model().objects.create_user("stranger", password="x")
    staff = get_user_model().objects.create_user("staff", password="x", is_staff=True)
    assert people.may_merge(user, spring.person)
    assert not people.may_merge(stranger, spring.person)
    assert people.may_merge(staff, spring.person)
    spring.person.user = stranger
    spring.person.save()
    assert not people.may_merge(user, spring.person)  # a person with an account is merged by staff only


def test_hiding_is_the_persons_choice_and_recorded(user):
    person = event_made(user, players=1).players.get().person
    people.person_hide(person=person, hidden=True, by=user)
    people.person_hide(person=person, hidden=True, by=user)  # no change, no second record
    assert Person.objects.get(pk=person.pk).hidden
    assert list(PersonRecord.objects.values_list("action", flat=True)) == ["person_hidden"]


def test_finishing_stores_each_place_and_reopening_clears_them(user):
    event = event_made(user, players=4)
    for _ in range(2):
        results_entered(round_paired(event, user), user)
    services.event_finish(event=event, by=user)
    places = dict(event.players.values_list("name", "place"))
    standings = {s.entrant.name: s.rank for s in selectors.event_standings(event)}
    assert places == standings and None not in places.values()
    services.event_reopen(event=event, by=user)
    assert set(event.players.values_list("place", flat=True)) == {None}


def test_a_restored_backup_finds_its_people_unless_the_original_is_still_here(user):
    event = event_made(user, players=2)
    people_before = set(event.players.values_list("person_id", flat=True))
    data = export_event(event)
    copy = import_event(data)
    assert not people_before & set(copy.players.values_list("person_id", flat=True))  # a copy: other people
    copy.delete()
    for entry in event.players.all():
        entry.delete()
    event.delete()
    restored = import_event(data)
    assert set(restored.players.values_list("person_id", flat=True)) == people_before


def test_places_follow_a_disqualification_after_the_event_finished(user):
    event = event_made(user, players=4)
    for _ in range(2):
        results_entered(round_paired(event, user), user)
    services.event_finish(event=event, by=user)
    winner = event.players.get(place=1)
    services.player_disqualify(player=winner, by=user)
    ranks = {s.entrant.id: s.rank for s in selectors.event_standings(event)}
    assert dict(event.players.values_list("pk", "place")) == {p.pk: ranks.get(p.pk) for p in event.players.all()}
    assert Player.objects.get(pk=winner.pk).place is None  # out of the standings, out of the places


def test_the_ringer_is_nobody_and_a_former_ringer_becomes_someone(user):
    event = event_made(user, players=2)
    entry = event.players.first()
    services.player_update(player=entry, by=user, is_ringer=True)
    assert Player.objects.get(pk=entry.pk).person_id is None
    services.player_update(player=Player.objects.get(pk=entry.pk), by=user, is_ringer=False)
    assert Player.objects.get(pk=entry.pk).person is not None


def test_nobody_links_an_entry_to_a_private_profile_or_finds_it(user):
    private = event_made(user, players=1).players.get().person
    people.person_hide(person=private, hidden=True, by=user)
    other = event_made(user, players=0, name="Other")
    with pytest.raises(Conflict) as refused:
        services.player_register(event=other, by=user, name="X", faction="guild", person=private.pk)
    assert refused.value.problems[0].code == "person_private"
    assert people.people_named("player") == []
    newcomer = services.player_register(event=other, by=user, name="Y", faction="guild").person
    private.refresh_from_db()
    assert not people.may_merge(user, newcomer, private) and people.may_merge(user, newcomer)


def test_a_merge_undone_out_of_order_is_refused(user):
    spring, autumn = two_events_one_human(user)
    third = event_made(user, players=1, name="Third", date=date(2018, 1, 1)).players.get()
    first = people.person_merge(keep=spring.person, absorb=autumn.person, by=user)
    people.person_merge(keep=third.person, absorb=Person.objects.get(pk=spring.person_id), by=user)
    with pytest.raises(Conflict):
        people.person_merge_undo(merge=first, by=user)
    assert Player.objects.filter(person=third.person_id).count() == 3


def test_a_copy_beside_its_original_never_counts_an_account_holders_games_twice(user):
    """Restored next to the original (same day), an account holder's entry becomes a person of its own: their
    games stay 2 and their series results are not doubled; a private profile is never linked either."""
    from people import rating_store
    from people.models import Rating

    ada = get_user_model().objects.create_user("ada", password="x")
    event = event_made(user, players=3)
    services.player_register(event=event, by=user, name="Ada", faction="guild", user=ada)
    for _ in range(2):
        results_entered(round_paired(event, user), user)
    services.event_finish(event=event, by=user)
    rating_store.ratings_refresh("M2E")
    holder = Person.objects.get(user=ada)
    assert Rating.objects.get(person=holder).games == 2
    copy = import_event(export_event(event))
    rating_store.ratings_refresh("M2E")
    assert copy.players.get(name="Ada").person_id != holder.pk
    assert Rating.objects.get(person=holder).games == 2 and holder.entries.count() == 1
    # Another event (another day, another address): the holder is asked whether the entry is theirs while
    # they show their profile (a restore names people only as questions), and never while they keep it private.
    data = export_event(event)
    data["event"].update(date="2017-04-01", slug="another-servers-event")  # not this event's copy
    entry = import_event(data).players.get(name="Ada")
    assert entry.person_id != holder.pk and PendingLink.objects.get(entry=entry).person_id == holder.pk
    people.person_hide(person=holder, hidden=True, by=ada)
    data["event"]["date"] = "2017-05-01"
    entry = import_event(data).players.get(name="Ada")
    assert entry.person_id != holder.pk and not PendingLink.objects.filter(entry=entry).exists()


def test_a_copy_of_an_event_whose_date_moved_since_the_backup_still_counts_nobody_twice(user):
    """The original is told by its address, not only its date: moved to another day since the backup, it
    is still the original."""
    event = event_made(user, players=2)
    data = export_event(event)
    services.event_update(event=event, by=user, date=date(2017, 4, 1))
    copy = import_event(data)
    assert not set(event.players.values_list("person_id", flat=True)) & set(
        copy.players.values_list("person_id", flat=True))
