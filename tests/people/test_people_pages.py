"""People's public pages as a visitor reads them: a profile, a hidden one, a merged one, the leaderboard."""
import re
from datetime import date

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from people import rating_store
from people import services as people
from people.models import Person, Rating
from tests.factories import event_made, results_entered, round_paired
from tournaments import services

pytestmark = pytest.mark.django_db
FACTIONS = ("guild", "arcanists", "neverborn", "outcasts")


@pytest.fixture
def user(db):
    return get_user_model().objects.create_user("org", password="x")


@pytest.fixture
def history(user):
    """Two finished events with the same four people, rated."""
    first = None
    for n, day in enumerate((date(2017, 3, 18), date(2017, 6, 3))):
        event = event_made(user, players=4, factions=FACTIONS, name=f"Open {n}", date=day)
        if first is None:
            first = event
        else:
            for entry in event.players.all():
                people.person_merge(keep=first.players.get(name=entry.name).person, absorb=entry.person, by=user)
        for _ in range(2):
            results_entered(round_paired(event, user), user, vp=(7, 3))
        services.event_finish(event=event, by=user)
    rating_store.ratings_refresh("M2E")
    return first


def test_a_profile_lists_events_with_place_games_and_the_rating_chart(client, history):
    person = history.players.get(name="Player 0").person
    page = client.get(f"/people/{person.pk}/").content.decode()
    assert "Open 0" in page and "Open 1" in page
    assert page.count('class="outcome-') == 4  # four games, each with its score
    assert "<svg" in page and "<title>Rating of Player 0 in M2E" in page  # the chart, with its name
    assert "The figures as a table" in page  # and its alternative
    assert " of 4" in page  # place of four
    assert "<script" not in page.split("<main>")[1]


def test_a_profile_reads_in_a_constant_number_of_queries(client, history, user):
    person = history.players.get(name="Player 0").person
    with CaptureQueriesContext(connection) as few:
        client.get(f"/people/{person.pk}/")
    more = event_made(user, players=4, factions=FACTIONS, name="Open 2", date=date(2017, 9, 1))
    for entry in more.players.all():
        people.person_merge(keep=history.players.get(name=entry.name).person, absorb=entry.person, by=user)
    for _ in range(3):
        results_entered(round_paired(more, user), user)
    rating_store.ratings_refresh("M2E")
    with CaptureQueriesContext(connection) as many:
        client.get(f"/people/{person.pk}/")
    assert len(many) == len(few)


def test_a_merged_persons_address_leads_to_the_person_kept(client, history, user):
    spare = event_made(user, players=1, name="Later", date=date(2018, 1, 1)).players.get()
    keep = history.players.get(name="Player 0").person
    people.person_merge(keep=keep, absorb=spare.person, by=user)
    response = client.get(f"/people/{spare.person_id}/")
    assert response.status_code == 302 and response["Location"] == f"/people/{keep.pk}/"


def test_a_hidden_person_shows_by_name_only(client, history, user):
    person = history.players.get(name="Player 1").person
    people.person_hide(person=person, hidden=True, by=user)
    page = client.get(f"/people/{person.pk}/").content.decode()
    assert "Player 1" in page and "Open 0" not in page and "<svg" not in page
    board = client.get("/ratings/M2E/?min=0").content.decode()
    assert "Player 1" not in board and "3 players listed" in board  # no rating shown for a private profile


def test_the_leaderboard_ranks_by_rating_and_filters(client, history):
    board = client.get("/ratings/M2E/?min=0").content.decode()
    assert board.count("/people/") == 4
    assert "4 players listed" in board
    Person.objects.filter(pk=history.players.get(name="Player 2").person_id).update(country="FR")
    rating_store.ratings_due(edition="M2E", since=date(2017, 1, 1))
    rating_store.ratings_refresh("M2E")
    french = client.get("/ratings/M2E/?min=0&country=FR").content.decode()
    assert "1 player listed" in french and "Player 2" in french and "France" in french
    assert "Nobody has enough rated games yet" in client.get("/ratings/M2E/?min=5").content.decode()
    guild = client.get("/ratings/M2E/?min=0&faction=guild").content.decode()
    assert "1 player listed" in guild


@pytest.mark.parametrize("query", ["?min=abc", "?page=-4", "?faction=nonsense&country=ZZ", "?min=99999999999999"])
def test_the_leaderboard_shrugs_off_nonsense(client, history, query):
    assert client.get(f"/ratings/M2E/{query}").status_code == 200


def test_an_unknown_edition_or_person_is_not_found(client, db):
    assert client.get("/ratings/M9E/").status_code == 404
    assert client.get("/people/999999/").status_code == 404


def test_the_profile_links_its_addresses_as_the_urls_do(db):
    from django.urls import reverse

    from people.web import profile_link

    assert profile_link(42) == reverse("people:profile", args=[42])


def test_a_rating_below_zero_reads_with_a_minus_sign_not_a_hyphen(client, history):
    rated = Rating.objects.filter(edition="M2E", person__hidden=False).order_by("-shown").first()
    Rating.objects.filter(pk=rated.pk).update(shown=-3.24)
    cache.clear()  # the pages were rendered before the figure was changed by hand
    board = client.get("/ratings/M2E/?min=0").content.decode()
    profile = client.get(f"/people/{rated.person_id}/").content.decode()
    assert "\u22123.2" in board and "\u22123.2" in profile
    assert ">-3.2" not in board and ">-3.2" not in profile


def test_the_leaderboard_says_what_its_record_column_counts_in_both_languages(client, history):
    board = client.get("/ratings/M2E/?min=0").content.decode()
    assert "Record: won–drawn–lost." in board  # said above the table, which stays within a phone's width
    french = client.get("/ratings/M2E/?min=0", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Bilan : gagnées–nulles–perdues." in french


def test_dates_read_day_first_for_an_english_reader_and_a_french_one(client, history):
    person = history.players.get(name="Player 2").person_id
    english = client.get(f"/people/{person}/").content.decode()
    day = history.date
    assert f"{day.day} {day.strftime('%b')} {day.year}" in english  # "18 Mar 2017"
    assert not re.search(r"\b\d{1,2}/\d{1,2}/\d{4}\b", english)
    french = client.get(f"/people/{person}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert f"{day.day:02d}/{day.month:02d}/{day.year}" in french
