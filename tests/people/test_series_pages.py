"""Ranking series kept in the console and read by everyone."""
from datetime import date, timedelta

import pytest
from django.contrib.auth import get_user_model

from people.models import Series
from people.series import series_create, standings
from ratings.series import placement_points
from scoring.problems import Invalid
from tests.factories import event_made, results_entered, round_paired
from tournaments import services

pytestmark = pytest.mark.django_db
FACTIONS = ("guild", "arcanists", "neverborn", "outcasts")


@pytest.fixture
def organizer(client):
    user = get_user_model().objects.create_user("org", password="x")
    client.force_login(user)
    return user


def finished(user, *, players=8, rounds=3, name="Open", day=None):
    event = event_made(user, players=players, factions=FACTIONS, name=name, rounds=rounds,
                       date=day or date.today() - timedelta(days=30))
    for _ in range(rounds):
        results_entered(round_paired(event, user), user)
    services.event_finish(event=event, by=user)
    return event


def test_a_series_adds_each_persons_placement_points(organizer):
    event = finished(organizer)
    finished(organizer, players=6, name="Too small")  # under 8 players: does not count
    series = series_create(by=organizer, name="UK Rankings", edition="M2E")
    read = standings(series)
    assert len(read["rows"]) == 8
    winner = event.players.get(place=1)
    top_row, top_person = read["rows"][0]
    assert top_person == winner.person and top_row.total == placement_points(1, 8, 3) == 92
    assert [w for e, w in read["events"] if e.name == "Too small"] == [None]


def test_the_rolling_year_and_the_list_of_events_choose_what_counts(organizer):
    old = finished(organizer, name="Old", day=date.today() - timedelta(days=400))
    recent = finished(organizer, name="Recent")
    rolling = series_create(by=organizer, name="Rolling", edition="M2E")
    assert {r.counted[0].event for r, _p in standings(rolling)["rows"]} == {recent.pk}
    listed = series_create(by=organizer, name="Listed", edition="M2E", rolling_days=None, events=[old.pk])
    assert {r.counted[0].event for r, _p in standings(listed)["rows"]} == {old.pk}


@pytest.mark.parametrize("wrong", [{"best_of": 0}, {"starts": date(2026, 5, 1), "ends": date(2026, 1, 1)},
                                      {"points": {"by_rounds": {"3": "x"}}}, {"points": []},
                                      {"points": {"by_rounds": {"3": 10}, "minimum": 50}}, {"events": [999999]},
                                      {"edition": "M9E"}, {"name": ""}])
def test_a_series_that_cannot_work_is_refused_and_not_saved(organizer, wrong):
    with pytest.raises(Invalid):
        series_create(by=organizer, **{"name": "S", "edition": "M2E", **wrong})
    assert not Series.objects.exists()


def test_the_console_creates_a_series_with_the_uk_scheme_and_everyone_reads_it(client, organizer):
    event = finished(organizer)
    form = client.get("/console/series/").content.decode()
    assert 'value="100"' in form and 'value="120"' in form and 'value="365"' in form
    response = client.post("/console/series/", {
        "name": "South West", "edition": "M2E", "best_of": 5, "rolling_days": 365, "winner_3": 100,
        "winner_4": 110, "winner_5": 120, "minimum": 5, "full_field": 16, "min_players": 8,
        "events": f"https://example.org/e/{event.slug}/"})
    assert response.status_code == 302
    series = Series.objects.get()
    assert list(series.events.all()) == [event]
    client.logout()
    page = client.get(f"/series/{series.slug}/").content.decode()
    assert "South West" in page and "92" in page and event.name in page
    assert client.get("/series/").status_code == 200


def test_only_its_keepers_change_a_series(client, organizer):
    series = series_create(by=organizer, name="Mine", edition="M2E")
    other = get_user_model().objects.create_user("other", password="x")
    client.force_login(other)
    assert client.get(f"/console/series/{series.slug}/").status_code == 403
    client.force_login(organizer)
    assert client.post(f"/console/series/{series.slug}/", {"name": "Mine", "edition": "M2E", "best_of": 5,
                       "rolling_days": "", "winner_3": 100, "winner_4": 110, "winner_5": 120, "minimum": 5,
                       "full_field": 16, "min_players": 8, "events": "no-such-event"}).status_code == 200
    assert Series.objects.get().rolling_days == 365  # refused: unchanged


def test_the_console_keeps_a_points_table_made_for_other_rounds(client, organizer):
    series = series_create(by=organizer, name="Long", edition="M2E", points={
        "by_rounds": {"3": 100, "6": 130, "7": 140}, "minimum": 5, "full_field": 16, "min_players": 8})
    response = client.post(f"/console/series/{series.slug}/", {
        "name": "Long", "edition": "M2E", "best_of": 5, "rolling_days": 365, "winner_3": 90, "winner_4": 110,
        "winner_5": 120, "minimum": 5, "full_field": 16, "min_players": 8, "events": ""})
    assert response.status_code == 302
    assert Series.objects.get().points["by_rounds"] == {"3": 90, "4": 110, "5": 120, "6": 130, "7": 140}


def test_an_events_size_counts_only_those_ranked(organizer):
    """Ten registered, two never came (marked absent, never paired): the event is one of 8, as its standings
    rank 8, so its winner scores the UK table's 100 less 8 under 16 (not 94, a field of 10) and its last who
    played the table's 5, every place between in even steps (docs/ratings.md)."""
    event = event_made(organizer, players=10, factions=FACTIONS, name="With no-shows", rounds=3,
                       date=date.today() - timedelta(days=30))
    away = list(event.players.order_by("pk"))[-2:]
    for player in away:
        services.player_mark_absent(player=player, by=organizer)
    for _ in range(3):
        results_entered(round_paired(event, organizer), organizer)
    services.event_finish(event=event, by=organizer)
    places = dict(event.players.values_list("person", "place"))
    assert [places[p.person_id] for p in away] == [None, None]
    ranked = sorted(place for place in places.values() if place)
    assert len(ranked) == 8 and ranked[0] == 1 and ranked[-1] <= 8

    def uk(place):  # 92 for the winner of 8 down to 5 for the eighth, rounded half up
        return int(5 + (92 - 5) * (8 - place) / 7 + 0.5)

    read = standings(series_create(by=organizer, name="Counted", edition="M2E"))
    assert {person.pk: row.total for row, person in read["rows"]} == {
        person: uk(place) for person, place in places.items() if place}
    assert [w for e, w in read["events"] if e.pk == event.pk] == [92]
    assert uk(1) == 92 and uk(8) == 5
