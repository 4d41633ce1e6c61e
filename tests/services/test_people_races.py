"""People's writes that race each other end in an answer (done, or a 409 with its code), never a 500, on
PostgreSQL's row locks and unique indexes (SQLite's writes take turns, so these races cannot happen there)."""
from functools import partial

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from people import services as people
from people.models import Person, Series
from people.series import series_create
from signups.services import signup_request
from tests.factories import event_made
from tests.services.test_races import race
from tournaments import services
from tournaments.models import Player

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks: PostgreSQL (CI's second pass)")
ATTEMPTS = 6


def test_two_first_entries_of_one_account_at_once_make_one_person(transactional_db):
    organizer = get_user_model().objects.create_user("orla", password="-")
    for attempt in range(ATTEMPTS):
        ada = get_user_model().objects.create_user(f"ada{attempt}", password="-")
        events = [event_made(organizer, players=0, name=f"Open {attempt} {n}", registration_open=True)
                  for n in range(2)]
        outcomes = race(*(partial(signup_request, event=event, user=ada, name="Ada",
                                  faction="guild") for event in events))
        assert outcomes == ["done", "done"], outcomes
        person = Person.objects.get(user=ada)
        assert set(Player.objects.filter(user=ada).values_list("person_id", flat=True)) == {person.pk}


def test_two_series_of_one_name_at_once_are_one_series_and_a_409(transactional_db):
    keeper = get_user_model().objects.create_user("kim", password="-")
    for attempt in range(ATTEMPTS):
        name = f"Nationals {attempt}"
        outcomes = race(*(partial(series_create, by=keeper, name=name, edition="M4E") for _ in range(2)))
        assert sorted(outcomes) in (["done", "done"], ["done", "series_name_taken"]), outcomes
        made = Series.objects.filter(name=name).count()
        assert made == outcomes.count("done")


def test_a_merge_racing_a_registration_of_the_kept_person_into_that_event_is_one_or_the_other(transactional_db):
    organizer = get_user_model().objects.create_user("orla", password="-")
    for attempt in range(ATTEMPTS):
        spring = event_made(organizer, players=0, name=f"Spring {attempt}")
        autumn = event_made(organizer, players=0, name=f"Autumn {attempt}")
        kept = services.player_register(event=spring, by=organizer, name="Kit", faction="guild").person
        absorbed = services.player_register(event=autumn, by=organizer, name="Kat", faction="guild").person
        outcomes = race(partial(people.person_merge, keep=kept, absorb=absorbed, by=organizer),
                        partial(services.player_register, event=autumn, by=organizer, name="Kit", faction="guild",
                                person=kept.pk))
        assert outcomes in (["done", "person_registered"], ["played_together", "done"]), outcomes
        # Whichever won, the kept person has at most one entry in the event.
        assert Player.objects.filter(event=autumn, person=kept).count() == 1
