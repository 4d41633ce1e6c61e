"""Statistics of play through the pages: the site's, an event's and a series'; CSV; constant queries."""
from datetime import date

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from people import rating_store, tally_store
from people.series import series_create
from people.tally_store import played_sides
from ratings.tallies import FACTION, MIRROR, as_counts, from_counts, summed, tallies
from scoring.report import Report
from tests.factories import event_made, round_paired
from tournaments import services

pytestmark = pytest.mark.django_db
FACTIONS = ("guild", "arcanists", "neverborn", "guild")


@pytest.fixture
def user(db):
    return get_user_model().objects.create_user("org", password="x")


def played(user, name="Open", day=date(2017, 3, 18)):
    event = event_made(user, players=4, factions=FACTIONS, name=name, date=day)
    for _ in range(2):
        rnd = round_paired(event, user)
        for n, game in enumerate(rnd.games.select_related("round__event", "player_a", "player_b")):
            services.result_record(game=game, by=user, report=Report(outcome="played", vp_a=6 - n, vp_b=4 + n))
    services.event_finish(event=event, by=user)  # a series counts finished events
    rating_store.ratings_refresh("M2E")
    return event


def test_stored_tallies_are_the_pure_modules_and_the_edition_sums_the_events(user):
    first, second = played(user), played(user, name="Second", day=date(2017, 4, 1))
    for event in (first, second):
        expected = tallies(played_sides([event.pk])[event.pk], {"guild": 2, "arcanists": 1, "neverborn": 1})
        assert tally_store.event_tallies(event) == expected
    assert tally_store.edition_tallies("M2E") == from_counts(summed(
        [as_counts(tally_store.event_tallies(first)), as_counts(tally_store.event_tallies(second))]))
    assert any(kind in (FACTION, MIRROR) for kind, _k, _o in tally_store.edition_tallies("M2E"))
    second.round_set.all().delete()  # an event gone (its rounds first: entries with games are protected) ...
    second.delete()
    rating_store.ratings_due(edition="M2E", since=date(2017, 1, 1))
    rating_store.ratings_refresh("M2E")
    assert tally_store.edition_tallies("M2E") == tally_store.event_tallies(first)  # ... leaves nothing in the sums


def test_the_pages_show_each_table_with_its_chart_and_csv(client, user):
    event = played(user)
    series = series_create(by=user, name="S", edition="M2E", rolling_days=None)
    for path in ("/stats/M2E/", f"/e/{event.slug}/stats/", f"/series/{series.slug}/stats/"):
        page = client.get(path).content.decode()
        assert "Guild" in page and "<svg" in page and "Win rate by faction" in page, path
        assert "factions.csv" in page and "matchups.csv" in page
    csv = client.get("/stats/M2E/factions.csv")
    assert csv["Content-Type"].startswith("text/csv")
    lines = csv.content.decode().splitlines()
    assert lines[0].startswith("faction,players,share,games") and any(line.startswith("Guild,2,") for line in lines)
    assert client.get("/stats/M2E/nonsense.csv").status_code == 404
    assert client.get("/stats/M9E/").status_code == 404


def test_the_site_page_reads_in_a_constant_number_of_queries(client, user):
    played(user)
    with CaptureQueriesContext(connection) as few:
        client.get("/stats/M2E/")
    for n in range(3):
        played(user, name=f"More {n}", day=date(2017, 5, 1 + n))
    with CaptureQueriesContext(connection) as many:
        client.get("/stats/M2E/")
    assert len(many) == len(few)
