"""Statistics of play through the API: the same numbers as the pages' CSV files (read both through the client, so a
table built or rounded differently in either shows), the 404s the pages give, 400 for an unknown edition, and
public cached reads that move on with the ratings' refresh."""
import csv
import io

import pytest
from drf_spectacular.generators import SchemaGenerator

from gaininggrounds.http_cache import PEOPLE, declared
from people import rating_store
from tests.factories import new_event

TABLES = ("factions", "leaders", "strategies", "deployments", "schemes", "matchups")
FACTIONS = ("guild", "arcanists", "neverborn", "guild")
POOL = ["claim-jump", "frame-for-murder", "accusation", "show-of-force", "search-the-ruins"]
MASTERS = {"guild": "Lady Justice", "arcanists": "Rasputina", "neverborn": "Pandora"}
JSON = {"Accept": "application/json"}


def shown(rate):
    """A rate as the CSV writes it: whole percents, a narrow no-break space."""
    return "" if rate is None else f"{100 * rate:.0f}\u202f%"


def interval(cells):
    return "" if cells["interval"] is None else \
        f"{100 * cells['interval']['low']:.0f}–{100 * cells['interval']['high']:.0f}\u202f%"


def rate(cells):
    """A row's rate columns as the CSV holds them."""
    return [str(cells["games"]), str(cells["wins"]), str(cells["draws"]), str(cells["losses"]),
            shown(cells["win_rate"]), interval(cells)]


def as_csv(table: str, read: dict) -> list[list[str]]:
    """The JSON answer's table as the rows (the header aside) of its CSV file."""
    if table == "factions":
        return [[r["name"], str(r["entries"]), shown(r["share"]), *rate(r), str(r["mirrors"])] for r in read[table]]
    if table == "leaders":
        return [[r["name"], r["faction_name"], *rate(r)] for r in read[table]]
    if table in ("strategies", "deployments"):
        return [[r["name"], f["name"], *rate(f)] for r in read[table] for f in r["factions"]]
    if table == "schemes":
        return [[r["name"], str(r["chosen"]), shown(r["scored_rate"]), f"{r['mean_vp']:.1f}", *rate(r)]
                for r in read[table]]
    grid = read["matchups"]
    return [[row["name"], *[next((shown(c["win_rate"]) for c in row["against"] if c["faction"] == column["key"]), "")
                            for column in grid["factions"]]] for row in grid["rows"]]


def csv_of(client, path: str) -> list[list[str]]:
    response = client.get(path)
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv"), path
    return list(csv.reader(io.StringIO(response.content.decode())))[1:]


@pytest.fixture
def played(api):
    """A GG2017 event of four players (two Guild), two rounds with Masters and schemes reported, one drawn
    game, finished and counted; a series of it. The event, the series' slug."""
    event, _ids = new_event(api, players=0)
    for n, faction in enumerate(FACTIONS):
        assert api.post(f"/api/events/{event['id']}/players/", {"name": f"P{n}", "faction": faction})[0] == 201
    factions = {p["id"]: p["faction"] for p in api.get(f"/api/events/{event['id']}/players/")[1]}
    for number, vp in ((1, (6, 2)), (2, (4, 4))):
        status, rnd = api.post(f"/api/events/{event['id']}/rounds/", {"seed": str(number), "scheme_pool": POOL})
        assert status == 201, rnd
        for game in rnd["games"]:
            body = {"vp_a": vp[0], "vp_b": vp[1], "master_a": MASTERS[factions[game["player_a"]]],
                    "master_b": MASTERS[factions[game["player_b"]]], "breakdown": {
                        "a": {"strategy": vp[0] - 2, "schemes": [{"scheme": "claim-jump", "vp": 2},
                                                                 {"scheme": "accusation", "vp": 0}]},
                        "b": {"strategy": vp[1] - 2 if vp[1] >= 2 else 0,
                              "schemes": [{"scheme": "show-of-force", "vp": min(vp[1], 2)}]}}}
            status, answer = api.post(f"/api/games/{game['id']}/result/", body)
            assert status == 201, answer
    assert api.post(f"/api/events/{event['id']}/finish/")[0] == 200
    rating_store.ratings_refresh("M2E")
    status, series = api.post("/api/series/", {"name": "South", "edition": "M2E", "rolling_days": None})
    assert status == 201, series
    return event, series["slug"]


def addresses(event: dict, series: str) -> list[tuple[str, str]]:
    """(the API's address, the page's) for the site, the event and the series."""
    return [("/api/stats/M2E/", "/stats/M2E/"), (f"/api/events/{event['id']}/stats/", f"/e/{event['slug']}/stats/"),
            (f"/api/series/{series}/stats/", f"/series/{series}/stats/")]


def test_every_table_holds_the_numbers_of_its_csv_file(played, anon_api, client):
    for api_path, page in addresses(*played):
        status, read = anon_api.get(api_path)
        assert status == 200 and read["edition"] == "M2E", (api_path, read)
        for table in TABLES:
            rows = csv_of(client, f"{page}{table}.csv")
            assert rows and as_csv(table, read) == rows, (api_path, table)


def test_the_numbers_are_typed_and_counted_as_the_games_were_played(played, anon_api):
    event, _series = played
    status, read = anon_api.get(f"/api/events/{event['id']}/stats/")
    assert (read["event"], read["name"], read["format"]) == (event["id"], event["name"], "gg2017")
    factions = {row["key"]: row for row in read["factions"]}
    assert [row["key"] for row in read["factions"]][0] == "guild" and factions["guild"]["entries"] == 2
    assert factions["guild"]["share"] == 0.5 and factions["arcanists"]["share"] == 0.25
    # Four games, two of each round: a faction's games and mirrors add up to its two players' four sides.
    assert sum(row["games"] + 2 * row["mirrors"] for row in read["factions"]) == 8
    for row in read["factions"]:
        assert all(type(row[field]) is int for field in ("entries", "games", "wins", "draws", "losses", "mirrors"))
        if row["games"]:
            assert row["wins"] + row["draws"] + row["losses"] == row["games"]
            assert row["win_rate"] == pytest.approx((row["wins"] + row["draws"] / 2) / row["games"])
            assert 0 <= row["interval"]["low"] <= row["win_rate"] <= row["interval"]["high"] <= 1
        else:
            assert row["win_rate"] is None and row["interval"] is None
    assert {row["name"] for row in read["leaders"]} == set(MASTERS.values())
    assert {row["faction"] for row in read["leaders"]} == set(MASTERS)
    schemes = {row["key"]: row for row in read["schemes"]}
    assert schemes["claim-jump"]["chosen"] == schemes["claim-jump"]["scored"] == 4  # side a of every game
    assert schemes["claim-jump"]["vp"] == 8 and schemes["claim-jump"]["mean_vp"] == 2.0
    assert schemes["accusation"]["scored"] == 0 and schemes["accusation"]["scored_rate"] == 0.0
    keys = [column["key"] for column in read["matchups"]["factions"]]
    assert keys == [row["faction"] for row in read["matchups"]["rows"]] == [row["key"] for row in read["factions"]]
    for row in read["matchups"]["rows"]:  # every other faction, the mirror left out
        assert [cell["faction"] for cell in row["against"]] == [key for key in keys if key != row["faction"]]


def test_a_one_win_record_has_wilsons_interval():
    """Hand-checked: one win in one game, z = 1.96: (1 + z²/2 - z·√(z²/4)) / (1 + z²) = 1 / (1 + z²)."""
    from people.api_statistics import RateSerializer
    from people.stats_tables import rate_cells
    from ratings.tallies import Tally

    read = RateSerializer(rate_cells(Tally(games=1, wins=1))).data
    assert read["win_rate"] == 1.0 and read["interval"]["high"] == 1.0
    assert read["interval"]["low"] == pytest.approx(1 / (1 + 1.959964 ** 2))
    assert RateSerializer(rate_cells(None)).data == {"games": 0, "wins": 0, "draws": 0, "losses": 0,
                                                     "win_rate": None, "interval": None}


def test_unknown_events_and_series_are_404_as_their_pages_and_an_unknown_edition_400(anon_api, client, db):
    for path in ("/api/events/999999/stats/", "/api/series/nowhere/stats/"):
        status, answer = anon_api.get(path)
        assert status == 404 and answer["errors"][0]["code"] == "not_found", path
    assert client.get("/e/nowhere/stats/").status_code == client.get("/series/nowhere/stats/").status_code == 404
    status, answer = anon_api.get("/api/stats/M9E/")
    assert status == 400 and answer["type"] == "validation_error"
    assert answer["errors"][0]["attr"] == "edition" and "M2E" in answer["errors"][0]["detail"]


def test_an_event_without_games_reads_empty_tables_as_its_page(api, anon_api, client):
    event, _ids = new_event(api, players=2)
    status, read = anon_api.get(f"/api/events/{event['id']}/stats/")
    assert status == 200 and client.get(f"/e/{event['slug']}/stats/").status_code == 200
    assert all(read[table] == [] for table in TABLES[:5])  # nothing counted before a refresh
    assert read["matchups"] == {"factions": [], "rows": []}


def test_the_answers_are_cached_public_reads_moved_on_by_the_refresh(played, api, anon_api, client, settings):
    settings.PAGE_CACHE_GRACE_SECONDS = 0  # no second of grace: the change shows at once
    event, series = played
    for api_path, _page in addresses(event, series):
        assert declared(api_path) == ((PEOPLE,), ())
        first = client.get(api_path, headers=JSON)
        again = client.get(api_path, headers=JSON)
        assert first["X-Cache"] == "miss" and again["X-Cache"] == "hit" and again.content == first.content
        assert first["Cache-Control"].startswith("public") and first["ETag"]
        assert client.get(api_path, headers={**JSON, "If-None-Match": first["ETag"]}).status_code == 304
    before = client.get("/api/stats/M2E/", headers=JSON)
    other, _ids = new_event(api, players=2, name="Autumn")
    rnd = api.post(f"/api/events/{other['id']}/rounds/", {"seed": "1", "scheme_pool": POOL})[1]
    assert api.post(f"/api/games/{rnd['games'][0]['id']}/result/", {"vp_a": 5, "vp_b": 1})[0] == 201
    assert api.post(f"/api/events/{other['id']}/finish/")[0] == 200  # the site counts finished events
    rating_store.ratings_refresh("M2E")
    after = client.get("/api/stats/M2E/", headers={**JSON, "If-None-Match": before["ETag"]})
    assert after.status_code == 200 and after["X-Cache"] == "miss"
    guild = next(row for row in after.json()["factions"] if row["key"] == "guild")
    assert guild["mirrors"] == next(r for r in before.json()["factions"] if r["key"] == "guild")["mirrors"] + 1


def test_the_schema_documents_the_tables_fields(db):
    schema = SchemaGenerator().get_schema(request=None, public=True)
    for path in ("/api/stats/{edition}/", "/api/events/{event_id}/stats/", "/api/series/{slug}/stats/"):
        assert schema["paths"][path]["get"]["summary"].endswith("statistics of play"), path
    components = schema["components"]["schemas"]
    assert {"win_rate", "interval", "entries", "share", "mirrors"} <= set(components["FactionRow"]["properties"])
    assert components["Interval"]["properties"]["low"]["type"] == "number"
    assert set(components["Statistics"]["properties"]) >= set(TABLES)
