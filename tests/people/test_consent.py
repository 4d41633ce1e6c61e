"""Consent: nobody adds games to an account holder's record without them (docs/ratings.md, "People").

An outsider with a fresh account makes a throwaway event, registers an account holder's person into it,
enters an 8-0 loss and finishes it: the holder's rating must not move until they confirm the entry is theirs."""
import pytest
from django.contrib.auth import get_user_model

from people import rating_store
from people import services as people
from people.models import PendingLink, Person, PersonRecord, Rating
from tests.factories import Api, db_state, make_user

pytestmark = pytest.mark.django_db


def played_event(api, players, name, date, vp=(8, 0)):
    """An event through the API with these entries ({"name", "faction", "person"?}), one round at `vp`, finished."""
    _, event = api.post("/api/events/", {"name": name, "date": date, "format": "gg2017", "rounds": 1})
    ids = []
    for body in players:
        status, entry = api.post(f"/api/events/{event['id']}/players/", body)
        assert status == 201, entry
        ids.append(entry)
    _, rnd = api.post(f"/api/events/{event['id']}/rounds/", {"seed": 1})
    for game in rnd["games"]:
        assert api.post(f"/api/games/{game['id']}/result/", {"vp_a": vp[0], "vp_b": vp[1]})[0] == 201
    assert api.post(f"/api/events/{event['id']}/finish/", {})[0] == 200
    return event, ids


@pytest.fixture
def holder(client):
    """Ada, an account holder who played one finished event (self-registered, so her entry is her person)."""
    organizer, organizer_token = make_user("organizer")
    ada, ada_token = make_user("ada")
    api = Api(client, organizer_token)
    _, event = api.post("/api/events/", {"name": "Spring", "date": "2017-03-18", "format": "gg2017", "rounds": 1,
                                         "registration_open": True})
    assert Api(client, ada_token).post(f"/api/events/{event['id']}/register/", {"faction": "guild"})[0] == 201
    api.post(f"/api/events/{event['id']}/players/", {"name": "Bea", "faction": "arcanists"})
    _, rnd = api.post(f"/api/events/{event['id']}/rounds/", {"seed": 1})
    api.post(f"/api/games/{rnd['games'][0]['id']}/result/", {"vp_a": 5, "vp_b": 5})
    api.post(f"/api/events/{event['id']}/finish/", {})
    rating_store.ratings_refresh("M2E")
    person = Person.objects.get(user=ada)
    return {"user": ada, "api": Api(client, ada_token), "person": person,
            "rating": Rating.objects.get(person=person)}


def test_a_stranger_cannot_move_an_account_holders_rating(client, holder):
    _, token = make_user("stranger")
    stranger = Api(client, token)
    event, (entry, _other) = played_event(stranger, [{"name": "Ada", "faction": "guild",
                                                      "person": holder["person"].pk},
                                                     {"name": "Shill", "faction": "outcasts"}], "Throwaway",
                                          "2017-04-01", vp=(0, 8) )
    assert entry["person"] != holder["person"].pk and entry["pending_person"] == holder["person"].pk
    rating_store.ratings_refresh("M2E")
    rating = Rating.objects.get(person=holder["person"])
    assert (rating.mu, rating.sigma, rating.games) == (holder["rating"].mu, holder["rating"].sigma, 1)
    profile = client.get(f"/api/people/{holder['person'].pk}/")
    assert profile.status_code == 200 and [e["name"] for e in profile.json()["events"]] == ["Spring"]
    # Ada is asked, and answers "not me": nothing moves, and the entry stays a person of its own.
    status, waiting = holder["api"].get("/api/people/links/")
    assert status == 200 and [(w["entry"], w["event_name"], w["asked_by"]) for w in waiting] == [
        (entry["id"], "Throwaway", "stranger")]
    status, answer = holder["api"].post(f"/api/people/links/{waiting[0]['id']}/decline/")
    assert status == 200 and answer["confirmed"] is False
    assert not PendingLink.objects.exists() and holder["api"].get("/api/people/links/")[1] == []
    assert Person.objects.get(entries__pk=entry["id"]).pk == entry["person"]
    assert PersonRecord.objects.filter(action="person_link_declined").count() == 1


def test_a_confirmed_entry_joins_the_record_and_its_games_are_rated(client, holder):
    organizer = Api(client, make_user("club")[1])
    event, (entry, _other) = played_event(organizer, [{"name": "Ada L.", "faction": "guild",
                                                       "person": holder["person"].pk},
                                                      {"name": "Cy", "faction": "outcasts"}], "Autumn", "2017-09-09")
    link = PendingLink.objects.get()
    stand_in = entry["person"]
    # Someone else cannot answer it, nor see it.
    other = Api(client, make_user("mallory")[1])
    assert other.get("/api/people/links/")[1] == []
    assert other.post(f"/api/people/links/{link.pk}/confirm/")[0] == 404
    assert client.post(f"/api/people/links/{link.pk}/confirm/", content_type="application/json").status_code \
        in (401, 403)
    status, answer = holder["api"].post(f"/api/people/links/{link.pk}/confirm/")
    assert status == 200 and answer == {"entry": entry["id"], "confirmed": True, "person": holder["person"].pk}
    assert holder["api"].post(f"/api/people/links/{link.pk}/confirm/")[0] == 404  # answered: gone
    rating_store.ratings_refresh("M2E")
    assert Rating.objects.get(person=holder["person"]).games == 2
    assert Person.objects.get(pk=stand_in).merged_into_id == holder["person"].pk  # its old address leads to Ada


def test_a_merge_into_an_account_holder_only_asks_them(client, holder):
    organizer_user, token = make_user("club")
    organizer = Api(client, token)
    event, (entry, _other) = played_event(organizer, [{"name": "A. Lovelace", "faction": "guild"},
                                                      {"name": "Cy", "faction": "outcasts"}], "Autumn", "2017-09-09")
    status, asked = organizer.post(f"/api/people/{entry['person']}/merge/", {"into": holder["person"].pk})
    assert status == 202 and asked == {"pending": True, "person": holder["person"].pk, "entries": [entry["id"]]}
    assert Person.objects.get(entries__pk=entry["id"]).pk == entry["person"]  # nothing moved yet
    _, players = organizer.get(f"/api/events/{event['id']}/players/")
    assert [p["pending_person"] for p in players if p["id"] == entry["id"]] == [holder["person"].pk]
    assert "pending_person" not in client.get(f"/api/events/{event['id']}/players/").json()[0]  # organizers only
    # The other way round: the holder's person merged into the organizer's (her account would move) asks too.
    status, asked = organizer.post(f"/api/people/{holder['person'].pk}/merge/", {"into": entry["person"]})
    assert status == 403  # an organizer merges only people made by their own events
    link = PendingLink.objects.get()
    assert holder["api"].post(f"/api/people/links/{link.pk}/confirm/")[0] == 200
    assert Person.objects.get(entries__pk=entry["id"]).pk == holder["person"].pk


def test_the_holder_answers_from_their_profile_page_and_the_entry_page_says_it_waits(client, holder):
    organizer = Api(client, make_user("club")[1])
    event, (entry, _other) = played_event(organizer, [{"name": "Ada L.", "faction": "guild",
                                                       "person": holder["person"].pk},
                                                      {"name": "Cy", "faction": "outcasts"}], "Autumn", "2017-09-09")
    _, players = organizer.get(f"/api/events/{event['id']}/players/")
    key = next(p["key"] for p in players if p["id"] == entry["id"])
    page = client.get(f"/p/{key}/").content.decode()
    assert "joins that profile and its rating only once" in page and "/accounts/profile/#links" in page
    client.force_login(holder["user"])
    page = client.get("/accounts/profile/").content.decode()
    assert "Is this you?" in page and "Autumn" in page and "said to be you by club" in page
    link = PendingLink.objects.get()
    answer = client.post(f"/accounts/profile/links/{link.pk}/", {"answer": "confirm"}, follow=True)
    assert "Autumn now counts on your profile." in answer.content.decode()
    assert Person.objects.get(entries__pk=entry["id"]) == holder["person"]
    assert "Is this you?" not in client.get("/accounts/profile/").content.decode()


def test_a_refused_answer_changes_nothing(client, holder):
    """Confirming an entry in an event where the holder already has one is refused, and leaves it asked."""
    organizer_user, token = make_user("club")
    organizer = Api(client, token)
    _, event = organizer.post("/api/events/", {"name": "Autumn", "date": "2017-09-09", "format": "gg2017",
                                               "registration_open": True})
    _, entry = organizer.post(f"/api/events/{event['id']}/players/", {"name": "Ada twin", "faction": "guild",
                                                                      "person": holder["person"].pk})
    assert holder["api"].post(f"/api/events/{event['id']}/register/", {"faction": "guild"})[0] == 201
    link = PendingLink.objects.get()
    before = db_state()
    status, body = holder["api"].post(f"/api/people/links/{link.pk}/confirm/")
    assert status == 409 and body["errors"][0]["code"] == "played_together"
    assert db_state() == before


def test_registering_an_asked_person_twice_in_one_event_is_refused(client, holder):
    organizer = Api(client, make_user("club")[1])
    _, event = organizer.post("/api/events/", {"name": "Autumn", "date": "2017-09-09", "format": "gg2017"})
    body = {"name": "Ada L.", "faction": "guild", "person": holder["person"].pk}
    assert organizer.post(f"/api/events/{event['id']}/players/", body)[0] == 201
    status, answer = organizer.post(f"/api/events/{event['id']}/players/", {**body, "name": "Ada again"})
    assert status == 409 and answer["errors"][0]["code"] == "person_registered"


def test_linking_a_person_without_an_account_needs_nobodys_word(client):
    _, token = make_user("club")
    organizer = Api(client, token)
    _, (first, _b) = played_event(organizer, [{"name": "Zoe", "faction": "guild"},
                                              {"name": "Yan", "faction": "outcasts"}], "Spring", "2017-03-18")
    _, (again, _d) = played_event(organizer, [{"name": "Zoe", "faction": "guild", "person": first["person"]},
                                              {"name": "Xi", "faction": "outcasts"}], "Autumn", "2017-09-09")
    assert again["person"] == first["person"] and again["pending_person"] is None


def test_undoing_a_merge_keeps_the_owners_choice_of_privacy(client):
    """The owner hid their profile after the merge: undoing it must not make it public again."""
    organizer, _ = make_user("club")
    ada = get_user_model().objects.create_user("ada2", password="x")
    kept = Person.objects.create(name="Ada", search_key="ada", user=ada)
    absorbed = Person.objects.create(name="Ada", search_key="ada")
    merge = people.person_merge(keep=kept, absorb=absorbed, by=ada)  # her own merge: no asking
    people.person_hide(person=kept, hidden=True, by=ada)
    people.person_merge_undo(merge=merge, by=organizer)
    kept.refresh_from_db()
    assert kept.hidden is True
    # And what a merge itself hid (the absorbed one was private), its undoing shows again.
    public = Person.objects.create(name="Bo", search_key="bo")
    private = Person.objects.create(name="Bo", search_key="bo", hidden=True)
    merge = people.person_merge(keep=public, absorb=private, by=organizer)
    public.refresh_from_db()
    assert public.hidden is True
    people.person_merge_undo(merge=merge, by=organizer)
    public.refresh_from_db()
    private.refresh_from_db()
    assert public.hidden is False and private.hidden is True


def test_a_restored_entry_naming_an_account_holder_only_asks_them(client, holder):
    """A backup file names any person it likes: unless the entry is the account's own, the holder is asked."""
    from datetime import date

    from tournaments.backup import export_event, import_event
    from tournaments.models import Event

    organizer = Api(client, make_user("club")[1])
    name = holder["person"].name  # the same name: a file naming another's person must match it
    event, (entry, _other) = played_event(organizer, [{"name": name, "faction": "guild"},
                                                      {"name": "Cy", "faction": "outcasts"}], "Autumn", "2017-09-09")
    data = export_event(Event.objects.get(pk=event["id"]))
    data["event"]["date"] = str(date(2017, 10, 1))
    for player in data["players"]:
        if player["name"] == name:
            player["person"] = holder["person"].pk  # forged: the file says she is Ada's person
    copy = import_event(data)
    restored = copy.players.get(name=name)
    assert restored.person_id != holder["person"].pk
    assert PendingLink.objects.get(entry=restored).person == holder["person"]


def test_asked_questions_follow_the_account_and_a_no_is_not_asked_again(client, holder):
    organizer = Api(client, make_user("club")[1])
    _event, (entry, _other) = played_event(organizer, [{"name": "Ada L.", "faction": "guild",
                                                        "person": holder["person"].pk},
                                                       {"name": "Cy", "faction": "outcasts"}], "Autumn", "2017-09-09")
    # Ada merges an old record of hers into another of her persons: her account moves, and the question too.
    other_self = Person.objects.create(name="Ada", search_key="ada")
    merge = people.person_merge(keep=other_self, absorb=holder["person"], by=holder["user"])
    assert [w["entry"] for w in holder["api"].get("/api/people/links/")[1]] == [entry["id"]]
    people.person_merge_undo(merge=merge, by=holder["user"])
    waiting = holder["api"].get("/api/people/links/")[1]
    assert [w["entry"] for w in waiting] == [entry["id"]]
    assert holder["api"].post(f"/api/people/links/{waiting[0]['id']}/decline/")[0] == 200
    # Asked again for the same entry after a "not me": refused.
    status, answer = organizer.post(f"/api/people/{entry['person']}/merge/", {"into": holder["person"].pk})
    assert status == 409 and answer["errors"][0]["code"] == "link_declined"


def test_an_entry_made_the_ringer_is_nobody_asked(client, holder):
    organizer = Api(client, make_user("club")[1])
    _, event = organizer.post("/api/events/", {"name": "Autumn", "date": "2017-09-09", "format": "gg2017"})
    _, entry = organizer.post(f"/api/events/{event['id']}/players/", {"name": "Ada L.", "faction": "guild",
                                                                      "person": holder["person"].pk})
    assert organizer.call("PATCH", f"/api/events/{event['id']}/players/{entry['id']}/", {"is_ringer": True})[0] == 200
    assert not PendingLink.objects.exists() and holder["api"].get("/api/people/links/")[1] == []


def test_a_holder_who_hides_their_profile_is_not_pointed_to(client, holder):
    organizer = Api(client, make_user("club")[1])
    _, event = organizer.post("/api/events/", {"name": "Autumn", "date": "2017-09-09", "format": "gg2017"})
    organizer.post(f"/api/events/{event['id']}/players/", {"name": "Ada L.", "faction": "guild",
                                                           "person": holder["person"].pk})
    people.person_hide(person=holder["person"], hidden=True, by=holder["user"])
    _, players = organizer.get(f"/api/events/{event['id']}/players/")
    assert [p["pending_person"] for p in players] == [None]


def test_undoing_an_older_merge_never_shows_what_a_later_one_hid():
    """K absorbed A (both public), then X, a private account holder (by their own hand): undoing the first
    merge must not make K, now X's private record, public."""
    organizer, _ = make_user("club")
    x_user = get_user_model().objects.create_user("xena", password="x")
    kept = Person.objects.create(name="K", search_key="k")
    first = people.person_merge(keep=kept, absorb=Person.objects.create(name="K", search_key="k"), by=organizer)
    private = Person.objects.create(name="K", search_key="k", user=x_user, hidden=True)
    people.person_merge(keep=kept, absorb=private, by=x_user)
    kept.refresh_from_db()
    assert kept.hidden and kept.user_id == x_user.pk
    people.person_merge_undo(merge=first, by=organizer)
    kept.refresh_from_db()
    assert kept.hidden is True


def test_a_restored_entry_naming_an_account_by_username_only_asks_them(client, holder):
    """A backup's `user` names an account here by its username: the restored entry neither becomes that
    account's (its holder acting as it, mailed as it) nor joins their record; they are asked, as when an
    organizer registers their person, and their rating moves only once they say yes."""
    from tournaments.access import acting_player
    from tournaments.backup import export_event, import_event
    from tournaments.models import Event

    _, token = make_user("stranger")
    event, _ = played_event(Api(client, token), [{"name": "Mallory", "faction": "guild"},
                                                 {"name": "Shill", "faction": "outcasts"}], "Throwaway",
                            "2017-04-01", vp=(0, 8))
    data = export_event(Event.objects.get(pk=event["id"]))
    for entry in data["players"]:
        entry["person"] = None
        if entry["name"] == "Mallory":
            entry["user"] = "ada"  # forged: the file says the entry is Ada's account's
    copy = import_event(data)
    restored = copy.players.get(name="Mallory")
    assert restored.user_id is None and restored.person_id != holder["person"].pk
    link = PendingLink.objects.get(entry=restored)
    assert link.person == holder["person"]
    assert acting_player(copy, user=holder["user"]) is None  # her account does not act as that entry
    rating_store.ratings_refresh("M2E")
    assert Rating.objects.get(person=holder["person"]).games == 1
    assert holder["api"].post(f"/api/people/links/{link.pk}/confirm/")[0] == 200
    assert copy.players.get(name="Mallory").person_id == holder["person"].pk
    rating_store.ratings_refresh("M2E")
    assert Rating.objects.get(person=holder["person"]).games == 2
