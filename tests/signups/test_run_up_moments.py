"""The event page's run-up follows the event's moment: before round 1 everything, signing up and paying
included; once started only what helps on the day (where, when, the day's schedule, whom to ask), nothing
about signing up, deadlines or paying; once finished only where it was held. English and French."""
from datetime import UTC, datetime, time

import pytest
from django.test import Client

from signups import announcements
from tests.factories import results_entered, round_paired
from tests.signups.helpers import open_event
from tournaments import services

VENUE = ("The Dice Cup", "12 High Street", "openstreetmap.org/search")
DAY = ("09:30 registration", "orla@example.org")
# What only the weeks before say: price, how to pay, places, deadline, crew lists, house rules, signing up,
# the calendar file; in each language.
BEFORE = {"en": ("Before the day", "£15", "How to pay", "Pay at diceup.example/shop", "of 16 taken", "Sign-ups close",
                 "Crew lists", "Three colours", "No proxies", "add to calendar", "/sign-up/", "/calendar.ics"),
          "fr": ("Avant le jour J", "£15", "Comment payer", "Pay at diceup.example/shop", "sur 16 prises",
                 "Fin des inscriptions", "Listes de crew", "Three colours", "No proxies", "ajouter à l’agenda",
                 "/sign-up/", "/calendar.ics")}
HEADING = {"day": {"en": "On the day", "fr": "Le jour J"},
           "after": {"en": "Where it was held", "fr": "Où s’est tenu l’événement"}}


def announced():
    event, organizer = open_event(players=4)
    announcements.announcement_update(
        event=event, by=organizer, venue="The Dice Cup", address="12 High Street, Leeds LS1 6DT", country="GB",
        starts_at=time(9, 30), ends_at=time(18, 0), price="£15", how_to_pay="Pay at diceup.example/shop", cap=16,
        deadline=datetime(2030, 3, 1, 18, 0, tzinfo=UTC), crew_lists="at_sign_up",
        schedule="09:30 registration\n10:00 round 1", contact="orla@example.org", painting_rules="Three colours",
        proxy_rules="No proxies")
    return event, organizer


def event_page(event, language):
    return Client().get(f"/e/{event.slug}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()


@pytest.mark.parametrize("language", ("en", "fr"))
def test_before_round_1_the_run_up_says_everything(db, language):
    event, _ = announced()
    page = event_page(event, language)
    for shown in (*VENUE, *DAY, *BEFORE[language]):
        assert shown in page, shown


@pytest.mark.parametrize("language", ("en", "fr"))
def test_on_the_day_it_says_only_what_helps_there(db, language):
    event, organizer = announced()
    round_paired(event, organizer)
    page = event_page(event, language)
    for shown in (HEADING["day"][language], *VENUE, *DAY, "18:00"):
        assert shown in page, shown
    for gone in BEFORE[language]:
        assert gone not in page, gone


@pytest.mark.parametrize("language", ("en", "fr"))
def test_once_finished_only_where_it_was_held(db, language):
    event, organizer = announced()
    for seed in ("1", "2", "3"):
        results_entered(round_paired(event, organizer, seed=seed), organizer)
    services.event_finish(event=event, by=organizer)
    page = event_page(event, language)
    for shown in (HEADING["after"][language], *VENUE):
        assert shown in page, shown
    for gone in (*DAY, *BEFORE[language], HEADING["day"][language], "18:00"):
        assert gone not in page, gone
