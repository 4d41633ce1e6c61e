"""People and ratings through the API, as a ranking bot or an organizer's script calls it."""
import pytest

from people import rating_store
from people.models import Person, PersonRecord
from tests.factories import new_event, play_round, rejected
from tournaments.models import Player


def test_an_entry_registered_with_a_person_joins_their_profile(api):
    first, ids = new_event(api, players=2)
    person = Player.objects.get(pk=ids[0]).person_id
    status, second = api.post("/api/events/", {"name": "Autumn", "date": "2017-09-09", "format": "gg2017"})
    status, entry = api.post(f"/api/events/{second['id']}/players/", {"name": "Player 0", "faction": "guild",
                                                                     "person": person})
    assert status == 201 and entry["person"] == person
    answer = rejected(api, "POST", f"/api/events/{second['id']}/players/",
                      {"name": "Someone", "faction": "guild", "person": person}, 409)
    assert answer["errors"][0]["code"] == "person_registered"
    rejected(api, "POST", f"/api/events/{second['id']}/players/", {"name": "X", "faction": "guild",
                                                                  "person": "abc"}, 400)
    answer = rejected(api, "PATCH", f"/api/events/{second['id']}/players/{entry['id']}/", {"person": 1}, 400)
    assert answer["errors"][0]["attr"] == "person"


def test_a_profile_and_the_leaderboard_read_as_documented(api, anon_api):
    event, ids = new_event(api, players=4)
    play_round(api, event, vp=(7, 3))
    play_round(api, event, vp=(5, 5))
    assert api.post(f"/api/events/{event['id']}/finish/", {})[0] == 200  # only finished events are rated
    rating_store.ratings_refresh("M2E")
    person = Player.objects.get(pk=ids[0]).person_id
    status, profile = anon_api.get(f"/api/people/{person}/")
    assert status == 200 and profile["person"]["id"] == person
    assert len(profile["games"]) == 2 and {g["outcome"] for g in profile["games"]} <= {"win", "draw", "loss"}
    assert profile["ratings"][0]["games"] == 2 and profile["events"][0]["event"] == event["id"]
    status, board = anon_api.get("/api/ratings/M2E/?min=0")
    assert status == 200 and board["listed"] == 4 and len(board["rows"]) == 4
    assert [r["rating"] for r in board["rows"]] == sorted((r["rating"] for r in board["rows"]), reverse=True)
    status, found = anon_api.get("/api/people/?q=player")
    assert status == 200 and len(found) == 4


@pytest.mark.parametrize("query", ["min=x", "page=0", "page=-1", "min=1e9"])
def test_the_leaderboard_refuses_nonsense_with_400(anon_api, db, query):
    assert anon_api.get(f"/api/ratings/M2E/?{query}")[0] == 400


def test_unknown_editions_and_people(anon_api, db):
    assert anon_api.get("/api/ratings/M9E/")[0] == 400
    assert anon_api.get("/api/people/999999/")[0] == 404


def test_merging_through_the_api_is_recorded_and_undone(api):
    event, ids = new_event(api, players=1)
    status, other = api.post("/api/events/", {"name": "Autumn", "date": "2017-09-09", "format": "gg2017"})
    status, entry = api.post(f"/api/events/{other['id']}/players/", {"name": "P0", "faction": "guild"})
    keep = Player.objects.get(pk=ids[0]).person_id
    status, merge = api.post(f"/api/people/{entry['person']}/merge/", {"into": keep})
    assert status == 201 and merge["entries"] == [entry["id"]]
    assert api.get(f"/api/people/{entry['person']}/")[1]["person"]["id"] == keep  # answers as the person kept
    rejected(api, "POST", f"/api/people/{entry['person']}/merge/", {"into": keep}, 403)  # no entries left to act for
    rejected(api, "POST", f"/api/people/{keep}/merge/", {"into": 999999}, 400)
    rejected(api, "POST", f"/api/people/{keep}/merge/", {"into": "x"}, 400)
    status, _ = api.post(f"/api/people/merges/{merge['merge']}/undo/")
    assert status == 200 and Player.objects.get(pk=entry["id"]).person_id == entry["person"]
    rejected(api, "POST", f"/api/people/merges/{merge['merge']}/undo/", {}, 409)
    assert PersonRecord.objects.filter(action="person_merge_undone").count() == 1
    assert Person.objects.get(pk=entry["person"]).merged_into_id is None


def test_the_event_feed_holds_players_with_their_people_rounds_results_and_standings(api, anon_api, client,
                                                                                     settings):
    settings.PAGE_CACHE_GRACE_SECONDS = 0  # no second of grace: the change shows at once
    event, ids = new_event(api, players=4)
    play_round(api, event, vp=(7, 3))
    Person.objects.filter(pk=Player.objects.get(pk=ids[1]).person_id).update(hidden=True)
    status, feed = anon_api.get(f"/api/events/{event['id']}/feed/")
    assert status == 200 and feed["event"]["edition"] == "M2E"
    people = {p["id"]: p["person"] for p in feed["players"]}
    assert people[ids[0]] == Player.objects.get(pk=ids[0]).person_id and people[ids[1]] is None
    game = feed["rounds"][0]["games"][0]
    assert game["result"]["a"]["vp"] == 7 and game["result"]["outcome"] == "played"
    assert [s["rank"] for s in feed["standings"]][0] == 1
    first = client.get(f"/api/events/{event['id']}/feed/", headers={"Accept": "application/json"})
    tag = first["ETag"]
    again = client.get(f"/api/events/{event['id']}/feed/", headers={"Accept": "application/json",
                                                                   "If-None-Match": tag})
    assert tag and again.status_code == 304
    api.post(f"/api/events/{event['id']}/rounds/", {"seed": 3})
    changed = client.get(f"/api/events/{event['id']}/feed/", headers={"Accept": "application/json",
                                                                     "If-None-Match": tag})
    assert changed.status_code == 200 and len(changed.json()["rounds"]) == 2


def test_a_series_reads_through_the_api_with_its_standings(api, anon_api):
    event, ids = new_event(api, players=8)
    for _ in range(3):
        play_round(api, event, vp=(7, 3))
    assert api.post(f"/api/events/{event['id']}/finish/")[0] == 200
    status, series = api.post("/api/series/", {"name": "South", "edition": "M2E", "rolling_days": None})
    assert status == 201
    status, read = anon_api.get(f"/api/series/{series['slug']}/")
    assert status == 200 and len(read["standings"]) == 8
    assert read["standings"][0]["points"] == 92 and read["standings"][0]["counted"][0]["event"] == event["id"]
    rejected(api, "POST", "/api/series/", {"name": "X", "edition": "M2E", "events": [2**70]}, 400)
    rejected(api, "POST", "/api/series/", {"name": "X", "edition": "M2E", "points": {"by_rounds": {"3": 100.7}}},
             400)


@pytest.mark.parametrize("path", ["/api/people/?q=ab%00", "/api/ratings/M2E/?faction=%00",
                                  "/api/ratings/M2E/?country=%00x", "/api/people/?q=" + "%EF%B7%BA" * 60])
def test_odd_characters_in_a_query_never_give_a_500(anon_api, db, path):
    assert anon_api.get(path)[0] in (200, 400)


@pytest.mark.parametrize("format_key, edition", [("m3e", "M3E"), ("m4e-gg0", "M4E")])
def test_every_edition_through_the_product_reaches_ratings_series_and_statistics(api, anon_api, client, format_key,
                                                                               edition):
    from scoring.formats import get_format

    fmt = get_format(format_key)
    factions = [f.key for f in fmt.factions][:4]
    status, event = api.post("/api/events/", {"name": f"{edition} Open", "date": "2026-11-21",
                                              "format": format_key})
    for n in range(8):
        assert api.post(f"/api/events/{event['id']}/players/",
                        {"name": f"P{n}", "faction": factions[n % 4]})[0] == 201
    for _ in range(3):
        status, rnd = api.post(f"/api/events/{event['id']}/rounds/", {"seed": 5})
        for game in rnd["games"]:
            a = Player.objects.get(pk=game["player_a"])
            leaders = fmt.leaders.get(a.faction) or ()
            body = {"vp_a": 6, "vp_b": 2, **({"master_a": leaders[0].label} if leaders else {})}
            assert api.post(f"/api/games/{game['id']}/result/", body)[0] == 201, body
    assert api.post(f"/api/events/{event['id']}/finish/")[0] == 200
    rating_store.ratings_refresh(edition)
    status, board = anon_api.get(f"/api/ratings/{edition}/?min=3")
    assert status == 200 and board["listed"] == 8
    assert api.post("/api/series/", {"name": f"{edition} series", "edition": edition, "rolling_days": None})[0] == 201
    status, read = anon_api.get(f"/api/series/{edition.lower()}-series/")
    assert len(read["standings"]) == 8
    page = client.get(f"/stats/{edition}/").content.decode()
    assert fmt.factions[0].name in page
    if fmt.leaders:
        assert fmt.leaders[factions[0]][0].label in page  # the leaders reported


@pytest.mark.parametrize("edge", ["0001-01-01", "9999-12-31", "1999-12-31"])
def test_a_series_date_at_the_edges_is_refused_not_a_500(api, edge):
    """Issue 35: a series ending on 0001-01-01 answered 500 on its API and page (a year back overflowed)."""
    from tests.factories import rejected

    for attr in ("starts", "ends"):
        answer = rejected(api, "post", "/api/series/", {"name": "Edge", "edition": "M4E", attr: edge}, 400)
        assert answer["errors"][0]["attr"] == attr and answer["errors"][0]["code"] == "date_out_of_range"


def test_the_series_api_withholds_a_private_persons_id_and_events(api, anon_api):
    """Issue 35: the series page, the feed and the profile withheld them; GET /api/series/{slug}/ did not."""
    from people.models import Person
    from tournaments.models import Player

    event, ids = new_event(api, players=8)
    for _ in range(3):  # the points table counts events of eight players and three rounds or more
        play_round(api, event, vp=(7, 3))
    assert api.post(f"/api/events/{event['id']}/finish/")[0] == 200
    private = Player.objects.get(pk=ids[0]).person
    Person.objects.filter(pk=private.pk).update(hidden=True)
    slug = api.post("/api/series/", {"name": "Quiet", "edition": "M2E", "rolling_days": None})[1]["slug"]
    rows = anon_api.get(f"/api/series/{slug}/")[1]["standings"]
    mine = next(r for r in rows if r["name"] == private.name)
    assert mine["person"] is None and all(c["event"] is None for c in mine["counted"]) and mine["points"] > 0
    assert all(r["person"] is not None for r in rows if r["name"] != private.name)
