"""What docs/ratings.md promises of the profile and the series, through the API and on the pages alike."""
import re
from datetime import date, timedelta

from drf_spectacular.generators import SchemaGenerator

from people import rating_store, selectors
from people.models import Person
from people.series import series_create, standings
from tests.factories import event_made, new_event, play_round, results_entered, round_paired
from tournaments import services
from tournaments.models import Player
from tournaments.templatetags.game_names import rating as rating_shown

FACTIONS = ("guild", "arcanists", "neverborn", "outcasts")


def finished(user, *, name, day, players=8, rounds=3):
    event = event_made(user, players=players, factions=FACTIONS, name=name, rounds=rounds, date=day)
    for _ in range(rounds):
        results_entered(round_paired(event, user), user)
    services.event_finish(event=event, by=user)
    return event


def test_the_series_api_lists_every_event_counted_with_its_winners_points(organizer, anon_api):
    user = organizer[0]
    counted = finished(user, name="Counted", day=date.today() - timedelta(days=30))
    small = finished(user, name="Small", day=date.today() - timedelta(days=20), players=6)
    series = series_create(by=user, name="South", edition="M2E")
    status, read = anon_api.get(f"/api/series/{series.slug}/")
    assert status == 200
    assert read["events"] == [
        {"id": small.pk, "name": "Small", "slug": small.slug, "date": small.date.isoformat(), "players": 6,
         "rounds": 3, "winner_points": None},  # too few players to count
        {"id": counted.pk, "name": "Counted", "slug": counted.slug, "date": counted.date.isoformat(), "players": 8,
         "rounds": 3, "winner_points": 92}]


def test_the_series_lists_only_events_inside_its_window_on_the_page_and_in_the_api(organizer, anon_api, client):
    user = organizer[0]
    old = finished(user, name="Long Ago", day=date.today() - timedelta(days=420))
    recent = finished(user, name="Lately", day=date.today() - timedelta(days=30))
    series = series_create(by=user, name="Rolling", edition="M2E")  # a rolling 365 days
    listed = [event["id"] for event in anon_api.get(f"/api/series/{series.slug}/")[1]["events"]]
    assert listed == [recent.pk]
    page = client.get(f"/series/{series.slug}/").content.decode()
    assert "Lately" in page and "Long Ago" not in page
    # The window's own edges: 365 days before `on` is out, 364 in; after `on`, out.
    on = recent.date + timedelta(days=1)
    assert [e.pk for e, _w in standings(series, on=old.date + timedelta(days=365))["events"]] == []
    assert [e.pk for e, _w in standings(series, on=old.date + timedelta(days=364))["events"]] == [old.pk]
    assert [e.pk for e, _w in standings(series, on=on)["events"]] == [recent.pk]
    every = series_create(by=user, name="Every", edition="M2E", rolling_days=None)
    assert [e.pk for e, _w in standings(every)["events"]] == [recent.pk, old.pk]
    assert [e.pk for e, _w in standings(every, on=recent.date - timedelta(days=1))["events"]] == [old.pk]


def test_profile_games_carry_the_opponents_faction_and_none_for_a_bye(api, anon_api):
    status, event = api.post("/api/events/", {"name": "Odd", "date": "2017-03-18", "format": "gg2017"})
    for n, faction in enumerate(("guild", "arcanists", "neverborn")):
        assert api.post(f"/api/events/{event['id']}/players/", {"name": f"P{n}", "faction": faction})[0] == 201
    for _ in range(3):
        play_round(api, event, vp=(7, 3))
    factions = dict(Player.objects.filter(event_id=event["id"]).values_list("name", "faction"))
    for player in Player.objects.filter(event_id=event["id"]):
        games = anon_api.get(f"/api/people/{player.person_id}/")[1]["games"]
        assert len(games) == 3
        byes = [g for g in games if g["opponent"] is None]
        assert len(byes) == 1 and byes[0]["opponent_faction"] is None
        assert all(g["opponent_faction"] == factions[g["opponent"]] for g in games if g["opponent"])


def test_the_profile_api_gives_the_rating_after_each_day_played_as_the_page_does(api, anon_api, client):
    first, ids = new_event(api, players=4)
    play_round(api, first, vp=(7, 3))
    assert api.post(f"/api/events/{first['id']}/finish/")[0] == 200  # only finished events are rated
    people = [Player.objects.get(pk=i).person_id for i in ids]
    status, second = api.post("/api/events/", {"name": "Later", "date": "2017-04-22", "format": "gg2017"})
    for n, person in enumerate(people):
        assert api.post(f"/api/events/{second['id']}/players/", {"name": f"Player {n}", "faction": "guild",
                                                                 "person": person})[0] == 201
    play_round(api, second, vp=(2, 8))
    assert api.post(f"/api/events/{second['id']}/finish/")[0] == 200
    rating_store.ratings_refresh("M2E")
    person = Person.objects.get(pk=people[0])
    status, profile = anon_api.get(f"/api/people/{person.pk}/")
    history = profile["ratings"][0]["history"]
    steps = selectors.profile(person)["steps"]["M2E"]
    assert history == [{"date": day.isoformat(), "rating": shown, "games": games} for day, shown, games in steps]
    assert [h["date"] for h in history] == ["2017-03-18", "2017-04-22"] and [h["games"] for h in history] == [1, 2]
    assert history[-1]["rating"] == profile["ratings"][0]["rating"]
    page = client.get(f"/people/{person.pk}/").content.decode()
    table = re.findall(r"<tr><td>[^<]*</td><td>([^<]*)</td><td>(\d+)</td></tr>", page)
    assert table == [(rating_shown(h["rating"]), str(h["games"])) for h in history]
    private = Person.objects.get(pk=people[1])  # read for the first time once private
    Person.objects.filter(pk=private.pk).update(hidden=True)
    hidden = anon_api.get(f"/api/people/{private.pk}/")[1]
    assert hidden["ratings"] == [] and hidden["games"] == [] and hidden["person"]["name"] == private.name


def test_the_schema_documents_the_new_fields():
    parts = SchemaGenerator().get_schema(request=None, public=True)["components"]["schemas"]
    assert {"id", "name", "slug", "date", "players", "rounds", "winner_points"} <= set(
        parts["SeriesEvent"]["properties"])
    assert "events" in parts["SeriesStandings"]["properties"]
    assert "opponent_faction" in parts["ProfileGame"]["properties"]
    assert {"date", "rating", "games"} <= set(parts["RatingStep"]["properties"])
    assert "history" in parts["ProfileRating"]["properties"]
