"""What a series counts: anyone may make an event, so only events its organizers run, run by organizers it
trusts, or listed by its organizers count (docs/ratings.md, "Ranking series")."""
import pytest
from django.contrib.auth import get_user_model

from people.series import series_create, series_events, series_update
from scoring.problems import Invalid
from tests.people.test_series_pages import finished

pytestmark = pytest.mark.django_db


@pytest.fixture
def users(db):
    make = get_user_model().objects.create_user
    return make("keeper", password="x"), make("friend", password="x"), make("stranger", password="x")


def test_an_event_nobody_vouched_for_does_not_count(users):
    keeper, friend, stranger = users
    own = finished(keeper, name="Own")
    friends = finished(friend, name="Friend's")
    finished(stranger, name="Throwaway")  # a fresh account's fake finished event
    series = series_create(by=keeper, name="Rankings", edition="M2E")
    assert set(series_events(series)) == {own}
    series_update(series=series, trusted=["friend"])
    assert set(series_events(series)) == {own, friends}
    listed = series_create(by=keeper, name="Listed", edition="M2E", events=[friends.pk])
    assert set(series_events(listed)) == {friends}  # a list admits exactly its events, whoever ran them


def test_a_stranger_adding_the_keeper_as_co_organizer_does_not_vouch_for_their_event(users):
    """Anyone may add anyone as a co-organizer of their own event, unasked: only who made it vouches."""
    keeper, _friend, stranger = users
    event = finished(stranger, name="Throwaway")
    event.organizers.add(keeper)
    series = series_create(by=keeper, name="Rankings", edition="M2E", trusted=["friend"])
    assert not series_events(series).exists()


def test_an_unknown_organizer_to_trust_is_refused_and_nothing_changes(users):
    keeper = users[0]
    series = series_create(by=keeper, name="Rankings", edition="M2E", trusted=["friend"])
    with pytest.raises(Invalid) as refused:
        series_update(series=series, trusted=["friend", "nobody-here"], best_of=3)
    assert refused.value.problems[0].code == "unknown_user"
    series.refresh_from_db()
    assert series.best_of == 5 and list(series.trusted.values_list("username", flat=True)) == ["friend"]


def test_the_api_and_the_console_set_whom_a_series_trusts(users, client):
    keeper = users[0]
    client.force_login(keeper)
    form = {"name": "Console series", "edition": "M2E", "best_of": 5, "rolling_days": 365, "winner_3": 100,
            "winner_4": 110, "winner_5": 120, "minimum": 5, "full_field": 16, "min_players": 8, "events": "",
            "trusted": "friend, stranger"}
    answer = client.post("/console/series/", form)
    assert answer.status_code == 302
    answer = client.get("/api/series/")
    assert answer.json()[0]["trusted"] == ["friend", "stranger"]
    form["trusted"] = "friend, ghost"
    answer = client.post(f"/console/series/{answer.json()[0]['slug']}/", form)
    assert answer.status_code == 200 and "No user is called ghost." in answer.content.decode()


def test_the_series_page_says_whose_events_count(users, client):
    keeper, friend, _stranger = users
    series = series_create(by=keeper, name="Rankings", edition="M2E", trusted=["friend"])
    assert "Finished events run by friend, keeper." in client.get(f"/series/{series.slug}/").content.decode()
    own = finished(keeper, name="Own")
    series_update(series=series, events=[own.pk])
    assert "Only the events the series' organizers listed." in client.get(
        f"/series/{series.slug}/").content.decode()
