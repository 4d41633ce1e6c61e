"""Issue 53: *My profile* and the console's series page are API calls too, with the page's rules (one
service behind both): a profile saved all or nothing by its own account, a series changed by staff or its
organizers only, the fields sent changing and the others staying, a refusal changing nothing."""
import pytest
from rest_framework.test import APIClient

from people.models import Person, PersonRecord, Series
from people.series import series_create
from tests.factories import Api, db_state, event_made, make_user
from tournaments import services


@pytest.fixture
def kim(db):
    user, token = make_user("kim")
    user.first_name = "Kim"
    user.save()
    return user, Api(APIClient(), token)


def test_a_profile_is_read_then_made_by_its_first_save(kim):
    user, api = kim
    assert api.get("/api/people/me/") == (200, {"person": None, "name": "Kim", "club": "", "country": "",
                                               "hidden": False})
    status, answer = api.call("PATCH", "/api/people/me/", {"club": "Dice Cup", "country": "FR"})
    person = Person.objects.get(user=user)
    assert status == 200 and answer == {"person": person.pk, "name": "Kim", "club": "Dice Cup", "country": "FR",
                                        "hidden": False}
    assert api.call("PATCH", "/api/people/me/", {"hidden": True})[1]["hidden"] is True
    person.refresh_from_db()
    assert (person.club, str(person.country), person.hidden) == ("Dice Cup", "FR", True), "the fields sent only"
    assert PersonRecord.objects.filter(person=person, action="person_hidden").exists()


@pytest.mark.parametrize("body, field", [({"country": "XX"}, "country"), ({"name": "K\u0000m"}, "name"),
                                         ({"name": ""}, "name"), ({"club": "c" * 101}, "club"),
                                         ({"hidden": "maybe"}, "hidden")])
def test_a_refused_profile_changes_nothing(kim, body, field):
    user, api = kim
    before = db_state()
    status, answer = api.call("PATCH", "/api/people/me/", body)
    assert status == 400 and field in str(answer), answer
    assert db_state() == before and not Person.objects.filter(user=user).exists()


def test_the_page_saves_through_the_same_service_all_or_nothing(kim, client):
    user, _api = kim
    client.force_login(user)
    page = client.post("/accounts/profile/", {"name": "Kim\u0007", "club": "", "country": ""})
    assert page.status_code == 200 and not Person.objects.filter(user=user).exists(), "refused: no person made"
    assert client.post("/accounts/profile/", {"name": "Kim", "club": "", "country": "GB", "hidden": "on"}
                       ).status_code == 302
    assert Person.objects.get(user=user).hidden is True


def test_only_an_account_has_a_profile(db):
    event = event_made(make_user("org")[0], players=1)
    holder = Api(APIClient(), key=event.players.get().key)
    assert holder.get("/api/people/me/")[0] == 403
    assert holder.call("PATCH", "/api/people/me/", {"club": "x"})[0] == 403
    assert Api(APIClient()).get("/api/people/me/")[0] == 401


@pytest.fixture
def south(db):
    keeper, token = make_user("keeper")
    series = series_create(by=keeper, name="South", edition="M3E", best_of=4)
    return series, Api(APIClient(), token)


def test_a_series_organizer_changes_the_fields_sent(south):
    series, api = south
    event = services.event_create(user=series.organizers.get(), name="Cup", date="2026-01-10", format="m3e")
    status, answer = api.call("PATCH", f"/api/series/{series.slug}/", {"best_of": 6, "events": [event.pk]})
    assert status == 200 and answer["best_of"] == 6 and answer["events"] == [event.pk]
    series.refresh_from_db()
    assert (series.best_of, series.name, series.edition, series.rolling_days) == (6, "South", "M3E", 365)


@pytest.mark.parametrize("body, code", [({"starts": "2026-05-01", "ends": "2026-01-01"}, "dates_reversed"),
                                        ({"best_of": 0}, "min_value"), ({"edition": "M9E"}, "invalid_choice"),
                                        ({"events": [999999]}, "event_unknown")])
def test_a_refused_series_change_changes_nothing(south, body, code):
    series, api = south
    before = db_state()
    status, answer = api.call("PATCH", f"/api/series/{series.slug}/", body)
    assert status == 400 and code in str(answer), answer
    assert db_state() == before


def test_only_staff_or_the_series_organizers_change_it(south):
    series, _api = south
    stranger = Api(APIClient(), make_user("stranger")[1])
    assert stranger.call("PATCH", f"/api/series/{series.slug}/", {"best_of": 2})[0] == 403
    assert Api(APIClient()).call("PATCH", f"/api/series/{series.slug}/", {"best_of": 2})[0] == 401
    assert stranger.call("PATCH", "/api/series/nowhere/", {"best_of": 2})[0] == 404
    staff, token = make_user("staff")
    staff.is_staff = True
    staff.save()
    assert Api(APIClient(), token).call("PATCH", f"/api/series/{series.slug}/", {"best_of": 2})[0] == 200
    assert Series.objects.get(pk=series.pk).best_of == 2
