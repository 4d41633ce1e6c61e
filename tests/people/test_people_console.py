"""People in the console and the account pages, used as an organizer and a player would."""
from datetime import date

import pytest
from django.contrib.auth import get_user_model

from people.models import Person, PersonRecord
from tests.factories import event_made
from tournaments import services
from tournaments.models import Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer(client):
    user = get_user_model().objects.create_user("org", password="x")
    client.force_login(user)
    return user


def test_typing_a_name_suggests_people_who_played_before(client, organizer):
    earlier = event_made(organizer, players=0, name="Earlier", date=date(2017, 1, 7))
    services.player_register(event=earlier, by=organizer, name="Zoé Durand", faction="guild")
    event = event_made(organizer, players=0)
    page = client.get(f"/console/e/{event.slug}/people/suggest/?name=zoe").content.decode()
    zoe = Person.objects.get(name="Zoé Durand")
    assert f'value="{zoe.pk}"' in page and "1 event" in page and 'value="" checked' in page
    console = client.get(f"/console/e/{event.slug}/").content.decode()
    assert 'hx-get="/console/e/spring-open-2/people/suggest/"' in console or "people/suggest/" in console
    response = client.post(f"/console/e/{event.slug}/", {"name": "Zoe DURAND", "faction": "guild",
                                                          "person": str(zoe.pk), "register": ""})
    assert response.status_code == 302 and response["Location"].endswith("?register=1#register")  # open, next slip
    entry = event.players.get()
    assert entry.person_id == zoe.pk and entry.name == "Zoé Durand"  # the typed search gives way to their name
    taken = client.get(f"/console/e/{event.slug}/people/suggest/?name=zoe").content.decode()
    assert "already in this event" in taken and "disabled" in taken


def test_the_people_page_merges_a_namesake_and_undoes_it(client, organizer):
    earlier = event_made(organizer, players=0, name="Earlier", date=date(2017, 1, 7))
    services.player_register(event=earlier, by=organizer, name="Ada Lovelace", faction="guild")
    event = event_made(organizer, players=0)
    entry = services.player_register(event=event, by=organizer, name="ADA LOVELACE", faction="guild")
    known = earlier.players.get().person
    page = client.get(f"/console/e/{event.slug}/people/").content.decode()
    assert "Same person: merge" in page
    asked = client.post(f"/console/e/{event.slug}/people/", {"entry": entry.pk, "keep": known.pk})
    assert "Are you sure?" in asked.content.decode()  # asked first: nothing moved yet
    assert Player.objects.get(pk=entry.pk).person_id != known.pk
    client.post(f"/console/e/{event.slug}/people/", {"entry": entry.pk, "keep": known.pk, "confirmed": "yes"})
    assert Player.objects.get(pk=entry.pk).person_id == known.pk
    merge = PersonRecord.objects.get(action="person_merged")
    page = client.get(f"/console/e/{event.slug}/people/").content.decode()
    assert f'name="undo" value="{merge.pk}"' in page
    client.post(f"/console/e/{event.slug}/people/", {"undo": merge.pk})
    assert Player.objects.get(pk=entry.pk).person_id != known.pk


@pytest.mark.parametrize("body", [{"entry": "abc", "keep": "1"}, {"entry": "999999", "keep": "1"},
                                  {"undo": "x"}, {"undo": "999999"}])
def test_nonsense_on_the_people_page_is_refused_without_change(client, organizer, body):
    event = event_made(organizer, players=1)
    before = list(Player.objects.values_list("person_id", flat=True))
    assert client.post(f"/console/e/{event.slug}/people/", body).status_code == 404
    assert list(Player.objects.values_list("person_id", flat=True)) == before


def test_another_organizer_cannot_merge_my_players(client, organizer):
    event = event_made(organizer, players=1)
    other = get_user_model().objects.create_user("other", password="x")
    theirs = event_made(other, players=1, name="Theirs")
    entry, keep = theirs.players.get(), event.players.get().person
    event.organizers.add(other)  # they co-organize mine, not I theirs
    client.force_login(organizer)
    assert client.post(f"/console/e/{event.slug}/people/", {"entry": entry.pk, "keep": keep.pk}).status_code == 404
    theirs.organizers.add(organizer)  # now I co-organize one of their events, not the other one the person played
    only_theirs = event_made(other, players=0, name="Only theirs", date=date(2017, 8, 1))
    services.player_register(event=only_theirs, by=other, name="Player 0", faction="guild", person=entry.person_id)
    assert client.post(f"/console/e/{theirs.slug}/people/", {"entry": entry.pk, "keep": keep.pk,
                                                              "confirmed": "yes"}).status_code == 403
    assert Player.objects.get(pk=entry.pk).person_id != keep.pk


def test_a_player_names_their_profile_and_keeps_it_private(client, organizer):
    page = client.get("/accounts/profile/")
    assert page.status_code == 200
    response = client.post("/accounts/profile/", {"name": "Ada L.", "club": "Bristol", "country": "GB",
                                                  "hidden": "on"})
    assert response.status_code == 302
    person = Person.objects.get(user=organizer)
    assert (person.name, person.club, person.country.code, person.hidden) == ("Ada L.", "Bristol", "GB", True)
    assert set(PersonRecord.objects.values_list("action", flat=True)) == {"person_updated", "person_hidden"}
    refused = client.post("/accounts/profile/", {"name": "", "country": "ZZ"})
    assert refused.status_code == 200 and Person.objects.get(user=organizer).name == "Ada L."


def test_the_people_page_never_lists_a_private_person_as_a_namesake(client, organizer):
    """Issue 35: another event's People page listed a private person with their id, events and a merge
    button. Private people are offered nowhere an organizer looks for namesakes."""
    earlier = event_made(organizer, players=0, name="Earlier", date=date(2017, 1, 7))
    services.player_register(event=earlier, by=organizer, name="Zoé Durand", faction="guild")
    Person.objects.filter(name="Zoé Durand").update(hidden=True)
    event = event_made(organizer, players=0)
    services.player_register(event=event, by=organizer, name="Zoe Durand", faction="guild")
    private = Person.objects.get(name="Zoé Durand", hidden=True)
    page = client.get(f"/console/e/{event.slug}/people/").content.decode()
    assert f'value="{private.pk}"' not in page and f"/people/{private.pk}/" not in page
